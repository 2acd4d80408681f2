/*
 * session-side — the sidecar, the source and the statuses (owners:
 * src/session/session.c, statuses.c, state.c, hint.c, breaks.c): the
 * sidecar as loaded and saved, the statuses applied after a phased open,
 * the checklist, stale segments.  Part of session.h (included there).
 */
#ifndef YEOK_SESSION_SIDE_H
#define YEOK_SESSION_SIDE_H

#include "yeok/doc.h"
#include "yeok/progress.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"

typedef struct Session Session;

/* A stale segment as found at open: what its sidecar entry said (so that
 * saving keeps it stale until it is marked done again). */
typedef struct SessionStale {
	SidecarKey source;  /* the segment's current source key */
	SidecarKey old_key; /* the source key it was done against */
	SidecarMark mark;   /* done or reviewed */
	char *old;          /* the English it was done against, or NULL (owned) */
	char *hint;         /* (after `yeok sync`) the Korean it had, its lines
	                       joined with LF, or NULL (owned) */
} SessionStale;

/* The sidecar and where the English came from (owner:
 * src/session/session.c: read at open, written at save). */
/* The progress keys of a segment given by its block ranges: 32 bytes (one
 * a segment of a phased open, 285k at 1M lines; they were 72, and 38 MB
 * there), block indexes in 32 bits as in Segment, and the keys' 16 hex
 * digits as their 64-bit value (a side without blocks has the empty key:
 * its count is 0). */
typedef struct SessionSegKeys {
	uint32_t src, src_n, tgt, tgt_n;
	uint64_t source, target;
} SessionSegKeys;
_Static_assert(SIDECAR_KEY_LEN == 16, "a key's hex digits are 64 bits");

/* The sidecar's statuses being applied in idle slices, after a phased
 * open (owner: src/session/statuses.c). */
typedef struct SessionApply {
	int phase;            /* 0: none under way */
	size_t at, end;       /* the next unit of the phase (on screen: to end) */
	Progress p;           /* the keys and the decisions, one per segment */
	ProgressApply pa;     /* the decisions under way */
	SegStatus *st;        /* per segment: the status decided (written by the
	                         decisions: the segments are not copied) */
	uint32_t *by_tgt;     /* 1 + the side.keys entry by its first target block
	                         (fewer entries than blocks: 32 bits) */
	uint32_t *by_src;     /* ... by its first source block (no target side) */
	unsigned char *set;   /* per segment: its status is in the doc */
	bool shown;           /* the segments on screen are */
} SessionApply;

typedef struct SessionSide {
	Sidecar sc;           /* FILE.yeok.yaml as loaded and as it will be saved */
	char *path;           /* its path (owned); NULL: none (session_load) */
	bool writable;        /* false: from a newer yeok or unreadable: never written */
	bool dirty;           /* the checklist or translator changed since the save */
	Source src;           /* where the English came from (its record and
	                         sha256 kept for the first save's source
	                         record; its text is empty after an open, the
	                         document's source lines adopted it, but for
	                         SOURCE_SELF: the snapshot a save writes) */
	bool src_known;       /* src is filled (session_open) */
	VEC(SessionStale) stale; /* the stale segments as found at open */
	size_t allow_gen;     /* grows when the sidecar's allow list changed */
	bool statuses_pending; /* opened phased: the sidecar's statuses wait for
	                          the whole alignment, then are applied in
	                          idle slices (session_align_idle); until a
	                          segment's is, it is pending
	                          (session_seg_status_pending) */
	bool in_idle;         /* session_align_idle is aligning */
	SessionApply apply;   /* the application under way */
	bool keys_on;         /* while statuses_pending: keys taken */
	VEC(SessionSegKeys) keys; /* the progress keys of the segments each
	                         stretch gave, taken as it was aligned, so the
	                         statuses' step at the end is mostly the
	                         decisions; found by block ranges (blocks do
	                         not move while stretches are aligned) */
	size_t keys_hashed;   /* keys[0..keys_hashed) have their hashes (a
	                         splice takes the block ranges; idle slices
	                         and the application's first phase hash) */
} SessionSide;

/* Read the PR checklist from the sidecar (FILE.yeok.yaml) into the
 * status line (read only here; a corrupt sidecar is a message and is left
 * as it is for the sidecar's owner to set aside). */
void session_read_checklist(Session *s);

/* ---- the sidecar, statuses, checklist (src/session/assist.c) ----------- */

/* Save the document and its sidecar: the source record on the first save
 * (or when --source/--source-rev named another English), the segment
 * statuses, the cursor, the checklist.  False with a message. */
/* A `.py` that an edit (or a file read so) left unreadable to Python,
 * compared with its code as opened: true with the line and reason in why
 * ("line 12 is Python code now ..."); false for other formats. */
bool session_py_broken(Session *s, Buf *why);
/* The code of the document as it is now becomes what session_py_broken
 * compares with (after an open or a reload). */
void session_py_reference(Session *s);
/* A change of the document's state that is not text (a checklist item,
 * the translator, an allowed word): an unsaved change ([+], Ctrl-Q asks)
 * and journalled as "WHAT VALUE" (line breaks in value made blanks), so a
 * crash offers it back (safety_recover reads the line).  WHAT: license,
 * issue, type, translator-name, translator-url, allow. */
void session_state_changed(Session *s, const char *what, const char *value);
bool session_save(Session *s);
/* The checklist parts for the status line (sidecar_checklist_parts). */
int session_checklist(Session *s, ChecklistPart parts[CHECKLIST_PARTS]);
/* Insert or repair the translator line after the author line with the
 * sidecar's translator (one undo step).  False with a message. */
bool session_translator_line(Session *s);
/* Mark segment k (done, reviewed...) and remember it for the sidecar. */
void session_set_status(Session *s, size_t k, SegStatus st);

/* Open a pick list / a prompt (see SessionPick, SessionAsk). */

/* ---- stale segments ------------------------------------------------------ */
/* The old English (the one the segment was done against) and the new one
 * of stale segment k; false when k is not stale or the old English is not
 * known.  Strings appended to old_en / new_en. */
bool session_stale_texts(Session *s, size_t k, Buf *old_en, Buf *new_en);
/* Segment k is where the alignment broke (src/session/breaks.c): near an
 * English title with no Korean title (or the reverse) amid one-sided
 * segments, as an RST error in the translation makes them; *why (may be
 * NULL) gets what to tell the translator.  The status line says it. */
bool session_align_break(Session *s, size_t k, Buf *why);
/* The English is older than the Korean (source-stale: measured once the
 * checks are set up, at each open): the comparison, or NULL. */
const SourceStale *session_stale_english(const Session *s);

/* The hint of stale segment k: the Korean it had before `yeok sync` wrote
 * its new English (the sidecar's `hint:`, its lines joined with LF), or
 * NULL when k is not stale or has none (src/session/hint.c). */
const char *session_stale_hint(Session *s, size_t k);
/* Replace the current segment's translation lines by its hint, at the
 * indentation of its first line (sync_hint_text; one undo step); it stays
 * stale until marked done.  False with a message when there is none. */
bool session_take_hint(Session *s);

#endif
