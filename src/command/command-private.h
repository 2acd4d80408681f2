/*
 * Private to src/command/: the handlers the command table (command.c)
 * names, defined in editor.c, assist.c (the editor's panels), review.c
 * (reviewer mode) and list.c (the repository view).
 */
#ifndef YEOK_COMMAND_PRIVATE_H
#define YEOK_COMMAND_PRIVATE_H

#include "yeok/command.h"

/* editor.c */
bool c_save(Session *s, const char *arg);
bool c_save_anyway(Session *s, const char *arg);
bool c_quit(Session *s, const char *arg);
bool c_force_quit(Session *s, const char *arg);
bool c_save_quit(Session *s, const char *arg);
bool c_save_quit_anyway(Session *s, const char *arg);
bool c_undo(Session *s, const char *arg);
bool c_redo(Session *s, const char *arg);
bool c_find(Session *s, const char *arg);
bool c_find_next(Session *s, const char *arg);
bool c_find_prev(Session *s, const char *arg);
bool c_goto(Session *s, const char *arg);
bool c_pane(Session *s, const char *arg);
bool c_next_unfinished(Session *s, const char *arg);
bool c_prev_unfinished(Session *s, const char *arg);
bool c_next_untranslated(Session *s, const char *arg);
bool c_prev_untranslated(Session *s, const char *arg);
bool c_next_finding(Session *s, const char *arg);
bool c_prev_finding(Session *s, const char *arg);
bool c_done_next(Session *s, const char *arg);
bool c_done_next_force(Session *s, const char *arg);
bool c_copy_source(Session *s, const char *arg);
bool c_help(Session *s, const char *arg);
bool c_numbers(Session *s, const char *arg);
bool c_wider(Session *s, const char *arg);
bool c_narrower(Session *s, const char *arg);
bool c_newline(Session *s, const char *arg);
bool c_backspace(Session *s, const char *arg);
bool c_delete(Session *s, const char *arg);
bool c_sel_mark(Session *s, const char *arg);
bool c_sel_cancel(Session *s, const char *arg);
bool c_replace(Session *s, const char *arg);
bool c_replace_with(Session *s, const char *arg);
bool c_replace_one(Session *s, const char *arg);
bool c_replace_skip(Session *s, const char *arg);
bool c_replace_all(Session *s, const char *arg);
bool c_replace_case(Session *s, const char *arg);
bool c_replace_regex(Session *s, const char *arg);
bool c_replace_stop(Session *s, const char *arg);
bool c_copy(Session *s, const char *arg);
bool c_cut(Session *s, const char *arg);
bool c_paste(Session *s, const char *arg);
bool c_delete_word_back(Session *s, const char *arg);
bool c_delete_word(Session *s, const char *arg);
bool c_kill_line(Session *s, const char *arg);
bool c_clear_block(Session *s, const char *arg);

/* editor.c, made by its MOVE and SELECT */
bool c_left(Session *s, const char *arg);
bool c_right(Session *s, const char *arg);
bool c_up(Session *s, const char *arg);
bool c_down(Session *s, const char *arg);
bool c_word_left(Session *s, const char *arg);
bool c_word_right(Session *s, const char *arg);
bool c_home(Session *s, const char *arg);
bool c_end(Session *s, const char *arg);
bool c_page_up(Session *s, const char *arg);
bool c_page_down(Session *s, const char *arg);
bool c_doc_start(Session *s, const char *arg);
bool c_doc_end(Session *s, const char *arg);
bool c_seg_next(Session *s, const char *arg);
bool c_seg_prev(Session *s, const char *arg);
bool c_sel_left(Session *s, const char *arg);
bool c_sel_right(Session *s, const char *arg);
bool c_sel_up(Session *s, const char *arg);
bool c_sel_down(Session *s, const char *arg);
bool c_sel_word_left(Session *s, const char *arg);
bool c_sel_word_right(Session *s, const char *arg);
bool c_sel_home(Session *s, const char *arg);
bool c_sel_end(Session *s, const char *arg);
bool c_sel_page_up(Session *s, const char *arg);
bool c_sel_page_down(Session *s, const char *arg);

/* assist.c */
bool c_checklist(Session *s, const char *arg);
bool c_checklist_item(Session *s, const char *arg);
bool c_checklist_issue(Session *s, const char *arg);
bool c_checklist_type(Session *s, const char *arg);
bool c_checklist_name(Session *s, const char *arg);
bool c_checklist_url(Session *s, const char *arg);
bool c_translator_line(Session *s, const char *arg);
bool c_remark_next(Session *s, const char *arg);
bool c_remark_prev(Session *s, const char *arg);
bool c_remark_view(Session *s, const char *arg);
bool c_remark_resolve(Session *s, const char *arg);
bool c_remark_reply(Session *s, const char *arg);
bool c_remark_save_reply(Session *s, const char *arg);
bool c_stale_diff(Session *s, const char *arg);
bool c_glossary(Session *s, const char *arg);
bool c_glossary_insert(Session *s, const char *arg);
bool c_tm(Session *s, const char *arg);
bool c_tm_insert(Session *s, const char *arg);
bool c_tm_insert_best(Session *s, const char *arg);
bool c_take_hint(Session *s, const char *arg);
bool c_findings(Session *s, const char *arg);
bool c_goto_finding(Session *s, const char *arg);
bool c_autofix(Session *s, const char *arg);
bool c_fix_finding(Session *s, const char *arg);
bool c_spell(Session *s, const char *arg);
bool c_spell_choose(Session *s, const char *arg);
bool c_spell_add(Session *s, const char *arg);
bool c_spell_add_project(Session *s, const char *arg);

/* review.c */
bool r_next(ReviewSession *rs, const char *arg);
bool r_prev(ReviewSession *rs, const char *arg);
bool r_comment(ReviewSession *rs, const char *arg);
bool r_suggest(ReviewSession *rs, const char *arg);
bool r_save_comment(ReviewSession *rs, const char *arg);
bool r_save_suggestion(ReviewSession *rs, const char *arg);
bool r_approve(ReviewSession *rs, const char *arg);
bool r_changes(ReviewSession *rs, const char *arg);
bool r_verdict(ReviewSession *rs, const char *arg);
bool r_set_verdict(ReviewSession *rs, const char *arg);
bool r_finding_comment(ReviewSession *rs, const char *arg);
bool r_finding_next(ReviewSession *rs, const char *arg);
bool r_finding_prev(ReviewSession *rs, const char *arg);
bool r_next_finding(ReviewSession *rs, const char *arg);
bool r_prev_finding(ReviewSession *rs, const char *arg);
bool r_edit(ReviewSession *rs, const char *arg);
bool r_save_edit(ReviewSession *rs, const char *arg);
bool r_delete(ReviewSession *rs, const char *arg);
bool r_delete_yes(ReviewSession *rs, const char *arg);
bool r_resolve(ReviewSession *rs, const char *arg);
bool r_reply(ReviewSession *rs, const char *arg);
bool r_save_reply(ReviewSession *rs, const char *arg);
bool r_next_file(ReviewSession *rs, const char *arg);
bool r_prev_file(ReviewSession *rs, const char *arg);
bool r_files(ReviewSession *rs, const char *arg);
bool r_page_down(ReviewSession *rs, const char *arg);
bool r_page_up(ReviewSession *rs, const char *arg);
bool r_quit(ReviewSession *rs, const char *arg);
bool r_quit_hint(ReviewSession *rs, const char *arg);
bool r_help(ReviewSession *rs, const char *arg);

/* list.c */
bool l_help(Repo *r, const char *arg);
bool l_open(Repo *r, const char *arg);
bool l_filter(Repo *r, const char *arg);
bool l_sort(Repo *r, const char *arg);
bool l_quit(Repo *r, const char *arg);
bool l_down(Repo *r, const char *arg);
bool l_up(Repo *r, const char *arg);
bool l_page_down(Repo *r, const char *arg);
bool l_page_up(Repo *r, const char *arg);
bool l_first(Repo *r, const char *arg);
bool l_last(Repo *r, const char *arg);
bool l_all(Repo *r, const char *arg);
bool l_untranslated(Repo *r, const char *arg);
bool l_progress(Repo *r, const char *arg);
bool l_done(Repo *r, const char *arg);

#endif
