/* Private to src/sidecar: unknown keys are kept as ynode trees
 * (SidecarExtra is a mapping node, include/yeok/ynode.h). */
#ifndef YEOK_SIDECAR_PRIVATE_H
#define YEOK_SIDECAR_PRIVATE_H

#include "yeok/sidecar.h"
#include "yeok/ynode.h"

/* The file as this process last read or wrote it (the merge base, read
 * only when a save finds the file changed) and what stat said.  The base
 * is the model as read or written, kept in two parts: everything but the
 * segment entries as text (sidecar_emit of the model without them: a few
 * hundred bytes, where the whole file is 2 MB at 100k lines, 20 MB at
 * 1M), and the entries themselves, which are the model's own until the
 * model's entries first change (segs_live: sc->segs is the base's, not
 * copied), then moved or copied into segs by that change
 * (sidecar_clear_segs moves them: the editor's save replaces them all). */
struct SidecarDisk {
	Buf rest;       /* the base without its segment entries, as YAML */
	bool exists;    /* false: there was no file (the base is empty) */
	bool segs_live; /* the base's entries are sc->segs (exists only) */
	struct { SidecarSeg *v; size_t n, cap; } segs; /* else the base's entries */
	long long size, mtime_ns, ino, dev;
};

/* Remember that path holds sc's model now, as just read from it or
 * written to it (exists), or that there is no file there (!exists). */
void sidecar_disk_remember(Sidecar *sc, const char *path, bool exists);

/* The file's names of a mark and of a source kind (read.c, load.c's
 * fast path, write.c). */
static const char *const mark_names[] = {
	[SIDECAR_DRAFT] = "draft", [SIDECAR_DONE] = "done", [SIDECAR_REVIEWED] = "reviewed",
};

static inline const char *sidecar_mark_name(SidecarMark m)
{
	return m >= SIDECAR_DRAFT && m <= SIDECAR_REVIEWED ? mark_names[m] : "?";
}

static const char *const kind_names[] = {
	[SIDECAR_SRC_NONE] = "none", [SIDECAR_SRC_GIT] = "git",
	[SIDECAR_SRC_FILE] = "file", [SIDECAR_SRC_SNAPSHOT] = "snapshot",
	[SIDECAR_SRC_UPSTREAM] = "upstream",
};

static inline const char *sidecar_source_kind_name(SidecarSourceKind k)
{
	return k <= SIDECAR_SRC_UPSTREAM ? kind_names[k] : "?";
}

/* sidecar.c */
bool is_lower_hex(const char *s, size_t n);
void seg_release(SidecarSeg *s);
void comment_release(SidecarComment *c);
void segs_detach(Sidecar *sc, bool move);
bool disk_changed(const SidecarDisk *d, const char *path);

/* read.c */
bool parse_tree(const char *data, size_t n, const char *name, const YLimits *lim, Sidecar *sc,
                bool *newer, Err *e, size_t cut_line, bool *fits);

#endif
