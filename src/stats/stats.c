/* stats: the one registry of counted work (include/yeok/stats.h). */
#include "yeok/stats.h"

#include <stdatomic.h>

static _Atomic uint64_t counters[STAT__COUNT];

static const char *const names[STAT__COUNT] = {
	[STAT_GIT_SPAWNS] = "git processes",
	[STAT_REPO_FILES_SCANNED] = "repository files scanned",
	[STAT_HISTORY_PATHS] = "history paths logged",
	[STAT_HISTORY_VERSIONS] = "versions read",
	[STAT_PAIR_SOURCE_THREADS] = "source threads",
	[STAT_DOC_KEY_HASHES] = "keys hashed",
	[STAT_DOC_WINDOW_LINES] = "last edit's lines re-segmented",
	[STAT_DOC_WINDOW_FULL] = "last edit re-segmented all",
	[STAT_GLOSS_LINE_MATCHES] = "glossary lines matched",
	[STAT_UI_ROWS_PAINTED] = "rows painted",
	[STAT_UI_ROWS_MOVED] = "row blocks moved",
	[STAT_ALIGN_SHARED] = "anchor cells sharing a line",
	[STAT_ALIGN_READ] = "anchor cells read",
	[STAT_ALIGN_TITLES] = "title cells",
	[STAT_ALIGN_TITLES_SCORED] = "title cells scored",
	[STAT_ALIGN_SPLITS] = "banded passes split",
};

void stat_add(StatId id, uint64_t n)
{
	atomic_fetch_add_explicit(&counters[id], n, memory_order_relaxed);
}

void stat_set(StatId id, uint64_t v)
{
	atomic_store_explicit(&counters[id], v, memory_order_relaxed);
}

uint64_t stat_get(StatId id)
{
	return atomic_load_explicit(&counters[id], memory_order_relaxed);
}

void stats_describe(StatId first, StatId last, Buf *out)
{
	for (StatId i = first; i < last && i < STAT__COUNT; i++)
		buf_addf(out, "%s%s %llu", i > first ? ", " : "", names[i],
		         (unsigned long long)stat_get(i));
}
