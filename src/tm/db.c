/* The SQLite connection: open, schema, meta, statements, the writer lock,
 * where the memory lives (see include/yeok/tm.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tm-private.h"
#include "yeok/vcs.h"

bool tm_sql_err(Tm *tm, int rc, const char *what, Err *e)
{
	int prim = rc & 0xff;
	int code = (prim == SQLITE_CORRUPT || prim == SQLITE_NOTADB || prim == SQLITE_SCHEMA ||
	            prim == SQLITE_FORMAT)
	                   ? EXIT_DATAERR
	                   : EXIT_IOERR;
	const char *msg = tm && tm->db ? sqlite3_errmsg(tm->db) : sqlite3_errstr(rc);
	if (prim == SQLITE_CORRUPT || prim == SQLITE_NOTADB)
		return err_set(e, code, "%s: corrupt translation memory (%s: %s)",
		               tm ? tm->path : "?", what, msg);
	if (prim == SQLITE_BUSY || prim == SQLITE_LOCKED)
		return err_set(e, code, "%s: translation memory busy (%s: %s)", tm ? tm->path : "?",
		               what, msg);
	return err_set(e, code, "%s: %s: %s", tm ? tm->path : "?", what, msg);
}

bool tm_exec(Tm *tm, const char *sql, Err *e)
{
	char *msg = NULL;
	int rc = sqlite3_exec(tm->db, sql, NULL, NULL, &msg);
	sqlite3_free(msg);
	if (rc != SQLITE_OK)
		return tm_sql_err(tm, rc, "sql", e);
	return true;
}

static const char *const stmt_sql[Q_COUNT] = {
	[Q_EXACT] = "SELECT id FROM seg WHERE kh = ?1 ORDER BY date DESC, id",
	[Q_ROW] = "SELECT key, en, ko, file, line, commit_id, author, date, origin, nw "
	          "FROM seg WHERE id = ?1",
	[Q_DF] = "SELECT df FROM words WHERE w = ?1",
	[Q_FTS] = "SELECT rowid FROM seg_fts WHERE seg_fts MATCH ?1 LIMIT ?2",
	[Q_INSERT] = "INSERT INTO seg(kh, key, en, ko, file, line, kind, commit_id, author, date, "
	             "nw, origin) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
	[Q_FTS_INSERT] = "INSERT INTO seg_fts(rowid, key) VALUES(?1, ?2)",
	[Q_DF_ADD] = "INSERT INTO words(w, df) VALUES(?1, ?2) "
	             "ON CONFLICT(w) DO UPDATE SET df = df + excluded.df",
	[Q_DUP] = "SELECT 1 FROM seg WHERE kh = ?1 AND key = ?2 AND ko = ?3 AND file = ?4 "
	          "AND line = ?5 LIMIT 1",
	[Q_RENDER] = "SELECT ko, file, line, key FROM seg WHERE kh = ?1 ORDER BY file, line, id",
};

sqlite3_stmt *tm_stmt(Tm *tm, TmStmt k, Err *e)
{
	BUG_ON(k >= Q_COUNT);
	if (!tm->st[k]) {
		int rc = sqlite3_prepare_v3(tm->db, stmt_sql[k], -1, SQLITE_PREPARE_PERSISTENT,
		                            &tm->st[k], NULL);
		if (rc != SQLITE_OK) {
			tm_sql_err(tm, rc, "prepare", e);
			tm->st[k] = NULL;
			return NULL;
		}
	} else {
		sqlite3_reset(tm->st[k]);
		sqlite3_clear_bindings(tm->st[k]);
	}
	return tm->st[k];
}

char *tm_meta_get(Tm *tm, const char *key)
{
	sqlite3_stmt *st = NULL;
	char *v = NULL;
	if (sqlite3_prepare_v2(tm->db, "SELECT value FROM meta WHERE key = ?1", -1, &st, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
			v = xstrdup((const char *)sqlite3_column_text(st, 0));
	}
	sqlite3_finalize(st);
	return v ? v : xstrdup("");
}

bool tm_meta_set(Tm *tm, const char *key, const char *value, Err *e)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(tm->db, "INSERT OR REPLACE INTO meta(key, value) VALUES(?1, ?2)",
	                            -1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
		rc = sqlite3_step(st);
		rc = rc == SQLITE_DONE ? SQLITE_OK : rc;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_OK || tm_sql_err(tm, rc, "meta", e);
}

bool tm_schema_create(Tm *tm, Err *e)
{
	static const char schema[] =
		"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
		"CREATE TABLE seg(id INTEGER PRIMARY KEY, kh INTEGER NOT NULL, key TEXT NOT NULL,"
		" en TEXT NOT NULL, ko TEXT NOT NULL, file TEXT NOT NULL DEFAULT '',"
		" line INTEGER NOT NULL DEFAULT 0, kind TEXT NOT NULL DEFAULT '',"
		" commit_id TEXT NOT NULL DEFAULT '', author TEXT NOT NULL DEFAULT '',"
		" date INTEGER NOT NULL DEFAULT 0, nw INTEGER NOT NULL DEFAULT 0,"
		" origin INTEGER NOT NULL DEFAULT 0);"
		"CREATE INDEX seg_kh ON seg(kh);"
		"CREATE INDEX seg_file ON seg(file);"
		"CREATE VIRTUAL TABLE seg_fts USING fts5(key, content='seg', content_rowid='id',"
		" tokenize='unicode61', detail='none');"
		"CREATE TABLE words(w TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;";
	if (!tm_exec(tm, schema, e))
		return false;
	char v[16];
	snprintf(v, sizeof(v), "%d", TM_SCHEMA_VERSION);
	return tm_meta_set(tm, "schema", v, e);
}

Tm *tm_open_flags(const char *path, int flags, bool check_schema, Err *e)
{
	Tm *tm = xcalloc(1, sizeof(*tm));
	tm->path = xstrdup(path);
	tm->writable = (flags & SQLITE_OPEN_READWRITE) != 0;
	int rc = sqlite3_open_v2(path, &tm->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		tm_sql_err(tm, rc, "open", e);
		tm_close(tm);
		return NULL;
	}
	sqlite3_extended_result_codes(tm->db, 1);
	sqlite3_busy_timeout(tm->db, TM_BUSY_MS);
	/* Lookups touch index pages all over the file: map it (no read()
	 * copies) and keep more pages (the default 2 MB cache thrashes at 50k
	 * segments). */
	sqlite3_exec(tm->db, "PRAGMA mmap_size=268435456; PRAGMA cache_size=-16384;", NULL, NULL,
	             NULL);
	if (check_schema) {
		sqlite3_stmt *st = NULL;
		rc = sqlite3_prepare_v2(tm->db, "SELECT value FROM meta WHERE key = 'schema'", -1, &st,
		                        NULL);
		bool ok = false;
		if (rc == SQLITE_OK) {
			rc = sqlite3_step(st);
			const unsigned char *v = rc == SQLITE_ROW ? sqlite3_column_text(st, 0) : NULL;
			long ver = 0;
			ok = v && parse_long((const char *)v, 0, 1000000, &ver) &&
			     ver == TM_SCHEMA_VERSION;
			if (!ok && (rc == SQLITE_ROW || rc == SQLITE_DONE))
				err_set(e, EXIT_DATAERR,
				        "%s: not a translation memory of this version of yeok (schema %s)",
				        path, v ? (const char *)v : "missing");
			else if (!ok)
				tm_sql_err(tm, rc, "open", e);
		} else if ((rc & 0xff) == SQLITE_ERROR) {
			err_set(e, EXIT_DATAERR, "%s: not a translation memory (%s)", path,
			        sqlite3_errmsg(tm->db));
		} else {
			tm_sql_err(tm, rc, "open", e);
		}
		sqlite3_finalize(st);
		if (!ok) {
			tm_close(tm);
			return NULL;
		}
	}
	return tm;
}

Tm *tm_open(const char *path, bool writable, Err *e)
{
	struct stat st;
	if (writable && stat(path, &st) != 0 && errno == ENOENT) {
		char *dir = path_dirname(path);
		bool ok = tm_mkdirs(dir, e);
		free(dir);
		Tm *tm = ok ? tm_open_flags(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, false, e)
		            : NULL;
		if (tm && !(tm_exec(tm, "BEGIN;", e) && tm_schema_create(tm, e) &&
		            tm_exec(tm, "COMMIT;", e))) {
			tm_close(tm);
			unlink(path);
			tm = NULL;
		}
		return tm;
	}
	if (stat(path, &st) != 0) {
		err_set(e, EXIT_NOINPUT, "no translation memory at %s (yeok tm build)", path);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		err_set(e, EXIT_DATAERR, "%s: not a translation memory (not a regular file)", path);
		return NULL;
	}
	return tm_open_flags(path, writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, true, e);
}

void tm_close(Tm *tm)
{
	if (!tm)
		return;
	for (size_t i = 0; i < Q_COUNT; i++)
		sqlite3_finalize(tm->st[i]);
	sqlite3_close(tm->db);
	free(tm->path);
	free(tm);
}

bool tm_info(Tm *tm, TmInfo *out, Err *e)
{
	memset(out, 0, sizeof(*out));
	char *repo = tm_meta_get(tm, "repo"), *head = tm_meta_get(tm, "head");
	char *built = tm_meta_get(tm, "built");
	snprintf(out->repo, sizeof(out->repo), "%s", repo);
	snprintf(out->head, sizeof(out->head), "%s", head);
	long v = 0;
	if (parse_long(built, 0, LONG_MAX, &v))
		out->built = v;
	free(repo);
	free(head);
	free(built);
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(tm->db, "SELECT count(*), total(origin = 1) FROM seg", -1, &st,
	                            NULL);
	if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		out->segments = (size_t)sqlite3_column_int64(st, 0);
		out->imported = (size_t)sqlite3_column_double(st, 1);
		rc = SQLITE_OK;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_OK || tm_sql_err(tm, rc, "count", e);
}

/* ---- where ------------------------------------------------------------- */

bool tm_repo_id(const char *top, char id[41], Err *e)
{
	Buf roots = BUF_INIT;
	if (!vcs_root_commits(top, &roots, e)) {
		buf_release(&roots);
		return false;
	}
	bool ok = roots.len >= 40;
	if (ok) {
		memcpy(id, roots.p, 40);
		id[40] = '\0';
	} else {
		err_set(e, EXIT_NOINPUT, "%s: the repository has no commits yet", top);
	}
	buf_release(&roots);
	return ok;
}

char *tm_default_path(const char *repo_id)
{
	const char *cache = getenv("XDG_CACHE_HOME");
	char *base;
	if (cache && cache[0] == '/') {
		base = xstrdup(cache);
	} else {
		const char *home = getenv("HOME");
		base = xasprintf("%s/.cache", home && *home ? home : ".");
	}
	char *p = xasprintf("%s/yeok/tm/%s.sqlite", base, repo_id);
	free(base);
	return p;
}

bool tm_mkdirs(const char *dir, Err *e)
{
	char *p = xstrdup(dir);
	bool ok = true;
	for (char *s = p + 1; ok; s++) {
		bool end = *s == '\0';
		if (*s == '/' || end) {
			char c = *s;
			*s = '\0';
			if (mkdir(p, 0755) != 0 && errno != EEXIST)
				ok = err_set(e, EXIT_IOERR, "cannot create %s: %s", p, strerror(errno));
			*s = c;
		}
		if (end)
			break;
	}
	free(p);
	return ok;
}

/* ---- the writer lock ----------------------------------------------------- */

int tm_lock(const char *db, Err *e)
{
	char *lp = xasprintf("%s.lock", db);
	int fd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (fd < 0) {
		err_set(e, EXIT_IOERR, "%s: %s", lp, strerror(errno));
		free(lp);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		err_set(e, EXIT_IOERR, "%s: another build or update of the translation memory is running",
		        db);
		close(fd);
		free(lp);
		return -1;
	}
	free(lp);
	return fd;
}

void tm_unlock(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}
