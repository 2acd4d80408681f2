/* session: the translation memory in the editor — lookups on the
 * worker's thread, the F4 list, inserting a match with the segment's
 * structure kept, the status line's "TM 100%", the consistency data, the
 * background update (include/yeok/session.h). */
#include "session-private.h"

#include <poll.h>
#include <time.h>

#include "yeok/pair.h"
#include "yeok/text.h"

static SidecarKey seg_key(Session *s, size_t k)
{
	const Segment *g = &s->doc.al.v[k];
	SidecarKey none = {""};
	return g->src_n ? pair_blocks_key(&s->doc.src, &s->doc.src_host.blocks, g->src, g->src_n) : none;
}

/* A prose segment with both sides: what the memory is asked about. */
static bool tm_seg(Session *s, long k)
{
	if (k < 0 || (size_t)k >= s->doc.al.n)
		return false;
	const Segment *g = &s->doc.al.v[k];
	return g->src_n && g->tgt_n && rst_kind_is_prose(g->kind);
}

static SessionTmHit *hit_of(Session *s, SidecarKey key)
{
	for (size_t i = 0; key.hex[0] && i < SESSION_TM_HITS; i++)
		if (!strcmp(s->tm.hits[i].key.hex, key.hex))
			return &s->tm.hits[i];
	return NULL;
}

static void hits_clear(Session *s)
{
	for (size_t i = 0; i < SESSION_TM_HITS; i++) {
		tm_matches_release(&s->tm.hits[i].m);
		s->tm.hits[i].key.hex[0] = '\0';
	}
}

static void request(Session *s, size_t k, SidecarKey key)
{
	if (!strcmp(s->tm.req_key.hex, key.hex) && s->tm.req)
		return;
	Buf en = BUF_INIT;
	session_seg_prose(s, k, PANE_SOURCE, &en);
	TmLookupOpts o = {TM_DEFAULT_MAX, 0, NULL};
	s->tm.req = tm_worker_lookup(s->tm.w, en.p ? en.p : "", en.len, &o);
	s->tm.req_key = key;
	buf_release(&en);
}

/* ---- consistency data ------------------------------------------------------ */

static void cons_clear(Session *s)
{
	for (size_t i = 0; i < s->tm.cons.n; i++)
		tm_renderings_release(&s->tm.cons.v[i].r);
	VEC_FREE(&s->tm.cons);
	free(s->tm.batch_keys);
	s->tm.batch_keys = NULL;
	s->tm.batch_n = 0;
	s->tm.batch = 0;
}

static int cmp_key(const void *a, const void *b)
{
	return strcmp(((const SidecarKey *)a)->hex, ((const SidecarKey *)b)->hex);
}

/* The English of every prose segment, once per source key. */
static void queue_batch(Session *s)
{
	VEC(char *) en = {0};
	VEC(SidecarKey) keys = {0};
	for (size_t k = 0; k < s->doc.al.n; k++) {
		if (!tm_seg(s, (long)k))
			continue;
		SidecarKey key = seg_key(s, k);
		VEC_PUSH(&keys, key);
	}
	if (keys.n)
		qsort(keys.v, keys.n, sizeof(*keys.v), cmp_key);
	size_t m = 0;
	for (size_t i = 0; i < keys.n; i++)
		if (!m || strcmp(keys.v[m - 1].hex, keys.v[i].hex))
			keys.v[m++] = keys.v[i];
	keys.n = m;
	/* the text of each key, from its first segment */
	char **texts = xcalloc(MAX(keys.n, 1), sizeof(char *));
	for (size_t k = 0; k < s->doc.al.n; k++) {
		if (!tm_seg(s, (long)k))
			continue;
		SidecarKey key = seg_key(s, k);
		SidecarKey *at = bsearch(&key, keys.v, keys.n, sizeof(*keys.v), cmp_key);
		size_t i = (size_t)(at - keys.v);
		if (texts[i])
			continue;
		Buf b = BUF_INIT;
		session_seg_prose(s, k, PANE_SOURCE, &b);
		texts[i] = b.p ? buf_detach(&b) : xstrdup("");
	}
	for (size_t i = 0; i < keys.n; i++)
		VEC_PUSH(&en, texts[i]);
	free(texts);
	free(s->tm.batch_keys);
	s->tm.batch_keys = keys.v;
	s->tm.batch_n = keys.n;
	s->tm.batch = tm_worker_renderings(s->tm.w, (const char *const *)en.v, en.n);
	for (size_t i = 0; i < en.n; i++)
		free(en.v[i]);
	VEC_FREE(&en);
}

static bool take_batch(Session *s, TmRenderings *r, size_t n)
{
	for (size_t i = 0; i < s->tm.cons.n; i++)
		tm_renderings_release(&s->tm.cons.v[i].r);
	s->tm.cons.n = 0;
	for (size_t i = 0; i < n && i < s->tm.batch_n; i++) {
		if (!r[i].n) {
			tm_renderings_release(&r[i]);
			continue;
		}
		SessionTmRender x = {s->tm.batch_keys[i], r[i]};
		VEC_PUSH(&s->tm.cons, x); /* in key order: the batch was sorted */
	}
	for (size_t i = s->tm.batch_n; i < n; i++)
		tm_renderings_release(&r[i]);
	free(r);
	free(s->tm.batch_keys);
	s->tm.batch_keys = NULL;
	s->tm.batch_n = 0;
	s->tm.batch = 0;
	s->tm.cons_gen++;
	return true;
}

/* ---- lifecycle ----------------------------------------------------------------- */

void session_tm_start(Session *s, const char *db, bool update)
{
	session_tm_stop(s);
	TmWorkerOpts o = {db, s->doc.path, update && !s->doc.read_only};
	s->tm.w = tm_worker_start(&o);
	queue_batch(s);
}

void session_tm_stop(Session *s)
{
	tm_worker_free(s->tm.w);
	s->tm.w = NULL;
	hits_clear(s);
	cons_clear(s);
	free(s->tm.said);
	memset(&s->tm, 0, sizeof(s->tm));
}

int session_tm_fd(Session *s)
{
	return s->tm.w ? tm_worker_notify_fd(s->tm.w) : -1;
}

bool session_tm_busy(const Session *s)
{
	return s->tm.w && (s->tm.req || s->tm.batch || !s->tm.updated);
}

/* ---- the F4 list ----------------------------------------------------------------- */

static void add_date(Buf *b, long long t)
{
	if (t <= 0)
		return;
	time_t tt = (time_t)t;
	struct tm tmv;
	if (gmtime_r(&tt, &tmv))
		buf_addf(b, "%04d-%02d-%02d", tmv.tm_year + 1900, tmv.tm_mon + 1, tmv.tm_mday);
}

/* s with its line breaks made spaces (a list row is one line). */
static void add_one_line(Buf *b, const char *s)
{
	for (; *s; s++)
		buf_addc(b, *s == '\n' || *s == '\r' || *s == '\t' ? ' ' : *s);
}

enum { TM_PICK_NONE = -1 };

static void fill_list(Session *s, const TmMatches *m, const char *cur, size_t cur_n)
{
	size_t sel = s->dlg.pick.on ? s->dlg.pick.sel : 0;
	session_pick_open(s, "Translation memory (Enter replaces the segment's prose; the English "
	                     "words that differ are marked)", "tm-insert");
	if (!m) {
		session_pick_add(s, "(looking up the translation memory…)");
		VEC_PUSH(&s->dlg.pick.data, (long)TM_PICK_NONE);
		return;
	}
	if (!m->n) {
		session_pick_add(s, "(no match of %d%% or more for this segment)", TM_DEFAULT_MIN);
		VEC_PUSH(&s->dlg.pick.data, (long)TM_PICK_NONE);
		return;
	}
	for (size_t i = 0; i < m->n; i++) {
		const TmMatch *x = &m->v[i];
		Buf row = BUF_INIT;
		buf_addf(&row, "%3d%%  ", x->score);
		add_one_line(&row, x->ko);
		buf_adds(&row, "  · ");
		if (x->file[0])
			buf_addf(&row, "%s:%ld", x->file, x->line);
		else
			buf_adds(&row, x->imported ? "(imported)" : "");
		if (x->date > 0) {
			buf_adds(&row, " · ");
			add_date(&row, x->date);
		}
		session_pick_add(s, "%s", row.p);
		buf_release(&row);
		VEC_PUSH(&s->dlg.pick.data, (long)i);
		/* the detail: the match's English (words the current English lacks
		 * marked), the current English (words the match lacks marked) */
		Buf d = BUF_INIT;
		const char *h1 = "English of the match: ";
		buf_adds(&d, h1);
		size_t at = d.len;
		add_one_line(&d, x->en);
		buf_adds(&d, "\n");
		const char *h2 = "English of this segment: ";
		buf_adds(&d, h2);
		size_t at2 = d.len;
		Buf c = BUF_INIT;
		buf_add(&c, cur, cur_n);
		add_one_line(&d, c.p ? c.p : "");
		buf_release(&c);
		buf_addf(&d, "\n%s", x->author[0] ? x->author : "");
		if (x->commit[0])
			buf_addf(&d, "%s%.7s", x->author[0] ? " · " : "", x->commit);
		session_pick_detail(s, d.p);
		for (size_t j = 0; j < x->diff_n; j++)
			session_pick_mark(s, true, at + x->diff[j].off, x->diff[j].len, SPAN_DIFF);
		for (size_t j = 0; j < x->cur_diff_n; j++)
			session_pick_mark(s, true, at2 + x->cur_diff[j].off, x->cur_diff[j].len, SPAN_DIFF);
		buf_release(&d);
	}
	s->dlg.pick.sel = MIN(sel, s->dlg.pick.items.n - 1);
}

static void fill_for(Session *s, SidecarKey key)
{
	SessionTmHit *h = hit_of(s, key);
	Buf en = BUF_INIT;
	session_seg_prose(s, s->tm.pick_seg, PANE_SOURCE, &en);
	fill_list(s, h ? &h->m : NULL, en.p ? en.p : "", en.len);
	buf_release(&en);
}

/* The list open for key gets its matches. */
static bool refill(Session *s, SidecarKey key)
{
	if (!s->dlg.pick.on || !s->dlg.pick.then || strcmp(s->dlg.pick.then, "tm-insert") ||
	    strcmp(s->tm.pick_key.hex, key.hex))
		return false;
	fill_for(s, key);
	return true;
}

/* F4 and Alt-4: the memory is there and the cursor is in prose (*k);
 * else false with a message. */
static bool cur_prose(Session *s, long *k)
{
	if (!s->tm.w)
		return session_error(s, "No translation memory in use");
	session_tm_poll(s, false);
	if (s->tm.missing)
		return session_error(s, "%s", s->tm.said ? s->tm.said
		                                          : "No translation memory (yeok tm build makes one)");
	*k = session_cur_seg(s);
	if (!tm_seg(s, *k))
		return session_error(s, "The translation memory has prose only: no prose here");
	return true;
}

bool session_tm_list(Session *s)
{
	long k;
	if (!cur_prose(s, &k))
		return false;
	SidecarKey key = seg_key(s, (size_t)k);
	s->tm.pick_key = key;
	s->tm.pick_seg = (size_t)k;
	if (!hit_of(s, key))
		request(s, (size_t)k, key);
	session_pick_close(s);
	fill_for(s, key);
	return true;
}

/* Insert match x into segment k (one undo step). */
static bool insert(Session *s, size_t k, const TmMatch *x)
{
	Buf en = BUF_INIT;
	session_seg_prose(s, k, PANE_SOURCE, &en);
	char *ko = tm_insert_text(x, en.p ? en.p : "", en.len);
	buf_release(&en);
	bool ok = session_replace_prose(s, k, ko, strlen(ko));
	free(ko);
	if (ok)
		session_msg(s, "Inserted the %d%% match%s%s (Ctrl-Z undoes)", x->score,
		            x->file[0] ? " from " : "", x->file);
	return ok;
}

bool session_tm_insert(Session *s, size_t i)
{
	size_t k = s->tm.pick_seg;
	SessionTmHit *h = hit_of(s, s->tm.pick_key);
	if (!h || i >= h->m.n || k >= s->doc.al.n || strcmp(seg_key(s, k).hex, s->tm.pick_key.hex))
		return session_error(s, "No such match");
	s->tm.pick_key.hex[0] = '\0';
	return insert(s, k, &h->m.v[i]);
}

bool session_tm_insert_best(Session *s)
{
	long k;
	if (!cur_prose(s, &k))
		return false;
	SidecarKey key = seg_key(s, (size_t)k);
	SessionTmHit *h = hit_of(s, key);
	if (!h) {
		request(s, (size_t)k, key);
		s->tm.insert_key = key;
		session_msg(s, "Looking up the translation memory… (the best match goes in when it comes)");
		return true;
	}
	if (!h->m.n)
		return session_error(s, "No match of %d%% or more in the translation memory",
		                     TM_DEFAULT_MIN);
	return insert(s, (size_t)k, &h->m.v[0]);
}

/* ---- polling --------------------------------------------------------------------- */

/* Alt-4 waited for key: insert now if the cursor is still there. */
static bool insert_pending(Session *s, SidecarKey key)
{
	if (strcmp(s->tm.insert_key.hex, key.hex))
		return false;
	s->tm.insert_key.hex[0] = '\0';
	long k = session_cur_seg(s);
	if (!tm_seg(s, k) || strcmp(seg_key(s, (size_t)k).hex, key.hex))
		return false;
	SessionTmHit *h = hit_of(s, key);
	if (!h || !h->m.n) {
		session_error(s, "No match of %d%% or more in the translation memory", TM_DEFAULT_MIN);
		return true;
	}
	insert(s, (size_t)k, &h->m.v[0]);
	return true;
}

static void say_error(Session *s, const Err *e)
{
	if (e->code == EXIT_NOINPUT) {
		/* no memory: said by F4 and Alt-4 only — also when they came
		 * before the worker knew (a loaded machine): the list that
		 * waited for it closes, the Alt-4 that waited is dropped, and
		 * the message says why (not "no match") */
		s->tm.missing = true;
		if (!s->tm.said)
			s->tm.said = xasprintf("%s", e->msg);
		bool listed = s->dlg.pick.on && s->dlg.pick.then && !strcmp(s->dlg.pick.then, "tm-insert");
		if (listed)
			session_pick_close(s);
		if (listed || s->tm.insert_key.hex[0])
			session_error(s, "%s", s->tm.said);
		s->tm.insert_key.hex[0] = '\0';
		return;
	}
	if (s->tm.said && !s->tm.missing)
		return; /* once */
	s->tm.missing = false;
	free(s->tm.said);
	s->tm.said = xasprintf("Translation memory: %s (editing goes on without it)", e->msg);
	session_error(s, "%s", s->tm.said);
}

/* Wait until the worker's fd is readable (at most ms). */
static void wait_fd(Session *s, int ms)
{
	struct pollfd p = {tm_worker_notify_fd(s->tm.w), POLLIN, 0};
	poll(&p, 1, ms);
}

/* The worker's error, if it has one to say. */
static bool take_error(Session *s)
{
	Err e;
	err_init(&e);
	if (!tm_worker_error(s->tm.w, &e))
		return false;
	say_error(s, &e);
	return true;
}

bool session_tm_poll(Session *s, bool block)
{
	TmWorker *w = s->tm.w;
	if (!w)
		return false;
	tm_worker_notify_drain(w);
	/* the error before the lookup's answer: what a missing memory
	 * answers empty is no "no match" (and again at the end, for one
	 * that came meanwhile) */
	bool changed = take_error(s);
	if (s->tm.req) {
		TmMatches m = {0};
		TmPoll p = block ? tm_worker_wait(w, s->tm.req, &m) : tm_worker_poll(w, s->tm.req, &m);
		if (p == TM_DONE) {
			changed |= take_error(s); /* one that came during the wait */
			SessionTmHit *h = hit_of(s, s->tm.req_key);
			if (!h) {
				h = &s->tm.hits[s->tm.hits_next];
				s->tm.hits_next = (s->tm.hits_next + 1) % SESSION_TM_HITS;
			}
			tm_matches_release(&h->m);
			h->key = s->tm.req_key;
			h->m = m;
			s->tm.req = 0;
			changed = true;
			changed |= refill(s, h->key);
			insert_pending(s, h->key);
		} else if (p == TM_UNKNOWN) {
			s->tm.req = 0;
		}
	}
	while (s->tm.batch) {
		TmRenderings *r = NULL;
		size_t n = 0;
		TmPoll p = tm_worker_renderings_poll(w, s->tm.batch, &r, &n);
		if (p == TM_DONE) {
			changed |= take_batch(s, r, n);
		} else if (p == TM_UNKNOWN) {
			s->tm.batch = 0;
		} else if (block) {
			wait_fd(s, 1000);
			tm_worker_notify_drain(w);
			continue;
		}
		break;
	}
	TmStats st;
	bool ok = false;
	Err e;
	err_init(&e);
	/* found first: the update starts as the memory is found */
	bool found = !s->tm.updated && tm_worker_where(w, NULL, NULL);
	TmPoll up = s->tm.updated ? TM_UNKNOWN : tm_worker_update_poll(w, &st, &ok, &e);
	if (up == TM_UNKNOWN && found)
		s->tm.updated = true; /* found, and no update was started */
	if (up == TM_DONE) {
		s->tm.updated = true;
		if (!ok) {
			/* the update's own error (a file that is not a memory,
			 * not replaced) is said even after the reader's */
			if (s->tm.said && !s->tm.missing && !strstr(s->tm.said, e.msg)) {
				free(s->tm.said);
				s->tm.said = NULL;
			}
			say_error(s, &e);
		} else if (!st.up_to_date) {
			if (!s->shell.msg.text[0] || s->shell.msg.note) {
				session_msg(s, "Translation memory updated: %zu commit%s, %zu segments%s%s",
				            st.commits, st.commits == 1 ? "" : "s", st.segments,
				            st.rebuilt[0] ? "; rebuilt: " : "", st.rebuilt);
				s->shell.msg.note = true;
			}
			/* what it says now may differ */
			hits_clear(s);
			s->tm.missing = false;
			free(s->tm.said);
			s->tm.said = NULL;
			queue_batch(s);
			changed = true;
		}
	}
	return take_error(s) || changed;
}

void session_tm_prefetch(Session *s)
{
	if (!s->tm.w || s->tm.missing)
		return;
	long k = session_cur_seg(s);
	if (!tm_seg(s, k) || s->doc.al.v[k].status != ST_UNTRANSLATED)
		return;
	SidecarKey key = seg_key(s, (size_t)k);
	if (!hit_of(s, key))
		request(s, (size_t)k, key);
}

const TmMatches *session_tm_matches(Session *s, size_t k)
{
	if (!tm_seg(s, (long)k))
		return NULL;
	SessionTmHit *h = hit_of(s, seg_key(s, k));
	return h ? &h->m : NULL;
}

/* ---- the consistency finding ---------------------------------------------- */

void session_tm_consistency(Session *s, size_t k, FindingVec *out)
{
	CheckId id;
	if (!s->tm.cons.n || !tm_seg(s, (long)k) || s->doc.al.v[k].status == ST_UNTRANSLATED ||
	    !check_id_parse(STR_LIT("consistency"), &id) || !s->chk.cset.on[id])
		return;
	SidecarKey key = seg_key(s, k);
	SessionTmRender probe = {key, {0}};
	SessionTmRender *r = bsearch(&probe, s->tm.cons.v, s->tm.cons.n, sizeof(probe), cmp_key);
	if (!r)
		return;
	Buf en = BUF_INIT, ko = BUF_INIT;
	session_seg_prose(s, k, PANE_SOURCE, &en);
	session_seg_prose(s, k, PANE_TARGET, &ko);
	Finding f;
	memset(&f, 0, sizeof(f));
	if (tm_consistency_message(en.p ? en.p : "", en.len, ko.p ? ko.p : "", ko.len, &r->r,
	                           &f.message, &f.suggestion)) {
		const Block *b = &s->doc.tgt_host.blocks.v[s->doc.al.v[k].tgt];
		f.check = id;
		f.sev = SEV_INFO;
		f.line = b->kind == BK_TITLE ? b->text_line : b->first;
		f.byte = b->kind == BK_TITLE ? 0 : b->first_off;
		Str ln = lines_get(&s->doc.tgt, f.line);
		f.col = 1;
		for (size_t i = 0; i < f.byte && i < ln.n; i++)
			f.col += ((unsigned char)ln.p[i] & 0xc0) != 0x80;
		f.unit = k;
		VEC_PUSH(out, f);
	}
	buf_release(&en);
	buf_release(&ko);
}
