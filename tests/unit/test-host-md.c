/* host: the Markdown reader — one case per construct (headings, lists,
 * quotes and MDN notes, code, tables, HTML and doc-builder components,
 * front matter, autodoc, macros, reference definitions), bad input; on the
 * corpus ($CORPUS/md, skipped when absent): the block invariants, the
 * reading against the cmark-gfm program's own (code lines, headings), and
 * the acceptance figures of the alignment (MD_VERBOSE=1 lists misses). */
#include "testutil.h"

#include <stdio.h>
#include <sys/stat.h>

#include "yeok/align.h"
#include "yeok/host.h"
#include "yeok/lines.h"
#include "yeok/pair.h"
#include "yeok/rst.h"

typedef struct Md {
	Lines l;
	HostDoc h;
} Md;

static void md_load(Md *x, const char *data, size_t n)
{
	lines_init(&x->l);
	lines_parse(&x->l, data, n);
	host_init(&x->h);
	host_segment(&x->l, HOST_MD, &x->h);
	Err e;
	err_init(&e);
	if (!host_check(&x->h, &e))
		fail_msg("host_check: %s", e.msg);
}

static void md_str(Md *x, const char *s)
{
	md_load(x, s, strlen(s));
}

static void md_free(Md *x)
{
	host_release(&x->h);
	lines_release(&x->l);
}

/* "kind FIRST-LAST" per block (1-based), with "^P" for a block nested
 * under block P (1-based) and the name in brackets when it has one. */
static const char *blocks(const Md *x)
{
	static Buf b = BUF_INIT;
	buf_clear(&b);
	for (size_t i = 0; i < x->h.blocks.n; i++) {
		const Block *k = &x->h.blocks.v[i];
		buf_addf(&b, "%s%s %u-%u", i ? " " : "", rst_kind_name(k->kind), k->first + 1,
		         k->last + 1);
		if (k->parent >= 0)
			buf_addf(&b, "^%d", k->parent + 1);
		Str nm = rst_block_name(k);
		if (nm.n)
			buf_addf(&b, "[%.*s]", (int)nm.n, nm.p);
	}
	return b.p ? b.p : "";
}

/* The block text (host_block_text) of block i. */
static const char *text_of(const Md *x, size_t i)
{
	static Buf b = BUF_INIT;
	buf_clear(&b);
	host_block_text(&x->h, &x->h.blocks.v[i], &b);
	return b.p ? b.p : "";
}

static void test_format_of_path(void **state)
{
	(void)state;
	assert_int_equal(host_format_of_path("docs/source/ko/accelerate.md"), HOST_MD);
	assert_int_equal(host_format_of_path("README.markdown"), HOST_MD);
	assert_int_equal(host_format_of_path("x.mdx"), HOST_RST);
	assert_string_equal(host_format_name(HOST_MD), "md");
}

static void test_headings_and_paragraphs(void **state)
{
	(void)state;
	Md x;
	md_str(&x, "# AutoClass[[load-pretrained]]\n\nOne\nparagraph.\n\nSetext\n======\n\n"
	           "Two\n---\n\n### Three ###\n");
	assert_string_equal(blocks(&x),
	                    "title 1-1 paragraph 3-4 title 6-7 title 9-10 title 12-12");
	const Block *b = x.h.blocks.v;
	assert_int_equal(b[0].title_level, 1);
	assert_int_equal(b[2].title_level, 1); /* `===` is level 1, as `#` */
	assert_int_equal(b[2].adornment, b[0].adornment);
	assert_int_equal(b[3].title_level, 2);
	assert_int_equal(b[4].title_level, 3);
	/* the anchor stays in the title's text (markup kept) */
	assert_string_equal(text_of(&x, 0), "# AutoClass[[load-pretrained]]");
	assert_string_equal(text_of(&x, 1), "One\nparagraph.");
	md_free(&x);
}

static void test_lists_and_quotes(void **state)
{
	(void)state;
	Md x;
	md_str(&x, "* one\n* two\n  more\n\n  second para\n\n  - nested\n\n1. first\n\n"
	           "> **Note:** a note\n> goes on.\n\n- `func`\n  - : its definition\n");
	assert_string_equal(blocks(&x), "list-item 1-1 list-item 2-3 paragraph 5-5^2 list-item 7-7^2 "
	                                "list-item 9-9 paragraph 11-12 list-item 14-14 "
	                                "list-item 15-15^7");
	const Block *b = x.h.blocks.v;
	assert_string_equal(b[0].bullet, "*");
	assert_string_equal(b[4].bullet, "1.");
	assert_string_equal(text_of(&x, 1), "two\nmore");
	/* a note: a paragraph of the quote, indented past the `>` */
	assert_int_equal(b[5].kind, BK_PARAGRAPH);
	assert_int_equal(b[5].indent, 2);
	assert_string_equal(text_of(&x, 5), "**Note:** a note\n> goes on.");
	assert_string_equal(text_of(&x, 7), ": its definition");
	md_free(&x);
}

static void test_code(void **state)
{
	(void)state;
	Md x;
	md_str(&x, "Text:\n\n```py\n>>> x = 1  # a comment\n```\n\n    indented\n    code\n\n"
	           "~~~\nplain\n~~~\n\n- item\n\n  ```bash\n  pip install x\n  ```\n\n```\nnot closed\n");
	assert_string_equal(blocks(&x), "paragraph 1-1 literal 3-5[```] literal 7-8[indented] "
	                                "literal 10-12[~~~] list-item 14-14 literal 16-18^5[```] "
	                                "literal 20-21[```]");
	Str arg = rst_block_arg(&x.h.blocks.v[1]);
	assert_true(str_eq_cstr(arg, "py"));
	assert_true(str_eq_cstr(rst_block_arg(&x.h.blocks.v[5]), "bash"));
	assert_int_equal(rst_block_arg(&x.h.blocks.v[3]).n, 0);
	md_free(&x);
}

static void test_tables_and_html(void **state)
{
	(void)state;
	Md x;
	md_str(&x, "<!--Copyright\nlicense-->\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n"
	           "<div class=\"x\">\n<img src=\"y\">\n</div>\n\n---\n\n[ref]: https://x.org\n");
	assert_string_equal(blocks(&x), "comment 1-2 table 4-6 other 8-10[html] transition 12-12 "
	                                "target 14-14");
	md_free(&x);
}

static void test_doc_builder(void **state)
{
	(void)state;
	Md x;
	/* <Tip> with blank lines (CommonMark: three blocks) and without (one
	 * HTML block for CommonMark): the same structure, content is prose */
	md_str(&x, "<Tip>\n\nA tip.\n\n</Tip>\n\n<Tip warning={true}>\nWarned:\n\n- item\n</Tip>\n\n"
	           "<frameworkcontent>\n<pt>\nTorch text.\n\n```py\nx\n```\n</pt>\n"
	           "</frameworkcontent>\n\nAfter.\n\n<Youtube id=\"abc\"/>\n\n[[open-in-colab]]\n\n"
	           "[[autodoc]] BertModel\n    - forward\n\n## Title[[anchor]]\n");
	assert_string_equal(blocks(&x),
	                    "directive 1-1[Tip] paragraph 3-3^1 directive 7-7[Tip] paragraph 8-8^3 "
	                    "list-item 10-10^3 directive 13-13[frameworkcontent] "
	                    "directive 14-14^6[pt] paragraph 15-15^7 literal 17-19^7[```] "
	                    "paragraph 23-23 directive 25-25[Youtube] directive 27-27[open-in-colab] "
	                    "directive 29-30[autodoc] title 32-32");
	assert_true(str_eq_cstr(rst_block_arg(&x.h.blocks.v[2]), "warning={true}"));
	assert_true(str_eq_cstr(rst_block_arg(&x.h.blocks.v[12]), "BertModel"));
	md_free(&x);
}

static void test_front_matter_and_macros(void **state)
{
	(void)state;
	Md x;
	md_str(&x, "---\ntitle: setInterval()\nslug: Web/API/setInterval\nl10n:\n  sourceCommit: "
	           "6d194a9\n---\n\n{{APIRef(\"HTML DOM\")}}\n\n{{domxref(\"Window\")}} 및 "
	           "{{domxref(\"Worker\")}}의 메서드\n\n{{Specifications}} {{Compat}}\n");
	assert_string_equal(blocks(&x), "other 1-1[front-matter] field 2-2[title] "
	                                "other 3-6[front-matter] directive 8-8[APIRef] "
	                                "paragraph 10-10 directive 12-12[Specifications]");
	assert_string_equal(text_of(&x, 1), "setInterval()");
	assert_true(rst_kind_is_prose(BK_FIELD));
	md_free(&x);
	/* no closing line: not front matter (a thematic break, then text) */
	md_str(&x, "---\ntitle: x\n");
	assert_string_equal(blocks(&x), "transition 1-1 paragraph 2-2");
	md_free(&x);
}

static void test_inlines(void **state)
{
	(void)state;
	Lines l;
	lines_init(&l);
	const char *s = "**강조**는 **텍스트(Text)**는 [링크](../x#a) ![i](p.png) `c`를 \\*no\\*";
	lines_parse(&l, s, strlen(s));
	HostMdInlineVec v = {0};
	host_md_inlines(&l, 0, 0, &v);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < v.n; i++)
		buf_addf(&b, "%s%d:%zu-%zu%s%s", i ? " " : "", (int)v.v[i].kind, v.v[i].from, v.v[i].to,
		         v.v[i].url ? "=" : "", v.v[i].url ? v.v[i].url : "");
	/* strong at 0; the second pair stays text: two `*` runs left over */
	assert_string_equal(b.p, "3:0-10 6:14-16 6:31-33 1:37-53=../x#a 2:54-65=p.png 0:67-68=c");
	host_md_inlines_free(&v);
	buf_release(&b);
	lines_release(&l);
}

static void test_bad_input(void **state)
{
	(void)state;
	static const char *const inputs[] = {
		"", "\n", "---\n", "---\n---\n", "<Tip>\n", "</Tip>\n</pt>\n", "```\n", "> > > >\n",
		"- - - - -\n", "\r\r\n\0x\n", "<Tip>\n<Tip>\n<Tip>\n", "[x]:\n", "|a|\n|-|\n",
		"# \n", "<!--\n", "    \n    x\n",
	};
	for (size_t i = 0; i < ARRAY_LEN(inputs); i++) {
		Md x;
		md_load(&x, inputs[i], strlen(inputs[i]) + (i == 9 ? 3 : 0));
		md_free(&x);
	}
	/* deep nesting is bounded */
	Buf b = BUF_INIT;
	for (int i = 0; i < 2000; i++)
		buf_adds(&b, "> ");
	buf_adds(&b, "deep\n\n");
	for (int i = 0; i < 500; i++)
		buf_addf(&b, "%*s- x\n", 2 * i, "");
	for (int i = 0; i < 300; i++)
		buf_adds(&b, "<Tip>\n");
	Md x;
	md_load(&x, b.p, b.len);
	for (size_t i = 0; i < x.h.blocks.n; i++)
		assert_true(x.h.blocks.v[i].depth <= RST_MAX_DEPTH);
	md_free(&x);
	buf_release(&b);
}

/* ---- the corpus ------------------------------------------------------------ */

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

/* The pair names of md/MANIFEST.tsv, NULL-terminated. */
static char **md_pairs(void)
{
	size_t n;
	char *m = tu_corpus_file("md/MANIFEST.tsv", &n);
	VEC(char *) v = {0};
	size_t i = 0;
	bool header = true;
	while (i < n) {
		size_t e = i;
		while (e < n && m[e] != '\n')
			e++;
		size_t t = i;
		while (t < e && m[t] != '\t')
			t++;
		if (!header && t > i)
			VEC_PUSH(&v, xmemdup0(m + i, t - i));
		header = false;
		i = e + 1;
	}
	free(m);
	VEC_PUSH(&v, NULL);
	return v.v;
}

static char *md_file(const char *name, const char *side, size_t *n)
{
	char *f = xasprintf("md/%s.%s.md", name, side);
	char *d = tu_corpus_file(f, n);
	free(f);
	return d;
}

/* The cmark-gfm program's reading of a file: per line, 1 when it is in a
 * fenced or indented code block (`<pre data-sourcepos="a:b-c:d">`), and
 * the first line of each heading (`<hN data-sourcepos=...>`).  False when
 * the program is not there. */
static bool cmark_program(const char *path, size_t nlines, unsigned char *code, size_t *headings,
                          size_t *nh)
{
	char *cmd = xasprintf("cmark-gfm --sourcepos -e table '%s' 2>/dev/null", path);
	FILE *f = popen(cmd, "r");
	free(cmd);
	if (!f)
		return false;
	char line[65536];
	bool any = false;
	*nh = 0;
	while (fgets(line, sizeof(line), f)) {
		any = true;
		for (char *p = line; (p = strstr(p, "data-sourcepos=\"")); p++) {
			unsigned a, b, c, d;
			if (sscanf(p + 16, "%u:%u-%u:%u", &a, &b, &c, &d) != 4)
				continue;
			/* the tag this attribute belongs to */
			char *lt = p;
			while (lt > line && *lt != '<')
				lt--;
			if (!strncmp(lt, "<pre", 4)) {
				for (unsigned k = a; k <= c && k <= nlines; k++)
					if (k)
						code[k - 1] = 1;
			} else if (lt[0] == '<' && lt[1] == 'h' && lt[2] >= '1' && lt[2] <= '6') {
				headings[(*nh)++] = a - 1;
			}
		}
	}
	int rc = pclose(f);
	return any && rc == 0;
}

static void test_corpus_blocks(void **state)
{
	(void)state;
	if (!have_md_corpus())
		return;
	char **pairs = md_pairs();
	size_t files = 0;
	for (char **p = pairs; *p; p++) {
		for (int side = 0; side < 2; side++) {
			size_t n;
			char *d = md_file(*p, side ? "ko" : "en", &n);
			Md x;
			md_load(&x, d, n);
			/* blocks in order, never overlapping, never ending on a blank */
			for (size_t i = 0; i < x.h.blocks.n; i++) {
				const Block *b = &x.h.blocks.v[i];
				assert_true(str_trim(lines_get(&x.l, b->last)).n > 0 || b->kind == BK_LITERAL);
				if (i)
					assert_true(b->first > x.h.blocks.v[i - 1].last);
			}
			/* segmenting from 0 again gives the same blocks */
			RstDoc again = x.h.blocks;
			rst_init(&x.h.blocks);
			host_segment_range(&x.h, 0, x.l.n);
			size_t at;
			if (!tu_blocks_equal(&again, &x.h.blocks, &at))
				fail_msg("%s: block %zu differs", *p, at);
			rst_release(&again);
			md_free(&x);
			free(d);
			files++;
		}
	}
	assert_int_equal(files, 40);
	tu_free_list(pairs);
}

/* The acceptance figures (issue 43), on the corpus pairs read as Markdown
 * (and, for the code lines, as RST, the reading before):
 *   code:     of the lines the cmark-gfm program puts in code blocks, the
 *             share in a BK_LITERAL block of yeok's reading (both sides);
 *   headings: of the English headings, the share whose segment holds the
 *             Korean heading that is its counterpart: the one with the
 *             same `[[anchor]]` (Hugging Face), else the one at the same
 *             place among the headings when both sides have as many, else
 *             (MDN: the translation dropped a section) its partner in the
 *             longest common subsequence of the heading levels;
 *   prose:    "beside its Korean": the headings cut both sides into
 *             sections (counterparts as above); in a section whose blocks
 *             have the same kinds in the same order on both sides, the
 *             k-th block is the counterpart of the k-th; an English prose
 *             block (title, paragraph, list item, field) is beside its
 *             Korean when its segment holds that counterpart.  The other
 *             sections (the translation merged, split, added or dropped
 *             blocks) have no counterpart known without reading them; their
 *             blocks are counted apart (coverage). */
typedef struct Figures {
	size_t code_lines, code_in, code_in_rst;
	size_t heads, heads_paired;
	size_t prose, prose_beside, prose_all;
} Figures;

static bool anchor_of(const Lines *l, const Block *b, Str *out)
{
	Str s = lines_get(l, b->text_line);
	for (size_t i = 0; i + 1 < s.n; i++)
		if (s.p[i] == '[' && s.p[i + 1] == '[') {
			size_t e = i + 2;
			while (e + 1 < s.n && !(s.p[e] == ']' && s.p[e + 1] == ']'))
				e++;
			if (e + 1 < s.n) {
				*out = (Str){s.p + i + 2, e - i - 2};
				return true;
			}
		}
	return false;
}

/* seg[i]: the segment of block i of a side. */
static size_t *segment_of(const Alignment *a, size_t nblocks, bool src)
{
	size_t *seg = xcalloc(nblocks ? nblocks : 1, sizeof(size_t));
	for (size_t k = 0; k < a->n; k++) {
		const Segment *g = &a->v[k];
		size_t f = src ? g->src : g->tgt, n = src ? g->src_n : g->tgt_n;
		for (size_t i = f; i < f + n; i++)
			seg[i] = k;
	}
	return seg;
}

/* long: the three figures of one pair, each with its counterpart rule */
static void pair_figures(const char *name, const DocPair *p, Figures *f)
{
	const RstDoc *sb = p->sb, *tb = p->tb;
	size_t *ss = segment_of(&p->al, sb->n, true), *ts = segment_of(&p->al, tb->n, false);
	/* headings and their counterparts */
	VEC(size_t) sh = {0}, th = {0};
	for (size_t i = 0; i < sb->n; i++)
		if (sb->v[i].kind == BK_TITLE)
			VEC_PUSH(&sh, i);
	for (size_t i = 0; i < tb->n; i++)
		if (tb->v[i].kind == BK_TITLE)
			VEC_PUSH(&th, i);
	size_t *cp = xcalloc(sh.n + 1, sizeof(size_t)); /* target heading index or SIZE_MAX */
	for (size_t k = 0; k < sh.n; k++) {
		cp[k] = SIZE_MAX;
		Str a, b;
		if (anchor_of(p->src_lines, &sb->v[sh.v[k]], &a)) {
			for (size_t j = 0; j < th.n; j++)
				if (anchor_of(p->tgt, &tb->v[th.v[j]], &b) && a.n == b.n &&
				    !memcmp(a.p, b.p, a.n))
					cp[k] = j;
		} else if (sh.n == th.n) {
			cp[k] = k;
		}
	}
	if (sh.n != th.n && sh.n && th.n && !anchor_of(p->src_lines, &sb->v[sh.v[0]], &(Str){0})) {
		/* no anchors and not as many headings: the longest common
		 * subsequence of the heading levels, earliest matches first */
		size_t W = th.n + 1;
		size_t *L = xcalloc((sh.n + 1) * W, sizeof(size_t));
		for (size_t i = sh.n; i-- > 0;)
			for (size_t j = th.n; j-- > 0;)
				L[i * W + j] = sb->v[sh.v[i]].title_level == tb->v[th.v[j]].title_level
				                   ? L[(i + 1) * W + j + 1] + 1
				                   : MAX(L[(i + 1) * W + j], L[i * W + j + 1]);
		for (size_t i = 0, j = 0; i < sh.n && j < th.n;) {
			if (sb->v[sh.v[i]].title_level == tb->v[th.v[j]].title_level &&
			    L[i * W + j] == L[(i + 1) * W + j + 1] + 1)
				cp[i++] = j++;
			else if (L[(i + 1) * W + j] >= L[i * W + j + 1])
				i++;
			else
				j++;
		}
		free(L);
	}
	for (size_t k = 0; k < sh.n; k++) {
		f->heads++;
		bool ok = cp[k] != SIZE_MAX && ss[sh.v[k]] == ts[th.v[cp[k]]];
		f->heads_paired += ok;
		if (!ok && getenv("MD_VERBOSE"))
			printf("# %s: heading at EN line %u not beside its Korean\n", name,
			       sb->v[sh.v[k]].first + 1);
	}
	/* sections: [start of heading k, start of heading k+1) on each side */
	for (size_t k = 0; k <= sh.n; k++) {
		size_t s0 = k ? sh.v[k - 1] : 0, s1 = k < sh.n ? sh.v[k] : sb->n;
		size_t t0 = 0, t1 = 0;
		bool known = true;
		if (k) {
			known = cp[k - 1] != SIZE_MAX;
			t0 = known ? th.v[cp[k - 1]] : 0;
		}
		if (k < sh.n) {
			known = known && cp[k] != SIZE_MAX;
			t1 = known ? th.v[cp[k]] : 0;
		} else {
			t1 = tb->n;
		}
		bool same = known && t1 >= t0 && s1 - s0 == t1 - t0;
		for (size_t i = 0; same && i < s1 - s0; i++)
			same = sb->v[s0 + i].kind == tb->v[t0 + i].kind;
		for (size_t i = s0; i < s1; i++) {
			if (!rst_kind_is_prose(sb->v[i].kind))
				continue;
			f->prose_all++;
			if (!same)
				continue;
			f->prose++;
			bool ok = ss[i] == ts[t0 + (i - s0)];
			f->prose_beside += ok;
			if (!ok && getenv("MD_VERBOSE"))
				printf("# %s: EN line %u not beside KO line %u\n", name, sb->v[i].first + 1,
				       tb->v[t0 + (i - s0)].first + 1);
		}
	}
	free(cp);
	VEC_FREE(&sh);
	VEC_FREE(&th);
	free(ss);
	free(ts);
}

/* Lines of the program's code blocks that are in a BK_LITERAL of d. */
static void code_figures(const char *path, const Lines *l, const RstDoc *md, const RstDoc *rst,
                         Figures *f, bool *have)
{
	unsigned char *code = xcalloc(l->n + 1, 1), *in = xcalloc(l->n + 1, 1),
	              *in_rst = xcalloc(l->n + 1, 1);
	size_t *heads = xcalloc(l->n + 1, sizeof(size_t)), nh = 0;
	if (!cmark_program(path, l->n, code, heads, &nh)) {
		*have = false;
	} else {
		for (size_t i = 0; i < md->n; i++)
			if (md->v[i].kind == BK_LITERAL)
				memset(in + md->v[i].first, 1, md->v[i].last - md->v[i].first + 1);
		for (size_t i = 0; i < rst->n; i++)
			if (rst->v[i].kind == BK_LITERAL)
				memset(in_rst + rst->v[i].first, 1, rst->v[i].last - rst->v[i].first + 1);
		for (size_t i = 0; i < l->n; i++) {
			if (!code[i])
				continue;
			f->code_lines++;
			f->code_in += in[i];
			f->code_in_rst += in_rst[i];
		}
		/* every heading of the program is a title of ours, on its line */
		size_t t = 0;
		for (size_t k = 0; k < nh; k++) {
			while (t < md->n && md->v[t].last < heads[k])
				t++;
			/* the program has no front matter: its `---` is a setext
			 * underline there */
			if (t < md->n && (md->v[t].kind == BK_FIELD ||
			                  str_eq_cstr(rst_block_name(&md->v[t]), "front-matter")))
				continue;
			if (t >= md->n || md->v[t].kind != BK_TITLE || md->v[t].first != heads[k])
				fail_msg("%s: heading at line %zu is not a title", path, heads[k] + 1);
		}
	}
	free(code);
	free(in);
	free(in_rst);
	free(heads);
}

static void test_corpus_figures(void **state)
{
	(void)state;
	if (!have_md_corpus())
		return;
	char **pairs = md_pairs();
	Figures f;
	memset(&f, 0, sizeof(f));
	bool have = true;
	size_t npairs = 0;
	for (char **p = pairs; *p; p++) {
		size_t sn, tn;
		char *s = md_file(*p, "en", &sn), *t = md_file(*p, "ko", &tn);
		DocPair dp, rp;
		pair_init(&dp);
		pair_init(&rp);
		pair_from_texts(&dp, HOST_MD, t, tn, s, sn);
		pair_from_texts(&rp, HOST_RST, t, tn, s, sn);
		Err e;
		err_init(&e);
		if (!pair_check(&dp, &e))
			fail_msg("%s: %s", *p, e.msg);
		pair_figures(*p, &dp, &f);
		for (int side = 0; side < 2 && have; side++) {
			char *path = xasprintf("%s/md/%s.%s.md", tu_corpus(), *p, side ? "ko" : "en");
			code_figures(path, side ? dp.tgt : dp.src_lines, side ? dp.tb : dp.sb,
			             side ? rp.tb : rp.sb, &f, &have);
			free(path);
		}
		pair_release(&dp);
		pair_release(&rp);
		free(s);
		free(t);
		npairs++;
	}
	tu_free_list(pairs);
	double code = f.code_lines ? 100.0 * (double)f.code_in / (double)f.code_lines : 0;
	double code_rst = f.code_lines ? 100.0 * (double)f.code_in_rst / (double)f.code_lines : 0;
	double heads = 100.0 * (double)f.heads_paired / (double)(f.heads ? f.heads : 1);
	double prose = 100.0 * (double)f.prose_beside / (double)(f.prose ? f.prose : 1);
	printf("# %zu Markdown pairs: headings paired %zu/%zu (%.1f%%); prose beside its Korean "
	       "%zu/%zu (%.1f%%), %zu of %zu English prose blocks in sections of the same "
	       "structure\n",
	       npairs, f.heads_paired, f.heads, heads, f.prose_beside, f.prose, prose, f.prose,
	       f.prose_all);
	if (have)
		printf("# code lines (cmark-gfm's) in code blocks: %zu/%zu (%.1f%%) read as Markdown, "
		       "%zu (%.1f%%) read as RST\n",
		       f.code_in, f.code_lines, code, f.code_in_rst, code_rst);
	else
		print_message("skipped: the code-line figure needs the cmark-gfm program\n");
	assert_int_equal(npairs, 20);
	assert_true(heads >= 95.0);
	assert_true(prose >= 90.0);
	assert_true(f.prose * 10 >= f.prose_all * 7); /* the figure covers most prose */
	if (have)
		assert_true(code >= 95.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_of_path),
		cmocka_unit_test(test_headings_and_paragraphs),
		cmocka_unit_test(test_lists_and_quotes),
		cmocka_unit_test(test_code),
		cmocka_unit_test(test_tables_and_html),
		cmocka_unit_test(test_doc_builder),
		cmocka_unit_test(test_front_matter_and_macros),
		cmocka_unit_test(test_inlines),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_corpus_blocks),
		cmocka_unit_test(test_corpus_figures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
