/*
 * progress — segment statuses: the sidecar's stored decisions applied to an
 * alignment (with stale detection), stored back, and counted.
 *
 * Keys.  Every segment has a source key (sidecar_key() of its source text:
 * the rst_block_text() of each source block joined with "\n\n") and a
 * target key (the same over its target blocks).  A segment with no source
 * side has no source key, one with no target side no target key.
 *
 * Applying (progress_apply), in two passes over the segments:
 *   1. Source match.  A segment whose source key equals a stored entry's
 *      source key takes that entry: `done` -> ST_DONE, `reviewed` ->
 *      ST_REVIEWED; a stored `draft` carries no decision beyond the text,
 *      so the segment keeps align's status (untranslated or draft).  When
 *      several segments have the same source text (a repeated "Output:"),
 *      the k-th such segment takes the k-th entry with that key, in order.
 *      An entry with a hint (below) is taken here only by a segment with
 *      its target key: its source key is the old English, which another
 *      segment may still have.
 *   2. Stale.  A segment left over from pass 1 whose target key equals
 *      the target key of an entry left over from pass 1 (so: its stored
 *      source text is no longer the source of any segment that claimed it,
 *      but the translation it was given for is still there, unchanged)
 *      becomes ST_STALE when that entry is `done` or `reviewed` — the
 *      English changed after the translator finished it.  Its old source
 *      key and, when the entry kept it, the old English (`old:`) are
 *      reported in ProgressSeg so the UI can show a word diff (diff_words() in diff.h).
 *      A left-over `draft` entry gives nothing (drafts cannot be stale),
 *      unless it has a hint (`hint:`, written by `yeok sync`: the segment
 *      had a translation, its English changed, and the new English was
 *      written in its place): an entry with a hint is stale whatever its
 *      mark, and its hint is reported in ProgressSeg too.
 *   Entries that match nothing are dropped at the next progress_store():
 *   both their English and their translation are gone.
 *   Segments nothing matched keep align's status.
 *
 * Storing (progress_store) replaces the sidecar's entries by one per
 * segment with a source side whose status is draft, done, reviewed or
 * stale, in segment order.  A stale segment is stored under its *old*
 * source key with its current target key and its done/reviewed mark (and
 * the old English when known), so that it is stale again on reopening —
 * also after the translator edited the translation but did not yet mark it
 * done (the target key then is the edited text's).  Its mark is kept
 * (reviewed, or draft for an entry with a hint; else done) and so is its
 * hint: ProgressSeg.hint, or when that is NULL the hint of the sidecar
 * entry stored under the same old source key (so a caller that rebuilds
 * the Progress from keys alone, as the editor's save does, keeps it).
 * Marking it done stores the new source key and the stale state is over.
 *
 * Counting (progress_count) looks at prose segments only (rst_kind_is_prose
 * of the segment's kind): code, directives and tables are not translated.
 *
 * Depends on util, text, lines, rst, align, sidecar, pair.  Never prints.
 */
#ifndef YEOK_PROGRESS_H
#define YEOK_PROGRESS_H

#include "yeok/align.h"
#include "yeok/pair.h"
#include "yeok/sidecar.h"

typedef struct ProgressSeg {
	SidecarKey source;  /* current source key ("" when no source side) */
	SidecarKey target;  /* current target key ("" when no target side) */
	int entry;          /* index into the sidecar's segs that decided the
	                       status at apply time, -1 when none */
	SidecarMark mark;   /* the entry's mark (0 when entry < 0) */
	SidecarKey old_key; /* ST_STALE: the source key it was done against */
	char *old;          /* ST_STALE: the English it was done against when
	                       known (owned), else NULL */
	char *hint;         /* ST_STALE after `yeok sync`: the Korean it had
	                       before (SidecarSeg.hint; owned), else NULL */
} ProgressSeg;

typedef struct Progress {
	ProgressSeg *v; /* one per segment of the alignment it was made for */
	size_t n;
	size_t cap;
} Progress;

void progress_init(Progress *p);
void progress_release(Progress *p);

/* Apply sc to a (statuses updated in place) and fill p with one entry per
 * segment (previous content released). */
void progress_apply(const Sidecar *sc, const Lines *src, const RstDoc *sb, const Lines *tgt,
                    const RstDoc *tb, Alignment *a, Progress *p);
/* progress_apply in two steps, so the keys can be taken a few segments at
 * a time: the keys of segment g into ps (ps set as progress_apply sets an
 * entry before deciding: no entry, no mark), then, with p holding one such
 * entry per segment of a, in order, the decisions (statuses updated in
 * place; p's entries filled). */
void progress_seg_keys(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                       const Segment *g, ProgressSeg *ps);

/* progress_apply_keyed in slices (the editor's idle time): start, then
 * progress_apply_some does up to max units of work (an entry indexed or a
 * segment decided: each a lookup in a hash of the keys, a few
 * microseconds at most) and returns true while some remain.  Between
 * slices sc, st and p must not change; the statuses in st are final once
 * it returned false (pass 2 needs the
 * whole of pass 1), and equal progress_apply_keyed's (that is the same
 * steps at once).  Release in any state. */
struct ProgressIndexes;
typedef struct ProgressApply {
	const Sidecar *sc;
	SegStatus *st;             /* the n segments' statuses, decided in place */
	size_t n;
	Progress *p;
	int phase;
	size_t at;                 /* the next entry or segment of the phase */
	struct ProgressIndexes *ix; /* the entries by source and by target key */
	bool *used;                /* per entry: taken by a segment */
} ProgressApply;
/* st[0..n): the statuses of the n segments p was made for (align's), where
 * the decisions are written (the segments themselves are not read: a
 * caller that must not change them yet needs no copy of them). */
void progress_apply_start(ProgressApply *x, const Sidecar *sc, SegStatus *st, size_t n,
                          Progress *p);
bool progress_apply_some(ProgressApply *x, size_t max);
void progress_apply_release(ProgressApply *x);

/* Recompute p->v[i].target for segment i after its target text changed
 * (the source key stays). */
void progress_retarget(Progress *p, size_t i, const Lines *tgt, const RstDoc *tb,
                       const Alignment *a);

/* The hint of segment i (the old Korean kept by `yeok sync`, its lines
 * joined with LF, common indentation removed), or NULL when it has none.
 * Borrowed from p.  include/yeok/sync.h makes the replacement text of the
 * segment's target lines from it (sync_hint_text). */
const char *progress_hint(const Progress *p, size_t i);

/* Replace sc's segment entries by the statuses of a (see above).  p must
 * be the Progress of a (same n); p->v[i].source must be current. */
void progress_store(Sidecar *sc, const Alignment *a, const Progress *p);

/* The old English of a stale segment: search an older source (e.g. the
 * one the sidecar records) for a run of 1..PROGRESS_MAX_RUN consecutive
 * blocks whose text has the key; append the text to out.  False when none. */
#define PROGRESS_MAX_RUN 4
bool progress_find_text(const Lines *l, const RstDoc *d, SidecarKey key, Buf *out);

/* For every stale segment of a whose old English is not known yet, look
 * it up in old_src (the source the sidecar recorded before, e.g. read
 * through its source record) and keep it in p->v[i].old, so that
 * progress_store() writes it to the sidecar (`old:`) and it survives the
 * record being replaced by the new source.  Returns how many are still
 * unknown. */
size_t progress_fill_old(Progress *p, const Alignment *a, const Lines *old_src,
                         const RstDoc *old_sb);

typedef struct ProgressCount {
	size_t total;        /* prose segments */
	size_t untranslated; /* target text equals source text */
	size_t draft;
	size_t done;         /* done, not reviewed */
	size_t reviewed;
	size_t stale;
} ProgressCount;

/* Add the prose segments of a to c (c is not zeroed).  A segment with
 * nothing to translate (align_nothing_to_translate: its English is only
 * literals, roles, URLs, substitutions) counts as done while it is
 * untranslated; an English block with no Korean partner (a 1:0 segment
 * that is not stale) as untranslated; a file of code only has no prose
 * segments (100 %). */
void progress_count(const Alignment *a, ProgressCount *c);

/* A document without a known source: its prose blocks are the segments;
 * a block with Hangul in it is translated (draft), one without words to
 * translate (align_has_words) done, any other untranslated.  Added to c. */
void progress_count_self(const Lines *l, const RstDoc *d, ProgressCount *c);

/* Share translated (everything but untranslated and stale: a stale
 * segment's translation is of an English that changed, and after `yeok
 * sync` it holds the new English) in percent, 0..100; 100 for an empty
 * document. */
double progress_percent(const ProgressCount *c);

/* Invariant: p matches a (same n), keys well-formed, stale segments have
 * an old key. */
bool progress_check(const Progress *p, const Alignment *a, Err *e);

#endif
