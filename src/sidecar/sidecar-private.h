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

#endif
