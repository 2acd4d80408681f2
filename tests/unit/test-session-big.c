/* session, headless: a key in one huge paragraph costs time linear in the
 * paragraph, not quadratic (issue 14, item 9: a key in a 1 MB paragraph
 * took about 2 s).  Timed as a ratio of two sizes in one run, by the
 * CPU time of this thread: typing, cursor moves, undo and a newline, each
 * followed by what the editor's loop runs before it paints
 * (session_prepare_frame) and one idle step of the checks, with the
 * shipped glossary loaded and the checks on, as the editor opens a file.  Four times
 * the paragraph may cost about four times as much per key, never the
 * sixteen of a quadratic path. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/session.h"

#include <time.h>

static uint64_t cpu_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/* A title and one paragraph of about n bytes (lines of ten words). */
static char *paragraph(size_t n, bool korean)
{
	static const char *const en[] = {"the", "model", "tensor", "gradient", "layer", "training",
	                                 "data", "batch", "loss", "function"};
	static const char *const ko[] = {"모델", "텐서를", "변화도", "계층은", "학습", "데이터",
	                                 "배치", "손실", "함수를", "신경망"};
	Buf b = BUF_INIT;
	buf_adds(&b, korean ? "제목\n====\n\n" : "Title\n=====\n\n");
	for (size_t w = 0; b.len < n; w++) {
		buf_adds(&b, (korean ? ko : en)[(w * 7 + w / 10) % 10]);
		buf_adds(&b, w % 10 == 9 ? "\n" : " ");
	}
	buf_adds(&b, "끝\n\nEnd.\n");
	return buf_detach(&b);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The median CPU time of one key (with its frame) in a paragraph of n bytes. */
static uint64_t key_cost(size_t n)
{
	char *src = paragraph(n, false), *tgt = paragraph(n, true);
	Session s;
	session_init(&s);
	session_load(&s, "big.rst", tgt, strlen(tgt), "big.en.rst", src, strlen(src));
	Err e;
	err_init(&e);
	/* as the editor opens a file: the shipped glossary, the checks */
	assert_true(session_glossary_load(&s, "glossary/ko.yaml", NULL, 0, &e));
	session_checks_on(&s, false);
	session_prepare_frame(&s);
	while (session_checks_step(&s, 64))
		;
	command_run(&s, "segment-next", NULL);
	for (int i = 0; i < 40; i++)
		command_run(&s, "right", NULL);
	session_prepare_frame(&s);
	static const char *const script[] = {"type", "right", "type", "backspace", "newline",
	                                     "undo", "left", "type"};
	enum { KEYS = 16 };
	uint64_t t[KEYS];
	for (int k = 0; k < KEYS; k++) {
		const char *what = script[k % (int)ARRAY_LEN(script)];
		uint64_t t0 = cpu_ns();
		if (!strcmp(what, "type"))
			assert_true(session_insert(&s, "가", strlen("가")));
		else
			command_run(&s, what, NULL);
		session_prepare_frame(&s);
		session_checks_step(&s, 64);
		t[k] = cpu_ns() - t0;
	}
	if (!session_check(&s, &e))
		fail_msg("%s", e.msg);
	session_release(&s);
	free(src);
	free(tgt);
	qsort(t, KEYS, sizeof(*t), cmp_u64);
	return t[KEYS / 2];
}

static void test_key_cost_is_linear_in_the_paragraph(void **state)
{
	(void)state;
	uint64_t small = key_cost(32 * 1024), big = key_cost(128 * 1024);
	double ratio = (double)big / (double)(small ? small : 1);
	print_message("# a key in a paragraph of 32 KiB: %.2f ms CPU, 128 KiB: %.2f ms (x%.1f)\n",
	              (double)small / 1e6, (double)big / 1e6, ratio);
	/* linear: about 4; quadratic: about 16 */
	assert_true(ratio < 9.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_cost_is_linear_in_the_paragraph),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
