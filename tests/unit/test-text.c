#define _XOPEN_SOURCE 700 /* wcwidth */
/* text: decoding, clusters, widths, rendering, normalization. */
#include "testutil.h"

#include "yeok/text.h"

#include <dirent.h>
#include <locale.h>
#include <wchar.h>

#define S(lit) lit, sizeof(lit) - 1

static size_t clusters(const char *s, size_t n)
{
	return text_count_graphemes(s, n);
}

static void test_decode_invalid(void **state)
{
	(void)state;
	int32_t cp;
	assert_int_equal(text_decode(S("한"), &cp), 3);
	assert_int_equal(cp, 0xd55c);
	assert_int_equal(text_decode(S("\xff"), &cp), 1);
	assert_int_equal(cp, -1);
	assert_int_equal(text_decode(S("\xc0\xaf"), &cp), 1); /* overlong */
	assert_int_equal(cp, -1);
	assert_int_equal(text_decode(S("\xed\xa0\x80"), &cp), 1); /* surrogate */
	assert_int_equal(cp, -1);
	assert_int_equal(text_decode("\xe2\x82", 2, &cp), 1); /* truncated */
	assert_int_equal(cp, -1);
	assert_true(text_valid(S("매개변수 parameter")));
	assert_false(text_valid(S("ab\xff")));
}

/* text_valid as text_decode's walk. */
static bool valid_by_decode(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if (cp < 0)
			return false;
	}
	return true;
}

/* The fast text_valid (8 ASCII bytes at a time, three-byte sequences
 * inline) says what the walk says: every lead byte from 0x80 with every
 * second byte and edge third bytes, alone or after 7 ASCII bytes (across
 * a word of 8), whole and cut inside it, with ASCII or Hangul after it. */
static void test_fast_valid_equals_decode(void **state)
{
	(void)state;
	static const unsigned char third[] = {0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xff};
	static const char *const tail[] = {"", "abcdefghij", "\xed\x95\x9c"};
	size_t checked = 0, valid = 0;
	char buf[32];
	for (unsigned lead = 0x80; lead <= 0xff; lead++) {
		for (unsigned b2 = 0; b2 <= 0xff; b2++) {
			for (size_t t = 0; t < sizeof(third); t++) {
				for (size_t pre = 0; pre < 10; pre += 7) {
					for (size_t ti = 0; ti < ARRAY_LEN(tail); ti++) {
						size_t n = 0;
						for (size_t k = 0; k < pre; k++)
							buf[n++] = 'x';
						buf[n++] = (char)lead;
						buf[n++] = (char)b2;
						buf[n++] = (char)third[t];
						buf[n++] = (char)0x80; /* a fourth byte for F0-F4 */
						memcpy(buf + n, tail[ti], strlen(tail[ti]));
						n += strlen(tail[ti]);
						for (size_t cut = pre + 1; cut <= n; cut = cut < pre + 4 ? cut + 1 : n + (cut == n)) {
							bool want = valid_by_decode(buf, cut);
							if (text_valid(buf, cut) != want)
								fail_msg("text_valid of %02x %02x %02x after %zu, %zu bytes: %d",
								         lead, b2, third[t], pre, cut, !want);
							checked++;
							valid += want;
						}
					}
				}
			}
		}
	}
	assert_true(valid > 1000 && valid < checked);
}

static void test_hangul_width(void **state)
{
	(void)state;
	assert_int_equal(text_width(S("한국어")), 6);
	assert_int_equal(clusters(S("한국어")), 3);
	assert_int_equal(text_width(S("DeviceMesh 시작하기")), 11 + 8);
	/* compatibility jamo and CJK punctuation are wide */
	assert_int_equal(text_width(S("ㅋ")), 2);
	assert_int_equal(text_width(S("「」")), 4);
	/* fullwidth forms */
	assert_int_equal(text_width(S("ＡＢ")), 4);
}

static void test_decomposed_hangul(void **state)
{
	(void)state;
	/* 한 as conjoining jamo U+1112 U+1161 U+11AB: one cluster, 2 columns */
	const char nfd[] = "\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab";
	assert_int_equal(clusters(nfd, 9), 1);
	assert_int_equal(text_width(nfd, 9), 2);
	Buf b = BUF_INIT;
	text_nfc(nfd, 9, &b);
	assert_string_equal(b.p, "한");
	buf_clear(&b);
	text_nfd(S("한"), &b);
	assert_int_equal(b.len, 9);
	assert_memory_equal(b.p, nfd, 9);
	buf_clear(&b);
	/* rendering composes, so ncurses gets a syllable it can draw */
	text_render_cluster(nfd, 9, 0, &b);
	assert_string_equal(b.p, "한");
	buf_release(&b);
}

static void test_emoji_and_marks(void **state)
{
	(void)state;
	/* family: man ZWJ woman ZWJ girl — one cluster, 2 columns */
	const char fam[] = "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7";
	assert_int_equal(clusters(fam, sizeof(fam) - 1), 1);
	assert_int_equal(text_width(fam, sizeof(fam) - 1), 2);
	/* flag: two regional indicators */
	assert_int_equal(clusters(S("\xf0\x9f\x87\xb0\xf0\x9f\x87\xb7")), 1);
	/* e + combining acute: one cluster, 1 column */
	assert_int_equal(clusters(S("e\xcc\x81")), 1);
	assert_int_equal(text_width(S("e\xcc\x81x")), 2);
	/* a lone combining mark is drawn on a dotted circle, 1 column */
	assert_int_equal(text_width(S("\xcc\x81")), 1);
	/* CR LF is one cluster */
	assert_int_equal(clusters(S("a\r\nb")), 3);
}

static void test_controls_and_invalid(void **state)
{
	(void)state;
	Buf b = BUF_INIT;
	/* ESC [ 2 J (clear screen) and an OSC title: drawn as ^[ */
	text_render(S("x\x1b[2J\x1b]0;pwned\x07y"), &b);
	assert_null(memchr(b.p, 0x1b, b.len));
	assert_null(memchr(b.p, 0x07, b.len));
	assert_string_equal(b.p, "x^[[2J^[]0;pwned^Gy");
	assert_int_equal(text_width(S("x\x1b[2J\x1b]0;pwned\x07y")), (int)b.len);
	buf_clear(&b);
	/* invalid byte: <ff>, 4 columns */
	text_render(S("a\xff" "b"), &b);
	assert_string_equal(b.p, "a<ff>b");
	assert_int_equal(text_width(S("a\xff" "b")), 6);
	buf_clear(&b);
	/* C1 control (U+009B, the 8-bit CSI) and a bidi override */
	text_render(S("\xc2\x9b" "a\xe2\x80\xae"), &b);
	assert_string_equal(b.p, "<U+009B>a<U+202E>");
	assert_int_equal(text_width(S("\xc2\x9b" "a\xe2\x80\xae")), 17);
	buf_clear(&b);
	/* zero-width space is visible */
	text_render(S("a\xe2\x80\x8b" "b"), &b);
	assert_string_equal(b.p, "a<U+200B>b");
	buf_clear(&b);
	/* tabs expand to the next stop */
	text_render(S("ab\tc"), &b);
	assert_string_equal(b.p, "ab      c");
	assert_int_equal(text_width(S("ab\tc")), 9);
	buf_clear(&b);
	/* sanitize keeps text, replaces controls */
	text_sanitize(S("file\x1b]0;x\x07.rst 한\n"), &b);
	assert_string_equal(b.p, "file^[]0;x^G.rst 한\n");
	/* ... and on one line, a line feed too (a file name cannot forge a
	 * finding or a workflow command of its own: issue 37 item 16) */
	buf_clear(&b);
	text_sanitize_line(S("a\nb.rst:1:1: error: x\n::error::y\t한"), &b);
	assert_string_equal(b.p, "a^Jb.rst:1:1: error: x^J::error::y\t한");
	buf_release(&b);
}

/* What goes to the system clipboard (OSC 52): nothing a terminal or a
 * shell acts on when it is pasted (issue 37 item 15). */
static void test_clipboard_safe(void **state)
{
	(void)state;
	Buf b = BUF_INIT;
	text_clipboard_safe(S("echo ok\x1b[201~rm -rf x\r\n\t한\x7f\xc2\x9b" "201~\x9b\rz\x01\n"), &b);
	assert_string_equal(b.p, "echo ok\xef\xbf\xbd[201~rm -rf x\n\t한\xef\xbf\xbd\xef\xbf\xbd"
	                         "201~\xef\xbf\xbd\xef\xbf\xbdz\xef\xbf\xbd\n");
	assert_null(memchr(b.p, 0x1b, b.len));
	/* plain text and Korean pass unchanged */
	buf_clear(&b);
	text_clipboard_safe(S("매개변수 `x`\n\tcode\n"), &b);
	assert_string_equal(b.p, "매개변수 `x`\n\tcode\n");
	buf_release(&b);
}

static void test_fit(void **state)
{
	(void)state;
	int used;
	bool trimmed;
	/* "ab한" in 3 columns: the syllable does not fit */
	size_t n = text_fit(S("ab한c"), 0, 3, &used, &trimmed);
	assert_int_equal(n, 2);
	assert_int_equal(used, 2);
	assert_true(trimmed);
	n = text_fit(S("ab한c"), 0, 4, &used, &trimmed);
	assert_int_equal(n, 5);
	assert_int_equal(used, 4);
	assert_true(trimmed);
	n = text_fit(S("ab한c"), 0, 10, &used, &trimmed);
	assert_int_equal(n, 6);
	assert_int_equal(used, 5);
	assert_false(trimmed);
	/* never splits a cluster */
	n = text_fit(S("e\xcc\x81" "f"), 0, 1, &used, &trimmed);
	assert_int_equal(n, 3);
}

static void test_grapheme_motion(void **state)
{
	(void)state;
	const char s[] = "a한e\xcc\x81\xff";
	size_t n = sizeof(s) - 1;
	size_t stops[8], k = 0;
	for (size_t i = 0; i < n; i = text_next_grapheme(s, n, i))
		stops[k++] = i;
	assert_int_equal(k, 4);
	assert_int_equal(stops[1], 1);
	assert_int_equal(stops[2], 4);
	assert_int_equal(stops[3], 7);
	assert_int_equal(text_prev_grapheme(s, n, n), 7);
	assert_int_equal(text_prev_grapheme(s, n, 7), 4);
	assert_int_equal(text_prev_grapheme(s, n, 4), 1);
	assert_int_equal(text_prev_grapheme(s, n, 1), 0);
}

static void test_casefold(void **state)
{
	(void)state;
	Buf b = BUF_INIT;
	text_casefold(S("Parameter TENSOR"), &b);
	assert_string_equal(b.p, "parameter tensor");
	buf_clear(&b);
	text_casefold(S("Straße 매개변수"), &b);
	assert_string_equal(b.p, "strasse 매개변수");
	buf_clear(&b);
	text_casefold(S("A\xff" "B"), &b); /* invalid byte kept */
	assert_memory_equal(b.p, "a\xff" "b", 3);
	buf_release(&b);
}

static void test_classes_and_words(void **state)
{
	(void)state;
	assert_true(text_is_hangul(0xd55c));
	assert_true(text_is_hangul(0x1112));
	assert_false(text_is_hangul('a'));
	assert_true(text_is_letter(0xd55c));
	assert_true(text_is_punct('.'));
	assert_true(text_is_wide(0xac00));
	const char s[] = "매개변수를 설정합니다. next";
	size_t n = sizeof(s) - 1;
	size_t w1 = text_word_next(s, n, 0);
	assert_int_equal(w1, strlen("매개변수를 "));
	size_t w2 = text_word_next(s, n, w1);
	assert_int_equal(w2, strlen("매개변수를 설정합니다"));
	assert_int_equal(text_word_prev(s, n, n), strlen("매개변수를 설정합니다. "));
	assert_int_equal(text_word_prev(s, n, w1), 0);
}


/* Issue 14 item 18: emoji sequences (a ZWJ family, a skin tone, a tag
 * flag, a regional-indicator flag) are drawn so that what yeok counts is
 * what ncurses counts (wcwidth of each drawn character) and what tmux
 * 3.3a draws; a family is drawn as its first character. */
static void test_emoji_sequences_width(void **state)
{
	(void)state;
	if (!setlocale(LC_ALL, "C.UTF-8"))
		skip();
	static const struct {
		const char *s;
		int width;
	} cases[] = {
		{"\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7", 2},
		{"\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd", 2},
		{"\xf0\x9f\x8f\xb4\xf3\xa0\x81\xa7\xf3\xa0\x81\xa2\xf3\xa0\x81\xb3\xf3\xa0\x81\xa3"
		 "\xf3\xa0\x81\xb4\xf3\xa0\x81\xbf", 2},
		{"\xf0\x9f\x87\xb0\xf0\x9f\x87\xb7", 2},
		{"\xe2\x9d\xa4\xef\xb8\x8f", 1},
		{"\xed\x95\x9c", 2},
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		const char *s = cases[i].s;
		size_t n = strlen(s);
		assert_int_equal(text_next_grapheme(s, n, 0), n); /* one cluster */
		int w = text_cluster_width(s, n, 0);
		assert_int_equal(w, cases[i].width);
		Buf b = BUF_INIT;
		text_render_cluster(s, n, 0, &b);
		wchar_t wc[16];
		size_t k = mbstowcs(wc, b.p, 16);
		assert_true(k != (size_t)-1);
		int sum = 0;
		for (size_t j = 0; j < k; j++)
			sum += wcwidth(wc[j]) > 0 ? wcwidth(wc[j]) : 0;
		if (sum != w)
			fail_msg("case %zu: yeok counts %d, ncurses would count %d", i, w, sum);
		buf_release(&b);
		/* a whole line keeps its width after the sequence */
		char *line = xasprintf("a%sb", s);
		assert_int_equal(text_width(line, strlen(line)), w + 2);
		free(line);
	}
	setlocale(LC_ALL, "C");
}

/* text_width and text_fit as the grapheme walk gives them (no fast path). */
static int walk_width(const char *s, size_t n, int col0)
{
	int col = col0;
	for (size_t i = 0; i < n;) {
		size_t j = text_next_grapheme(s, n, i);
		col += text_cluster_width(s + i, j - i, col);
		i = j;
	}
	return col - col0;
}

static size_t walk_fit(const char *s, size_t n, int start, int cols, int *used)
{
	int col = start;
	size_t i = 0;
	while (i < n) {
		size_t j = text_next_grapheme(s, n, i);
		int w = text_cluster_width(s + i, j - i, col);
		if (col + w > start + cols)
			break;
		col += w;
		i = j;
	}
	*used = col - start;
	return i;
}

static void same_fit(const char *s, size_t n)
{
	assert_int_equal(text_width(s, n), walk_width(s, n, 0));
	static const int W[][2] = {{0, 1}, {0, 7}, {3, 20}, {0, 80}};
	for (size_t k = 0; k < sizeof(W) / sizeof(W[0]); k++) {
		int u1, u2;
		size_t a = text_fit(s, n, W[k][0], W[k][1], &u1, NULL);
		size_t b = walk_fit(s, n, W[k][0], W[k][1], &u2);
		if (a != b || u1 != u2)
			fail_msg("text_fit(%d, %d) of [%.*s]: %zu bytes %d cols, the walk %zu %d",
			         W[k][0], W[k][1], (int)n, s, a, u1, b, u2);
	}
}

/* The fast path of text_width and text_fit (printable ASCII, precomposed
 * Hangul) gives what the grapheme walk gives: edge cases and every line
 * of the corpus. */
static void test_fast_width_and_fit_equal_the_walk(void **state)
{
	(void)state;
	static const char *const EDGE[] = {
		"plain", "한국어 문장", "\xea\xb0\x80\xe1\x86\xa8 jamo", "cafe\xcc\x81",
		"\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab", "tab\there", "\x01\x7f ctl",
		"\xf0\x9f\x98\x80 emoji", "bad \xff \xea\xb0", "가\xcc\x81", "",
	};
	for (size_t i = 0; i < sizeof(EDGE) / sizeof(EDGE[0]); i++)
		same_fit(EDGE[i], strlen(EDGE[i]));
	DIR *d = opendir(tu_corpus());
	if (!d) {
		print_message("skipped: no corpus (the edge cases were compared)\n");
		return;
	}
	closedir(d);
	char **pairs = tu_corpus_pairs();
	size_t lines = 0;
	for (size_t p = 0; pairs[p]; p++) {
		for (int side = 0; side < 2; side++) {
			char *name = xasprintf("%s.%s.rst", pairs[p], side ? "ko" : "en");
			size_t n;
			char *f = tu_corpus_file(name, &n);
			for (size_t a = 0; a < n;) {
				const char *nl = memchr(f + a, '\n', n - a);
				size_t b = nl ? (size_t)(nl - f) : n;
				same_fit(f + a, b - a);
				lines++;
				a = b + 1;
			}
			free(f);
			free(name);
		}
	}
	tu_free_list(pairs);
	assert_true(lines > 10000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decode_invalid),
		cmocka_unit_test(test_fast_valid_equals_decode),
		cmocka_unit_test(test_hangul_width),
		cmocka_unit_test(test_decomposed_hangul),
		cmocka_unit_test(test_emoji_and_marks),
		cmocka_unit_test(test_controls_and_invalid),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_clipboard_safe),
		cmocka_unit_test(test_grapheme_motion),
		cmocka_unit_test(test_casefold),
		cmocka_unit_test(test_classes_and_words),
		cmocka_unit_test(test_emoji_sequences_width),
		cmocka_unit_test(test_fast_width_and_fit_equal_the_walk),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
