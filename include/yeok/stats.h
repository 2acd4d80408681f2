/*
 * stats — the one registry of what the process did, counted: the work that
 * tests assert does not grow (git processes, files scanned, keys hashed,
 * rows painted, ...) and that `YEOK_STATS=1` prints.  The counters live
 * here, not in the models' structs; every module adds to its own.  Safe
 * from any thread (relaxed atomics).  A hot loop counts locally and adds
 * once.
 *
 * Depends on util.  Never prints.
 */
#ifndef YEOK_STATS_H
#define YEOK_STATS_H

#include "yeok/util.h"

typedef enum StatId {
	/* what YEOK_STATS=1 prints after `yeok check`, in this order */
	STAT_GIT_SPAWNS,          /* git processes started (vcs) */
	STAT_REPO_FILES_SCANNED,  /* repository files read for the checks' words (check) */
	STAT_HISTORY_PATHS,       /* paths whose history was logged (source) */
	STAT_HISTORY_VERSIONS,    /* file versions read from the history (source) */
	STAT_PRINTED,             /* (the end of what check prints) */
	/* for tests and the bench */
	STAT_PAIR_SOURCE_THREADS = STAT_PRINTED, /* sources read on a thread of their own (pair) */
	STAT_DOC_KEY_HASHES,      /* segment keys an edited document hashed (doc) */
	STAT_DOC_WINDOW_LINES,    /* the last edit's re-segmented target lines (doc; a gauge) */
	STAT_DOC_WINDOW_FULL,     /* 1: the last edit re-segmented the whole document (a gauge) */
	STAT_GLOSS_LINE_MATCHES,  /* lines the editor's glossary matched (session) */
	STAT_UI_ROWS_PAINTED,     /* body rows painted (ui) */
	STAT_UI_ROWS_MOVED,       /* row blocks moved by insdelln (ui) */
	STAT_ALIGN_SHARED,        /* anchor cells whose code may share a line (align) */
	STAT_ALIGN_READ,          /* ... of them, those whose lines were read */
	STAT_ALIGN_TITLES,        /* cells of two titles */
	STAT_ALIGN_TITLES_SCORED, /* ... of them, those scored in full */
	STAT_ALIGN_SPLITS,        /* banded passes cut in two at a sure match */
	STAT__COUNT
} StatId;

void stat_add(StatId id, uint64_t n);
/* A gauge: the value now. */
void stat_set(StatId id, uint64_t v);
uint64_t stat_get(StatId id);
/* "name N, name N, ..." of counters [first, last) (names as the enum's
 * comments say, e.g. "git processes"), appended to out. */
void stats_describe(StatId first, StatId last, Buf *out);

#endif
