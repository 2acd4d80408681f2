/* Private to src/sync: the old pair, the units of the matching, the
 * composition of the result. */
#ifndef YEOK_SYNC_PRIVATE_H
#define YEOK_SYNC_PRIVATE_H

#include "yeok/host.h"
#include "yeok/pair.h"
#include "yeok/source.h"
#include "yeok/sync.h"

/* A text as sync reads it, a side of a DocPair (include/yeok/pair.h): the
 * file's lines (what the result is written from), and the blocks with
 * their RST text (what keys, alignment and hints are made from; the same
 * lines for .rst).  Borrowed from the pair it views. */
typedef struct SyncText {
	const Lines *file;
	const Lines *text;
	const RstDoc *blocks;
	HostFormat fmt;
} SyncText;

/* ---- the pairs (pair.c) -----------------------------------------------------
 * Every pair sync reads is pair_from_texts()'s (the pipeline's one pair
 * builder, as every command's): OLD_EN ↔ FILE with the sidecar's statuses
 * applied, NEW_EN read alone, and NEW_EN ↔ the result.  A SyncPair is
 * built in place and never moved (its views point into it). */
typedef struct SyncPair {
	DocPair dp;         /* source OLD_EN (or NEW_EN), target FILE (or the result) */
	SyncText en;        /* dp's source side */
	SyncText tgt;       /* dp's target side */
	const Alignment *al; /* dp's: OLD_EN ↔ FILE */
	Progress pr;        /* statuses of al from the sidecar (sync_pair_build) */
} SyncPair;

/* OLD_EN ↔ FILE (tgt), the sidecar's statuses applied (sc may be NULL). */
void sync_pair_build(SyncPair *p, const char *path, Str old_en, Str tgt, const Sidecar *sc);
/* The same pair with no statuses: pr left empty. */
void sync_pair_read(SyncPair *p, const char *path, Str en, Str tgt);
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
