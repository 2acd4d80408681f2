/* lines: byte-exact round trips and edit operations. */
#include "testutil.h"

#include "yeok/lines.h"
#include "yeok/text.h"

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
	assert_int_equal(lines_line(&l, 1)->owned, 0);
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
	assert_ptr_equal(lines_get(&l, 0).p, buf + 3);
	assert_ptr_equal(lines_get(&l, 1).p, buf + 8);
	Str f;
	assert_true(lines_file(&l, &f));
	assert_ptr_equal(f.p, buf);
	assert_int_equal(f.n, n);
	assert_true(l.scan.valid);
	assert_int_equal(l.scan.crlf, 1);

	lines_splice(&l, 1, 0, 3, "TWO!", 4);
	assert_memory_equal(buf, text, n); /* the buffer is as it was read */
	assert_true(lines_get(&l, 1).p < buf || lines_get(&l, 1).p >= buf + n);
	assert_ptr_equal(lines_get(&l, 0).p, buf + 3);
	assert_ptr_equal(lines_get(&l, 2).p, buf + 12);
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

/* What the input checks should find in l, a byte at a time: the model
 * the one-pass scan is compared with. */
static LinesScan scan_model(const Lines *l)
{
	LinesScan m = {.valid = true};
	for (size_t i = 0; i < l->n; i++) {
		Str s = lines_get(l, i);
		bool ctrl = false;
		for (size_t k = 0; k < s.n; k++) {
			unsigned char c = (unsigned char)s.p[k];
			ctrl |= (c < 32 && c != '\t') || c == 127;
			if (c == 0 && !m.nul_line)
				m.nul_line = i + 1;
		}
		if (ctrl && !m.ctrl_line)
			m.ctrl_line = i + 1;
		if (!text_valid(s.p, s.n) && !m.bad_utf8++)
			m.first_bad = i + 1;
		m.crlf += lines_line(l, i)->eol == EOL_CRLF;
	}
	return m;
}

/* The scanned parse finds the lines' ends and what the checks want in
 * one pass (8 bytes at a time, a '\n' inside a word): on random texts of
 * plain, control, CR, LF, Hangul and invalid bytes, in runs shorter and
 * longer than a word, the same lines and the same scan as the unscanned
 * parse and a byte-at-a-time model (and lines_scan the same); the table
 * the lines and XFIT_ROOM's room. */
static void test_scan_random(void **state)
{
	(void)state;
	static const char *const piece[] = {
		"a", "Zq", "abcdefghijk", " ", "\t", "\n", "\n", "\r", "\r\n", "\0",
		"\x1b", "\x7f", "\xed\x95\x9c", "\xea\xb8\x80xyz", "\xff", "\xc0\xaf", "\x80",
		"\xed\xa0\x80", "0123456789012345",
	};
	uint64_t r = 99;
	Buf text = BUF_INIT;
	for (int round = 0; round < 3000; round++) {
		buf_clear(&text);
		size_t pieces = round == 0 ? 0 : (size_t)(r >> 40) % 200;
		for (size_t k = 0; k < pieces; k++) {
			r = r * 6364136223846793005ull + 1442695040888963407ull;
			const char *pc = piece[(r >> 33) % ARRAY_LEN(piece)];
			buf_add(&text, pc, pc[0] ? strlen(pc) : 1);
		}
		if (round == 1) /* more than 255 words of newlines: the count's lanes */
			for (int k = 0; k < 5000; k++)
				buf_add(&text, "\n", 1);
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		Lines a, b;
		lines_init(&a);
		lines_init(&b);
		lines_parse(&a, text.p ? text.p : "", text.len);
		Buf copy = BUF_INIT;
		buf_add(&copy, text.p ? text.p : "", text.len);
		lines_parse_buf_take_unscanned(&b, &copy);
		size_t nls = 0;
		for (size_t k = 0; k < text.len; k++)
			nls += text.p[k] == '\n';
		assert_int_equal(a.n, nls + 1);
		assert_int_equal(a.cap, XFIT_ROOM(a.n)); /* the lines and the room */
		assert_int_equal(b.n, a.n);
		for (size_t i = 0; i < a.n; i++) {
			assert_true(str_eq(lines_get(&a, i), lines_get(&b, i)));
			assert_int_equal(lines_line(&a, i)->eol, lines_line(&b, i)->eol);
		}
		LinesScan x = a.scan, y = scan_model(&b);
		assert_true(x.valid);
		LinesScan z = lines_scan(&b); /* the scan of lines already parsed */
		assert_true(z.valid && z.nul_line == y.nul_line && z.bad_utf8 == y.bad_utf8 &&
		            z.first_bad == y.first_bad && z.ctrl_line == y.ctrl_line && z.crlf == y.crlf);
		assert_int_equal(x.nul_line, y.nul_line);
		assert_int_equal(x.bad_utf8, y.bad_utf8);
		assert_int_equal(x.first_bad, y.first_bad);
		assert_int_equal(x.ctrl_line, y.ctrl_line);
		assert_int_equal(x.crlf, y.crlf);
		lines_release(&a);
		lines_release(&b);
	}
	buf_release(&text);
}

/* A Lines holds at most LINES_MAX_LINES lines (a Block's line numbers are
 * 32-bit): lines_fit says so naming the file, and lines_replace refuses
 * an edit past it before it changes anything (a store that says it holds
 * the most lines: its table is never read).  Every file read is far below
 * the bound. */
static void test_too_many_lines_refused(void **state)
{
	(void)state;
	assert_true(LINES_MAX_LINES <= (size_t)UINT32_MAX - 1);
	assert_true((size_t)FILE_MAX_BYTES + 1 <= LINES_MAX_LINES);
	Err e;
	err_init(&e);
	assert_true(lines_fit("big.rst", LINES_MAX_LINES - 2, 0, 2, &e));
	assert_false(lines_fit("big.rst", LINES_MAX_LINES - 2, 0, 3, &e));
	assert_string_equal(e.msg, "big.rst: more than 4294967294 lines");
	assert_int_equal(e.code, EXIT_DATAERR);
	assert_true(lines_fit("big.rst", LINES_MAX_LINES, 3, 3, NULL)); /* as many as it removes */
	assert_false(lines_fit("big.rst", LINES_MAX_LINES, 3, 4, NULL));
	Lines l;
	lines_init(&l);
	l.n = LINES_MAX_LINES;
	assert_false(lines_replace(&l, l.n - 1, 1, "a\nb", 3)); /* one line more */
	assert_int_equal(l.n, LINES_MAX_LINES);
	assert_null(l.v);
	lines_init(&l);
}

/* A Line is 12 bytes (where its bytes are, a 29-bit length, the terminator
 * and ownership packed with it, the view's memo); a parse sizes the table
 * to XFIT_ROOM(n) and edits keep every byte through the derived capacities
 * of owned lines; the owned lines' slots are used again when lines go. */
static void test_packed_line(void **state)
{
	(void)state;
	assert_int_equal(sizeof(Line), 12);
	assert_int_equal(LINES_MAX_LINE, (1u << 29) - 1);
	assert_true(FILE_MAX_BYTES <= LINES_MAX_LINE);
	assert_int_equal(lines_line_cap(0), 16);
	assert_int_equal(lines_line_cap(16), 16);
	assert_int_equal(lines_line_cap(17), 32);
	assert_int_equal(lines_line_cap(LINES_MAX_LINE), 1u << 29);

	Lines l;
	lines_init(&l);
	const char *text = "a\r\nbb\n\nccc";
	lines_parse(&l, text, strlen(text));
	assert_int_equal(l.n, 4);
	assert_int_equal(l.cap, XFIT_ROOM(4)); /* the lines and a little room */
	assert_int_equal(lines_line(&l, 0)->eol, EOL_CRLF);
	assert_int_equal(lines_line(&l, 1)->eol, EOL_LF);
	assert_int_equal(lines_line(&l, 3)->eol, EOL_NONE);
	assert_int_equal(lines_line(&l, 3)->n, 3);
	/* a line grown a byte at a time past several capacities, then shrunk
	 * and grown again: the bytes stay exact */
	char want[5000];
	size_t wn = 2;
	memcpy(want, "bb", 2);
	for (int i = 0; i < 4000; i++) {
		char c = (char)('a' + i % 26);
		lines_splice(&l, 1, lines_line(&l, 1)->n, lines_line(&l, 1)->n, &c, 1);
		want[wn++] = c;
		if (i % 997 == 0) { /* cut the middle out */
			size_t from = wn / 3, to = wn / 2;
			lines_splice(&l, 1, from, to, NULL, 0);
			memmove(want + from, want + to, wn - to);
			wn -= to - from;
		}
	}
	assert_int_equal(lines_line(&l, 1)->n, wn);
	assert_true(lines_line(&l, 1)->owned);
	assert_memory_equal(lines_get(&l, 1).p, want, wn);
	/* lines made and taken away: their slots are used again */
	size_t slots = l.own_n;
	for (int i = 0; i < 1000; i++) {
		lines_insert(&l, 2, "new", 3, EOL_LF);
		lines_split(&l, 2, 1, EOL_LF);
		assert_memory_equal(lines_get(&l, 2).p, "n", 1);
		assert_memory_equal(lines_get(&l, 3).p, "ew", 2);
		lines_join(&l, 2);
		lines_delete(&l, 2);
	}
	assert_true(l.own_n <= slots + 2);
	assert_memory_equal(lines_get(&l, 1).p, want, wn);
	assert_int_equal(lines_line(&l, 1)->eol, EOL_LF);
	/* a new line fits in the room; past it the table grows by an
	 * eighth, not doubling (the lines inserted here are taken out again) */
	lines_insert(&l, 0, "x", 1, EOL_LF);
	assert_int_equal(l.n, 5);
	assert_int_equal(l.cap, XFIT_ROOM(4));
	while (l.n <= XFIT_ROOM(4))
		lines_insert(&l, 1, "y", 1, EOL_LF);
	assert_true(l.cap > XFIT_ROOM(4) && l.cap <= XFIT_ROOM(4) + XFIT_ROOM(4) / 8 + 16);
	while (l.n > 5)
		lines_delete(&l, 1);
	check(&l);
	Buf out = BUF_INIT;
	lines_serialize(&l, &out);
	assert_int_equal(out.len, 2 + 3 + wn + 1 + 1 + 3); /* x, a, the grown line, "", ccc */
	buf_release(&out);
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
		assert_int_equal(lines_line(&a, i)->eol, lines_line(&b, i)->eol);
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

/* A model of the lines: one string and terminator a line, in order. */
typedef struct Model {
	char *p[8192];
	size_t n[8192];
	Eol eol[8192];
	size_t count;
} Model;

static void model_put(Model *m, size_t at, const char *p, size_t n, Eol eol)
{
	memmove(&m->p[at + 1], &m->p[at], (m->count - at) * sizeof(m->p[0]));
	memmove(&m->n[at + 1], &m->n[at], (m->count - at) * sizeof(m->n[0]));
	memmove(&m->eol[at + 1], &m->eol[at], (m->count - at) * sizeof(m->eol[0]));
	m->p[at] = xmemdup0(p, n);
	m->n[at] = n;
	m->eol[at] = eol;
	m->count++;
}

static void model_drop(Model *m, size_t at)
{
	free(m->p[at]);
	memmove(&m->p[at], &m->p[at + 1], (m->count - at - 1) * sizeof(m->p[0]));
	memmove(&m->n[at], &m->n[at + 1], (m->count - at - 1) * sizeof(m->n[0]));
	memmove(&m->eol[at], &m->eol[at + 1], (m->count - at - 1) * sizeof(m->eol[0]));
	m->count--;
}

/* The gap: random splits, joins, inserts, deletes and replaces, far apart
 * and close together, give the lines the model has (the table moves only
 * the lines between two edits; lines_check after each). */
static void test_gap_random(void **state)
{
	(void)state;
	static Model m;
	Lines l;
	lines_init(&l);
	lines_parse(&l, "a\nb\r\nc\n", 7);
	m.count = 0;
	model_put(&m, 0, "a", 1, EOL_LF);
	model_put(&m, 1, "b", 1, EOL_CRLF);
	model_put(&m, 2, "c", 1, EOL_LF);
	model_put(&m, 3, "", 0, EOL_NONE);
	uint64_t r = 12345;
	for (int step = 0; step < 4000 && m.count < 8000; step++) {
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		/* mostly near one place, now and then anywhere */
		size_t i = (size_t)(r >> 33) % l.n, op = (size_t)(r >> 20) % 5;
		if ((r >> 10) % 8)
			i = MIN(l.n - 1, l.n / 3 + (size_t)(r >> 50) % 4);
		char txt[16];
		int tn = snprintf(txt, sizeof txt, "%d", step);
		if (op == 0) {
			size_t at = m.n[i] / 2;
			Eol e = step % 3 ? EOL_LF : EOL_CRLF;
			lines_split(&l, i, at, e);
			model_put(&m, i + 1, m.p[i] + at, m.n[i] - at, m.eol[i]);
			m.n[i] = at;
			m.eol[i] = e;
		} else if (op == 1 && i + 1 < l.n) {
			lines_join(&l, i);
			char *j = xasprintf("%.*s%.*s", (int)m.n[i], m.p[i], (int)m.n[i + 1], m.p[i + 1]);
			Eol e = m.eol[i + 1];
			size_t jn = m.n[i] + m.n[i + 1];
			model_drop(&m, i + 1);
			free(m.p[i]);
			m.p[i] = j;
			m.n[i] = jn;
			m.eol[i] = e;
		} else if (op == 2) {
			size_t at = (size_t)(r >> 40) % (l.n + 1);
			lines_insert(&l, at, txt, (size_t)tn, EOL_LF);
			if (at == m.count) {
				m.eol[at - 1] = EOL_LF;
				model_put(&m, at, txt, (size_t)tn, EOL_NONE);
			} else {
				model_put(&m, at, txt, (size_t)tn, EOL_LF);
			}
		} else if (op == 3 && l.n > 1) {
			lines_delete(&l, i);
			model_drop(&m, i);
			m.eol[m.count - 1] = EOL_NONE;
		} else {
			size_t cnt = MIN(1 + (size_t)(r >> 45) % 2, l.n - i);
			bool end = i + cnt == l.n;
			char rep[32];
			int rn = snprintf(rep, sizeof rep, "x%d\ny\r\n%s", step, end ? "z" : "");
			assert_true(lines_replace(&l, i, cnt, rep, (size_t)rn));
			for (size_t k = 0; k < cnt; k++)
				model_drop(&m, i);
			model_put(&m, i, txt, 0, EOL_LF);
			free(m.p[i]);
			m.p[i] = xasprintf("x%d", step);
			m.n[i] = strlen(m.p[i]);
			model_put(&m, i + 1, "y", 1, EOL_CRLF);
			if (end)
				model_put(&m, i + 2, "z", 1, EOL_NONE);
		}
		Err e;
		err_init(&e);
		assert_true(lines_check(&l, &e));
		assert_int_equal(l.n, m.count);
		for (size_t k = 0; k < l.n; k++) {
			Str a = lines_get(&l, k);
			assert_int_equal(a.n, m.n[k]);
			assert_memory_equal(a.p, m.p[k], a.n);
			assert_int_equal(lines_line(&l, k)->eol, m.eol[k]);
		}
	}
	for (size_t k = 0; k < m.count; k++)
		free(m.p[k]);
	lines_release(&l);
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
		cmocka_unit_test(test_scan_random),
		cmocka_unit_test(test_packed_line),
		cmocka_unit_test(test_too_many_lines_refused),
		cmocka_unit_test(test_unscanned_parse),
		cmocka_unit_test(test_gap_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
