/* theme + keymap: the shipped themes load, bad files are reported with
 * FILE:LINE and leave the default, colours fall back; key bindings from
 * the command table and the config file. */
#include "testutil.h"

#include "yeok/keymap.h"
#include "yeok/theme.h"

static char *root_path(const char *rel)
{
	const char *root = getenv("ROOT");
	return xasprintf("%s/%s", root && *root ? root : ".", rel);
}

static void test_shipped_themes_load(void **state)
{
	(void)state;
	static const char *const names[] = {"default", "light", "mono"};
	char *dir = root_path("themes");
	const char *dirs[] = {dir};
	for (size_t i = 0; i < ARRAY_LEN(names); i++) {
		Theme t;
		Err e;
		err_init(&e);
		if (!theme_load(&t, names[i], dirs, 1, &e))
			fail_msg("%s: %s", names[i], e.msg);
		assert_string_equal(t.name, names[i]);
	}
	/* themes/default.yaml is the built-in default */
	Theme file, builtin;
	Err e;
	err_init(&e);
	assert_true(theme_load(&file, "default", dirs, 1, &e));
	theme_default(&builtin);
	for (int s = 0; s < TS_COUNT; s++) {
		if (memcmp(&file.slot[s], &builtin.slot[s], sizeof(Style)) != 0)
			fail_msg("slot %s differs between themes/default.yaml and the built-in",
			         theme_slot_name((ThemeSlot)s));
	}
	/* mono has no colours */
	Theme m;
	assert_true(theme_load(&m, "mono", dirs, 1, &e));
	for (int s = 0; s < TS_COUNT; s++) {
		assert_int_equal(m.slot[s].fg, THEME_DEFAULT_COLOR);
		assert_int_equal(m.slot[s].bg, THEME_DEFAULT_COLOR);
	}
	free(dir);
}

static void test_bad_theme_names_file_and_line(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	static const struct {
		const char *text;
		const char *want;
	} cases[] = {
		{"header: {fg: cyan}\nbogus-slot: {fg: red}\n", "bad.yaml:2: unknown slot 'bogus-slot'"},
		{"header: {fg: cyan}\n\nstale: {fg: purpleish}\n", "bad.yaml:3: bad colour 'purpleish'"},
		{"error: {fg: red, attrs: [blinking]}\n", "bad.yaml:1: unknown attribute 'blinking'"},
		{"rule: {fg: 300}\n", "bad.yaml:1: bad colour '300'"},
		{"header: {fg: cyan\n", "bad.yaml:2"},
		{"- a list\n", "bad.yaml:1: expected one slot per line"},
	};
	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		char *p = tu_write(dir, "bad.yaml", cases[i].text, strlen(cases[i].text));
		Theme t;
		Err e;
		err_init(&e);
		assert_false(theme_load_file(&t, p, &e));
		assert_int_equal(e.code, EXIT_CONFIG);
		if (!strstr(e.msg, cases[i].want))
			fail_msg("case %zu: [%s] lacks [%s]", i, e.msg, cases[i].want);
		/* the default is used */
		Theme d;
		theme_default(&d);
		assert_memory_equal(&t.slot, &d.slot, sizeof(d.slot));
		free(p);
	}
	Theme t;
	Err e;
	err_init(&e);
	const char *dirs[] = {dir};
	assert_false(theme_load(&t, "nosuch", dirs, 1, &e));
	assert_non_null(strstr(e.msg, "no theme named 'nosuch'"));
	free(dir);
}

static void test_colors(void **state)
{
	(void)state;
	int c;
	assert_true(theme_parse_color("cyan", &c));
	assert_int_equal(c, 6);
	assert_true(theme_parse_color("bright-white", &c));
	assert_int_equal(c, 15);
	assert_true(theme_parse_color("#ff0000", &c));
	assert_int_equal(c, 196);
	assert_true(theme_parse_color("#808080", &c));
	assert_true(c >= 232);
	assert_false(theme_parse_color("#12345", &c));
	assert_false(theme_parse_color("256", &c));
	assert_int_equal(theme_fit_color(196, 256), 196);
	assert_int_equal(theme_fit_color(196, 8), 1);   /* red */
	assert_int_equal(theme_fit_color(46, 8), 2);    /* green */
	assert_int_equal(theme_fit_color(21, 8), 4);    /* blue */
	assert_int_equal(theme_fit_color(250, 8), 7);   /* light grey: white */
	assert_int_equal(theme_fit_color(9, 8), 1);
	assert_int_equal(theme_fit_color(9, 16), 9);
	assert_int_equal(theme_fit_color(3, 0), THEME_DEFAULT_COLOR);
}

static void test_keymap_defaults_and_config(void **state)
{
	(void)state;
	Keymap k;
	keymap_init(&k);
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "C-s"), "save");
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "M-Enter"), "done-next");
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "F6"), "find-next");
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "M-f"), "find-next");
	assert_null(keymap_lookup(&k, MODE_EDITOR, "C-o"));
	char *dir = tu_tmpdir();
	const char *cfg = "theme: light\nkeys:\n  C-o: save\n  C-s: none\n  F2: find-next\n";
	char *p = tu_write(dir, "config.yaml", cfg, strlen(cfg));
	Err e;
	err_init(&e);
	assert_true(keymap_load(&k, p, &e));
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "C-o"), "save");
	assert_null(keymap_lookup(&k, MODE_EDITOR, "C-s"));
	Buf b = BUF_INIT;
	keymap_keys_of(&k, MODE_EDITOR, "find-next", &b);
	assert_string_equal(b.p, "F6, M-f, F2");
	buf_release(&b);
	Config c;
	config_init(&c);
	assert_true(config_load(&c, p, &e));
	assert_string_equal(c.theme, "light");
	config_release(&c);
	free(p);
	const char *bad = "keys:\n  C-s: save\n  C-t: explode\n";
	p = tu_write(dir, "config.yaml", bad, strlen(bad));
	assert_false(keymap_load(&k, p, &e));
	assert_non_null(strstr(e.msg, "config.yaml:3"));
	assert_non_null(strstr(e.msg, "unknown command 'explode'"));
	free(p);
	const char *badkey = "keys:\n  Ctrl+S: save\n";
	p = tu_write(dir, "config.yaml", badkey, strlen(badkey));
	assert_false(keymap_load(&k, p, &e));
	assert_non_null(strstr(e.msg, "config.yaml:2"));
	free(p);
	char *missing = xasprintf("%s/none.yaml", dir);
	assert_true(keymap_load(&k, missing, &e));
	free(missing);
	assert_true(keymap_valid_key("C-Left"));
	assert_true(keymap_valid_key("S-F6"));
	assert_true(keymap_valid_key("M->"));
	assert_false(keymap_valid_key("F13"));
	assert_false(keymap_valid_key("C-"));
	assert_false(keymap_valid_key("Hyper-x"));
	keymap_release(&k);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_themes_load),
		cmocka_unit_test(test_bad_theme_names_file_and_line),
		cmocka_unit_test(test_colors),
		cmocka_unit_test(test_keymap_defaults_and_config),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
