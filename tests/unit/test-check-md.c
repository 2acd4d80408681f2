/* check on Markdown documents: markup-spacing by CommonMark's flanking
 * rules (and, on every case of the corpus, the same verdict as the
 * cmark-gfm program's HTML), markup-mismatch (links, anchors, inline code,
 * [[...]], macros), structure (heading levels and anchors, fences, tables,
 * front matter, doc-builder components), the RST-only checks quiet, and
 * the prose checks reading Markdown prose without its markup. */
#include "testutil.h"

#include <stdio.h>
#include <sys/stat.h>

#include "yeok/check.h"
#include "yeok/host.h"
#include "yeok/pair.h"

typedef struct MDoc {
	DocPair p;
	Glossary glossary;
	CheckDoc d;
	FindingVec fv;
} MDoc;

static void mdoc_open(MDoc *t, const char *tgt, const char *src)
{
	memset(t, 0, sizeof(*t));
	pair_init(&t->p);
	glossary_init(&t->glossary);
	Err e;
	err_init(&e);
	if (!glossary_load(&t->glossary, "glossary/ko.yaml", &e))
		fail_msg("%s", e.msg);
	pair_from_texts(&t->p, HOST_MD, tgt, strlen(tgt), src ? src : "", src ? strlen(src) : 0);
	if (src)
		t->p.src.origin = SOURCE_PATH;
	check_doc_init(&t->d, t->p.tgt, t->p.tb, src ? t->p.src_lines : NULL, src ? t->p.sb : NULL,
	               src ? &t->p.al : NULL, &t->glossary);
	t->d.tgt_host = &t->p.tgt_host;
	t->d.src_host = src ? &t->p.src_host : NULL;
}

static void mdoc_run(MDoc *t, CheckId only)
{
	CheckSet set;
	memset(&set, 0, sizeof(set));
	set.on[only] = true;
	findings_clear(&t->fv);
	check_document(&t->d, &set, &t->fv);
}

static void mdoc_close(MDoc *t)
{
	findings_clear(&t->fv);
	VEC_FREE(&t->fv);
	check_doc_release(&t->d);
	glossary_release(&t->glossary);
	pair_release(&t->p);
}

/* "LINE:COL:SEV" of each finding, space separated. */
static const char *where(const MDoc *t)
{
	static Buf b = BUF_INIT;
	buf_clear(&b);
	for (size_t i = 0; i < t->fv.n; i++)
		buf_addf(&b, "%s%zu:%zu:%s", i ? " " : "", t->fv.v[i].line + 1, t->fv.v[i].col,
		         check_severity_name(t->fv.v[i].sev));
	return b.p ? b.p : "";
}

static bool has_msg(const MDoc *t, const char *needle)
{
	for (size_t i = 0; i < t->fv.n; i++)
		if (strstr(t->fv.v[i].message, needle))
			return true;
	return false;
}

/* Strong and leftover counts of one line as cmark-gfm reads it. */
static void inline_counts(const char *text, size_t *strong, size_t *left)
{
	Lines l;
	lines_init(&l);
	lines_parse(&l, text, strlen(text));
	HostMdInlineVec v = {0};
	host_md_inlines(&l, 0, l.n - 1, &v);
	*strong = *left = 0;
	for (size_t i = 0; i < v.n; i++) {
		*strong += v.v[i].kind == HMI_STRONG || v.v[i].kind == HMI_EMPH;
		*left += v.v[i].kind == HMI_LEFTOVER;
	}
	host_md_inlines_free(&v);
	lines_release(&l);
}

static void test_markup_spacing(void **state)
{
	(void)state;
	MDoc t;
	/* bold before a particle works; after punctuation it does not */
	mdoc_open(&t, "**강조**는 되고 **텍스트(Text)**는 안 되고 **\"인용\"**을 안 되고\n\n"
	              "그리고 은**\"인용\"** 도, _func_에서 도, `**코드**`는 코드\n", NULL);
	mdoc_run(&t, CK_MARKUP_SPACING);
	assert_string_equal(where(&t), "1:25:error 1:40:error 3:6:error 3:24:error");
	assert_true(has_msg(&t, "does not close the emphasis"));
	assert_true(has_msg(&t, "does not open the emphasis"));
	assert_true(has_msg(&t, "'_' does not open or close inside a word"));
	/* each fix makes cmark-gfm read the emphasis */
	for (size_t i = 0; i < t.fv.n; i++) {
		const Finding *f = &t.fv.v[i];
		assert_true(f->has_fix);
		Lines l;
		lines_init(&l);
		Str s = lines_get(t.p.tgt, f->line);
		lines_parse(&l, s.p, s.n);
		CheckFix fx = f->fix;
		fx.line = 0;
		assert_true(check_fix_apply(&l, &fx));
		Buf b = BUF_INIT;
		buf_addstr(&b, lines_get(&l, 0));
		size_t strong, left, strong0, left0;
		inline_counts(b.p, &strong, &left);
		char *orig = xmemdup0(s.p ? s.p : "", s.n);
		inline_counts(orig, &strong0, &left0);
		free(orig);
		assert_true(strong > strong0);
		buf_release(&b);
		lines_release(&l);
	}
	mdoc_close(&t);
	/* RST's rule does not apply: ``x``를 is Markdown code followed by text */
	mdoc_open(&t, "``x``를 쓰고 `y`는 *기울임*을\n", NULL);
	mdoc_run(&t, CK_MARKUP_SPACING);
	assert_string_equal(where(&t), "");
	mdoc_close(&t);
}

static void test_markup_mismatch(void **state)
{
	(void)state;
	MDoc t;
	const char *en = "# Title[[title]]\n\nSee [the guide](../guide#setup) and `from_pretrained`, "
	                 "[[autodoc]] stays, {{domxref(\"Window\")}} too, [back](#title).\n\n"
	                 "Read [MDN](/en-US/docs/Web/API).\n";
	mdoc_open(&t, "# 제목[[title]]\n\n[안내](../guide#setup)와 `from_pretrained`, "
	              "[[autodoc]], {{domxref(\"Window\")}}, [위로](#title)를 보세요.\n\n"
	              "[MDN](/ko/docs/Web/API)을 읽으세요.\n",
	          en);
	mdoc_run(&t, CK_MARKUP_MISMATCH);
	assert_string_equal(where(&t), "");
	mdoc_close(&t);
	mdoc_open(&t, "# 제목[[title]]\n\n[안내](../guide)와 `from_pretrained()`, 그리고 "
	              "{{domxref(\"Window\")}}, [위로](#제목)를 보세요.\n\n[MDN](/ko/docs/Web)을 "
	              "읽으세요.\n",
	          en);
	mdoc_run(&t, CK_MARKUP_MISMATCH);
	assert_true(has_msg(&t, "inline code 'from_pretrained' of the English is missing"));
	assert_true(has_msg(&t, "doc-builder markup '[[autodoc]]'"));
	assert_true(has_msg(&t, "link '/ko/docs/Web/API'"));
	assert_true(has_msg(&t, "link anchor '#제목' is neither"));
	assert_true(has_msg(&t, "link '../guide#setup'"));
	mdoc_close(&t);
}

static void test_structure(void **state)
{
	(void)state;
	MDoc t;
	const char *en = "---\ntitle: A\nslug: Web/A\npage-type: guide\n---\n\n## Setup[[setup]]\n\n"
	                 "Text.\n\n<Tip>\n\nA tip.\n\n</Tip>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
	                 "```py\nx = 1\n```\n\nEnd.\n";
	mdoc_open(&t, "---\ntitle: 가\nslug: Web/A\nl10n:\n  sourceCommit: abc\n---\n\n"
	              "## 설정[[setup]]\n\n텍스트.\n\n<Tip>\n\n팁.\n\n</Tip>\n\n| 가 | 나 |\n"
	              "|---|---|\n| 1 | 2 |\n\n```py\nx = 1\n```\n\n끝.\n",
	          en);
	mdoc_run(&t, CK_STRUCTURE);
	/* page-type is MDN's English-only metadata: an info, nothing else */
	assert_string_equal(where(&t), "1:1:info");
	mdoc_close(&t);
	mdoc_open(&t, "---\nslug: Web/A\n---\n\n### 설정\n\n텍스트.\n\n팁.\n\n| 가 | 나 | 다 |\n"
	              "|---|---|---|\n| 1 | 2 | 3 |\n\n```py\nx = 1\n\n끝.\n",
	          en);
	mdoc_run(&t, CK_STRUCTURE);
	assert_true(has_msg(&t, "key 'title:' is missing"));
	assert_true(has_msg(&t, "heading level 3 where the English's is 2"));
	assert_true(has_msg(&t, "heading anchor '[[setup]]' of the English is missing"));
	assert_true(has_msg(&t, "the English's <Tip> is missing"));
	assert_true(has_msg(&t, "table with 3 columns where the English's has 2"));
	assert_true(has_msg(&t, "code fence '```' is not closed"));
	mdoc_close(&t);
	/* MDN's note: a block quote on both sides */
	mdoc_open(&t, "글.\n\n**참고:** 빠졌습니다.\n", "Text.\n\n> **Note:** a note.\n");
	mdoc_run(&t, CK_STRUCTURE);
	assert_string_equal(where(&t), "3:1:error");
	assert_true(has_msg(&t, "block quote (a note?) is not one here"));
	mdoc_close(&t);
	mdoc_open(&t, "글.\n\n> **참고:** 있습니다.\n", "Text.\n\n> **Note:** a note.\n");
	mdoc_run(&t, CK_STRUCTURE);
	assert_string_equal(where(&t), "");
	mdoc_close(&t);
	/* Hugging Face: the English heading's id, as the Korean pages write it */
	const char *hf = "# Zero-shot object detection\n\nText.\n\n## Use the push_to_hub "
	                 "function\n\nMore.\n\n## Multi-GPU\n\nEnd.\n";
	mdoc_open(&t, "# 제로샷 객체 탐지[[zeroshot-object-detection]]\n\n글.\n\n## push_to_hub 함수 "
	              "사용하기[[use-the-push-to-hub-function]]\n\n더.\n\n## 멀티 GPU\n\n끝.\n",
	          hf);
	mdoc_run(&t, CK_STRUCTURE);
	assert_string_equal(where(&t), "5:1:warning 9:1:warning");
	assert_true(has_msg(&t, "is not the English heading's id 'use-the-pushtohub-function'"));
	assert_true(has_msg(&t, "add '[[multigpu]]'"));
	mdoc_close(&t);
}

static void test_rst_checks_quiet(void **state)
{
	(void)state;
	MDoc t;
	/* a Markdown heading is no RST title; `name`_ is Markdown code; a
	 * Korean author line is not tutorials-kr's */
	const char *md = "제목입니다 길게\n===\n\n`name`_ 참고, **Author**: 누구\n\n"
	                 "[pytorch](https://pytorch.org/tutorials/x.html)\n";
	mdoc_open(&t, md, md);
	static const CheckId quiet[] = {CK_TITLE_UNDERLINE, CK_BROKEN_REFERENCE, CK_TRANSLATOR_LINE,
	                                CK_LINK, CK_DIRECTIVE_TRANSLATED, CK_PY_STRUCTURE,
	                                CK_REFERENCE_TITLE};
	for (size_t i = 0; i < ARRAY_LEN(quiet); i++) {
		mdoc_run(&t, quiet[i]);
		assert_string_equal(where(&t), "");
	}
	mdoc_close(&t);
}

static void test_prose_checks_mask_markup(void **state)
{
	(void)state;
	MDoc t;
	/* the glossary reads prose; it does not read link targets, macros or
	 * anchors (a 'parameter' there is no term of the text) */
	mdoc_open(&t, "[설명](../parameter_guide)과 {{glossary(\"parameter\")}}, "
	              "## 제목[[parameter]]\n",
	          "[The notes](../parameter_guide) and {{glossary(\"parameter\")}}, "
	          "## Title[[parameter]]\n");
	mdoc_run(&t, CK_GLOSSARY);
	assert_string_equal(where(&t), "");
	mdoc_close(&t);
	mdoc_open(&t, "[매개변수](../x)를 보세요. 파라미터도.\n", "See [parameters](../x).\n");
	mdoc_run(&t, CK_GLOSSARY);
	assert_true(has_msg(&t, "파라미터"));
	mdoc_close(&t);
}

/* ---- the corpus: markup-spacing agrees with the cmark-gfm program ---------- */

static bool have_md_corpus(void)
{
	char *d = path_join(tu_corpus(), "md/MANIFEST.tsv");
	struct stat st;
	bool ok = stat(d, &st) == 0;
	free(d);
	if (!ok)
		print_message("skipped: no Markdown corpus (%s/md)\n", tu_corpus());
	return ok;
}

static bool have_program(void)
{
	bool ok = system("cmark-gfm --version >/dev/null 2>&1") == 0;
	if (!ok)
		print_message("skipped: the cmark-gfm program is not installed (make deps)\n");
	return ok;
}

/* Count in html: <strong>, <em>, and the runs of '*' and '_' in its text
 * (outside tags and <code>). */
static void html_counts(const char *h, size_t *strong, size_t *runs)
{
	*strong = *runs = 0;
	bool tag = false, code = false;
	char prev = 0;
	for (const char *p = h; *p; p++) {
		if (*p == '<') {
			tag = true;
			if (!strncmp(p, "<strong>", 8) || !strncmp(p, "<em>", 4))
				(*strong)++;
			if (!strncmp(p, "<code>", 6))
				code = true;
			if (!strncmp(p, "</code>", 7))
				code = false;
		}
		if (!tag && !code && (*p == '*' || *p == '_') && prev != *p)
			(*runs)++;
		if (*p == '>')
			tag = false;
		prev = tag ? 0 : *p;
	}
}

static bool hangul_beside_run(Str s)
{
	for (size_t k = 0; k < s.n; k++) {
		if (s.p[k] != '*' && s.p[k] != '_')
			continue;
		int32_t a = k ? -1 : -1, b;
		/* the code points around the run */
		size_t e = k;
		while (e < s.n && s.p[e] == s.p[k])
			e++;
		size_t st = k;
		while (st > 0 && ((unsigned char)s.p[st - 1] & 0xc0) == 0x80)
			st--;
		if (st > 0) {
			size_t q = st - 1;
			while (q > 0 && ((unsigned char)s.p[q] & 0xc0) == 0x80)
				q--;
			unsigned char c = (unsigned char)s.p[q];
			if (c >= 0xea && c <= 0xed)
				a = 0xac00;
		}
		b = e < s.n && (unsigned char)s.p[e] >= 0xea && (unsigned char)s.p[e] <= 0xed ? 0xac00 : -1;
		if (a >= 0 || b >= 0)
			return true;
		k = e;
	}
	return false;
}

/* long: for every file, block and run, the two readings side by side */
static void test_corpus_emphasis_agrees(void **state)
{
	(void)state;
	if (!have_md_corpus() || !have_program())
		return;
	char *dir = tu_tmpdir();
	size_t n;
	char *m = tu_corpus_file("md/MANIFEST.tsv", &n);
	size_t cases = 0, reported = 0, files = 0;
	for (char *line = strchr(m, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		char name[256];
		if (sscanf(line + 1, "%255[^\t]", name) != 1)
			continue;
		for (int side = 0; side < 2; side++) {
			char *f = xasprintf("md/%s.%s.md", name, side ? "ko" : "en");
			size_t dn;
			char *data = tu_corpus_file(f, &dn);
			free(f);
			MDoc t;
			memset(&t, 0, sizeof(t));
			char *z = xmemdup0(data, dn);
			mdoc_open(&t, z, NULL);
			mdoc_run(&t, CK_MARKUP_SPACING);
			files++;
			for (size_t b = 0; b < t.p.tb->n; b++) {
				const Block *bl = &t.p.tb->v[b];
				if (bl->kind != BK_PARAGRAPH && bl->kind != BK_LIST_ITEM && bl->kind != BK_TITLE)
					continue;
				bool any = false;
				for (size_t i = bl->first; i <= bl->last && !any; i++)
					any = hangul_beside_run(lines_get(t.p.tgt, i));
				if (!any)
					continue;
				cases++;
				/* the block alone, through the program */
				Buf txt = BUF_INIT;
				for (size_t i = bl->first; i <= bl->last; i++) {
					buf_addstr(&txt, lines_get(t.p.tgt, i));
					buf_addc(&txt, '\n');
				}
				char *path = tu_write(dir, "block.md", txt.p, txt.len);
				char *cmd = xasprintf("cmark-gfm '%s'", path);
				FILE *pp = popen(cmd, "r");
				Buf html = BUF_INIT;
				char chunk[4096];
				size_t got;
				while (pp && (got = fread(chunk, 1, sizeof(chunk), pp)) > 0)
					buf_add(&html, chunk, got);
				assert_int_equal(pp ? pclose(pp) : -1, 0);
				size_t ps, pr;
				html_counts(html.p ? html.p : "", &ps, &pr);
				/* ours: the library's inlines of the block */
				HostMdInlineVec v = {0};
				host_md_inlines(t.p.tgt, bl->first, bl->last, &v);
				size_t ys = 0, yr = 0;
				for (size_t i = 0; i < v.n; i++) {
					ys += v.v[i].kind == HMI_STRONG || v.v[i].kind == HMI_EMPH;
					yr += v.v[i].kind == HMI_LEFTOVER;
				}
				/* every finding of the block is on a run the program left as text */
				size_t fb = 0;
				for (size_t i = 0; i < t.fv.n; i++)
					fb += t.fv.v[i].line >= bl->first && t.fv.v[i].line <= bl->last;
				reported += fb;
				if (ps != ys || pr != yr || fb > pr)
					fail_msg("%s line %u: cmark-gfm: %zu emphasis, %zu runs as text; yeok: %zu, "
					         "%zu, %zu findings",
					         name, bl->first + 1, ps, pr, ys, yr, fb);
				host_md_inlines_free(&v);
				buf_release(&html);
				free(cmd);
				free(path);
				buf_release(&txt);
			}
			mdoc_close(&t);
			free(z);
			free(data);
		}
	}
	printf("# %zu files: %zu blocks with '*' or '_' beside Hangul read as cmark-gfm reads them "
	       "(emphasis and runs left as text); %zu markup-spacing findings, each on a run left "
	       "as text\n",
	       files, cases, reported);
	assert_int_equal(files, 40);
	assert_true(cases > 20);
	free(m);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_markup_spacing),
		cmocka_unit_test(test_markup_mismatch),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_rst_checks_quiet),
		cmocka_unit_test(test_prose_checks_mask_markup),
		cmocka_unit_test(test_corpus_emphasis_agrees),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
