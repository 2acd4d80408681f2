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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus_roundtrip),
		cmocka_unit_test(test_synthetic_roundtrip),
		cmocka_unit_test(test_edits),
		cmocka_unit_test(test_replace),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
