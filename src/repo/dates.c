/* The rows by name and their last commit dates (include/yeok/repo.h): a
 * hash index over the rows' names, so that matching git's lines to rows is
 * linear, and one `git log` read in the view's idle time. */
#include "repo-private.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "yeok/vcs.h"

/* ---- the rows by name ------------------------------------------------------ */

void repo_index_build(Repo *r)
{
	free(r->by_name);
	size_t cap = 16;
	while (cap < 2 * r->rows.n + 2)
		cap *= 2;
	r->by_name = xcalloc(cap, sizeof(size_t));
	r->by_name_cap = cap;
	for (size_t i = 0; i < r->rows.n; i++) {
		const char *name = r->rows.v[i].name;
		size_t h = (size_t)hash_fnv1a(name, strlen(name)) & (cap - 1);
		while (r->by_name[h])
			h = (h + 1) & (cap - 1);
		r->by_name[h] = i + 1;
	}
}

RepoRow *repo_row_named(Repo *r, const char *name, size_t n)
{
	if (!r->by_name_cap)
		return NULL;
	size_t cap = r->by_name_cap, h = (size_t)hash_fnv1a(name, n) & (cap - 1);
	for (; r->by_name[h]; h = (h + 1) & (cap - 1)) {
		RepoRow *w = &r->rows.v[r->by_name[h] - 1];
		r->name_compares++;
		if (!strncmp(w->name, name, n) && !w->name[n])
			return w;
	}
	return NULL;
}

/* ---- last commit dates ----------------------------------------------------- */

/* Is dir in a git work tree (a .git in it or a folder above)?  Without a
 * git process: a folder outside any has no dates to miss. */
static bool in_work_tree(const char *dir)
{
	char *p = realpath(dir, NULL);
	bool found = false;
	while (p && !found) {
		char *g = path_join(p, ".git");
		found = file_exists(g);
		free(g);
		char *up = path_dirname(p);
		if (strcmp(up, p) == 0) { /* the root */
			free(up);
			up = NULL;
		}
		free(p);
		p = up;
	}
	free(p);
	return found;
}

/* The dates could not be read: said in the status line (after what is
 * there), in a work tree only. */
static void dates_failed(Repo *r, const Err *e)
{
	if (!in_work_tree(r->dir))
		return;
	size_t n = strlen(r->shell.msg.text);
	snprintf(r->shell.msg.text + n, sizeof(r->shell.msg.text) - n, "%sNo last-commit dates: git log failed: %s",
	         n ? " · " : "", e->msg);
}

void repo_dates_start(Repo *r)
{
	repo_dates_stop(r);
	const char *argv[] = {"log", "--format=%x01%cs", "--name-only", "--relative", "--", ".", NULL};
	Err e;
	err_init(&e);
	r->dates = vcs_stream_open(r->dir, argv, &e);
	if (!r->dates)
		dates_failed(r, &e);
	buf_clear(&r->dates_part);
	r->date_now[0] = '\0';
}

void repo_dates_stop(Repo *r)
{
	vcs_stream_close(r->dates, NULL);
	r->dates = NULL;
	buf_release(&r->dates_part);
}

/* One line of the log: a commit's date, or a file it changed (the first
 * date a file shows is its newest). */
static void date_line(Repo *r, const char *p, size_t n)
{
	if (n && p[0] == '\x01') {
		size_t k = MIN(n - 1, sizeof(r->date_now) - 1);
		memcpy(r->date_now, p + 1, k);
		r->date_now[k] = '\0';
	} else if (n && r->date_now[0]) {
		RepoRow *w = repo_row_named(r, p, n);
		if (w && !w->date[0]) {
			memcpy(w->date, r->date_now, sizeof(w->date));
			r->dated++;
		}
	}
}

/* At most this much of the log is taken in one step (a few ms of work). */
#define DATES_STEP_BYTES (256u << 10)

bool repo_dates_step(Repo *r, int wait_ms)
{
	if (!r->dates)
		return false;
	Buf *b = &r->dates_part;
	bool more = true;
	while (more && b->len < DATES_STEP_BYTES) {
		size_t had = b->len;
		more = vcs_stream_read(r->dates, b, DATES_STEP_BYTES, wait_ms);
		if (b->len == had)
			break; /* nothing there now */
		wait_ms = 0;
	}
	/* the complete lines; an incomplete one waits for the rest */
	size_t used = 0;
	for (const char *nl; b->len > used && (nl = memchr(b->p + used, '\n', b->len - used));) {
		date_line(r, b->p + used, (size_t)(nl - (b->p + used)));
		used = (size_t)(nl - b->p) + 1;
	}
	if (!more && used < b->len) {
		date_line(r, b->p + used, b->len - used);
		used = b->len;
	}
	if (used) {
		memmove(b->p, b->p + used, b->len - used);
		b->len -= used;
		if (b->p)
			b->p[b->len] = '\0';
	}
	if (more)
		return true;
	Err e;
	err_init(&e);
	if (!vcs_stream_close(r->dates, &e))
		dates_failed(r, &e);
	r->dates = NULL;
	buf_release(b);
	if (r->sort == RS_DATE)
		repo_apply(r);
	return false;
}

void repo_dates_wait(Repo *r)
{
	while (repo_dates_step(r, 100))
		;
}

void repo_row_date(Repo *r, RepoRow *w)
{
	if (r->dates)
		return; /* the log being read gives it */
	char *spec = xasprintf(":(literal)%s", w->name);
	const char *argv[] = {"log", "-1", "--format=%cs", "--", spec, NULL};
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	if (vcs_git(r->dir, argv, &out, NULL, &e) && out.len >= 10) {
		if (!w->date[0])
			r->dated++;
		memcpy(w->date, out.p, 10);
		w->date[10] = '\0';
	}
	buf_release(&out);
	free(spec);
}

int repo_idle_wait_ms(const Repo *r)
{
	return r->to_fill || r->deferred ? 0 : r->dates ? 20 : -1;
}

bool repo_idle(Repo *r)
{
	bool changed = false;
	if (r->dates) {
		repo_dates_step(r, 0);
		changed = true;
	}
	if (r->deferred) { /* drawn first: "reading the repository's words" */
		repo_prepare(r);
		changed = true;
	} else if (r->to_fill) {
		repo_fill_step(r, 1);
		changed = true;
	}
	return changed;
}
