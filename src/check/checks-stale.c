/* source-stale: the English found is older than the Korean (DESIGN.md
 * §3.3; the comparison is source.h's "a stale English"). */
#include "check-private.h"
#include "yeok/source.h"

static bool stale(const CheckDoc *d)
{
	return d->stale && d->stale->stale && d->al;
}

/* The first unit with a Korean side reports it (once per file). */
void check_source_stale(const Unit *u, FindingVec *out)
{
	const CheckDoc *d = u->d;
	if (!stale(d) || !u->tgt_n)
		return;
	for (size_t k = 0; k < u->index; k++)
		if (d->al->v[k].tgt_n)
			return;
	const SourceStale *s = d->stale;
	size_t line = d->tb->v[u->tgt].text_line;
	if (s->unrelated) {
		finding_add(u, out, CK_SOURCE_STALE, SEV_WARNING, line, 0,
		            "the English found (%s) is not what this Korean was translated from: %zu "
		            "of its %zu code lines, URLs and literals are not in the Korean (a page that "
		            "replaced the tutorial, or another document), so nothing is compared with "
		            "it; give the English it was made from: upstream: in config.yaml (a clone "
		            "of the upstream repository) or --source PATH",
		            s->what[0] ? s->what : "no commit", s->score.lonely_en, s->score.items_en);
		return;
	}
	finding_add(u, out, CK_SOURCE_STALE, SEV_WARNING, line, 0,
	            "the English found (%s) is older than the Korean: %zu block%s differ%s in code, "
	            "URLs or directive arguments, which a translation does not change (the findings "
	            "they would cause are not shown); give the English it was made from: upstream: "
	            "in config.yaml (a clone of the upstream repository) or --source PATH",
	            s->what[0] ? s->what : "no commit", s->differ, s->differ == 1 ? "" : "s",
	            s->differ == 1 ? "s" : "");
}

static bool unit_differs(const Unit *u)
{
	const CheckDoc *d = u->d;
	return source_stale_blocks_differ(d->stale, d->tgt, d->tb, u->tgt, u->tgt_n, true) ||
	       (d->src && source_stale_blocks_differ(d->stale, d->src, d->sb, u->src, u->src_n,
	                                             false));
}

void check_stale_filter(const Unit *u, FindingVec *out, size_t from)
{
	if (!stale(u->d) || out->n == from || !unit_differs(u))
		return;
	size_t w = from;
	for (size_t i = from; i < out->n; i++) {
		CheckId c = out->v[i].check;
		if (c == CK_CODE_CHANGED || c == CK_MARKUP_MISMATCH || c == CK_PY_STRUCTURE)
			finding_release(&out->v[i]);
		else
			out->v[w++] = out->v[i];
	}
	out->n = w;
}
