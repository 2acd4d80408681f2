/* The SQLite connection: open, schema, meta, statements, the writer lock,
 * where the memory lives (see include/yeok/tm.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sys/file.h>
#include <sys/resource.h>
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
	/* a write that failed: what the system said (EFBIG past ulimit -f) */
	int sys = tm && tm->db && (prim == SQLITE_IOERR || prim == SQLITE_FULL)
	                  ? sqlite3_system_errno(tm->db)
	                  : 0;
	if (sys)
		return err_set(e, code, "%s: %s: %s: %s", tm ? tm->path : "?", what, msg,
		               err_errno_text(sys));
	/* SQLite keeps no errno of a failed write: the limit it may have met */
	struct rlimit lim;
	if ((prim == SQLITE_IOERR || prim == SQLITE_FULL) && getrlimit(RLIMIT_FSIZE, &lim) == 0 &&
	    lim.rlim_cur != RLIM_INFINITY)
		return err_set(e, code, "%s: %s: %s (a file size limit is set: ulimit -f allows %llu "
		               "bytes)", tm ? tm->path : "?", what, msg,
		               (unsigned long long)lim.rlim_cur);
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
	/* by the English's hash: without the hint SQLite picks seg_file,
	 * and every imported unit has the same file (none), so each check
	 * scanned all imports before it (16k units: 15-25 s) */
	[Q_DUP] = "SELECT 1 FROM seg INDEXED BY seg_kh WHERE kh = ?1 AND key = ?2 AND ko = ?3 "
	          "AND file = ?4 AND line = ?5 LIMIT 1",
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
	char app[48];
	snprintf(app, sizeof(app), "PRAGMA application_id=%d;", TM_APP_ID);
	if (!tm_exec(tm, schema, e) || !tm_exec(tm, app, e))
		return false;
	char v[16];
	snprintf(v, sizeof(v), "%d", TM_SCHEMA_VERSION);
	return tm_meta_set(tm, "schema", v, e);
}

/* Nothing in a memory file may run or loop: no trigger, no view (a
 * recursive view never ends), no function a schema names (trusted_schema
 * off), no writes to shadow tables or the schema (defensive).  yeok's own
 * schema uses none of them. */
static void harden(Tm *tm);

/* The progress handler: a lookup (tm->deadline set) that runs past its
 * deadline is interrupted. */
static int over_time(void *arg)
{
	Tm *tm = arg;
	return tm->deadline && now_ns() > tm->deadline;
}

static void harden(Tm *tm)
{
	sqlite3 *db = tm->db;
	sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, (int *)NULL);
	sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, (int *)NULL);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0, (int *)NULL);
	sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)NULL);
	sqlite3_progress_handler(db, 10000, over_time, tm);
}

void tm_deadline_start(Tm *tm)
{
	tm->deadline = now_ns() + (uint64_t)TM_QUERY_MS * 1000000u;
}

bool tm_deadline_end(Tm *tm, bool ok, Err *e)
{
	bool late = tm->deadline && now_ns() > tm->deadline;
	tm->deadline = 0;
	if (!ok && late && e && e->code != EXIT_DATAERR)
		return err_set(e, EXIT_DATAERR, "%s: a lookup took longer than %d ms: stopped", tm->path,
		               TM_QUERY_MS);
	return ok;
}

/* The schema of db: (type, name, tbl_name, sql) of every object, sorted,
 * one line each (at most 64 objects: yeok's has 11). */
static bool schema_text(sqlite3 *db, Buf *out)
{
	sqlite3_stmt *st = NULL;
	buf_clear(out);
	if (sqlite3_prepare_v2(db,
	                       "SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_schema "
	                       "ORDER BY type, name",
	                       -1, &st, NULL) != SQLITE_OK)
		return false;
	int rc;
	size_t rows = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && rows++ < 64) {
		for (int i = 0; i < 4; i++) {
			const unsigned char *v = sqlite3_column_text(st, i);
			buf_adds(out, v ? (const char *)v : "");
			buf_addc(out, i < 3 ? '\t' : '\n');
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

/* The schema text of an empty memory of this version, made once in memory. */
static Buf ref_schema = BUF_INIT;
static void make_reference(void)
{
	Tm ref = {0};
	ref.path = (char *)":memory:";
	if (sqlite3_open_v2(":memory:", &ref.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, NULL) ==
	            SQLITE_OK &&
	    tm_schema_create(&ref, NULL))
		schema_text(ref.db, &ref_schema);
	sqlite3_close(ref.db);
}

static const char *reference_schema(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, make_reference);
	return ref_schema.p ? ref_schema.p : "";
}

/* ---- whose file ----------------------------------------------------------
 * A memory is yeok's by its header: an SQLite database whose application
 * id is TM_APP_ID (memories of schema 1 made before the id: by their exact
 * schema).  Read from the file's first 100 bytes, never through SQLite. */

static const char *kind_of(mode_t m)
{
	return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
	       : S_ISSOCK(m) ? "a socket" : S_ISLNK(m) ? "a symbolic link" : S_ISDIR(m) ? "a directory"
	       : "not a regular file";
}

/* Is path in yeok's own folder of memories ($XDG_CACHE_HOME/yeok/tm),
 * where nothing but yeok puts files? */
static bool in_cache_folder(const char *path)
{
	char *def = tm_default_path("x");
	char *dir = path_dirname(def), *pdir = path_dirname(path);
	char *rdir = realpath(dir, NULL), *rp = realpath(pdir, NULL);
	bool in = rdir && rp && !strcmp(rdir, rp);
	free(rp);
	free(rdir);
	free(pdir);
	free(dir);
	free(def);
	return in;
}

typedef enum Owner {
	OWNER_YEOK,    /* SQLite with yeok's application id */
	OWNER_NONE,    /* SQLite with no application id: yeok's only by its schema */
	OWNER_OTHER,   /* anything else (e says what) */
} Owner;

/* The owner of the regular file at path by its header. */
static Owner header_owner(const char *path, Err *e)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	if (fd < 0) {
		err_set(e, EXIT_NOINPUT, "%s: %s", path, strerror(errno));
		return OWNER_OTHER;
	}
	unsigned char h[100];
	ssize_t r = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? pread(fd, h, sizeof(h), 0) : -2;
	close(fd);
	if (r == -2) {
		err_set(e, EXIT_DATAERR, "%s: not a translation memory (%s)", path, kind_of(st.st_mode));
		return OWNER_OTHER;
	}
	if (r != (ssize_t)sizeof(h) || memcmp(h, "SQLite format 3", 16) != 0) {
		if (in_cache_folder(path)) /* where only yeok writes: broken */
			err_set(e, EXIT_DATAERR, "%s: corrupt translation memory (%s)", path,
			        r == 0 ? "empty" : "its header is not SQLite's");
		else
			err_set(e, EXIT_DATAERR, "%s: not a translation memory (%s)", path,
			        r == 0 ? "an empty file" : "not an SQLite database");
		return OWNER_OTHER;
	}
	unsigned long app = (unsigned long)h[68] << 24 | (unsigned long)h[69] << 16 |
	                    (unsigned long)h[70] << 8 | h[71];
	if (app == (unsigned long)TM_APP_ID)
		return OWNER_YEOK;
	if (app == 0)
		return OWNER_NONE;
	err_set(e, EXIT_DATAERR, "%s: not a translation memory (another program's SQLite database, "
	        "application id 0x%08lx)", path, app);
	return OWNER_OTHER;
}

/* Is the schema of tm's database exactly yeok's?  Else false with e
 * (EXIT_DATAERR): another version when the header is yeok's, else not
 * yeok's. */
static bool schema_is_ours(Tm *tm, Owner owner, Err *e)
{
	Buf have = BUF_INIT;
	bool read = schema_text(tm->db, &have);
	bool same = read && !strcmp(buf_str(&have).p ? buf_str(&have).p : "", reference_schema());
	int rc = sqlite3_errcode(tm->db);
	buf_release(&have);
	if (same)
		return true;
	if (!read && owner == OWNER_YEOK)
		return tm_sql_err(tm, rc, "schema", e);
	if (owner == OWNER_YEOK)
		return err_set(e, EXIT_DATAERR,
		               "%s: not a translation memory this version of yeok wrote (its schema "
		               "differs)", tm->path);
	return err_set(e, EXIT_DATAERR,
	               "%s: not a translation memory yeok wrote (a database of another schema)",
	               tm->path);
}

Tm *tm_open_flags(const char *path, int flags, bool check_schema, Err *e)
{
	Owner owner = OWNER_YEOK;
	if (check_schema && (owner = header_owner(path, e)) == OWNER_OTHER)
		return NULL;
	Tm *tm = xcalloc(1, sizeof(*tm));
	tm->lock = -1;
	tm->path = xstrdup(path);
	tm->writable = (flags & SQLITE_OPEN_READWRITE) != 0;
	int rc = sqlite3_open_v2(path, &tm->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		tm_sql_err(tm, rc, "open", e);
		tm_close(tm);
		return NULL;
	}
	harden(tm);
	sqlite3_extended_result_codes(tm->db, 1);
	sqlite3_busy_timeout(tm->db, TM_BUSY_MS);
	/* Lookups touch index pages all over the file: map it (no read()
	 * copies) and keep more pages (the default 2 MB cache thrashes at 50k
	 * segments). */
	sqlite3_exec(tm->db, "PRAGMA mmap_size=268435456; PRAGMA cache_size=-16384;", NULL, NULL,
	             NULL);
	if (check_schema) {
		bool ok = schema_is_ours(tm, owner, e);
		sqlite3_stmt *st = NULL;
		if (ok)
			rc = sqlite3_prepare_v2(tm->db, "SELECT value FROM meta WHERE key = 'schema'", -1,
			                        &st, NULL);
		if (ok && rc == SQLITE_OK) {
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
		} else if (ok) {
			ok = tm_sql_err(tm, rc, "open", e);
		}
		sqlite3_finalize(st);
		/* a memory of before the application id gets it at its first write */
		char app[48];
		snprintf(app, sizeof(app), "PRAGMA application_id=%d;", TM_APP_ID);
		if (ok && owner == OWNER_NONE && tm->writable)
			ok = tm_exec(tm, app, e);
		if (!ok) {
			tm_close(tm);
			return NULL;
		}
	}
	return tm;
}

bool tm_may_replace(const char *path, Err *e)
{
	struct stat st;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ||
		       err_set(e, EXIT_IOERR, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return err_set(e, EXIT_DATAERR,
		               "%s: not a translation memory (%s): not replaced; remove it or give "
		               "another --tm", path, kind_of(st.st_mode));
	Err why;
	err_init(&why);
	Owner owner = header_owner(path, &why);
	if (owner == OWNER_YEOK || in_cache_folder(path))
		return true;
	if (owner == OWNER_NONE) {
		Tm *tm = tm_open_flags(path, SQLITE_OPEN_READONLY, false, &why);
		bool ours = tm && schema_is_ours(tm, owner, &why);
		tm_close(tm);
		if (ours)
			return true;
	}
	return err_set(e, EXIT_DATAERR, "%s: not replaced; remove it or give another --tm", why.msg);
}

/* A new empty memory at path (absent; the writer lock held): made as a
 * temporary file beside it and linked into place, so no half-made memory
 * is ever at path and nothing that appeared there meanwhile is replaced. */
static bool create_memory(const char *path, Err *e)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		bool r = err_set(e, EXIT_IOERR, "cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return r;
	}
	fchmod(fd, 0644);
	close(fd);
	Tm *tm = tm_open_flags(tmp, SQLITE_OPEN_READWRITE, false, e);
	bool ok = tm && tm_exec(tm, "BEGIN;", e) && tm_schema_create(tm, e) && tm_exec(tm, "COMMIT;", e);
	tm_close(tm);
	fd = ok ? open(tmp, O_RDONLY | O_CLOEXEC) : -1;
	if (ok && (fd < 0 || fsync(fd) != 0))
		ok = err_set(e, EXIT_IOERR, "cannot write %s: %s", tmp, strerror(errno));
	if (fd >= 0)
		close(fd);
	if (ok && link(tmp, path) != 0)
		ok = err_set(e, EXIT_IOERR, "cannot create %s: %s", path, strerror(errno));
	unlink(tmp);
	free(tmp);
	return ok;
}

Tm *tm_open(const char *path, bool writable, Err *e)
{
	struct stat st;
	if (writable) {
		/* a writer: the lock, and only yeok's memory (or none) */
		char *dir = path_dirname(path);
		bool ok = tm_mkdirs(dir, e);
		free(dir);
		int lock = ok && tm_may_replace(path, e) ? tm_lock(path, e) : -1;
		if (lock < 0)
			return NULL;
		ok = !(lstat(path, &st) != 0 && errno == ENOENT) || create_memory(path, e);
		Tm *tm = ok ? tm_open_flags(path, SQLITE_OPEN_READWRITE, true, e) : NULL;
		if (tm)
			tm->lock = lock;
		else
			tm_unlock(lock);
		return tm;
	}
	if (stat(path, &st) != 0) {
		err_set(e, EXIT_NOINPUT, "no translation memory at %s (yeok tm build)", path);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		err_set(e, EXIT_DATAERR, "%s: not a translation memory (%s)", path, kind_of(st.st_mode));
		return NULL;
	}
	return tm_open_flags(path, SQLITE_OPEN_READONLY, true, e);
}

void tm_close(Tm *tm)
{
	if (!tm)
		return;
	for (size_t i = 0; i < Q_COUNT; i++)
		sqlite3_finalize(tm->st[i]);
	sqlite3_close(tm->db);
	tm_unlock(tm->lock);
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
		err_set(e, EXIT_IOERR,
		        "%s: another build, update or import of the translation memory is running", db);
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
