/* Synthetic upstream edits of an English RST text, for testing `yeok sync`
 * (issue 20): from a seed, some blocks are edited (a word of prose, a line
 * of code), some paragraphs inserted, deleted or moved.  The result stays
 * valid RST (or a valid sphinx-gallery .py) where the input was: only
 * top-level paragraphs that neither
 * introduce a literal block nor hold nested content are inserted after,
 * deleted or moved; edits change a plain word of a line (a title keeps its
 * length) or a code line that is not a comment.  A .py (fmt HOST_PY, read
 * with the host reader) gets edits and insertions in its text blocks and
 * code cells, no deletions or moves.
 *
 * The manifest says where each line of the result came from, so a test
 * knows which blocks upstream left alone and which it changed. */
#ifndef YEOK_TESTS_UPSTREAM_EDITS_H
#define YEOK_TESTS_UPSTREAM_EDITS_H

#include "yeok/host.h"
#include "yeok/lines.h"

typedef struct UeLine {
	long from;   /* line of the input it is a copy of; -1: inserted */
	bool edited; /* a copy with a change */
} UeLine;

typedef struct UeResult {
	Buf text;    /* the new English */
	UeLine *v;   /* one per line of text (as lines_parse splits it) */
	size_t n;
	size_t edits, inserts, deletes, moves, code_edits; /* what was done */
} UeResult;

/* Make edits of en (a text in format fmt) with the given seed.  rate
 * (0..1) scales how many blocks are touched.  r is replaced. */
void ue_make(const char *en, size_t en_n, HostFormat fmt, uint64_t seed, double rate,
             UeResult *r);
void ue_release(UeResult *r);

#endif
