/* session: the hints `yeok sync` keeps for stale segments (the Korean a
 * segment had before its English changed) and taking one into the
 * translation (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/pair.h"
#include "yeok/sync.h"

const char *session_stale_hint(Session *s, size_t k)
{
	if (k >= s->doc.al.n || s->doc.al.v[k].status != ST_STALE || !s->doc.al.v[k].src_n)
		return NULL;
	const Segment *g = &s->doc.al.v[k];
	SidecarKey key = pair_blocks_key(&s->doc.src, &s->doc.src_host.blocks, g->src, g->src_n);
	for (size_t i = 0; i < s->side.stale.n; i++)
		if (!strcmp(s->side.stale.v[i].source.hex, key.hex))
			return s->side.stale.v[i].hint;
	return NULL;
}

bool session_take_hint(Session *s)
{
	Doc *d = &s->doc;
	long k = session_cur_seg(s);
	const char *hint = k >= 0 ? session_stale_hint(s, (size_t)k) : NULL;
	if (!hint)
		return session_error(s, "No hint here (yeok sync keeps one for a stale segment)");
	if (d->read_only)
		return session_error(s, "%s is read-only", d->path);
	size_t f, l;
	if (!align_tgt_lines(&d->al.v[k], &d->tgt_host.blocks, &f, &l))
		return session_error(s, "This segment has no translation lines");
	Str first = lines_get(&d->tgt, f);
	size_t ind = 0;
	while (ind < first.n && (first.p[ind] == ' ' || first.p[ind] == '\t'))
		ind++;
	Buf out = BUF_INIT;
	sync_hint_text(hint, (Str){first.p, ind}, lines_line(&d->tgt, f)->eol, &out);
	/* the segment's lines without the end of its last line */
	while (out.len && (out.p[out.len - 1] == '\n' || out.p[out.len - 1] == '\r'))
		out.len--;
	Pos a = {f, 0}, b = {l, lines_line(&d->tgt, l)->n};
	bool ok = session_replace(s, a, b, out.p ? out.p : "", out.len, CH_OTHER,
	                          SR_GROUP | SR_CURSOR_START);
	buf_release(&out);
	if (ok)
		session_msg(s, "Took the hint: the Korean before the sync (edit it, then mark it done)");
	return ok;
}
