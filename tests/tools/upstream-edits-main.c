/* upstream-edits [SEED [RATE [rst|py]]] < EN > NEW: synthetic upstream
 * edits of an English RST text or sphinx-gallery .py (tests/tools/upstream-edits.h), for benchmarks and for
 * trying `yeok sync` by hand.  What was done goes to stderr. */
#include <stdio.h>

#include "upstream-edits.h"

int main(int argc, char **argv)
{
	long seed = 1;
	double rate = 0.15;
	if (argc > 1 && !parse_long(argv[1], 0, 1L << 30, &seed)) {
		fprintf(stderr, "usage: upstream-edits [SEED [RATE [rst|py]]] < EN > NEW\n");
		return 64;
	}
	if (argc > 2)
		rate = atof(argv[2]);
	HostFormat fmt = argc > 3 && !strcmp(argv[3], "py") ? HOST_PY : HOST_RST;
	Buf in = BUF_INIT;
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof(chunk), stdin)) > 0)
		buf_add(&in, chunk, n);
	UeResult r = {0};
	ue_make(in.p ? in.p : "", in.len, fmt, (uint64_t)seed, rate, &r);
	fwrite(r.text.p ? r.text.p : "", 1, r.text.len, stdout);
	fprintf(stderr, "edits %zu, code edits %zu, inserts %zu, deletes %zu, moves %zu\n", r.edits,
	        r.code_edits, r.inserts, r.deletes, r.moves);
	ue_release(&r);
	buf_release(&in);
	return 0;
}
