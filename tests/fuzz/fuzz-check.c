/* Fuzz the checks: any bytes as a target document (and, split at the first
 * NUL, as a source and a target) run every check without a crash; each
 * finding points into the document, and every fix applies. */
#include "yeok/check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	const char *nul = memchr(s, '\0', size);
	size_t sn = nul ? (size_t)(nul - s) : 0;
	const char *t = nul ? nul + 1 : s;
	size_t tn = nul ? size - sn - 1 : size;
	Lines tl, sl;
	lines_init(&tl);
	lines_init(&sl);
	lines_parse(&tl, t, tn);
	RstDoc td, sd;
	rst_init(&td);
	rst_init(&sd);
	rst_segment(&tl, &td);
	Alignment al;
	align_init(&al);
	if (nul) {
		lines_parse(&sl, s, sn);
		rst_segment(&sl, &sd);
		align_docs(&sl, &sd, &tl, &td, &al);
	}
	Glossary g;
	glossary_init(&g);
	glossary_add(&g, "parameter", "매개변수", false, (const char *const[]){"파라미터"}, 1, NULL);
	CheckDoc d;
	check_doc_init(&d, &tl, &td, nul ? &sl : NULL, nul ? &sd : NULL, nul ? &al : NULL, &g);
	CheckSet set;
	check_set_all(&set);
	FindingVec fv = {0};
	check_document(&d, &set, &fv);
	for (size_t i = 0; i < fv.n; i++) {
		const Finding *f = &fv.v[i];
		if (f->line >= tl.n || f->byte > lines_line(&tl, f->line)->n || !f->message)
			__builtin_trap();
	}
	/* Fixes apply (from the end, so earlier offsets stay valid). */
	for (size_t i = fv.n; i-- > 0;)
		if (fv.v[i].has_fix)
			check_fix_apply(&tl, &fv.v[i].fix);
	findings_clear(&fv);
	check_doc_release(&d);
	glossary_release(&g);
	align_release(&al);
	rst_release(&td);
	rst_release(&sd);
	lines_release(&tl);
	lines_release(&sl);
	return 0;
}
