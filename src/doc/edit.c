/*
 * Edits: line endings, doc_replace (the one edit of the text) and its change
 * records, merged typing, undo and redo, saving.
 */
#include "doc-private.h"
#include "yeok/stats.h"

/* ---- edits -------------------------------------------------------------- */

const char *eol_str(Eol e)
{
	return e == EOL_CRLF ? "\r\n" : e == EOL_LF ? "\n" : "";
}

/* Count the terminators of tgt's lines [first, last] into d->tgt_eols,
 * with sign +1 or -1. */
static void eols_count(Doc *d, size_t first, size_t last, int sign)
{
	for (size_t i = first; i <= last && i < d->tgt.n; i++)
		d->tgt_eols[lines_line(&d->tgt, i)->eol] += (size_t)(long)sign;
}

void eols_recount(Doc *d)
{
	memset(d->tgt_eols, 0, sizeof(d->tgt_eols));
	eols_count(d, 0, d->tgt.n - 1, 1);
}

/* lines_default_eol(&d->tgt), from the counts. */
const char *doc_eol(const Doc *d)
{
	return eol_str(d->tgt_eols[EOL_CRLF] > d->tgt_eols[EOL_LF] ? EOL_CRLF : EOL_LF);
}

/* The position after text inserted at a. */
static Pos pos_after(Pos a, const char *p, size_t n)
{
	const char *nl = NULL;
	size_t lines = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\n') {
			lines++;
			nl = p + i;
		}
	}
	if (!lines)
		return (Pos){a.line, a.col + n};
	return (Pos){a.line + lines, (size_t)(p + n - (nl + 1))};
}

/* A line whose content ends with CR and whose terminator is LF has the
 * same bytes as that line without the CR and a CRLF terminator; undo text
 * ("\r\n" is a CRLF separator) brings the second form back.  A change
 * recorded against the first form then points at column n + 1 of the
 * second, between the CR and the LF: turn the line back into the first
 * form (the bytes stay the same; the caller re-aligns the line). */
static void unfold_crlf(Doc *d, Pos p)
{
	Lines *l = &d->tgt;
	if (p.line < l->n && p.col == (size_t)lines_line(l, p.line)->n + 1 &&
	    lines_line(l, p.line)->eol == EOL_CRLF) {
		size_t n = lines_line(l, p.line)->n;
		lines_splice(l, p.line, n, n, "\r", 1);
		lines_line_mut(l, p.line)->eol = EOL_LF;
		d->tgt_eols[EOL_CRLF]--;
		d->tgt_eols[EOL_LF]++;
	}
}

/* Remove [a, b) and insert p; the removed bytes go to removed (may be
 * NULL).  Re-aligns the neighbourhood.  Returns the end of the insert. */
static Pos apply(Doc *d, Pos a, Pos b, const char *p, size_t n, Buf *removed)
{
	doc_disk_hash_step(d, SIZE_MAX); /* of the bytes as loaded, before the first change */
	/* align_update starts from the one-shot alignment; a deferred block
	 * waits on while the edit stays inside its lines (realign_blocks) */
	doc_align_stretches(d);
	if (d->stale) {
		const Block *sb = &d->tgt_host.blocks.v[d->stale - 1];
		if (a.line < sb->first || b.line > sb->last)
			settle(d);
	}
	Lines *l = &d->tgt;
	unfold_crlf(d, a);
	unfold_crlf(d, b);
	BUG_ON(a.line >= l->n || b.line >= l->n);
	BUG_ON(a.line > b.line || (a.line == b.line && a.col > b.col));
	BUG_ON(a.col > lines_line(l, a.line)->n || b.col > lines_line(l, b.line)->n);
	size_t old_last = b.line;
	if (removed) {
		if (a.line == b.line) {
			buf_add(removed, lines_get(l, a.line).p + a.col, b.col - a.col);
		} else {
			buf_add(removed, lines_get(l, a.line).p + a.col, lines_line(l, a.line)->n - a.col);
			buf_adds(removed, eol_str(lines_line(l, a.line)->eol));
			for (size_t i = a.line + 1; i < b.line; i++) {
				buf_add(removed, lines_get(l, i).p, lines_line(l, i)->n);
				buf_adds(removed, eol_str(lines_line(l, i)->eol));
			}
			buf_add(removed, lines_get(l, b.line).p, b.col);
		}
	}
	eols_count(d, a.line, b.line, -1);
	/* delete */
	if (a.line == b.line) {
		if (b.col > a.col)
			lines_splice(l, a.line, a.col, b.col, "", 0);
	} else {
		lines_splice(l, b.line, 0, b.col, "", 0);
		lines_splice(l, a.line, a.col, lines_line(l, a.line)->n, "", 0);
		for (size_t i = a.line + 1; i < b.line; i++)
			lines_delete(l, a.line + 1);
		lines_join(l, a.line);
	}
	/* insert, piece by piece */
	size_t line = a.line, col = a.col;
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '\n')
			continue;
		size_t end = i;
		if (i == n) {
			lines_splice(l, line, col, col, p + start, end - start);
			col += end - start;
			break;
		}
		Eol e = EOL_LF;
		if (end > start && p[end - 1] == '\r') {
			e = EOL_CRLF;
			end--;
		}
		lines_splice(l, line, col, col, p + start, end - start);
		col += end - start;
		lines_split(l, line, col, e);
		line++;
		col = 0;
		start = i + 1;
	}
	Pos endp = {line, col};
	eols_count(d, a.line, line, 1);
	if (d->journal)
		journal_replace(d->journal, a.line, old_last - a.line + 1, l, line - a.line + 1);
	long delta = (long)line - (long)old_last;
	d->gen_edit++;
	d->gen++;
	d->edit_first = a.line;
	d->edit_line = old_last;
	d->edit_delta = delta;
	stat_set(STAT_DOC_WINDOW_FULL, 0); /* the gauges are this edit's (the window sets them) */
	stat_set(STAT_DOC_WINDOW_LINES, 0);
	realign_window(d, a.line, old_last, delta);
	return endp;
}

void truncate_redo(Doc *d)
{
	for (size_t i = d->cur; i < d->changes.n; i++)
		change_release(&d->changes.v[i]);
	d->changes.n = d->cur;
	if (d->saved > d->cur && d->saved != SIZE_MAX)
		d->saved = SIZE_MAX;
}

static bool pos_eq(Pos a, Pos b)
{
	return a.line == b.line && a.col == b.col;
}

bool doc_replace_fits(const Doc *d, Pos a, Pos b, const char *p, size_t n, Err *e)
{
	/* the longest line it can make is a's head, the bytes and b's tail */
	size_t len = lines_line(&d->tgt, b.line)->n, tail = len - MIN(b.col, len);
	if (n > LINES_MAX_LINE || a.col + n + tail > LINES_MAX_LINE)
		return err_set(e, EXIT_DATAERR, "%s:%zu: the line would be longer than %u bytes",
		               d->path ? d->path : "", a.line + 1, LINES_MAX_LINE);
	/* each new line is a '\n' of p: count them only when they could be
	 * too many */
	size_t joined = b.line - a.line;
	if (n <= LINES_MAX_LINES - (d->tgt.n - joined))
		return true;
	return lines_fit(d->path ? d->path : "", d->tgt.n, joined, lines_count_newlines(p, n), e);
}

/* The record a change of the given kind may merge into: the last one, or
 * below the adjustments chained after it (doc_replace_follow) when the
 * change stays on a line none of them touched and moves no line (so the
 * merged record and the adjustments commute).  Its index in *at; NULL:
 * none. */
static Change *merge_target(Doc *d, Pos a, const Buf *removed, const char *p, size_t n,
                            size_t *at)
{
	if (!d->cur)
		return NULL;
	size_t i = d->cur - 1;
	bool moves = memchr(p, '\n', n) || memchr(removed->p ? removed->p : "", '\n', removed->len);
	while (i > 0 && d->changes.v[i].kind == CH_FOLLOW && d->changes.v[i].chain) {
		if (moves || d->changes.v[i].at.line == a.line)
			return NULL;
		i--;
	}
	if (d->changes.v[i].kind == CH_FOLLOW)
		return NULL;
	/* the saved state is not inside what the merge would change */
	if (d->saved != SIZE_MAX && d->saved > i && d->saved <= d->cur)
		return NULL;
	*at = i;
	return &d->changes.v[i];
}

Pos doc_replace(Doc *d, Pos a, Pos b, const char *p, size_t n, ChangeKind kind)
{
	if (!doc_replace_fits(d, a, b, p, n, NULL))
		return a; /* refused: nothing changes, nothing is recorded */
	Buf removed = BUF_INIT;
	Pos end = apply(d, a, b, p, n, &removed);
	truncate_redo(d);
	Change *top = d->cur ? &d->changes.v[d->cur - 1] : NULL;
	bool chain = d->chain_next && top;
	d->chain_next = false;
	size_t at = 0;
	Change *prev = chain || !d->merge_ok || kind == CH_OTHER
	                   ? NULL
	                   : merge_target(d, a, &removed, p, n, &at);
	bool can = prev && prev->kind == kind;
	if (can && kind == CH_TYPE && removed.len == 0 && prev->del.len == 0 &&
	    pos_eq(pos_after(prev->at, prev->ins.p, prev->ins.len), a)) {
		buf_add(&prev->ins, p, n);
	} else if (can && kind == CH_DEL_BACK && n == 0 && prev->ins.len == 0 &&
	           pos_eq(pos_after(a, removed.p, removed.len), prev->at)) {
		buf_insert(&prev->del, 0, removed.p, removed.len);
		prev->at = a;
	} else if (can && kind == CH_DEL_FWD && n == 0 && prev->ins.len == 0 &&
	           pos_eq(prev->at, a)) {
		buf_add(&prev->del, removed.p, removed.len);
	} else {
		Change c;
		memset(&c, 0, sizeof(c));
		c.at = a;
		c.del = removed;
		buf_init(&removed);
		buf_add(&c.ins, p, n);
		c.kind = kind;
		c.chain = chain;
		VEC_PUSH(&d->changes, c);
		d->cur++;
	}
	buf_release(&removed);
	d->merge_ok = kind != CH_OTHER;
	return end;
}

bool doc_replace_follow(Doc *d, size_t line, const char *p, size_t n)
{
	if (!d->cur || line >= d->tgt.n || memchr(p, '\n', n))
		return false;
	Str ln = lines_get(&d->tgt, line);
	if (ln.n == n && memcmp(ln.p, p, n) == 0)
		return false;
	bool merge_ok = d->merge_ok;
	Buf removed = BUF_INIT;
	apply(d, (Pos){line, 0}, (Pos){line, ln.n}, p, n, &removed);
	truncate_redo(d);
	/* an adjustment of this line already chained to the run: it now
	 * changes the line as it was before the run into this text */
	Change *same = NULL;
	size_t si = 0;
	for (size_t i = d->cur; i > 0 && d->changes.v[i - 1].kind == CH_FOLLOW; i--) {
		Change *c = &d->changes.v[i - 1];
		if (c->at.line == line && c->at.col == 0 && c->chain) {
			same = c;
			si = i - 1;
			break;
		}
	}
	/* the saved state is not one that changing it would rewrite */
	bool saved_inside = d->saved != SIZE_MAX && d->saved > si && d->saved <= d->cur;
	if (same && !saved_inside) {
		buf_clear(&same->ins);
		buf_add(&same->ins, p, n);
	} else {
		Change c;
		memset(&c, 0, sizeof(c));
		c.at = (Pos){line, 0};
		c.del = removed;
		buf_init(&removed);
		buf_add(&c.ins, p, n);
		c.kind = CH_FOLLOW;
		c.chain = true;
		VEC_PUSH(&d->changes, c);
		d->cur++;
	}
	buf_release(&removed);
	d->merge_ok = merge_ok;
	return true;
}

void doc_break_merge(Doc *d)
{
	d->merge_ok = false;
}

void doc_chain_next(Doc *d)
{
	d->chain_next = true;
}

bool doc_undo(Doc *d, Pos *cursor)
{
	if (!d->cur)
		return false;
	bool more;
	Pos at;
	do {
		Change *c = &d->changes.v[d->cur - 1];
		if (c->kind == CH_STATUS) {
			status_apply(d, c, true);
		} else {
			Pos b = pos_after(c->at, c->ins.p, c->ins.len);
			apply(d, c->at, b, c->del.p ? c->del.p : "", c->del.len, NULL);
		}
		at = c->at;
		more = c->chain;
		d->cur--;
	} while (more && d->cur);
	d->merge_ok = false;
	d->chain_next = false;
	if (cursor)
		*cursor = at;
	return true;
}

bool doc_retract(Doc *d, Pos *cursor)
{
	if (!doc_undo(d, cursor))
		return false;
	truncate_redo(d);
	return true;
}

bool doc_redo(Doc *d, Pos *cursor)
{
	if (d->cur >= d->changes.n)
		return false;
	Pos end;
	do {
		Change *c = &d->changes.v[d->cur];
		if (c->kind == CH_STATUS) {
			status_apply(d, c, false);
			end = c->at;
		} else {
			Pos b = pos_after(c->at, c->del.p, c->del.len);
			end = apply(d, c->at, b, c->ins.p ? c->ins.p : "", c->ins.len, NULL);
		}
		d->cur++;
	} while (d->cur < d->changes.n && d->changes.v[d->cur].chain);
	d->merge_ok = false;
	d->chain_next = false;
	if (cursor)
		*cursor = end;
	return true;
}

bool doc_modified(const Doc *d)
{
	return d->cur != d->saved;
}

bool doc_save(Doc *d, Err *e)
{
	doc_disk_hash_step(d, SIZE_MAX);
	if (!d->disk.overwrite && doc_disk_changed(d)) {
		if (d->journal)
			journal_flush(d->journal);
		return err_set(e, EXIT_IOERR, "%s: changed on disk by another program since it was "
		               "loaded; not overwritten", d->path);
	}
	d->disk.overwrite = false;
	Buf out = BUF_INIT;
	lines_serialize(&d->tgt, &out);
	bool ok = journal_save(d->journal, d->path, out.p ? out.p : "", out.len, e);
	if (ok)
		doc_disk_remember(d, out.p ? out.p : "", out.len);
	buf_release(&out);
	if (ok) {
		d->saved = d->cur;
		d->merge_ok = false;
		d->is_new = false;
	}
	return ok;
}
