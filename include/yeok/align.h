/*
 * align — align source (English) blocks to target (Korean) blocks into
 * segments: 1:1, 1:0, 0:1, n:1, 1:n (DESIGN.md §2 "Segment").
 *
 * Structural, not by line number: titles and code blocks are anchors
 * (title levels, identical or comment-only-different code, directive
 * names); prose between anchors is aligned by kind, indentation, what
 * survives translation (inline literals, role targets, URLs, numbers,
 * English identifiers) and length (Korean prose is about 0.64 times its
 * English in characters).  Deterministic; near-linear: a banded dynamic
 * program around the diagonal of each region between matched anchors
 * (exact for regions under a million cells); about 0.2 s of CPU for a
 * 100k-line pair.
 *
 * A segment with a title holds exactly one title on each present side.
 * Merges (2:1, 1:2) join two prose blocks with the same parent only.
 * Unmatched blocks are 1:0 or 0:1 segments of one block each.
 * Status: ST_UNTRANSLATED when both sides have the same number of blocks
 * and the same lines (trailing blanks ignored; titles: the same title
 * text), else ST_DRAFT.
 *
 * Depends on util, stats, text, lines, rst.
 */
#ifndef YEOK_ALIGN_H
#define YEOK_ALIGN_H

#include "yeok/rst.h"

typedef enum SegStatus {
	ST_UNTRANSLATED, /* target text equals source text (trailing spaces ignored) */
	ST_DRAFT,        /* translated, not marked done */
	ST_DONE,         /* marked done by the translator */
	ST_STALE,        /* the source changed since it was done */
	ST_REVIEWED,     /* approved by a reviewer */
	ST_COUNT
} SegStatus;

/* 20 bytes: at 1M lines there are about 285k segments, and an edit that
 * adds or removes one moves the tail of the table.  Block indexes fit 32
 * bits: a document has fewer than UINT32_MAX blocks (fewer than its
 * lines; align_docs and align_update check it). */
typedef struct Segment {
	uint32_t src;     /* first source block index */
	uint32_t src_n;   /* number of source blocks (0: target only) */
	uint32_t tgt;     /* first target block index */
	uint32_t tgt_n;   /* number of target blocks (0: source only) */
	uint8_t kind;     /* BlockKind of the first block of the segment */
	uint8_t status;   /* SegStatus: ST_UNTRANSLATED or ST_DRAFT from align;
	                     the sidecar refines it */
	bool no_prose;    /* nothing to translate: a prose segment whose
	                     English has no words outside inline literals,
	                     roles, URLs and substitutions (align_has_words);
	                     untranslated, it counts as done */
} Segment;
_Static_assert(sizeof(Segment) <= 20, "Segment stays 20 bytes");
_Static_assert(BK_COUNT <= UINT8_MAX && ST_COUNT <= UINT8_MAX, "kinds and statuses fit uint8_t");

/* Does the RST text s[0..n) hold an English word (two letters or more)
 * outside ``literals``, :role:`targets`, URLs, <link targets>,
 * |substitutions| and the names of code (a dotted name nn.Flatten, one
 * with a digit or an underscore, a camel-case DataLoader, a call view())?
 * A text without one has nothing to translate. */
bool align_has_words(const char *s, size_t n);

/* Is segment g one that progress counts as done while untranslated? */
static inline bool align_nothing_to_translate(const Segment *g)
{
	return g->no_prose && g->status == ST_UNTRANSLATED;
}

typedef struct Alignment {
	Segment *v;
	size_t n;
	size_t cap;
} Alignment;

void align_init(Alignment *a);
void align_release(Alignment *a);

/* Align all blocks of the two documents into a (previous content
 * replaced).  Segments are in document order on both sides, cover every
 * block of each side exactly once, and never cross a title. */
void align_docs(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                Alignment *a);

/* The same, keeping in *memo (replacing what it held; NULL: nothing is
 * kept) what align_update needs: both sides' block features, the matched
 * anchors, where the segments of each stretch between them start.  Owned
 * by the caller: align_memo_free.  The memo holds hashes, not slices: the
 * lines may move. */
typedef struct AlignMemo AlignMemo;
void align_docs_memo(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                     Alignment *a, AlignMemo **memo);
void align_memo_free(AlignMemo *m);
/* Do two memos hold the same (features, anchors, matches, stretches,
 * what is pending)?  For tests. */
bool align_memo_same(const AlignMemo *a, const AlignMemo *b);
/* The blocks other than titles whose tokens, length and words the memo
 * holds (for tests): none once the whole alignment is done (each region
 * drops them when it is aligned; align_update computes them again for
 * the regions it aligns, and keeps them). */
size_t align_memo_tokened(const AlignMemo *m);
/* The blocks whose features the memo holds (for tests): the anchors
 * (titles and code) and the blocks of the regions updates aligned; the
 * other blocks' are computed again when their region is aligned. */
size_t align_memo_features(const AlignMemo *m);
/* The target blocks' feature records that changes in the number of
 * blocks have moved so far (for tests): those between the change and
 * the one before (the records are a gap buffer with its gap at the last
 * change), not the blocks after the change. */
size_t align_memo_moved(const AlignMemo *m);
/* What an anchors' pass did (counted in a pass, then added to the stats
 * registry: STAT_ALIGN_SHARED, _READ, _TITLES, _TITLES_SCORED, _SPLITS):
 * cells whose code anchors differ and whose keys' bits say they may share
 * a line (shared), and of them those whose lines were read (read); cells
 * of two titles (titles), and of them those scored in full (tokens in
 * common and length: titles_scored).  The others' match could not beat
 * the cell's best gap. */
typedef struct AlignAnchorWork {
	size_t shared, read, titles, titles_scored;
	size_t splits; /* banded passes cut in two at a sure match (dp.c dp_split) */
} AlignAnchorWork;

/* What align_update or align_step replaced: segments [k0, k1) before are
 * [k0, k0 + wn) now; anchors: the anchors' pass ran again (the changed
 * blocks' titles or code differ). */
typedef struct AlignSplice {
	size_t k0, k1, wn;
	bool anchors;
} AlignSplice;

/* Phased (the editor's first frame): the anchors' features and pass only;
 * every stretch between matched anchors is left pending, its segments
 * placeholders (each source block alone, then each target block alone,
 * drafts).  align_step aligns one pending stretch; once none is pending
 * (align_pending 0) a and *memo are, field for field, what
 * align_docs_memo gives (tests/unit/test-align.c).  align_update needs
 * none pending (BUG_ON). */
void align_docs_phased(const Lines *src, const RstDoc *sb, const Lines *tgt, const RstDoc *tb,
                       Alignment *a, AlignMemo **memo);
/* One side's features as the alignment's start computes them (what the
 * anchors' pass reads), computed apart: the source's on another thread
 * while the target is read (pair.c).  They read l and d only; l and d
 * must not change before align_docs_with takes them. */
typedef struct AlignFeatures AlignFeatures;
AlignFeatures *align_features_new(const Lines *l, const RstDoc *d);
/* align_docs_memo (phased false) or align_docs_phased (true, memo not
 * NULL) with the source's features sf (align_features_new of src and sb)
 * and the target's tf (of tgt and tb), each taken, or NULL (computed
 * here): the same alignment and memo. */
void align_docs_with(const Lines *src, const RstDoc *sb, AlignFeatures *sf, const Lines *tgt,
                     const RstDoc *tb, AlignFeatures *tf, Alignment *a, AlignMemo **memo,
                     bool phased);
/* The stretches still pending (0 for NULL). */
size_t align_pending(const AlignMemo *m);
/* The first segment (*k0) of the first pending stretch whose segments
 * end after segment seg; false: none (one before seg may be pending). */
bool align_next_pending(const AlignMemo *m, size_t seg, size_t *k0);
/* Align that stretch (the blocks are the ones memo m was made for) and,
 * while fewer than max_blocks blocks were aligned, the pending stretches
 * right after it (0: that one alone; SIZE_MAX: to the next one that is
 * not pending), in one splice: the placeholders go to removed, *out says
 * which segments changed (the blocks' indices do not).  False: nothing
 * was pending. */
bool align_step(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                const RstDoc *tb, Alignment *a, size_t seg, size_t max_blocks,
                Alignment *removed, AlignSplice *out);

/* Idle time's step: align the pending stretches in order, about
 * max_blocks blocks of them (at least one stretch), into memo m without
 * splicing them into a (each splice moves every later segment: 29 MB at
 * 1M lines); the step after splice_blocks blocks are held, or after
 * the stretch that has no pending one after it, splices all held in one
 * (that alone: *spliced; *out, removed as align_step's).  What is held stays pending (align_pending, the
 * placeholders in a) until spliced; align_step drops it.  False: nothing
 * was pending. */
bool align_idle_step(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                     const RstDoc *tb, Alignment *a, size_t max_blocks, size_t splice_blocks,
                     Alignment *removed, AlignSplice *out, bool *spliced);
/* Is align_idle_step's next step the splice? */
bool align_idle_splice_due(const AlignMemo *m, size_t splice_blocks);

/* Target blocks [t0, t0 + old_n) of the blocks memo m was made for were
 * replaced by blocks [t0, t0 + new_n) of tb; every other block is the one
 * it was (the same text and fields, its index shifted by new_n - old_n
 * past the change; the blocks outside the change have the same title
 * levels and equal parents where they had).  Makes a what align_docs gives on
 * the blocks now, exactly, re-running only what the change reaches: the
 * features of the new blocks, the anchors' pass when their anchors
 * differ, and the stretches between matched anchors that changed.  The
 * segments replaced are copied into removed (its content replaced); *out
 * says which. */
void align_update(AlignMemo *m, const Lines *src, const RstDoc *sb, const Lines *tgt,
                  const RstDoc *tb, Alignment *a, size_t t0, size_t old_n, size_t new_n,
                  Alignment *removed, AlignSplice *out);

/* Line range of a segment's side, 0-based inclusive; false when that side
 * is empty. */
bool align_src_lines(const Segment *s, const RstDoc *sb, size_t *first, size_t *last);
bool align_tgt_lines(const Segment *s, const RstDoc *tb, size_t *first, size_t *last);

/* The first segment whose target side ends after target block b (a->n:
 * none); it holds b when its target side starts at or before b.  The
 * segments' tgt + tgt_n never decreases: a bisection. */
size_t align_seg_after_tgt(const Alignment *a, size_t b);

/* Share of source blocks that found a partner (0..1). */
double align_matched_share(const Alignment *a, const RstDoc *sb);

const char *align_status_name(SegStatus s); /* "untranslated", "draft", ... */

/* (added) Append the alignment in the `yeok align` format (DESIGN.md §3.1):
 * TSV "KIND\tSRC_FIRST\tSRC_LAST\tTGT_FIRST\tTGT_LAST\tSTATUS\n" lines with
 * 1-based inclusive line numbers and "-" for an absent side, or (json) a
 * JSON array of {"kind","source":[f,l]|null,"target":[f,l]|null,"status"},
 * one object per line. */
void align_write(const Alignment *a, const RstDoc *sb, const RstDoc *tb, bool json, Buf *out);

/* Invariant check (order, coverage, no title crossing). */
bool align_check(const Alignment *a, const RstDoc *sb, const RstDoc *tb, Err *e);

#endif
