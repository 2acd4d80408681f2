/* session, headless: where the alignment broke.  On a corpus pair whose
 * Korean title lost its underline (docutils reads it as text), the
 * segments around the English title with no Korean partner say so and
 * name the cause; the
 * same pair unbroken says nothing; in the whole corpus only the one real
 * break (cpp_autograd's '결론' / '---') does. */
#include "testutil.h"

#include "yeok/session.h"

#include <unistd.h>

#define NAME "beginner_source__ddp_series_intro"

static void open_pair(Session *s, const char *dir, const char *ko, size_t kn, const char *en,
                      size_t en_n)
{
	char *k = tu_write(dir, "k.rst", ko, kn);
	char *e = tu_write(dir, "e.rst", en, en_n);
	session_init(s);
	SourceOpts so = {.path = e, .self_fallback = true};
	Err err;
	err_init(&err);
	if (!session_open(s, k, &so, &err))
		fail_msg("open: %s", err.msg);
	free(k);
	free(e);
}

static size_t breaks(Session *s, Buf *first)
{
	size_t n = 0;
	for (size_t k = 0; k < s->doc.al.n; k++) {
		Buf why = BUF_INIT;
		if (session_align_break(s, k, &why)) {
			if (!n && first)
				buf_adds(first, why.p);
			n++;
		}
		buf_release(&why);
	}
	return n;
}

static void test_short_underline(void **state)
{
	(void)state;
	char *p = path_join(tu_corpus(), NAME ".ko.rst");
	bool have = access(p, R_OK) == 0;
	free(p);
	if (!have) {
		print_message("skipped: no corpus\n");
		return;
	}
	size_t kn, en_n;
	char *ko = tu_corpus_file(NAME ".ko.rst", &kn);
	char *en = tu_corpus_file(NAME ".en.rst", &en_n);
	char *dir = tu_tmpdir();
	Session s;
	open_pair(&s, dir, ko, kn, en, en_n);
	assert_int_equal(breaks(&s, NULL), 0);
	session_release(&s);
	/* '코드 실행' keeps only '---' under it: no longer a title */
	char *at = strstr(ko, "코드 실행\n--------\n");
	assert_non_null(at);
	Buf b = BUF_INIT;
	buf_add(&b, ko, (size_t)(at - ko));
	buf_adds(&b, "코드 실행\n---\n");
	buf_adds(&b, at + strlen("코드 실행\n--------\n"));
	open_pair(&s, dir, b.p, b.len, en, en_n);
	Buf why = BUF_INIT;
	size_t n = breaks(&s, &why);
	/* that title's own segments only (issue 36.3: the titles around it
	 * keep their partners), and the notice names the English title that
	 * lost its partner and the real cause, with its line */
	assert_true(n >= 1);
	assert_true(n <= 3);
	assert_non_null(strstr(why.p, "the English title 'Running the code'"));
	assert_non_null(strstr(why.p, "'코드 실행' (line 27): its underline is shorter than it"));
	/* the segment of the broken title's text is one of them, the first
	 * and the last segments are not */
	s.caret.focus = PANE_TARGET;
	s.caret.cur = (Pos){26, 0}; /* '코드 실행' */
	long k = session_cur_seg(&s);
	assert_true(session_align_break(&s, (size_t)k, NULL));
	assert_false(session_align_break(&s, 0, NULL));
	assert_false(session_align_break(&s, s.doc.al.n - 1, NULL));
	/* and the status line says so there */
	Buf l = BUF_INIT;
	session_status(&s, &l);
	assert_non_null(strstr(l.p, "has no Korean title: '코드 실행' (line 27)"));
	buf_release(&l);
	session_release(&s);
	buf_release(&why);
	buf_release(&b);
	free(ko);
	free(en);
	free(dir);
}

/* The 30 corpus pairs as they are: only the real break says so. */
static void test_corpus_quiet(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	if (!pairs || !pairs[0]) {
		print_message("skipped: no corpus\n");
		tu_free_list(pairs);
		return;
	}
	char *dir = tu_tmpdir();
	size_t total = 0, segs = 0, files = 0;
	for (char **p = pairs; *p; p++) {
		char *kn = xasprintf("%s.ko.rst", *p), *enn = xasprintf("%s.en.rst", *p);
		size_t a, b;
		char *ko = tu_corpus_file(kn, &a), *en = tu_corpus_file(enn, &b);
		Session s;
		open_pair(&s, dir, ko, a, en, b);
		size_t n = breaks(&s, NULL);
		if (n)
			print_message("# %s: %zu segments\n", *p, n);
		total += n;
		files += n > 0;
		segs += s.doc.al.n;
		session_release(&s);
		free(ko);
		free(en);
		free(kn);
		free(enn);
	}
	print_message("# alignment breaks in the corpus: %zu of %zu segments, %zu files\n", total,
	              segs, files);
	/* only cpp_autograd's '결론' / '---' (a real break, issue 17) */
	assert_int_equal(files, 1);
	assert_true(total <= 2);
	tu_free_list(pairs);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_underline),
		cmocka_unit_test(test_corpus_quiet),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
