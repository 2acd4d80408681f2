/* Fuzz the sphinx-gallery .py reader (src/host): the input is split at its
 * first "\n\x01\n" (or in the middle) into a source and a target; both are
 * read as .py, every invariant is checked (host_check: the RST text of each
 * line is a slice of it, regions cover the file, blocks are valid), every
 * cut re-reads to the same blocks, and the pair goes through alignment,
 * comment pairing and the checks (py-structure and the prose checks on
 * comments), whose findings must point into the file. */
#include "yeok/align.h"
#include "yeok/check.h"
#include "yeok/host.h"
#include "yeok/lines.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void cuts(HostDoc *h)
{
	size_t n = h->blocks.n, r = h->regions.n, done = 0;
	size_t *first = malloc((n ? n : 1) * sizeof(size_t));
	if (!first)
		return;
	for (size_t k = 0; k < n; k++)
		first[k] = h->blocks.v[k].first;
	for (size_t k = 1; k < h->file->n && done < 8; k++) {
		if (!host_is_cut(h, k))
			continue;
		done++;
		host_clear_blocks(h);
		host_segment_range(h, 0, k);
		host_segment_range(h, k, h->file->n);
		Err e;
		err_init(&e);
		if (!host_check(h, &e) || h->blocks.n != n || h->regions.n != r)
			__builtin_trap();
		for (size_t x = 0; x < n; x++)
			if (h->blocks.v[x].first != first[x])
				__builtin_trap();
	}
	free(first);
}

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
	host_segment(&sl, HOST_PY, &sh);
	host_segment(&tl, HOST_PY, &th);
	Err e;
	err_init(&e);
	if (!host_check(&sh, &e) || !host_check(&th, &e))
		__builtin_trap();
	Buf b = BUF_INIT;
	HostCommentVec sc = {0}, tc = {0};
	for (size_t k = 0; k < th.blocks.n; k++) {
		buf_clear(&b);
		rst_block_text(th.text, &th.blocks.v[k], &b);
		if (host_block_is_cell(&th.blocks.v[k]))
			host_py_comments(&tl, th.blocks.v[k].first, th.blocks.v[k].last, &tc);
	}
	for (size_t k = 0; k < sh.blocks.n; k++)
		if (host_block_is_cell(&sh.blocks.v[k]))
			host_py_comments(&sl, sh.blocks.v[k].first, sh.blocks.v[k].last, &sc);
	for (size_t i = 0; i < tc.n; i++) {
		Str t = host_comment_text(&tl, &tc.v[i]);
		if (tc.v[i].line >= tl.n || t.n > lines_get(&tl, tc.v[i].line).n)
			__builtin_trap();
	}
	size_t *pair = malloc((sc.n ? sc.n : 1) * sizeof(size_t));
	if (pair) {
		host_pair_comments(&sl, sc.v, sc.n, &tl, tc.v, tc.n, pair);
		size_t last = 0;
		for (size_t i = 0; i < sc.n; i++) {
			if (pair[i] == SIZE_MAX)
				continue;
			if (pair[i] >= tc.n || (last && pair[i] < last))
				__builtin_trap();
			last = pair[i] + 1;
		}
		free(pair);
	}
	for (size_t i = 0; i <= tl.n; i++) {
		if (i < tl.n) {
			(void)host_line_is_text(&th, i);
			(void)host_new_line_prefix(&th, i);
			(void)host_region_of(&th, i);
		}
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
	check_doc_release(&d);
	align_release(&a);
	cuts(&th);
	VEC_FREE(&sc);
	VEC_FREE(&tc);
	buf_release(&b);
	host_release(&sh);
	host_release(&th);
	lines_release(&sl);
	lines_release(&tl);
	return 0;
}
