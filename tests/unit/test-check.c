/* check: the table, the inline markup rules, and every check on real corpus
 * lines (read from $CORPUS at run time) — positive and negative cases. */
#include "testutil.h"

#include "yeok/check.h"
#include "yeok/source.h"
#include "yeok/text.h"
#include "../../src/check/check-private.h"

/* ---- a document under test ------------------------------------------------ */

typedef struct TDoc {
	Lines tl, sl;
	RstDoc td, sd;
	Alignment al;
	Glossary glossary;
	CheckDoc d;
	FindingVec fv;
	bool src;
} TDoc;

static void tdoc_open_mem(TDoc *t, const char *tgt, size_t tn, const char *src, size_t sn)
{
	memset(t, 0, sizeof(*t));
	lines_init(&t->tl);
	lines_init(&t->sl);
	rst_init(&t->td);
	rst_init(&t->sd);
	align_init(&t->al);
	glossary_init(&t->glossary);
	Err e;
	err_init(&e);
	if (!glossary_load(&t->glossary, "glossary/ko.yaml", &e))
		fail_msg("%s", e.msg);
	lines_parse(&t->tl, tgt, tn);
	rst_segment(&t->tl, &t->td);
	t->src = src != NULL;
	if (src) {
		lines_parse(&t->sl, src, sn);
		rst_segment(&t->sl, &t->sd);
		align_docs(&t->sl, &t->sd, &t->tl, &t->td, &t->al);
	}
	check_doc_init(&t->d, &t->tl, &t->td, src ? &t->sl : NULL, src ? &t->sd : NULL,
	               src ? &t->al : NULL, &t->glossary);
}

/* Corpus pair NAME: the Korean file, with its English source or not. */
static void tdoc_open_pair(TDoc *t, const char *name, bool with_src)
{
	char *kn = xasprintf("%s.ko.rst", name), *en = xasprintf("%s.en.rst", name);
	size_t kl, el;
	char *k = tu_corpus_file(kn, &kl);
	char *s = with_src ? tu_corpus_file(en, &el) : NULL;
	tdoc_open_mem(t, k, kl, s, with_src ? el : 0);
	free(k);
	free(s);
	free(kn);
	free(en);
}

/* The English file of a pair as a document of its own (no source). */
static void tdoc_open_english(TDoc *t, const char *name)
{
	char *en = xasprintf("%s.en.rst", name);
	size_t el;
	char *s = tu_corpus_file(en, &el);
	tdoc_open_mem(t, s, el, NULL, 0);
	free(s);
	free(en);
}

static void tdoc_run(TDoc *t, CheckId only)
{
	findings_clear(&t->fv);
	CheckSet set;
	memset(&set, 0, sizeof(set));
	set.on[only] = true;
	check_document(&t->d, &set, &t->fv);
}

static void tdoc_close(TDoc *t)
{
	findings_clear(&t->fv);
	check_doc_release(&t->d);
	align_release(&t->al);
	rst_release(&t->td);
	rst_release(&t->sd);
	lines_release(&t->tl);
	lines_release(&t->sl);
	glossary_release(&t->glossary);
}

/* The finding on 1-based line `line` whose message has text (NULL: any),
 * or NULL. */
static const Finding *at_line_with(const TDoc *t, size_t line, const char *text)
{
	for (size_t i = 0; i < t->fv.n; i++)
		if (t->fv.v[i].line + 1 == line && (!text || strstr(t->fv.v[i].message, text)))
			return &t->fv.v[i];
	return NULL;
}

static const Finding *at_line(const TDoc *t, size_t line)
{
	return at_line_with(t, line, NULL);
}

static const Finding *expect_at(const TDoc *t, size_t line, CheckSeverity sev, const char *text)
{
	const Finding *f = at_line_with(t, line, text);
	if (!f)
		f = at_line(t, line);
	if (!f) {
		Buf all = BUF_INIT;
		for (size_t i = 0; i < t->fv.n && i < 8; i++)
			buf_addf(&all, "\n  %zu: %s", (size_t)t->fv.v[i].line + 1, t->fv.v[i].message);
		fail_msg("no finding on line %zu; have %zu:%s", line, t->fv.n, all.p ? all.p : "");
	}
	assert_int_equal(f->sev, sev);
	if (text && !strstr(f->message, text))
		fail_msg("line %zu: \"%s\" lacks \"%s\"", line, f->message, text);
	return f;
}

static void expect_none_at(const TDoc *t, size_t line)
{
	const Finding *f = at_line(t, line);
	if (f)
		fail_msg("unexpected finding on line %zu: %s", line, f->message);
}

/* ---- the table --------------------------------------------------------------- */

static void test_table(void **state)
{
	(void)state;
	static const char *const ids[] = {"glossary", "markup-spacing", "title-underline",
	                                  "code-changed", "markup-mismatch",
	                                  "directive-translated", "broken-reference",
	                                  "translator-line", "reference-title", "untranslated",
	                                  "spelling", "whitespace", "spacing", "punctuation",
	                                  "consistency", "structure", "link", "style", "omission",
	                                  "source-stale", "py-structure", "numbers"};
	assert_int_equal(ARRAY_LEN(ids), CK_COUNT);
	for (size_t i = 0; i < CK_COUNT; i++) {
		assert_string_equal(check_info((CheckId)i)->id, ids[i]);
		CheckId id;
		assert_true(check_id_parse(str_from(ids[i]), &id));
		assert_int_equal(id, i);
	}
	assert_true(check_info(CK_SPELLING)->available); /* src/spell landed */
	assert_true(check_info(CK_CODE_CHANGED)->needs_source);
	assert_false(check_info(CK_MARKUP_SPACING)->needs_source);
	CheckSet s;
	check_set_all(&s);
	assert_true(s.on[CK_SPELLING]);
	assert_true(s.on[CK_WHITESPACE]);
	Err e;
	err_init(&e);
	assert_true(check_set_parse(&s, "whitespace, glossary", false, &e));
	assert_false(s.on[CK_WHITESPACE] || s.on[CK_GLOSSARY]);
	assert_true(s.on[CK_TITLE_UNDERLINE]);
	assert_true(check_set_parse(&s, "title-underline", true, &e));
	for (size_t i = 0; i < CK_COUNT; i++)
		assert_int_equal(s.on[i], i == CK_TITLE_UNDERLINE);
	assert_false(check_set_parse(&s, "title-underline,nonsense", true, &e));
	assert_int_equal(e.code, EXIT_USAGE);
	assert_non_null(strstr(e.msg, "unknown check 'nonsense'"));
	assert_true(s.on[CK_TITLE_UNDERLINE]); /* unchanged on error */
}

/* ---- inline markup rules --------------------------------------------------- */

/* "kind:glued" per construct: L literal, R role, I interpreted, F reference,
 * S strong, E emphasis, U substitution, N footnote; suffix a (glued after),
 * b (glued before), u (unterminated). */
static void expect_scan(const char *s, const char *want)
{
	InlineVec v = {0};
	inline_scan(s, strlen(s), &v);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < v.n; i++) {
		static const char kinds[] = "LSERIFUNT";
		buf_addc(&b, kinds[v.v[i].kind]);
		if (v.v[i].glued_after)
			buf_addc(&b, 'a');
		if (v.v[i].glued_before)
			buf_addc(&b, 'b');
		if (v.v[i].unterminated)
			buf_addc(&b, 'u');
		buf_addc(&b, ' ');
	}
	if (b.len)
		b.p[--b.len] = '\0';
	if (strcmp(b.p ? b.p : "", want) != 0)
		fail_msg("scan \"%s\": got \"%s\", want \"%s\"", s, b.p ? b.p : "", want);
	buf_release(&b);
	VEC_FREE(&v);
}

static void test_inline_rules(void **state)
{
	(void)state;
	expect_scan("plain ``code`` and :func:`f` and `link <https://x>`_ end", "L R F");
	expect_scan("``텐서``를 만듭니다", "La");
	expect_scan("``텐서`` 를 만듭니다", "L");
	expect_scan("``텐서``\\ 를 만듭니다", "L");
	expect_scan("모델의``tensor`` 입니다", "Lb");
	expect_scan(":class:`Tensor`를 반환", "Ra");
	expect_scan("`링크 <https://x.org>`__를 보세요", "Fa");
	expect_scan("**굵게**는", "Sa");
	expect_scan("각주[#]_를", "Nab");
	expect_scan("(``x``)", "L");           /* punctuation around is fine */
	expect_scan("「``x``」", "L");          /* CJK punctuation is a delimiter */
	expect_scan("2 * 3 * 4", "");           /* rule 2: followed by whitespace */
	expect_scan("a*b*c", "");               /* rule 1: inside a word */
	expect_scan("'*' and \"*\"", "");       /* rule 5: quoted */
	expect_scan("\\``not literal``", "");   /* rule 7: escaped */
	expect_scan("*args and more", "Eu");    /* no end-string: docutils warns */
	expect_scan("``a``s and ``b``", "L");   /* docutils' reading: one literal a``s...b */
	expect_scan("|sub| and |sub|_ here", "U U");
	/* "||" is text (docutils reads the bars between links as text), and
	 * so is a bar glued to it */
	expect_scan("**Learn** ||\n`Quickstart <q.html>`_ ||\n`Tensors <t.html>`_ ||", "S F F");
	expect_scan("a ||b| c", "");
	expect_scan("`text`:role: and `x`", "R I");
	/* linear: many unterminated starts */
	Buf big = BUF_INIT;
	for (int i = 0; i < 20000; i++)
		buf_adds(&big, "*a ");
	InlineVec v = {0};
	inline_scan(big.p, big.len, &v);
	assert_int_equal(v.n, 20000);
	VEC_FREE(&v);
	buf_release(&big);
	assert_int_equal(check_column_width("한글 제목", strlen("한글 제목")), 9);
	assert_int_equal(check_column_width("e\xcc\x81", 3), 1); /* combining mark */
}

/* ---- title-underline -------------------------------------------------------- */

/* title-underline on tgt against src: its finding on line (expect_at; t
 * left open). */
static const Finding *underline_run(TDoc *t, const char *tgt, const char *src, size_t line,
                                    CheckSeverity sev, const char *text)
{
	tdoc_open_mem(t, tgt, strlen(tgt), src, strlen(src));
	tdoc_run(t, CK_TITLE_UNDERLINE);
	return expect_at(t, line, sev, text);
}

static void test_title_underline(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "advanced_source__ONNXLive", false);
	tdoc_run(&t, CK_TITLE_UNDERLINE);
	/* "ONNX란 무엇인가?" is 16 columns; its underline has 13. */
	const Finding *f = expect_at(&t, 9, SEV_ERROR, "16 columns wide");
	assert_true(f->has_fix);
	assert_int_equal(f->fix.line, 8);
	assert_int_equal(strlen(f->fix.text), 16);
	CheckFix fix = f->fix;
	fix.text = xstrdup(f->fix.text);
	assert_true(check_fix_apply(&t.tl, &fix));
	free(fix.text);
	check_doc_reindex(&t.d);
	tdoc_run(&t, CK_TITLE_UNDERLINE);
	expect_none_at(&t, 9); /* fixed */
	expect_at(&t, 53, SEV_ERROR, "54 columns wide");
	tdoc_close(&t);
	/* negative: the English titles of the same tutorial are long enough */
	tdoc_open_english(&t, "advanced_source__ONNXLive");
	tdoc_run(&t, CK_TITLE_UNDERLINE);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	/* The English's own short underline, in a title still untranslated
	 * (beginner_source/blitz/autograd_tutorial.py, lines 34-35): an info
	 * that says so, not an error of the translation (check exits 0). */
#define STEP "\n\nLet's take a look at a single training step.\n"
	const char *en = "Usage in PyTorch\n~~~~~~~~~~~" STEP;
	f = underline_run(&t, en, en, 2, SEV_INFO, "16 columns wide");
	assert_non_null(strstr(f->message, "as in the English"));
	assert_true(f->has_fix);
	tdoc_close(&t);
	/* translated (its tutorials-kr title), the same underline is the
	 * translation's to fix */
	f = underline_run(&t, "PyTorch에서 사용법\n~~~~~~~~~~~" STEP, en, 2, SEV_ERROR,
	                  "18 columns wide");
	assert_null(strstr(f->message, "as in the English"));
	tdoc_close(&t);
	/* an untranslated title under a changed underline: the translation's */
	underline_run(&t, "Usage in PyTorch\n~~~~~~~~~~~~" STEP, en, 2, SEV_ERROR, "has 12");
	tdoc_close(&t);
#undef STEP
}

/* ---- markup-spacing ------------------------------------------------------------ */

static void test_markup_spacing(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "recipes_source__torchscript_inference", false);
	tdoc_run(&t, CK_MARKUP_SPACING);
	/* `pytorch.org`_에 있는: reference glued to a particle */
	const Finding *f = expect_at(&t, 24, SEV_ERROR, "`pytorch.org`_에");
	assert_non_null(strstr(f->message, "insert '\\ '"));
	assert_true(f->has_fix);
	assert_string_equal(f->fix.text, "\\ ");
	assert_string_equal(f->suggestion, "`pytorch.org`_\\ 에");
	/* Apply every fix of the line: the paragraph then scans clean. */
	size_t line = f->line;
	for (size_t i = t.fv.n; i-- > 0;) {
		if (t.fv.v[i].line == line && t.fv.v[i].has_fix)
			assert_true(check_fix_apply(&t.tl, &t.fv.v[i].fix));
	}
	check_doc_reindex(&t.d);
	tdoc_run(&t, CK_MARKUP_SPACING);
	expect_none_at(&t, 24);
	tdoc_close(&t);
	/* negative: ``preproc_func(img)`` 와 (a space before the particle) */
	tdoc_open_pair(&t, "intermediate_source__tiatoolbox_tutorial", false);
	tdoc_run(&t, CK_MARKUP_SPACING);
	expect_none_at(&t, 344);
	tdoc_close(&t);
	/* Hangul before a start-string: plain text without any docutils warning */
	const char *doc = "모델의``tensor`` 입니다.\n";
	tdoc_open_mem(&t, doc, strlen(doc), NULL, 0);
	tdoc_run(&t, CK_MARKUP_SPACING);
	f = expect_at(&t, 1, SEV_WARNING, "right after Hangul");
	assert_int_equal(f->col, 4);
	assert_int_equal(f->fix.from, strlen("모델의"));
	tdoc_close(&t);
}

/* ---- translator-line ------------------------------------------------------------ */

static void test_translator_line(void **state)
{
	(void)state;
	TDoc t;
	/* canonical: no finding */
	tdoc_open_pair(&t, "advanced_source__rpc_ddp_tutorial", false);
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	assert_int_equal(t.fv.n, 0);
	/* the same real lines without the translator line: warning */
	Buf head = BUF_INIT;
	for (size_t i = 0; i < 4; i++) {
		buf_addstr(&head, lines_get(&t.tl, i));
		buf_addc(&head, '\n');
	}
	tdoc_close(&t);
	tdoc_open_mem(&t, head.p, head.len, NULL, 0);
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	const Finding *f = expect_at(&t, 3, SEV_WARNING, "no translator line");
	assert_non_null(strstr(f->suggestion, "**번역**:"));
	tdoc_close(&t);
	buf_release(&head);
	/* variants: info to normalize (with a fix) */
	tdoc_open_pair(&t, "recipes_source__distributed_device_mesh", false);
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	f = expect_at(&t, 5, SEV_INFO, "'**역자:**'");
	assert_true(f->has_fix);
	assert_string_equal(f->fix.text, "**번역**: ");
	tdoc_close(&t);
	tdoc_open_pair(&t, "beginner_source__ddp_series_intro", false);
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	expect_at(&t, 11, SEV_INFO, "'번역:'");
	tdoc_close(&t);
	/* malformed: `Name <url>__` (the _ inside) and a URL without https:// */
	tdoc_open_pair(&t, "intermediate_source__FSDP_tutorial", false);
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	assert_int_equal(t.fv.n, 2);
	assert_int_equal(t.fv.v[0].sev, SEV_INFO);
	assert_int_equal(t.fv.v[1].sev, SEV_WARNING);
	assert_non_null(strstr(t.fv.v[1].message, "malformed"));
	tdoc_close(&t);
	tdoc_open_pair(&t, "beginner_source__deep_learning_nlp_tutorial", false);
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	expect_at(&t, 4, SEV_WARNING, "github.com/oh5221");
	tdoc_close(&t);
	/* an English original is not being translated: nothing */
	tdoc_open_english(&t, "advanced_source__rpc_ddp_tutorial");
	tdoc_run(&t, CK_TRANSLATOR_LINE);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
}

/* ---- broken-reference and directive-translated ------------------------------------ */

static void test_broken_reference(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "advanced_source__ONNXLive", false);
	tdoc_run(&t, CK_BROKEN_REFERENCE);
	/* The titles these pointed to were translated. */
	expect_at(&t, 24, SEV_ERROR, "no target named 'Download (or train) PyTorch style");
	expect_at(&t, 28, SEV_ERROR, "no target named");
	assert_int_equal(t.fv.n, 2);
	tdoc_close(&t);
	/* negative: in the English file the titles exist */
	tdoc_open_english(&t, "advanced_source__ONNXLive");
	tdoc_run(&t, CK_BROKEN_REFERENCE);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	/* explicit targets and `text <url>`_ define names */
	const char *doc = ".. _my-label:\n\n제목\n====\n\n`링크 <https://x.org>`_, `my-label`_, "
	                  "`제목`_, `링크`_, `없음`_.\n";
	tdoc_open_mem(&t, doc, strlen(doc), NULL, 0);
	tdoc_run(&t, CK_BROKEN_REFERENCE);
	assert_int_equal(t.fv.n, 1);
	assert_non_null(strstr(t.fv.v[0].message, "'없음'"));
	tdoc_close(&t);
}

static void test_directive_translated(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "advanced_source__rpc_ddp_tutorial", true);
	tdoc_run(&t, CK_DIRECTIVE_TRANSLATED);
	const Finding *f = expect_at(&t, 57, SEV_ERROR, "'.. 주의사항::'");
	assert_non_null(strstr(f->message, "attention"));
	assert_string_equal(f->suggestion, "attention");
	assert_int_equal(t.fv.n, 1);
	tdoc_close(&t);
	tdoc_open_english(&t, "advanced_source__rpc_ddp_tutorial");
	tdoc_run(&t, CK_DIRECTIVE_TRANSLATED);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
}

/* ---- code-changed ------------------------------------------------------------------ */

static void test_code_changed(void **state)
{
	(void)state;
	TDoc t;
	/* The translator changed "100. *" to "1.   *" (MANIFEST.tsv notes it). */
	tdoc_open_pair(&t, "intermediate_source__FSDP_tutorial", true);
	tdoc_run(&t, CK_CODE_CHANGED);
	const Finding *f = expect_at(&t, 210, SEV_WARNING, "100. * ddp_loss");
	assert_non_null(strstr(f->suggestion, "100. *"));
	tdoc_close(&t);
	/* translated comments and docstrings only: what a translator is
	 * asked to do, no finding (issue 40; line 70's block differs only in
	 * its comments) */
	tdoc_open_pair(&t, "advanced_source__static_quantization_tutorial", true);
	tdoc_run(&t, CK_CODE_CHANGED);
	expect_none_at(&t, 70);
	for (size_t i = 0; i < t.fv.n; i++)
		assert_int_not_equal(t.fv.v[i].sev, SEV_INFO);
	tdoc_close(&t);
	/* negative: all 26 code blocks identical */
	tdoc_open_pair(&t, "recipes_source__android_native_app_with_custom_op", true);
	tdoc_run(&t, CK_CODE_CHANGED);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	/* without a source the check does not run */
	tdoc_open_pair(&t, "intermediate_source__FSDP_tutorial", false);
	tdoc_run(&t, CK_CODE_CHANGED);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
}

/* ---- markup-mismatch, reference-title, untranslated ---------------------------------- */

/* The markup-mismatch findings of a target against its source. */
static size_t mismatches(const char *tgt, const char *src)
{
	TDoc t;
	tdoc_open_mem(&t, tgt, strlen(tgt), src, strlen(src));
	tdoc_run(&t, CK_MARKUP_MISMATCH);
	size_t n = t.fv.n;
	tdoc_close(&t);
	return n;
}

static void test_markup_mismatch(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "advanced_source__cpp_autograd", true);
	tdoc_run(&t, CK_MARKUP_MISMATCH);
	expect_at(&t, 269, SEV_WARNING, "cppdocs/api/structtorch_1_1autograd_1_1_function.html");
	tdoc_close(&t);
	/* negative: the expected URL rewrite to the Korean site, and a kept role */
	const char *src = "See `the tutorial <https://pytorch.org/tutorials/x.html#a-title>`_ and "
	                  ":func:`torch.add`.\n";
	const char *tgt = "`튜토리얼 <https://tutorials.pytorch.kr/x.html#id3>`_ 와 "
	                  ":func:`torch.add` 를 보세요.\n";
	assert_int_equal(mismatches(tgt, src), 0);
	/* negative: the install page on the Korean site (basics/intro.py) */
	const char *isrc = "Set up PyTorch (`instructions <https://pytorch.org/get-started/locally/>`_).\n";
	const char *itgt = "PyTorch를 설치하세요 (`설치 방법 <https://pytorch.kr/get-started/locally/>`_).\n";
	assert_int_equal(mismatches(itgt, isrc), 0);
	/* negative, basics/intro.py's header: the link texts between "||"
	 * bars translated, every URL kept */
	const char *bsrc = "**Learn the Basics** ||\n`Quickstart <quickstart_tutorial.html>`_ ||\n"
	                   "`Build Model <buildmodel_tutorial.html>`_\n";
	const char *btgt = "**기본 익히기** ||\n`빠른 시작 <quickstart_tutorial.html>`_ ||\n"
	                   "`신경망 모델 구성하기 <buildmodel_tutorial.html>`_\n";
	assert_int_equal(mismatches(btgt, bsrc), 0);
	const char *tgt2 = "튜토리얼과 :func:`torch.sub` 를 보세요.\n";
	tdoc_open_mem(&t, tgt2, strlen(tgt2), src, strlen(src));
	tdoc_run(&t, CK_MARKUP_MISMATCH);
	/* two problems at one position: one finding naming both */
	assert_int_equal(t.fv.n, 1);
	assert_non_null(strstr(t.fv.v[0].message, "torch.add"));
	assert_non_null(strstr(t.fv.v[0].message, "pytorch.org/tutorials/x.html"));
	tdoc_close(&t);
}

static void test_reference_title(void **state)
{
	(void)state;
	/* A real reference list entry, its title translated (positive) or kept
	 * with the original (negative). */
	size_t n;
	char *en = tu_corpus_file("recipes_source__distributed_device_mesh.en.rst", &n);
	Lines l;
	lines_init(&l);
	lines_parse(&l, en, n);
	Str item = lines_get(&l, 177); /* "- `2D parallel combining ... <url>`__" */
	assert_true(str_starts_with(item, "- `2D parallel"));
	const char *lt = memchr(item.p, '<', item.n);
	Str title = {item.p + 3, (size_t)(lt - item.p) - 4};
	Str rest = {lt, item.n - (size_t)(lt - item.p)};
	char *src = xasprintf("%.*s\n", (int)item.n, item.p);
	char *bad = xasprintf("- `FSDP와 Tensor/Sequence 병렬 결합 %.*s\n", (int)rest.n, rest.p);
	char *good = xasprintf("- `FSDP와 Tensor/Sequence 병렬 결합 (%.*s) %.*s\n", (int)title.n,
	                       title.p, (int)rest.n, rest.p);
	TDoc t;
	tdoc_open_mem(&t, bad, strlen(bad), src, strlen(src));
	tdoc_run(&t, CK_REFERENCE_TITLE);
	const Finding *f = expect_at(&t, 1, SEV_WARNING, "without the original '2D parallel");
	assert_non_null(strstr(f->suggestion, "(2D parallel combining"));
	tdoc_close(&t);
	tdoc_open_mem(&t, good, strlen(good), src, strlen(src));
	tdoc_run(&t, CK_REFERENCE_TITLE);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	/* negative: links to other tutorials (translated with them), and a
	 * title that keeps the original words in parentheses */
	tdoc_open_pair(&t, "intermediate_source__TP_tutorial", true);
	tdoc_run(&t, CK_REFERENCE_TITLE);
	expect_none_at(&t, 16);
	expect_none_at(&t, 17);
	tdoc_close(&t);
	tdoc_open_pair(&t, "beginner_source__dist_overview", true);
	tdoc_run(&t, CK_REFERENCE_TITLE);
	expect_none_at(&t, 24);
	tdoc_close(&t);
	/* positive in the corpus: an external document's title translated */
	tdoc_open_pair(&t, "recipes_source__distributed_device_mesh", true);
	tdoc_run(&t, CK_REFERENCE_TITLE);
	expect_at(&t, 12, SEV_WARNING, "'Distributed Communication Package - torch.distributed'");
	tdoc_close(&t);
	free(src);
	free(bad);
	free(good);
	lines_release(&l);
	free(en);
}

static void test_untranslated(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "recipes_source__mobile_perf", true);
	tdoc_run(&t, CK_UNTRANSLATED);
	expect_at(&t, 80, SEV_INFO, "untranslated list-item");
	/* negative: a reference list entry that is only a link title */
	tdoc_close(&t);
	tdoc_open_pair(&t, "recipes_source__distributed_device_mesh", true);
	tdoc_run(&t, CK_UNTRANSLATED);
	expect_none_at(&t, 178);
	tdoc_close(&t);
}

/* ---- omission ------------------------------------------------------------------ */

static void test_omission(void **state)
{
	(void)state;
	const char *en = "Title\n=====\n\nThe first paragraph has words.\n\n"
	                 "The second paragraph has words too.\n\n- an item\n- another item\n\n"
	                 "The last paragraph.\n";
	/* the Korean of the second paragraph and of one item deleted */
	const char *ko = "제목\n====\n\n첫 문단에 말이 있습니다.\n\n- 항목 하나\n\n"
	                 "마지막 문단.\n";
	TDoc t;
	tdoc_open_mem(&t, ko, strlen(ko), en, strlen(en));
	tdoc_run(&t, CK_OMISSION);
	const Finding *f = expect_at(&t, 6, SEV_WARNING, "English paragraph at line 6 of the source");
	assert_non_null(strstr(f->message, "The second paragraph"));
	expect_at(&t, 8, SEV_WARNING, "English list item at line 9 of the source");
	assert_int_equal(t.fv.n, 2);
	tdoc_close(&t);
	/* all there: nothing; an English document (not Korean): nothing */
	const char *full = "제목\n====\n\n첫 문단.\n\n둘째 문단.\n\n- 항목\n- 항목 둘\n\n마지막.\n";
	tdoc_open_mem(&t, full, strlen(full), en, strlen(en));
	tdoc_run(&t, CK_OMISSION);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	const char *half = "Title\n=====\n\nThe first paragraph has words.\n\nThe last paragraph.\n";
	tdoc_open_mem(&t, half, strlen(half), en, strlen(en));
	tdoc_run(&t, CK_OMISSION);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	/* without a source the check does not run */
	tdoc_open_mem(&t, ko, strlen(ko), NULL, 0);
	tdoc_run(&t, CK_OMISSION);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	/* a corpus pair as it is: nothing missing */
	tdoc_open_pair(&t, "recipes_source__distributed_device_mesh", true);
	tdoc_run(&t, CK_OMISSION);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
}

/* A Korean page that replaced the tutorial (a notice and a redirect, as
 * nine files of tutorials-kr are) against the English of the tutorial it
 * replaced: no translation of it, so nothing is compared with it (no
 * omission, no missing titles, numbers or directives) but the one
 * source-stale finding; the Korean's own problems are still found.  The
 * same English against a translation of it that lost a paragraph: the
 * omission is found. */
static void test_unrelated_english(void **state)
{
	(void)state;
	Buf en = BUF_INIT;
	buf_addf(&en, "Mobile Performance\n==================\n\nVersion 1.5.0 of PyTorch Mobile.\n\n");
	for (int i = 0; i < 12; i++)
		buf_addf(&en, "Step %d\n-------\n\nRead `page %d <https://example.org/p%d>`__ first.\n\n"
		              ".. code-block:: python\n\n    model_%d = load(%d)\n\n", i, i, i, i, i);
	const char *stub = "PyTorch 모바일 성능 레시피\n=========================\n\n"
	                   "PyTorch Mobile은 더이상 지원되지 않습니다.\n\n.. raw:: html\n\n"
	                   "    <meta http-equiv=\"Refresh\" content=\"3; url='https://x.org/'\" />\n";
	TDoc t;
	tdoc_open_mem(&t, stub, strlen(stub), en.p, en.len);
	SourceStale st;
	source_stale_init(&st);
	source_stale_measure(&t.sl, &t.sd, &t.tl, &t.td, &st);
	assert_true(st.stale);
	assert_true(st.unrelated);
	t.d.stale = &st;
	check_doc_reindex(&t.d);
	findings_clear(&t.fv);
	CheckSet all;
	check_set_all(&all);
	all.on[CK_SPELLING] = false;
	check_document(&t.d, &all, &t.fv);
	size_t stale = 0;
	for (size_t i = 0; i < t.fv.n; i++) {
		const Finding *f = &t.fv.v[i];
		if (f->check == CK_SOURCE_STALE) {
			stale++;
			assert_non_null(strstr(f->message, "not what this Korean was translated from"));
			continue;
		}
		if (f->check != CK_TITLE_UNDERLINE)
			fail_msg("compared with an unrelated English: line %zu [%s] %s", f->line + 1,
			         check_info(f->check)->id, f->message);
	}
	assert_int_equal(stale, 1);
	/* the Korean's own: the underline is one column short */
	expect_at(&t, 2, SEV_ERROR, "underline");
	source_stale_release(&st);
	tdoc_close(&t);

	/* a translation of it with one step's paragraph gone: compared */
	Buf ko = BUF_INIT;
	buf_addf(&ko, "모바일 성능\n===========\n\nPyTorch Mobile 1.5.0 버전입니다.\n\n");
	for (int i = 0; i < 12; i++) {
		buf_addf(&ko, "단계 %d\n-------\n\n", i);
		if (i != 5)
			buf_addf(&ko, "먼저 `%d쪽 <https://example.org/p%d>`__ 을 읽으세요.\n\n", i, i);
		buf_addf(&ko, ".. code-block:: python\n\n    model_%d = load(%d)\n\n", i, i);
	}
	tdoc_open_mem(&t, ko.p, ko.len, en.p, en.len);
	source_stale_init(&st);
	source_stale_measure(&t.sl, &t.sd, &t.tl, &t.td, &st);
	assert_false(st.unrelated);
	t.d.stale = &st;
	check_doc_reindex(&t.d);
	tdoc_run(&t, CK_OMISSION);
	assert_int_equal(t.fv.n, 1);
	assert_non_null(strstr(t.fv.v[0].message, "Read `page 5"));
	source_stale_release(&st);
	tdoc_close(&t);
	buf_release(&ko);
	buf_release(&en);
}

/* ---- glossary ---------------------------------------------------------------------- */

static void test_glossary_check(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "intermediate_source__TP_tutorial", true);
	tdoc_run(&t, CK_GLOSSARY);
	const Finding *f = expect_at(&t, 41, SEV_WARNING, "'파라미터' — glossary: parameter -> 매개변수");
	assert_string_equal(f->suggestion, "매개변수");
	tdoc_close(&t);
	/* without a source: avoided variants are still reported */
	tdoc_open_pair(&t, "intermediate_source__TP_tutorial", false);
	tdoc_run(&t, CK_GLOSSARY);
	expect_at(&t, 41, SEV_WARNING, "'파라미터'");
	for (size_t i = 0; i < t.fv.n; i++)
		assert_int_equal(t.fv.v[i].sev, SEV_WARNING);
	tdoc_close(&t);
	/* negative: 매개변수 서버(parameter server) follows the glossary */
	tdoc_open_pair(&t, "advanced_source__rpc_ddp_tutorial", true);
	tdoc_run(&t, CK_GLOSSARY);
	expect_none_at(&t, 21);
	tdoc_close(&t);
}

/* ---- whitespace -------------------------------------------------------------------- */

static void test_whitespace(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "beginner_source__pytorch_with_examples", true);
	tdoc_run(&t, CK_WHITESPACE);
	expect_at(&t, 27, SEV_WARNING, "tab character");
	tdoc_close(&t);
	tdoc_open_pair(&t, "beginner_source__dist_overview", true);
	tdoc_run(&t, CK_WHITESPACE);
	expect_at(&t, 41, SEV_WARNING, "indented 3 columns, the source 2");
	const Finding *f = expect_at(&t, 9, SEV_INFO, "trailing whitespace");
	assert_true(f->has_fix);
	tdoc_close(&t);
	/* Trailing whitespace on several lines of a block: one finding, with
	 * the lines, from the first; one fix for all, the lines kept. */
	const char *para = "첫 줄입니다. \n둘째 줄입니다.\t\n셋째 줄입니다.\n넷째  \n다섯째 \n여섯째 \n\n끝.\n";
	tdoc_open_mem(&t, para, strlen(para), NULL, 0);
	tdoc_run(&t, CK_WHITESPACE);
	assert_int_equal(t.fv.n, 1);
	f = expect_at(&t, 1, SEV_INFO, "trailing whitespace on 5 lines of this block (1, 2, 4-6)");
	assert_int_equal(f->col, 8);
	assert_int_equal(f->last, 5);
	size_t nlines = t.tl.n;
	CheckFix stale = {f->fix.line, f->fix.from, f->fix.to, xstrdup(f->fix.text)};
	assert_true(check_fix_apply(&t.tl, &f->fix));
	assert_int_equal(t.tl.n, nlines);
	assert_true(str_eq_cstr(lines_get(&t.tl, 1), "둘째 줄입니다."));
	assert_true(str_eq_cstr(lines_get(&t.tl, 2), "셋째 줄입니다."));
	assert_true(str_eq_cstr(lines_get(&t.tl, 5), "여섯째"));
	/* applied again, the line ends it expects are gone: refused */
	lines_splice(&t.tl, 2, 0, 0, "X", 1);
	assert_false(check_fix_apply(&t.tl, &stale));
	assert_true(str_eq_cstr(lines_get(&t.tl, 2), "X셋째 줄입니다."));
	lines_splice(&t.tl, 2, 0, 1, "", 0);
	free(stale.text);
	check_doc_reindex(&t.d);
	tdoc_run(&t, CK_WHITESPACE);
	assert_int_equal(t.fv.n, 0);
	tdoc_close(&t);
	const char *doc = "문장\xe2\x80\x8b입니다.\n";
	tdoc_open_mem(&t, doc, strlen(doc), NULL, 0);
	tdoc_run(&t, CK_WHITESPACE);
	f = expect_at(&t, 1, SEV_WARNING, "U+200B");
	assert_int_equal(f->col, 3);
	tdoc_close(&t);
}

/* ---- units, no source, output --------------------------------------------------------- */

static void test_units_and_recheck(void **state)
{
	(void)state;
	TDoc t;
	tdoc_open_pair(&t, "advanced_source__ONNXLive", true);
	CheckSet set;
	check_set_all(&set);
	check_document(&t.d, &set, &t.fv);
	assert_true(t.fv.n > 0);
	/* Re-checking one unit gives exactly the document's findings of it. */
	size_t unit = check_unit_of_line(&t.d, 8); /* the title at line 9 */
	assert_true(unit < check_unit_count(&t.d));
	FindingVec one = {0};
	check_unit(&t.d, &set, unit, &one);
	size_t in_doc = 0;
	for (size_t i = 0; i < t.fv.n; i++)
		in_doc += t.fv.v[i].unit == unit;
	assert_int_equal(one.n, in_doc);
	assert_true(one.n >= 1);
	findings_clear(&one);
	tdoc_close(&t);
	/* Without a source: source-only checks are listed as skipped. */
	Buf b = BUF_INIT;
	check_set_all(&set);
	assert_true(check_skipped_without_source(&set, &b));
	assert_non_null(strstr(b.p, "code-changed"));
	assert_null(strstr(b.p, "title-underline"));
	buf_release(&b);
}

static void test_formats(void **state)
{
	(void)state;
	const char *doc = "제목입니다\n=====\n";
	TDoc t;
	tdoc_open_mem(&t, doc, strlen(doc), NULL, 0);
	tdoc_run(&t, CK_TITLE_UNDERLINE);
	assert_int_equal(t.fv.n, 1);
	Buf b = BUF_INIT;
	check_format_finding("d/x.rst", &t.fv.v[0], CF_TEXT, true, &b);
	assert_string_equal(b.p, "d/x.rst:2:1: error: title underline too short: '제목입니다' is 10 "
	                         "columns wide (Hangul counts 2), the underline has 5 '='; make it "
	                         "10 [title-underline]\n");
	buf_clear(&b);
	check_format_finding("d/x.rst", &t.fv.v[0], CF_GITHUB, true, &b);
	assert_true(str_starts_with(buf_str(&b), "::error file=d/x.rst,line=2,col=1,"
	                                         "title=title-underline::title underline"));
	buf_clear(&b);
	check_format_finding("a,b:c.rst", &t.fv.v[0], CF_GITHUB, true, &b);
	assert_true(str_starts_with(buf_str(&b), "::error file=a%2Cb%3Ac.rst,"));
	buf_clear(&b);
	check_format_finding("x.rst", &t.fv.v[0], CF_JSON, true, &b);
	assert_true(str_starts_with(buf_str(&b), "  {\"file\": \"x.rst\", \"line\": 2, \"column\": 1, "
	                                         "\"severity\": \"error\", \"check\": "
	                                         "\"title-underline\""));
	assert_non_null(strstr(b.p, "\"suggestion\": \"==========\"}"));
	buf_release(&b);
	tdoc_close(&t);
}

/* Every pair of the corpus: findings point into the document, each
 * check's findings equal the sum over units (re-checking one unit is
 * exact), and every autofix applies. */
static void test_corpus_all(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	size_t files = 0, total = 0;
	for (char **p = pairs; *p; p++) {
		TDoc t;
		tdoc_open_pair(&t, *p, true);
		CheckSet set;
		check_set_all(&set);
		check_document(&t.d, &set, &t.fv);
		size_t doc_level = 0;
		for (size_t i = 0; i < t.fv.n; i++) {
			const Finding *f = &t.fv.v[i];
			assert_true(f->line < t.tl.n);
			assert_true(f->byte <= lines_line(&t.tl, f->line)->n);
			assert_true(f->col >= 1 && f->col <= f->byte + 1);
			doc_level += f->unit == check_unit_count(&t.d);
		}
		FindingVec units = {0};
		for (size_t u = 0; u < check_unit_count(&t.d); u++)
			check_unit(&t.d, &set, u, &units);
		assert_int_equal(units.n + doc_level, t.fv.n);
		findings_clear(&units);
		/* Every fix applies: first those over several lines (whitespace
		 * at line ends only), then the others from the last. */
		for (size_t i = 0; i < t.fv.n; i++)
			if (t.fv.v[i].has_fix && check_fix_last(&t.fv.v[i].fix) > t.fv.v[i].fix.line)
				assert_true(check_fix_apply(&t.tl, &t.fv.v[i].fix));
		for (size_t i = t.fv.n; i-- > 0;)
			if (t.fv.v[i].has_fix && check_fix_last(&t.fv.v[i].fix) == t.fv.v[i].fix.line)
				assert_true(check_fix_apply(&t.tl, &t.fv.v[i].fix));
		total += t.fv.n;
		files++;
		tdoc_close(&t);
	}
	tu_free_list(pairs);
	assert_int_equal(files, 30);
	assert_true(total > 0);
}

/* The index rebuilt in idle slices (check_doc_reindex_step) is the
 * one-shot index: every check gives the same findings on every corpus
 * pair.  Each slice does at most its budget plus one segment's work (work
 * counted, not timed: a byte of the Korean maps and of the inferred
 * renderings' gathering counts three), the consistency tables included,
 * and the old index serves until the new one is complete. */
static void test_reindex_slices(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	size_t files = 0;
	for (char **p = pairs; *p; p++) {
		TDoc t;
		tdoc_open_pair(&t, *p, true);
		CheckSet set;
		check_set_all(&set);
		check_document(&t.d, &set, &t.fv);
		FindingVec once = t.fv;
		t.fv = (FindingVec){0};
		size_t biggest = 0, text = 0;
		for (size_t b = 0; b < t.td.n; b++) {
			size_t n = 0;
			for (size_t i = t.td.v[b].first; i <= t.td.v[b].last; i++)
				n += lines_line(&t.tl, i)->n + 1;
			biggest = MAX(biggest, 3 * n);
			text += n;
		}
		for (size_t u = 0; u < t.al.n; u++) {
			const Segment *g = &t.al.v[u];
			size_t n = 1;
			if (g->src_n)
				for (size_t i = t.sd.v[g->src].first; i <= t.sd.v[g->src + g->src_n - 1].last; i++)
					n += lines_line(&t.sl, i)->n + 1;
			if (g->tgt_n)
				for (size_t i = t.td.v[g->tgt].first; i <= t.td.v[g->tgt + g->tgt_n - 1].last; i++)
					n += lines_line(&t.tl, i)->n + 1;
			biggest = MAX(biggest, 3 * n);
		}
		enum { SLICE = 512 };
		/* a rebuild beside the old index */
		size_t steps = 0, r;
		while ((r = check_doc_reindex_step(&t.d, SLICE)) != 0) {
			assert_true(r <= SLICE + biggest);
			assert_true(check_doc_indexed(&t.d));
			steps++;
		}
		assert_true(steps >= text / (SLICE + biggest));
		/* and a first build, with no index before it */
		check_doc_release(&t.d);
		check_doc_init_unindexed(&t.d, &t.tl, &t.td, &t.sl, &t.sd, &t.al, &t.glossary);
		steps = 0;
		while ((r = check_doc_reindex_step(&t.d, SLICE)) != 0) {
			assert_true(r <= SLICE + biggest);
			assert_false(check_doc_indexed(&t.d));
			if (++steps == 3) /* a cancelled build starts again */
				check_doc_reindex_cancel(&t.d);
		}
		assert_true(check_doc_indexed(&t.d));
		check_document(&t.d, &set, &t.fv);
		assert_int_equal(t.fv.n, once.n);
		for (size_t i = 0; i < once.n; i++) {
			assert_int_equal(t.fv.v[i].check, once.v[i].check);
			assert_int_equal(t.fv.v[i].line, once.v[i].line);
			assert_string_equal(t.fv.v[i].message, once.v[i].message);
		}
		findings_clear(&once);
		files++;
		tdoc_close(&t);
	}
	tu_free_list(pairs);
	assert_int_equal(files, 30);
}

/* The consistency index reads a Korean block's prose in the file's own
 * bytes where its mask is the text and its lines are unedited and in one
 * piece (no copy), else a copy: every corpus pair and the generated one
 * give the same findings, message for message, when every other target
 * line and then every line is edited to itself (owned bytes: copies for
 * the blocks they are in, mixed blocks too). */
static void assert_same_findings(const FindingVec *a, const FindingVec *b)
{
	assert_int_equal(a->n, b->n);
	for (size_t i = 0; i < a->n; i++) {
		assert_int_equal(a->v[i].check, b->v[i].check);
		assert_int_equal(a->v[i].line, b->v[i].line);
		assert_int_equal(a->v[i].byte, b->v[i].byte);
		assert_string_equal(a->v[i].message, b->v[i].message);
	}
}

static void own_lines(Lines *l, size_t every)
{
	for (size_t i = 0; i < l->n; i += every) {
		Str x = lines_get(l, i);
		char *c = xmemdup0(x.p, x.n);
		lines_set(l, i, c, x.n);
		free(c);
		assert_true(lines_line(l, i)->owned);
	}
}

static void index_borrowed_equals_copied(TDoc *t, size_t *cons)
{
	CheckSet set;
	check_set_all(&set);
	check_document(&t->d, &set, &t->fv);
	FindingVec once = t->fv;
	t->fv = (FindingVec){0};
	for (size_t i = 0; i < once.n; i++)
		*cons += once.v[i].check == CK_CONSISTENCY;
	for (size_t every = 2; every >= 1; every--) {
		own_lines(&t->tl, every);
		check_doc_reindex(&t->d);
		findings_clear(&t->fv);
		check_document(&t->d, &set, &t->fv);
		assert_same_findings(&once, &t->fv);
	}
	findings_clear(&once);
}

/* The scans kept for a text (memo.c) are the scans of its bytes wherever
 * they are: a copy of a block at another address gets the same inlines
 * and mask, their roles and targets pointing into the copy; a text one
 * byte different is scanned again. */
static void test_scan_memo(void **state)
{
	(void)state;
	static const char text[] = "모델은 :func:`torch.nn.Linear`\\ 를 쓰고 `링크 <https://x.org>`__ 와 "
	                           "**강조**\\ 를 둡니다.";
	size_t n = sizeof(text) - 1;
	InlineVec a = {0}, b = {0}, c = {0};
	Buf ma = BUF_INIT, mb = BUF_INIT;
	prose_mask(text, n, &ma, &a);
	char *copy = xmemdup0(text, n);
	prose_mask(copy, n, &mb, &b);
	assert_true(a.n >= 3);
	assert_int_equal(a.n, b.n);
	assert_memory_equal(ma.p, mb.p, n);
	for (size_t i = 0; i < a.n; i++) {
		assert_int_equal(a.v[i].kind, b.v[i].kind);
		assert_int_equal(a.v[i].start, b.v[i].start);
		assert_int_equal(a.v[i].end, b.v[i].end);
		if (a.v[i].target.p) {
			assert_ptr_equal(b.v[i].target.p, copy + (a.v[i].target.p - text));
			assert_int_equal(a.v[i].target.n, b.v[i].target.n);
		}
		if (a.v[i].role.p)
			assert_ptr_equal(b.v[i].role.p, copy + (a.v[i].role.p - text));
	}
	uint64_t hits0, misses0, hits1, misses1;
	check_memo_stats(&hits0, &misses0);
	copy[n - 2] = '!'; /* another text: scanned, not taken for the first */
	inline_scan(copy, n, &c);
	check_memo_stats(&hits1, &misses1);
	assert_int_equal(misses1, misses0 + 1);
	assert_int_equal(c.n, a.n);
	VEC_FREE(&a);
	VEC_FREE(&b);
	VEC_FREE(&c);
	buf_release(&ma);
	buf_release(&mb);
	free(copy);
}

/* An index built for some checks (CheckDoc.index_for) holds only what
 * they read, and each check alone gives the findings it gives with the
 * whole index, on every corpus pair. */
static void test_index_for_some_checks(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	static const CheckId ids[] = {CK_MARKUP_SPACING, CK_SPACING, CK_CONSISTENCY,
	                              CK_BROKEN_REFERENCE, CK_GLOSSARY, CK_STYLE};
	size_t cons_seen = 0;
	for (char **p = pairs; *p; p++) {
		TDoc t;
		tdoc_open_pair(&t, *p, true);
		for (size_t k = 0; k < ARRAY_LEN(ids); k++) {
			tdoc_run(&t, ids[k]);
			FindingVec whole = t.fv;
			t.fv = (FindingVec){0};
			CheckSet set;
			memset(&set, 0, sizeof(set));
			set.on[ids[k]] = true;
			CheckDoc d;
			check_doc_init_unindexed(&d, &t.tl, &t.td, &t.sl, &t.sd, &t.al, &t.glossary);
			d.index_for = &set;
			check_doc_reindex(&d);
			assert_true(check_doc_indexed(&d));
			/* the consistency tables only for consistency */
			if (ids[k] != CK_CONSISTENCY)
				assert_null(check_index_cons(d.index));
			else
				cons_seen += check_index_cons(d.index) != NULL;
			check_document(&d, &set, &t.fv);
			assert_same_findings(&whole, &t.fv);
			findings_clear(&whole);
			VEC_FREE(&whole);
			check_doc_release(&d);
		}
		tdoc_close(&t);
	}
	assert_true(cons_seen > 10);
	tu_free_list(pairs);
}

static void test_index_in_file_bytes_equals_copies(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	size_t files = 0, cons = 0;
	for (char **p = pairs; *p; p++) {
		TDoc t;
		tdoc_open_pair(&t, *p, true);
		index_borrowed_equals_copied(&t, &cons);
		tdoc_close(&t);
		files++;
	}
	tu_free_list(pairs);
	Buf k = BUF_INIT, e = BUF_INIT;
	buf_adds(&k, "제목\n====\n\n");
	buf_adds(&e, "Title\n=====\n\n");
	for (size_t i = 0; i < 600; i++) {
		/* two renderings of a glossed term, plain and with markup */
		buf_addf(&k, "%s %zu번째 문단입니다.\n둘째 줄입니다.\n\n",
		         i % 3 == 0 ? "장치(device)는 모델을 실행합니다." :
		         i % 3 == 1 ? "디바이스는 ``model`` 을 실행합니다." : "장치는 모델을 실행합니다.", i);
		buf_addf(&e, "The device runs the model %zu.\nSecond line.\n\n", i);
	}
	TDoc t;
	tdoc_open_mem(&t, k.p, k.len, e.p, e.len);
	size_t gen = 0;
	index_borrowed_equals_copied(&t, &gen);
	assert_true(gen > 100);
	tdoc_close(&t);
	buf_release(&k);
	buf_release(&e);
	print_message("# %zu corpus pairs (%zu consistency findings), generated %zu\n", files, cons, gen);
}

/* A generated pair of 1,500 paragraphs whose consistency rules find
 * hundreds of things (device rendered 장치 and 디바이스, glossed, kept). */
static void device_pair(Buf *k, Buf *e)
{
	static const char *const ko[] = {
		"장치는 작업자에서 모델을 실행합니다.",
		"디바이스는 작업자에서 모델을 실행합니다.",
		"이 device는 작업자에서 모델을 실행합니다.",
		"장치(device)는 작업자에서 모델을 실행합니다.",
		"장치 (device)는 작업자에서 모델을 실행합니다.",
		"작업자는 배치를 장치로 보냅니다.",
		"워커는 배치를 장치로 보냅니다.",
		"디바이스(device)는 배치를 받습니다.",
		"이 worker는 배치를 장치로 보냅니다.",
	};
	static const char *const en[] = {
		"The device runs the model on the worker.",
		"The device runs the model on the worker.",
		"This device runs the model on the worker.",
		"The device runs the model on the worker.",
		"The device runs the model on the worker.",
		"The worker sends the batch to the device.",
		"The worker sends the batch to the device.",
		"The device gets the batch.",
		"This worker sends the batch to the device.",
	};
	buf_adds(k, "제목\n====\n\n");
	buf_adds(e, "Title\n=====\n\n");
	for (size_t i = 0; i < 1500; i++) {
		size_t w = (i * 7 + i / 5) % ARRAY_LEN(ko);
		buf_addf(k, "%s %zu번째 문단입니다.\n\n", ko[w], i);
		buf_addf(e, "%s Paragraph %zu.\n\n", en[w], i);
	}
}

/* The pair of device_pair opened (k, e: its texts, the caller's). */
static void device_doc(TDoc *t, Buf *k, Buf *e)
{
	device_pair(k, e);
	tdoc_open_mem(t, k->p, k->len, e->p, e->len);
}

/* The same on a generated pair of 1,500 paragraphs where the consistency
 * rules find hundreds of things (two renderings of a glossed term, the
 * gloss repeated): the consistency findings of a build in small slices
 * are the one-shot build's, and the tables took many slices. */
static void test_reindex_slices_generated(void **state)
{
	(void)state;
	Buf k = BUF_INIT, e = BUF_INIT;
	TDoc t;
	device_doc(&t, &k, &e);
	tdoc_run(&t, CK_CONSISTENCY);
	FindingVec once = t.fv;
	t.fv = (FindingVec){0};
	assert_true(once.n > 100);
	check_doc_release(&t.d);
	check_doc_init_unindexed(&t.d, &t.tl, &t.td, &t.sl, &t.sd, &t.al, &t.glossary);
	size_t steps = 0, r;
	while ((r = check_doc_reindex_step(&t.d, 2048)) != 0) {
		steps++;
		/* the budget and one item (the largest here: a term's setup, about
		 * 1,050), the blocks' units too: writing all of them, 1,501 blocks
		 * and their segments, at the end was one step of about 4,500 */
		assert_true(r <= 2048 + 1536);
	}
	assert_true(steps > 2 * k.len / 2048); /* the tables were built in slices too */
	/* a rebuild beside that index: the old one is freed in slices after
	 * the new one is in place (its maps and arrays one a step at this
	 * budget: at once it was one step of tens of megabytes at 1M lines);
	 * the second time the index in place goes out of date while the old
	 * one is freed (a title edited): a whole build follows; the third time
	 * only a rebuild under way is cancelled (an edit of prose): none does */
	for (int round = 0; round < 3; round++) {
		const CheckIndex *old = t.d.index;
		size_t after = 0, built = 0;
		while ((r = check_doc_reindex_step(&t.d, 64)) != 0) {
			/* one item at most: a map or an array freed (1,024); an
			 * inferred term, which read every Korean word and segment
			 * in one step (3,061 here), is sliced too */
			assert_true(r <= 64 + 1024);
			assert_true(check_doc_indexed(&t.d));
			if (t.d.index != old) {
				if (round == 1 && after == 2)
					check_doc_reindex_again(&t.d);
				if (round == 2 && after == 2)
					check_doc_reindex_cancel(&t.d);
				after++;
				built += t.d.building != NULL;
			}
		}
		assert_null(t.d.retired);
		assert_true(after >= 6);
		if (round == 1)
			assert_true(built > k.len / 64); /* a new build after the edit */
		else
			assert_int_equal(built, 0);
	}
	tdoc_run(&t, CK_CONSISTENCY);
	assert_int_equal(t.fv.n, once.n);
	for (size_t i = 0; i < once.n; i++) {
		assert_int_equal(t.fv.v[i].line, once.v[i].line);
		assert_int_equal(t.fv.v[i].byte, once.v[i].byte);
		assert_string_equal(t.fv.v[i].message, once.v[i].message);
	}
	findings_clear(&once);
	/* released while the old index is half freed (the checks turned off,
	 * the session closed): what was freed is not freed again (ASan) */
	const CheckIndex *old = t.d.index;
	while (t.d.index == old)
		assert_true(check_doc_reindex_step(&t.d, 64) != 0);
	assert_true(check_doc_reindex_step(&t.d, 64) != 0);
	assert_non_null(t.d.retired);
	tdoc_close(&t);
	buf_release(&k);
	buf_release(&e);
}

/* The consistency build frees the inferred renderings' tables before it
 * makes the blocks' texts (at 1M lines 38 and 33 MB: held together they
 * were the editor's high-water mark): no slice holds both, and the
 * findings are the one-shot build's (test_reindex_slices_generated). */
static void test_cons_build_infers_before_texts(void **state)
{
	(void)state;
	Buf k = BUF_INIT, e = BUF_INIT;
	TDoc t;
	device_doc(&t, &k, &e);
	ConsBuild *b = cons_build_start(&t.d);
	size_t used, chunks, most = 0, inferring_steps = 0;
	bool inferring;
	do {
		cons_build_held(b, &chunks, &inferring);
		assert_false(chunks && inferring);
		most = MAX(most, chunks);
		inferring_steps += inferring;
	} while (!cons_build_step(b, &t.d, 256, &used));
	assert_true(inferring_steps > 10); /* the tables were there, in slices */
	assert_true(most >= 2);            /* and so were the texts */
	cons_index_free(cons_build_take(b));
	tdoc_close(&t);
	buf_release(&k);
	buf_release(&e);
}

/* A gradual count map (the check index's) grows a few keys an add, never
 * the whole table in one add (a slice of the idle index rebuild re-hashed
 * ~100k keys at once: 2-4 ms at 100k lines); its counts, lookups and
 * number of keys equal those of a map that grows at once, for keys added
 * once and again, while a growth is under way and after it settled. */
static void test_countmap_grows_gradually(void **state)
{
	(void)state;
	CountMap g = {.gradual = true}, a = {0};
	size_t most = 0, growths = 0, keys = 60000;
	char k[32];
	uint64_t r = 12345;
	for (size_t i = 0; i < 3 * keys; i++) {
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		size_t w = (size_t)(r >> 33) % (i / 3 + 1); /* new keys and old ones again */
		int n = snprintf(k, sizeof k, "key%zu", w);
		size_t before = g.moved, cap = g.cap;
		countmap_add(&g, k, (size_t)n, 1 + i % 3);
		countmap_add(&a, k, (size_t)n, 1 + i % 3);
		most = MAX(most, g.moved - before);
		growths += g.cap != cap;
		if (i % 997 == 0) { /* lookups while it grows: both tables */
			snprintf(k, sizeof k, "key%zu", (size_t)(r >> 40) % (i / 3 + 1));
			assert_int_equal(countmap_get(&g, k, strlen(k)), countmap_get(&a, k, strlen(k)));
		}
	}
	assert_int_equal(g.n, a.n);
	assert_true(growths >= 8);
	assert_true(most <= 8); /* four before the growth, four after */
	print_message("# %zu keys, %zu growths, at most %zu keys moved by one add (at once: %zu)\n",
	              g.n, growths, most, a.moved);
	for (size_t w = 0; w < keys; w++) {
		int n = snprintf(k, sizeof k, "key%zu", w);
		assert_int_equal(countmap_get(&g, k, (size_t)n), countmap_get(&a, k, (size_t)n));
	}
	countmap_settle(&g);
	assert_null(g.okey);
	size_t held = 0;
	for (size_t i = 0; i < g.cap; i++)
		if (g.key[i]) {
			const char *w = countmap_key(&g, g.key[i]);
			held++;
			assert_int_equal(g.count[i], countmap_get(&a, w, strlen(w)));
		}
	assert_int_equal(held, a.n);
	countmap_release(&g);
	countmap_release(&a);
}

/* The id pairs' map (the inferred renderings' counts) counts as a string
 * map does, while a gradual growth is under way and after it settled. */
static void test_pairmap_counts_as_countmap(void **state)
{
	(void)state;
	PairMap g = {.gradual = true}, once = {0};
	CountMap a = {0};
	char k[48];
	uint64_t r = 999;
	for (size_t i = 0; i < 150000; i++) {
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		uint32_t e = (uint32_t)(r >> 33) % 300, ko = (uint32_t)(r >> 45) % (i / 50 + 1);
		int n = snprintf(k, sizeof k, "%u %u", e, ko);
		pairmap_add(&g, e, ko, 1 + i % 2);
		pairmap_add(&once, e, ko, 1 + i % 2);
		countmap_add(&a, k, (size_t)n, 1 + i % 2);
		if (i % 991 == 0)
			assert_int_equal(pairmap_get(&g, e, ko), countmap_get(&a, k, (size_t)n));
	}
	assert_int_equal(g.n, a.n);
	assert_int_equal(once.n, a.n);
	assert_null(once.okey); /* not gradual: settled at each growth */
	size_t used = 0;
	assert_true(pairmap_settle_budget(&g, &used, SIZE_MAX, 4));
	assert_null(g.okey);
	size_t held = 0;
	for (size_t i = 0; i < g.cap; i++)
		if (g.count[i]) {
			held++;
			int n = snprintf(k, sizeof k, "%u %u", (uint32_t)(g.key[i] >> 32),
			                 (uint32_t)g.key[i]);
			assert_int_equal(g.count[i], countmap_get(&a, k, (size_t)n));
			assert_int_equal(pairmap_get(&once, (uint32_t)(g.key[i] >> 32), (uint32_t)g.key[i]),
			                 g.count[i]);
		}
	assert_int_equal(held, a.n);
	assert_int_equal(pairmap_get(&g, 301, 0), 0);
	pairmap_release(&g);
	pairmap_release(&once);
	countmap_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_inline_rules),
		cmocka_unit_test(test_title_underline),
		cmocka_unit_test(test_markup_spacing),
		cmocka_unit_test(test_translator_line),
		cmocka_unit_test(test_broken_reference),
		cmocka_unit_test(test_directive_translated),
		cmocka_unit_test(test_code_changed),
		cmocka_unit_test(test_markup_mismatch),
		cmocka_unit_test(test_reference_title),
		cmocka_unit_test(test_untranslated),
		cmocka_unit_test(test_omission),
	    cmocka_unit_test(test_unrelated_english),
		cmocka_unit_test(test_glossary_check),
		cmocka_unit_test(test_whitespace),
		cmocka_unit_test(test_units_and_recheck),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_corpus_all),
		cmocka_unit_test(test_reindex_slices),
		cmocka_unit_test(test_index_for_some_checks),
		cmocka_unit_test(test_scan_memo),
		cmocka_unit_test(test_reindex_slices_generated),
		cmocka_unit_test(test_cons_build_infers_before_texts),
		cmocka_unit_test(test_countmap_grows_gradually),
		cmocka_unit_test(test_pairmap_counts_as_countmap),
		cmocka_unit_test(test_index_in_file_bytes_equals_copies),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
