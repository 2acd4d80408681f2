/* doc, on its own: undo records (typing, Backspace and Delete merge into
 * one record, a break or a save starts a new one, redo), the exact bytes
 * back after undo, and local re-alignment (an edit inside a paragraph
 * re-segments a window, and gives what a full re-alignment gives). */
#include "yeok/stats.h"
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
	assert_memory_equal(lines_get(&d.tgt, 3).p, "새 글 더첫", strlen("새 글 더첫"));
	doc_release(&d);
}

static void test_deleting_merges_by_direction(void **state)
{
	(void)state;
	Doc d;
	load(&d);
	/* Backspace three times from the end of "첫 문단." */
	size_t end = lines_line(&d.tgt, 3)->n;
	Pos at = {3, end};
	for (int i = 0; i < 3; i++) {
		size_t prev = at.col;
		at.col--;
		while (at.col > 0 && ((unsigned char)lines_get(&d.tgt, 3).p[at.col] & 0xc0) == 0x80)
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
	bool same = p.al.n == d->al.n && p.tb->n == d->tgt_host.blocks.n;
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
	assert_false(stat_get(STAT_DOC_WINDOW_FULL));
	assert_true(stat_get(STAT_DOC_WINDOW_LINES) < d.tgt.n);
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

/* Every field of every segment equals the one-shot alignment of the
 * text as it is now (pair_from_texts), statuses included, and every
 * field of every target block its segmentation (the blocks after an
 * edit's window are moved and shifted, not segmented again). */
static bool exactly_full(const Doc *d, const char *src, size_t sn)
{
	char *t = text(d);
	DocPair p;
	pair_init(&p);
	pair_from_texts(&p, d->tgt_host.fmt, t, strlen(t), src, sn);
	size_t at;
	bool same = p.al.n == d->al.n && tu_blocks_equal(p.tb, &d->tgt_host.blocks, &at);
	if (!same && at < p.tb->n)
		print_message("# block %zu (line %zu) differs from the segmentation\n", at,
		              (size_t)p.tb->v[at].first + 1);
	for (size_t k = 0; same && k < p.al.n; k++) {
		const Segment *a = &p.al.v[k], *b = &d->al.v[k];
		same = a->src == b->src && a->src_n == b->src_n && a->tgt == b->tgt &&
		       a->tgt_n == b->tgt_n && a->kind == b->kind && a->status == b->status &&
		       a->no_prose == b->no_prose;
	}
	pair_release(&p);
	free(t);
	return same;
}

static uint64_t rnd_x = 19;
static size_t rnd(size_t n)
{
	rnd_x = rnd_x * 6364136223846793005ULL + 1442695040888963407ULL;
	return n ? (size_t)(rnd_x >> 33) % n : 0;
}

/* One random edit of the kinds that change the segments: typing, a new
 * paragraph, lines deleted, a title made, an underline removed (a title
 * unmade), a code line, undo, redo. */
static void random_edit(Doc *d)
{
	size_t i = rnd(d->tgt.n);
	Str ln = lines_get(&d->tgt, i);
	Pos c;
	static const char *const ins[] = {" 번역", "\n\n", "새 제목\n=======\n\n",
	                                  "    x = 1\n", "* 목록\n"};
	switch (rnd(8)) {
	case 0: case 1: case 2: {
		const char *x = ins[rnd(ARRAY_LEN(ins))];
		Pos at = x[0] == ' ' ? (Pos){i, ln.n} : (Pos){i, 0};
		doc_replace(d, at, at, x, strlen(x), CH_OTHER);
		break;
	}
	case 3: /* lines deleted */
		if (i + 2 < d->tgt.n)
			doc_replace(d, (Pos){i, 0}, (Pos){i + 2, 0}, "", 0, CH_OTHER);
		break;
	case 4: /* an underline removed: the next one below i */
		for (size_t k = i; k < d->tgt.n && k < i + 200; k++) {
			Str l = lines_get(&d->tgt, k);
			if (l.n >= 3 && (l.p[0] == '=' || l.p[0] == '-') && l.p[1] == l.p[0] && k + 1 < d->tgt.n) {
				doc_replace(d, (Pos){k, 0}, (Pos){k + 1, 0}, "", 0, CH_OTHER);
				break;
			}
		}
		break;
	case 5: /* Backspace at a line start: two lines join */
		if (i > 0)
			doc_replace(d, (Pos){i - 1, lines_get(&d->tgt, i - 1).n}, (Pos){i, 0}, "", 0,
			            CH_DEL_BACK);
		break;
	case 6:
		doc_undo(d, &c);
		break;
	default:
		doc_redo(d, &c);
		break;
	}
	doc_break_merge(d);
}

static void assert_as_loaded(const Doc *d, const char *src, size_t sn, const char *what);

static void test_local_equals_full_on_corpus(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	if (!pairs[0]) {
		tu_free_list(pairs);
		skip();
	}
	size_t edits = 0, local = 0;
	for (char **p = pairs; *p; p++) {
		char *en = xasprintf("%s.en.rst", *p), *ko = xasprintf("%s.ko.rst", *p);
		size_t sn, tn;
		char *src = tu_corpus_file(en, &sn), *tgt = tu_corpus_file(ko, &tn);
		Doc d;
		doc_init(&d);
		doc_load(&d, ko, tgt, tn, en, src, sn);
		for (int k = 0; k < 16; k++) {
			stat_set(STAT_DOC_WINDOW_FULL, 0); /* the gauge is the edit's (a no-op sets none) */
			random_edit(&d);
			check(&d);
			edits++;
			local += !stat_get(STAT_DOC_WINDOW_FULL);
			if (!exactly_full(&d, src, sn))
				fail_msg("%s, edit %d: the segments differ from a full alignment", ko, k);
			/* the memo too (align_update changes it in place when a
			 * key keeps the anchors where they were) */
			char *what = xasprintf("%s, edit %d", ko, k);
			assert_as_loaded(&d, src, sn, what);
			free(what);
		}
		Pos c;
		while (doc_undo(&d, &c))
			check(&d);
		assert_true(exactly_full(&d, src, sn));
		doc_release(&d);
		free(src);
		free(tgt);
		free(en);
		free(ko);
	}
	tu_free_list(pairs);
	print_message("# %zu random edits of the corpus: %zu re-aligned locally, all equal to the "
	              "one-shot alignment\n", edits, local);
	assert_true(local * 10 > edits * 9);
}

/* A title edit checks the order of the title styles near the top when it
 * can (styles_in_order_near): a new title whose style came first only
 * further down changes every level, and so does removing the first title
 * of a style; after each edit the blocks' levels, the segments and the
 * alignment memo equal a fresh load. */
static void test_title_styles_reordered_by_an_edit(void **state)
{
	(void)state;
	Buf en = BUF_INIT, ko = BUF_INIT;
	buf_adds(&en, "Top\n===\n\nIntro.\n\n");
	buf_adds(&ko, "맨 위\n=====\n\n소개.\n\n");
	for (int k = 0; k < 40; k++) {
		buf_addf(&en, "Paragraph %d about ``x%d``.\n\n", k, k);
		buf_addf(&ko, "문단 %d 은 ``x%d`` 를 다룹니다.\n\n", k, k);
	}
	buf_adds(&en, "Part\n----\n\nText.\n\nSub\n~~~\n\nMore.\n\nEnd\n===\n\nLast.\n");
	buf_adds(&ko, "부분\n----\n\n글.\n\n아래\n~~~~\n\n더.\n\n끝\n===\n\n마지막.\n");
	Doc d;
	doc_init(&d);
	doc_load(&d, "d.rst", ko.p, ko.len, "d.en.rst", en.p, en.len);
	assert_int_equal(d.n_title_styles, 3);
	/* a `~` title before the first `-` one: `~` becomes level 2 */
	size_t at = 13; /* after the blank line below paragraph 3 */
	const char *t = "새 제목\n~~~~~~~\n\n";
	doc_replace(&d, (Pos){at, 0}, (Pos){at, 0}, t, strlen(t), CH_OTHER);
	check(&d);
	assert_as_loaded(&d, en.p, en.len, "a ~ title before the first - one");
	assert_true(d.title_styles[1][0] == '~');
	/* typing in a title near the end: the order stays, read near the top */
	size_t end_title = d.tgt.n - 4;
	doc_replace(&d, (Pos){end_title, 0}, (Pos){end_title, 0}, "가", strlen("가"), CH_TYPE);
	check(&d);
	assert_as_loaded(&d, en.p, en.len, "typing in the last title");
	/* undo both: `-` is level 2 again */
	Pos c;
	assert_true(doc_undo(&d, &c));
	assert_true(doc_undo(&d, &c));
	check(&d);
	assert_as_loaded(&d, en.p, en.len, "undone");
	assert_true(d.title_styles[1][0] == '-');
	doc_release(&d);
	buf_release(&en);
	buf_release(&ko);
}

/* doc_eol is kept from counts by every edit: after random edits that add
 * and remove LF and CRLF lines, undo and redo, it says what counting the
 * lines says (doc_check compares the counts too), and it turns from LF to
 * CRLF and back as the CRLF lines win and lose the majority. */
static void test_eol_counts_follow_edits(void **state)
{
	(void)state;
	const char *t = "제목\r\n====\r\n\r\n문단 하나.\n\n문단 둘.\r\n";
	const char *s = "Title\n=====\n\nOne paragraph.\n\nTwo paragraphs.\n";
	Doc d;
	doc_init(&d);
	doc_load(&d, "t.rst", t, strlen(t), "t.en.rst", s, strlen(s));
	assert_string_equal(doc_eol(&d), "\r\n"); /* 4 CRLF, 2 LF */
	static const char *const ins[] = {"a\r\nb\r\n", "c\n", "\n\n\n\n\n", "d\r\n", "e"};
	bool crlf = false, lf = false;
	rnd_x = 23;
	for (int k = 0; k < 400; k++) {
		size_t i = rnd(d.tgt.n);
		Pos c;
		switch (rnd(5)) {
		case 0: case 1: {
			const char *x = ins[rnd(ARRAY_LEN(ins))];
			doc_replace(&d, (Pos){i, 0}, (Pos){i, 0}, x, strlen(x), CH_OTHER);
			break;
		}
		case 2:
			if (i + 1 < d.tgt.n)
				doc_replace(&d, (Pos){i, 0}, (Pos){i + 1, 0}, "", 0, CH_OTHER);
			break;
		case 3:
			doc_undo(&d, &c);
			break;
		default:
			doc_redo(&d, &c);
			break;
		}
		doc_break_merge(&d);
		check(&d);
		Eol want = lines_default_eol(&d.tgt);
		assert_string_equal(doc_eol(&d), want == EOL_CRLF ? "\r\n" : "\n");
		crlf |= want == EOL_CRLF;
		lf |= want == EOL_LF;
	}
	assert_true(crlf && lf);
	doc_release(&d);
}

/* A document with more anchors than the anchors' pass scores exhaustively
 * (300 titles and 150 code blocks a side): title and code edits re-match
 * the anchors near the edit only (align.h).  The segments stay valid; on
 * this regular document they are the one-shot alignment's. */
static void test_large_document_rematches_locally(void **state)
{
	(void)state;
	Buf en = BUF_INIT, ko = BUF_INIT;
	for (int k = 0; k < 300; k++) {
		buf_addf(&en, "Section %d\n==========\n\nThe paragraph %d uses ``x_%d``.\n\n", k, k, k);
		buf_addf(&ko, "절 %d\n==========\n\n문단 %d 은 ``x_%d`` 를 씁니다.\n\n", k, k, k);
		if (k % 2 == 0) {
			buf_addf(&en, "::\n\n    y = %d\n\n", k);
			buf_addf(&ko, "::\n\n    y = %d\n\n", k);
		}
	}
	Doc d;
	doc_init(&d);
	doc_load(&d, "big.rst", ko.p, ko.len, "big.en.rst", en.p, en.len);
	size_t edits = 0, same = 0;
	rnd_x = 7;
	for (int k = 0; k < 60; k++) {
		random_edit(&d);
		check(&d);
		edits++;
		same += exactly_full(&d, en.p, en.len);
	}
	print_message("# %zu edits of a 1,800-line document: %zu equal to the one-shot alignment\n",
	              edits, same);
	assert_true(same * 10 >= edits * 9);
	Pos c;
	while (doc_undo(&d, &c))
		check(&d);
	doc_release(&d);
	buf_release(&en);
	buf_release(&ko);
}

/* ---- the first edits do not copy the tables --------------------------------- */

/* 600 sections of a title and a paragraph, loaded and checked (en and ko
 * hold the texts: the caller releases them). */
static void load_sections(Doc *d, Buf *en, Buf *ko)
{
	for (int k = 0; k < 600; k++) {
		buf_addf(en, "Section %d\n==========\n\nThe paragraph %d.\n\n", k, k);
		buf_addf(ko, "절 %d\n==========\n\n문단 %d.\n\n", k, k);
	}
	doc_init(d);
	doc_load(d, "big.rst", ko->p, ko->len, "big.en.rst", en->p, en->len);
	check(d);
}

/* Loaded and fitted, the line table, the blocks and the segments keep a
 * little room (XFIT_ROOM): the first edits that add a line, a block and a
 * segment grow none of them (at 1M lines each grow copied 18-27 MB: the
 * first newline took 7-16 ms).  Counted by the tables' capacities, which
 * change exactly when a table is reallocated; the sizes are chosen so the
 * fit shrinks each table (its capacity by doubling is over n + n / 8). */
static void test_first_edits_grow_no_table(void **state)
{
	(void)state;
	Buf en = BUF_INIT, ko = BUF_INIT;
	Doc d;
	load_sections(&d, &en, &ko);
	size_t lines = d.tgt.cap, blocks = d.tgt_host.blocks.cap, segs = d.al.cap;
	size_t ln = d.tgt.n, bn = d.tgt_host.blocks.n, sn = d.al.n;
	assert_true(lines > ln && blocks > bn && segs > sn);
	/* a new paragraph after the first one, then a few more lines */
	Pos at = {3, lines_line(&d.tgt, 3)->n};
	for (int k = 0; k < 4; k++) {
		at = doc_replace(&d, at, at, "\n\n새 문단.", strlen("\n\n새 문단."), CH_OTHER);
		check(&d);
	}
	print_message("# lines %zu -> %zu (cap %zu), blocks %zu -> %zu (cap %zu), segments %zu -> "
	              "%zu (cap %zu)\n",
	              ln, d.tgt.n, lines, bn, d.tgt_host.blocks.n, blocks, sn, d.al.n, segs);
	assert_true(d.tgt.n > ln && d.tgt_host.blocks.n > bn && d.al.n > sn);
	assert_int_equal(d.tgt.cap, lines);
	assert_int_equal(d.tgt_host.blocks.cap, blocks);
	assert_int_equal(d.al.cap, segs);
	Pos c;
	while (doc_undo(&d, &c))
		check(&d);
	doc_release(&d);
	buf_release(&en);
	buf_release(&ko);
}

/* Are segments x and y the same, y's target blocks dn later? */
static bool seg_moved(const Segment *x, const Segment *y, long dn)
{
	return y->src == x->src && y->src_n == x->src_n && (long)y->tgt == (long)x->tgt + dn &&
	       y->tgt_n == x->tgt_n && y->kind == x->kind && y->status == x->status &&
	       y->no_prose == x->no_prose;
}

/* An edit that adds blocks and segments moves the segments after it up
 * by the new segments and their target blocks by the new blocks, in the
 * pass that moves them (src/align/update.c move_segments); its undo
 * moves them back down: every one of them, the first and the last too. */
static void test_segments_after_new_blocks_move_once(void **state)
{
	(void)state;
	Buf en = BUF_INIT, ko = BUF_INIT;
	Doc d;
	load_sections(&d, &en, &ko);
	size_t on = d.al.n, obn = d.tgt_host.blocks.n;
	Segment *old = xmalloc(on * sizeof(Segment));
	memcpy(old, d.al.v, on * sizeof(Segment));
	/* section 300's paragraph is target block 601, line 1503 */
	size_t ke = on;
	for (size_t k = 0; k < on; k++)
		if (old[k].tgt_n && old[k].tgt == 601)
			ke = k;
	assert_true(ke < on - 1);
	/* a new section after it: a title and a paragraph the English lacks */
	const char *add = "\n\n새 절\n==========\n\n새 문단.";
	Pos at = {1503, lines_line(&d.tgt, 1503)->n};
	doc_replace(&d, at, at, add, strlen(add), CH_OTHER);
	check(&d);
	long dk = (long)d.al.n - (long)on, dn = (long)d.tgt_host.blocks.n - (long)obn;
	print_message("# %zu segments, %ld new; %zu target blocks, %ld new\n", on, dk, obn, dn);
	assert_true(dk > 0 && dn > 0);
	size_t moved = 0;
	for (size_t k = ke + 1; k < on; k++)
		moved += seg_moved(&old[k], &d.al.v[(size_t)((long)k + dk)], dn);
	assert_int_equal(moved, on - ke - 1);
	for (size_t k = 0; k < ke; k++)
		assert_true(seg_moved(&old[k], &d.al.v[k], 0));
	Pos c;
	assert_true(doc_undo(&d, &c));
	check(&d);
	assert_int_equal(d.al.n, on);
	size_t same = 0;
	for (size_t k = 0; k < on; k++)
		same += seg_moved(&old[k], &d.al.v[k], 0);
	assert_int_equal(same, on);
	free(old);
	doc_release(&d);
	buf_release(&en);
	buf_release(&ko);
}

/* A change in the number of blocks moves the alignment memo's feature
 * records between it and the change before (AlignMemo's gap buffer,
 * src/align/align-private.h), not those of every block after it: the
 * first new section in the middle moves the ~600 records after it once,
 * its undo and the same edit again (four times) move none but the
 * window's, a new section 10 sections further moves the ~20 records in
 * between.  Counted by the memo's moved records; the memo equals the one
 * of loading the text at the end. */
static void test_feature_records_move_to_the_change(void **state)
{
	(void)state;
	Buf en = BUF_INIT, ko = BUF_INIT;
	Doc d;
	load_sections(&d, &en, &ko);
	size_t tn = d.tgt_host.blocks.n, m0 = align_memo_moved(d.am);
	const char *add = "\n\n새 절\n==========\n\n새 문단.";
	Pos c, at = {1503, lines_line(&d.tgt, 1503)->n}; /* section 300's paragraph */
	for (int k = 0; k < 4; k++) {
		doc_replace(&d, at, at, add, strlen(add), CH_OTHER);
		check(&d);
		assert_true(doc_undo(&d, &c));
		check(&d);
	}
	size_t m1 = align_memo_moved(d.am);
	at = (Pos){1553, lines_line(&d.tgt, 1553)->n}; /* section 310's */
	doc_replace(&d, at, at, add, strlen(add), CH_OTHER);
	check(&d);
	size_t m2 = align_memo_moved(d.am);
	print_message("# %zu target blocks; 8 edits at block 601 moved %zu records, one 20 blocks "
	              "later %zu\n", tn, m1 - m0, m2 - m1);
	assert_true(m1 - m0 >= tn - 602 && m1 - m0 <= tn - 602 + 8 * 4);
	assert_true(m2 - m1 >= 20 && m2 - m1 <= 20 + 4);
	assert_as_loaded(&d, en.p, en.len, "a new section after 8 edits 10 sections before");
	while (doc_undo(&d, &c))
		check(&d);
	doc_release(&d);
	buf_release(&en);
	buf_release(&ko);
}

/* ---- a long paragraph: its re-alignment waits for idle time ---------------- */

/* d (nothing pending) equals a document loaded from its text: every field
 * of every segment, and the alignment memo. */
static void assert_as_loaded(const Doc *d, const char *src, size_t sn, const char *what)
{
	char *t = text(d);
	Doc f;
	doc_init(&f);
	doc_load(&f, "d.rst", t, strlen(t), "d.en.rst", src, sn);
	if (f.al.n != d->al.n)
		fail_msg("%s: %zu segments, loading the text gives %zu", what, d->al.n, f.al.n);
	for (size_t k = 0; k < f.al.n; k++) {
		const Segment *x = &f.al.v[k], *y = &d->al.v[k];
		if (x->src != y->src || x->src_n != y->src_n || x->tgt != y->tgt ||
		    x->tgt_n != y->tgt_n || x->kind != y->kind || x->status != y->status ||
		    x->no_prose != y->no_prose)
			fail_msg("%s: segment %zu differs from loading the text", what, k);
	}
	if (!align_memo_same(f.am, d->am))
		fail_msg("%s: the alignment memo differs from loading the text", what);
	doc_release(&f);
	free(t);
}

/* The first line of the long paragraph, and its last. */
static void long_lines(const Doc *d, size_t *first, size_t *last)
{
	*first = *last = 0;
	for (size_t b = 0; b < d->tgt_host.blocks.n; b++) {
		const Block *k = &d->tgt_host.blocks.v[b];
		if (k->last - k->first > *last - *first) {
			*first = k->first;
			*last = k->last;
		}
	}
}

static void test_long_paragraph_waits_then_equals_full(void **state)
{
	(void)state;
	Buf src = BUF_INIT, tgt = BUF_INIT;
	buf_adds(&src, "Title\n=====\n\nIntro with ``torch`` words.\n\n");
	buf_adds(&tgt, "제목\n====\n\n``torch`` 를 쓰는 소개.\n\n");
	for (int i = 0; i < 500; i++) {
		buf_adds(&src, "The tensor ``x`` holds the data of the batch and the model.\n");
		buf_adds(&tgt, "텐서 ``x`` 는 배치와 모델의 데이터를 담습니다.\n");
	}
	buf_adds(&src, "\nAfter the long one.\n\nSecond\n======\n\nLast paragraph.\n");
	buf_adds(&tgt, "\n긴 문단 다음.\n\n둘째\n====\n\n마지막 문단.\n");
	Doc d;
	doc_init(&d);
	doc_load(&d, "d.rst", tgt.p, tgt.len, "d.en.rst", src.p, src.len);
	check(&d);
	size_t deferred = 0, compared = 0, edits = 0;
	rnd_x = 7;
	for (int k = 0; k < 160; k++) {
		size_t f, l;
		long_lines(&d, &f, &l);
		size_t i = f + rnd(l - f + 1);
		Str ln = lines_get(&d.tgt, i);
		int what = (int)rnd(10);
		Pos c;
		switch (what) {
		case 0: case 1: case 2: case 3: /* typing inside the long paragraph */
			doc_replace(&d, (Pos){i, ln.n}, (Pos){i, ln.n}, "가", strlen("가"), CH_TYPE);
			break;
		case 4: /* Backspace of a syllable at the line's start */
			if (ln.n >= 3 && (unsigned char)ln.p[0] >= 0xe0)
				doc_replace(&d, (Pos){i, 0}, (Pos){i, 3}, "", 0, CH_DEL_BACK);
			break;
		case 5: { /* a line broken after its first space */
			const char *sp = memchr(ln.p, ' ', ln.n);
			if (sp && (size_t)(sp - ln.p) + 1 < ln.n) {
				size_t col = (size_t)(sp - ln.p) + 1;
				doc_replace(&d, (Pos){i, col}, (Pos){i, col}, "\n", 1, CH_OTHER);
			}
			break;
		}
		case 6:
			doc_undo(&d, &c);
			break;
		case 7: { /* an edit in another paragraph */
			size_t j = d.tgt.n - 1;
			Str lj = lines_get(&d.tgt, j);
			doc_replace(&d, (Pos){j, lj.n}, (Pos){j, lj.n}, "끝", strlen("끝"), CH_TYPE);
			break;
		}
		case 8: /* a blank line: the paragraph split (rarely) */
			if (rnd(4) == 0)
				doc_replace(&d, (Pos){i, 0}, (Pos){i, 0}, "\n", 1, CH_OTHER);
			break;
		default:
			doc_redo(&d, &c);
			break;
		}
		edits++;
		check(&d);
		deferred += d.stale != 0;
		if (d.stale)
			assert_true(doc_align_partial(&d));
		if (rnd(3) == 0 || k == 159) {
			/* idle time: everything exact */
			while (doc_align_step(&d, 0, 64))
				;
			assert_false(doc_align_partial(&d));
			char *w = xasprintf("edit %d (%d)", k, what);
			assert_as_loaded(&d, src.p, src.len, w);
			free(w);
			compared++;
		}
	}
	print_message("# %zu edits near a long paragraph: %zu waited for idle time; %zu "
	              "comparisons with a fresh load, all equal\n", edits, deferred, compared);
	assert_true(deferred >= 40 && compared >= 40);
	doc_release(&d);
	buf_release(&src);
	buf_release(&tgt);
}

/* An edit that could make a line longer than a Line holds is refused
 * (nothing changes, nothing to undo); one just inside the bound's check
 * with a short text goes through.  The refused bytes are never read, so
 * the test needs no 512 MiB buffer. */
/* An edit that would make more than LINES_MAX_LINES lines is refused
 * with the file's name: a document that says it holds the most lines
 * (two Lines in its table: only the edit's are read) takes a text without
 * a newline, not one with. */
static void test_too_many_lines_refused(void **state)
{
	(void)state;
	Line two[2] = {{.at = 0, .n = 1}, {.at = 1, .n = 0}};
	Doc d;
	memset(&d, 0, sizeof(d));
	d.path = (char *)"big.rst";
	d.tgt.v = two;
	d.tgt.base = (char *)"x";
	d.tgt.n = d.tgt.gap = LINES_MAX_LINES;
	Err e;
	err_init(&e);
	Pos a = {0, 1};
	assert_true(doc_replace_fits(&d, a, a, "yz", 2, &e));
	assert_false(doc_replace_fits(&d, a, a, "y\nz", 3, &e));
	assert_string_equal(e.msg, "big.rst: more than 4294967294 lines");
	/* a newline that joins two lines makes none more */
	assert_true(doc_replace_fits(&d, (Pos){0, 0}, (Pos){1, 0}, "y\n", 2, &e));
}

static void test_overlong_line_refused(void **state)
{
	(void)state;
	Doc d;
	load(&d);
	Buf before = BUF_INIT;
	lines_serialize(&d.tgt, &before);
	static const char small[1] = {'x'};
	Pos a = {3, 2};
	Pos at = doc_replace(&d, a, a, small, (size_t)LINES_MAX_LINE + 1, CH_TYPE);
	assert_int_equal(at.line, 3);
	assert_int_equal(at.col, 2);
	/* a's head and b's tail count too */
	at = doc_replace(&d, a, a, small, (size_t)LINES_MAX_LINE - 2, CH_TYPE);
	assert_int_equal(at.col, 2);
	assert_false(doc_modified(&d));
	Pos cur;
	assert_false(doc_undo(&d, &cur));
	Buf after = BUF_INIT;
	lines_serialize(&d.tgt, &after);
	assert_int_equal(after.len, before.len);
	assert_memory_equal(after.p, before.p, before.len);
	Err e;
	err_init(&e);
	assert_false(doc_replace_fits(&d, a, a, small, (size_t)LINES_MAX_LINE + 1, &e));
	assert_string_equal(e.msg, "d.rst:4: the line would be longer than 536870911 bytes");
	at = doc_replace(&d, a, a, small, 1, CH_TYPE);
	assert_int_equal(at.col, 3);
	assert_true(doc_modified(&d));
	check(&d);
	buf_release(&before);
	buf_release(&after);
	doc_release(&d);
}

/* The user's statuses reserved for all of a real pair's segments: setting
 * them never grows the table (a doubling rehashes all it holds), and each
 * reads back, as it does without the reservation. */
static void test_user_statuses_reserved(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	size_t grown = 0; /* the pairs whose table grew without the reservation */
	for (char **p = pairs; *p; p++) {
		char *en = xasprintf("%s.en.rst", *p), *ko = xasprintf("%s.ko.rst", *p);
		size_t sn, tn;
		char *src = tu_corpus_file(en, &sn), *tgt = tu_corpus_file(ko, &tn);
		for (int reserve = 0; reserve < 2; reserve++) {
			Doc d;
			doc_init(&d);
			doc_load(&d, ko, tgt, tn, en, src, sn);
			size_t n = 0;
			for (size_t k = 0; k < d.al.n; k++)
				n += d.al.v[k].src_n > 0;
			if (reserve)
				doc_user_reserve(&d, n);
			size_t cap = d.user.cap, grew = 0;
			for (size_t k = 0; k < d.al.n; k++) {
				doc_set_status(&d, k, k % 2 ? ST_DONE : ST_REVIEWED);
				grew += d.user.cap != cap;
				cap = d.user.cap;
			}
			if (reserve && grew)
				fail_msg("%s: the reserved table grew %zu times", ko, grew);
			grown += !reserve && grew > 1;
			assert_true(d.user.n * 4 <= d.user.cap * 3);
			for (size_t k = 0; k < d.al.n; k++)
				assert_int_equal(doc_seg_status(&d, k), k % 2 ? ST_DONE : ST_REVIEWED);
			doc_release(&d);
		}
		free(src);
		free(tgt);
		free(en);
		free(ko);
	}
	bool any = pairs[0] != NULL;
	tu_free_list(pairs);
	if (!any)
		skip();
	assert_true(grown > 0); /* the test has tables that double */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typing_is_one_record),
		cmocka_unit_test(test_deleting_merges_by_direction),
		cmocka_unit_test(test_a_save_ends_the_record),
		cmocka_unit_test(test_local_realignment),
		cmocka_unit_test(test_local_equals_full_on_corpus),
		cmocka_unit_test(test_eol_counts_follow_edits),
		cmocka_unit_test(test_title_styles_reordered_by_an_edit),
		cmocka_unit_test(test_large_document_rematches_locally),
		cmocka_unit_test(test_long_paragraph_waits_then_equals_full),
		cmocka_unit_test(test_overlong_line_refused),
		cmocka_unit_test(test_too_many_lines_refused),
		cmocka_unit_test(test_first_edits_grow_no_table),
		cmocka_unit_test(test_segments_after_new_blocks_move_once),
		cmocka_unit_test(test_feature_records_move_to_the_change),
		cmocka_unit_test(test_user_statuses_reserved),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
