/* The editor's worker: lookups on a thread that owns its connection, a
 * background update on another (see include/yeok/tm.h). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tm-private.h"
#include "yeok/vcs.h"

typedef struct Result {
	uint64_t id;
	TmMatches m;
} Result;

struct TmWorker {
	char *db;         /* NULL until found (TmWorkerOpts.db NULL: on the thread) */
	char *file;       /* the document, or NULL */
	char *top, *rel;  /* its work tree and repository path, once found */
	bool auto_update; /* start tm update once the memory is found */
	bool resolved;    /* db, top, rel are final */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t work_cv; /* the worker waits for a request */
	pthread_cond_t done_cv; /* waiters wait for results */
	bool stop;
	uint64_t next_id;
	/* the pending request (only the latest is kept) */
	bool has_req;
	uint64_t req_id;
	Buf req_text;
	TmLookupOpts req_opts;
	char *req_skip;
	uint64_t running; /* the request being computed, 0 none */
	VEC(Result) results;
	/* the database error: kept, reported once */
	Err err;
	bool err_on;      /* the memory is in error now */
	bool err_pending; /* not yet given to tm_worker_error */
	int notify[2];
	/* the background update */
	bool upd_started, upd_running, upd_done;
	atomic_bool upd_cancel; /* set by tm_worker_free: the update stops at its next file */
	pthread_t upd_thread;
	char *upd_top, *upd_db;
	char **upd_ex;    /* NULL-terminated copy, or NULL */
	size_t upd_nex;
	TmStats upd_st;
	bool upd_ok;
	Err upd_err;
	/* the batch of renderings (only the latest is kept), computed between
	 * lookups: batch_pos of batch_n done into batch_work */
	bool has_batch;
	uint64_t batch_id;
	char **batch_en;
	size_t batch_n, batch_pos;
	TmRenderings *batch_work;
	uint64_t batch_done_id; /* the finished batch, 0 none */
	TmRenderings *batch_out;
	size_t batch_out_n;
};

static void notify(TmWorker *w)
{
	char c = 1;
	ssize_t r = write(w->notify[1], &c, 1);
	(void)r; /* a full pipe is already readable */
}

/* Record an error (mu held): reported once per run of failures. */
static void set_error(TmWorker *w, const Err *e)
{
	if (!w->err_on) {
		w->err = *e;
		w->err_pending = true;
	}
	w->err_on = true;
}

/* mu held: drop the batch being computed */
static void batch_clear(TmWorker *w)
{
	tm_strv_free(w->batch_en, w->batch_n);
	for (size_t i = 0; w->batch_work && i < w->batch_n; i++)
		tm_renderings_release(&w->batch_work[i]);
	free(w->batch_work);
	w->batch_en = NULL;
	w->batch_work = NULL;
	w->batch_n = w->batch_pos = 0;
	w->has_batch = false;
}

static bool start_update_locked(TmWorker *w, const TmBuildOpts *o);

/* Where the memory is (on the worker thread: git runs here, never on the
 * editor's): the document's work tree, its repository path, and unless
 * given the repository's default memory; then the background update when
 * asked for and the memory exists. */
static void resolve(TmWorker *w)
{
	char *top = NULL, *rel = NULL, *db = NULL;
	Err e;
	err_init(&e);
	if (w->file && vcs_toplevel(w->file, &top, &e) && !vcs_relpath(w->file, &rel, &e))
		rel = NULL;
	if (!w->db) {
		char id[41];
		if (!w->file)
			err_set(&e, EXIT_NOINPUT, "no translation memory: no document and no --tm");
		else if (top && tm_repo_id(top, id, &e))
			db = tm_default_path(id);
		else
			err_set(&e, EXIT_NOINPUT, "no translation memory: %s is not in a git work tree "
			        "with commits (--tm PATH names one)", w->file);
	}
	pthread_mutex_lock(&w->mu);
	w->top = top;
	w->rel = rel;
	if (!w->db)
		w->db = db;
	else
		free(db);
	w->resolved = true;
	if (!w->db)
		set_error(w, &e);
	if (w->auto_update && w->db && w->top && file_exists(w->db)) {
		TmBuildOpts o = {w->top, w->db, NULL, NULL};
		start_update_locked(w, &o);
	}
	pthread_mutex_unlock(&w->mu);
}

/* The connection, (re)opened when the file at the path was replaced (a
 * build renamed a new one into place) or removed. */
static Tm *ensure_open(TmWorker *w, Tm *tm, struct stat *opened, Err *e)
{
	struct stat now;
	bool present = w->db && stat(w->db, &now) == 0;
	if (tm && (!present || now.st_ino != opened->st_ino || now.st_dev != opened->st_dev)) {
		tm_close(tm);
		tm = NULL;
	}
	if (!tm && !w->db)
		return NULL; /* the error is already kept */
	if (!tm) {
		tm = tm_open(w->db, false, e);
		if (tm)
			*opened = now;
	}
	return tm;
}

/* After a job (mu held): the error state and the notification. */
static void job_done(TmWorker *w, bool failed, const Err *e)
{
	if (failed)
		set_error(w, e);
	else if (w->db)
		w->err_on = false;
	pthread_cond_broadcast(&w->done_cv);
	notify(w);
}

/* The worker thread's connection and the file it opened. */
typedef struct Conn {
	Tm *tm;
	struct stat opened;
} Conn;

/* Serve the pending lookup (mu held; released while it runs). */
static void run_request(TmWorker *w, Conn *c)
{
	uint64_t id = w->req_id;
	Buf text = w->req_text;
	buf_init(&w->req_text);
	TmLookupOpts opts = w->req_opts;
	char *skip = w->req_skip;
	w->req_skip = NULL;
	opts.skip_file = skip;
	w->has_req = false;
	w->running = id;
	pthread_mutex_unlock(&w->mu);

	Err e;
	err_init(&e);
	c->tm = ensure_open(w, c->tm, &c->opened, &e);
	bool failed = !c->tm;
	TmMatches m = {0};
	if (c->tm && !tm_lookup(c->tm, text.p ? text.p : "", text.len, &opts, &m, &e)) {
		failed = true;
		tm_close(c->tm); /* reopened on the next request */
		c->tm = NULL;
	}
	buf_release(&text);
	free(skip);

	pthread_mutex_lock(&w->mu);
	Result r = {id, m};
	VEC_PUSH(&w->results, r);
	/* Nobody polls for old results forever: keep the last few. */
	if (w->results.n > 8) {
		tm_matches_release(&w->results.v[0].m);
		memmove(w->results.v, w->results.v + 1, (w->results.n - 1) * sizeof(Result));
		w->results.n--;
	}
	w->running = 0;
	job_done(w, failed, &e);
}

/* The batch id is finished or failed (mu held): its renderings become the
 * output (none when it failed). */
static void batch_finish(TmWorker *w, uint64_t id, bool failed, const Err *e)
{
	for (size_t j = 0; j < w->batch_out_n; j++)
		tm_renderings_release(&w->batch_out[j]);
	free(w->batch_out);
	if (failed) {
		for (size_t j = 0; j < w->batch_n; j++)
			tm_renderings_release(&w->batch_work[j]);
		free(w->batch_work);
		w->batch_out = NULL;
		w->batch_out_n = 0;
	} else {
		w->batch_out = w->batch_work;
		w->batch_out_n = w->batch_n;
	}
	w->batch_work = NULL;
	tm_strv_free(w->batch_en, w->batch_n);
	w->batch_en = NULL;
	w->batch_n = w->batch_pos = 0;
	w->has_batch = false;
	w->batch_done_id = id;
	job_done(w, failed, e);
}

/* One English of the pending batch, so that a lookup never waits long
 * (mu held; released while it runs). */
static void run_batch_step(TmWorker *w, Conn *c)
{
	uint64_t id = w->batch_id;
	size_t i = w->batch_pos;
	bool had = i < w->batch_n;
	char *en = had ? xstrdup(w->batch_en[i]) : NULL;
	char *skip = w->rel ? xstrdup(w->rel) : NULL;
	pthread_mutex_unlock(&w->mu);

	Err e;
	err_init(&e);
	TmRenderings r = {0};
	bool failed = false;
	if (had) {
		c->tm = ensure_open(w, c->tm, &c->opened, &e);
		failed = !c->tm;
		if (c->tm && !tm_renderings(c->tm, en, strlen(en), skip, &r, &e)) {
			failed = true;
			tm_close(c->tm);
			c->tm = NULL;
		}
	}
	free(en);
	free(skip);
	pthread_mutex_lock(&w->mu);
	if (!w->has_batch || w->batch_id != id) {
		tm_renderings_release(&r); /* a newer batch came meanwhile */
		return;
	}
	if (had && !failed) {
		w->batch_work[i] = r;
		w->batch_pos = ++i;
	}
	if (failed || i >= w->batch_n)
		batch_finish(w, id, failed, &e);
}

static void *worker_main(void *arg)
{
	TmWorker *w = arg;
	Conn c;
	memset(&c, 0, sizeof(c));
	if (!w->resolved)
		resolve(w);
	pthread_mutex_lock(&w->mu);
	while (!w->stop) {
		if (w->has_req)
			run_request(w, &c);
		else if (w->has_batch)
			run_batch_step(w, &c);
		else
			pthread_cond_wait(&w->work_cv, &w->mu);
	}
	pthread_mutex_unlock(&w->mu);
	tm_close(c.tm);
	return NULL;
}

TmWorker *tm_worker_start(const TmWorkerOpts *o)
{
	TmWorker *w = xcalloc(1, sizeof(*w));
	atomic_init(&w->upd_cancel, false);
	w->db = o->db ? xstrdup(o->db) : NULL;
	w->file = o->file ? xstrdup(o->file) : NULL;
	w->resolved = !w->file;
	w->auto_update = o->update;
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->work_cv, NULL);
	pthread_cond_init(&w->done_cv, NULL);
	buf_init(&w->req_text);
	err_init(&w->err);
	err_init(&w->upd_err);
	if (!w->db && !w->file) {
		Err e;
		err_init(&e);
		err_set(&e, EXIT_NOINPUT, "no translation memory: no document and no --tm");
		set_error(w, &e);
	}
	if (pipe(w->notify) != 0)
		fatal("cannot create a pipe: %s", strerror(errno));
	for (int i = 0; i < 2; i++) {
		fcntl(w->notify[i], F_SETFL, fcntl(w->notify[i], F_GETFL) | O_NONBLOCK);
		fcntl(w->notify[i], F_SETFD, FD_CLOEXEC);
	}
	if (pthread_create(&w->thread, NULL, worker_main, w) != 0)
		fatal("cannot start a thread");
	return w;
}

TmWorker *tm_worker_new(const char *db)
{
	TmWorkerOpts o = {db, NULL, false};
	return tm_worker_start(&o);
}

void tm_worker_free(TmWorker *w)
{
	if (!w)
		return;
	/* a quit does not wait for the update to read every file it has
	 * left (a rebuilt memory of a large repository: a minute): it stops
	 * at the next one, the memory as it was */
	atomic_store(&w->upd_cancel, true);
	pthread_mutex_lock(&w->mu);
	w->stop = true;
	pthread_cond_broadcast(&w->work_cv);
	bool joined_upd = !w->upd_started;
	pthread_mutex_unlock(&w->mu);
	pthread_join(w->thread, NULL);
	if (!joined_upd)
		pthread_join(w->upd_thread, NULL);
	for (size_t i = 0; i < w->results.n; i++)
		tm_matches_release(&w->results.v[i].m);
	VEC_FREE(&w->results);
	buf_release(&w->req_text);
	free(w->req_skip);
	free(w->upd_top);
	free(w->upd_db);
	tm_strv_free(w->upd_ex, w->upd_ex ? w->upd_nex + 1 : 0);
	batch_clear(w);
	for (size_t i = 0; i < w->batch_out_n; i++)
		tm_renderings_release(&w->batch_out[i]);
	free(w->batch_out);
	free(w->file);
	free(w->top);
	free(w->rel);
	close(w->notify[0]);
	close(w->notify[1]);
	pthread_mutex_destroy(&w->mu);
	pthread_cond_destroy(&w->work_cv);
	pthread_cond_destroy(&w->done_cv);
	free(w->db);
	free(w);
}

uint64_t tm_worker_lookup(TmWorker *w, const char *en, size_t n, const TmLookupOpts *opts)
{
	pthread_mutex_lock(&w->mu);
	uint64_t id = ++w->next_id;
	w->req_id = id;
	buf_clear(&w->req_text);
	buf_add(&w->req_text, en, n);
	TmLookupOpts o = {0, 0, NULL};
	if (opts)
		o = *opts;
	free(w->req_skip);
	w->req_skip = o.skip_file ? xstrdup(o.skip_file) : NULL;
	o.skip_file = NULL;
	w->req_opts = o;
	w->has_req = true;
	pthread_cond_signal(&w->work_cv);
	pthread_mutex_unlock(&w->mu);
	return id;
}

/* mu held */
static TmPoll poll_locked(TmWorker *w, uint64_t id, TmMatches *out)
{
	for (size_t i = 0; i < w->results.n; i++) {
		if (w->results.v[i].id != id)
			continue;
		tm_matches_release(out);
		*out = w->results.v[i].m;
		memmove(w->results.v + i, w->results.v + i + 1,
		        (w->results.n - i - 1) * sizeof(Result));
		w->results.n--;
		return TM_DONE;
	}
	if (id && (id == w->running || (w->has_req && id == w->req_id)))
		return TM_PENDING;
	return TM_UNKNOWN;
}

TmPoll tm_worker_poll(TmWorker *w, uint64_t id, TmMatches *out)
{
	pthread_mutex_lock(&w->mu);
	TmPoll p = poll_locked(w, id, out);
	pthread_mutex_unlock(&w->mu);
	return p;
}

TmPoll tm_worker_wait(TmWorker *w, uint64_t id, TmMatches *out)
{
	pthread_mutex_lock(&w->mu);
	TmPoll p;
	while ((p = poll_locked(w, id, out)) == TM_PENDING)
		pthread_cond_wait(&w->done_cv, &w->mu);
	pthread_mutex_unlock(&w->mu);
	return p;
}

static void *update_main(void *arg)
{
	TmWorker *w = arg;
	TmBuildOpts o = {w->upd_top, w->upd_db, (const char *const *)w->upd_ex, &w->upd_cancel};
	TmStats st;
	Err e;
	err_init(&e);
	bool ok = tm_update(&o, &st, &e);
	pthread_mutex_lock(&w->mu);
	w->upd_st = st;
	w->upd_ok = ok;
	w->upd_err = e;
	w->upd_running = false;
	w->upd_done = true;
	pthread_cond_broadcast(&w->done_cv);
	notify(w);
	pthread_mutex_unlock(&w->mu);
	return NULL;
}

/* mu held */
static bool start_update_locked(TmWorker *w, const TmBuildOpts *o)
{
	if (w->upd_running || w->upd_done)
		return false;
	if (w->upd_started) {
		pthread_join(w->upd_thread, NULL);
		w->upd_started = false;
	}
	free(w->upd_top);
	free(w->upd_db);
	tm_strv_free(w->upd_ex, w->upd_ex ? w->upd_nex + 1 : 0);
	w->upd_top = xstrdup(o->top);
	w->upd_db = xstrdup(o->db);
	w->upd_ex = NULL;
	w->upd_nex = 0;
	if (o->exclude) {
		while (o->exclude[w->upd_nex])
			w->upd_nex++;
		w->upd_ex = xcalloc(w->upd_nex + 1, sizeof(char *));
		for (size_t i = 0; i < w->upd_nex; i++)
			w->upd_ex[i] = xstrdup(o->exclude[i]);
	}
	w->upd_running = true;
	if (pthread_create(&w->upd_thread, NULL, update_main, w) != 0)
		fatal("cannot start a thread");
	w->upd_started = true;
	return true;
}

bool tm_worker_update(TmWorker *w, const TmBuildOpts *o)
{
	pthread_mutex_lock(&w->mu);
	bool ok = start_update_locked(w, o);
	pthread_mutex_unlock(&w->mu);
	return ok;
}

uint64_t tm_worker_renderings(TmWorker *w, const char *const *en, size_t n)
{
	pthread_mutex_lock(&w->mu);
	uint64_t id = ++w->next_id;
	batch_clear(w);
	w->batch_en = xcalloc(MAX(n, 1), sizeof(char *));
	w->batch_work = xcalloc(MAX(n, 1), sizeof(TmRenderings));
	for (size_t i = 0; i < n; i++)
		w->batch_en[i] = xstrdup(en[i]);
	w->batch_n = n;
	w->batch_id = id;
	w->has_batch = true;
	pthread_cond_signal(&w->work_cv);
	pthread_mutex_unlock(&w->mu);
	return id;
}

TmPoll tm_worker_renderings_poll(TmWorker *w, uint64_t id, TmRenderings **out, size_t *n)
{
	pthread_mutex_lock(&w->mu);
	TmPoll p = TM_UNKNOWN;
	if (id && w->batch_done_id == id) {
		*out = w->batch_out;
		*n = w->batch_out_n;
		w->batch_out = NULL;
		w->batch_out_n = 0;
		w->batch_done_id = 0;
		p = TM_DONE;
	} else if (id && w->has_batch && w->batch_id == id) {
		p = TM_PENDING;
	}
	pthread_mutex_unlock(&w->mu);
	return p;
}

bool tm_worker_where(TmWorker *w, char **db, char **rel)
{
	pthread_mutex_lock(&w->mu);
	bool r = w->resolved;
	if (db)
		*db = r && w->db ? xstrdup(w->db) : NULL;
	if (rel)
		*rel = r && w->rel ? xstrdup(w->rel) : NULL;
	pthread_mutex_unlock(&w->mu);
	return r;
}

TmPoll tm_worker_update_poll(TmWorker *w, TmStats *st, bool *ok, Err *e)
{
	pthread_mutex_lock(&w->mu);
	TmPoll p = TM_UNKNOWN;
	if (w->upd_running) {
		p = TM_PENDING;
	} else if (w->upd_done) {
		w->upd_done = false;
		if (st)
			*st = w->upd_st;
		if (ok)
			*ok = w->upd_ok;
		if (e && !w->upd_ok)
			*e = w->upd_err;
		p = TM_DONE;
	}
	pthread_mutex_unlock(&w->mu);
	return p;
}

int tm_worker_notify_fd(TmWorker *w)
{
	return w->notify[0];
}

void tm_worker_notify_drain(TmWorker *w)
{
	char buf[64];
	while (read(w->notify[0], buf, sizeof(buf)) > 0)
		;
}

bool tm_worker_error(TmWorker *w, Err *e)
{
	pthread_mutex_lock(&w->mu);
	bool r = w->err_pending;
	if (r && e)
		*e = w->err;
	w->err_pending = false;
	pthread_mutex_unlock(&w->mu);
	return r;
}
