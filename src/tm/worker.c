/* The editor's worker: lookups on a thread that owns its connection, a
 * background update on another (see include/yeok/tm.h). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tm-private.h"

typedef struct Result {
	uint64_t id;
	TmMatches m;
} Result;

struct TmWorker {
	char *db;
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
	pthread_t upd_thread;
	char *upd_top, *upd_db;
	char **upd_ex;    /* NULL-terminated copy, or NULL */
	size_t upd_nex;
	TmStats upd_st;
	bool upd_ok;
	Err upd_err;
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

static void *worker_main(void *arg)
{
	TmWorker *w = arg;
	Tm *tm = NULL;
	struct stat opened;
	memset(&opened, 0, sizeof(opened));
	pthread_mutex_lock(&w->mu);
	while (!w->stop) {
		if (!w->has_req) {
			pthread_cond_wait(&w->work_cv, &w->mu);
			continue;
		}
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
		bool failed = false;
		struct stat now;
		bool present = stat(w->db, &now) == 0;
		if (tm && (!present || now.st_ino != opened.st_ino || now.st_dev != opened.st_dev)) {
			tm_close(tm); /* replaced by a build, or removed */
			tm = NULL;
		}
		if (!tm) {
			tm = tm_open(w->db, false, &e);
			if (tm)
				opened = now;
			else
				failed = true;
		}
		TmMatches m = {0};
		if (tm && !tm_lookup(tm, text.p ? text.p : "", text.len, &opts, &m, &e)) {
			failed = true;
			tm_close(tm); /* reopened on the next request */
			tm = NULL;
		}
		buf_release(&text);
		free(skip);

		pthread_mutex_lock(&w->mu);
		if (failed)
			set_error(w, &e);
		else
			w->err_on = false;
		Result r = {id, m};
		VEC_PUSH(&w->results, r);
		/* Nobody polls for old results forever: keep the last few. */
		if (w->results.n > 8) {
			tm_matches_release(&w->results.v[0].m);
			memmove(w->results.v, w->results.v + 1, (w->results.n - 1) * sizeof(Result));
			w->results.n--;
		}
		w->running = 0;
		pthread_cond_broadcast(&w->done_cv);
		notify(w);
	}
	pthread_mutex_unlock(&w->mu);
	tm_close(tm);
	return NULL;
}

TmWorker *tm_worker_new(const char *db)
{
	TmWorker *w = xcalloc(1, sizeof(*w));
	w->db = xstrdup(db);
	pthread_mutex_init(&w->mu, NULL);
	pthread_cond_init(&w->work_cv, NULL);
	pthread_cond_init(&w->done_cv, NULL);
	buf_init(&w->req_text);
	err_init(&w->err);
	err_init(&w->upd_err);
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

void tm_worker_free(TmWorker *w)
{
	if (!w)
		return;
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
	TmBuildOpts o = {w->upd_top, w->upd_db, (const char *const *)w->upd_ex};
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

bool tm_worker_update(TmWorker *w, const TmBuildOpts *o)
{
	pthread_mutex_lock(&w->mu);
	if (w->upd_running || w->upd_done) {
		pthread_mutex_unlock(&w->mu);
		return false;
	}
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
	pthread_mutex_unlock(&w->mu);
	return true;
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
