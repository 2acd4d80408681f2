/* argv → cli or ui; nothing else (but the editor's one allocator setting and
 * the one signal every command ignores). */
#include <locale.h>
#include <signal.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>

#include "yeok/cli.h"
#include "yeok/ui.h"

/* `yeok review` is interactive unless it exports (or only asks for help). */
static bool review_interactive(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "review") != 0)
		return false;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strncmp(argv[i], "--export", 8) || !strcmp(argv[i], "--help") ||
		    !strcmp(argv[i], "-h"))
			return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	/* A file past `ulimit -f` (RLIMIT_FSIZE) is a write that fails with
	 * EFBIG, said and cleaned up like a full disk: SIGXFSZ would kill the
	 * editor at a save (the terminal left raw, its temporary file left)
	 * and `tm build` with its half-written memory (issue 37 item 13). */
	signal(SIGXFSZ, SIG_IGN);
	if (cli_handles(argc, argv) && !review_interactive(argc, argv))
		return cli_main(argc, argv);
#ifdef __GLIBC__
	/* The interactive programs only (the editor, review; the batch commands have no idle slices to keep short;
	 * `yeok check --no-spell` at 100k lines took 1.9-2.3 s either way):
	 * no fast bins, a small free coalesces at once.  With them, the many
	 * small frees of the checks' index rebuild (idle slices) were merged
	 * all at once by the next large malloc or free, wherever it came (an
	 * idle slice or a key): 1.2-1.7 ms at 100k lines, measured in the
	 * slice that freed the old index (tests/bench/PERF.md, round 8). */
	mallopt(M_MXFAST, 0);
	/* And a fixed mmap threshold (glibc's default one, 128 KiB, without
	 * its growth): glibc raises the threshold to the size of each mapped
	 * block freed (up to 32 MiB), so the open's large passing arrays (the
	 * sidecar's bytes, the statuses' application: 10-30 MB each at 1M
	 * lines) came from the heap afterwards and their pages stayed there,
	 * under the checks' first index: peak RSS at 1M lines 252 -> 240 MiB
	 * (tests/bench/PERF.md, round 14). */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
	return ui_main(argc, argv);
}
