/*
 * review — what changed between two revisions of a translated document,
 * for reviewer mode (`yeok review`) and its exports.
 *
 * The changed lines are those of a line diff of the base revision against
 * the head (the same lines `git diff` shows); a segment of the source↔head
 * alignment is a change when any of its head lines changed, or lines were
 * deleted inside it.  For each change the base lines it replaced are
 * found between the nearest unchanged lines, and kept as "old Korean"
 * when they hold Hangul (a base that was still English has no old text).
 *
 * Depends on util, text, lines, rst, align, diff.  Never prints.
 */
#ifndef YEOK_REVIEW_H
#define YEOK_REVIEW_H

#include "yeok/align.h"
#include "yeok/lines.h"
#include "yeok/rst.h"

typedef struct ReviewChange {
	size_t seg;        /* index into Review.al (source ↔ head segments) */
	size_t head_first; /* head lines of the segment, 0-based inclusive */
	size_t head_last;
	bool has_old;      /* the base had Korean text here */
	size_t base_first; /* base lines replaced (0-based inclusive), when */
	size_t base_last;  /* base_first <= base_last; else none */
} ReviewChange;

typedef struct Review {
	Lines src, base, head; /* the three texts (owned copies) */
	RstDoc sb, hb;         /* blocks of the source and the head */
	Alignment al;          /* source ↔ head */
	bool *head_changed;    /* per head line: inserted or replaced */
	ReviewChange *v;       /* the changes in document order */
	size_t n;
	size_t cap;
} Review;

void review_init(Review *r);
void review_release(Review *r);

/* Compute the changes from base to head, aligned against src. */
void review_compute(Review *r, const char *src, size_t src_n, const char *base, size_t base_n,
                    const char *head, size_t head_n);

/* The change holding head line `line` (0-based), or -1. */
long review_find_line(const Review *r, size_t line);

#endif
