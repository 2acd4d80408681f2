/*
 * Reviewer mode's commands (ReviewSession, include/yeok/review.h).
 */
#include "command-private.h"

/* ---- reviewer mode ------------------------------------------------------ */

static bool r_report(ReviewSession *rs, bool ok, const Err *e, const char *done)
{
	if (ok)
		return rs->sc_path ? review_session_msg(rs, false, "%s (saved in %s)", done,
		                                        path_basename(rs->sc_path))
		                   : review_session_msg(rs, false, "%s (not saved: no sidecar)", done);
	return review_session_msg(rs, true, "%s", e->msg);
}

static bool r_move(ReviewSession *rs, int dir)
{
	if (!review_session_move(rs, dir)) {
		if (rs->files)
			return review_session_msg(rs, false, dir > 0
			                          ? "this is the last change of this file (> the next file)"
			                          : "this is the first change of this file (< the previous "
			                            "file)");
		return review_session_msg(rs, false, dir > 0 ? "this is the last change"
		                                             : "this is the first change");
	}
	rs->finding = 0;
	rs->scroll = 0;
	return true;
}

bool r_next(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move(rs, 1);
}

bool r_prev(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move(rs, -1);
}

/* The comment editor over the current change (a suggestion starts from
 * its new Korean). */
static bool r_entry(ReviewSession *rs, bool suggestion)
{
	const ReviewChange *c = review_session_change(rs, rs->cur);
	if (!c)
		return review_session_msg(rs, true, "no change here");
	Buf text = BUF_INIT;
	/* a suggestion starts from the new Korean (a deletion's: the old one) */
	const Lines *from = c->deleted ? &rs->r.base : &rs->r.head;
	size_t f = c->deleted ? c->base_first : c->head_first;
	size_t l = c->deleted ? c->base_last : c->head_last;
	for (size_t i = f; suggestion && i <= l && i < from->n; i++) {
		if (i > f)
			buf_addc(&text, '\n');
		buf_addstr(&text, lines_get(from, i));
	}
	const char *what = suggestion ? "Suggest replacement text" : "Comment";
	char title[160];
	if (l > f)
		snprintf(title, sizeof(title), " %s on %slines %zu-%zu", what,
		         c->deleted ? "deleted " : "", f + 1, l + 1);
	else
		snprintf(title, sizeof(title), " %s on %sline %zu", what, c->deleted ? "deleted " : "",
		         f + 1);
	review_session_ask(rs, SHELL_ASK_TEXT, title, suggestion ? (text.p ? text.p : "") : NULL,
	                   suggestion ? "review-save-suggestion" : "review-save-comment");
	buf_release(&text);
	return true;
}

bool r_comment(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_entry(rs, false);
}

bool r_suggest(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_entry(rs, true);
}

bool r_save_comment(ReviewSession *rs, const char *arg)
{
	Err e;
	err_init(&e);
	return r_report(rs, review_session_comment(rs, arg ? arg : "", &e), &e, "comment saved");
}

bool r_save_suggestion(ReviewSession *rs, const char *arg)
{
	Err e;
	err_init(&e);
	return r_report(rs, review_session_suggest(rs, arg ? arg : "", &e), &e, "suggestion saved");
}

static const char *mark_text(ReviewMark m)
{
	return m == REVIEW_MARK_APPROVED ? "approved" : m == REVIEW_MARK_CHANGES ? "needs changes"
	                                                                         : "not marked";
}

static bool r_mark(ReviewSession *rs, ReviewMark m)
{
	Err e;
	err_init(&e);
	bool ok = review_session_mark(rs, m, &e);
	char d[64];
	snprintf(d, sizeof(d), "this change: %s", mark_text(review_session_mark_of(rs, rs->cur)));
	return r_report(rs, ok, &e, d);
}

bool r_approve(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_mark(rs, REVIEW_MARK_APPROVED);
}

bool r_changes(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_mark(rs, REVIEW_MARK_CHANGES);
}

bool r_verdict(ReviewSession *rs, const char *arg)
{
	(void)arg;
	review_session_ask(rs, SHELL_ASK_KEY,
	                   "Verdict: a approve · r request changes · c comment · x none · Esc cancel",
	                   NULL, "review-set-verdict");
	return true;
}

static const struct {
	char key;
	ReviewVerdict v;
} verdict_keys[] = {
	{'a', REVIEW_APPROVE}, {'r', REVIEW_REQUEST_CHANGES}, {'c', REVIEW_COMMENT},
	{'x', REVIEW_VERDICT_NONE},
};

bool r_set_verdict(ReviewSession *rs, const char *arg)
{
	for (size_t i = 0; arg && arg[0] && !arg[1] && i < ARRAY_LEN(verdict_keys); i++) {
		if (verdict_keys[i].key != arg[0])
			continue;
		Err e;
		err_init(&e);
		bool ok = rs->files ? review_files_set_verdict(rs->files, verdict_keys[i].v, &e)
		                    : review_session_set_verdict(rs, verdict_keys[i].v, &e);
		char d[64];
		snprintf(d, sizeof(d), "verdict: %s", review_verdict_label(verdict_keys[i].v));
		return r_report(rs, ok, &e, d);
	}
	return review_session_msg(rs, false, "verdict unchanged");
}

static size_t r_findings_n(const ReviewSession *rs)
{
	return review_session_count(rs) ? rs->findings[rs->cur].n : 0;
}

/* The selection runs over the change's findings, then its entries. */
static size_t r_entries(const ReviewSession *rs, size_t *idx, size_t max)
{
	return review_session_count(rs) ? review_session_entries(rs, rs->cur, idx, max) : 0;
}

static size_t r_items_n(const ReviewSession *rs)
{
	size_t idx[1];
	return r_findings_n(rs) + r_entries(rs, idx, 0);
}

/* The selected entry (index into rs->sc.comments); false with a message
 * when the selection is no entry. */
static bool r_selected_entry(ReviewSession *rs, size_t *k)
{
	size_t idx[256];
	size_t nf = r_findings_n(rs), ne = r_entries(rs, idx, ARRAY_LEN(idx));
	if (rs->finding < nf || rs->finding - nf >= MIN(ne, ARRAY_LEN(idx)))
		return review_session_msg(rs, true, ne ? "select a comment first (Up/Down)"
		                                       : "no comment on this change");
	*k = idx[rs->finding - nf];
	return true;
}

bool r_finding_comment(ReviewSession *rs, const char *arg)
{
	(void)arg;
	if (rs->finding >= r_findings_n(rs))
		return review_session_msg(rs, false, "no finding selected on this change");
	Err e;
	err_init(&e);
	return r_report(rs, review_session_finding_comment(rs, rs->finding, &e), &e,
	                "finding turned into a comment");
}

bool r_finding_next(ReviewSession *rs, const char *arg)
{
	(void)arg;
	if (rs->finding + 1 < r_items_n(rs))
		rs->finding++;
	return true;
}

bool r_finding_prev(ReviewSession *rs, const char *arg)
{
	(void)arg;
	if (rs->finding > 0)
		rs->finding--;
	return true;
}

static bool r_move_finding(ReviewSession *rs, int dir)
{
	if (!review_session_move_finding(rs, dir))
		return review_session_msg(rs, false, dir > 0 ? "no change with a finding after this one"
		                                             : "no change with a finding before this one");
	rs->finding = 0;
	rs->scroll = 0;
	return true;
}

bool r_next_finding(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move_finding(rs, 1);
}

bool r_prev_finding(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_move_finding(rs, -1);
}

bool r_edit(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	review_session_ask(rs, SHELL_ASK_TEXT, " Edit the comment", rs->sc.comments.v[k].text,
	                   "review-save-edit");
	return true;
}

bool r_save_edit(ReviewSession *rs, const char *arg)
{
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	return r_report(rs, review_session_edit(rs, k, arg ? arg : "", &e), &e, "comment edited");
}

bool r_delete(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	review_session_ask(rs, SHELL_ASK_KEY, "Delete this comment and its replies? y deletes, any "
	                   "other key keeps it", NULL, "review-delete-yes");
	return true;
}

bool r_delete_yes(ReviewSession *rs, const char *arg)
{
	size_t k;
	if (!arg || strcmp(arg, "y") != 0)
		return review_session_msg(rs, false, "kept");
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	bool ok = review_session_delete(rs, k, &e);
	if (ok && rs->finding > 0 && rs->finding >= r_items_n(rs))
		rs->finding = r_items_n(rs) ? r_items_n(rs) - 1 : 0;
	return r_report(rs, ok, &e, "comment deleted");
}

bool r_resolve(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	bool ok = review_session_resolve(rs, k, &e);
	return r_report(rs, ok, &e, ok && !strcmp(rs->sc.comments.v[k].state, "resolved")
	                                ? "comment resolved" : "comment open again");
}

bool r_reply(ReviewSession *rs, const char *arg)
{
	(void)arg;
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	review_session_ask(rs, SHELL_ASK_TEXT, " Reply", NULL, "review-save-reply");
	return true;
}

bool r_save_reply(ReviewSession *rs, const char *arg)
{
	size_t k;
	if (!r_selected_entry(rs, &k))
		return false;
	Err e;
	err_init(&e);
	return r_report(rs, review_session_reply(rs, k, arg ? arg : "", &e), &e, "reply saved");
}

static bool r_file(ReviewSession *rs, int go)
{
	if (!rs->files)
		return review_session_msg(rs, false, "this review is of one file (no FILE: every file "
		                                     "of the range)");
	rs->go_file = go;
	return true;
}

bool r_next_file(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_file(rs, 1);
}

bool r_prev_file(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_file(rs, -1);
}

bool r_files(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return r_file(rs, 2);
}

bool r_page_down(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->scroll += MAX(1, rs->rows - 5);
	return true;
}

bool r_page_up(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->scroll = MAX(0, rs->scroll - MAX(1, rs->rows - 5));
	return true;
}

bool r_quit(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->shell.quit = true;
	return true;
}

bool r_quit_hint(ReviewSession *rs, const char *arg)
{
	(void)arg;
	return review_session_msg(rs, false, "Ctrl-Q quits (everything is kept)");
}

bool r_help(ReviewSession *rs, const char *arg)
{
	(void)arg;
	rs->shell.help = true;
	return true;
}
