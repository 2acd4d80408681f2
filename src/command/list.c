/*
 * The repository view's commands (Repo, include/yeok/repo.h).
 */
#include "command-private.h"

/* ---- the repository view (repo.h) ------------------------------------------ */

bool l_help(Repo *r, const char *arg)
{
	(void)arg;
	r->shell.help = true;
	return true;
}

bool l_open(Repo *r, const char *arg)
{
	(void)arg;
	if (!repo_selected(r, NULL)) {
		shell_msg(&r->shell, false, "No file is shown (a shows all)");
		return false;
	}
	r->open = true;
	return true;
}

static bool l_move(Repo *r, long d)
{
	repo_move(r, d);
	return true;
}

static long page(const Repo *r)
{
	return r->page > 1 ? (long)r->page - 1 : 1;
}

bool l_down(Repo *r, const char *arg) { (void)arg; return l_move(r, 1); }
bool l_up(Repo *r, const char *arg) { (void)arg; return l_move(r, -1); }
bool l_page_down(Repo *r, const char *arg) { (void)arg; return l_move(r, page(r)); }
bool l_page_up(Repo *r, const char *arg) { (void)arg; return l_move(r, -page(r)); }
bool l_first(Repo *r, const char *arg) { (void)arg; return l_move(r, -(long)r->n_shown); }
bool l_last(Repo *r, const char *arg) { (void)arg; return l_move(r, (long)r->n_shown); }

bool l_filter(Repo *r, const char *arg)
{
	snprintf(r->text, sizeof(r->text), "%s", arg ? arg : "");
	repo_apply(r);
	return true;
}

static bool set_filter(Repo *r, RepoFilter f)
{
	r->filter = f;
	repo_apply(r);
	return true;
}

bool l_all(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_ALL); }
bool l_untranslated(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_UNTRANSLATED); }
bool l_progress(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_PROGRESS); }
bool l_done(Repo *r, const char *arg) { (void)arg; return set_filter(r, RF_DONE); }

bool l_sort(Repo *r, const char *arg)
{
	(void)arg;
	r->sort = (RepoSort)((r->sort + 1) % RS_COUNT);
	repo_apply(r);
	shell_msg(&r->shell, false, "Sorted by %s", repo_sort_name(r->sort));
	return true;
}

bool l_quit(Repo *r, const char *arg)
{
	(void)arg;
	r->shell.quit = true;
	return true;
}
