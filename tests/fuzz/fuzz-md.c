/* Fuzz the Markdown reader (src/host/md.c on cmark-gfm): the input is split
 * at its first "\n\x01\n" (or in the middle) into a source and a target;
 * both are read as Markdown, the blocks must be valid (host_check: in
 * order, not overlapping, parents before children, bounded depth), reading
 * again gives the same blocks, every block's inlines lie in the file, and
 * the pair goes through the alignment and every check (Markdown's own
 * markup-spacing, markup-mismatch and structure), whose findings and fixes
 * must point into the file. */
#include "yeok/align.h"
#include "yeok/check.h"
#include "yeok/host.h"
#include "yeok/lines.h"

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
	HostDoc sh, th;
	host_init(&sh);
	host_init(&th);
	host_segment(&sl, HOST_MD, &sh);
	host_segment(&tl, HOST_MD, &th);
	Err e;
	err_init(&e);
	if (!host_check(&sh, &e) || !host_check(&th, &e))
		__builtin_trap();
	/* the same reading again */
	RstDoc again;
	rst_init(&again);
	size_t n = th.blocks.n;
	host_clear_blocks(&th);
	host_segment_range(&th, 0, tl.n);
	if (th.blocks.n != n)
		__builtin_trap();
	rst_release(&again);
	HostMdInlineVec v = {0};
	Buf b = BUF_INIT;
	for (size_t k = 0; k < th.blocks.n; k++) {
		const Block *x = &th.blocks.v[k];
		buf_clear(&b);
		host_block_text(&th, x, &b);
		v.n = 0;
		host_md_inlines(&tl, x->first, x->last, &v);
		for (size_t i = 0; i < v.n; i++)
			if (v.v[i].line < x->first || v.v[i].line > x->last || v.v[i].from > v.v[i].to ||
			    v.v[i].to > lines_get(&tl, v.v[i].line).n)
				__builtin_trap();
		host_md_inlines_free(&v);
	}
	Alignment a;
	align_init(&a);
	align_docs(sh.text, &sh.blocks, th.text, &th.blocks, &a);
	if (!align_check(&a, &sh.blocks, &th.blocks, &e))
		__builtin_trap();
	CheckDoc d;
	check_doc_init(&d, th.text, &th.blocks, sh.text, &sh.blocks, &a, NULL);
	d.tgt_host = &th;
	d.src_host = &sh;
	CheckSet set;
	check_set_all(&set);
	FindingVec fv = {0};
	check_document(&d, &set, &fv);
	for (size_t i = 0; i < fv.n; i++) {
		const Finding *f = &fv.v[i];
		if (f->line >= tl.n || f->byte > lines_get(&tl, f->line).n)
			__builtin_trap();
		if (f->has_fix && !check_fix_applies(&tl, &f->fix))
			__builtin_trap();
	}
	findings_clear(&fv);
	VEC_FREE(&fv);
	check_doc_release(&d);
	align_release(&a);
	buf_release(&b);
	host_release(&sh);
	host_release(&th);
	lines_release(&sl);
	lines_release(&tl);
	return 0;
}
