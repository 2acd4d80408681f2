/* The sidecar's source record: written on the first save from where the
 * source came from, read back as step 3 of source resolution (offline). */
#include "testutil.h"

#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/vcs.h"

static char *dir;

static int setup(void **state)
{
	(void)state;
	dir = tu_tmpdir();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(dir);
	return 0;
}

/* Resolve, record into a sidecar, save, load, resolve again from the
 * record only: the same English comes back. */
static void round_trip(const char *target, const SourceOpts *opts, SidecarSourceKind want,
                       const char *want_path)
{
	Err e;
	err_init(&e);
	Source src;
	source_init(&src);
	if (!source_resolve(target, opts, &src, &e))
		fail_msg("resolve: %s", e.msg);
	Sidecar sc;
	sidecar_init(&sc);
	if (!source_record_into_sidecar(target, &src, &sc, &e))
		fail_msg("record: %s", e.msg);
	assert_int_equal(sc.source.kind, want);
	if (want_path)
		assert_string_equal(sc.source.path, want_path);
	assert_string_equal(sc.source.sha256, src.sha256);
	char *scp = sidecar_path(target);
	assert_true(sidecar_save(scp, &sc, &e));
	sidecar_release(&sc);
	assert_true(sidecar_load(scp, &sc, NULL, &e));
	free(scp);

	/* The translator edits the document; the English stays findable. */
	FILE *f = fopen(target, "w");
	assert_non_null(f);
	fputs("번역된 문서\n", f);
	fclose(f);

	SourceRecord rec;
	assert_true(source_record_from_sidecar(&sc.source, &rec));
	SourceOpts again = {.recorded = &rec};
	Source back;
	source_init(&back);
	if (!source_resolve(target, &again, &back, &e))
		fail_msg("resolve from the record: %s", e.msg);
	assert_int_equal(back.origin, SOURCE_SIDECAR);
	assert_int_equal(back.text.len, src.text.len);
	assert_memory_equal(back.text.p, src.text.p, src.text.len);
	source_release(&back);
	source_release(&src);
	sidecar_release(&sc);
}

static void test_record_file(void **state)
{
	(void)state;
	tu_sh(dir, "mkdir -p en ko && printf 'English\\n' > en/a.rst && printf 'English\\n' > ko/a.rst");
	char *target = path_join(dir, "ko/a.rst");
	char *source = path_join(dir, "en/a.rst");
	SourceOpts opts = {.path = source};
	round_trip(target, &opts, SIDECAR_SRC_FILE, "../en/a.rst");
	free(source);
	/* Beside the target. */
	tu_sh(dir, "printf 'Same folder\\n' > ko/a.en.txt");
	source = path_join(dir, "ko/a.en.txt");
	opts.path = source;
	round_trip(target, &opts, SIDECAR_SRC_FILE, "a.en.txt");
	free(source);
	free(target);
}

static void test_record_snapshot(void **state)
{
	(void)state;
	tu_sh(dir, "mkdir -p snap && printf 'Title\\n=====\\n\\nEnglish.\\n' > snap/b.rst");
	char *target = path_join(dir, "snap/b.rst");
	SourceOpts opts = {.self_fallback = true};
	round_trip(target, &opts, SIDECAR_SRC_SNAPSHOT, "b.rst.yeok.src");
	char *snap = path_join(dir, "snap/b.rst.yeok.src");
	assert_true(file_exists(snap));
	free(snap);
	free(target);
}

static void test_record_git(void **state)
{
	(void)state;
	tu_sh(dir, "mkdir -p repo/src && cd repo && git init -q -b main . && git config user.email t@t && "
	   "git config user.name t && printf 'English v1\\n' > src/c.rst && git add -A && "
	   "git commit -q -m one && printf 'English v2\\n' > src/c.rst && git commit -qam two");
	char *target = path_join(dir, "repo/src/c.rst");
	/* Clean and tracked: git HEAD. */
	SourceOpts self = {.self_fallback = true};
	round_trip(target, &self, SIDECAR_SRC_GIT, "src/c.rst");
	/* --source-rev: the full commit id of the revision. */
	tu_sh(dir, "cd repo && git checkout -q -- src/c.rst");
	SourceOpts rev = {.rev = "HEAD~1"};
	Err e;
	err_init(&e);
	Source src;
	source_init(&src);
	assert_true(source_resolve(target, &rev, &src, &e));
	Sidecar sc;
	sidecar_init(&sc);
	assert_true(source_record_into_sidecar(target, &src, &sc, &e));
	assert_int_equal(sc.source.kind, SIDECAR_SRC_GIT);
	assert_int_equal(strlen(sc.source.commit), 40);
	char id[41];
	assert_true(vcs_commit(target, "HEAD~1", id, &e));
	assert_string_equal(sc.source.commit, id);
	sidecar_release(&sc);
	source_release(&src);
	/* Modified: a snapshot instead of HEAD. */
	tu_sh(dir, "cd repo && printf 'English draft\\n' > src/c.rst");
	round_trip(target, &self, SIDECAR_SRC_SNAPSHOT, "c.rst.yeok.src");
	free(target);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_file),
		cmocka_unit_test(test_record_snapshot),
		cmocka_unit_test(test_record_git),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
