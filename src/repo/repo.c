/* The repository view's model (include/yeok/repo.h). */
#include "repo-private.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yeok/check.h"
#include "yeok/pair.h"
#include "yeok/source.h"
#include "yeok/vcs.h"

/* ---- one file ------------------------------------------------------------- */

bool repo_sidecar_load(const char *doc, Sidecar *sc, char **sc_path, Err *e)
{
	struct stat st;
	if (stat(doc, &st) != 0)
		return err_set(e, EXIT_NOINPUT, "%s: cannot open: %s", doc, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return err_set(e, EXIT_NOINPUT, "%s: not a regular file", doc);
	char *path = sidecar_path(doc);
	bool corrupt = false;
	bool ok = sidecar_load(path, sc, &corrupt, e);
	if (!ok && corrupt && e) {
		char *msg = xstrdup(e->msg);
		err_set(e, EXIT_DATAERR, "%s (corrupt sidecar: fix it by hand, or open the document "
		        "in yeok, which sets it aside as %s%s)", msg, path_basename(path),
		        SIDECAR_BAD_SUFFIX);
		free(msg);
	}
	if (ok && sc_path)
		*sc_path = path;
	else
		free(path);
	return ok;
}

/* A pathspec for the files below rel (a folder of the work tree, "" or
 * ending in '/') whose names end in ext, glob characters of rel escaped. */
static char *below_spec(const char *rel, const char *ext)
{
	Buf b = BUF_INIT;
	buf_adds(&b, ":(glob)");
	for (const char *p = rel; *p; p++) {
		if (strchr("*?[]\\", *p))
			buf_addc(&b, '\\');
		buf_addc(&b, *p);
	}
	buf_addf(&b, "**/*%s", ext);
	return buf_detach(&b);
}

SourceHistory *repo_history_open(const char *dir)
{
	Err e;
	err_init(&e);
	char *top = NULL, *rel = NULL;
	SourceHistory *h = NULL;
	if (vcs_toplevel(dir, &top, &e) && vcs_relpath(dir, &rel, &e)) {
		char *rst = below_spec(rel, ".rst"), *py = below_spec(rel, ".py");
		char *md = below_spec(rel, ".md");
		const char *specs[] = {rst, py, md, NULL};
		if (!source_history_open(top, specs, &h, &e))
			h = NULL;
		free(rst);
		free(py);
		free(md);
	}
	free(rel);
	free(top);
	return h;
}

bool repo_file_progress(const char *doc, const Sidecar *sc, SourceHistory *hist,
                        ProgressCount *c, const char **from, Context *ctx, size_t *findings,
                        RepoEnglish *en, Err *e)
{
	/* the sidecar's record, else the English from the git history; none:
	 * the document's own prose blocks are counted */
	SourceOpts opts = {.history = true, .self_fallback = false};
	DocPair p;
	pair_init(&p);
	if (!pair_build_in(&p, hist, doc, NULL, 0, &opts, sc, e))
		return false;
	bool have = pair_has_source(&p);
	if (have) {
		Progress pg;
		progress_init(&pg);
		progress_apply(sc, p.src_lines, p.sb, p.tgt, p.tb, &p.al, &pg);
		progress_count(&p.al, c);
		progress_release(&pg);
	} else {
		progress_count_self(p.tgt, p.tb, c);
	}
	if (findings) { /* check's findings: the context's checks, rules, words */
		FindingVec v = {0};
		if (ctx)
			context_check_pair(ctx, &p, sc, context_spell(ctx, doc, true), &v);
		*findings = context_problems(&v);
		findings_clear(&v);
		VEC_FREE(&v);
	}
	if (from)
		*from = have ? "source" : "self";
	if (en) {
		memset(en, 0, sizeof(*en));
		snprintf(en->origin, sizeof(en->origin), "%s", source_origin_name(p.src.origin));
		snprintf(en->what, sizeof(en->what), "%s",
		         p.stale.stale ? p.stale.what : p.src.desc ? p.src.desc : "");
		en->stale = p.stale.stale;
		en->differ = p.stale.stale ? p.stale.differ : 0;
		en->behind = p.src.behind;
	}
	pair_release(&p);
	return true;
}

/* ---- the walk ------------------------------------------------------------- */

bool repo_is_tutorial(const char *path)
{
	size_t n = strlen(path);
	if ((n > 4 && !strcmp(path + n - 4, ".rst")) || (n > 3 && !strcmp(path + n - 3, ".py")))
		return true;
	return host_format_of_path(path) == HOST_MD && source_in_tree(path);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A document that is a symbolic link is listed only when its target stays
 * in the link's work tree (path_link_leaves_tree; outside every work tree:
 * in the folder listed): a tracked link to a file elsewhere is never
 * opened from the list, nor saved through. */
static const char *walk_root; /* the real path of the folder listed */
static bool link_stays(const char *p)
{
	struct stat st;
	if (lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
		return true;
	Err e;
	err_init(&e);
	if (path_link_leaves_tree(p, &e))
		return false;
	char *top = path_worktree_top(p);
	bool in = top || (walk_root && path_real_inside(walk_root, p));
	free(top);
	return in;
}

/* What the walk could not read (repo_walk's problems and status). */
typedef struct Unread {
	Buf *lines; /* may be NULL */
	int code;
} Unread;

static void unread(Unread *u, const char *path, const char *what, int err)
{
	int code = err == EIO ? EXIT_IOERR : EXIT_NOINPUT;
	u->code = MAX(u->code, code);
	if (u->lines)
		buf_addf(u->lines, "%s: %s: %s\n", path, what, strerror(err));
}

/* rel: dir below the folder walked ("" at the start).  A built site
 * (source_is_site_marker) has no tutorial in it. */
static void walk(const char *dir, const char *rel, int depth, RepoPaths *out, Unread *u)
{
	if (depth > 64) {
		unread(u, dir, "not read (folders nested more than 64 deep)", ELOOP);
		return;
	}
	DIR *d = opendir(dir);
	if (!d) {
		unread(u, dir, "cannot read", errno);
		return;
	}
	RepoPaths names = {0};
	struct dirent *ent;
	errno = 0;
	bool site = false;
	while ((ent = readdir(d)) != NULL) {
		site = site || source_is_site_marker(ent->d_name);
		if (ent->d_name[0] != '.') /* ., .., .git, hidden folders */
			VEC_PUSH(&names, xstrdup(ent->d_name));
		errno = 0;
	}
	if (errno)
		unread(u, dir, "cannot read", errno);
	closedir(d);
	if (names.n && !site)
		qsort(names.v, names.n, sizeof(*names.v), cmp_str);
	for (size_t i = 0; i < names.n && !site; i++) {
		char *p = path_join(dir, names.v[i]);
		char *r = rel[0] ? xasprintf("%s/%s", rel, names.v[i]) : xstrdup(names.v[i]);
		struct stat st;
		bool tut = repo_is_tutorial(p) && !source_excluded(r);
		if (lstat(p, &st) != 0) {
			/* a folder listed whose entries cannot be looked at (no x) */
			unread(u, p, "cannot read", errno);
			free(p);
		} else if (S_ISDIR(st.st_mode)) {
			char *as_dir = xasprintf("%s/x", r);
			if (!source_excluded(as_dir))
				walk(p, r, depth + 1, out, u);
			free(as_dir);
			free(p);
		} else if (tut && stat(p, &st) != 0 && !S_ISLNK(st.st_mode)) {
			unread(u, p, "cannot read", errno);
			free(p);
		} else if (tut && S_ISREG(st.st_mode) && link_stays(p)) {
			VEC_PUSH(out, p);
		} else {
			free(p); /* not a tutorial, a dangling link, a link leading out */
		}
		free(r);
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	VEC_FREE(&names);
}

int repo_walk(const char *dir, RepoPaths *out, Buf *problems)
{
	char *root = realpath(dir, NULL);
	walk_root = root;
	Unread u = {problems, 0};
	walk(dir, "", 0, out, &u);
	walk_root = NULL;
	free(root);
	return u.code;
}

/* ---- rows ------------------------------------------------------------------ */

void repo_init(Repo *r)
{
	memset(r, 0, sizeof(*r));
}

static void row_clear_counts(RepoRow *w)
{
	free(w->checklist);
	free(w->error);
	w->checklist = w->error = NULL;
	memset(&w->c, 0, sizeof(w->c));
	w->filled = false;
	w->self = w->has_sidecar = false;
	w->findings = 0;
	w->stale_en = false;
	w->behind = -1;
}

void repo_release(Repo *r)
{
	for (size_t i = 0; i < r->rows.n; i++) {
		row_clear_counts(&r->rows.v[i]);
		free(r->rows.v[i].path);
	}
	VEC_FREE(&r->rows);
	free(r->shown);
	free(r->dir);
	buf_release(&r->unread);
	free(r->cache_path);
	source_history_close(r->hist);
	repo_dates_stop(r);
	free(r->by_name);
	memset(r, 0, sizeof(*r));
}

static long long mtime_ns(const struct stat *st)
{
	return (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
}

/* The row's cache key, as the files are now. */
static void row_stat(RepoRow *w)
{
	struct stat st;
	w->size = w->mtime = w->sc_size = w->sc_mtime = -1;
	if (stat(w->path, &st) == 0) {
		w->size = (long long)st.st_size;
		w->mtime = mtime_ns(&st);
	}
	char *scp = sidecar_path(w->path);
	if (stat(scp, &st) == 0) {
		w->sc_size = (long long)st.st_size;
		w->sc_mtime = mtime_ns(&st);
	}
	free(scp);
}

static void row_fill(Repo *r, RepoRow *w)
{
	if (!r->hist_read) {
		r->hist = repo_history_open(r->dir);
		r->hist_read = true;
	}
	row_clear_counts(w);
	row_stat(w);
	Sidecar sc;
	sidecar_init(&sc);
	Err e;
	err_init(&e);
	const char *from = NULL;
	RepoEnglish en;
	w->has_sidecar = w->sc_size >= 0;
	if (!repo_sidecar_load(w->path, &sc, NULL, &e) ||
	    !repo_file_progress(w->path, &sc, r->hist, &w->c, &from, r->ctx, &w->findings, &en, &e)) {
		w->error = xstrdup(e.msg);
	} else {
		w->stale_en = en.stale;
		w->behind = en.behind;
		w->self = from && !strcmp(from, "self");
		Buf b = BUF_INIT;
		if (w->has_sidecar)
			sidecar_checklist_text(&sc.checklist, &b);
		else
			buf_adds(&b, "-");
		w->checklist = buf_detach(&b);
	}
	sidecar_release(&sc);
	w->filled = true;
}

/* ---- the cache ------------------------------------------------------------- */

/* The cache file for dir (realpath's hash under $XDG_CACHE_HOME/yeok, or
 * ~/.cache/yeok); caller frees; NULL without a home. */
static char *repo_cache_path(const char *dir)
{
	char real[PATH_MAX];
	if (!realpath(dir, real))
		return NULL;
	const char *cache = getenv("XDG_CACHE_HOME");
	char *base;
	if (cache && cache[0] == '/') {
		base = path_join(cache, "yeok");
	} else {
		const char *home = getenv("HOME");
		if (!home || home[0] != '/')
			return NULL;
		base = path_join(home, ".cache/yeok");
	}
	char name[64];
	snprintf(name, sizeof(name), "repo-%016llx.tsv",
	         (unsigned long long)hash_fnv1a(real, strlen(real)));
	char *p = path_join(base, name);
	free(base);
	return p;
}

static const char CACHE_HEAD[] = "yeok-repo-cache 3\n";

/* The cache's second line: what the findings were counted with. */
static void cache_context(const Repo *r, Buf *out)
{
	buf_addf(out, "context %016llx\n", r->ctx ? (unsigned long long)context_fingerprint(r->ctx) : 0ull);
}

static bool mkdirs(const char *dir)
{
	char *d = xstrdup(dir);
	for (char *p = d + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(d, 0755) != 0 && errno != EEXIST) {
			free(d);
			return false;
		}
		*p = '/';
	}
	bool ok = mkdir(d, 0755) == 0 || errno == EEXIST;
	free(d);
	return ok;
}

/* Write the filled rows to the cache (atomically).  False with e. */
static bool repo_save_cache(const Repo *r, Err *e)
{
	if (!r->cache_path)
		return true;
	Buf b = BUF_INIT;
	buf_adds(&b, CACHE_HEAD);
	cache_context(r, &b);
	for (size_t i = 0; i < r->rows.n; i++) {
		const RepoRow *w = &r->rows.v[i];
		if (!w->filled || w->error || strchr(w->name, '\t') || strchr(w->name, '\n') ||
		    strchr(w->checklist, '\t') || strchr(w->checklist, '\n'))
			continue;
		buf_addf(&b, "%s\t%lld\t%lld\t%lld\t%lld\t%zu\t%zu\t%zu\t%zu\t%zu\t%zu\t%d\t%zu\t%d\t%ld\t%s\n",
		         w->name, w->size, w->mtime, w->sc_size, w->sc_mtime, w->c.total,
		         w->c.untranslated, w->c.draft, w->c.done, w->c.reviewed, w->c.stale, w->self,
		         w->findings, w->stale_en, w->behind, w->checklist);
	}
	char *dir = path_dirname(r->cache_path);
	bool ok = mkdirs(dir);
	free(dir);
	if (!ok)
		ok = err_set(e, EXIT_IOERR, "%s: cannot create its folder: %s", r->cache_path,
		             strerror(errno));
	else
		ok = file_write_atomic(r->cache_path, b.p, b.len, e);
	buf_release(&b);
	return ok;
}

/* A cached line whose key matches its row fills the row. */
static void cache_line(Repo *r, char *line)
{
	char *f[16]; /* name, 4 key fields, 6 counts, self, findings, stale English,
	                behind, checklist */
	size_t n = 0;
	for (char *p = line; n < 16;) {
		f[n++] = p;
		char *t = strchr(p, '\t');
		if (!t)
			break;
		*t = '\0';
		p = t + 1;
	}
	if (n != 16)
		return;
	RepoRow *w = repo_row_named(r, f[0], strlen(f[0]));
	if (!w || w->filled)
		return;
	long long k[4];
	size_t c[7];
	for (int i = 0; i < 4; i++)
		k[i] = strtoll(f[1 + i], NULL, 10);
	for (int i = 0; i < 7; i++)
		c[i] = (size_t)strtoull(f[5 + i], NULL, 10);
	row_stat(w);
	if (k[0] != w->size || k[1] != w->mtime || k[2] != w->sc_size || k[3] != w->sc_mtime)
		return;
	w->c = (ProgressCount){c[0], c[1], c[2], c[3], c[4], c[5]};
	w->self = c[6] != 0;
	w->has_sidecar = w->sc_size >= 0;
	w->findings = (size_t)strtoull(f[12], NULL, 10);
	w->stale_en = f[13][0] == '1';
	w->behind = strtol(f[14], NULL, 10);
	w->checklist = xstrdup(f[15]);
	w->filled = true;
	r->from_cache++;
}

static void read_cache(Repo *r)
{
	if (!r->cache_path)
		return;
	struct stat st;
	if (lstat(r->cache_path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (64 << 20))
		return;
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	if (!file_read(r->cache_path, &b, &e) || b.len < sizeof(CACHE_HEAD) - 1 ||
	    memcmp(b.p, CACHE_HEAD, sizeof(CACHE_HEAD) - 1) != 0) {
		buf_release(&b);
		return;
	}
	buf_addc(&b, '\0');
	char *p = b.p + sizeof(CACHE_HEAD) - 1;
	Buf want = BUF_INIT;
	cache_context(r, &want);
	bool same = !strncmp(p, want.p, want.len);
	p += same ? want.len : strlen(p);
	buf_release(&want);
	while (*p) {
		char *nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = '\0';
		cache_line(r, p);
		p = nl + 1;
	}
	buf_release(&b);
}

/* ---- the view --------------------------------------------------------------- */

bool repo_open(Repo *r, const char *dir, Err *e)
{
	struct stat st;
	if (stat(dir, &st) != 0)
		return err_set(e, EXIT_NOINPUT, "%s: cannot open: %s", dir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return err_set(e, EXIT_NOINPUT, "%s: not a folder", dir);
	if (access(dir, R_OK | X_OK) != 0)
		return err_set(e, errno == EIO ? EXIT_IOERR : EXIT_NOINPUT, "%s: cannot read: %s", dir,
		               strerror(errno));
	/* what the caller set stays: the context (it was dropped here, so the
	 * view counted no findings) and whether the rest is deferred */
	Context *ctx = r->ctx;
	bool deferred = r->deferred;
	repo_release(r);
	r->ctx = ctx;
	r->deferred = deferred;
	r->dir = xstrdup(dir);
	RepoPaths paths = {0};
	repo_walk(dir, &paths, &r->unread);
	for (const char *p = r->unread.p; p && *p; p = strchr(p, '\n') + 1)
		r->n_unread++;
	if (r->n_unread) {
		size_t first = (size_t)(strchr(r->unread.p, '\n') - r->unread.p);
		shell_msg(&r->shell, false, "Not listed: %.*s", (int)MIN(first, 900), r->unread.p);
		if (r->n_unread > 1)
			snprintf(r->shell.msg.text + strlen(r->shell.msg.text), sizeof(r->shell.msg.text) - strlen(r->shell.msg.text),
			         " (and %zu more)", r->n_unread - 1);
	}
	size_t dn = strlen(dir);
	for (size_t i = 0; i < paths.n; i++) {
		RepoRow w;
		memset(&w, 0, sizeof(w));
		w.path = paths.v[i];
		w.name = w.path;
		if (!strncmp(w.path, dir, dn) && w.path[dn] == '/')
			w.name = w.path + dn + 1;
		VEC_PUSH(&r->rows, w);
	}
	VEC_FREE(&paths);
	repo_index_build(r);
	repo_dates_start(r); /* read in idle time: the list is shown at once */
	r->cache_path = repo_cache_path(dir);
	r->to_fill = r->rows.n;
	if (!r->deferred)
		read_cache(r);
	r->to_fill = 0;
	for (size_t i = 0; i < r->rows.n; i++)
		r->to_fill += !r->rows.v[i].filled;
	repo_apply(r);
	return true;
}

void repo_prepare(Repo *r)
{
	if (!r->deferred)
		return;
	r->deferred = false;
	Err e;
	err_init(&e);
	if (r->ctx && !context_load_repo(r->ctx, r->dir, &e)) {
		size_t n = strlen(r->shell.msg.text); /* after the walk's problem */
		snprintf(r->shell.msg.text + n, sizeof(r->shell.msg.text) - n, "%sRepository words: %.200s", n ? " · " : "",
		         e.msg);
	}
	read_cache(r);
	r->to_fill = 0;
	for (size_t i = 0; i < r->rows.n; i++)
		r->to_fill += !r->rows.v[i].filled;
	repo_apply(r);
}

/* Close the history: no git process stays behind a counted list, and the
 * next fill reads the history as it is then. */
static void hist_drop(Repo *r)
{
	source_history_close(r->hist);
	r->hist = NULL;
	r->hist_read = false;
}

size_t repo_fill_step(Repo *r, size_t max)
{
	repo_prepare(r);
	size_t done = 0;
	/* the rows on screen first, then the rest in order: each step looks at
	 * a screenful and goes on where the last one stopped (linear in all) */
	size_t screen = MIN(r->n_shown, r->page ? r->page : 64);
	for (size_t pass = 0; pass < 2 && done < max && r->to_fill; pass++) {
		size_t n = pass == 0 ? screen : r->rows.n;
		for (size_t k = pass == 0 ? 0 : r->fill_next; k < n && done < max; k++) {
			size_t i = pass == 0 ? r->shown[(r->top + k) % r->n_shown] : k;
			RepoRow *w = &r->rows.v[i];
			if (pass == 1)
				r->fill_next = k;
			if (w->filled)
				continue;
			row_fill(r, w);
			r->to_fill--;
			done++;
		}
	}
	if (done && !r->to_fill) {
		hist_drop(r);
		repo_apply(r);
		Err e;
		err_init(&e);
		if (!repo_save_cache(r, &e))
			shell_msg(&r->shell, false, "The list's cache was not written: %s", e.msg);
	}
	return r->to_fill;
}

void repo_refresh(Repo *r, size_t row)
{
	BUG_ON(row >= r->rows.n);
	repo_prepare(r);
	RepoRow *w = &r->rows.v[row];
	if (!w->filled)
		r->to_fill--;
	/* the history may have moved on meanwhile: read it again */
	hist_drop(r);
	row_fill(r, w);
	if (!r->to_fill)
		hist_drop(r);
	repo_row_date(r, w);
	repo_apply(r);
	Err e;
	err_init(&e);
	if (!r->to_fill && !repo_save_cache(r, &e))
		shell_msg(&r->shell, false, "The list's cache was not written: %s", e.msg);
}

static bool all_done(const RepoRow *w)
{
	return w->c.done + w->c.reviewed == w->c.total;
}

static bool passes(const Repo *r, const RepoRow *w)
{
	if (r->text[0] && !strstr(w->name, r->text))
		return false;
	if (r->filter == RF_ALL)
		return true;
	if (!w->filled || w->error)
		return false;
	bool untr = w->c.total && w->c.untranslated == w->c.total;
	switch (r->filter) {
	case RF_UNTRANSLATED: return untr;
	case RF_DONE: return all_done(w);
	case RF_PROGRESS: return !untr && !all_done(w);
	default: return true;
	}
}

static const Repo *sort_repo; /* qsort has no context argument */

static int cmp_rows(const void *a, const void *b)
{
	const RepoRow *x = &sort_repo->rows.v[*(const size_t *)a];
	const RepoRow *y = &sort_repo->rows.v[*(const size_t *)b];
	int c = 0;
	if (sort_repo->sort == RS_PERCENT) {
		double px = x->filled ? progress_percent(&x->c) : 200.0;
		double py = y->filled ? progress_percent(&y->c) : 200.0;
		c = px < py ? -1 : px > py;
	} else if (sort_repo->sort == RS_DATE) {
		c = -strcmp(x->date, y->date); /* newest first */
	}
	return c ? c : strcmp(x->name, y->name);
}

void repo_apply(Repo *r)
{
	size_t keep = SIZE_MAX;
	if (r->sel < r->n_shown)
		keep = r->shown[r->sel];
	r->shown = xrealloc(r->shown, (r->rows.n ? r->rows.n : 1) * sizeof(size_t));
	r->n_shown = 0;
	for (size_t i = 0; i < r->rows.n; i++)
		if (passes(r, &r->rows.v[i]))
			r->shown[r->n_shown++] = i;
	sort_repo = r;
	if (r->n_shown)
		qsort(r->shown, r->n_shown, sizeof(size_t), cmp_rows);
	sort_repo = NULL;
	r->sel = 0;
	for (size_t k = 0; k < r->n_shown; k++)
		if (r->shown[k] == keep)
			r->sel = k;
	if (r->top > r->sel)
		r->top = r->sel;
}

const RepoRow *repo_selected(const Repo *r, size_t *row)
{
	if (r->sel >= r->n_shown)
		return NULL;
	if (row)
		*row = r->shown[r->sel];
	return &r->rows.v[r->shown[r->sel]];
}

void repo_move(Repo *r, long delta)
{
	if (!r->n_shown)
		return;
	long s = (long)r->sel + delta;
	if (s < 0)
		s = 0;
	if (s >= (long)r->n_shown)
		s = (long)r->n_shown - 1;
	r->sel = (size_t)s;
}

const char *repo_filter_name(RepoFilter f)
{
	static const char *const names[RF_COUNT] = {"all", "untranslated", "in progress", "done"};
	return f < RF_COUNT ? names[f] : "?";
}

const char *repo_sort_name(RepoSort s)
{
	static const char *const names[RS_COUNT] = {"path", "% translated", "last commit"};
	return s < RS_COUNT ? names[s] : "?";
}

bool repo_check(const Repo *r, Err *e)
{
	if (r->n_shown > r->rows.n)
		return err_set(e, EXIT_DATAERR, "repo: %zu shown of %zu rows", r->n_shown, r->rows.n);
	if (r->n_shown && r->sel >= r->n_shown)
		return err_set(e, EXIT_DATAERR, "repo: selection %zu of %zu", r->sel, r->n_shown);
	size_t unfilled = 0;
	for (size_t i = 0; i < r->rows.n; i++)
		unfilled += !r->rows.v[i].filled;
	if (unfilled != r->to_fill)
		return err_set(e, EXIT_DATAERR, "repo: %zu rows to fill, %zu not filled", r->to_fill,
		               unfilled);
	bool *seen = xcalloc(r->rows.n + 1, 1);
	for (size_t k = 0; k < r->n_shown; k++) {
		if (r->shown[k] >= r->rows.n || seen[r->shown[k]]) {
			free(seen);
			return err_set(e, EXIT_DATAERR, "repo: shown entry %zu is wrong", k);
		}
		seen[r->shown[k]] = true;
	}
	free(seen);
	return true;
}
