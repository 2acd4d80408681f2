/* Fuzz RST segmentation and alignment: the input is split at its first
 * "\n\x01\n" (or in the middle) into a source and a target; both are
 * segmented and aligned, and every invariant is checked.  A range
 * re-segmentation of the target must also satisfy rst_check. */
#include "yeok/align.h"
#include "yeok/lines.h"
#include "yeok/rst.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	size_t cut = size / 2, rest = cut;
	for (size_t i = 0; i + 2 < size; i++)
		if (s[i] == '\n' && s[i + 1] == '\x01' && s[i + 2] == '\n') {
			cut = i + 1;
			rest = i + 3;
			break;
		}
	Lines sl, tl;
	lines_init(&sl);
	lines_init(&tl);
	lines_parse(&sl, s, cut);
	lines_parse(&tl, s + rest, size - rest);
	RstDoc sd, td;
	rst_init(&sd);
	rst_init(&td);
	rst_segment(&sl, &sd);
	rst_segment(&tl, &td);
	Err e;
	err_init(&e);
	if (!rst_check(&sd, &sl, &e) || !rst_check(&td, &tl, &e))
		__builtin_trap();
	Buf b = BUF_INIT;
	for (size_t k = 0; k < td.n; k++) {
		buf_clear(&b);
		rst_block_text(&tl, &td.v[k], &b);
		(void)rst_kind_name(td.v[k].kind);
	}
	Alignment a;
	align_init(&a);
	align_docs(&sl, &sd, &tl, &td, &a);
	if (!align_check(&a, &sd, &td, &e))
		__builtin_trap();
	double share = align_matched_share(&a, &sd);
	if (share < 0 || share > 1)
		__builtin_trap();
	buf_clear(&b);
	align_write(&a, &sd, &td, size & 1, &b);
	/* Re-segment the target in two ranges at its middle line. */
	RstDoc rd;
	rst_init(&rd);
	size_t mid = tl.n / 2;
	rst_segment_range(&tl, 0, mid, &rd);
	rst_segment_range(&tl, mid, tl.n, &rd);
	if (!rst_check(&rd, &tl, &e))
		__builtin_trap();
	rst_release(&rd);
	buf_release(&b);
	align_release(&a);
	rst_release(&sd);
	rst_release(&td);
	lines_release(&sl);
	lines_release(&tl);
	return 0;
}
