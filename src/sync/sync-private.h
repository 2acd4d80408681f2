/* Private to src/sync: the old pair, the units of the matching, the
 * composition of the result. */
#ifndef YEOK_SYNC_PRIVATE_H
#define YEOK_SYNC_PRIVATE_H

#include "yeok/host.h"
#include "yeok/source.h"
#include "yeok/sync.h"

/* A text read in its host format (include/yeok/host.h): the file's lines
 * (what the result is written from), and the blocks with their RST text
 * (what keys, alignment and hints are made from; the same lines for .rst).
 * h borrows l: a SyncText is initialised in place and never moved. */
typedef struct SyncText {
	Lines l;
	HostDoc h;
} SyncText;

#define ST_BLOCKS(t) (&(t)->h.blocks)
#define ST_TEXT(t) ((t)->h.text)

void sync_text_init(SyncText *t, const char *path, Str bytes);
void sync_text_release(SyncText *t);

/* ---- the adapter (pair.c) -------------------------------------------------
 * Everything sync needs from "the pair" of the editor — the English found
 * the way every command finds it, both sides segmented and aligned, the
 * sidecar's statuses applied — in one place, so that switching to the one
 * pair-building function of the pipeline is a change here only. */
typedef struct SyncPair {
	SyncText en;  /* OLD_EN */
	SyncText tgt; /* FILE */
	Alignment al; /* OLD_EN ↔ FILE */
	Progress pr;  /* statuses of al from the sidecar */
} SyncPair;

void sync_pair_build(SyncPair *p, const char *path, Str old_en, Str tgt, const Sidecar *sc);
void sync_pair_release(SyncPair *p);

/* OLD_EN of the document at path (see sync_file): into out (its desc says
 * where from).  rec is the sidecar's record or NULL. */
bool sync_old_english(const char *path, const SyncOpts *o, const SourceRecord *rec,
                      Str tgt, Source *out, Err *e);

/* ---- units and matching (match.c) --------------------------------------- */

/* One segment of the old alignment with an English side (a 1:0 and a 0:1
 * of the same kind side by side are joined: the aligner missed a pair). */
typedef struct Unit {
	size_t seg;          /* segment of the old alignment */
	size_t src, src_n;   /* OLD_EN blocks */
	size_t tgt, tgt_n;   /* FILE blocks (tgt_n 0: none) */
	BlockKind kind;
	SidecarKey key;      /* of the English */
	bool translated;     /* FILE's text differs from the English */
	long elem;           /* the element that took it, -1 */
} Unit;

/* A target-only segment: something the translator added. */
typedef struct Addition {
	size_t seg;          /* segment of the old alignment */
	size_t tgt, tgt_n;   /* FILE blocks */
	long after;          /* the unit it followed, -1 for the start */
	long elem;           /* the element it is written after, -1 before the first */
} Addition;

/* One element of NEW_EN: a block, or a run kept as a whole. */
typedef struct Elem {
	size_t block, count;
	long unit;           /* matched unit, -1 */
	SyncFate fate;
	double sim;
	bool moved;
} Elem;

typedef struct Match {
	struct { Unit *v; size_t n, cap; } units;
	struct { Addition *v; size_t n, cap; } adds;
	struct { Elem *v; size_t n, cap; } elems;
	long *elem_of;       /* per NEW_EN block: its element */
} Match;

void sync_match(Match *m, const SyncPair *p, const SyncText *neu);
void sync_match_release(Match *m);

/* The text of n blocks of t from first (pair_blocks_text). */
void sync_blocks_text(const SyncText *t, size_t first, size_t n, Buf *out);

/* ---- composing the result (compose.c) ----------------------------------- */

/* Build r->text, r->blocks and the counts from the match. */
void sync_compose(const Match *m, const SyncPair *p, const SyncText *neu, SyncResult *r);

/* The hint of unit u: FILE's lines of it, common indentation removed
 * (owned). */
char *sync_unit_hint(const SyncPair *p, const Unit *u);

#endif
