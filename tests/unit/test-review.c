/* review: the changed segments between two revisions match git diff. */
#include "testutil.h"

#include "yeok/review.h"

static char *hist(const char *name, size_t *n)
{
	char *rel = xasprintf("history/%s", name);
	char *data = tu_corpus_file(rel, n);
	free(rel);
	return data;
}

/* Head lines (0-based) that `git diff --no-index -U0` marks as added. */
static bool *git_added(const char *base_path, const char *head_path, size_t head_lines)
{
	bool *added = xcalloc(head_lines + 1, sizeof(bool));
	char *cmd = xasprintf("git diff --no-index -U0 -- '%s' '%s'", base_path, head_path);
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	char line[8192];
	while (fgets(line, sizeof(line), p)) {
		unsigned long start, count = 1;
		if (strncmp(line, "@@ ", 3) != 0)
			continue;
		char *plus = strchr(line, '+');
		if (!plus)
			continue;
		if (sscanf(plus, "+%lu,%lu", &start, &count) < 1)
			continue;
		if (!strchr(plus, ',') || strchr(plus, ',') > strchr(plus, ' '))
			count = 1;
		for (unsigned long k = 0; k < count; k++)
			if (start + k - 1 < head_lines)
				added[start + k - 1] = true;
	}
	pclose(p);
	free(cmd);
	return added;
}

static void compare_with_git(const char *src_name, const char *base_name, const char *head_name,
                             size_t *changes, size_t *with_old)
{
	size_t sn, bn, hn;
	char *src = hist(src_name, &sn), *base = hist(base_name, &bn), *head = hist(head_name, &hn);
	Review r;
	review_init(&r);
	review_compute(&r, "doc.rst", src, sn, base, bn, head, hn);
	char *bp = xasprintf("%s/history/%s", tu_corpus(), base_name);
	char *hp = xasprintf("%s/history/%s", tu_corpus(), head_name);
	bool *added = git_added(bp, hp, r.head.n);
	/* the hunks are git's (-U3), unless git's diff differs from the line
	 * diff's (the line diff ignores trailing blanks): then every changed
	 * line git shows lies in one of them */
	char *cmd = xasprintf("git diff --no-index -U3 --diff-algorithm=myers -- '%s' '%s'", bp, hp);
	FILE *gp = popen(cmd, "r");
	Buf gd = BUF_INIT;
	char chunk[8192];
	size_t got;
	while ((got = fread(chunk, 1, sizeof(chunk), gp)) > 0)
		buf_add(&gd, chunk, got);
	pclose(gp);
	free(cmd);
	ReviewHunks gh = {0};
	review_hunks_parse(gd.p ? gd.p : "", gd.len, &gh);
	size_t same = gh.n == r.hunks.n;
	for (size_t i = 0; same && i < gh.n; i++)
		same = !memcmp(&gh.v[i], &r.hunks.v[i], sizeof(ReviewHunk));
	print_message("# %s -> %s: %zu hunks, git %zu%s\n", base_name, head_name, r.hunks.n, gh.n,
	              same ? ", the same" : "");
	assert_true(same);
	for (size_t i = 0; i < r.head.n; i++)
		if (added[i] && review_hunk_of(&r.hunks, false, (long)i + 1, (long)i + 1) < 0)
			fail_msg("line %zu: changed in git, in no hunk", i + 1);
	free(gh.v);
	buf_release(&gd);
	/* every line git shows as added lies in a change */
	for (size_t i = 0; i < r.head.n; i++) {
		if (!added[i] || str_trim(lines_get(&r.head, i)).n == 0)
			continue;
		if (review_find_line(&r, i) < 0)
			fail_msg("%s -> %s: line %zu changed in git diff but in no change", base_name,
			         head_name, i + 1);
	}
	/* every change holds a line git shows as added, or a deletion */
	size_t old = 0;
	for (size_t c = 0; c < r.n; c++) {
		bool any = false;
		for (size_t i = r.v[c].head_first; i <= r.v[c].head_last; i++)
			any = any || added[i] || r.head_changed[i];
		if (r.v[c].has_old)
			old++;
		/* else lines were only deleted there: the base had lines */
		if (!any && r.v[c].base_first > r.v[c].base_last)
			fail_msg("change %zu (head lines %zu-%zu) has no changed line", c,
			         r.v[c].head_first + 1, r.v[c].head_last + 1);
	}
	/* in document order */
	for (size_t c = 1; c < r.n; c++)
		assert_true(r.v[c - 1].head_first < r.v[c].head_first ||
		            (r.v[c - 1].deleted && r.v[c - 1].head_first == r.v[c].head_first));
	*changes = r.n;
	*with_old = old;
	free(added);
	free(bp);
	free(hp);
	review_release(&r);
	free(src);
	free(base);
	free(head);
}

static void test_fsdp_first_translation(void **state)
{
	(void)state;
	size_t changes, old;
	/* the English base -> the first draft: all changes are new Korean */
	compare_with_git("intermediate_source__FSDP_tutorial-05-42be0e1e23.rst",
	                 "intermediate_source__FSDP_tutorial-05-42be0e1e23.rst",
	                 "intermediate_source__FSDP_tutorial-06-97ac83bbff.rst", &changes, &old);
	print_message("# FSDP 05->06: %zu changes, %zu with old Korean\n", changes, old);
	assert_true(changes > 20);
	assert_int_equal(old, 0);
}

static void test_fsdp_review_fixes(void **state)
{
	(void)state;
	size_t changes, old;
	/* "Fixes applied": Korean -> Korean, a few segments, old text shown */
	compare_with_git("intermediate_source__FSDP_tutorial-05-42be0e1e23.rst",
	                 "intermediate_source__FSDP_tutorial-07-935ebc547c.rst",
	                 "intermediate_source__FSDP_tutorial-08-3c8232c470.rst", &changes, &old);
	print_message("# FSDP 07->08: %zu changes, %zu with old Korean\n", changes, old);
	assert_true(changes >= 1);
	assert_true(changes < 10);
	assert_int_equal(old, changes);
}

static void test_device_mesh_pr(void **state)
{
	(void)state;
	size_t changes, old;
	compare_with_git("recipes_source__distributed_device_mesh-02-349cbf1eed.rst",
	                 "recipes_source__distributed_device_mesh-03-7c7d5ae141.rst",
	                 "recipes_source__distributed_device_mesh-04-cad76fac81.rst", &changes, &old);
	print_message("# device_mesh 03->04: %zu changes, %zu with old Korean\n", changes, old);
	assert_true(changes >= 1);
	compare_with_git("recipes_source__distributed_device_mesh-02-349cbf1eed.rst",
	                 "recipes_source__distributed_device_mesh-04-cad76fac81.rst",
	                 "recipes_source__distributed_device_mesh-05-856796b87d.rst", &changes, &old);
	print_message("# device_mesh 04->05: %zu changes, %zu with old Korean\n", changes, old);
	assert_true(changes >= 1);
}

/* basics/intro.py (91e915d~1 -> HEAD): two list items edited one after
 * the other are two changes, each shown with its own old line; a line
 * replaced by two keeps the old lines between the unchanged neighbours */
static void test_adjacent_edits(void **state)
{
	(void)state;
	const char *src = "Intro\n=====\n\n"
	                  "- **In the cloud**: This is the easiest way to get started!\n"
	                  "- **Locally**: This option requires you to set up PyTorch first.\n\n"
	                  "The end.\n";
	const char *base = "소개\n====\n\n"
	                   "- **클라우드**: 가장 쉬운 방법입니다!\n"
	                   "- **로컬**: 먼저 PyTorch를 설치해야 합니다 (`설치 <https://pytorch.org/>`_).\n\n"
	                   "끝.\n";
	const char *head = "소개\n====\n\n"
	                   "- **클라우드**: 시작하기 가장 쉬운 방법입니다!\n"
	                   "- **로컬**: 먼저 PyTorch를 설치해야 합니다 (`설치 <https://pytorch.kr/>`_).\n\n"
	                   "끝.\n";
	Review r;
	review_init(&r);
	review_compute(&r, "doc.rst", src, strlen(src), base, strlen(base), head, strlen(head));
	assert_int_equal(r.n, 2);
	for (size_t c = 0; c < 2; c++) {
		assert_int_equal(r.v[c].head_first, 3 + c);
		assert_int_equal(r.v[c].base_first, 3 + c);
		assert_int_equal(r.v[c].base_last, 3 + c);
		assert_true(r.v[c].has_old);
	}
	/* the first item split into two lines: one change, its old line and
	 * the next (the diff cannot tell which old line each new one was) */
	const char *head2 = "소개\n====\n\n"
	                    "- **클라우드**: 시작하기 가장 쉬운\n  방법입니다!\n"
	                    "- **로컬**: 먼저 PyTorch를 설치해야 합니다 (`설치 <https://pytorch.kr/>`_).\n\n"
	                    "끝.\n";
	review_compute(&r, "doc.rst", src, strlen(src), base, strlen(base), head2, strlen(head2));
	assert_int_equal(r.n, 2);
	assert_int_equal(r.v[0].base_first, 3);
	assert_int_equal(r.v[0].base_last, 4);
	review_release(&r);
}

static void test_no_change(void **state)
{
	(void)state;
	size_t n;
	char *t = hist("intermediate_source__FSDP_tutorial-07-935ebc547c.rst", &n);
	Review r;
	review_init(&r);
	review_compute(&r, "doc.rst", t, n, t, n, t, n);
	assert_int_equal(r.n, 0);
	review_release(&r);
	free(t);
}

/* A Korean paragraph deleted between base and head (its English still in
 * the source) is a change of its own: the English beside the deleted
 * Korean; the paragraphs around it are not changes. */
static void test_deleted_paragraph(void **state)
{
	(void)state;
	size_t sn, bn;
	char *src = hist("recipes_source__distributed_device_mesh-02-349cbf1eed.rst", &sn);
	char *base = hist("recipes_source__distributed_device_mesh-05-856796b87d.rst", &bn);
	Review r;
	review_init(&r);
	review_compute(&r, "doc.rst", src, sn, base, bn, base, bn);
	assert_int_equal(r.n, 0);
	/* the first paragraph of three or more lines with Hangul, and its blank line */
	size_t f = 0, l = 0, seg = 0;
	for (size_t s = 0; s < r.al.n && !l; s++) {
		size_t a, b;
		const Segment *g = &r.al.v[s];
		if (g->kind != BK_PARAGRAPH || g->src_n != 1 || g->tgt_n != 1 ||
		    !align_tgt_lines(g, &r.head_host.blocks, &a, &b) || b - a < 2)
			continue;
		Str t = lines_get(&r.head, a);
		if (t.n && (unsigned char)t.p[0] >= 0xEA) {
			f = a, l = b, seg = s;
		}
	}
	assert_true(l > 0);
	size_t src_block = r.al.v[seg].src;
	Buf head = BUF_INIT;
	for (size_t i = 0; i < r.head.n; i++) {
		if (i >= f && i <= l + 1)
			continue;
		Str t = lines_get(&r.head, i);
		buf_add(&head, t.p, t.n);
		if (i + 1 < r.head.n)
			buf_addc(&head, '\n');
	}
	review_compute(&r, "doc.rst", src, sn, base, bn, head.p, head.len);
	print_message("# deleted base lines %zu-%zu: %zu change(s)\n", f + 1, l + 1, r.n);
	assert_int_equal(r.n, 1);
	const ReviewChange *c = &r.v[0];
	assert_true(c->deleted);
	assert_true(c->has_old);
	assert_int_equal(c->base_first, f);
	assert_int_equal(c->base_last, l);
	assert_int_equal(c->head_first, f); /* the line after it in the head */
	assert_true(c->seg != REVIEW_NO_SEG);
	assert_int_equal(r.al.v[c->seg].tgt_n, 0);
	assert_int_equal(r.al.v[c->seg].src, src_block);
	assert_int_equal(review_find_line(&r, c->head_first), -1);
	buf_release(&head);
	review_release(&r);
	free(src);
	free(base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fsdp_first_translation),
		cmocka_unit_test(test_fsdp_review_fixes),
		cmocka_unit_test(test_device_mesh_pr),
		cmocka_unit_test(test_adjacent_edits),
		cmocka_unit_test(test_no_change),
		cmocka_unit_test(test_deleted_paragraph),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
