/* source: the order --source, --source-rev, sidecar record, the document
 * itself; errors that name the file. */
#include "testutil.h"

#include "yeok/source.h"

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
	SourceOpts o = {en, NULL, NULL, true};
	assert_true(source_resolve(ko, &o, &s, &e));
	assert_int_equal(s.origin, SOURCE_PATH);
	assert_string_equal(s.text.p, "Hello\n");
	assert_string_equal(s.path, en);
	assert_int_equal(strlen(s.sha256), 64);
	SourceOpts self = {NULL, NULL, NULL, true};
	assert_true(source_resolve(ko, &self, &s, &e));
	assert_int_equal(s.origin, SOURCE_SELF);
	assert_string_equal(s.text.p, "안녕\n");
	assert_string_equal(source_origin_name(s.origin), "self");
	/* no source and no fallback */
	SourceOpts none = {NULL, NULL, NULL, false};
	assert_false(source_resolve(ko, &none, &s, &e));
	assert_int_equal(e.code, EXIT_USAGE);
	/* both */
	SourceOpts both = {en, "HEAD", NULL, true};
	assert_false(source_resolve(ko, &both, &s, &e));
	assert_int_equal(e.code, EXIT_USAGE);
	/* missing --source */
	char *gone = path_join(dir, "gone.rst");
	SourceOpts miss = {gone, NULL, NULL, true};
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
	SourceRecord r = {NULL, NULL, NULL, "a.rst.en-snapshot", NULL};
	SourceOpts o = {NULL, NULL, &r, true};
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
	SourceOpts oe = {NULL, NULL, &empty, true};
	assert_false(source_resolve(ko, &oe, &s, &e));
	/* --source wins over the record */
	SourceOpts both = {snap, NULL, &r, true};
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
	SourceOpts o = {NULL, "HEAD", NULL, true};
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
	SourceRecord r = {id, "d/my doc.rst", NULL, NULL, NULL};
	SourceOpts ro = {NULL, NULL, &r, true};
	if (!source_resolve(doc, &ro, &s, &e))
		fail_msg("%s", e.msg);
	assert_string_equal(s.text.p, "English\n");
	/* errors: unknown revision, absent path, not a work tree */
	SourceOpts bad = {NULL, "no-such-rev", NULL, true};
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_and_self),
		cmocka_unit_test(test_record),
		cmocka_unit_test(test_rev),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
