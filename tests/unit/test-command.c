/* command and keymap, on their own: the table's rows (ids, modes, flags,
 * handlers), one keymap per mode with rebinding, and reviewer mode's
 * commands on a headless review session. */
#include "testutil.h"

#include "yeok/command.h"
#include "yeok/keymap.h"

static void test_rows(void **state)
{
	(void)state;
	size_t n;
	const Command *t = command_table(&n);
	size_t modes[MODE_COUNT] = {0};
	for (size_t i = 0; i < n; i++) {
		for (int m = 0; m < MODE_COUNT; m++)
			modes[m] += !!(t[i].modes & MODE_BIT(m));
		/* a command run from a dialog has no key; one with a key is not hidden */
		assert_true(!(t[i].flags & CMD_HIDDEN) == !!t[i].keys[0]);
	}
	assert_true(modes[MODE_EDITOR] > 40);
	assert_true(modes[MODE_REVIEW] >= 15);
	/* behaviour is decided by flags, never by ids */
	assert_true(command_find("save")->flags & CMD_SAVES);
	assert_true(command_find("find")->flags & CMD_INIT_FIND);
	assert_non_null(command_find("find")->prompt);
	assert_false(command_find("quit")->flags & CMD_SAVES);
	/* help is in both keymaps */
	assert_true(command_find("help")->modes & MODE_BIT(MODE_REVIEW));
	assert_true(command_find("help")->modes & MODE_BIT(MODE_EDITOR));
}

static void test_keymap_per_mode(void **state)
{
	(void)state;
	Keymap k;
	keymap_init(&k);
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "C-q"), "quit");
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "C-q"), "review-quit");
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "n"), "review-next");
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "Right"), "review-next");
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "Right"), "right");
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "F1"), "help");
	assert_null(keymap_lookup(&k, MODE_EDITOR, "n"));
	Err e;
	err_init(&e);
	/* a review command binds in the review keymap only */
	assert_true(keymap_bind(&k, "j", "review-next", &e));
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "j"), "review-next");
	assert_null(keymap_lookup(&k, MODE_EDITOR, "j"));
	Buf b = BUF_INIT;
	keymap_keys_of(&k, MODE_REVIEW, "review-next", &b);
	assert_string_equal(b.p, "n, Right, j");
	buf_release(&b);
	/* none unbinds a key in every mode */
	assert_true(keymap_bind(&k, "C-q", "none", &e));
	assert_null(keymap_lookup(&k, MODE_EDITOR, "C-q"));
	assert_null(keymap_lookup(&k, MODE_REVIEW, "C-q"));
	assert_false(keymap_bind(&k, "Hyper-x", "save", &e));
	assert_false(keymap_bind(&k, "C-x", "explode", &e));
	assert_non_null(strstr(e.msg, "explode"));
	/* the config file's keys: */
	const char *cfg = "keys:\n  v: none\n  V: review-verdict\n  C-t: save\n";
	assert_true(keymap_parse(&k, "config.yaml", cfg, strlen(cfg), &e));
	assert_null(keymap_lookup(&k, MODE_REVIEW, "v"));
	assert_string_equal(keymap_lookup(&k, MODE_REVIEW, "V"), "review-verdict");
	assert_string_equal(keymap_lookup(&k, MODE_EDITOR, "C-t"), "save");
	keymap_release(&k);
}

static const char *const SRC = "Title\n=====\n\nOne.\n\nTwo.\n";
static const char *const BASE = "Title\n=====\n\nOne.\n\nTwo.\n";
static const char *const HEAD = "제목\n====\n\n하나.\n\n둘.\n";

static void test_review_commands(void **state)
{
	(void)state;
	ReviewSession rs;
	review_session_init(&rs);
	Err e;
	err_init(&e);
	assert_true(review_session_setup(&rs, "doc.rst", NULL, SRC, strlen(SRC), BASE, strlen(BASE),
	                                 HEAD, strlen(HEAD), &e));
	size_t n = review_session_count(&rs);
	assert_true(n >= 2);
	/* moving; at the end a message, no move */
	for (size_t i = 1; i < n; i++)
		assert_true(command_run_review(&rs, "review-next", NULL));
	assert_int_equal(rs.cur, n - 1);
	command_run_review(&rs, "review-next", NULL);
	assert_int_equal(rs.cur, n - 1);
	assert_string_equal(rs.shell.msg.text, "this is the last change");
	/* c and v ask the UI for a dialog, answered by another command */
	assert_true(command_run_review(&rs, "review-comment", NULL));
	assert_int_equal(rs.shell.ask.kind, SHELL_ASK_TEXT);
	assert_string_equal(rs.shell.ask.then, "review-save-comment");
	assert_true(command_run_review(&rs, "review-verdict", NULL));
	assert_int_equal(rs.shell.ask.kind, SHELL_ASK_KEY);
	command_run_review(&rs, "review-set-verdict", "z");
	assert_string_equal(rs.shell.msg.text, "verdict unchanged");
	assert_int_equal(review_session_verdict(&rs), REVIEW_VERDICT_NONE);
	/* no sidecar path: kept in memory, which is said */
	assert_true(command_run_review(&rs, "review-set-verdict", "a"));
	assert_int_equal(review_session_verdict(&rs), REVIEW_APPROVE);
	assert_string_equal(rs.shell.msg.text, "verdict: approve (not saved: no sidecar)");
	assert_true(command_run_review(&rs, "review-quit", NULL));
	assert_true(rs.shell.quit);
	/* an editor command is not one of reviewer mode */
	assert_false(command_run_review(&rs, "save", NULL));
	review_session_release(&rs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_keymap_per_mode),
		cmocka_unit_test(test_review_commands),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
