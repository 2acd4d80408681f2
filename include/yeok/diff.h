/*
 * diff — the shortest edit script between two sequences (Myers, "An O(ND)
 * Difference Algorithm and Its Variations", 1986), on 64-bit hashes of the
 * elements: lines for review mode, words for word-level differences.
 *
 * Depends on util only.
 */
#ifndef YEOK_DIFF_H
#define YEOK_DIFF_H

#include "yeok/util.h"

typedef enum DiffKind { DIFF_SAME, DIFF_DEL, DIFF_INS } DiffKind;

/* A run of one kind: a[a_pos .. a_pos+len) deleted, b[b_pos .. b_pos+len)
 * inserted, or equal elements at both. */
typedef struct DiffOp {
	DiffKind kind;
	size_t a_pos;
	size_t b_pos;
	size_t len;
} DiffOp;

typedef struct Diff {
	DiffOp *v;
	size_t n;
	size_t cap;
} Diff;

void diff_release(Diff *d);

/* Compute a shortest edit script from a to b into d (replaced): runs in
 * order of position, adjacent runs of one kind merged.  Cost O((na+nb)·D); when D exceeds max_d (0: no limit) the
 * middle is reported as one deletion plus one insertion. */
void diff_seq(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, size_t max_d,
              Diff *d);

/* Word-level difference of two texts: words are runs of non-space bytes
 * (a Hangul word with its particle is one word), spaces are elements too.
 * Each op's positions and lengths are in elements; the offsets of element
 * k of a text are given by diff_words_split. */
typedef struct DiffWord {
	size_t off; /* byte offset in the text */
	size_t len; /* bytes */
} DiffWord;
typedef struct DiffWords {
	DiffWord *v;
	size_t n;
	size_t cap;
} DiffWords;
void diff_words(const char *a, size_t na, const char *b, size_t nb, DiffWords *wa, DiffWords *wb,
                Diff *d);

/* Which lines of text b are new against text a (lines end at '\n'; a last
 * line without one counts; "\r\n" lines compare with their '\r'): *lines
 * gets an array of *nlines flags (owned by the caller), lines[i] true when
 * line i of b is inserted or replaced by the shortest edit script from a
 * to b (what `git diff` shows as '+').  A deletion with no line inserted
 * in its place marks the nearest non-blank line of b on each side of it:
 * a finding there is about what was deleted.  Cost
 * O((na + nb) + D^2) with D capped at 20,000 (beyond: the middle counts
 * as changed). */
void diff_changed_lines(const char *a, size_t na, const char *b, size_t nb, bool **lines,
                        size_t *nlines);

#endif
