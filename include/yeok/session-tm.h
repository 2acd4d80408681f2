/*
 * session-tm — the translation memory in the editor (owner:
 * src/session/tm.c).  Part of session.h (included there).
 */
#ifndef YEOK_SESSION_TM_H
#define YEOK_SESSION_TM_H

#include "yeok/check.h"
#include "yeok/sidecar.h"
#include "yeok/tm.h"

typedef struct Session Session;

/* The translation memory in the editor (src/session/tm.c): lookups and
 * the consistency data come from a TmWorker (never on the key path). */
typedef struct SessionTmHit {
	SidecarKey key;     /* the source key of the English looked up */
	TmMatches m;        /* its matches, best first */
} SessionTmHit;
#define SESSION_TM_HITS 16

typedef struct SessionTmRender {
	SidecarKey key;     /* a segment's source key */
	TmRenderings r;     /* the repository's renderings of its English */
} SessionTmRender;

typedef struct SessionTm {
	TmWorker *w;         /* NULL: no memory in use (not started, --no-tm) */
	char *said;          /* the memory's error as said once (owned), NULL */
	bool missing;        /* there is no memory (F4 says so, nothing else) */
	uint64_t req;        /* the lookup pending, 0: none */
	SidecarKey req_key;  /* ... for the English of this source key */
	SessionTmHit hits[SESSION_TM_HITS]; /* recent results (a ring) */
	size_t hits_next;
	SidecarKey pick_key; /* the F4 list shows the matches of this key ("" none) */
	size_t pick_seg;     /* ... for this segment */
	SidecarKey insert_key; /* Alt-4 before the matches came: insert the best
	                        when they do, if the cursor is still there */
	uint64_t batch;      /* the renderings batch pending, 0: none */
	SidecarKey *batch_keys; /* ... the source key of each of its texts (owned) */
	size_t batch_n;
	VEC(SessionTmRender) cons; /* by key (sorted): the consistency data */
	uint64_t cons_gen;   /* grows when cons changed (the findings follow) */
	bool updated;        /* the background update finished (or none runs) */
} SessionTm;

/* ---- the translation memory (src/session/tm.c) ---------------------------
 * Lookups never block: session_tm_start starts a TmWorker; the segment
 * under the cursor is looked up when it is untranslated prose (the status
 * line then says "TM 100%" for an exact match), F4 asks for the matches of
 * any prose segment.  The UI calls session_tm_poll when the worker's
 * notify fd (session_tm_fd) is readable. */

/* Start the memory: db (--tm, `tm:` in config.yaml) or NULL for the
 * repository's default (found off this thread); update: run `tm update`
 * in the background when the memory exists and the repository moved on.
 * Queues the consistency data of the prose segments.  Call after the
 * first frame. */
void session_tm_start(Session *s, const char *db, bool update);
void session_tm_stop(Session *s);
/* The worker's notify fd, -1 when off. */
int session_tm_fd(Session *s);
/* True while a lookup, the consistency batch or the background update is
 * pending (the UI then polls between keys). */
bool session_tm_busy(const Session *s);
/* Take what the worker finished (block: wait for the pending lookup and
 * batch): matches into the recent results, the F4 list refilled, a
 * pending Alt-4 inserted, the consistency data, the background update's
 * result and the memory's error (said once).  True when the screen
 * changed. */
bool session_tm_poll(Session *s, bool block);
/* Ask for the matches of the current segment when it is untranslated
 * prose and they are not known or asked for (session_prepare_frame). */
void session_tm_prefetch(Session *s);
/* The matches of segment k when they are known (NULL otherwise). */
const TmMatches *session_tm_matches(Session *s, size_t k);
/* F4: a pick list (then "tm-insert") of the current segment's matches:
 * score, Korean, file and date per row; the English with the words that
 * differ from the current English marked, and the author and commit, as
 * its detail.  Filled when the matches come.  False with a message when
 * there is no memory or no prose here. */
bool session_tm_list(Session *s);
/* Insert match i of the F4 list (tm_insert_text: placeables made the
 * current English's) replacing the segment's prose (one undo step). */
bool session_tm_insert(Session *s, size_t i);
/* Alt-4: the best match of the current segment, the same way; when the
 * matches are not there yet, inserted when they come (if the cursor is
 * still in the segment). */
bool session_tm_insert_best(Session *s);
/* The consistency finding of segment k (info, check `consistency`) when
 * the repository renders its English otherwise; appended to out (lines
 * relative to the segment's first target line). */
void session_tm_consistency(Session *s, size_t k, FindingVec *out);

#endif
