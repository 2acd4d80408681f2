/* source: the order --source, --source-rev, the English tree, sidecar
 * record, the document itself; errors that name the file. */
#include "testutil.h"

#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/text.h"

static void test_path_and_self(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *en = tu_write(dir, "a.en.rst", "Hello\n", 6);
	char *ko = tu_write(dir, "a.rst", "안녕\n", 7);
	Source s;
	source_init(&s);
	Err e;
	err_init(&e);
	SourceOpts o = {en, NULL, NULL, false, true, false};
	assert_true(source_resolve(ko, &o, &s, &e));
	assert_int_equal(s.origin, SOURCE_PATH);
	assert_string_equal(s.text.p, "Hello\n");
	assert_string_equal(s.path, en);
	assert_int_equal(strlen(s.sha256), 64);
	SourceOpts self = {NULL, NULL, NULL, false, true, false};
	assert_true(source_resolve(ko, &self, &s, &e));
	assert_int_equal(s.origin, SOURCE_SELF);
	assert_string_equal(s.text.p, "안녕\n");
	assert_string_equal(source_origin_name(s.origin), "self");
	/* no source and no fallback */
	SourceOpts none = {NULL, NULL, NULL, false, false, false};
	assert_true(source_resolve(ko, &none, &s, &e));
	assert_int_equal(s.origin, SOURCE_NONE);
	assert_int_equal(s.text.len, 0);
	/* both */
	SourceOpts both = {en, "HEAD", NULL, false, true, false};
	assert_false(source_resolve(ko, &both, &s, &e));
	assert_int_equal(e.code, EXIT_USAGE);
	/* missing --source */
	char *gone = path_join(dir, "gone.rst");
	SourceOpts miss = {gone, NULL, NULL, false, true, false};
	assert_false(source_resolve(ko, &miss, &s, &e));
	assert_int_equal(e.code, EXIT_NOINPUT);
	assert_non_null(strstr(e.msg, "gone.rst"));
	assert_null(s.text.p);
	source_release(&s);
	free(gone);
	free(en);
	free(ko);
	free(dir);
}

static void test_record(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *snap = tu_write(dir, "a.rst.en-snapshot", "Hello\n", 6);
	char *ko = tu_write(dir, "a.rst", "안녕\n", 7);
	Source s;
	source_init(&s);
	Err e;
	err_init(&e);
	/* a snapshot path relative to the document's folder */
	SourceRecord r = {.snapshot = "a.rst.en-snapshot"};
	SourceOpts o = {NULL, NULL, &r, false, true, false};
	assert_true(source_resolve(ko, &o, &s, &e));
	assert_int_equal(s.origin, SOURCE_SIDECAR);
	assert_string_equal(s.text.p, "Hello\n");
	/* the recorded sha256 must match */
	char sha[65];
	sha256_hex("Hello\n", 6, sha);
	r.sha256 = sha;
	assert_true(source_resolve(ko, &o, &s, &e));
	r.sha256 = "0000000000000000000000000000000000000000000000000000000000000000";
	assert_false(source_resolve(ko, &o, &s, &e));
	assert_int_equal(e.code, EXIT_DATAERR);
	assert_non_null(strstr(e.msg, "a.rst.yeok.yaml"));
	/* an empty record */
	SourceRecord empty = {0};
	SourceOpts oe = {NULL, NULL, &empty, false, true, false};
	assert_false(source_resolve(ko, &oe, &s, &e));
	/* --source wins over the record */
	SourceOpts both = {snap, NULL, &r, false, true, false};
	assert_true(source_resolve(ko, &both, &s, &e));
	assert_int_equal(s.origin, SOURCE_PATH);
	source_release(&s);
	free(snap);
	free(ko);
	free(dir);
}

static int sh(const char *cmd)
{
	return system(cmd);
}

static void test_rev(void **state)
{
	(void)state;
	if (sh("git --version >/dev/null 2>&1") != 0)
		skip();
	char *dir = tu_tmpdir();
	char *cmd = xasprintf("cd '%s' && git init -q && mkdir d && printf 'English\\n' > 'd/my doc.rst' && "
	                      "git add . && git -c user.name=t -c user.email=t@t commit -qm en && "
	                      "printf '한국어\\n' > 'd/my doc.rst'",
	                      dir);
	assert_int_equal(sh(cmd), 0);
	free(cmd);
	char *doc = xasprintf("%s/d/my doc.rst", dir);
	Source s;
	source_init(&s);
	Err e;
	err_init(&e);
	SourceOpts o = {NULL, "HEAD", NULL, false, true, false};
	if (!source_resolve(doc, &o, &s, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(s.origin, SOURCE_REV);
	assert_string_equal(s.text.p, "English\n");
	assert_string_equal(s.path, "d/my doc.rst");
	assert_string_equal(s.rev, "HEAD");
	/* a sidecar record with a commit and a repository path */
	char id[41];
	char *rp = xasprintf("git -C '%s' rev-parse HEAD", dir);
	FILE *f = popen(rp, "r");
	free(rp);
	assert_non_null(f);
	assert_non_null(fgets(id, sizeof(id), f));
	pclose(f);
	SourceRecord r = {.git = id, .path = "d/my doc.rst"};
	SourceOpts ro = {NULL, NULL, &r, false, true, false};
	if (!source_resolve(doc, &ro, &s, &e))
		fail_msg("%s", e.msg);
	assert_string_equal(s.text.p, "English\n");
	/* errors: unknown revision, absent path, not a work tree */
	SourceOpts bad = {NULL, "no-such-rev", NULL, false, true, false};
	assert_false(source_resolve(doc, &bad, &s, &e));
	assert_non_null(strstr(e.msg, "no-such-rev"));
	char *other = tu_write(dir, "new.rst", "x\n", 2);
	assert_false(source_resolve(other, &o, &s, &e));
	assert_non_null(strstr(e.msg, "new.rst"));
	char *out = tu_tmpdir();
	char *lone = tu_write(out, "lone.rst", "x\n", 2);
	assert_false(source_resolve(lone, &o, &s, &e));
	assert_non_null(strstr(e.msg, "git"));
	source_release(&s);
	free(lone);
	free(out);
	free(other);
	free(doc);
	free(dir);
}

/* The English from history: the newest commit whose version of the file
 * is English, past a Korean commit and an uncommitted Korean edit. */
static void test_history(void **state)
{
	(void)state;
	char *repo = tu_tmpdir();
	tu_sh(repo, "git init -q -b main . && git config user.email t@t && git config user.name t");
	tu_sh(repo, "printf 'Title\\n=====\\n\\nOld English.\\n' > a.rst && git add a.rst && "
	            "git commit -q -m en1");
	tu_sh(repo, "printf 'Title\\n=====\\n\\nNew English.\\n' > a.rst && git commit -qam en2");
	tu_sh(repo, "printf '제목\\n====\\n\\n번역.\\n' > a.rst && git commit -qam ko");
	tu_sh(repo, "printf '제목\\n====\\n\\n고친 번역.\\n' > a.rst");
	tu_sh(repo, "git rev-parse HEAD~1 > want");
	char *a = path_join(repo, "a.rst");
	Err e;
	err_init(&e);
	bool found = true;
	char id[41] = "";
	Buf text = BUF_INIT;
	assert_true(source_english_in_history(a, &found, id, &text, &e));
	assert_true(found);
	assert_string_equal(text.p, "Title\n=====\n\nNew English.\n");
	char *wantp = path_join(repo, "want");
	size_t n;
	char *want = tu_read(wantp, &n);
	assert_memory_equal(id, want, 40);
	/* untracked: no history, no error */
	tu_sh(repo, "printf '새 파일\\n' > b.rst");
	char *b = path_join(repo, "b.rst");
	assert_true(source_english_in_history(b, &found, id, &text, &e));
	assert_false(found);
	/* outside a work tree */
	char *out = tu_tmpdir();
	char *c = tu_write(out, "c.rst", "안녕\n", 7);
	assert_true(source_english_in_history(c, &found, id, &text, &e));
	assert_false(found);
	free(c);
	free(out);
	free(b);
	free(want);
	free(wantp);
	buf_release(&text);
	free(a);
	free(repo);
}

/* On the real history: every translated .rst of the dev bundle at HEAD
 * has an English revision, and the one found is English by the rule. */
static void test_history_bundle(void **state)
{
	(void)state;
	char *rel = path_join(tu_corpus(), "tutorials-kr-dev.bundle");
	char *bundle = realpath(rel, NULL);
	free(rel);
	if (!bundle)
		skip();
	char *dir = tu_tmpdir();
	tu_sh(dir, "git clone -q '%s' r", bundle);
	char *doc = path_join(dir, "r/recipes_source/amx.rst");
	Err e;
	err_init(&e);
	bool found = false;
	char id[41];
	Buf text = BUF_INIT;
	assert_true(source_english_in_history(doc, &found, id, &text, &e));
	assert_true(found);
	assert_true(text_is_english(text.p, text.len));
	size_t n;
	char *head = tu_read(doc, &n);
	assert_false(text_is_english(head, n));
	free(head);
	buf_release(&text);
	free(doc);
	free(dir);
	free(bundle);
}


/* Translations in a tree of their own: HF's docs/source/ko/ beside
 * docs/source/en/; MDN's files/ko/ mapped to another repository's
 * files/en-us/ (config.yaml sources:). */
static void test_tree(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	tu_sh(dir, "mkdir -p hf/docs/source/en/tasks hf/docs/source/ko/tasks && "
	           "printf '# Hello\\n' > hf/docs/source/en/tasks/x.md && "
	           "printf '# 안녕\\n' > hf/docs/source/ko/tasks/x.md && "
	           "printf '# 새 문서\\n' > hf/docs/source/ko/only.md");
	char *ko = path_join(dir, "hf/docs/source/ko/tasks/x.md");
	char *en = path_join(dir, "hf/docs/source/en/tasks/x.md");
	char *only = path_join(dir, "hf/docs/source/ko/only.md");
	char *tp = source_tree_path(ko, true);
	assert_non_null(tp);
	assert_string_equal(tp, en);
	free(tp);
	assert_true(source_in_tree(ko));
	assert_null(source_tree_path(only, true)); /* no English beside it */
	assert_false(source_in_tree(en));
	Source s;
	source_init(&s);
	Err e;
	err_init(&e);
	/* before the history and the document itself */
	SourceOpts o = {NULL, NULL, NULL, true, true, false};
	if (!source_resolve(ko, &o, &s, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(s.origin, SOURCE_TREE);
	assert_string_equal(s.text.p, "# Hello\n");
	assert_string_equal(source_origin_name(s.origin), "tree");
	assert_non_null(strstr(s.desc, "the English tree"));
	/* found again each time: nothing recorded */
	Sidecar sc;
	sidecar_init(&sc);
	assert_true(source_record_into_sidecar(ko, &s, &sc, &e));
	assert_int_equal(sc.source.kind, SIDECAR_SRC_NONE);
	sidecar_release(&sc);
	/* a record (an explicit --source once) and --source win */
	SourceRecord r = {.file = "x.md"};
	SourceOpts rec = {NULL, NULL, &r, true, true, false};
	assert_true(source_resolve(ko, &rec, &s, &e));
	assert_int_equal(s.origin, SOURCE_SIDECAR);
	SourceOpts p = {ko, NULL, NULL, false, true, false};
	assert_true(source_resolve(ko, &p, &s, &e));
	assert_int_equal(s.origin, SOURCE_PATH);
	SourceOpts off = {NULL, NULL, NULL, false, true, true};
	assert_true(source_resolve(ko, &off, &s, &e));
	assert_int_equal(s.origin, SOURCE_SELF);
	/* MDN: a mapping, relative to the Korean repository's top level */
	tu_sh(dir, "mkdir -p content/files/en-us/web/a tc/files/ko/web/a && "
	           "printf 'English\\n' > content/files/en-us/web/a/index.md && "
	           "printf '한국어\\n' > tc/files/ko/web/a/index.md && cd tc && git init -q");
	char *mk = path_join(dir, "tc/files/ko/web/a/index.md");
	char *ignored = source_tree_path(mk, true);
	assert_null(ignored); /* files/en-us is not beside it in this repository */
	source_add_map("files/ko", "../content/files/en-us/");
	tp = source_tree_path(mk, true);
	assert_non_null(tp);
	assert_non_null(strstr(tp, "/tc/../content/files/en-us/web/a/index.md"));
	free(tp);
	assert_true(source_resolve(mk, &o, &s, &e));
	assert_int_equal(s.origin, SOURCE_TREE);
	assert_string_equal(s.text.p, "English\n");
	source_clear_maps();
	source_release(&s);
	free(mk);
	free(ko);
	free(en);
	free(only);
	free(dir);
}

/* A corpus file's lines and blocks (caller releases). */
static void corpus_doc(const char *name, Lines *l, RstDoc *d)
{
	size_t n;
	char *t = tu_corpus_file(name, &n);
	lines_init(l);
	lines_parse(l, t, n);
	free(t);
	rst_init(d);
	rst_segment(l, d);
}

static void stale_equal(const SourceStale *a, const SourceStale *b)
{
	assert_memory_equal(&a->score, &b->score, sizeof(a->score));
	assert_int_equal(a->stale, b->stale);
	assert_int_equal(a->differ, b->differ);
	assert_int_equal(a->en_n, b->en_n);
	assert_int_equal(a->ko_n, b->ko_n);
	if (a->en_n)
		assert_memory_equal(a->en, b->en, a->en_n * sizeof(*a->en));
	if (a->ko_n)
		assert_memory_equal(a->ko, b->ko, a->ko_n * sizeof(*a->ko));
	if (!a->stale) /* kept only for source_stale_blocks_differ */
		assert_true(!a->en && !a->ko && !a->en_n && !a->ko_n);
}

/* The stale English measured in steps (the editor's idle slices) is the
 * measure at once, whatever the steps' size: on every corpus pair, and on
 * each English against the next pair's Korean (stale, mostly).  A step
 * spends at most its units (one line's more), the units are the same in
 * any steps and linear in the lines and items (16 a line or block head,
 * at most 3 passes' worth of sort, mark and count an item); a Korean
 * changed while its items are gathered is gathered again. */
static void test_stale_in_steps(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	size_t n = 0, stale = 0;
	while (pairs[n])
		n++;
	for (size_t i = 0; i < 2 * n; i++) {
		char en[256], ko[256];
		snprintf(en, sizeof(en), "%s.en.rst", pairs[i % n]);
		snprintf(ko, sizeof(ko), "%s.ko.rst", pairs[(i % n + i / n) % n]);
		Lines sl, tl;
		RstDoc sb, tb;
		corpus_doc(en, &sl, &sb);
		corpus_doc(ko, &tl, &tb);
		SourceStale once;
		source_stale_init(&once);
		source_stale_measure(&sl, &sb, &tl, &tb, &once);
		stale += once.stale;
		size_t units = 0;
		static const size_t budgets[] = {1, 17, 4096};
		for (size_t b = 0; b < ARRAY_LEN(budgets); b++) {
			SourceStale st;
			source_stale_init(&st);
			SourceStaleRun *r = source_stale_run_new();
			size_t calls = 0, before = 0;
			while (!source_stale_run_step(r, &sl, &sb, &tl, &tb, budgets[b], &st)) {
				size_t now = source_stale_run_units(r);
				assert_true(now - before < budgets[b] + SOURCE_STALE_LINE_UNITS);
				before = now;
				calls++;
			}
			if (!b)
				units = source_stale_run_units(r);
			assert_int_equal(source_stale_run_units(r), units);
			assert_true(calls <= units / budgets[b] + 1);
			source_stale_run_free(r);
			stale_equal(&st, &once);
			source_stale_release(&st);
		}
		size_t items = once.score.items_en + once.score.items_ko;
		assert_true(units <= SOURCE_STALE_LINE_UNITS * (sl.n + tl.n + sb.n + tb.n) + 16 * items);
		/* the Korean's lines changed while they are read: read again */
		SourceStaleRun *r = source_stale_run_new();
		SourceStale st;
		source_stale_init(&st);
		bool changed = false, done = false;
		size_t steps_ko = 0;
		while (!done) {
			done = source_stale_run_step(r, &sl, &sb, &tl, &tb, 64, &st);
			if (!changed && source_stale_run_reads_korean(r) && ++steps_ko == 3) {
				lines_insert(&tl, 0, "https://example.org/new ``x = 1``", 33, EOL_LF);
				rst_segment(&tl, &tb);
				source_stale_run_korean_changed(r);
				changed = true;
			}
		}
		source_stale_run_free(r);
		assert_true(changed);
		source_stale_measure(&sl, &sb, &tl, &tb, &once);
		stale_equal(&st, &once);
		source_stale_release(&st);
		source_stale_release(&once);
		rst_release(&sb);
		rst_release(&tb);
		lines_release(&sl);
		lines_release(&tl);
	}
	print_message("# %zu pairs, %zu of them stale\n", 2 * n, stale);
	assert_true(stale > 0 && stale < 2 * n);
	tu_free_list(pairs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_and_self),
		cmocka_unit_test(test_stale_in_steps),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_rev),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_history_bundle),
		cmocka_unit_test(test_tree),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
