/* source: the upstream English (issue 39), on repositories built from the
 * dev bundle's real revisions by tests/tools/upstream-repos.sh (an upstream
 * with three commits; a translation whose sync commits name them in
 * tutorials-kr's words; one whose messages name none); a stale English
 * said; what is no tutorial. */
#include "testutil.h"

#include <unistd.h>

#include "yeok/check.h"
#include "yeok/pair.h"
#include "yeok/review.h"
#include "yeok/session.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"

#define CPP "advanced_source/cpp_autograd.rst"
#define TP "intermediate_source/TP_tutorial.rst"

static char *dir;            /* the repositories, NULL without the corpus */
static char ids[4][41];      /* U1 U2 U3 R1 */
enum { U1, U2, U3, R1 };

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
	dir = tu_tmpdir();
	tu_sh(".", "bash tests/tools/upstream-repos.sh '%s' '%s'", bundle, dir);
	free(bundle);
	char *p = path_join(dir, "ids");
	size_t n;
	char *t = tu_read(p, &n);
	for (int i = 0; i < 4; i++) {
		char *at = strstr(t, (const char *[]){"U1=", "U2=", "U3=", "R1="}[i]);
		assert_non_null(at);
		memcpy(ids[i], at + 3, 40);
		ids[i][40] = '\0';
	}
	free(t);
	free(p);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	source_clear_upstream();
	free(dir);
	return 0;
}

static char *doc(const char *repo, const char *file)
{
	char *r = path_join(dir, repo);
	char *p = path_join(r, file);
	free(r);
	return p;
}

static char *data(const char *name, size_t *n)
{
	char *d = path_join(dir, "data");
	char *p = path_join(d, name);
	char *t = tu_read(p, n);
	free(p);
	free(d);
	return t;
}

static void resolve(const char *path, const SourceRecord *rec, Source *s)
{
	SourceOpts o = {.history = true, .recorded = rec};
	Err e;
	err_init(&e);
	if (!source_resolve(path, &o, s, &e))
		fail_msg("%s", e.msg);
}

static void expect_text(const Source *s, const char *name)
{
	size_t n;
	char *want = data(name, &n);
	assert_int_equal(s->text.len, n);
	assert_memory_equal(s->text.p, want, n);
	free(want);
}

/* Without upstream: the newest English of the translation's history is
 * the one of 2021, and it is said to be stale (the sync changed the
 * Korean's URLs). */
static void test_history_is_stale(void **state)
{
	(void)state;
	if (!dir)
		skip();
	source_clear_upstream();
	char *p = doc("r", CPP);
	DocPair pr;
	pair_init(&pr);
	SourceOpts o = {.history = true};
	Err e;
	err_init(&e);
	assert_true(pair_build(&pr, p, NULL, 0, &o, NULL, &e));
	assert_int_equal(pr.src.origin, SOURCE_HISTORY);
	assert_string_equal(pr.src.rev, ids[R1]);
	assert_true(pr.stale.stale);
	assert_true(pr.stale.differ >= 2);
	char want[64];
	snprintf(want, sizeof(want), "git %.12s of 2021-05-01", ids[R1]);
	assert_string_equal(pr.stale.what, want);
	/* source-stale says it once; the URLs the sync changed are no
	 * markup-mismatch */
	CheckDoc d;
	check_doc_init(&d, pr.tgt, pr.tb, pr.src_lines, pr.sb, &pr.al, NULL);
	d.stale = &pr.stale;
	CheckSet set;
	check_set_all(&set);
	set.on[CK_SPELLING] = false;
	FindingVec fv = {0};
	check_document(&d, &set, &fv);
	size_t said = 0, urls = 0;
	for (size_t i = 0; i < fv.n; i++) {
		said += fv.v[i].check == CK_SOURCE_STALE;
		urls += fv.v[i].check == CK_MARKUP_MISMATCH &&
		        strstr(fv.v[i].message, "function_namespacetorch") != NULL;
		if (fv.v[i].check == CK_SOURCE_STALE) {
			assert_non_null(strstr(fv.v[i].message, want));
			assert_non_null(strstr(fv.v[i].message, "upstream:"));
			assert_non_null(strstr(fv.v[i].message, "--source"));
		}
	}
	assert_int_equal(said, 1);
	assert_int_equal(urls, 0);
	/* without the comparison, they are made (what the finding replaces) */
	findings_clear(&fv);
	d.stale = NULL;
	check_document(&d, &set, &fv);
	for (size_t i = 0; i < fv.n; i++)
		urls += fv.v[i].check == CK_MARKUP_MISMATCH &&
		        strstr(fv.v[i].message, "function_namespacetorch") != NULL;
	assert_true(urls > 0);
	findings_clear(&fv);
	VEC_FREE(&fv);
	check_doc_release(&d);
	pair_release(&pr);
	free(p);
}

/* With upstream: the commit the newest sync at or before the file's last
 * change names, and how far upstream moved since. */
static void test_named_by_sync(void **state)
{
	(void)state;
	if (!dir)
		skip();
	Err e;
	err_init(&e);
	assert_true(source_set_upstream("../up", NULL, &e));
	char *p = doc("r", CPP);
	Source s;
	source_init(&s);
	resolve(p, NULL, &s);
	assert_int_equal(s.origin, SOURCE_UPSTREAM);
	assert_string_equal(s.rev, ids[U2]);
	assert_string_equal(s.path, CPP);
	assert_int_equal(s.behind, 1);
	assert_non_null(strstr(s.desc, "named by a sync"));
	expect_text(&s, "cpp.en2");
	/* TP: translated after the sync of U2 */
	char *tp = doc("r", TP);
	resolve(tp, NULL, &s);
	assert_int_equal(s.origin, SOURCE_UPSTREAM);
	assert_string_equal(s.rev, ids[U2]);
	expect_text(&s, "tp.en2");
	/* not stale against its Korean */
	DocPair pr;
	pair_init(&pr);
	SourceOpts o = {.history = true};
	assert_true(pair_build(&pr, p, NULL, 0, &o, NULL, &e));
	assert_false(pr.stale.stale);
	pair_release(&pr);
	/* the same through one history for many files */
	char *top = path_join(dir, "r");
	const char *specs[] = {"*.rst", NULL};
	SourceHistory *h = NULL;
	assert_true(source_history_open(top, specs, &h, &e));
	Source b;
	source_init(&b);
	assert_true(source_resolve_in(p, &o, h, &b, &e));
	assert_int_equal(b.origin, SOURCE_UPSTREAM);
	assert_string_equal(b.rev, s.origin == SOURCE_UPSTREAM ? ids[U2] : "");
	assert_int_equal(b.behind, 1);
	source_history_close(h);
	source_release(&b);
	free(top);
	source_release(&s);
	free(tp);
	free(p);
}

/* No sync names a commit: the upstream revision that matches best, the
 * English each was made from (not the newer U3, not the older U1). */
static void test_best_match(void **state)
{
	(void)state;
	if (!dir)
		skip();
	Err e;
	err_init(&e);
	assert_true(source_set_upstream("../up", NULL, &e));
	Source s;
	source_init(&s);
	char *p = doc("r-plain", CPP);
	resolve(p, NULL, &s);
	assert_int_equal(s.origin, SOURCE_UPSTREAM);
	assert_string_equal(s.rev, ids[U2]);
	assert_non_null(strstr(s.desc, "best match of 3"));
	char *tp = doc("r-plain", TP);
	resolve(tp, NULL, &s); /* U3 only added prose: the older of the two */
	assert_string_equal(s.rev, ids[U2]);
	assert_int_equal(s.behind, 1);
	source_release(&s);
	free(tp);
	free(p);
}

/* The sidecar records the upstream English, reads it back, and gives way
 * to a newer sync; a `git:` record gives way to the upstream English. */
static void test_record(void **state)
{
	(void)state;
	if (!dir)
		skip();
	Err e;
	err_init(&e);
	assert_true(source_set_upstream("../up", NULL, &e));
	char *p = doc("r", CPP);
	Source s;
	source_init(&s);
	resolve(p, NULL, &s);
	Sidecar sc;
	sidecar_init(&sc);
	assert_true(source_record_into_sidecar(p, &s, &sc, &e));
	assert_int_equal(sc.source.kind, SIDECAR_SRC_UPSTREAM);
	assert_string_equal(sc.source.commit, ids[U2]);
	char *scp = sidecar_path(p);
	assert_true(sidecar_save(scp, &sc, &e));
	size_t n;
	char *yaml = tu_read(scp, &n);
	char want[80];
	snprintf(want, sizeof(want), "upstream: %s", ids[U2]);
	assert_non_null(strstr(yaml, want));
	free(yaml);
	Sidecar back;
	sidecar_init(&back);
	assert_true(sidecar_load(scp, &back, NULL, &e));
	SourceRecord r;
	assert_true(source_record_from_sidecar(&back.source, &r));
	assert_string_equal(r.upstream, ids[U2]);
	resolve(p, &r, &s);
	assert_int_equal(s.origin, SOURCE_SIDECAR);
	assert_string_equal(s.rev, ids[U2]);
	expect_text(&s, "cpp.en2");
	/* a record of U1: the sync of U2 came after it */
	SourceRecord old = {.upstream = ids[U1], .path = CPP};
	resolve(p, &old, &s);
	assert_int_equal(s.origin, SOURCE_UPSTREAM);
	assert_string_equal(s.rev, ids[U2]);
	/* a record of the translation's own history */
	SourceRecord git = {.git = ids[R1], .path = CPP};
	resolve(p, &git, &s);
	assert_int_equal(s.origin, SOURCE_UPSTREAM);
	assert_string_equal(s.rev, ids[U2]);
	/* without upstream: the `git:` record, re-verified (stale) */
	source_clear_upstream();
	resolve(p, &git, &s);
	assert_int_equal(s.origin, SOURCE_SIDECAR);
	DocPair pr;
	pair_init(&pr);
	SourceOpts o = {.history = true};
	Sidecar gsc;
	sidecar_init(&gsc);
	sidecar_set_source(&gsc, SIDECAR_SRC_GIT, ids[R1], CPP, NULL);
	assert_true(pair_build(&pr, p, NULL, 0, &o, &gsc, &e));
	assert_int_equal(pr.src.origin, SOURCE_SIDECAR);
	assert_true(pr.stale.stale);
	pair_release(&pr);
	/* an upstream record without upstream: said */
	assert_false(source_resolve(p, &(SourceOpts){.history = true, .recorded = &r}, &s, &e));
	assert_int_equal(e.code, EXIT_CONFIG);
	assert_non_null(strstr(e.msg, "upstream"));
	sidecar_release(&gsc);
	sidecar_release(&back);
	sidecar_release(&sc);
	unlink(scp);
	free(scp);
	source_release(&s);
	free(p);
}

/* The ref of config.yaml: another convention, and a map of paths. */
static void test_ref_and_map(void **state)
{
	(void)state;
	if (!dir)
		skip();
	Err e;
	err_init(&e);
	assert_false(source_set_upstream("../up", "pytorch/tutorials@", &e));
	assert_int_equal(e.code, EXIT_CONFIG);
	/* "apply v1.8, pytorch/tutorials@SHA (#210)": only that sync matches */
	assert_true(source_set_upstream("../up", "apply [^,]*, pytorch/tutorials@([0-9a-f]+)", &e));
	char *top = path_join(dir, "r");
	char named[41];
	assert_true(source_upstream_named(top, NULL, named));
	assert_int_equal(strncmp(named, ids[U1], 7), 0);
	source_add_upstream_map("advanced_source/", "docs/advanced/");
	char *u = source_upstream_path(CPP);
	assert_string_equal(u, "docs/advanced/cpp_autograd.rst");
	free(u);
	u = source_upstream_path(TP);
	assert_string_equal(u, TP);
	free(u);
	source_clear_upstream();
	free(top);
}

/* MDN: the Korean's front matter names the English commit. */
static void test_front_matter(void **state)
{
	(void)state;
	char *d = tu_tmpdir();
	tu_sh(d, "git init -q en && mkdir -p en/files/en-us/web && "
	         "printf '# Old\\n\\nOld text.\\n' > en/files/en-us/web/index.md && "
	         "git -C en add -A && git -C en -c user.name=t -c user.email=t@e commit -q -m one && "
	         "git -C en rev-parse HEAD > one && "
	         "printf '# New\\n\\nNew text.\\n' > en/files/en-us/web/index.md && "
	         "git -C en -c user.name=t -c user.email=t@e commit -qam two && "
	         "mkdir -p ko/files/ko/web && "
	         "printf -- '---\\ntitle: 웹\\nl10n:\\n  sourceCommit: %%s\\n---\\n\\n# 옛\\n\\n옛 글.\\n' "
	         "\"$(cat one)\" > ko/files/ko/web/index.md");
	char *en = path_join(d, "en/files/en-us/");
	char *ko = path_join(d, "ko/files/ko/");
	source_add_map(ko, en);
	char *p = path_join(d, "ko/files/ko/web/index.md");
	Source s;
	source_init(&s);
	resolve(p, NULL, &s);
	assert_int_equal(s.origin, SOURCE_TREE);
	assert_non_null(s.rev);
	assert_string_equal(s.text.p, "# Old\n\nOld text.\n");
	source_clear_maps();
	source_release(&s);
	free(p);
	free(ko);
	free(en);
	free(d);
}

/* What is no tutorial: build output, by default and as configured. */
static void test_excluded(void **state)
{
	(void)state;
	source_set_excludes(NULL, 0);
	assert_true(source_excluded("docs/_downloads/abc/x.py"));
	assert_true(source_excluded("_build/html/x.rst"));
	assert_true(source_excluded("beginner_source/sg_execution_times.rst"));
	assert_false(source_excluded("beginner_source/x.rst"));
	assert_false(source_excluded("docs/source/ko/x.md"));
	assert_false(source_excluded("my_build_notes.rst"));
	const char *mine[] = {"docs/", "/prototype_source", "*.txt"};
	source_set_excludes(mine, 3);
	assert_true(source_excluded("docs/source/ko/x.md"));
	assert_true(source_excluded("prototype_source/a.rst"));
	assert_false(source_excluded("x/prototype_source/a.rst"));
	assert_true(source_excluded("a/b/c.txt"));
	assert_false(source_excluded("_build/x.rst")); /* the defaults replaced */
	source_set_excludes(NULL, 0);
	assert_true(source_is_site_marker("objects.inv"));
	assert_false(source_is_site_marker("index.rst"));
}

/* The editor's status line and review say it too: at every open, a
 * recorded English as well; with upstream, neither. */
static void test_editor_and_review(void **state)
{
	(void)state;
	if (!dir)
		skip();
	source_clear_upstream();
	char *p = doc("r", CPP);
	Err e;
	err_init(&e);
	for (int up = 0; up < 2; up++) {
		if (up)
			assert_true(source_set_upstream("../up", NULL, &e));
		Session s;
		session_init(&s);
		SourceOpts so = {.history = true, .self_fallback = true};
		if (!session_open(&s, p, &so, &e))
			fail_msg("%s", e.msg);
		session_checks_on(&s, true);
		session_prepare_frame(&s);
		Buf st = BUF_INIT;
		session_status(&s, &st);
		if (up) {
			assert_null(session_stale_english(&s));
			assert_null(strstr(st.p, "stale English"));
		} else {
			assert_non_null(session_stale_english(&s));
			char want[80];
			snprintf(want, sizeof(want), "stale English: git %.12s of 2021-05-01", ids[R1]);
			assert_non_null(strstr(st.p, want));
		}
		buf_release(&st);
		session_release(&s);
		/* review of the sync commit */
		ReviewSession rs;
		review_session_init(&rs);
		const char *none[] = {NULL};
		ReviewOpts ro = {.base = "HEAD~2", .head = "HEAD~1", .glossaries = none};
		if (!review_session_open(&rs, p, &ro, &e))
			fail_msg("%s", e.msg);
		assert_int_equal(rs.stale.stale, !up);
		assert_int_equal(strstr(rs.shell.note, "[source-stale]") != NULL, !up);
		review_session_release(&rs);
	}
	source_clear_upstream();
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_history_is_stale), cmocka_unit_test(test_named_by_sync),
		cmocka_unit_test(test_best_match),       cmocka_unit_test(test_record),
		cmocka_unit_test(test_ref_and_map),      cmocka_unit_test(test_front_matter),
		cmocka_unit_test(test_excluded),       cmocka_unit_test(test_editor_and_review),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
