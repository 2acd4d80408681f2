/* check on sphinx-gallery .py documents: py-structure on each kind of
 * damage a translator does (and silence on a good translation), findings
 * at the file's columns with fixes that keep the `# `, the prose checks on
 * code comments, and the existing checks quiet on what is not RST. */
#include "testutil.h"

#include "yeok/check.h"
#include "yeok/host.h"

typedef struct PDoc {
	Lines tl, sl;
	HostDoc tgt_host, src_host;
	Alignment al;
	Glossary glossary;
	CheckDoc d;
	FindingVec fv;
} PDoc;

static void pdoc_open(PDoc *t, const char *tgt, const char *src)
{
	memset(t, 0, sizeof(*t));
	lines_init(&t->tl);
	lines_init(&t->sl);
	host_init(&t->tgt_host);
	host_init(&t->src_host);
	align_init(&t->al);
	glossary_init(&t->glossary);
	Err e;
	err_init(&e);
	if (!glossary_load(&t->glossary, "glossary/ko.yaml", &e))
		fail_msg("%s", e.msg);
	lines_parse(&t->tl, tgt, strlen(tgt));
	host_segment(&t->tl, HOST_PY, &t->tgt_host);
	if (src) {
		lines_parse(&t->sl, src, strlen(src));
		host_segment(&t->sl, HOST_PY, &t->src_host);
		align_docs(t->src_host.text, &t->src_host.blocks, t->tgt_host.text, &t->tgt_host.blocks, &t->al);
	}
	check_doc_init(&t->d, t->tgt_host.text, &t->tgt_host.blocks, src ? t->src_host.text : NULL,
	               src ? &t->src_host.blocks : NULL, src ? &t->al : NULL, &t->glossary);
	t->d.tgt_host = &t->tgt_host;
	t->d.src_host = src ? &t->src_host : NULL;
}

static void pdoc_run_set(PDoc *t, const CheckSet *set)
{
	findings_clear(&t->fv);
	check_document(&t->d, set, &t->fv);
}

static void pdoc_run(PDoc *t, CheckId only)
{
	CheckSet set;
	memset(&set, 0, sizeof(set));
	set.on[only] = true;
	pdoc_run_set(t, &set);
}

static void pdoc_close(PDoc *t)
{
	findings_clear(&t->fv);
	check_doc_release(&t->d);
	glossary_release(&t->glossary);
	align_release(&t->al);
	host_release(&t->tgt_host);
	host_release(&t->src_host);
	lines_release(&t->tl);
	lines_release(&t->sl);
}

/* "LINE:COL:SEV" of each finding (1-based), space separated. */
static const char *where(const PDoc *t)
{
	static Buf b = BUF_INIT;
	buf_clear(&b);
	for (size_t i = 0; i < t->fv.n; i++)
		buf_addf(&b, "%s%zu:%zu:%s", i ? " " : "", t->fv.v[i].line + 1, t->fv.v[i].col,
		         check_severity_name(t->fv.v[i].sev));
	return b.p ? b.p : "";
}

static bool has_message(const PDoc *t, const char *part)
{
	for (size_t i = 0; i < t->fv.n; i++)
		if (strstr(t->fv.v[i].message, part))
			return true;
	return false;
}

/* Replace the first occurrence of `from` in s by `to` (a new string). */
static char *edit(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	if (!at)
		fail_msg("edit: '%s' not found", from);
	return xasprintf("%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
}

static const char en[] =
	"# -*- coding: utf-8 -*-\n"                                        /* 1 */
	"\"\"\"\n"                                                          /* 2 */
	"Training a Classifier\n"                                           /* 3 */
	"=====================\n"                                           /* 4 */
	"\n"                                                                /* 5 */
	"**Author**: `Soumith Chintala <https://soumith.ch>`_\n"            /* 6 */
	"\"\"\"\n"                                                          /* 7 */
	"\n"                                                                /* 8 */
	"import torch\n"                                                    /* 9 */
	"\n"                                                                /* 10 */
	"######################################################################\n" /* 11 */
	"# Loading the data\n"                                              /* 12 */
	"# ----------------\n"                                              /* 13 */
	"#\n"                                                               /* 14 */
	"# The output of torchvision datasets are images of range [0, 1].\n" /* 15 */
	"# We transform them to Tensors of normalized range [-1, 1].\n"     /* 16 */
	"\n"                                                                /* 17 */
	"# Load the training set in batches\n"                              /* 18 */
	"trainset = load(train=True)  # the training images\n"              /* 19 */
	"batch_size = 4\n"                                                  /* 20 */
	"\n"                                                                /* 21 */
	"######################################################################\n" /* 22 */
	"# Define the network\n"                                            /* 23 */
	"# ------------------\n"                                            /* 24 */
	"#\n"                                                               /* 25 */
	"# Copy the neural network from the Neural Networks section.\n"    /* 26 */
	"\n"                                                                /* 27 */
	"net = Net()\n";                                                    /* 28 */

static const char ko[] =
	"# -*- coding: utf-8 -*-\n"                                        /* 1 */
	"\"\"\"\n"                                                          /* 2 */
	"분류기(Classifier) 학습하기\n"                                     /* 3 */
	"============================\n"                                    /* 4 */
	"\n"                                                                /* 5 */
	"**저자**: `Soumith Chintala <https://soumith.ch>`_\n"              /* 6 */
	"  **번역**: `박정환 <https://github.com/9bow>`_\n"                 /* 7 */
	"\"\"\"\n"                                                          /* 8 */
	"\n"                                                                /* 9 */
	"import torch\n"                                                    /* 10 */
	"\n"                                                                /* 11 */
	"######################################################################\n" /* 12 */
	"# 데이터 불러오기\n"                                               /* 13 */
	"# ----------------\n"                                              /* 14 */
	"#\n"                                                               /* 15 */
	"# torchvision 데이터셋의 출력은 [0, 1] 범위를 갖는 이미지입니다.\n" /* 16 */
	"# 이를 [-1, 1]의 범위로 정규화된 Tensor로 변환합니다.\n"          /* 17 */
	"\n"                                                                /* 18 */
	"# 학습용 데이터를 배치로 불러옵니다\n"                             /* 19 */
	"trainset = load(train=True)  # 학습용 이미지\n"                    /* 20 */
	"batch_size = 4\n"                                                  /* 21 */
	"\n"                                                                /* 22 */
	"######################################################################\n" /* 23 */
	"# 신경망 정의하기\n"                                               /* 24 */
	"# ------------------\n"                                            /* 25 */
	"#\n"                                                               /* 26 */
	"# 이전의 신경망 섹션에서 신경망을 복사합니다.\n"                  /* 27 */
	"\n"                                                                /* 28 */
	"net = Net()\n";                                                    /* 29 */

static void test_good_translation_is_quiet(void **state)
{
	(void)state;
	PDoc t;
	pdoc_open(&t, ko, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "");
	/* Neither code-changed (its cells are py-structure's) nor anything
	 * about the docstring's quotes or the separators as RST. */
	CheckSet all;
	check_set_all(&all);
	all.on[CK_SPELLING] = false;
	pdoc_run_set(&t, &all);
	for (size_t i = 0; i < t.fv.n; i++)
		if (t.fv.v[i].check != CK_TITLE_UNDERLINE && t.fv.v[i].check != CK_WHITESPACE)
			fail_msg("unexpected finding at %zu:%zu: %s", t.fv.v[i].line + 1, t.fv.v[i].col,
			         t.fv.v[i].message);
	pdoc_close(&t);
	/* The English as its own translation: nothing structural either. */
	pdoc_open(&t, en, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "");
	pdoc_close(&t);
}

static void test_code_changed(void **state)
{
	(void)state;
	PDoc t;
	char *k = edit(ko, "batch_size = 4", "batch_size = 8");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "21:1:warning");
	assert_true(has_message(&t, "'batch_size = 8' where the source has 'batch_size = 4'"));
	assert_string_equal(t.fv.v[0].suggestion, "batch_size = 4");
	pdoc_close(&t);
	free(k);
	/* Comments aside: a translated or removed comment changes no code. */
	k = edit(ko, "trainset = load(train=True)  # 학습용 이미지", "trainset = load(train=True)");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "");
	pdoc_close(&t);
	free(k);
	/* A string literal is code. */
	k = edit(ko, "load(train=True)", "load(train=\"참\")");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "20:1:warning");
	pdoc_close(&t);
	free(k);
	/* Only wrapped differently: information. */
	k = edit(ko, "trainset = load(train=True)", "trainset = load(\n    train=True)");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "20:1:info");
	pdoc_close(&t);
	free(k);
}

static void test_lost_hash(void **state)
{
	(void)state;
	PDoc t;
	/* A Korean line without its '#', inside the text block: the block
	 * ends there and Python reads the line. */
	char *k = edit(ko, "# 이를 [-1, 1]", "이를 [-1, 1]");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "17:1:error");
	assert_true(has_message(&t, "lost its '#'"));
	pdoc_close(&t);
	/* Without a source, the Hangul outside strings and comments says it. */
	pdoc_open(&t, k, NULL);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "17:1:error");
	assert_true(has_message(&t, "Hangul in Python code"));
	pdoc_close(&t);
	free(k);
	/* An English line that lost it. */
	char *e2 = edit(en, "# We transform them", "We transform them");
	pdoc_open(&t, e2, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "16:1:error");
	pdoc_close(&t);
	free(e2);
	/* A blank line inside the text block: what follows is comments in a
	 * code cell (a real case: model_parallel_tutorial.py, KO line 216). */
	k = edit(ko, "이미지입니다.\n# 이를", "이미지입니다.\n\n# 이를");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "18:1:error");
	assert_true(has_message(&t, "this text is comments in a code cell"));
	pdoc_close(&t);
	free(k);
	/* A paragraph the source has in its text block, in the code cell. */
	k = edit(ko, "신경망을 복사합니다.\n", "신경망을 복사합니다.\n\n# 둘째 문단입니다.\n");
	char *e5 = edit(en, "Networks section.\n", "Networks section.\n#\n# A second paragraph.\n");
	pdoc_open(&t, k, e5);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "29:1:error");
	assert_true(has_message(&t, "this text is comments in a code cell"));
	free(e5);
	pdoc_close(&t);
	free(k);
}

static void test_separators(void **state)
{
	(void)state;
	PDoc t;
	/* Removed after code: the text becomes comments, two cells one. */
	char *k = xstrdup(ko);
	char *k2 = edit(k, "batch_size = 4\n\n######################################################################\n",
	                "batch_size = 4\n\n");
	pdoc_open(&t, k2, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "23:1:error");
	assert_true(has_message(&t, "a separator line is missing here (the source has one at line 22)"));
	pdoc_close(&t);
	free(k2);
	/* Damaged (indented, or '# ' before it): said at the line itself. */
	k2 = edit(k, "\n######################################################################\n# 신경망",
	          "\n  ######################################################################\n# 신경망");
	pdoc_open(&t, k2, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "23:3:error");
	assert_true(has_message(&t, "is not a separator line"));
	pdoc_close(&t);
	free(k2);
	k2 = edit(k, "\n######################################################################\n# 신경망",
	          "\n# %\n# 신경망");
	pdoc_open(&t, k2, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "23:1:error");
	pdoc_close(&t);
	free(k2);
	/* '# %%' for '#####': still a separator, nothing to say. */
	k2 = edit(k, "\n######################################################################\n# 신경망",
	          "\n# %%\n# 신경망");
	pdoc_open(&t, k2, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "");
	pdoc_close(&t);
	free(k2);
	free(k);
	/* Between two text blocks: the second joins the first. */
	/* (A separator right after a text line is text: sphinx-gallery reads
	 * every '#' line after a separator, so a blank line comes first.) */
	const char *e3 = "\"\"\"\nT\n=\n\"\"\"\n####################\n"
	                 "# The first text is about ``torch.nn`` and its modules.\n\n"
	                 "####################\n# The second one is about ``numpy`` arrays.\nx = 1\n";
	const char *k3 = "\"\"\"\nT\n=\n\"\"\"\n####################\n"
	                 "# 첫 글은 ``torch.nn`` 과 그 모듈에 대한 글입니다.\n"
	                 "# 둘째 글은 ``numpy`` 배열에 대한 글입니다.\nx = 1\n";
	pdoc_open(&t, k3, e3);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "6:3:error");
	assert_true(has_message(&t, "two text blocks of the source are one here"));
	pdoc_close(&t);
	k3 = "\"\"\"\nT\n=\n\"\"\"\n####################\n"
	     "# 첫 글은 ``torch.nn`` 과 그 모듈에 대한 글입니다.\n#\n"
	     "# 둘째 글은 ``numpy`` 배열에 대한 글입니다.\nx = 1\n";
	pdoc_open(&t, k3, e3);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "8:3:error");
	assert_true(has_message(&t, "the separator line before this text is missing"));
	pdoc_close(&t);
	/* The blank line before the separator removed: the separator is text. */
	k3 = "\"\"\"\nT\n=\n\"\"\"\n####################\n"
	     "# 첫 글은 ``torch.nn`` 과 그 모듈에 대한 글입니다.\n####################\n"
	     "# 둘째 글은 ``numpy`` 배열에 대한 글입니다.\nx = 1\n";
	pdoc_open(&t, k3, e3);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_true(t.fv.n >= 1);
	assert_int_equal(t.fv.v[0].sev, SEV_ERROR);
	pdoc_close(&t);
}

static void test_docstring(void **state)
{
	(void)state;
	PDoc t;
	/* Not closed. */
	char *k = edit(ko, "github.com/9bow>`_\n\"\"\"\n", "github.com/9bow>`_\n\n");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "2:1:error");
	assert_true(has_message(&t, "never closed"));
	pdoc_close(&t);
	free(k);
	/* Text after the closing quotes. */
	k = edit(ko, "9bow>`_\n\"\"\"\n", "9bow>`_\n\"\"\" 번역 끝\n");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "8:1:error");
	pdoc_close(&t);
	free(k);
	/* Gone: typographic quotes are not Python's. */
	k = edit(ko, "# -*- coding: utf-8 -*-\n\"\"\"\n", "# -*- coding: utf-8 -*-\n“””\n");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_true(has_message(&t, "the module docstring is gone"));
	pdoc_close(&t);
	free(k);
	/* r""" lost while the docstring has backslashes: a warning. */
	const char *e4 = "r\"\"\"\nT\n=\n\n:math:`\\alpha`\n\"\"\"\n";
	const char *k4 = "\"\"\"\nT\n=\n\n:math:`\\alpha`\n\"\"\"\n";
	pdoc_open(&t, k4, e4);
	pdoc_run(&t, CK_PY_STRUCTURE);
	assert_string_equal(where(&t), "1:1:warning");
	pdoc_close(&t);
}

static void test_file_columns_and_fixes(void **state)
{
	(void)state;
	PDoc t;
	/* A short underline in a text block: column 3 (after '# '), and the
	 * fix writes the adornment after the prefix, keeping it. */
	char *k = edit(ko, "# 데이터 불러오기\n# ----------------\n", "# 데이터 불러오기\n# ------\n");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_TITLE_UNDERLINE);
	assert_string_equal(where(&t), "14:3:error");
	assert_true(t.fv.v[0].has_fix);
	Lines l;
	lines_init(&l);
	lines_parse(&l, k, strlen(k));
	assert_true(check_fix_apply(&l, &t.fv.v[0].fix));
	Str s = lines_get(&l, 13);
	assert_true(str_eq_cstr(s, "# ---------------"));
	lines_release(&l);
	pdoc_close(&t);
	free(k);
	/* Trailing spaces on two lines of a text block: one finding, and its
	 * fix keeps each line's '# ' (the lines' count too). */
	k = edit(ko, "이미지입니다.\n# 이를 [-1, 1]의 범위로 정규화된 Tensor로 변환합니다.\n",
	         "이미지입니다. \n# 이를 [-1, 1]의 범위로 정규화된 Tensor로 변환합니다.  \n");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_WHITESPACE);
	assert_int_equal(t.fv.n, 1);
	assert_true(has_message(&t, "trailing whitespace on 2 lines of this block (16, 17)"));
	assert_int_equal(t.fv.v[0].last, 16);
	lines_init(&l);
	lines_parse(&l, k, strlen(k));
	assert_true(check_fix_apply(&l, &t.fv.v[0].fix));
	assert_int_equal(l.n, t.tl.n);
	assert_true(str_eq_cstr(lines_get(&l, 15), "# torchvision 데이터셋의 출력은 [0, 1] 범위를 갖는 이미지입니다."));
	assert_true(str_eq_cstr(lines_get(&l, 16), "# 이를 [-1, 1]의 범위로 정규화된 Tensor로 변환합니다."));
	assert_true(str_eq_cstr(lines_get(&l, 17), ""));
	lines_release(&l);
	pdoc_close(&t);
	free(k);
	/* Markup glued to Hangul: the column counts the prefix. */
	k = edit(ko, "정규화된 Tensor로", "정규화된 ``Tensor``로");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_MARKUP_SPACING);
	assert_string_equal(where(&t), "17:34:error"); /* at the particle */
	pdoc_close(&t);
	free(k);
	/* In the docstring: no prefix. */
	k = edit(ko, "분류기(Classifier) 학습하기\n============================",
	         "분류기(Classifier) 학습하기\n=====");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_TITLE_UNDERLINE);
	assert_string_equal(where(&t), "4:1:error");
	pdoc_close(&t);
	free(k);
}

static void test_comments_are_prose(void **state)
{
	(void)state;
	PDoc t;
	/* An avoided glossary variant in a comment. */
	char *k = edit(ko, "# 학습용 데이터를 배치로 불러옵니다", "# 학습용 데이터를 배치로 불러와 파라미터를 정합니다");
	pdoc_open(&t, k, en);
	pdoc_run(&t, CK_GLOSSARY);
	assert_int_equal(t.fv.n, 1);
	assert_int_equal(t.fv.v[0].line + 1, 19);
	assert_int_equal(t.fv.v[0].col, 20); /* '# ' + 17 characters before it */
	assert_true(strstr(t.fv.v[0].message, "파라미터"));
	pdoc_close(&t);
	free(k);
	/* A comment left in English (three words or more): untranslated, at
	 * the comment's text; a trailing comment too. */
	k = edit(ko, "# 학습용 데이터를 배치로 불러옵니다", "# Load the training set in batches");
	char *k2 = edit(k, "# 학습용 이미지", "# the training images");
	pdoc_open(&t, k2, en);
	pdoc_run(&t, CK_UNTRANSLATED);
	assert_string_equal(where(&t), "19:3:info 20:32:info");
	assert_true(has_message(&t, "untranslated comment: still the English of the source"));
	pdoc_close(&t);
	free(k2);
	free(k);
	/* Comments for tools are not prose: sphinx-gallery's configuration. */
	k = edit(ko, "batch_size = 4\n", "batch_size = 4\n# sphinx_gallery_thumbnail_number = 4\n");
	k2 = edit(en, "batch_size = 4\n", "batch_size = 4\n# sphinx_gallery_thumbnail_number = 4\n");
	pdoc_open(&t, k, k2);
	pdoc_run(&t, CK_UNTRANSLATED);
	assert_string_equal(where(&t), "");
	pdoc_close(&t);
	free(k2);
	free(k);
	/* An assignment in a comment (TORCH_LOGS="graph") is code: its words
	 * are no English left in the Korean comment above it. */
	{
		const char *ae =
		    "\"\"\"\n"
		    "Title\n"
		    "=====\n"
		    "\n"
		    "Intro text here.\n"
		    "\"\"\"\n"
		    "\n"
		    "\n"
		    "# view traced graph\n"
		    "# TORCH_LOGS=\"graph\"\n"
		    "set_logs(graph=True)\n"
		    "# view fusion decision\n"
		    "# TORCH_LOGS=\"fusion\"\n"
		    "set_logs(fusion=True)\n";
		const char *ak =
		    "\"\"\"\n"
		    "제목\n"
		    "====\n"
		    "\n"
		    "소개 글입니다.\n"
		    "\"\"\"\n"
		    "\n"
		    "\n"
		    "# 추적된 그래프 보기\n"
		    "# TORCH_LOGS=\"graph\"\n"
		    "set_logs(graph=True)\n"
		    "# 퓨전 결정 보기\n"
		    "# TORCH_LOGS=\"fusion\"\n"
		    "set_logs(fusion=True)\n";
		pdoc_open(&t, ak, ae);
		pdoc_run(&t, CK_UNTRANSLATED);
		assert_string_equal(where(&t), "");
		pdoc_close(&t);
	}
	/* Without a source: the glossary's avoided variants still. */
	char *e2;
	k = edit(ko, "# 학습용 이미지", "# 텐서 이미지");
	pdoc_open(&t, k, NULL);
	pdoc_run(&t, CK_GLOSSARY);
	assert_string_equal(where(&t), "20:32:warning");
	pdoc_close(&t);
	free(k);
	/* A term missing from a comment of two lines names the file's lines
	 * (it named the comment's own: "of lines 1-2", issue 40), and its
	 * last line is the file's (check --since reads it). */
	k = edit(ko, "# 학습용 데이터를 배치로 불러옵니다\n", "# 학습용 데이터를 배치로 불러오고\n# 크기를 확인합니다\n");
	e2 = edit(en, "# Load the training set in batches\n",
	          "# Load the training set in batches\n# and check their shape\n");
	pdoc_open(&t, k, e2);
	pdoc_run(&t, CK_GLOSSARY);
	assert_int_equal(t.fv.n, 1);
	assert_int_equal(t.fv.v[0].line + 1, 19);
	assert_int_equal(t.fv.v[0].last + 1, 20);
	assert_non_null(strstr(t.fv.v[0].message, "not found in the translation of lines 19-20"));
	pdoc_close(&t);
	free(e2);
	free(k);
	/* A '#' inside a string is not a comment. */
	k = edit(ko, "batch_size = 4", "batch_size = '# 파라미터'");
	e2 = edit(en, "batch_size = 4", "batch_size = '# 파라미터'");
	pdoc_open(&t, k, e2);
	pdoc_run(&t, CK_GLOSSARY);
	assert_string_equal(where(&t), "");
	pdoc_close(&t);
	free(e2);
	free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_translation_is_quiet),
		cmocka_unit_test(test_code_changed),
		cmocka_unit_test(test_lost_hash),
		cmocka_unit_test(test_separators),
		cmocka_unit_test(test_docstring),
		cmocka_unit_test(test_file_columns_and_fixes),
		cmocka_unit_test(test_comments_are_prose),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
