/* lines: byte-exact round trips and edit operations. */
#include "testutil.h"

#include "yeok/lines.h"

static void assert_roundtrip(const char *data, size_t n)
{
	Lines l;
	lines_init(&l);
	lines_parse(&l, data, n);
	Err e;
	err_init(&e);
	if (!lines_check(&l, &e))
		fail_msg("%s", e.msg);
	Buf out = BUF_INIT;
	lines_serialize(&l, &out);
	assert_int_equal(out.len, n);
	assert_int_equal(lines_size(&l), n);
	if (n)
		assert_memory_equal(out.p, data, n);
	buf_release(&out);
	lines_release(&l);
}

static void test_corpus_roundtrip(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	int files = 0;
	for (char **p = pairs; *p; p++) {
		for (int side = 0; side < 2; side++) {
			char *name = xasprintf("%s.%s.rst", *p, side ? "ko" : "en");
			size_t n;
			char *data = tu_corpus_file(name, &n);
			assert_roundtrip(data, n);
			files++;
			free(data);
			free(name);
		}
	}
	assert_int_equal(files, 60);
	tu_free_list(pairs);
}

static void test_synthetic_roundtrip(void **state)
{
	(void)state;
	static const struct {
		const char *data;
		size_t n;
	} cases[] = {
#define C(lit) {lit, sizeof(lit) - 1}
		C(""),
		C("\n"),
		C("no final newline"),
		C("a\r\nb\r\nc\r\n"),             /* CRLF */
		C("mixed\r\nendings\nhere\r\n"),  /* mixed */
		C("lone\rcr\n"),                  /* a lone CR is content */
		C("\xef\xbb\xbf제목\n===\n"),       /* BOM */
		C("\xef\xbb\xbf"),                /* BOM only */
		C("bad \xff\xfe utf8\n\xc0\n"),    /* invalid UTF-8 */
		C("tabs\there \t\ntrailing   \n"),
		C("nul\0byte\n"),
		C("\n\n\n"),
		C("\r\n"),
#undef C
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++)
		assert_roundtrip(cases[i].data, cases[i].n);
	/* a 1 MB single line */
	size_t big = 1 << 20;
	char *s = xmalloc(big);
	memset(s, 'x', big);
	assert_roundtrip(s, big);
	free(s);
}

static void check(const Lines *l)
{
	Err e;
	err_init(&e);
	if (!lines_check(l, &e))
		fail_msg("%s", e.msg);
}

static char *serialize(const Lines *l)
{
	Buf out = BUF_INIT;
	lines_serialize(l, &out);
	return buf_detach(&out);
}

static void test_edits(void **state)
{
	(void)state;
	Lines l;
	lines_init(&l);
	const char src[] = "title\r\n=====\r\n\r\nbody";
	lines_parse(&l, src, sizeof(src) - 1);
	assert_int_equal(l.n, 4);
	assert_int_equal(lines_default_eol(&l), EOL_CRLF);
	assert_true(str_eq_cstr(lines_get(&l, 0), "title"));

	lines_set(&l, 0, "제목", strlen("제목"));
	check(&l);
	lines_splice(&l, 3, 0, 0, "new ", 4);
	check(&l);
	char *s = serialize(&l);
	assert_string_equal(s, "제목\r\n=====\r\n\r\nnew body");
	free(s);

	lines_split(&l, 3, 3, EOL_CRLF);
	check(&l);
	assert_int_equal(l.n, 5);
	s = serialize(&l);
	assert_string_equal(s, "제목\r\n=====\r\n\r\nnew\r\n body");
	free(s);

	lines_join(&l, 3);
	check(&l);
	s = serialize(&l);
	assert_string_equal(s, "제목\r\n=====\r\n\r\nnew body");
	free(s);

	lines_insert(&l, l.n, "appended", 8, EOL_CRLF);
	check(&l);
	s = serialize(&l);
	assert_string_equal(s, "제목\r\n=====\r\n\r\nnew body\r\nappended");
	free(s);

	lines_delete(&l, l.n - 1);
	check(&l);
	lines_delete(&l, 1);
	check(&l);
	s = serialize(&l);
	assert_string_equal(s, "제목\r\n\r\nnew body");
	free(s);

	/* unmodified lines still borrow from the loaded text */
	assert_int_equal(l.v[1].cap, 0);
	lines_release(&l);
}

static void test_replace(void **state)
{
	(void)state;
	Lines l;
	lines_init(&l);
	lines_parse(&l, "a\nb\nc", strlen("a\nb\nc"));
	/* middle: the bytes must end in LF */
	assert_false(lines_replace(&l, 1, 1, "x", strlen("x")));
	assert_true(lines_replace(&l, 1, 1, "x\r\ny\n", strlen("x\r\ny\n")));
	check(&l);
	char *s = serialize(&l);
	assert_string_equal(s, "a\nx\r\ny\nc");
	free(s);
	/* to the end: the unterminated tail becomes the last line */
	assert_true(lines_replace(&l, 2, 2, "z\nend", strlen("z\nend")));
	check(&l);
	s = serialize(&l);
	assert_string_equal(s, "a\nx\r\nz\nend");
	free(s);
	/* delete everything: one empty line remains */
	assert_true(lines_replace(&l, 0, l.n, "", strlen("")));
	check(&l);
	assert_int_equal(l.n, 1);
	assert_int_equal(lines_size(&l), 0);
	/* out of range */
	assert_false(lines_replace(&l, 1, 1, "", strlen("")));
	lines_release(&l);
}

/* An adopted read buffer: the lines point into it, an edit gives the
 * edited line its own bytes and leaves the buffer the others point into
 * as it was; the parse's scan and lines_file hold until the first edit. */
static void test_adopted_buffer(void **state)
{
	(void)state;
	const char text[] = "\xef\xbb\xbfone\r\ntwo\nthree\n";
	size_t n = sizeof(text) - 1;
	Buf b = BUF_INIT;
	buf_add(&b, text, n);
	char *buf = b.p;
	Lines l;
	lines_init(&l);
	lines_parse_buf_take(&l, &b);
	assert_null(b.p); /* taken, not copied */
	assert_ptr_equal(l.base, buf);
	assert_int_equal(l.n, 4);
	assert_ptr_equal(l.v[0].p, buf + 3);
	assert_ptr_equal(l.v[1].p, buf + 8);
	Str f;
	assert_true(lines_file(&l, &f));
	assert_ptr_equal(f.p, buf);
	assert_int_equal(f.n, n);
	assert_true(l.scan.valid);
	assert_int_equal(l.scan.crlf, 1);

	lines_splice(&l, 1, 0, 3, "TWO!", 4);
	assert_memory_equal(buf, text, n); /* the buffer is as it was read */
	assert_true(l.v[1].p < buf || l.v[1].p >= buf + n);
	assert_ptr_equal(l.v[0].p, buf + 3);
	assert_ptr_equal(l.v[2].p, buf + 12);
	assert_false(lines_file(&l, &f)); /* changed: serialize */
	Buf out = BUF_INIT;
	lines_serialize(&l, &out);
	assert_string_equal(out.p, "\xef\xbb\xbfone\r\nTWO!\nthree\n");
	lines_join(&l, 1);
	lines_split(&l, 1, 4, EOL_LF);
	lines_delete(&l, 2);
	assert_memory_equal(buf, text, n);
	buf_release(&out);
	lines_release(&l);
}

/* The parse's scan is what scanning the lines again finds, and it says
 * where the first NUL, invalid UTF-8 and control character are. */
static void test_scan(void **state)
{
	(void)state;
	const char text[] = "ok\n\xed\x95\x9c\xea\xb8\x80\nbad \xff\nctl \x1b[m\nnul \0x\r\n"
	                    "\xc0\xaf\ttab\n";
	Lines l;
	lines_init(&l);
	lines_parse(&l, text, sizeof(text) - 1);
	LinesScan a = l.scan;
	assert_true(a.valid);
	assert_int_equal(a.nul_line, 5);
	assert_int_equal(a.bad_utf8, 2);
	assert_int_equal(a.first_bad, 3);
	assert_int_equal(a.ctrl_line, 4);
	assert_int_equal(a.crlf, 1);
	lines_splice(&l, 0, 0, 0, "x", 1);
	assert_false(l.scan.valid);
	LinesScan b = lines_scan(&l);
	assert_int_equal(b.nul_line, a.nul_line);
	assert_int_equal(b.bad_utf8, a.bad_utf8);
	assert_int_equal(b.first_bad, a.first_bad);
	assert_int_equal(b.ctrl_line, a.ctrl_line);
	assert_int_equal(b.crlf, a.crlf);
	lines_delete(&l, 4);
	assert_int_equal(lines_scan(&l).nul_line, 0);
	/* every byte of a long line is seen (the scan goes 8 bytes a time) */
	const char bytes[] = {'\x1b', '\0', '\x7f', '\x01', '\x1f', '\t', ' ', '~', '\x80'};
	for (size_t q = 0; q < sizeof(bytes); q++) {
		for (size_t at = 0; at < 27; at++) {
			char line[] = "2\nabcdefghijklmnopqrstuvwxyz\n";
			line[2 + at] = bytes[q];
			lines_parse(&l, line, sizeof(line) - 1);
			bool is_ctrl = q < 5;
			assert_int_equal(l.scan.ctrl_line, is_ctrl ? 2 : 0);
			assert_int_equal(l.scan.nul_line, q == 1 ? 2 : 0);
			assert_int_equal(l.scan.first_bad, bytes[q] == '\x80' ? 2 : 0);
		}
	}
	lines_release(&l);
}

/* The English of an open is parsed without the scan: the same lines, and
 * lines_scan gives what the scanned parse found. */
static void test_unscanned_parse(void **state)
{
	(void)state;
	const char text[] = "ok\n\xed\x95\x9c\nbad \xff\nctl \x1b[m\nnul \0x\r\nend";
	Lines a, b;
	lines_init(&a);
	lines_init(&b);
	lines_parse(&a, text, sizeof(text) - 1);
	Buf buf = BUF_INIT;
	buf_add(&buf, text, sizeof(text) - 1);
	lines_parse_buf_take_unscanned(&b, &buf);
	assert_false(b.scan.valid);
	assert_int_equal(a.n, b.n);
	for (size_t i = 0; i < a.n; i++) {
		assert_true(str_eq(lines_get(&a, i), lines_get(&b, i)));
		assert_int_equal(a.v[i].eol, b.v[i].eol);
	}
	LinesScan x = a.scan, y = lines_scan(&b);
	assert_true(x.valid && y.valid);
	assert_int_equal(x.nul_line, 5);
	assert_int_equal(y.nul_line, x.nul_line);
	assert_int_equal(y.bad_utf8, x.bad_utf8);
	assert_int_equal(y.first_bad, x.first_bad);
	assert_int_equal(y.ctrl_line, x.ctrl_line);
	assert_int_equal(y.crlf, x.crlf);
	Str f;
	assert_false(lines_file(&b, &f)); /* not known to be the file: serialized */
	Buf out = BUF_INIT;
	lines_serialize(&b, &out);
	assert_int_equal(out.len, sizeof(text) - 1);
	assert_memory_equal(out.p, text, out.len);
	buf_release(&out);
	lines_release(&a);
	lines_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_roundtrip),
		cmocka_unit_test(test_synthetic_roundtrip),
		cmocka_unit_test(test_edits),
		cmocka_unit_test(test_replace),
		cmocka_unit_test(test_adopted_buffer),
		cmocka_unit_test(test_scan),
		cmocka_unit_test(test_unscanned_parse),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
