/* session: edits (one entry, session_replace), motion, go to line, the
 * next unfinished segment, find (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

/* .py: is the cursor where a translator's typing goes (host_edit_span)?
 * Code, separators and the `# ` prefix are kept as they are. */
static bool host_may_type(Session *s)
{
	const HostDoc *h = &s->doc.th;
	size_t f, t;
	if (host_edit_span(h, s->cur.line, &f, &t) && s->cur.col >= f && s->cur.col <= t)
		return true;
	switch (host_line_kind(h, s->cur.line)) {
	case HL_CODE:
		return session_error(s, "Code stays as in the English: only its comments are translated");
	case HL_SEP:
		return session_error(s, "This separator line starts a text block: it is kept");
	default:
		return session_error(s, "The prefix before the text is kept (it makes the line RST)");
	}
}

static bool can_edit(Session *s)
{
	if (s->focus != PANE_TARGET)
		return session_error(s, "The source is read-only (Tab goes to the translation)");
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	return host_may_type(s);
}

bool session_replace(Session *s, Pos a, Pos b, const char *p, size_t n, ChangeKind kind,
                     unsigned flags)
{
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	if (flags & SR_GROUP)
		doc_break_merge(&s->doc);
	Pos end = doc_replace(&s->doc, a, b, p ? p : "", n, kind);
	if (flags & SR_GROUP)
		doc_break_merge(&s->doc);
	s->focus = PANE_TARGET;
	s->cur = flags & SR_CURSOR_START ? a : end;
	s->goal_col = -1;
	s->match.on = false;
	session_follow_center(s, false);
	return true;
}

bool session_insert(Session *s, const char *p, size_t n)
{
	/* .py: typing at the start of a text line goes after its `# `; on a
	 * lone `#` the missing blank comes first */
	size_t f, t;
	if (host_line_kind(&s->doc.th, s->cur.line) == HL_RST &&
	    host_edit_span(&s->doc.th, s->cur.line, &f, &t) && s->cur.col < f)
		s->cur.col = f;
	if (!can_edit(s))
		return false;
	Str pad = host_line_pad(&s->doc.th, s->cur.line);
	if (!pad.n)
		return session_replace(s, s->cur, s->cur, p, n, CH_TYPE, 0);
	Buf b = BUF_INIT;
	buf_addstr(&b, pad);
	buf_add(&b, p, n);
	bool ok = session_replace(s, s->cur, s->cur, b.p, b.len, CH_TYPE, 0);
	buf_release(&b);
	return ok;
}

bool session_paste(Session *s, const char *p, size_t n)
{
	if (!can_edit(s))
		return false;
	const char *eol = doc_eol(&s->doc);
	/* .py: each pasted line gets the line's prefix (`# `) unless it has
	 * one already */
	Buf pre = BUF_INIT;
	host_newline_prefix(&s->doc.th, s->cur.line, s->cur.col, &pre);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n')
			continue;
		if (p[i] == '\n' || p[i] == '\r') {
			buf_adds(&b, eol);
			if (pre.len && (i + 1 >= n || p[i + 1] != '#'))
				buf_add(&b, pre.p, pre.len);
		} else {
			buf_addc(&b, p[i]);
		}
	}
	buf_release(&pre);
	doc_break_merge(&s->doc);
	bool ok = session_replace(s, s->cur, s->cur, b.p, b.len, CH_OTHER, 0);
	buf_release(&b);
	return ok;
}

/* The indentation a new line after ln gets: its leading whitespace, or
 * the text column of a list item ("- ", "1. ", "#. "). */
static size_t indent_of(Str ln, Buf *out)
{
	size_t i = 0;
	while (i < ln.n && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	buf_add(out, ln.p, i);
	size_t j = i;
	if (j + 1 < ln.n && strchr("-*+", ln.p[j]) && ln.p[j + 1] == ' ') {
		j += 2;
	} else {
		while (j < ln.n && ((ln.p[j] >= '0' && ln.p[j] <= '9') || ln.p[j] == '#'))
			j++;
		if (j > i && j + 1 < ln.n && (ln.p[j] == '.' || ln.p[j] == ')') && ln.p[j + 1] == ' ')
			j += 2;
		else
			j = i;
	}
	while (j > i && j < ln.n && ln.p[j] == ' ')
		j++;
	for (size_t k = i; k < j; k++)
		buf_addc(out, ' ');
	return j;
}

bool session_newline(Session *s)
{
	if (!can_edit(s))
		return false;
	Str ln = lines_get(&s->doc.tgt, s->cur.line);
	Buf t = BUF_INIT;
	buf_adds(&t, doc_eol(&s->doc));
	/* .py: the new line keeps the text block's `# ` (the docstring's
	 * indentation, a comment's `# `); the RST indentation follows it */
	size_t f = 0, e;
	if (!host_edit_span(&s->doc.th, s->cur.line, &f, &e))
		f = 0;
	if (host_line_kind(&s->doc.th, s->cur.line) == HL_CODE)
		f = s->cur.col; /* a comment: `# ` and no RST indentation */
	host_newline_prefix(&s->doc.th, s->cur.line, s->cur.col, &t);
	Buf ind = BUF_INIT;
	indent_of(str_slice(ln, f, s->cur.col), &ind);
	buf_addstr(&t, buf_str(&ind));
	/* Drop spaces right after the cursor: they would push the text off the indent. */
	Pos a = s->cur, b = s->cur;
	while (b.col < ln.n && ln.p[b.col] == ' ')
		b.col++;
	/* .py: a text line left with only its prefix ("# ") becomes a lone `#` */
	if (f && host_line_kind(&s->doc.th, a.line) == HL_RST && ln.p[0] == '#' && b.col == ln.n)
		while (a.col > 1 && ln.p[a.col - 1] == ' ')
			a.col--;
	session_replace(s, a, b, t.p, t.len, CH_OTHER, SR_GROUP);
	buf_release(&t);
	buf_release(&ind);
	return true;
}

bool session_backspace(Session *s)
{
	if (!can_edit(s))
		return false;
	Pos a = s->cur;
	const Lines *l = &s->doc.tgt;
	size_t f, t;
	host_edit_span(&s->doc.th, a.line, &f, &t);
	if (a.col > f)
		a.col = text_prev_grapheme(l->v[a.line].p, l->v[a.line].n, a.col);
	else if (host_can_join(&s->doc.th, a.line))
		a = (Pos){a.line - 1, l->v[a.line - 1].n}; /* the line's prefix goes too */
	else if (a.line > 0 && s->doc.th.fmt != HOST_RST)
		return session_error(s, "This line's text cannot join the line above");
	else
		return true;
	return session_replace(s, a, s->cur, "", 0, CH_DEL_BACK, 0);
}

bool session_delete(Session *s)
{
	if (!can_edit(s))
		return false;
	Pos b = s->cur;
	const Lines *l = &s->doc.tgt;
	size_t f, t;
	host_edit_span(&s->doc.th, b.line, &f, &t);
	if (b.col < t)
		b.col = text_next_grapheme(l->v[b.line].p, l->v[b.line].n, b.col);
	else if (b.col == l->v[b.line].n && b.line + 1 < l->n &&
	         host_can_join(&s->doc.th, b.line + 1))
		b = (Pos){b.line + 1, host_edit_span(&s->doc.th, b.line + 1, &f, &t) ? f : 0};
	else if (b.line + 1 < l->n && s->doc.th.fmt != HOST_RST)
		return session_error(s, "The next line cannot join this one");
	else
		return true;
	return session_replace(s, s->cur, b, "", 0, CH_DEL_FWD, SR_CURSOR_START);
}

static size_t first_text_col(Str ln)
{
	size_t i = 0;
	while (i < ln.n && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	return i;
}

/* The first line of vseg k on pane p that shows text (a block start). */
static bool vseg_first_line(Session *s, size_t k, Pane p, size_t *line)
{
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	size_t a = p == PANE_TARGET ? v[k].t0 : v[k].s0;
	size_t b = p == PANE_TARGET ? v[k].t1 : v[k].s1;
	if (a >= b)
		return false;
	const Lines *l = session_lines(s, p);
	for (size_t i = a; i < b; i++) {
		if (str_trim(lines_get(l, i)).n) {
			*line = i;
			return true;
		}
	}
	*line = a;
	return true;
}

void session_move(Session *s, Motion m)
{
	Pane p = s->focus;
	const Lines *l = session_lines(s, p);
	Pos *c = p == PANE_TARGET ? &s->cur : &s->scur;
	Str ln = lines_get(l, c->line);
	Layout lay;
	session_layout(s, &lay);
	bool keep_goal = false, center = false;
	switch (m) {
	case MV_LEFT:
		if (c->col > 0)
			c->col = text_prev_grapheme(ln.p, ln.n, c->col);
		else if (c->line > 0) {
			c->line--;
			c->col = l->v[c->line].n;
		}
		break;
	case MV_RIGHT:
		if (c->col < ln.n)
			c->col = text_next_grapheme(ln.p, ln.n, c->col);
		else if (c->line + 1 < l->n)
			*c = (Pos){c->line + 1, 0};
		break;
	case MV_WORD_LEFT:
		if (c->col > 0)
			c->col = text_word_prev(ln.p, ln.n, c->col);
		else if (c->line > 0) {
			c->line--;
			c->col = l->v[c->line].n;
		}
		break;
	case MV_WORD_RIGHT:
		if (c->col < ln.n)
			c->col = text_word_next(ln.p, ln.n, c->col);
		else if (c->line + 1 < l->n)
			*c = (Pos){c->line + 1, 0};
		break;
	case MV_UP:
	case MV_DOWN:
	case MV_PAGE_UP:
	case MV_PAGE_DOWN: {
		if (s->goal_col < 0)
			s->goal_col = text_width(ln.p, c->col);
		long step = m == MV_UP ? -1 : m == MV_DOWN ? 1 : m == MV_PAGE_UP ? -(lay.body_h - 1) : lay.body_h - 1;
		long nl = (long)c->line + step;
		nl = MAX(0, MIN(nl, (long)l->n - 1));
		if (m == MV_PAGE_UP || m == MV_PAGE_DOWN)
			session_scroll(s, (int)step);
		c->line = (size_t)nl;
		Str t = lines_get(l, c->line);
		c->col = text_fit(t.p, t.n, 0, s->goal_col, NULL, NULL);
		keep_goal = true;
		break;
	}
	case MV_HOME: {
		size_t f = first_text_col(ln);
		c->col = c->col == f ? 0 : f;
		break;
	}
	case MV_END:
		c->col = ln.n;
		break;
	case MV_DOC_START:
		*c = (Pos){0, 0};
		break;
	case MV_DOC_END:
		*c = (Pos){l->n - 1, l->v[l->n - 1].n};
		break;
	case MV_SEG_NEXT:
	case MV_SEG_PREV: {
		size_t n;
		session_vsegs(s, &n);
		size_t k = session_vseg_of(s, p, c->line);
		size_t line;
		if (m == MV_SEG_PREV) {
			/* to the start of this segment first, then the one before */
			if (vseg_first_line(s, k, p, &line) && line < c->line) {
				*c = (Pos){line, first_text_col(lines_get(l, line))};
				break;
			}
		}
		for (;;) {
			if (m == MV_SEG_NEXT ? k + 1 >= n : k == 0)
				break;
			k = m == MV_SEG_NEXT ? k + 1 : k - 1;
			if (vseg_first_line(s, k, p, &line)) {
				*c = (Pos){line, first_text_col(lines_get(l, line))};
				break;
			}
		}
		center = true;
		break;
	}
	}
	if (!keep_goal)
		s->goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow_center(s, center);
}

bool session_goto_line(Session *s, long n)
{
	if (n < 1 || (size_t)n > s->doc.tgt.n)
		return session_error(s, "No line %ld: the translation has lines 1 to %zu", n,
		                     s->doc.tgt.n);
	s->focus = PANE_TARGET;
	s->cur = (Pos){(size_t)n - 1, 0};
	s->goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow_center(s, true);
	return true;
}

bool session_next_unfinished(Session *s, int dir)
{
	const Doc *d = &s->doc;
	if (!d->al.n)
		return session_error(s, "No segments");
	long cur = -1;
	if (s->focus == PANE_TARGET)
		cur = session_cur_seg(s);
	else
		cur = doc_segment_of_tgt_line(d, s->cur.line);
	size_t n = d->al.n;
	size_t start = cur < 0 ? (dir > 0 ? n - 1 : 0) : (size_t)cur;
	for (size_t i = 1; i <= n; i++) {
		size_t k = dir > 0 ? (start + i) % n : (start + n - i % n) % n;
		if (doc_seg_unfinished(d, k)) {
			size_t line = d->th.blocks.v[d->al.v[k].tgt].first;
			if (d->al.v[k].kind == BK_TITLE)
				line = d->th.blocks.v[d->al.v[k].tgt].text_line;
			s->focus = PANE_TARGET;
			s->cur = (Pos){line, first_text_col(lines_get(&d->tgt, line))};
			s->goal_col = -1;
			doc_break_merge(&s->doc);
			session_follow_center(s, true);
			if (dir > 0 ? k <= start : k >= start)
				session_msg(s, "Search wrapped");
			return true;
		}
	}
	return session_error(s, "No unfinished segment left");
}

/* Offset in ln of the first (dir > 0: at or after from; dir < 0: last
 * before `from`) match of q, or -1; *len gets the matched bytes. */
static long find_in_line(Str ln, const char *q, size_t qn, bool fold, size_t from, int dir,
                         size_t *len)
{
	if (!qn)
		return -1;
	Buf f = BUF_INIT;
	VEC(size_t) map = {0};
	if (fold) {
		/* Fold code point by code point, remembering where each folded
		 * byte came from, so a match maps back onto the line. */
		size_t i = 0;
		while (i < ln.n) {
			int32_t cp;
			size_t k = text_decode(ln.p + i, ln.n - i, &cp);
			size_t before = f.len;
			if (cp < 0)
				buf_add(&f, ln.p + i, k);
			else
				text_casefold(ln.p + i, k, &f);
			for (size_t j = before; j < f.len; j++)
				VEC_PUSH(&map, i);
			i += k;
		}
		VEC_PUSH(&map, ln.n);
	} else {
		buf_add(&f, ln.p, ln.n);
	}
	long best = -1;
	for (size_t at = 0; at + qn <= f.len; at++) {
		if (memcmp(f.p + at, q, qn) != 0)
			continue;
		size_t o = fold ? map.v[at] : at;
		size_t e = fold ? map.v[at + qn] : at + qn;
		if (fold && at > 0 && map.v[at - 1] == o)
			continue; /* starts inside a folded character */
		if (dir > 0 && o >= from) {
			best = (long)o;
			*len = e - o;
			break;
		}
		if (dir < 0 && o < from) {
			best = (long)o;
			*len = e - o;
		}
	}
	buf_release(&f);
	VEC_FREE(&map);
	return best;
}

bool session_find(Session *s, const char *text, int dir)
{
	if (!text || !*text) {
		if (!s->find)
			return session_error(s, "Nothing to find (Ctrl-F asks)");
		text = s->find;
	} else if (text != s->find) {
		free(s->find);
		s->find = xstrdup(text);
		text = s->find;
	}
	Buf q = BUF_INIT;
	bool fold = !s->find_case;
	if (fold)
		text_casefold(text, strlen(text), &q);
	else
		buf_adds(&q, text);
	size_t n;
	const VSeg *v = session_vsegs(s, &n);
	/* Order: vseg by vseg, the target lines then the source lines. */
	Pane p = s->focus;
	Pos c = p == PANE_TARGET ? s->cur : s->scur;
	size_t k = session_vseg_of(s, p, c.line);
	size_t items_total = s->doc.tgt.n + s->doc.src.n;
	/* item index inside vseg k */
	size_t it = p == PANE_TARGET ? c.line - v[k].t0 : (v[k].t1 - v[k].t0) + (c.line - v[k].s0);
	size_t from = c.col;
	if (dir > 0 && s->match.on && s->match.pane == p && s->match.at.line == c.line &&
	    s->match.at.col == c.col)
		from = c.col + 1;
	bool found = false, wrapped = false;
	for (size_t step = 0; step <= items_total + 1 && !found; step++) {
		size_t tn = v[k].t1 - v[k].t0;
		Pane ip = it < tn ? PANE_TARGET : PANE_SOURCE;
		size_t line = it < tn ? v[k].t0 + it : v[k].s0 + (it - tn);
		Str ln = lines_get(session_lines(s, ip), line);
		size_t lim = step == 0 ? from : dir > 0 ? 0 : ln.n + 1;
		size_t mlen = 0;
		long at = find_in_line(ln, q.p, q.len, fold, lim, dir, &mlen);
		if (at >= 0) {
			found = true;
			s->focus = ip;
			Pos *pc = ip == PANE_TARGET ? &s->cur : &s->scur;
			*pc = (Pos){line, (size_t)at};
			s->match.on = true;
			s->match.pane = ip;
			s->match.at = *pc;
			s->match.len = mlen;
			break;
		}
		/* next item */
		if (dir > 0) {
			if (it + 1 < v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0) {
				it++;
			} else {
				do {
					k = (k + 1) % n;
					if (k == 0)
						wrapped = true;
				} while (v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0 == 0);
				it = 0;
			}
		} else {
			if (it > 0) {
				it--;
			} else {
				do {
					if (k == 0)
						wrapped = true;
					k = (k + n - 1) % n;
				} while (v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0 == 0);
				it = v[k].t1 - v[k].t0 + v[k].s1 - v[k].s0 - 1;
			}
		}
	}
	buf_release(&q);
	if (!found) {
		s->match.on = false;
		return session_error(s, "Not found: %s", text);
	}
	s->goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow_center(s, true);
	if (wrapped)
		session_msg(s, "Search wrapped: %s", text);
	return true;
}
