/* command: the command table and running a command (include/yeok/command.h);
 * the handlers are in editor.c, assist.c, review.c and list.c. */

#include "command-private.h"

/* An editor command: id, keys, bar, help, prompt, flags, handler. */
#define ED(id, keys, bar, help, prompt, flags, fn) \
	{id, keys, bar, help, prompt, flags, MODE_BIT(MODE_EDITOR), fn, NULL, NULL}
/* A reviewer-mode command: id, keys, bar, help, handler. */
#define RV(id, keys, bar, help, fn) \
	{id, keys, bar, help, NULL, 0, MODE_BIT(MODE_REVIEW), NULL, fn, NULL}
/* A repository-view command: id, keys, bar, help, prompt, handler. */
#define LS(id, keys, bar, help, prompt, fn) \
	{id, keys, bar, help, prompt, 0, MODE_BIT(MODE_LIST), NULL, NULL, fn}

static const Command commands[] = {
	ED("save", "C-s", "Save", "Save the translation (atomically)", NULL, CMD_SAVES, c_save),
	ED("quit", "C-q", "Quit", "Quit (asks when there are unsaved changes)", NULL, 0, c_quit),
	ED("force-quit", "", NULL, "Quit without saving", NULL, CMD_HIDDEN, c_force_quit),
	ED("save-quit", "", NULL, "Save and quit (from the quit question)", NULL, CMD_SAVES | CMD_HIDDEN, c_save_quit),
	ED("save-anyway", "", NULL, "Save a .py that Python cannot read (from the save question)", NULL, CMD_SAVES | CMD_HIDDEN, c_save_anyway),
	ED("save-quit-anyway", "", NULL, "Save such a .py and quit (from the save question)", NULL, CMD_SAVES | CMD_HIDDEN, c_save_quit_anyway),
	ED("undo", "C-z", "Undo", "Undo the last change (typing is undone as a run)", NULL, 0, c_undo),
	ED("redo", "C-y", "Redo", "Redo what was undone", NULL, 0, c_redo),
	ED("clear-block", "M-x", "Clear", "Clear this block's text to translate it (markup stays)", NULL, 0, c_clear_block),
	ED("find", "C-f", "Find", "Find text in both panes (case-insensitive)", "Find: ", CMD_INIT_FIND, c_find),
	ED("replace", "C-r", NULL, "Replace in the translation (y, n skip, a all, c case, r regex)", "Replace: ", 0, c_replace),
	ED("replace-with", "", NULL, "The replacement text (from the Ctrl-R prompt)", NULL, CMD_HIDDEN, c_replace_with),
	ED("replace-one", "", NULL, "Replace this match and go to the next (y)", NULL, CMD_HIDDEN, c_replace_one),
	ED("replace-skip", "", NULL, "Skip this match (n)", NULL, CMD_HIDDEN, c_replace_skip),
	ED("replace-all", "", NULL, "Replace every match, one undo step (a)", NULL, CMD_HIDDEN, c_replace_all),
	ED("replace-case", "", NULL, "Toggle case-sensitive replace (c)", NULL, CMD_HIDDEN, c_replace_case),
	ED("replace-regex", "", NULL, "Toggle POSIX extended regular expressions (r)", NULL, CMD_HIDDEN, c_replace_regex),
	ED("replace-stop", "", NULL, "Stop replacing: say how many were replaced (Esc)", NULL, CMD_HIDDEN, c_replace_stop),
	ED("find-next", "F6 M-f", NULL, "Find the next match (wraps)", NULL, 0, c_find_next),
	ED("find-prev", "S-F6 M-F", NULL, "Find the previous match (wraps)", NULL, 0, c_find_prev),
	ED("goto-line", "C-g", "Line", "Go to a line of the translation", "Go to line: ", 0, c_goto),
	ED("switch-pane", "Tab", "Pane", "Move between the source and the translation", NULL, 0, c_pane),
	ED("next-unfinished", "M-n", "Next", "Next unfinished segment", NULL, 0, c_next_unfinished),
	ED("prev-unfinished", "M-p", NULL, "Previous unfinished segment", NULL, 0, c_prev_unfinished),
	ED("next-untranslated", "M-u", NULL, "Next untranslated segment (drafts passed over)", NULL, 0, c_next_untranslated),
	ED("prev-untranslated", "M-U", NULL, "Previous untranslated segment", NULL, 0, c_prev_untranslated),
	ED("done-next", "M-Enter", "Done", "Mark this segment done and go to the next unfinished one", NULL, 0, c_done_next),
	ED("done-next-force", "", NULL, "Mark done although the segment has an error (from the question)", NULL, CMD_HIDDEN, c_done_next_force),
	ED("copy-source", "M-c", NULL, "Copy the source of this segment into the translation", NULL, 0, c_copy_source),
	ED("checklist", "F2", "Checklist", "The pull-request checklist: license, issue, type, " "translator", NULL, 0, c_checklist),
	ED("checklist-item", "", NULL, "Change a checklist item (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_item),
	ED("checklist-issue", "", NULL, "Set the issue number (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_issue),
	ED("checklist-type", "", NULL, "Set the PR type (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_type),
	ED("checklist-name", "", NULL, "Set the translator name (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_name),
	ED("checklist-url", "", NULL, "Set the translator URL (from the F2 dialog)", NULL, CMD_HIDDEN, c_checklist_url),
	ED("translator-line", "M-t", NULL, "Insert or repair the translator line after the author " "line", NULL, 0, c_translator_line),
	ED("glossary", "F3", "Glossary", "Glossary terms here; Enter inserts one or allows it", NULL, 0, c_glossary),
	ED("glossary-insert", "", NULL, "Insert a glossary term (from the F3 list)", NULL, CMD_HIDDEN, c_glossary_insert),
	ED("tm", "F4", NULL, "Translation-memory matches here; Enter inserts one", NULL, 0, c_tm),
	ED("tm-insert", "", NULL, "Insert a translation-memory match (from the F4 list)", NULL, CMD_HIDDEN, c_tm_insert),
	ED("tm-insert-best", "M-4", NULL, "Insert the best translation-memory match here", NULL, 0, c_tm_insert_best),
	ED("findings", "F5", "Checks", "All findings of the checks; Enter goes to one", NULL, 0, c_findings),
	ED("next-finding", "F8 M-e", NULL, "Next finding of the checks", NULL, 0, c_next_finding),
	ED("prev-finding", "S-F8 M-E", NULL, "Previous finding of the checks", NULL, 0, c_prev_finding),
	ED("goto-finding", "", NULL, "Go to a finding (from the F5 list)", NULL, CMD_HIDDEN, c_goto_finding),
	ED("fix-finding", "", NULL, "Fix the finding selected in the F5 list (M-a there)", NULL,
	   CMD_HIDDEN, c_fix_finding),
	ED("autofix", "M-a", NULL, "Fix this segment's title underline or markup spacing", NULL, 0, c_autofix),
	ED("take-hint", "M-h", NULL, "Take a stale segment's hint (its Korean before sync)", NULL, 0, c_take_hint),
	ED("stale-diff", "M-d", NULL, "Show how the English of a stale segment changed", NULL, 0, c_stale_diff),
	ED("pr-comment-next", "F8", NULL, "Go to the next review comment of the pull request (--comments)",
	   NULL, 0, c_remark_next),
	ED("pr-comment-prev", "S-F8", NULL, "Go to the previous review comment of the pull request",
	   NULL, 0, c_remark_prev),
	ED("pr-comment-view", "M-v", NULL, "Show the review comment here with its whole thread", NULL,
	   0, c_remark_view),
	ED("pr-comment-resolve", "M-o", NULL, "Resolve the review comment here (again: open it)", NULL,
	   0, c_remark_resolve),
	ED("pr-comment-reply", "M-r", NULL, "Reply to the review comment here", NULL, 0,
	   c_remark_reply),
	ED("pr-comment-save-reply", "", NULL, "Keep a reply (from the prompt)", NULL, CMD_HIDDEN,
	   c_remark_save_reply),
	ED("spell", "F7", "Spell", "Suggestions for the misspelled word at the cursor", NULL, 0, c_spell),
	ED("spell-choose", "", NULL, "Replace the word or add it (from the F7 list)", NULL, CMD_HIDDEN, c_spell_choose),
	ED("spell-add-word", "M-w", NULL, "Add the misspelled word at the cursor to my word list", NULL, 0, c_spell_add),
	ED("spell-add-project", "M-W", NULL, "Add the word at the cursor to the project's .yeok-words", NULL, 0, c_spell_add_project),
	{"help", "F1", "Help", "Show every command and its keys", NULL,
	 CMD_BAR_ALWAYS, MODE_BIT(MODE_EDITOR) | MODE_BIT(MODE_REVIEW) | MODE_BIT(MODE_LIST), c_help, r_help,
	 l_help},
	ED("toggle-numbers", "M-l", NULL, "Show or hide line numbers", NULL, 0, c_numbers),
	ED("source-wider", "M->", NULL, "Make the source pane wider", NULL, 0, c_wider),
	ED("source-narrower", "M-<", NULL, "Make the source pane narrower", NULL, 0, c_narrower),
	ED("copy", "C-c", NULL, "Copy the selection (either pane)", NULL, 0, c_copy),
	ED("cut", "C-x", NULL, "Cut the selection of the translation", NULL, 0, c_cut),
	ED("paste", "C-v", NULL, "Paste what was copied or cut (over the selection)", NULL, 0, c_paste),
	ED("delete-word-back", "M-Backspace C-w", NULL, "Delete the word before the cursor", NULL, 0, c_delete_word_back),
	ED("delete-word", "C-Delete M-Delete", NULL, "Delete the word after the cursor", NULL, 0, c_delete_word),
	ED("kill-line", "C-k", NULL, "Delete to the end of the line (at its end: the line break)", NULL, 0, c_kill_line),
	ED("select-mark", "C-Space", NULL, "Set the mark: motions select until C-Space or Esc", NULL, 0, c_sel_mark),
	ED("select-cancel", "Esc", NULL, "Cancel the selection and the search highlight", NULL, 0, c_sel_cancel),
	ED("select-left", "S-Left", NULL, "Select a character left", NULL, 0, c_sel_left),
	ED("select-right", "S-Right", NULL, "Select a character right", NULL, 0, c_sel_right),
	ED("select-up", "S-Up", NULL, "Select up a screen row", NULL, 0, c_sel_up),
	ED("select-down", "S-Down", NULL, "Select down a screen row", NULL, 0, c_sel_down),
	ED("select-word-left", "C-S-Left", NULL, "Select to the previous word", NULL, 0, c_sel_word_left),
	ED("select-word-right", "C-S-Right", NULL, "Select to the next word", NULL, 0, c_sel_word_right),
	ED("select-line-start", "S-Home", NULL, "Select to the start of the line", NULL, 0, c_sel_home),
	ED("select-line-end", "S-End", NULL, "Select to the end of the line", NULL, 0, c_sel_end),
	ED("select-page-up", "S-PageUp", NULL, "Select up a screen", NULL, 0, c_sel_page_up),
	ED("select-page-down", "S-PageDown", NULL, "Select down a screen", NULL, 0, c_sel_page_down),
	ED("newline", "Enter", NULL, "New line, keeping the indentation", NULL, 0, c_newline),
	ED("backspace", "Backspace", NULL, "Delete the character before the cursor", NULL, 0, c_backspace),
	ED("delete", "Delete", NULL, "Delete the character at the cursor", NULL, 0, c_delete),
	ED("left", "Left", NULL, "Cursor left (one character)", NULL, 0, c_left),
	ED("right", "Right", NULL, "Cursor right (one character)", NULL, 0, c_right),
	ED("up", "Up", NULL, "Cursor up a screen row (wrapped rows too), keeping the column", NULL, 0, c_up),
	ED("down", "Down", NULL, "Cursor down a screen row (wrapped rows too), keeping the column", NULL, 0, c_down),
	ED("word-left", "C-Left M-b", NULL, "Cursor to the previous word", NULL, 0, c_word_left),
	ED("word-right", "C-Right", NULL, "Cursor to the next word", NULL, 0, c_word_right),
	ED("line-start", "Home C-a", NULL, "Start of the text of the line, then of the line", NULL, 0, c_home),
	ED("line-end", "End C-e", NULL, "End of the line", NULL, 0, c_end),
	ED("page-up", "PageUp", NULL, "Up a screen of rows (one row of overlap)", NULL, 0, c_page_up),
	ED("page-down", "PageDown", NULL, "Down a screen of rows (one row of overlap)", NULL, 0, c_page_down),
	ED("doc-start", "C-Home", NULL, "Start of the document", NULL, 0, c_doc_start),
	ED("doc-end", "C-End", NULL, "End of the document", NULL, 0, c_doc_end),
	ED("segment-next", "C-Down", NULL, "Next segment", NULL, 0, c_seg_next),
	ED("segment-prev", "C-Up", NULL, "Start of this segment, then the previous one", NULL, 0, c_seg_prev),
	/* reviewer mode (`yeok review`) */
	RV("review-next", "n Right", "Next", "Next change", r_next),
	RV("review-prev", "p Left", "Prev", "Previous change", r_prev),
	RV("review-comment", "c", "Comment", "Write a comment on this change (multi-line)", r_comment),
	RV("review-suggest", "s", "Suggest", "Suggest replacement text for this change", r_suggest),
	RV("review-approve", "a", "Approve", "Mark this change approved (again: unmark)", r_approve),
	RV("review-changes", "r", "Changes", "Mark this change as needing changes (again: unmark)",
	   r_changes),
	RV("review-finding-comment", "f", "Finding→comment",
	   "Turn the selected finding of check into a comment", r_finding_comment),
	RV("review-finding-next", "Down", NULL, "Select the next finding or comment", r_finding_next),
	RV("review-finding-prev", "Up", NULL, "Select the previous finding or comment",
	   r_finding_prev),
	RV("review-next-finding", "N", NULL, "Next change with a finding", r_next_finding),
	RV("review-prev-finding", "P", NULL, "Previous change with a finding", r_prev_finding),
	RV("review-edit", "e", NULL, "Edit the selected comment", r_edit),
	RV("review-delete", "D", NULL, "Delete the selected comment (asks)", r_delete),
	RV("review-resolve", "x", NULL, "Resolve the selected comment (again: open)", r_resolve),
	RV("review-reply", "R", NULL, "Reply to the selected comment", r_reply),
	RV("review-next-file", ">", NULL, "Next file of the pull request", r_next_file),
	RV("review-prev-file", "<", NULL, "Previous file of the pull request", r_prev_file),
	RV("review-files", "l", NULL, "The files of the pull request, with changes and findings",
	   r_files),
	RV("review-page-down", "PageDown", NULL, "Scroll the change down", r_page_down),
	RV("review-page-up", "PageUp", NULL, "Scroll the change up", r_page_up),
	RV("review-verdict", "v", "Verdict", "Set the verdict: approve, request changes, comment",
	   r_verdict),
	RV("review-quit", "C-q", "Quit", "Quit reviewer mode (everything is kept)", r_quit),
	RV("review-quit-hint", "q", NULL, "Say that Ctrl-Q quits", r_quit_hint),
	{"review-save-comment", "", NULL, "Save a comment (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_comment, NULL},
	{"review-save-suggestion", "", NULL, "Save a suggestion (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_suggestion, NULL},
	{"review-set-verdict", "", NULL, "Set the verdict (a, r, c, x; from the question)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_set_verdict, NULL},
	{"review-save-edit", "", NULL, "Save an edited comment (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_edit, NULL},
	{"review-save-reply", "", NULL, "Save a reply (from the comment editor)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_save_reply, NULL},
	{"review-delete-yes", "", NULL, "Delete the selected comment (y; from the question)", NULL,
	 CMD_HIDDEN, MODE_BIT(MODE_REVIEW), NULL, r_delete_yes, NULL},
	LS("list-open", "Enter", "Open", "Open the file in the editor (quitting it comes back)", NULL, l_open),
	LS("list-down", "Down j", NULL, "The next file", NULL, l_down),
	LS("list-up", "Up k", NULL, "The previous file", NULL, l_up),
	LS("list-page-down", "PageDown", NULL, "A page down", NULL, l_page_down),
	LS("list-page-up", "PageUp", NULL, "A page up", NULL, l_page_up),
	LS("list-first", "Home g", NULL, "The first file", NULL, l_first),
	LS("list-last", "End G", NULL, "The last file", NULL, l_last),
	LS("list-filter", "/", "Filter", "Show the files whose path holds a text (empty: all)", "Filter: ", l_filter),
	LS("list-all", "a", "All", "Show every file", NULL, l_all),
	LS("list-untranslated", "u", "Untransl", "Show the files not translated yet", NULL, l_untranslated),
	LS("list-progress", "p", "Progress", "Show the files in progress", NULL, l_progress),
	LS("list-done", "d", "Done", "Show the files done", NULL, l_done),
	LS("list-sort", "s", "Sort", "Sort by path, % translated or last commit", NULL, l_sort),
	LS("list-quit", "q C-q", "Quit", "Quit", NULL, l_quit),
};

const Command *command_table(size_t *n)
{
	*n = ARRAY_LEN(commands);
	return commands;
}

const Command *command_find(const char *id)
{
	for (size_t i = 0; i < ARRAY_LEN(commands); i++)
		if (strcmp(commands[i].id, id) == 0)
			return &commands[i];
	return NULL;
}

bool command_run(Session *s, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c || !c->fn)
		return session_error(s, "Unknown command: %s", id);
	session_align_finish(s); /* a command sees the whole alignment */
	bool ok = c->fn(s, arg);
#ifndef NDEBUG
	/* Debug and test builds: the invariants hold after every command. */
	Err e;
	err_init(&e);
	if (!session_check(s, &e))
		fatal("BUG: after command %s: %s", id, e.msg);
#endif
	return ok;
}

bool command_run_list(Repo *r, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c || !c->lfn) {
		shell_msg(&r->shell, false, "Unknown command: %s", id);
		return false;
	}
	shell_msg_clear(&r->shell);
	bool ok = c->lfn(r, arg);
#ifndef NDEBUG
	Err e;
	err_init(&e);
	if (!repo_check(r, &e))
		fatal("BUG: after command %s: %s", id, e.msg);
#endif
	return ok;
}

bool command_run_review(ReviewSession *rs, const char *id, const char *arg)
{
	const Command *c = command_find(id);
	if (!c || !c->rfn)
		return review_session_msg(rs, true, "Unknown command: %s", id);
	bool ok = c->rfn(rs, arg);
#ifndef NDEBUG
	Err e;
	err_init(&e);
	if (!review_session_check(rs, &e))
		fatal("BUG: after command %s: %s", id, e.msg);
#endif
	return ok;
}
