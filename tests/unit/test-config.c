/* config and the one bounded YAML reader (ynode): the configuration file
 * read once, and YAML bombs refused in every YAML file yeok reads
 * (issue 14 item 10: glossary, theme, config; the sidecar had its limits). */
#include "testutil.h"

#include <sys/resource.h>

#include "yeok/config.h"
#include "yeok/glossary.h"
#include "yeok/keymap.h"
#include "yeok/sidecar.h"
#include "yeok/theme.h"
#include "yeok/ynode.h"

static void test_config_every_setting(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	setenv("HOME", "/home/someone", 1);
	const char *text = "theme: light\n"
	                   "keys:\n"
	                   "  C-x: save\n"
	                   "  editor: {M-c: none}\n"
	                   "  review: {j: review-next}\n"
	                   "glossary: [team.yaml, ~/g.yaml, /abs/g.md]\n"
	                   "rules: rules.yaml\n"
	                   "translator: {name: 홍길동, url: https://github.com/hong}\n"
	                   "dictionaries: [ko_KR, ./my.dic]\n"
	                   "wrap: grapheme\n"
	                   "clipboard: osc52\n"
	                   "tm: tm.sqlite\n"
	                   "sources: [{target: files/ko/, source: ../content/files/en-us/},\n"
	                   "          {target: docs/ko, source: ~/en}]\n"
	                   "pr-template: .github/PULL_REQUEST_TEMPLATE/ko.md\n"
	                   "future-thing: 1\n";
	char *p = tu_write(dir, "config.yaml", text, strlen(text));
	Config c;
	config_init(&c);
	Err e;
	err_init(&e);
	if (!config_load(&c, p, &e))
		fail_msg("%s", e.msg);
	assert_true(config_check(&c, &e));
	assert_string_equal(c.theme, "light");
	assert_int_equal(c.keys.n, 3);
	assert_string_equal(c.keys.v[0].mode, ""); /* flat: the command's modes */
	assert_string_equal(c.keys.v[0].key, "C-x");
	assert_string_equal(c.keys.v[0].cmd, "save");
	assert_int_equal(c.keys.v[0].line, 3);
	assert_string_equal(c.keys.v[1].key, "M-c");
	assert_string_equal(c.keys.v[1].cmd, "none");
	assert_string_equal(c.keys.v[2].mode, "review");
	assert_int_equal(c.glossary.n, 3);
	char *want = xasprintf("%s/team.yaml", dir);
	assert_string_equal(c.glossary.v[0], want);
	free(want);
	assert_string_equal(c.glossary.v[1], "/home/someone/g.yaml");
	assert_string_equal(c.glossary.v[2], "/abs/g.md");
	assert_non_null(strstr(c.rules, "/rules.yaml"));
	/* sources and pr-template stay as written (places of a repository) */
	assert_int_equal(c.sources.n, 2);
	assert_string_equal(c.sources.v[0].target, "files/ko/");
	assert_string_equal(c.sources.v[0].source, "../content/files/en-us/");
	assert_string_equal(c.sources.v[1].source, "/home/someone/en");
	assert_string_equal(c.pr_template, ".github/PULL_REQUEST_TEMPLATE/ko.md");
	assert_string_equal(c.translator_name, "홍길동");
	assert_string_equal(c.translator_url, "https://github.com/hong");
	assert_int_equal(c.dictionaries.n, 2);
	assert_string_equal(c.dictionaries.v[0], "ko_KR");
	assert_non_null(strstr(c.dictionaries.v[1], "/./my.dic"));
	assert_int_equal(c.wrap, CONFIG_WRAP_GRAPHEME);
	assert_int_equal(c.clipboard, CONFIG_CLIP_OSC52);
	assert_non_null(strstr(c.tm, "/tm.sqlite"));
	assert_string_equal(c.unknown, "'future-thing'");
	assert_int_equal(c.unknown_line, 16);
	/* the keymap takes its mode's bindings */
	Keymap k;
	keymap_init(&k);
	assert_true(keymap_apply_config(&k, &c, &e));
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "C-x"), "save");
	assert_null(keymap_lookup(&k, MODE_EDITOR, "M-c"));
	assert_null(keymap_lookup(&k, MODE_EDITOR, "j"));
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "j"), "review-next");
	/* a command under the wrong mode is an error naming the line */
	Config bad;
	config_init(&bad);
	const char *wrong = "keys:\n  review:\n    j: save\n";
	assert_true(config_parse(&bad, "w.yaml", wrong, strlen(wrong), &e));
	assert_false(keymap_apply_config(&k, &bad, &e));
	assert_non_null(strstr(e.msg, "w.yaml:3"));
	assert_non_null(strstr(e.msg, "'save' is not a command of review mode"));
	config_release(&bad);
	keymap_release(&k);
	config_release(&c);
	/* a missing file is the defaults */
	char *none = xasprintf("%s/none.yaml", dir);
	assert_true(config_load(&c, none, &e));
	assert_null(c.theme);
	assert_int_equal(c.wrap, CONFIG_WRAP_WORD);
	assert_int_equal(c.clipboard, CONFIG_CLIP_INTERNAL);
	free(none);
	free(p);
	free(dir);
}

/* upstream: and tm: in their two forms (issue 39). */
static void test_config_upstream_and_tm(void **state)
{
	(void)state;
	setenv("HOME", "/home/someone", 1);
	Config c;
	config_init(&c);
	Err e;
	err_init(&e);
	const char *one = "upstream: ../tutorials\ntm: {path: m.sqlite, exclude: [docs/, '*.txt']}\n";
	assert_true(config_parse(&c, "/etc/y/config.yaml", one, strlen(one), &e));
	assert_string_equal(c.upstream, "../tutorials"); /* as written: the repository's */
	assert_null(c.upstream_ref);
	assert_string_equal(c.tm, "/etc/y/m.sqlite");
	assert_true(c.tm_exclude_set);
	assert_int_equal(c.tm_exclude.n, 2);
	assert_string_equal(c.tm_exclude.v[0], "docs/");
	assert_string_equal(c.tm_exclude.v[1], "*.txt");
	const char *two = "upstream: {path: ~/up, ref: 'tutorials@([0-9a-f]+)',\n"
	                  "           map: [{target: ko/, source: en/}]}\ntm: t.sqlite\n";
	assert_true(config_parse(&c, "/etc/y/config.yaml", two, strlen(two), &e));
	assert_string_equal(c.upstream, "/home/someone/up");
	assert_string_equal(c.upstream_ref, "tutorials@([0-9a-f]+)");
	assert_int_equal(c.upstream_map.n, 1);
	assert_string_equal(c.upstream_map.v[0].target, "ko/");
	assert_string_equal(c.upstream_map.v[0].source, "en/");
	assert_string_equal(c.tm, "/etc/y/t.sqlite");
	assert_false(c.tm_exclude_set);
	config_release(&c);
}

static void test_config_errors_name_file_line(void **state)
{
	(void)state;
	static const struct {
		const char *text, *want;
	} cases[] = {
		{"theme: x\nwrap: sideways\n", "c.yaml:2:7: wrap: expected word or grapheme, got 'sideways'"},
		{"clipboard: [a]\n", "c.yaml:1:12: clipboard: expected internal or osc52, got a list"},
		{"translator: {name: \"a\\x1b[31m\"}\n", "translator.name: contains a control character"},
		{"glossary: [a, '']\n", "c.yaml:1:15: glossary: an empty entry"},
		{"- a list\n", "c.yaml:1:1: expected a mapping"},
		{"keys: [C-s]\n", "c.yaml:1:7: keys: expected a mapping"},
		{"theme: [unclosed\n", "c.yaml:2"},
		{"sources: files/ko/\n", "c.yaml:1:10: sources: expected a list"},
		{"sources: [{target: files/ko/}]\n", "c.yaml:1:11: sources: each entry needs a target and a source"},
		{"sources: [{from: a, source: b}]\n", "c.yaml:1:12: sources: expected target or source"},
		{"pr-template: [a]\n", "c.yaml:1:14: pr-template: expected a string"},
		{"upstream: {ref: '(x)'}\n", "c.yaml:1:11: upstream: needs a path"},
		{"upstream: {path: u, ref: '('}\n", "c.yaml:1:26: upstream.ref: not a POSIX extended"},
		{"upstream: {path: u, ref: 'abc'}\n", "upstream.ref: needs a group"},
		{"upstream: {path: u, branch: main}\n", "c.yaml:1:21: upstream: expected path, ref or map"},
		{"upstream: [a]\n", "upstream: expected a path or"},
		{"tm: {exclude: ['']}\n", "tm.exclude: an empty pattern"},
		{"tm: {size: 3}\n", "tm: expected path or exclude"},
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		Config c;
		config_init(&c);
		Err e;
		err_init(&e);
		assert_false(config_parse(&c, "c.yaml", cases[i].text, strlen(cases[i].text), &e));
		if (!strstr(e.msg, cases[i].want))
			fail_msg("case %zu: '%s' lacks '%s'", i, e.msg, cases[i].want);
		assert_int_equal(e.code, EXIT_CONFIG);
		assert_null(c.theme); /* the defaults after an error */
		config_release(&c);
	}
}

/* ---- YAML bombs (issue 14 item 10) ------------------------------------------ */

/* "20k aliases of a 1 MB scalar": an anchored 1 MB scalar, then `key`
 * holding 20,000 aliases of it. */
static char *alias_bomb(const char *head, const char *key, size_t *n)
{
	Buf b = BUF_INIT;
	buf_adds(&b, head);
	buf_adds(&b, "big: &big \"");
	for (size_t i = 0; i < (1u << 20); i++)
		buf_addc(&b, 'x');
	buf_adds(&b, "\"\n");
	buf_addf(&b, "%s: [", key);
	for (int i = 0; i < 20000; i++)
		buf_adds(&b, i ? ", *big" : "*big");
	buf_adds(&b, "]\n");
	*n = b.len;
	return buf_detach(&b);
}

/* "100k nested [". */
static char *nest_bomb(const char *head, size_t *n)
{
	Buf b = BUF_INIT;
	buf_adds(&b, head);
	for (int i = 0; i < 100000; i++)
		buf_addc(&b, '[');
	*n = b.len;
	return buf_detach(&b);
}

static long max_rss_kb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

static void test_glossary_bombs_refused(void **state)
{
	(void)state;
	long rss0 = max_rss_kb();
	size_t n;
	/* a glossary whose terms are 20k aliases of one term holding 1 MB */
	Buf b = BUF_INIT;
	buf_adds(&b, "terms:\n  - &t {en: x, ko: \"");
	for (size_t i = 0; i < (1u << 20); i++)
		buf_addc(&b, 'y');
	buf_adds(&b, "\"}\n");
	for (int i = 0; i < 20000; i++)
		buf_adds(&b, "  - *t\n");
	Glossary g;
	glossary_init(&g);
	Err e;
	err_init(&e);
	assert_false(glossary_load_mem(&g, "bomb.yaml", b.p, b.len, &e));
	assert_non_null(strstr(e.msg, "bomb.yaml:2:5: anchors (&name) are not allowed in a glossary"));
	assert_int_equal(e.code, EXIT_CONFIG);
	assert_int_equal(g.n, 0);
	buf_release(&b);
	/* aliases alone (no anchor on the term) */
	char *bomb = alias_bomb("language: ko\n", "terms", &n);
	assert_false(glossary_load_mem(&g, "bomb.yaml", bomb, n, &e));
	assert_non_null(strstr(e.msg, "bomb.yaml:2:6: anchors (&name) are not allowed"));
	free(bomb);
	char *nest = nest_bomb("terms: ", &n);
	assert_false(glossary_load_mem(&g, "nest.yaml", nest, n, &e));
	assert_non_null(strstr(e.msg, "nest.yaml:1:"));
	assert_non_null(strstr(e.msg, "nested too deeply for a glossary"));
	free(nest);
	glossary_release(&g);
	/* no alias expansion happened: memory grew by far less than 20k x 1 MB */
	assert_true(max_rss_kb() - rss0 < 200 * 1024);
}

static void test_theme_bombs_refused(void **state)
{
	(void)state;
	size_t n;
	Theme t;
	Err e;
	err_init(&e);
	char *bomb = alias_bomb("", "header", &n);
	assert_false(theme_parse(&t, "bomb.yaml", bomb, n, &e));
	assert_non_null(strstr(e.msg, "bomb.yaml:1:1: too large for a theme"));
	assert_int_equal(e.code, EXIT_CONFIG);
	free(bomb);
	/* the same shape under the size limit: the alias is refused */
	const char *small = "base: &b {fg: red}\nheader: *b\n";
	assert_false(theme_parse(&t, "alias.yaml", small, strlen(small), &e));
	assert_non_null(strstr(e.msg, "alias.yaml:1:7: anchors (&name) are not allowed in a theme"));
	char *nest = nest_bomb("header: ", &n);
	assert_false(theme_parse(&t, "nest.yaml", nest, n, &e));
	assert_non_null(strstr(e.msg, "nested too deeply for a theme"));
	free(nest);
	Theme d;
	theme_default(&d);
	assert_memory_equal(&t.slot, &d.slot, sizeof(d.slot)); /* the default on error */
	/* and through the file loader */
	char *dir = tu_tmpdir();
	char *nest2 = nest_bomb("header: ", &n);
	char *p = tu_write(dir, "nest.yaml", nest2, n);
	assert_false(theme_load_file(&t, p, &e));
	assert_non_null(strstr(e.msg, "nested too deeply"));
	free(p);
	free(nest2);
	free(dir);
}

/* max_depth counts sequences and mappings: max_depth of them nested,
 * with a scalar in the innermost, is read; one more is refused (the fuzz
 * harness once counted the scalar as a level). */
static void test_depth_counts_collections(void **state)
{
	(void)state;
	const YLimits *lim = &ynode_limits_theme;
	for (int extra = 0; extra <= 1; extra++) {
		Buf b = BUF_INIT;
		int n = lim->max_depth + extra;
		for (int i = 0; i < n; i++)
			buf_adds(&b, "- ");
		buf_adds(&b, "a\n");
		YNode *root = NULL;
		Err e;
		err_init(&e);
		bool ok = ynode_parse(b.p, b.len, "deep.yaml", lim, &root, &e);
		assert_int_equal(ok, !extra);
		if (extra)
			assert_non_null(strstr(e.msg, "nested too deeply for a theme"));
		int depth = 0;
		for (const YNode *x = root; x && x->kind == YN_SEQ; x = x->nkids ? x->kids[0] : NULL)
			depth++;
		assert_int_equal(depth, extra ? 0 : lim->max_depth);
		ynode_free(root);
		buf_release(&b);
	}
}

static void test_config_bombs_refused(void **state)
{
	(void)state;
	size_t n;
	Config c;
	config_init(&c);
	Err e;
	err_init(&e);
	char *bomb = alias_bomb("", "glossary", &n);
	assert_false(config_parse(&c, "config.yaml", bomb, n, &e));
	assert_non_null(strstr(e.msg, "too large for a configuration file"));
	free(bomb);
	const char *small = "g: &g [a.yaml]\nglossary: *g\n";
	assert_false(config_parse(&c, "config.yaml", small, strlen(small), &e));
	assert_non_null(strstr(e.msg, "config.yaml:1:4: anchors (&name) are not allowed"));
	const char *alias_only = "glossary: [*nowhere]\n";
	assert_false(config_parse(&c, "config.yaml", alias_only, strlen(alias_only), &e));
	assert_non_null(strstr(e.msg, "config.yaml:1:12:"));
	char *nest = nest_bomb("keys: ", &n);
	assert_false(config_parse(&c, "config.yaml", nest, n, &e));
	assert_non_null(strstr(e.msg, "nested too deeply for a configuration file"));
	/* the keymap reads through the same reader */
	Keymap k;
	keymap_init(&k);
	assert_false(keymap_parse(&k, "config.yaml", nest, n, &e));
	assert_non_null(strstr(e.msg, "nested too deeply"));
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "C-s"), "save"); /* defaults kept */
	keymap_release(&k);
	free(nest);
	/* a config file that is a FIFO or a device is refused, never read */
	char *dir = tu_tmpdir();
	tu_sh(dir, "mkfifo fifo.yaml");
	char *fifo = xasprintf("%s/fifo.yaml", dir);
	assert_false(config_load(&c, fifo, &e));
	assert_non_null(strstr(e.msg, "not a regular file (a FIFO)"));
	free(fifo);
	assert_false(config_load(&c, "/dev/zero", &e));
	assert_non_null(strstr(e.msg, "/dev/zero: not a regular file (a character device)"));
	free(dir);
	config_release(&c);
}

/* The reader itself: limits per kind, messages quote only a short,
 * sanitized prefix (issue 14 item 15). */
static void test_ynode_limits_and_quotes(void **state)
{
	(void)state;
	YNode *root;
	Err e;
	err_init(&e);
	const char *ok = "a: [1, {b: c}]\nd: |\n  text\n";
	assert_true(ynode_parse(ok, strlen(ok), "ok.yaml", &ynode_limits_theme, &root, &e));
	assert_int_equal(root->kind, YN_MAP);
	assert_int_equal(ynode_get(root, "a")->nkids, 2);
	assert_int_equal(ynode_get(root, "d")->style, YS_LITERAL);
	assert_null(ynode_get(root, "zz"));
	ynode_free(root);
	/* depth: the theme allows 8 levels, refuses 9 */
	const char *d8 = "[[[[[[[[x]]]]]]]]";
	const char *d9 = "[[[[[[[[[x]]]]]]]]]";
	assert_true(ynode_parse(d8, strlen(d8), "d.yaml", &ynode_limits_theme, &root, &e));
	ynode_free(root);
	assert_false(ynode_parse(d9, strlen(d9), "d.yaml", &ynode_limits_theme, &root, &e));
	assert_non_null(strstr(e.msg, "d.yaml:1:9: nested too deeply for a theme"));
	assert_null(root);
	/* two documents */
	const char *two = "a: 1\n---\nb: 2\n";
	assert_false(ynode_parse(two, strlen(two), "t.yaml", &ynode_limits_config, &root, &e));
	assert_non_null(strstr(e.msg, "more than one YAML document"));
	/* a quoted value is a short, terminal-safe prefix */
	YNode *n = ynode_new(YN_SCALAR, 1, 1);
	n->s = xstrdup("https://user:ghp_SECRETSECRETSECRET@github.com/x\x1b[2J");
	n->n = strlen(n->s);
	Buf b = BUF_INIT;
	ynode_show(n, &b);
	assert_string_equal(b.p, "'https://user:ghp_SECRETS...'");
	buf_release(&b);
	ynode_free(n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_every_setting),
		cmocka_unit_test(test_config_errors_name_file_line),
		cmocka_unit_test(test_config_upstream_and_tm),
		cmocka_unit_test(test_glossary_bombs_refused),
		cmocka_unit_test(test_theme_bombs_refused),
		cmocka_unit_test(test_depth_counts_collections),
		cmocka_unit_test(test_config_bombs_refused),
		cmocka_unit_test(test_ynode_limits_and_quotes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
