/* tm_build and tm_update: the repository's files into the memory (see
 * include/yeok/tm.h for what is read and kept). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tm-private.h"
#include "yeok/host.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"
#include "yeok/source.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

static const char *const tutorial_specs[] = {"*.rst", "*.py", "*.md", NULL};

typedef VEC(char *) StrVec;

static bool is_tutorial(const char *path)
{
	size_t n = strlen(path);
	return (n > 4 && !strcmp(path + n - 4, ".rst")) || (n > 3 && !strcmp(path + n - 3, ".py")) ||
	       (host_format_of_path(path) == HOST_MD && source_in_tree(path));
}

/* The folders of a built site in tree (source_is_site_marker): nothing
 * under them is a tutorial. */
static void site_dirs(const VcsTree *t, StrVec *out)
{
	for (size_t i = 0; i < t->n; i++) {
		const char *slash = strrchr(t->v[i].path, '/');
		if (source_is_site_marker(slash ? slash + 1 : t->v[i].path))
			VEC_PUSH(out, slash ? xmemdup0(t->v[i].path, (size_t)(slash - t->v[i].path + 1))
			                    : xstrdup(""));
	}
}

/* Build output, not a tutorial: the exclusion patterns (config.yaml
 * `tm.exclude`, source_excluded), or a file of a built site. */
static bool build_output(const StrVec *sites, const char *path)
{
	for (size_t i = 0; i < sites->n; i++)
		if (!strncmp(path, sites->v[i], strlen(sites->v[i])))
			return true;
	return source_excluded(path);
}

static void strvec_free(StrVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i]);
	VEC_FREE(v);
}

static bool in_list(const char *const *list, const char *s)
{
	for (size_t i = 0; list && list[i]; i++)
		if (!strcmp(list[i], s))
			return true;
	return false;
}

/* ---- inserting and deleting --------------------------------------------- */

long long tm_insert(Tm *tm, const TmSegIn *s, TmWords *words, Err *e)
{
	size_t en_n = strlen(s->en);
	Buf key = BUF_INIT;
	tm_key(s->en, en_n, &key);
	TokVec toks = {0};
	tm_tokenize(s->en, en_n, &toks);
	size_t nw = tm_word_count(&toks);
	VEC_FREE(&toks);
	long long id = 0;
	sqlite3_stmt *st = tm_stmt(tm, Q_INSERT, e);
	if (st) {
		sqlite3_bind_int64(st, 1, tm_key_hash(key.p ? key.p : "", key.len));
		sqlite3_bind_text(st, 2, key.p ? key.p : "", (int)key.len, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, s->en, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 4, s->ko, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, s->file ? s->file : "", -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 6, s->line);
		sqlite3_bind_text(st, 7, s->kind ? s->kind : "", -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 8, s->commit ? s->commit : "", -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 9, s->author ? s->author : "", -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 10, s->date);
		sqlite3_bind_int64(st, 11, (sqlite3_int64)nw);
		sqlite3_bind_int(st, 12, s->origin);
		int rc = sqlite3_step(st);
		if (rc == SQLITE_DONE)
			id = sqlite3_last_insert_rowid(tm->db);
		else
			tm_sql_err(tm, rc, "insert", e);
	}
	if (id && (st = tm_stmt(tm, Q_FTS_INSERT, e))) {
		sqlite3_bind_int64(st, 1, id);
		sqlite3_bind_text(st, 2, key.p ? key.p : "", (int)key.len, SQLITE_STATIC);
		int rc = sqlite3_step(st);
		if (rc != SQLITE_DONE) {
			tm_sql_err(tm, rc, "index", e);
			id = 0;
		}
	} else {
		id = 0;
	}
	buf_release(&key);
	if (!id)
		return 0;
	if (words) {
		tm_words_add_text(words, s->en, en_n);
		return id;
	}
	TmWords *one = tm_words_new();
	tm_words_add_text(one, s->en, en_n);
	bool ok = tm_words_flush(one, tm, e);
	tm_words_free(one);
	return ok ? id : 0;
}

bool tm_delete_file(Tm *tm, const char *file, size_t *n, Err *e)
{
	*n = 0;
	sqlite3_stmt *sel = NULL, *fts = NULL, *df = NULL;
	int rc = sqlite3_prepare_v2(tm->db,
	                            "SELECT id, key, en FROM seg WHERE file = ?1 AND origin = 0",
	                            -1, &sel, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(tm->db,
		                        "INSERT INTO seg_fts(seg_fts, rowid, key) "
		                        "VALUES('delete', ?1, ?2)",
		                        -1, &fts, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(tm->db, "UPDATE words SET df = df - 1 WHERE w = ?1", -1, &df,
		                        NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(sel, 1, file, -1, SQLITE_STATIC);
		while ((rc = sqlite3_step(sel)) == SQLITE_ROW) {
			sqlite3_reset(fts);
			sqlite3_bind_int64(fts, 1, sqlite3_column_int64(sel, 0));
			sqlite3_bind_value(fts, 2, sqlite3_column_value(sel, 1));
			if ((rc = sqlite3_step(fts)) != SQLITE_DONE)
				break;
			const char *en = (const char *)sqlite3_column_text(sel, 2);
			size_t k = 0;
			char **w = tm_words_of(en ? en : "", en ? strlen(en) : 0, &k);
			for (size_t i = 0; i < k && rc != SQLITE_ERROR; i++) {
				sqlite3_reset(df);
				sqlite3_bind_text(df, 1, w[i], -1, SQLITE_STATIC);
				rc = sqlite3_step(df) == SQLITE_DONE ? SQLITE_ROW : SQLITE_ERROR;
			}
			tm_strv_free(w, k);
			if (rc == SQLITE_ERROR)
				break;
			(*n)++;
		}
		if (rc == SQLITE_DONE)
			rc = SQLITE_OK;
	}
	sqlite3_finalize(sel);
	sqlite3_finalize(fts);
	sqlite3_finalize(df);
	if (rc != SQLITE_OK)
		return tm_sql_err(tm, rc, "delete", e);
	sqlite3_stmt *del = NULL;
	rc = sqlite3_prepare_v2(tm->db, "DELETE FROM seg WHERE file = ?1 AND origin = 0", -1, &del,
	                        NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(del, 1, file, -1, SQLITE_STATIC);
		rc = sqlite3_step(del) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	}
	sqlite3_finalize(del);
	return rc == SQLITE_OK || tm_sql_err(tm, rc, "delete", e);
}

/* ---- reading one file ----------------------------------------------------- */

typedef struct Ctx {
	const char *top;
	SourceHistory *h;
	Tm *tm;
	TmWords *words; /* build: counted in memory; update: NULL */
	TmStats *st;
} Ctx;

/* The sidecar's record of the document (a regular sidecar inside the
 * work tree whose file or snapshot record stays inside it too) into sc
 * and r; false when there is none to use. */
static bool sidecar_record(const char *doc, Sidecar *sc, SourceRecord *r)
{
	char *scp = sidecar_path(doc);
	struct stat st;
	bool got = false;
	Err e;
	err_init(&e);
	if (lstat(scp, &st) == 0 && S_ISREG(st.st_mode) && /* sidecar_load bounds its size */
	    sidecar_load(scp, sc, NULL, &e) && source_record_from_sidecar(&sc->source, r)) {
		const char *p = r->git || r->upstream ? NULL : r->file ? r->file : r->snapshot;
		got = !p || (p[0] != '/' && strncmp(p, "../", 3) && !strstr(p, "/../"));
	}
	free(scp);
	return got;
}

/* The English of repository path rel through the one source resolution
 * (source_resolve_in: the sidecar's record, the English tree, the upstream
 * English, the newest English of history through c->h), into en; *found
 * false when there is none (or it is over TM_MAX_FILE_BYTES).  en_id gets
 * the commit of an English of the file's own history, else "".  A record
 * that cannot be read is passed over (the English found without it);
 * only git failing is an error. */
static bool english_of(Ctx *c, const char *rel, Buf *en, char en_id[41], bool *found, Err *e)
{
	*found = false;
	en_id[0] = '\0';
	char *doc = path_join(c->top, rel);
	Sidecar sc;
	sidecar_init(&sc);
	SourceRecord r;
	bool have = sidecar_record(doc, &sc, &r);
	Source src;
	source_init(&src);
	Err why;
	err_init(&why);
	SourceOpts so = {.recorded = have ? &r : NULL, .history = true};
	bool ok = source_resolve_in(doc, &so, c->h, &src, &why);
	if (!ok && have && why.code != EXIT_IOERR) {
		so.recorded = NULL;
		err_init(&why);
		ok = source_resolve_in(doc, &so, c->h, &src, &why);
	}
	if (!ok && why.code == EXIT_IOERR) {
		err_set(e, why.code, "%s", why.msg);
	} else if (ok && src.origin != SOURCE_NONE && src.text.len <= TM_MAX_FILE_BYTES) {
		buf_clear(en);
		buf_add(en, src.text.p ? src.text.p : "", src.text.len);
		*found = true;
		if ((src.origin == SOURCE_HISTORY || (src.origin == SOURCE_SIDECAR && r.git)) &&
		    src.rev && strlen(src.rev) == 40)
			memcpy(en_id, src.rev, 41);
	}
	ok = ok || why.code != EXIT_IOERR;
	source_release(&src);
	sidecar_release(&sc);
	free(doc);
	return ok;
}

/* ---- which commit wrote a segment's Korean ------------------------------- */

#define MAX_VERSIONS 32

typedef struct Version {
	size_t commit; /* index into the log's commits */
	Buf text;
} Version;

/* The versions of rel newer than its English one (en_id; "" when the
 * English came from elsewhere), newest first, at most MAX_VERSIONS. */
static size_t korean_versions(Ctx *c, const char *rel, const char *en_id, Version *v, Err *e,
                              bool *ok)
{
	size_t n = 0;
	const VcsLog *log = source_history_log(c->h);
	for (size_t k = 0; *ok && n < MAX_VERSIONS; k++) {
		const VcsChange *ch = source_history_change(c->h, rel, k);
		if (!ch || !strcmp(log->commits.v[ch->commit].id, en_id))
			break;
		if (ch->mode != 0100644 && ch->mode != 0100755)
			break; /* deleted or not a file: older versions are another life */
		bool got = false;
		buf_init(&v[n].text);
		*ok = source_history_read(c->h, ch->blob, TM_MAX_FILE_BYTES, &v[n].text, &got, e);
		if (!got) {
			buf_release(&v[n].text);
			break;
		}
		v[n++].commit = ch->commit;
	}
	return n;
}

/* Does text hold every non-blank line of ko (trimmed)? */
static bool holds_lines(const Buf *text, const char *ko)
{
	for (const char *p = ko; *p;) {
		const char *nl = strchr(p, '\n');
		Str line = str_trim((Str){p, nl ? (size_t)(nl - p) : strlen(p)});
		if (line.n && str_find(buf_str(text), line) < 0)
			return false;
		p = nl ? nl + 1 : p + strlen(p);
	}
	return true;
}

/* The commit that gave the segment its Korean: the oldest of the newest
 * versions that all hold its lines (a blame of the segment). */
static size_t origin_of(const Version *v, size_t n, const char *ko, size_t fallback)
{
	size_t k = 0;
	while (k < n && holds_lines(&v[k].text, ko))
		k++;
	return k ? v[k - 1].commit : fallback;
}

/* Read, align and insert one file of HEAD's tree. */
static bool process_file(Ctx *c, const VcsTreeEntry *t, Err *e)
{
	if ((t->mode != 0100644 && t->mode != 0100755) || t->size > TM_MAX_FILE_BYTES ||
	    !tm_text_storable(t->path, strlen(t->path))) {
		c->st->skipped++;
		return true;
	}
	Buf ko = BUF_INIT, en = BUF_INIT;
	bool found = false, ok = true;
	char en_id[41] = "";
	ok = source_history_read(c->h, t->blob, TM_MAX_FILE_BYTES, &ko, &found, e);
	if (ok && found && text_is_english(ko.p ? ko.p : "", ko.len))
		found = false; /* not translated */
	if (ok && found)
		ok = english_of(c, t->path, &en, en_id, &found, e);
	TmPairVec pairs = {0};
	size_t dropped = 0;
	if (ok && found)
		found = tm_pairs(t->path, en.p ? en.p : "", en.len, ko.p ? ko.p : "", ko.len, &pairs,
		                 &dropped);
	if (ok && found) {
		long ci = source_history_last_commit(c->h, t->path);
		const VcsLog *log = source_history_log(c->h);
		Version *ver = xcalloc(MAX_VERSIONS, sizeof(Version));
		size_t nver = ci >= 0 ? korean_versions(c, t->path, en_id, ver, e, &ok) : 0;
		for (size_t i = 0; ok && i < pairs.n; i++) {
			const VcsCommit *cm =
				ci >= 0 ? &log->commits.v[origin_of(ver, nver, pairs.v[i].ko, (size_t)ci)]
				        : NULL;
			TmSegIn s = {pairs.v[i].en, pairs.v[i].ko, t->path, pairs.v[i].kind,
			             cm ? cm->id : "", cm && tm_text_storable(cm->author, strlen(cm->author))
			                                   ? cm->author
			                                   : "",
			             pairs.v[i].line, cm ? cm->time : 0, 0};
			ok = tm_insert(c->tm, &s, c->words, e) != 0;
		}
		for (size_t i = 0; i < nver; i++)
			buf_release(&ver[i].text);
		free(ver);
		c->st->files++;
		c->st->segments += pairs.n;
		c->st->dropped += dropped;
	} else if (ok) {
		c->st->skipped++;
	}
	tm_pairs_release(&pairs);
	buf_release(&ko);
	buf_release(&en);
	return ok;
}

/* ---- helpers ------------------------------------------------------------ */

static bool head_commit(const char *top, char id[41], Err *e)
{
	Buf out = BUF_INIT;
	const char *argv[] = {"rev-parse", "--verify", "--quiet", "HEAD^{commit}", NULL};
	bool ok = vcs_git(top, argv, &out, NULL, NULL) && out.len >= 40;
	if (ok) {
		memcpy(id, out.p, 40);
		id[40] = '\0';
	} else {
		err_set(e, EXIT_NOINPUT, "%s: the repository has no commits yet", top);
	}
	buf_release(&out);
	return ok;
}

static size_t count_commits(const char *top, const char *range)
{
	Buf out = BUF_INIT;
	const char *argv[] = {"rev-list", "--first-parent", "--count", "--end-of-options", range,
	                      NULL};
	long n = 0;
	if (vcs_git(top, argv, &out, NULL, NULL)) {
		while (out.len && (out.p[out.len - 1] == '\n'))
			out.p[--out.len] = '\0';
		if (!parse_long(out.p ? out.p : "", 0, LONG_MAX, &n))
			n = 0;
	}
	buf_release(&out);
	return (size_t)n;
}

/* Copy a reason into TmStats.rebuilt, cut at a character boundary. */
static void set_reason(TmStats *st, const char *why)
{
	size_t n = strnlen(why, sizeof(st->rebuilt) - 1);
	while (n > 0 && n < strlen(why) && ((unsigned char)why[n] & 0xc0) == 0x80)
		n--;
	memcpy(st->rebuilt, why, n);
	st->rebuilt[n] = '\0';
}

static char *join_lines(const char *const *list)
{
	Buf b = BUF_INIT;
	for (size_t i = 0; list && list[i]; i++) {
		buf_adds(&b, list[i]);
		buf_addc(&b, '\n');
	}
	return buf_detach(&b);
}

/* Split "a\nb\n" into a NULL-terminated list (caller frees with
 * tm_strv_free(v, n) where n is the count). */
static char **split_lines(const char *s, size_t *count)
{
	VEC(char *) v = {0};
	for (const char *p = s; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		if (n)
			VEC_PUSH(&v, xmemdup0(p, n));
		p += n + (nl != NULL);
	}
	VEC_PUSH(&v, NULL);
	*count = v.n - 1;
	return v.v;
}

static bool write_meta(Tm *tm, const char *top, const char *repo, const char *head,
                       const char *const *exclude, Err *e)
{
	char built[32];
	snprintf(built, sizeof(built), "%lld", (long long)time(NULL));
	char *ex = join_lines(exclude);
	bool ok = tm_meta_set(tm, "repo", repo, e) && tm_meta_set(tm, "head", head, e) &&
	          tm_meta_set(tm, "built", built, e) && tm_meta_set(tm, "top", top, e) &&
	          tm_meta_set(tm, "exclude", ex, e);
	free(ex);
	return ok;
}

/* Copy the imported segments of the old memory at path, if it opens. */
static bool carry_imports(Tm *to, const char *path, Err *e)
{
	Err quiet;
	err_init(&quiet);
	struct stat st;
	if (stat(path, &st) != 0)
		return true;
	Tm *old = tm_open(path, false, &quiet);
	if (!old)
		return true;
	sqlite3_stmt *sel = NULL;
	int rc = sqlite3_prepare_v2(old->db,
	                            "SELECT en, ko, file, line, kind, commit_id, author, date "
	                            "FROM seg WHERE origin = 1 ORDER BY id",
	                            -1, &sel, NULL);
	bool ok = true;
	TmWords *words = tm_words_new();
	while (rc == SQLITE_OK && ok && sqlite3_step(sel) == SQLITE_ROW) {
		const char *col[8];
		for (int i = 0; i < 8; i++) {
			col[i] = (const char *)sqlite3_column_text(sel, i);
			if (!col[i])
				col[i] = "";
		}
		TmSegIn s = {col[0], col[1], col[2], col[4], col[5], col[6],
		             (long)sqlite3_column_int64(sel, 3), sqlite3_column_int64(sel, 7), 1};
		if (tm_text_storable(s.en, strlen(s.en)) && tm_text_storable(s.ko, strlen(s.ko)))
			ok = tm_insert(to, &s, words, e) != 0;
	}
	sqlite3_finalize(sel);
	tm_close(old);
	ok = ok && tm_words_flush(words, to, e);
	tm_words_free(words);
	return ok;
}

static bool fsync_path(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC);
	if (fd < 0)
		return false;
	bool ok = fsync(fd) == 0;
	close(fd);
	return ok;
}

/* Temporary databases of builds that died (the writer lock is held, so
 * no build is writing one now). */
static void remove_stale_temps(const char *db)
{
	char *dir = path_dirname(db);
	char *prefix = xasprintf("%s.tmp.", path_basename(db));
	DIR *d = opendir(dir);
	struct dirent *de;
	while (d && (de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) != 0)
			continue;
		char *p = path_join(dir, de->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	free(prefix);
	free(dir);
}

/* The build's or update's next file: false (e says why) once o->cancel is set. */
static bool go_on(const TmBuildOpts *o, Err *e)
{
	if (o->cancel && atomic_load(o->cancel))
		return err_set(e, EXIT_IOERR, "%s: cancelled", o->db);
	return true;
}

/* The full build, with the writer lock held. */
static bool build_locked(const TmBuildOpts *o, const char *const *exclude, TmStats *st, Err *e)
{
	char repo[41], head[41];
	if (!tm_repo_id(o->top, repo, e) || !head_commit(o->top, head, e))
		return false;
	memcpy(st->head, head, 41);
	char *dir = path_dirname(o->db);
	if (!tm_mkdirs(dir, e)) {
		free(dir);
		return false;
	}
	free(dir);
	remove_stale_temps(o->db);
	char *tmp = xasprintf("%s.tmp.XXXXXX", o->db);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		bool r = err_set(e, EXIT_IOERR, "cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return r;
	}
	fchmod(fd, 0644);
	close(fd);
	SourceHistory *h = NULL;
	VcsTree tree = {0};
	Tm *tm = tm_open_flags(tmp, SQLITE_OPEN_READWRITE, false, e);
	bool ok = tm && tm_exec(tm, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
	                            "PRAGMA cache_size=-32768; BEGIN;",
	                        e);
	ok = ok && tm_schema_create(tm, e);
	ok = ok && vcs_ls_tree(o->top, head, &tree, e);
	ok = ok && source_history_open(o->top, tutorial_specs, &h, e);
	TmWords *words = tm_words_new();
	Ctx c = {o->top, h, tm, words, st};
	StrVec sites = {0};
	site_dirs(&tree, &sites);
	for (size_t i = 0; ok && i < tree.n && (ok = go_on(o, e)); i++) {
		if (!is_tutorial(tree.v[i].path) || in_list(exclude, tree.v[i].path) ||
		    build_output(&sites, tree.v[i].path))
			continue;
		ok = process_file(&c, &tree.v[i], e);
	}
	strvec_free(&sites);
	ok = ok && tm_words_flush(words, tm, e);
	tm_words_free(words);
	ok = ok && carry_imports(tm, o->db, e);
	ok = ok && write_meta(tm, o->top, repo, head, exclude, e);
	ok = ok && tm_exec(tm, "COMMIT; PRAGMA journal_mode=DELETE;", e);
	st->commits = count_commits(o->top, head);
	source_history_close(h);
	vcs_tree_release(&tree);
	tm_close(tm);
	/* what is there now is still yeok's (or nothing) */
	ok = ok && tm_may_replace(o->db, e);
	if (ok && !fsync_path(tmp, O_RDONLY))
		ok = err_set(e, EXIT_IOERR, "cannot write %s: %s", tmp, strerror(errno));
	if (ok && rename(tmp, o->db) != 0)
		ok = err_set(e, EXIT_IOERR, "cannot replace %s: %s", o->db, strerror(errno));
	if (ok) {
		char *d = path_dirname(o->db);
		fsync_path(d, O_RDONLY | O_DIRECTORY);
		free(d);
		/* a journal of the database that was replaced would not fit it */
		char *j = xasprintf("%s-journal", o->db);
		unlink(j);
		free(j);
	} else {
		unlink(tmp);
	}
	free(tmp);
	return ok;
}

/* Clear st, make the database's folder, take the writer lock (-1: e). */
static int start_writing(const TmBuildOpts *o, TmStats *st, Err *e)
{
	memset(st, 0, sizeof(*st));
	char *dir = path_dirname(o->db);
	bool ok = tm_mkdirs(dir, e);
	free(dir);
	return ok && tm_may_replace(o->db, e) ? tm_lock(o->db, e) : -1;
}

bool tm_build(const TmBuildOpts *o, TmStats *st, Err *e)
{
	int lock = start_writing(o, st, e);
	if (lock < 0)
		return false;
	bool ok = build_locked(o, o->exclude, st, e);
	st->full = true;
	tm_unlock(lock);
	return ok;
}

/* The files changed by the commits of log that are candidates. */
static void changed_paths(const VcsLog *log, const char *const *exclude, StrVec *out)
{
	for (size_t i = 0; i < log->changes.n; i++) {
		const char *p = log->changes.v[i].path;
		if (!is_tutorial(p) || in_list(exclude, p))
			continue;
		bool dup = false;
		for (size_t k = 0; k < out->n && !dup; k++)
			dup = !strcmp(out->v[k], p);
		if (!dup)
			VEC_PUSH(out, xstrdup(p));
	}
}

static bool update_locked(const TmBuildOpts *o, TmStats *st, Err *e)
{
	Err why;
	err_init(&why);
	/* the lock is held: open without taking it again */
	struct stat sb;
	Tm *tm = lstat(o->db, &sb) != 0 && errno == ENOENT
	                 ? (err_set(&why, EXIT_NOINPUT, "no memory yet"), NULL)
	                 : tm_open_flags(o->db, SQLITE_OPEN_READWRITE, true, &why);
	char repo[41], head[41];
	if (!tm_repo_id(o->top, repo, e) || !head_commit(o->top, head, e)) {
		tm_close(tm);
		return false;
	}
	char *old_head = tm ? tm_meta_get(tm, "head") : xstrdup("");
	char *old_repo = tm ? tm_meta_get(tm, "repo") : xstrdup("");
	char *old_ex = tm ? tm_meta_get(tm, "exclude") : xstrdup("");
	size_t nex = 0;
	char **stored_ex = split_lines(old_ex, &nex);
	const char *const *exclude = o->exclude ? o->exclude : (const char *const *)stored_ex;
	bool full = false;
	if (!tm) {
		full = true;
		set_reason(st, why.code == EXIT_NOINPUT ? "no memory yet" : why.msg);
	} else if (strcmp(old_repo, repo) != 0) {
		full = true;
		set_reason(st, "built for another repository");
	} else if (strlen(old_head) != 40 || !vcs_is_ancestor(o->top, old_head, head)) {
		full = true;
		set_reason(st, "history rewritten");
	}
	bool ok = true;
	if (full) {
		tm_close(tm);
		tm = NULL;
		char keep[sizeof(st->rebuilt)];
		memcpy(keep, st->rebuilt, sizeof(keep));
		ok = build_locked(o, exclude, st, e);
		memcpy(st->rebuilt, keep, sizeof(keep));
		st->full = true;
	} else if (!strcmp(old_head, head)) {
		st->up_to_date = true;
		memcpy(st->head, head, 41);
	} else {
		memcpy(st->head, head, 41);
		char *range = xasprintf("%s..%s", old_head, head);
		st->commits = count_commits(o->top, range);
		VcsLog log;
		vcs_log_init(&log);
		StrVec paths = {0};
		ok = vcs_log_changes(o->top, range, tutorial_specs, &log, e);
		if (ok)
			changed_paths(&log, exclude, &paths);
		vcs_log_release(&log);
		free(range);
		/* The history of just these files, in one pass. */
		StrVec specs = {0};
		for (size_t i = 0; i < paths.n; i++)
			VEC_PUSH(&specs, xasprintf(":(literal)%s", paths.v[i]));
		VEC_PUSH(&specs, NULL);
		SourceHistory *h = NULL;
		VcsTree tree = {0};
		if (ok && paths.n)
			ok = vcs_ls_tree(o->top, head, &tree, e) &&
			     source_history_open(o->top, (const char *const *)specs.v, &h, e);
		ok = ok && tm_exec(tm, "BEGIN IMMEDIATE;", e);
		Ctx c = {o->top, h, tm, NULL, st};
		StrVec sites = {0};
		site_dirs(&tree, &sites);
		for (size_t i = 0; ok && i < paths.n && (ok = go_on(o, e)); i++) {
			size_t removed = 0;
			ok = tm_delete_file(tm, paths.v[i], &removed, e);
			st->removed += removed;
			for (size_t k = 0; ok && k < tree.n; k++)
				if (!strcmp(tree.v[k].path, paths.v[i]) && !build_output(&sites, paths.v[i]))
					ok = process_file(&c, &tree.v[k], e);
		}
		strvec_free(&sites);
		ok = ok && tm_exec(tm, "DELETE FROM words WHERE df <= 0;", e);
		ok = ok && write_meta(tm, o->top, repo, head, exclude, e);
		if (ok)
			ok = tm_exec(tm, "COMMIT;", e);
		else
			tm_exec(tm, "ROLLBACK;", NULL);
		source_history_close(h);
		vcs_tree_release(&tree);
		for (size_t i = 0; i < paths.n; i++)
			free(paths.v[i]);
		VEC_FREE(&paths);
		for (size_t i = 0; i < specs.n; i++)
			free(specs.v[i]);
		VEC_FREE(&specs);
	}
	tm_strv_free(stored_ex, nex);
	free(old_ex);
	free(old_head);
	free(old_repo);
	tm_close(tm);
	return ok;
}

bool tm_update(const TmBuildOpts *o, TmStats *st, Err *e)
{
	int lock = start_writing(o, st, e);
	if (lock < 0)
		return false;
	bool ok = update_locked(o, st, e);
	/* A memory that broke while it was read is built again, once. */
	if (!ok && e && e->code == EXIT_DATAERR && !st->full) {
		set_reason(st, e->msg);
		err_init(e);
		TmStats keep = *st;
		ok = build_locked(o, o->exclude, st, e);
		memcpy(st->rebuilt, keep.rebuilt, sizeof(st->rebuilt));
		st->full = true;
	}
	tm_unlock(lock);
	return ok;
}
