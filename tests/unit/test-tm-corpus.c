/* tm: a clean memory of the real repository (issue 39, item 3).  The dev
 * bundle's memory gives real paragraphs back as 100% matches with their
 * own Korean: 30 paragraphs kept back from the corpus pairs (each the
 * English a file was translated from and the Korean of its translation,
 * ../shared/corpus/MANIFEST.tsv), paired without yeok's aligner (the i-th
 * blank-line block of each side, in files whose sides have as many), whose
 * Korean is still at the bundle's HEAD.  And build copies are not read. */
#include "testutil.h"

#include "yeok/text.h"
#include "yeok/tm.h"

static char *repo; /* the bundle's clone, NULL without the corpus */
static char *db;

static int setup(void **state)
{
	(void)state;
	char *rel = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	char *bundle = realpath(rel, NULL);
	free(rel);
	if (!bundle) {
		printf("# skipped: no corpus at %s (CORPUS= points at it)\n", tu_corpus());
		return 0;
	}
	char *dir = tu_tmpdir();
	tu_sh(dir, "git clone -q '%s' r", bundle);
	/* a built site and a _downloads copy, tracked, as in tutorials-kr:
	 * built while the file was English, then again once it was Korean */
	tu_sh(dir, "cd r && mkdir -p docs/_downloads/abc docs/beginner _build && "
	           "git show \"$(git log --format=%%H -1 --grep='amx.rst' -- recipes_source/amx.rst)^:"
	           "recipes_source/amx.rst\" > docs/_downloads/abc/amx.rst && "
	           "cp docs/_downloads/abc/amx.rst docs/beginner/amx.rst && "
	           "cp docs/_downloads/abc/amx.rst _build/amx.rst && : > docs/objects.inv && "
	           "git add -A && git -c user.name=t -c user.email=t@e commit -qm 'build (English)' && "
	           "for f in docs/_downloads/abc docs/beginner _build; do cp recipes_source/amx.rst $f/; done && "
	           "git add -A && git -c user.name=t -c user.email=t@e commit -qm 'build (Korean)'");
	repo = path_join(dir, "r");
	db = path_join(dir, "tm.sqlite");
	free(bundle);
	free(dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(repo);
	free(db);
	return 0;
}

typedef VEC(char *) Blocks;

/* The top-level blank-line blocks of text (a block starts at a line
 * without indentation after a blank line). */
static void blocks_of(const char *text, Blocks *out)
{
	Buf cur = BUF_INIT;
	const char *p = text;
	bool blank_before = true;
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		Str line = str_trim((Str){p, n});
		if (!line.n) {
			blank_before = true;
		} else {
			if (blank_before && p[0] != ' ' && p[0] != '\t' && cur.len) {
				VEC_PUSH(out, buf_detach(&cur));
			}
			if (cur.len)
				buf_addc(&cur, '\n');
			buf_add(&cur, p, n);
			blank_before = false;
		}
		p += n + (nl != NULL);
	}
	if (cur.len)
		VEC_PUSH(out, buf_detach(&cur));
	buf_release(&cur);
}

static bool hangul(const char *s)
{
	for (size_t i = 0, n = strlen(s); i < n;) {
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if (cp >= 0 && text_is_hangul(cp))
			return true;
	}
	return false;
}

/* A plain top-level paragraph: no markup block, no title, no literal. */
static bool plain(const char *b)
{
	if (strchr("-*+#|=:.`0123456789 \t>", b[0]))
		return false;
	if (strstr(b, "::") || strstr(b, "\n "))
		return false;
	for (const char *l = b; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		size_t n = strcspn(l, "\n");
		if (n >= 3 && strspn(l, "=-~^\"'`#*+") >= n)
			return false; /* a title's adornment */
	}
	return true;
}

static void squeeze(const char *s, Buf *out)
{
	buf_clear(out);
	bool sp = false;
	for (; *s; s++) {
		bool w = *s == ' ' || *s == '\n' || *s == '\t' || *s == '\r';
		if (w && !sp && out->len)
			buf_addc(out, ' ');
		else if (!w)
			buf_addc(out, *s);
		sp = w;
	}
	while (out->len && out->p[out->len - 1] == ' ')
		out->p[--out->len] = '\0';
}

typedef struct Para {
	char *file, *en, *ko;
} Para;
typedef VEC(Para) Paras;

/* The candidates, in file order (MANIFEST's), then block order. */
static void paragraphs(Paras *out)
{
	char *mp = path_join(tu_corpus(), "MANIFEST.tsv");
	size_t n;
	char *m = tu_read(mp, &n);
	for (char *line = strchr(m, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
		char name[200], path[300];
		if (sscanf(line + 1, "%199[^\t]\t%299[^\t]", name, path) != 2)
			continue;
		char *head = NULL;
		size_t hn;
		char *hp = path_join(repo, path);
		Buf hb = BUF_INIT;
		if (file_read(hp, &hb, NULL) && !text_is_english(hb.p ? hb.p : "", hb.len))
			head = buf_detach(&hb);
		buf_release(&hb);
		free(hp);
		if (!head)
			continue;
		char *en_name = xasprintf("%s.en.rst", name), *ko_name = xasprintf("%s.ko.rst", name);
		char *en = tu_corpus_file(en_name, &hn), *ko = tu_corpus_file(ko_name, &hn);
		Blocks eb = {0}, kb = {0};
		blocks_of(en, &eb);
		blocks_of(ko, &kb);
		for (size_t i = 0; eb.n == kb.n && i < eb.n; i++) {
			if (strlen(eb.v[i]) < 60 || !plain(eb.v[i]) || !plain(kb.v[i]) ||
			    hangul(eb.v[i]) || !hangul(kb.v[i]) || !strstr(head, kb.v[i]))
				continue;
			Para p = {xstrdup(path), xstrdup(eb.v[i]), xstrdup(kb.v[i])};
			VEC_PUSH(out, p);
		}
		for (size_t i = 0; i < eb.n; i++)
			free(eb.v[i]);
		for (size_t i = 0; i < kb.n; i++)
			free(kb.v[i]);
		VEC_FREE(&eb);
		VEC_FREE(&kb);
		free(en);
		free(ko);
		free(en_name);
		free(ko_name);
		free(head);
	}
	free(m);
	free(mp);
}

static void test_build(void **state)
{
	(void)state;
	if (!repo)
		skip();
	TmBuildOpts o = {repo, db, NULL, NULL};
	TmStats st;
	Err e;
	err_init(&e);
	if (!tm_build(&o, &st, &e))
		fail_msg("%s", e.msg);
	assert_true(st.segments > 1000);
	/* the build copies under docs/ and _build/ are not read */
	Tm *tm = tm_open(db, false, &e);
	assert_non_null(tm);
	TmMatches m = {0};
	const char *q = "Intel Advanced Matrix Extensions (AMX)";
	assert_true(tm_lookup(tm, q, strlen(q), &(TmLookupOpts){.max = 50, .min_score = 30}, &m, &e));
	bool amx = false;
	for (size_t i = 0; i < m.n; i++) {
		amx = amx || !strcmp(m.v[i].file, "recipes_source/amx.rst");
		if (!strncmp(m.v[i].file, "docs/", 5) || !strncmp(m.v[i].file, "_build/", 7))
			fail_msg("a segment of %s", m.v[i].file);
	}
	assert_true(amx);
	tm_matches_release(&m);
	tm_close(tm);
}

/* Acceptance: 30 kept-back paragraphs come back as 100% matches with
 * their own Korean first. */
static void test_kept_back(void **state)
{
	(void)state;
	if (!repo)
		skip();
	Paras ps = {0};
	paragraphs(&ps);
	assert_true(ps.n >= 30);
	Err e;
	err_init(&e);
	Tm *tm = tm_open(db, false, &e);
	assert_non_null(tm);
	size_t good = 0;
	Buf a = BUF_INIT, b = BUF_INIT;
	for (size_t k = 0; k < 30; k++) {
		const Para *p = &ps.v[k * ps.n / 30];
		TmMatches m = {0};
		assert_true(tm_lookup(tm, p->en, strlen(p->en), NULL, &m, &e));
		squeeze(p->ko, &a);
		if (m.n)
			squeeze(m.v[0].ko, &b);
		if (m.n && m.v[0].score == 100 && !strcmp(a.p, b.p))
			good++;
		else
			printf("# %s: %.60s... -> %s\n", p->file, p->en,
			       m.n ? (m.v[0].score == 100 ? "100% with another Korean" : "no 100% match")
			           : "nothing");
		tm_matches_release(&m);
	}
	printf("# %zu of 30 kept-back paragraphs (of %zu candidates) back as 100%% matches\n", good,
	       ps.n);
	assert_int_equal(good, 30);
	buf_release(&a);
	buf_release(&b);
	tm_close(tm);
	for (size_t i = 0; i < ps.n; i++) {
		free(ps.v[i].file);
		free(ps.v[i].en);
		free(ps.v[i].ko);
	}
	VEC_FREE(&ps);
}

/* Among equal scores the repository's majority rendering comes first,
 * though the other one is newer. */
static void test_majority_first(void **state)
{
	(void)state;
	char *d = tu_tmpdir();
	static const char en[] = "Title\n=====\n\nThe model is trained for ten epochs here.\n";
	tu_sh(d, "git init -q . && git config user.email t@t && git config user.name T && "
	         "for f in a b c; do printf '%%s' '%s' > $f.rst; done && git add -A && "
	         "git commit -qm en --date=2020-01-01T00:00:00", en);
	tu_sh(d, "printf '제목\n====\n\n여기서 모델을 열 에폭 동안 학습합니다.\n' > a.rst && "
	         "cp a.rst b.rst && git commit -qam 'a b' --date=2021-01-01T00:00:00 && "
	         "printf '제목\n====\n\n모델은 여기서 열 에폭 훈련됩니다.\n' > c.rst && "
	         "git commit -qam c --date=2022-01-01T00:00:00");
	char *mem = path_join(d, "tm.sqlite");
	TmBuildOpts o = {d, mem, NULL, NULL};
	TmStats st;
	Err e;
	err_init(&e);
	assert_true(tm_build(&o, &st, &e));
	Tm *tm = tm_open(mem, false, &e);
	assert_non_null(tm);
	TmMatches m = {0};
	const char *q = "The model is trained for ten epochs here.";
	assert_true(tm_lookup(tm, q, strlen(q), NULL, &m, &e));
	assert_true(m.n >= 2);
	assert_int_equal(m.v[0].score, 100);
	assert_string_equal(m.v[0].ko, "여기서 모델을 열 에폭 동안 학습합니다.");
	assert_int_equal(m.v[0].files, 2);
	assert_int_equal(m.v[1].files, 1);
	tm_matches_release(&m);
	tm_close(tm);
	free(mem);
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build),
		cmocka_unit_test(test_kept_back),
		cmocka_unit_test(test_majority_first),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
