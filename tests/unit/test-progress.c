/* progress: statuses from the sidecar applied to alignments, stored back,
 * stale detection with two real English revisions from the corpus history,
 * counting. */
#include "testutil.h"

#include "yeok/diff.h"
#include "yeok/pair.h"
#include "yeok/progress.h"

typedef struct Doc {
	Lines l;
	RstDoc d;
} Doc;

static void doc_load(Doc *x, const char *s, size_t n)
{
	lines_init(&x->l);
	lines_parse(&x->l, s, n);
	rst_init(&x->d);
	rst_segment(&x->l, &x->d);
}

static void doc_str(Doc *x, const char *s)
{
	doc_load(x, s, strlen(s));
}

static void doc_file(Doc *x, const char *corpus_name)
{
	size_t n;
	char *s = tu_corpus_file(corpus_name, &n);
	doc_load(x, s, n);
	free(s);
}

static void doc_free(Doc *x)
{
	rst_release(&x->d);
	lines_release(&x->l);
}

static void check_all(const Progress *p, const Alignment *a, const Sidecar *sc)
{
	Err e;
	err_init(&e);
	if (!progress_check(p, a, &e) || !sidecar_check(sc, &e))
		fail_msg("invariant: %s", e.msg);
}

/* Align src/tgt and apply sc. */
static void apply(const Sidecar *sc, Doc *src, Doc *tgt, Alignment *a, Progress *p)
{
	align_docs(&src->l, &src->d, &tgt->l, &tgt->d, a);
	progress_apply(sc, &src->l, &src->d, &tgt->l, &tgt->d, a, p);
	check_all(p, a, sc);
}

/* Save sc to a file and read it back (every test goes through YAML). */
static void reload(Sidecar *sc)
{
	Buf b = BUF_INIT;
	sidecar_emit(sc, &b);
	Err e;
	err_init(&e);
	if (!sidecar_parse(b.p, b.len, "t.yeok.yaml", sc, &e))
		fail_msg("reload: %s", e.msg);
	buf_release(&b);
}

static size_t count_status(const Alignment *a, SegStatus st)
{
	size_t n = 0;
	for (size_t i = 0; i < a->n; i++)
		n += a->v[i].status == st;
	return n;
}

static void test_keys_documented(void **state)
{
	(void)state;
	Doc x;
	doc_str(&x, "Title\n=====\n\n   Indented  \n   paragraph.\n");
	Buf b = BUF_INIT;
	pair_blocks_text(&x.l, &x.d, 0, x.d.n, &b);
	assert_string_equal(b.p, "Title\n\nIndented\nparagraph.");
	SidecarKey k = sidecar_key(b.p, b.len);
	/* printf 'Title\n\nIndented\nparagraph.' | sha256sum | cut -c1-16 */
	assert_string_equal(k.hex, "006c609a7ddb4f6d");
	buf_release(&b);
	doc_free(&x);
}

static void test_done_restored_and_duplicates(void **state)
{
	(void)state;
	const char *en = "Title\n=====\n\nOutput:\n\nFirst.\n\nOutput:\n\nSecond.\n";
	const char *ko = "제목\n====\n\n출력:\n\n첫째.\n\n출력:\n\n둘째.\n";
	Doc s, t;
	doc_str(&s, en);
	doc_str(&t, ko);
	Sidecar sc;
	sidecar_init(&sc);
	Alignment a;
	align_init(&a);
	Progress p;
	progress_init(&p);
	apply(&sc, &s, &t, &a, &p);
	assert_int_equal(a.n, 5);
	assert_int_equal(count_status(&a, ST_DRAFT), 5);
	/* Mark the second "Output:" done and the title reviewed. */
	a.v[0].status = ST_REVIEWED;
	a.v[3].status = ST_DONE;
	progress_store(&sc, &a, &p);
	assert_int_equal(sc.segs.n, 5); /* drafts are stored too */
	reload(&sc);
	apply(&sc, &s, &t, &a, &p);
	assert_int_equal(a.v[0].status, ST_REVIEWED);
	assert_int_equal(a.v[1].status, ST_DRAFT);
	assert_int_equal(a.v[3].status, ST_DONE); /* k-th duplicate takes k-th entry */
	assert_int_equal(count_status(&a, ST_DONE), 1);
	/* Stored drafts carry no decision: an untranslated text stays so. */
	Doc t2;
	doc_str(&t2, "제목\n====\n\nOutput:\n\n첫째.\n\n출력:\n\n둘째.\n");
	apply(&sc, &s, &t2, &a, &p);
	assert_int_equal(a.v[1].status, ST_UNTRANSLATED);
	doc_free(&t2);

	ProgressCount c = {0};
	progress_count(&a, &c);
	assert_int_equal(c.total, 5);
	assert_int_equal(c.untranslated, 1);
	assert_int_equal(c.reviewed, 1);
	assert_int_equal(c.done, 1);
	assert_true(progress_percent(&c) > 79.9 && progress_percent(&c) < 80.1);
	progress_release(&p);
	align_release(&a);
	sidecar_release(&sc);
	doc_free(&s);
	doc_free(&t);
}

static void test_stale_small(void **state)
{
	(void)state;
	Doc s1, s2, t;
	doc_str(&s1, "Title\n=====\n\nThe model learns fast.\n\nKeep this.\n");
	doc_str(&s2, "Title\n=====\n\nThe model learns very fast.\n\nKeep this.\n");
	doc_str(&t, "제목\n====\n\n모델은 빨리 배웁니다.\n\n이것을 유지하세요.\n");
	Sidecar sc;
	sidecar_init(&sc);
	Alignment a;
	align_init(&a);
	Progress p;
	progress_init(&p);
	apply(&sc, &s1, &t, &a, &p);
	for (size_t i = 0; i < a.n; i++)
		a.v[i].status = ST_DONE;
	progress_store(&sc, &a, &p);
	reload(&sc);

	/* The English of the paragraph changed: stale, the others done. */
	apply(&sc, &s2, &t, &a, &p);
	assert_int_equal(a.v[0].status, ST_DONE);
	assert_int_equal(a.v[1].status, ST_STALE);
	assert_int_equal(a.v[2].status, ST_DONE);
	/* The old English is found in the old source and word-diffed. */
	Buf old = BUF_INIT, cur = BUF_INIT;
	assert_true(progress_find_text(&s1.l, &s1.d, p.v[1].old_key, &old));
	assert_string_equal(old.p, "The model learns fast.");
	pair_blocks_text(&s2.l, &s2.d, a.v[1].src, a.v[1].src_n, &cur);
	DiffWords wa = {0}, wb = {0};
	Diff d = {0};
	diff_words(old.p, old.len, cur.p, cur.len, &wa, &wb, &d);
	size_t ins = 0;
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].kind == DIFF_INS)
			for (size_t k = 0; k < d.v[i].len; k++)
				ins += !strncmp(cur.p + wb.v[d.v[i].b_pos + k].off, "very", 4);
	assert_int_equal(ins, 1);
	diff_release(&d);
	VEC_FREE(&wa);
	VEC_FREE(&wb);

	/* The session keeps the old English in the sidecar: stale survives a
	 * reopen, even once the recorded source is the new one. */
	assert_null(p.v[1].old);
	assert_int_equal(progress_fill_old(&p, &a, NULL, NULL), 1);
	assert_int_equal(progress_fill_old(&p, &a, &s1.l, &s1.d), 0);
	assert_string_equal(p.v[1].old, "The model learns fast.");
	buf_release(&old);
	progress_store(&sc, &a, &p);
	reload(&sc);
	apply(&sc, &s2, &t, &a, &p);
	assert_int_equal(a.v[1].status, ST_STALE);
	assert_string_equal(p.v[1].old, "The model learns fast.");

	/* Editing the stale translation without marking it done: still stale. */
	size_t first, last;
	assert_true(align_tgt_lines(&a.v[1], &t.d, &first, &last));
	lines_set(&t.l, first, "모델은 아주 빨리 배웁니다.", strlen("모델은 아주 빨리 배웁니다."));
	rst_segment(&t.l, &t.d);
	progress_retarget(&p, 1, &t.l, &t.d, &a);
	progress_store(&sc, &a, &p);
	reload(&sc);
	apply(&sc, &s2, &t, &a, &p);
	assert_int_equal(a.v[1].status, ST_STALE);

	/* Marking it done ends the stale state. */
	a.v[1].status = ST_DONE;
	progress_store(&sc, &a, &p);
	reload(&sc);
	apply(&sc, &s2, &t, &a, &p);
	assert_int_equal(count_status(&a, ST_DONE), 3);
	assert_null(sc.segs.v[1].old);

	buf_release(&cur);
	progress_release(&p);
	align_release(&a);
	sidecar_release(&sc);
	doc_free(&s1);
	doc_free(&s2);
	doc_free(&t);
}

/* Two English revisions of distributed_device_mesh from the history:
 * v2.8.0 (349cbf1eed), which PR #1132 translated, and v2.3.1 (42be0e1e23).
 * Done against one, opened against the other: exactly the segments whose
 * English differs between the two revisions become stale. */
static void test_stale_history(void **state)
{
	(void)state;
	Doc en_new, en_old, ko;
	doc_file(&en_new, "history/recipes_source__distributed_device_mesh-02-349cbf1eed.rst");
	doc_file(&en_old, "history/recipes_source__distributed_device_mesh-01-42be0e1e23.rst");
	doc_file(&ko, "history/recipes_source__distributed_device_mesh-05-856796b87d.rst");
	Sidecar sc;
	sidecar_init(&sc);
	Alignment a;
	align_init(&a);
	Progress p;
	progress_init(&p);
	apply(&sc, &en_new, &ko, &a, &p);
	size_t marked = 0;
	for (size_t i = 0; i < a.n; i++)
		if (a.v[i].status == ST_DRAFT) {
			a.v[i].status = ST_DONE;
			marked++;
		}
	assert_true(marked >= 20);
	progress_store(&sc, &a, &p);
	reload(&sc);

	/* Same English again: everything comes back done. */
	apply(&sc, &en_new, &ko, &a, &p);
	assert_int_equal(count_status(&a, ST_DONE), marked);
	assert_int_equal(count_status(&a, ST_STALE), 0);

	/* The other revision of the English. */
	apply(&sc, &en_old, &ko, &a, &p);
	size_t stale = count_status(&a, ST_STALE), done = count_status(&a, ST_DONE);
	print_message("# device_mesh: %zu done against 349cbf1eed; against 42be0e1e23: %zu done, "
	              "%zu stale\n", marked, done, stale);
	assert_true(stale >= 2); /* "homogenous", "Sequance" were fixed in v2.8.0 */
	/* Every done segment is accounted for: done, stale, or its English is
	 * absent from the older revision (a section v2.8.0 added: target only). */
	size_t target_only = 0;
	for (size_t i = 0; i < a.n; i++)
		if (a.v[i].src_n == 0)
			for (size_t k = 0; k < sc.segs.n; k++)
				target_only += !strcmp(sc.segs.v[k].target.hex, p.v[i].target.hex) &&
				               sc.segs.v[k].mark == SIDECAR_DONE;
	assert_int_equal(done + stale + target_only, marked);
	Buf old = BUF_INIT, cur = BUF_INIT;
	for (size_t i = 0; i < a.n; i++) {
		buf_clear(&cur);
		pair_blocks_text(&en_old.l, &en_old.d, a.v[i].src, a.v[i].src_n, &cur);
		if (a.v[i].status == ST_STALE) {
			/* Its English really differs, and the translated-against text is
			 * found in the other revision. */
			buf_clear(&old);
			assert_true(progress_find_text(&en_new.l, &en_new.d, p.v[i].old_key, &old));
			assert_true(strcmp(old.p, cur.p) != 0);
		} else if (a.v[i].status == ST_DONE) {
			/* Done means: this exact English exists in the revision it was
			 * done against. */
			buf_clear(&old);
			assert_true(progress_find_text(&en_new.l, &en_new.d, p.v[i].source, &old));
		}
	}
	buf_release(&old);
	buf_release(&cur);
	progress_release(&p);
	align_release(&a);
	sidecar_release(&sc);
	doc_free(&en_new);
	doc_free(&en_old);
	doc_free(&ko);
}

static void test_count_self(void **state)
{
	(void)state;
	Doc x;
	doc_str(&x, "제목\n====\n\nEnglish paragraph.\n\n한국어 문단.\n\n.. code-block:: python\n\n"
	            "   x = 1\n");
	ProgressCount c = {0};
	progress_count_self(&x.l, &x.d, &c);
	assert_int_equal(c.total, 3);
	assert_int_equal(c.untranslated, 1);
	assert_int_equal(c.draft, 2);
	doc_free(&x);
	ProgressCount zero = {0};
	assert_true(progress_percent(&zero) == 100.0);
}

/* Nothing to translate: a prose block whose English is only a literal, a
 * role, a URL or a substitution counts as done, not untranslated. */
static void test_nothing_to_translate(void **state)
{
	(void)state;
	assert_false(align_has_words("``torch.compile``", 17));
	assert_false(align_has_words("|edit|", 6));
	assert_false(align_has_words(":func:`torch.nn.Module`", 23));
	assert_false(align_has_words("https://pytorch.org/tutorials/x.html", 36));
	assert_false(align_has_words("`<https://x.org>`__ 1.", 22));
	assert_true(align_has_words("See ``x``.", 10));
	assert_true(align_has_words("**Author**: `Name <https://x>`_", 31));
	/* API names, as titles and list items keep them in Korean */
#define W(t) align_has_words(t, strlen(t))
	assert_false(W("nn.Flatten"));
	assert_false(W("**torch.nn**"));
	assert_false(W("`nn.Linear <https://pytorch.org/docs/stable/nn.html>`__"));
	assert_false(W("DataLoader"));
	assert_false(W("x.view()"));
	assert_false(W("cuda_tensor, fp16"));
	assert_true(W("Tensors"));
	assert_true(W("e.g. the model"));
	assert_true(W("Use nn.Flatten here"));
#undef W
	static const char src[] = "Title\n=====\n\n``torch.compile``\n\n|edit|\n\n"
	                          "Some English text here.\n";
	static const char tgt[] = "제목\n====\n\n``torch.compile``\n\n|edit|\n\n"
	                          "Some English text here.\n";
	DocPair p;
	pair_init(&p);
	pair_from_texts(&p, HOST_RST, tgt, strlen(tgt), src, strlen(src));
	ProgressCount c = {0};
	progress_count(&p.al, &c);
	/* the English paragraph is untranslated; the literal and |edit| are done */
	assert_int_equal(c.untranslated, 1);
	assert_int_equal(c.done, 2);
	size_t nothing = 0;
	for (size_t k = 0; k < p.al.n; k++)
		nothing += align_nothing_to_translate(&p.al.v[k]);
	assert_int_equal(nothing, 2);
	pair_release(&p);
	/* a translated file whose API titles and list items of API names are
	 * kept as in the English: 100 %, nothing untranslated (test-session
	 * checks the editor's header on it) */
	static const char src2[] = "Build the model\n===============\n\nWe define a network.\n\n"
	                           "nn.Flatten\n----------\n\nIt flattens the input.\n\n"
	                           "- **torch.nn**\n- `nn.Linear <https://pytorch.org/docs>`__\n";
	static const char tgt2[] = "모델 만들기\n===========\n\n신경망을 정의합니다.\n\n"
	                           "nn.Flatten\n----------\n\n입력을 평탄화합니다.\n\n"
	                           "- **torch.nn**\n- `nn.Linear <https://pytorch.org/docs>`__\n";
	pair_init(&p);
	pair_from_texts(&p, HOST_RST, tgt2, strlen(tgt2), src2, strlen(src2));
	ProgressCount c2 = {0};
	progress_count(&p.al, &c2);
	assert_int_equal(c2.untranslated, 0);
	assert_true(progress_percent(&c2) == 100.0);
	pair_release(&p);
	/* without a source: the same blocks by themselves */
	Doc x;
	doc_str(&x, "``torch.compile``\n\nEnglish paragraph.\n");
	ProgressCount d = {0};
	progress_count_self(&x.l, &x.d, &d);
	assert_int_equal(d.done, 1);
	assert_int_equal(d.untranslated, 1);
	doc_free(&x);
}

/* True numbers (issue 39): an English block with no Korean partner is
 * untranslated (not a draft); a stale segment is not translated. */
static void test_true_numbers(void **state)
{
	(void)state;
	static const char src[] = "Title\n=====\n\nThe first paragraph of the English.\n\n"
	                          "A second paragraph the Korean left out.\n\n"
	                          "The third paragraph of the English.\n";
	static const char tgt[] = "제목\n====\n\n영어의 첫 문단입니다.\n\n"
	                          "영어의 세 번째 문단입니다.\n";
	DocPair p;
	pair_init(&p);
	pair_from_texts(&p, HOST_RST, tgt, strlen(tgt), src, strlen(src));
	size_t lone = 0;
	for (size_t k = 0; k < p.al.n; k++)
		lone += p.al.v[k].src_n && !p.al.v[k].tgt_n;
	assert_int_equal(lone, 1);
	ProgressCount c = {0};
	progress_count(&p.al, &c);
	assert_int_equal(c.total, 4);
	assert_int_equal(c.untranslated, 1);
	assert_int_equal(c.draft, 3);
	assert_true(progress_percent(&c) == 75.0);
	pair_release(&p);
	ProgressCount st = {.total = 4, .draft = 2, .stale = 2};
	assert_true(progress_percent(&st) == 50.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_documented),
		cmocka_unit_test(test_done_restored_and_duplicates),
		cmocka_unit_test(test_stale_small),
		cmocka_unit_test(test_stale_history),
		cmocka_unit_test(test_count_self),
		cmocka_unit_test(test_nothing_to_translate),
		cmocka_unit_test(test_true_numbers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
