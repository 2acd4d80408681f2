/* Private to src/sidecar: unknown keys are kept as ynode trees
 * (SidecarExtra is a mapping node, include/yeok/ynode.h). */
#ifndef YEOK_SIDECAR_PRIVATE_H
#define YEOK_SIDECAR_PRIVATE_H

#include "yeok/sidecar.h"
#include "yeok/ynode.h"

/* The file as this process last read or wrote it: its bytes (parsed
 * again only when a save finds the file changed: the merge base) and
 * what stat said. */
struct SidecarDisk {
	Buf bytes;
	bool exists;
	long long size, mtime_ns, ino, dev;
};

/* Remember that path holds bytes[0..n) now (or nothing: bytes NULL). */
void sidecar_disk_remember(Sidecar *sc, const char *path, const char *bytes, size_t n);

#endif
