/* diff: shortest edit scripts, checked against an LCS table. */
#include "testutil.h"

#include "yeok/diff.h"

static uint64_t seed = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return (uint32_t)(seed >> 7);
}

static size_t lcs(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t *t = xcalloc((na + 1) * (nb + 1), sizeof(size_t));
	for (size_t i = 1; i <= na; i++)
		for (size_t j = 1; j <= nb; j++)
			t[i * (nb + 1) + j] = a[i - 1] == b[j - 1] ? t[(i - 1) * (nb + 1) + j - 1] + 1
			                      : MAX(t[(i - 1) * (nb + 1) + j], t[i * (nb + 1) + j - 1]);
	size_t r = t[na * (nb + 1) + nb];
	free(t);
	return r;
}

/* The script turns a into b, and its cost is minimal. */
static void verify(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, const Diff *d)
{
	size_t ai = 0, bi = 0, edits = 0;
	for (size_t i = 0; i < d->n; i++) {
		const DiffOp *op = &d->v[i];
		assert_true(op->len > 0);
		assert_int_equal(op->a_pos, ai);
		assert_int_equal(op->b_pos, bi);
		if (op->kind == DIFF_SAME) {
			for (size_t k = 0; k < op->len; k++)
				assert_true(a[ai + k] == b[bi + k]);
			ai += op->len, bi += op->len;
		} else if (op->kind == DIFF_DEL) {
			ai += op->len, edits += op->len;
		} else {
			bi += op->len, edits += op->len;
		}
	}
	assert_int_equal(ai, na);
	assert_int_equal(bi, nb);
	assert_int_equal(edits, na + nb - 2 * lcs(a, na, b, nb));
}

static void test_random_sequences(void **state)
{
	(void)state;
	Diff d = {0};
	for (int round = 0; round < 300; round++) {
		size_t na = rnd() % 40, nb = rnd() % 40;
		uint64_t a[40], b[40];
		for (size_t i = 0; i < na; i++)
			a[i] = rnd() % 4;
		for (size_t i = 0; i < nb; i++)
			b[i] = round % 3 ? (i < na && rnd() % 3 ? a[i] : rnd() % 4) : rnd() % 4;
		diff_seq(a, na, b, nb, 0, &d);
		verify(a, na, b, nb, &d);
	}
	diff_release(&d);
}

static void test_limit(void **state)
{
	(void)state;
	uint64_t a[] = {1, 2, 3, 4, 5}, b[] = {1, 9, 8, 7, 5};
	Diff d = {0};
	diff_seq(a, 5, b, 5, 1, &d);
	assert_int_equal(d.n, 4); /* same, del 3, ins 3, same */
	assert_int_equal(d.v[1].kind, DIFF_DEL);
	assert_int_equal(d.v[1].len, 3);
	assert_int_equal(d.v[2].kind, DIFF_INS);
	diff_release(&d);
}

static void test_words(void **state)
{
	(void)state;
	const char *a = "매개변수를 갱신합니다.";
	const char *b = "파라미터를 갱신합니다.";
	DiffWords wa = {0}, wb = {0};
	Diff d = {0};
	diff_words(a, strlen(a), b, strlen(b), &wa, &wb, &d);
	assert_int_equal(wa.n, 3);
	assert_int_equal(d.n, 3);
	assert_int_equal(d.v[0].kind, DIFF_DEL);
	assert_int_equal(d.v[1].kind, DIFF_INS);
	assert_int_equal(wb.v[d.v[1].b_pos].len, strlen("파라미터를"));
	assert_int_equal(d.v[2].kind, DIFF_SAME);
	VEC_FREE(&wa);
	VEC_FREE(&wb);
	diff_release(&d);
}


/* Issue 14 item 8: empty input arrives as NULL arrays (an empty VEC);
 * diff_seq must not do arithmetic on them (clang's UBSan: "applying zero
 * offset to null pointer" at diff.c:37; the fuzz-diff target runs it). */
static void test_empty_null_inputs(void **state)
{
	(void)state;
	uint64_t b[] = {1, 2, 3};
	Diff d = {0};
	diff_seq(NULL, 0, NULL, 0, 0, &d);
	assert_int_equal(d.n, 0);
	diff_seq(NULL, 0, b, 3, 0, &d);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].kind, DIFF_INS);
	assert_int_equal(d.v[0].len, 3);
	diff_seq(b, 3, NULL, 0, 0, &d);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].kind, DIFF_DEL);
	diff_release(&d);
	DiffWords wa = {0}, wb = {0};
	diff_words(NULL, 0, "a b", 3, &wa, &wb, &d);
	assert_int_equal(d.n, 1);
	diff_release(&d);
	free(wa.v);
	free(wb.v);
}

/* Issue 40.3: the lines `check --since` reports on. */
static char *flags_of(const char *a, const char *b)
{
	bool *ch = NULL;
	size_t n = 0;
	diff_changed_lines(a, strlen(a), b, strlen(b), &ch, &n);
	char *s = xmalloc(n + 1);
	for (size_t i = 0; i < n; i++)
		s[i] = ch[i] ? '+' : '.';
	s[n] = '\0';
	free(ch);
	return s;
}

static void test_changed_lines(void **state)
{
	(void)state;
	struct {
		const char *a, *b, *want;
	} cases[] = {
		{"a\nb\nc\n", "a\nb\nc\n", "..."},            /* nothing */
		{"a\nb\nc\n", "a\nB\nc\n", ".+."},            /* one line replaced */
		{"a\nb\nc\n", "a\nb\nc\nd\n", "...+"},       /* one added at the end */
		{"a\nb\nc", "a\nb\nc\n", "..+"},               /* a final newline added */
		{"", "a\nb\n", "++"},                             /* a new file */
		{"a\nb\n", "", ""},                               /* emptied */
		/* a block deleted among blank lines: the text lines either side */
		{"A\n\nB\n\nC\n", "A\n\nC\n", "+.+"},
		/* deleted at the end: the last line with text */
		{"A\n\nB\n", "A\n\n", "+."},
		/* an edited line beside a lost block: the edit and the line after */
		{"x\nA\n\nB\n\nC\n", "x\nA2\n\nC\n", ".+.+"},
		/* CRLF lines compare with their \r */
		{"a\r\nb\r\n", "a\r\nb\n", ".+"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = flags_of(cases[i].a, cases[i].b);
		bool same = strcmp(got, cases[i].want) == 0;
		if (!same)
			print_error("case %zu: %s, want %s\n", i, got, cases[i].want);
		free(got);
		assert_true(same);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_sequences),
		cmocka_unit_test(test_limit),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_empty_null_inputs),
		cmocka_unit_test(test_changed_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
