/* doc, on its own: undo records (typing, Backspace and Delete merge into
 * one record, a break or a save starts a new one, redo), the exact bytes
 * back after undo, and local re-alignment (an edit inside a paragraph
 * re-segments a window, and gives what a full re-alignment gives). */
#include "testutil.h"

#include "yeok/doc.h"
#include "yeok/pair.h"

static const char *const SRC = "Title\n=====\n\nFirst paragraph.\n\nSecond paragraph.\n\n"
                               "Other\n=====\n\nThird paragraph.\n";
static const char *const TGT = "제목\n====\n\n첫 문단.\n\n둘째 문단.\n\n"
                               "다른\n====\n\n셋째 문단.\n";

static void load(Doc *d)
{
	doc_init(d);
	doc_load(d, "d.rst", TGT, strlen(TGT), "d.en.rst", SRC, strlen(SRC));
	Err e;
	err_init(&e);
	assert_true(doc_check(d, &e));
}

static void check(const Doc *d)
{
	Err e;
	err_init(&e);
	if (!doc_check(d, &e))
		fail_msg("%s", e.msg);
}

static char *text(const Doc *d)
{
	Buf b = BUF_INIT;
	lines_serialize(&d->tgt, &b);
	return buf_detach(&b);
}

/* Type s at p one character (byte run of one code point) at a time. */
static Pos type(Doc *d, Pos p, const char *s)
{
	for (size_t i = 0; s[i];) {
		size_t k = 1;
		while (((unsigned char)s[i + k] & 0xc0) == 0x80)
			k++;
		p = doc_replace(d, p, p, s + i, k, CH_TYPE);
		check(d);
		i += k;
	}
	return p;
}

static void test_typing_is_one_record(void **state)
{
	(void)state;
	Doc d;
	load(&d);
	Pos p = type(&d, (Pos){3, 0}, "새 글 ");
	assert_int_equal(d.cur, 1); /* five characters, one record */
	assert_true(doc_modified(&d));
	/* a break starts a new record */
	doc_break_merge(&d);
	type(&d, p, "더");
	assert_int_equal(d.cur, 2);
	Pos c;
	assert_true(doc_undo(&d, &c));
	assert_true(doc_undo(&d, &c));
	assert_false(doc_undo(&d, &c));
	char *t = text(&d);
	assert_string_equal(t, TGT);
	free(t);
	assert_false(doc_modified(&d));
	/* redo brings both back */
	assert_true(doc_redo(&d, &c));
	assert_true(doc_redo(&d, &c));
	assert_false(doc_redo(&d, &c));
	assert_memory_equal(d.tgt.v[3].p, "새 글 더첫", strlen("새 글 더첫"));
	doc_release(&d);
}

static void test_deleting_merges_by_direction(void **state)
{
	(void)state;
	Doc d;
	load(&d);
	/* Backspace three times from the end of "첫 문단." */
	size_t end = d.tgt.v[3].n;
	Pos at = {3, end};
	for (int i = 0; i < 3; i++) {
		size_t prev = at.col;
		at.col--;
		while (at.col > 0 && ((unsigned char)d.tgt.v[3].p[at.col] & 0xc0) == 0x80)
			at.col--;
		doc_replace(&d, at, (Pos){3, prev}, "", 0, CH_DEL_BACK);
		check(&d);
	}
	assert_int_equal(d.cur, 1);
	/* Delete twice at the start: a record of its own (another direction) */
	doc_replace(&d, (Pos){3, 0}, (Pos){3, 3}, "", 0, CH_DEL_FWD);
	doc_replace(&d, (Pos){3, 0}, (Pos){3, 1}, "", 0, CH_DEL_FWD);
	assert_int_equal(d.cur, 2);
	Pos c;
	assert_true(doc_undo(&d, &c));
	assert_true(doc_undo(&d, &c));
	char *t = text(&d);
	assert_string_equal(t, TGT);
	free(t);
	doc_release(&d);
}

static void test_a_save_ends_the_record(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "d.rst", TGT, strlen(TGT));
	Doc d;
	doc_init(&d);
	doc_load(&d, path, TGT, strlen(TGT), "d.en.rst", SRC, strlen(SRC));
	Pos p = type(&d, (Pos){3, 0}, "가");
	Err e;
	err_init(&e);
	assert_true(doc_save(&d, &e));
	assert_false(doc_modified(&d));
	type(&d, p, "나");
	assert_int_equal(d.cur, 2); /* not merged into the saved record */
	Pos c;
	assert_true(doc_undo(&d, &c));
	assert_false(doc_modified(&d)); /* back at the saved state */
	doc_release(&d);
	free(path);
	free(dir);
}

/* The same lines aligned from scratch. */
static bool same_as_full(const Doc *d)
{
	char *t = text(d);
	DocPair p;
	pair_init(&p);
	pair_from_texts(&p, HOST_RST, t, strlen(t), SRC, strlen(SRC));
	bool same = p.al.n == d->al.n && p.tb->n == d->th.blocks.n;
	for (size_t k = 0; same && k < p.al.n; k++)
		same = p.al.v[k].src == d->al.v[k].src && p.al.v[k].src_n == d->al.v[k].src_n &&
		       p.al.v[k].tgt == d->al.v[k].tgt && p.al.v[k].tgt_n == d->al.v[k].tgt_n &&
		       p.al.v[k].kind == d->al.v[k].kind;
	pair_release(&p);
	free(t);
	return same;
}

static void test_local_realignment(void **state)
{
	(void)state;
	Doc d;
	load(&d);
	uint64_t align0 = d.gen_align;
	/* typing inside a paragraph: a window, the segments stay */
	type(&d, (Pos){5, 0}, "정말 ");
	assert_false(d.last_was_full);
	assert_true(d.last_window_lines < d.tgt.n);
	assert_int_equal(d.gen_align, align0);
	assert_true(same_as_full(&d));
	/* a new paragraph (a blank line inside one): the segments change */
	doc_break_merge(&d);
	doc_replace(&d, (Pos){5, 3}, (Pos){5, 3}, "\n\n", 2, CH_OTHER);
	check(&d);
	assert_true(same_as_full(&d));
	/* a new title: everything is aligned again (a small document) */
	doc_replace(&d, (Pos){d.tgt.n - 1, 0}, (Pos){d.tgt.n - 1, 0}, "새 제목\n========\n\n", 21,
	            CH_OTHER);
	check(&d);
	assert_true(same_as_full(&d));
	Pos c;
	while (doc_undo(&d, &c))
		check(&d);
	char *t = text(&d);
	assert_string_equal(t, TGT);
	free(t);
	assert_true(same_as_full(&d));
	doc_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typing_is_one_record),
		cmocka_unit_test(test_deleting_merges_by_direction),
		cmocka_unit_test(test_a_save_ends_the_record),
		cmocka_unit_test(test_local_realignment),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
