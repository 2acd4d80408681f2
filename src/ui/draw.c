/* Drawing: the header, the two panes, the rule, the status line, the key
 * bar, the help screen.  Every row is drawn whole, left to right, clipped
 * by us (ncurses does not clip to a pane); text is rendered cluster by
 * cluster through text_render_cluster (NFC, placeholders); one doupdate()
 * per frame. */
#include "ui-private.h"

#include "yeok/text.h"
#include "yeok/stats.h"

/* ---- colours ------------------------------------------------------------ */

void ui_colors_init(Ui *u)
{
	if (!u->colors)
		return;
	for (int i = 0; i < TS_COUNT; i++) {
		const Style *st = &u->theme.slot[i];
		const Style *cur = &u->theme.slot[TS_CURRENT];
		int fg = theme_fit_color(st->fg, u->ncolors);
		int bg = theme_fit_color(st->bg, u->ncolors);
		init_pair((short)(i + 1), (short)fg, (short)bg);
		int cbg = st->bg >= 0 ? bg : theme_fit_color(cur->bg, u->ncolors);
		init_pair((short)(TS_COUNT + i + 1), (short)fg, (short)cbg);
	}
}

static attr_t attrs_of(unsigned a)
{
	attr_t r = A_NORMAL;
	if (a & TA_BOLD)
		r |= A_BOLD;
	if (a & TA_DIM)
		r |= A_DIM;
	if (a & TA_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & TA_REVERSE)
		r |= A_REVERSE;
	if (a & TA_ITALIC)
		r |= A_ITALIC;
	if (a & TA_STANDOUT)
		r |= A_STANDOUT;
	return r;
}

attr_t ui_attr(const Ui *u, ThemeSlot slot, bool current, short *pair)
{
	attr_t a = attrs_of(u->theme.slot[slot].attrs);
	if (current)
		a |= attrs_of(u->theme.slot[TS_CURRENT].attrs);
	*pair = 0;
	if (u->colors)
		*pair = (short)((current ? TS_COUNT : 0) + (int)slot + 1);
	return a;
}

void ui_set_style(const Ui *u, ThemeSlot slot, bool current)
{
	short pair;
	attr_t a = ui_attr(u, slot, current, &pair);
	attr_set(a, pair, NULL);
}

/* ---- text --------------------------------------------------------------- */

/* Draw s[0..n) from column x, at most w columns, in the current style;
 * returns the columns used.  A cluster that does not fit is a marker. */
int ui_put_text(const Ui *u, int y, int x, int w, const char *s, size_t n, ThemeSlot slot,
                    bool current)
{
	Buf r = BUF_INIT;   /* rendered bytes of the current run */
	Buf one = BUF_INIT; /* one cluster */
	bool run_ph = false; /* the run is placeholders (marker style) */
	int col = 0;
	size_t i = 0;
	move(y, x);
	while (i < n && col < w) {
		int cw;
		size_t pl = u->slow_paint ? 0 : text_plain_cluster(s, n, i, &cw);
		if (pl && col + cw <= w) {
			/* the fast path: the bytes are the cell */
			if (r.len && run_ph) {
				ui_set_style(u, TS_MARKER, current);
				addnstr(r.p, (int)r.len);
				buf_clear(&r);
			}
			run_ph = false;
			buf_add(&r, s + i, pl);
			col += cw;
			i += pl;
			continue;
		}
		size_t e = text_next_grapheme(s, n, i);
		cw = text_cluster_width(s + i, e - i, col);
		if (col + cw > w) {
			if (r.len) {
				ui_set_style(u, run_ph ? TS_MARKER : slot, current);
				addnstr(r.p, (int)r.len);
				buf_clear(&r);
			}
			ui_set_style(u, TS_MARKER, current);
			for (; col < w; col++)
				addch(col + 1 == w ? '>' : ' ');
			break;
		}
		buf_clear(&one);
		text_render_cluster(s + i, e - i, col, &one);
		bool ph = one.len && ((one.p[0] == '^' && s[i] != '^') || (one.p[0] == '<' && s[i] != '<'));
		if (r.len && ph != run_ph) {
			/* one addnstr per run of the same style */
			ui_set_style(u, run_ph ? TS_MARKER : slot, current);
			addnstr(r.p, (int)r.len);
			buf_clear(&r);
		}
		run_ph = ph;
		buf_add(&r, one.p, one.len);
		col += cw;
		i = e;
	}
	if (r.len) {
		ui_set_style(u, run_ph ? TS_MARKER : slot, current);
		addnstr(r.p, (int)r.len);
	}
	buf_release(&r);
	buf_release(&one);
	return col;
}

void ui_fill(const Ui *u, int y, int x, int w, ThemeSlot slot, bool current)
{
	if (w <= 0)
		return;
	short pair;
	attr_t a = ui_attr(u, slot, current, &pair);
	ui_set_style(u, slot, current);
	mvhline(y, x, (chtype)' ' | a | (chtype)COLOR_PAIR(pair), w);
}

/* ---- signatures: what a row was painted from (ui_paint) ------------- */

/* Is the row's last signature sig?  (An empty one is none: a row always
 * has one.) */
static bool buf_equal_sig(const Buf *last, const Buf *sig)
{
	return last->len && last->len == sig->len && !memcmp(last->p, sig->p, sig->len);
}

/* The row's signature is now sig (the buffers swap: no allocation). */
static void row_sig_take(Buf *last, Buf *sig)
{
	Buf t = *last;
	*last = *sig;
	*sig = t;
}

/* Is now the signature last painted?  last becomes now either way. */
static bool same_sig(Buf *last, Buf *now)
{
	bool eq = buf_equal_sig(last, now);
	row_sig_take(last, now);
	buf_release(now);
	return eq;
}

/* ---- highlights in a line: glossary hits, search match ------------------ */

#define HL_MAX 64
typedef struct Hl {
	size_t start, end;
	ThemeSlot slot;
} Hl;

static bool st_prose(Session *s, const ViewRow *vr)
{
	return vr->seg >= 0 && rst_kind_is_prose(s->doc.al.v[vr->seg].kind);
}

static int cmp_hl(const void *a, const void *b)
{
	const Hl *x = a, *y = b;
	return (x->start > y->start) - (x->start < y->start);
}

/* Glossary terms in the English (glossary-hit), avoided variants in the
 * translation (warning), and the search match over them. */
static size_t line_highlights(Ui *u, const ViewRow *vr, Pane p, const Line *ln, bool prose,
                              Hl *hl)
{
	Session *s = u->s;
	size_t n = 0;
	const RowSide *rs = &vr->side[p];
	if (prose && ln->n) {
		GlossHitVec hv = {0};
		session_gloss_line(s, p, rs->line, &hv);
		for (size_t i = 0; i < hv.n && n + 1 < HL_MAX; i++)
			hl[n++] = (Hl){hv.v[i].start, hv.v[i].end,
			               p == PANE_SOURCE ? TS_GLOSSARY : TS_WARNING};
		VEC_FREE(&hv);
	}
	if (prose && p == PANE_TARGET && s->spell.sp) {
		SpellMisses m = {0};
		session_spell_line(s, rs->line, &m);
		for (size_t i = 0; i < m.n && n + 1 < HL_MAX; i++) {
			bool clash = false;
			for (size_t j = 0; j < n; j++)
				clash |= hl[j].start < m.v[i].off + m.v[i].len && m.v[i].off < hl[j].end;
			if (!clash)
				hl[n++] = (Hl){m.v[i].off, m.v[i].off + m.v[i].len, TS_SPELL};
		}
		VEC_FREE(&m);
	}
	size_t ms = 0, me = 0;
	Pane sp;
	Pos sa, sb;
	if (session_sel_range(s, &sp, &sa, &sb) && sp == p && sa.line <= rs->line &&
	    rs->line <= sb.line) {
		/* the selection (shown as a match) */
		ms = sa.line == rs->line ? sa.col : 0;
		me = sb.line == rs->line ? sb.col : (size_t)ln->n + (rs->line < sb.line);
	} else if (s->search.match.on && s->search.match.pane == p &&
	           s->search.match.at.line == rs->line) {
		ms = s->search.match.at.col;
		me = ms + s->search.match.len;
	}
	if (me > ms) {
		/* the match wins: cut the others around it */
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if (hl[i].end <= ms || hl[i].start >= me)
				hl[m++] = hl[i];
		n = m;
		hl[n++] = (Hl){ms, MIN(me, ln->n), TS_MATCH};
	}
	qsort(hl, n, sizeof(*hl), cmp_hl);
	return n;
}

/* What one pane side of one body row shows: the plan is both what is
 * painted and the row's signature (ui_paint). */
typedef struct SidePlan {
	bool has, first, cont;
	int indent;       /* blank columns before the text (a hanging row) */
	size_t line;
	const char *p;    /* the row's bytes of the line: p[0..n) */
	size_t n;
	ThemeSlot text;   /* the text's slot */
	int remark;       /* a review comment on the line: 1 open, 2 resolved */
	Hl hl[HL_MAX];    /* highlighted ranges of p, in order, not overlapping */
	size_t nh;
} SidePlan;

static void plan_side(Ui *u, const ViewRow *vr, Pane p, SegStatus st, SidePlan *pl)
{
	Session *s = u->s;
	const RowSide *rs = &vr->side[p];
	pl->p = NULL;
	pl->n = 0;
	pl->nh = 0; /* (the ranges are not cleared: a frame's plans are not zeroed) */
	pl->text = p == PANE_TARGET ? TS_TARGET_TEXT : TS_SOURCE_TEXT;
	if (p == PANE_TARGET && st == ST_UNTRANSLATED)
		pl->text = TS_UNTRANSLATED;
	else if (st == ST_STALE)
		pl->text = TS_STALE; /* both panes: the English changed */
	pl->has = rs->has;
	pl->first = rs->first;
	pl->remark = 0;
	if (p == PANE_TARGET && rs->has && rs->first && s->rem.v.n) {
		long r = session_remark_on_line(s, rs->line);
		pl->remark = r < 0 ? 0 : session_remark_resolved(s, (size_t)r) ? 2 : 1;
	}
	pl->cont = rs->cont;
	pl->indent = rs->indent;
	pl->line = rs->line;
	if (!rs->has)
		return;
	const Line *ln = lines_line(session_lines(s, p), rs->line);
	size_t a = rs->from, b = rs->to;
	pl->p = lines_bytes(session_lines(s, p), rs->line, ln) + a;
	pl->n = b - a;
	Hl hl[HL_MAX];
	size_t nh = line_highlights(u, vr, p, ln, st_prose(s, vr), hl);
	size_t at = a;
	for (size_t i = 0; i < nh && at < b; i++) {
		if (hl[i].end <= at || hl[i].start >= b)
			continue;
		size_t hs = MAX(at, hl[i].start), he = MIN(b, hl[i].end);
		pl->hl[pl->nh++] = (Hl){hs - a, he - a, hl[i].slot};
		at = he;
	}
}

/* The signature of a side (appended to sig): everything paint_side draws
 * from but the layout and the theme (the frame's). */
static void sign_side(const SidePlan *pl, bool gutter, Buf *sig)
{
	/* the line's number is drawn in the gutter only (a row moved down by
	 * a new line above it shows the same without one) */
	size_t head[6] = {pl->has | pl->first << 1 | pl->cont << 2, gutter ? pl->line : 0, pl->text,
	                  pl->nh, pl->n, (size_t)pl->indent | (size_t)pl->remark << 16};
	buf_add(sig, (const char *)head, sizeof(head));
	for (size_t i = 0; i < pl->nh; i++) {
		size_t h[3] = {pl->hl[i].start, pl->hl[i].end, pl->hl[i].slot};
		buf_add(sig, (const char *)h, sizeof(h));
	}
	buf_add(sig, pl->p, pl->n);
}

/* One pane side of one body row. */
static void paint_side(Ui *u, const Layout *l, int y, const SidePlan *pl, Pane p, bool current)
{
	int x = p == PANE_TARGET ? l->tgt_x : l->src_x;
	int w = p == PANE_TARGET ? l->tgt_w : l->src_w;
	ThemeSlot text = pl->text;
	if (l->gutter) {
		int gx = x - l->gutter;
		ui_fill(u, y, gx, l->gutter, TS_LINENO, current);
		if (pl->has && pl->first && u->s->view.numbers) {
			char num[32];
			snprintf(num, sizeof(num), "%*zu ", l->gutter - 1, pl->line + 1);
			ui_set_style(u, TS_LINENO, current);
			mvaddnstr(y, gx, num, l->gutter);
		}
		/* a review comment of the pull request on this line: '*' (open), '.' (resolved) */
		if (pl->remark) {
			ui_set_style(u, pl->remark == 1 ? TS_WARNING : TS_LINENO, current);
			mvaddch(y, gx + l->gutter - 1, pl->remark == 1 ? '*' : '.');
		}
	}
	int used = 0;
	if (pl->has && pl->indent > 0 && pl->indent < w) {
		ui_fill(u, y, x, pl->indent, text, current);
		used = pl->indent;
	}
	if (pl->has) {
		size_t at = 0;
		for (size_t i = 0; i < pl->nh; i++) {
			const Hl *h = &pl->hl[i];
			if (h->start > at)
				used += ui_put_text(u, y, x + used, w - used, pl->p + at, h->start - at, text,
				                    current);
			used += ui_put_text(u, y, x + used, w - used, pl->p + h->start, h->end - h->start,
			                    h->slot, h->slot == TS_MATCH ? false : current);
			at = h->end;
		}
		if (at < pl->n)
			used += ui_put_text(u, y, x + used, w - used, pl->p + at, pl->n - at, text, current);
	}
	ui_fill(u, y, x + used, w - used, text, current);
	/* the mark column: '>' where the line continues on the next row */
	ui_fill(u, y, x + w, SESSION_MARK_W, text, current);
	if (pl->has && pl->cont) {
		ui_set_style(u, TS_MARKER, current);
		mvaddch(y, x + w, '>');
	}
}

/* The header row; not painted again when its text is the last one's
 * (force: paint anyway). */
static void paint_header(Ui *u, bool force)
{
	Buf left = BUF_INIT, right = BUF_INIT, r = BUF_INIT;
	session_header(u->s, &left, &right);
	Buf sig = BUF_INIT;
	buf_add(&sig, left.p ? left.p : "", left.len);
	buf_addc(&sig, '\0');
	buf_add(&sig, right.p ? right.p : "", right.len);
	if (same_sig(&u->head_sig, &sig) && !force) {
		buf_release(&left);
		buf_release(&right);
		return;
	}
	ui_fill(u, 0, 0, COLS, TS_HEADER, false);
	int rw = text_width(right.p, right.len);
	int lw = COLS - rw - 1;
	if (lw < 10) {
		lw = COLS;
		rw = 0;
	}
	ui_put_text(u, 0, 0, lw, left.p, left.len, TS_HEADER, false);
	if (rw)
		ui_put_text(u, 0, COLS - rw, rw, right.p, right.len, TS_HEADER, false);
	buf_release(&left);
	buf_release(&right);
	buf_release(&r);
}

void ui_key_label(const char *key, Buf *out)
{
	if (key[0] == 'C' && key[1] == '-' && key[2] && !key[3]) {
		buf_addc(out, '^');
		buf_addc(out, (char)(key[2] >= 'a' && key[2] <= 'z' ? key[2] - 32 : key[2]));
	} else {
		buf_adds(out, key);
	}
}

/* The key-bar entry of command c ("^S" and "Save"); false when it has none. */
static bool bar_entry(Ui *u, CommandMode mode, const Command *c, Buf *keys, Buf *lab)
{
	if (!c->bar || !(c->modes & MODE_BIT(mode)))
		return false;
	buf_clear(keys);
	keymap_keys_of(&u->keys, mode, c->id, keys);
	if (!keys->len)
		return false;
	char *comma = strchr(keys->p, ',');
	if (comma)
		*comma = '\0';
	buf_clear(lab);
	ui_key_label(keys->p, lab);
	return true;
}

static int bar_need(const Buf *lab, const Command *c)
{
	return text_width(lab->p, lab->len) + 1 + (int)strlen(c->bar) + 1;
}

/* The key bar is chosen by width: the CMD_BAR_ALWAYS entries (F1 Help)
 * first, then the others in table order where they fit. */
void ui_paint_keybar(Ui *u, CommandMode mode, int y)
{
	ui_fill(u, y, 0, COLS, TS_KEYBAR, false);
	size_t n;
	const Command *t = command_table(&n);
	Buf keys = BUF_INIT, lab = BUF_INIT;
	int x = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < n; i++) {
			bool always = t[i].flags & CMD_BAR_ALWAYS;
			if (always != (pass == 0))
				continue;
			if (!bar_entry(u, mode, &t[i], &keys, &lab))
				continue;
			int need = bar_need(&lab, &t[i]);
			if (x + need > COLS)
				continue;
			x += ui_put_text(u, y, x, COLS - x, " ", 1, TS_KEYBAR, false);
			x += ui_put_text(u, y, x, COLS - x, lab.p, lab.len, TS_KEYNAME, false);
			x += ui_put_text(u, y, x, COLS - x, " ", 1, TS_KEYBAR, false);
			x += ui_put_text(u, y, x, COLS - x, t[i].bar, strlen(t[i].bar), TS_KEYBAR, false);
		}
	}
	buf_release(&keys);
	buf_release(&lab);
}

int ui_put_spans_wrapped(const Ui *u, const UiSpan *sp, size_t ns, int x, int w, int vy, int lo,
                         int hi)
{
	int row = 0, col = 0;
	Buf r = BUF_INIT;
	for (size_t k = 0; k < ns; k++) {
		const char *s = sp[k].p;
		size_t n = sp[k].n;
		for (size_t i = 0; i < n;) {
			if (s[i] == '\n') {
				row++;
				col = 0;
				i++;
				continue;
			}
			size_t e = text_next_grapheme(s, n, i);
			const char *nl = memchr(s + i, '\n', e - i);
			if (nl)
				e = (size_t)(nl - s);
			int cw = text_cluster_width(s + i, e - i, col);
			if (col + cw > w && col > 0) {
				row++;
				col = 0;
			}
			int y = vy + row;
			if (y >= lo && y < hi && col + cw <= w) {
				buf_clear(&r);
				text_render_cluster(s + i, e - i, col, &r);
				ui_set_style(u, sp[k].slot, false);
				mvaddnstr(y, x + col, r.p, (int)r.len);
			}
			col += cw;
			i = e;
		}
	}
	buf_release(&r);
	return row + 1;
}

int ui_put_spans_words(const Ui *u, const UiSpan *sp, size_t ns, int x, int w, int vy, int lo,
                       int hi)
{
	/* the spans' text as one, with the slot of each byte's span */
	Buf t = BUF_INIT, r = BUF_INIT;
	size_t *end = xcalloc(ns + 1, sizeof(size_t));
	for (size_t k = 0; k < ns; k++) {
		buf_add(&t, sp[k].p, sp[k].n);
		end[k] = t.len;
	}
	const char *s = t.p ? t.p : "";
	int row = 0;
	size_t k = 0;
	for (size_t ls = 0; ls <= t.len;) {
		const char *nl = memchr(s + ls, '\n', t.len - ls);
		size_t le = nl ? (size_t)(nl - s) : t.len;
		for (size_t from = ls; from < le || from == ls;) {
			size_t to = from < le ? session_wrap(s + ls, le - ls, from - ls, w, WRAP_WORD) + ls
			                      : le;
			int col = 0, y = vy + row;
			for (size_t i = from; i < to;) {
				size_t e = text_next_grapheme(s, to, i);
				int cw = text_cluster_width(s + i, e - i, col);
				while (k + 1 < ns && i >= end[k])
					k++;
				if (y >= lo && y < hi && col + cw <= w) {
					buf_clear(&r);
					text_render_cluster(s + i, e - i, col, &r);
					ui_set_style(u, ns ? sp[k].slot : TS_NORMAL, false);
					mvaddnstr(y, x + col, r.p, (int)r.len);
				}
				col += cw;
				i = e;
			}
			if (to >= le)
				break;
			row++;
			from = to;
		}
		if (!nl)
			break;
		row++;
		ls = le + 1;
	}
	free(end);
	buf_release(&t);
	buf_release(&r);
	return row + 1;
}

static ThemeSlot span_slot(SpanKind k, ThemeSlot base)
{
	switch (k) {
	case SPAN_WARN: return TS_WARNING;
	case SPAN_ERROR: return TS_ERROR;
	case SPAN_GLOSS: return TS_GLOSSARY;
	case SPAN_DIFF: return TS_DIFF;
	case SPAN_HINT: return TS_HINT;
	case SPAN_NORMAL: break;
	}
	return base;
}

/* Draw text in spans from x, at most w columns; returns the columns used. */
static int put_spans(const Ui *u, int y, int x, int w, const Buf *t, const StatusSpanVec *sv,
                     ThemeSlot base)
{
	int used = 0;
	size_t at = 0;
	for (size_t i = 0; i < sv->n && used < w; i++) {
		size_t end = sv->v[i].end;
		if (end > at)
			used += ui_put_text(u, y, x + used, w - used, t->p + at, end - at,
			                 span_slot(sv->v[i].kind, base), false);
		at = end;
	}
	return used;
}

static void sign_spans(const Buf *t, const StatusSpanVec *sv, Buf *sig)
{
	for (size_t i = 0; i < sv->n; i++) {
		size_t v[2] = {sv->v[i].end, sv->v[i].kind};
		buf_add(sig, (const char *)v, sizeof(v));
	}
	buf_add(sig, t->p ? t->p : "", t->len);
	buf_addc(sig, '\0');
}

/* The status row; not painted again when its text and spans are the last
 * one's (force: paint anyway). */
static void paint_status(Ui *u, const Layout *l, bool force)
{
	Session *s = u->s;
	Buf sig = BUF_INIT;
	if (s->dlg.q.on) {
		Buf st = BUF_INIT;
		buf_addf(&st, " %s", s->dlg.q.text);
		buf_addc(&sig, 'Q');
		buf_add(&sig, st.p, st.len);
		if (!same_sig(&u->status_sig, &sig) || force) {
			ui_fill(u, l->status_y, 0, COLS, TS_WARNING, false);
			ui_put_text(u, l->status_y, 0, COLS, st.p, st.len, TS_WARNING, false);
		}
		buf_release(&st);
		return;
	}
	Buf left = BUF_INIT, right = BUF_INIT;
	StatusSpanVec ls = {0}, rs = {0};
	session_status_spans(s, &left, &ls, &right, &rs);
	buf_addc(&sig, 'S');
	sign_spans(&left, &ls, &sig);
	sign_spans(&right, &rs, &sig);
	if (same_sig(&u->status_sig, &sig) && !force) {
		buf_release(&left);
		buf_release(&right);
		VEC_FREE(&ls);
		VEC_FREE(&rs);
		return;
	}
	ThemeSlot base = TS_STATUS;
	ui_fill(u, l->status_y, 0, COLS, base, false);
	int rw = right.len ? text_width(right.p, right.len) : 0;
	/* a message is read in full: the checklist gives way when both do not fit */
	if (rw > COLS / 2 || (s->shell.msg.text[0] && text_width(left.p, left.len) + rw + 1 > COLS))
		rw = 0;
	put_spans(u, l->status_y, 0, COLS - rw - (rw ? 1 : 0), &left, &ls, base);
	if (rw)
		put_spans(u, l->status_y, COLS - rw, rw, &right, &rs, base);
	buf_release(&left);
	buf_release(&right);
	VEC_FREE(&ls);
	VEC_FREE(&rs);
}

static const char *const status_mark[ST_COUNT] = {
	[ST_UNTRANSLATED] = "?", [ST_DRAFT] = NULL, [ST_DONE] = "✓", [ST_STALE] = "!",
	[ST_REVIEWED] = "✓",
};
static const ThemeSlot status_slot[ST_COUNT] = {
	[ST_UNTRANSLATED] = TS_UNTRANSLATED, [ST_DRAFT] = TS_RULE, [ST_DONE] = TS_DONE,
	[ST_STALE] = TS_STALE, [ST_REVIEWED] = TS_DONE,
};

/* What one body row shows (ui_paint). */
typedef struct RowPlan {
	bool empty;       /* past the document's end */
	bool current;     /* of the current segment */
	SegStatus st;
	const char *mark; /* the status mark in the rule, or NULL */
	SidePlan side[2];
} RowPlan;

static void plan_row(Ui *u, const ViewRow *vr, long cur, RowPlan *rp)
{
	Session *s = u->s;
	rp->current = vr->seg >= 0 && vr->seg == cur;
	/* a status the sidecar's has not replaced yet (a phased open) is
	 * pending: drawn as such, not as what align guessed */
	bool pending = vr->seg >= 0 && session_seg_status_pending(s, (size_t)vr->seg);
	SegStatus st = vr->seg >= 0 && !pending ? s->doc.al.v[vr->seg].status : ST_DRAFT;
	rp->st = st;
	bool has_both = vr->seg >= 0 && s->doc.al.v[vr->seg].src_n && s->doc.al.v[vr->seg].tgt_n;
	rp->mark = vr->seg_first && has_both ? pending ? "⋯" : status_mark[st] : NULL;
	if (rp->mark && !rst_kind_is_prose(s->doc.al.v[vr->seg].kind) && st == ST_UNTRANSLATED)
		rp->mark = NULL; /* identical code is not "untranslated" */
	SegStatus tst = has_both && rst_kind_is_prose(s->doc.al.v[vr->seg].kind) ? st : ST_DRAFT;
	plan_side(u, vr, PANE_SOURCE, has_both && st == ST_STALE ? ST_STALE : ST_DRAFT,
	          &rp->side[PANE_SOURCE]);
	plan_side(u, vr, PANE_TARGET, tst, &rp->side[PANE_TARGET]);
}

static void paint_row(Ui *u, const Layout *l, int y, const RowPlan *rp)
{
	move(y, 0);
	clrtoeol();
	if (rp->empty) {
		ui_fill(u, y, 0, COLS, TS_NORMAL, false);
		ui_set_style(u, TS_RULE, false);
		mvaddstr(y, l->rule_x, "│");
		return;
	}
	paint_side(u, l, y, &rp->side[PANE_SOURCE], PANE_SOURCE, rp->current);
	ui_set_style(u, rp->mark ? status_slot[rp->st] : TS_RULE, rp->current);
	mvaddstr(y, l->rule_x, rp->mark ? rp->mark : "│");
	paint_side(u, l, y, &rp->side[PANE_TARGET], PANE_TARGET, rp->current);
}

/* How many rows r in [from, to) show now (sig) what row r - k showed
 * (the last signatures). */
static int shifted_equal(const Ui *u, const Buf *sig, int from, int to, int k)
{
	int m = 0;
	for (int r = from; r < to; r++)
		m += buf_equal_sig(&u->row_sig[r - k], &sig[r]);
	return m;
}

/* A line inserted or joined, or a scroll, moves rows as a block: where
 * most rows from the first changed one down show what another row showed
 * (k rows up or down), the rows are moved on the screen (insdelln: no
 * painting) and so are their signatures; the rows left behind have none.
 * The rows below the body (status line, key bar) are painted anyway. */
static bool shift_rows(Ui *u, const Layout *l, const Buf *sig)
{
	int h = l->body_h, r0 = 0;
	while (r0 < h && buf_equal_sig(&u->row_sig[r0], &sig[r0]))
		r0++;
	if (r0 >= h - 1)
		return false;
	int best = shifted_equal(u, sig, r0, h, 0), bk = 0;
	for (int k = 1; k < h - r0; k++) {
		int down = shifted_equal(u, sig, r0 + k, h, k);
		int up = shifted_equal(u, sig, r0, h - k, -k);
		if (down > best) {
			best = down;
			bk = k;
		}
		if (up > best) {
			best = up;
			bk = -k;
		}
	}
	if (!bk || best < 2)
		return false;
	move(l->body_y + r0, 0);
	insdelln(bk);
	stat_add(STAT_UI_ROWS_MOVED, 1);
	int k = bk > 0 ? bk : -bk;
	Buf *old = xcalloc((size_t)(h - r0), sizeof(Buf));
	memcpy(old, u->row_sig + r0, (size_t)(h - r0) * sizeof(Buf));
	Buf *v = u->row_sig + r0;
	int m = h - r0; /* rows [r0, h) are v[0, m) */
	for (int i = 0; i < m; i++) {
		/* down: row i shows old row i - k; up: old row i + k */
		int from = bk > 0 ? i - k : i + k;
		if (from >= 0 && from < m) {
			v[i] = old[from];
		} else {
			/* a buffer of a row that left the body, emptied */
			int gone = bk > 0 ? m - k + i : i - (m - k);
			v[i] = old[gone];
			buf_clear(&v[i]);
		}
	}
	free(old);
	return true;
}

void ui_paint_forget(Ui *u)
{
	u->paint_all = true;
}

/* The signatures forgotten (the next frame paints everything). */
static void ui_paint_reset(Ui *u)
{
	for (int r = 0; r < u->row_sig_n; r++)
		buf_release(&u->row_sig[r]);
	free(u->row_sig);
	u->row_sig = NULL;
	u->row_sig_n = 0;
	buf_release(&u->frame_sig);
	buf_release(&u->head_sig);
	buf_release(&u->status_sig);
}

void ui_paint_release(Ui *u)
{
	ui_paint_reset(u);
	for (int r = 0; r < u->plan_n; r++)
		buf_release(&u->row_new[r]);
	free(u->row_new);
	free(u->plans);
	u->row_new = NULL;
	u->plans = NULL;
	u->plan_n = 0;
}

/* What every body row depends on: the terminal's size, the layout, the
 * theme and its colours.  (Not the scroll position: rows that scrolled
 * are a block moved, shift_rows; not the message: it is the status
 * line's, paint_status.) */
static void sign_frame(const Ui *u, const Layout *l, Buf *sig)
{
	int head[4] = {COLS, LINES, u->colors, u->slow_paint};
	buf_add(sig, (const char *)head, sizeof(head));
	buf_add(sig, (const char *)l, sizeof(*l));
	buf_add(sig, (const char *)&u->theme, sizeof(u->theme));
}

/* The body rows are painted where their signature (what they show) is
 * not the one painted last; everything when the frame's is not
 * (sign_frame) or after ui_paint_forget.  The header, the status line and
 * the key bar are painted when their text changes or rows moved over them. */
void ui_paint(Ui *u)
{
	Session *s = u->s;
	Layout l;
	session_layout(s, &l);
	if (l.too_small) {
		erase();
		u->paint_all = true;
		ui_set_style(u, TS_NORMAL, false);
		static const char *const msg[] = {"terminal too small", "(need 40x10)"};
		for (int i = 0; i < 2 && i < LINES; i++) {
			int w = (int)strlen(msg[i]);
			int x = MAX(0, (COLS - w) / 2);
			ui_put_text(u, MAX(0, LINES / 2 - 1) + i, x, COLS - x, msg[i], strlen(msg[i]),
			         TS_WARNING, false);
		}
		curs_set(0);
		return;
	}
	Buf fs = BUF_INIT;
	sign_frame(u, &l, &fs);
	bool all = u->paint_all || u->full_paint || u->row_sig_n != l.body_h ||
	           fs.len != u->frame_sig.len || memcmp(fs.p, u->frame_sig.p, fs.len);
	if (all) {
		erase();
		ui_paint_reset(u);
		u->row_sig = xcalloc((size_t)l.body_h, sizeof(Buf));
		u->row_sig_n = l.body_h;
		u->paint_all = false;
	}
	buf_release(&u->frame_sig);
	u->frame_sig = fs;
	paint_header(u, all);
	ViewRow *rows = xcalloc((size_t)l.body_h, sizeof(ViewRow));
	size_t n = session_view(s, rows, (size_t)l.body_h);
	long cur = session_cur_seg(s);
	/* what each row shows, then the rows moved as a block (a line
	 * inserted or joined), then the rows that changed */
	int h = l.body_h;
	if (u->plan_n != h) {
		free(u->plans);
		for (int r = 0; r < u->plan_n; r++)
			buf_release(&u->row_new[r]);
		free(u->row_new);
		u->plans = xmalloc((size_t)h * sizeof(RowPlan));
		u->row_new = xcalloc((size_t)h, sizeof(Buf));
		u->plan_n = h;
	}
	RowPlan *pl = u->plans; /* kept between frames: no allocation per frame */
	Buf *sig = u->row_new;
	for (int r = 0; r < h; r++) {
		buf_clear(&sig[r]);
		pl[r].empty = (size_t)r >= n;
		if (pl[r].empty) {
			buf_addc(&sig[r], 'E');
			continue;
		}
		plan_row(u, &rows[r], cur, &pl[r]);
		size_t head[3] = {'R', pl[r].current, pl[r].mark ? (size_t)pl[r].st + 1 : 0};
		buf_add(&sig[r], (const char *)head, sizeof(head));
		sign_side(&pl[r].side[PANE_SOURCE], l.gutter > 0, &sig[r]);
		sign_side(&pl[r].side[PANE_TARGET], l.gutter > 0, &sig[r]);
	}
	/* a block moved pushes rows over the status line and the key bar */
	bool moved = !all && shift_rows(u, &l, sig);
	for (int r = 0; r < h; r++) {
		if (!buf_equal_sig(&u->row_sig[r], &sig[r])) {
			paint_row(u, &l, l.body_y + r, &pl[r]);
			stat_add(STAT_UI_ROWS_PAINTED, 1);
		}
		row_sig_take(&u->row_sig[r], &sig[r]);
	}
	free(rows);
	paint_status(u, &l, all || moved);
	/* the key bar depends on the width only (and the keys, fixed) */
	if (all || moved || u->bar_cols != COLS)
		ui_paint_keybar(u, MODE_EDITOR, l.keys_y);
	u->bar_cols = COLS;
	int y, x;
	if (!s->dlg.q.on && session_cursor_screen(s, &y, &x)) {
		curs_set(1);
		move(y, x);
	} else {
		curs_set(0);
	}
}

void ui_draw(Ui *u)
{
	session_prepare_frame(u->s);
	ui_paint(u);
	ui_frame_end(u);
}

void ui_paint_prompt(Ui *u, const char *prompt, const char *input, bool selected)
{
	int y = LINES - 2; /* the status row (the list and reviewer mode have no session) */
	if (u->s) {
		Layout l;
		session_layout(u->s, &l);
		y = l.too_small ? LINES - 1 : l.status_y;
	}
	ui_fill(u, y, 0, COLS, TS_STATUS, false);
	int x = ui_put_text(u, y, 0, COLS, prompt, strlen(prompt), TS_KEYNAME, false);
	/* show the end of a long input */
	size_t n = strlen(input), from = 0;
	while (text_width(input + from, n - from) > COLS - x - 1 && from < n)
		from = text_next_grapheme(input, n, from);
	x += ui_put_text(u, y, x, COLS - x, input + from, n - from, selected ? TS_MATCH : TS_STATUS,
	                 false);
	curs_set(1);
	move(y, MIN(x, COLS - 1));
}

void ui_paint_help(Ui *u, CommandMode mode, int top, int *lines)
{
	erase();
	size_t n;
	const Command *t = command_table(&n);
	ui_fill(u, 0, 0, COLS, TS_HEADER, false);
	const char *title = " yeok — commands and keys (Esc, q or F1 closes; config.yaml keys: rebinds)";
	ui_put_text(u, 0, 0, COLS, title, strlen(title), TS_HEADER, false);
	/* the mode's commands: those with keys first, then those run from dialogs */
	const Command **rows = xcalloc(n + 1, sizeof(*rows));
	size_t nr = 0;
	for (int hidden = 0; hidden < 2; hidden++)
		for (size_t i = 0; i < n; i++)
			if ((t[i].modes & MODE_BIT(mode)) && !!(t[i].flags & CMD_HIDDEN) == hidden)
				rows[nr++] = &t[i];
	*lines = (int)nr;
	Buf keys = BUF_INIT, lab = BUF_INIT;
	int kw = 18;
	for (int r = 0; r + 1 < LINES - 1 && top + r < (int)nr; r++) {
		const Command *c = rows[top + r];
		buf_clear(&keys);
		keymap_keys_of(&u->keys, mode, c->id, &keys);
		buf_clear(&lab);
		/* ^S style labels for the keys */
		char *dup = xstrdup(keys.p ? keys.p : "");
		for (char *p = dup; *p;) {
			size_t k = strcspn(p, ",");
			char save = p[k];
			p[k] = '\0';
			if (lab.len)
				buf_adds(&lab, " ");
			ui_key_label(p, &lab);
			p[k] = save;
			p += k;
			while (*p == ',' || *p == ' ')
				p++;
		}
		free(dup);
		int y = r + 1;
		ui_fill(u, y, 0, COLS, TS_NORMAL, false);
		ui_put_text(u, y, 1, MIN(kw, COLS - 1), lab.p ? lab.p : "", lab.len, TS_KEYNAME, false);
		int x = 1 + kw + 1;
		if (x < COLS) {
			char *line = xasprintf("%-16s %s", c->id, c->help);
			ui_put_text(u, y, x, COLS - x, line, strlen(line), TS_NORMAL, false);
			free(line);
		}
	}
	free(rows);
	buf_release(&keys);
	buf_release(&lab);
	ui_fill(u, LINES - 1, 0, COLS, TS_STATUS, false);
	char *foot = xasprintf(" %d commands (%s) · Up/Down/PageUp/PageDown scroll", (int)nr,
	                       mode == MODE_REVIEW ? "reviewer mode"
	                       : mode == MODE_LIST ? "repository view" : "editor");
	ui_put_text(u, LINES - 1, 0, COLS, foot, strlen(foot), TS_STATUS, false);
	free(foot);
	curs_set(0);
}

/* ---- dialogs: a pick list, the stale diff ------------------------------- */

/* The box the dialogs use: the body with a margin. */
static void dialog_box(int *y0, int *x0, int *h, int *w)
{
	*y0 = 1;
	*x0 = 0;
	*w = COLS;
	*h = MAX(3, LINES - 3);
}

/* The text of item i's row (detail false) or detail in spans: the marks
 * of the pick list in their slot, the rest in base. */
static size_t pick_spans(const SessionPick *pk, size_t i, bool detail, const char *t,
                         ThemeSlot base, UiSpan **out)
{
	size_t n = strlen(t), ns = 0, cap = 0, at = 0;
	*out = NULL;
	/* marks are added in text order per item (session_pick_mark) */
	for (size_t m = 0; m < pk->marks.n; m++) {
		const PickMark *x = &pk->marks.v[m];
		if (x->item != i || x->detail != detail || x->off < at || x->off + x->len > n)
			continue;
		*out = xgrow(*out, &cap, ns + 2, sizeof(UiSpan));
		if (x->off > at)
			(*out)[ns++] = (UiSpan){t + at, x->off - at, base};
		(*out)[ns++] = (UiSpan){t + x->off, x->len, span_slot(x->kind, base)};
		at = x->off + x->len;
	}
	*out = xgrow(*out, &cap, ns + 1, sizeof(UiSpan));
	(*out)[ns++] = (UiSpan){t + at, n - at, base};
	return ns;
}

void ui_paint_pick(Ui *u, size_t sel, int *top)
{
	Session *s = u->s;
	const SessionPick *pk = &s->dlg.pick;
	int y0, x0, h, w;
	dialog_box(&y0, &x0, &h, &w);
	size_t n = pk->items.n;
	const char *detail = sel < pk->details.n ? pk->details.v[sel] : NULL;
	/* the selected item's detail under the list (a third of the box) */
	int dh = pk->details.n ? MAX(2, MIN(8, (h - 2) / 3)) : 0;
	if (dh >= h - 3)
		dh = 0;
	int rows = MIN((int)n, h - 2 - dh);
	/* sel visible, and no row past the last item: the terminal may have
	 * grown since *top was set (issue 14: a SIGSEGV here) */
	if ((int)sel < *top)
		*top = (int)sel;
	if ((int)sel >= *top + rows)
		*top = (int)sel - rows + 1;
	*top = MAX(0, MIN(*top, (int)n - rows));
	ui_fill(u, y0, x0, w, TS_HEADER, false);
	char *title = xasprintf(" %s", pk->title);
	ui_put_text(u, y0, x0, w, title, strlen(title), TS_HEADER, false);
	free(title);
	for (int r = 0; r < rows; r++) {
		size_t i = (size_t)(*top + r);
		ThemeSlot slot = i == sel ? TS_MATCH : TS_NORMAL;
		ui_fill(u, y0 + 1 + r, x0, w, slot, false);
		UiSpan *sp;
		size_t ns = pick_spans(pk, i, false, pk->items.v[i], slot, &sp);
		int used = 0;
		for (size_t k = 0; k < ns && used < w - 2; k++)
			used += ui_put_text(u, y0 + 1 + r, x0 + 1 + used, w - 2 - used, sp[k].p, sp[k].n,
			                    sp[k].slot, false);
		free(sp);
	}
	int y = y0 + 1 + rows;
	if (dh) {
		for (int r = 0; r < dh; r++)
			ui_fill(u, y + r, x0, w, TS_NORMAL, false);
		ui_set_style(u, TS_RULE, false);
		mvhline(y, x0, ACS_HLINE, w);
		if (detail) {
			UiSpan *sp;
			size_t ns = pick_spans(pk, sel, true, detail, TS_NORMAL, &sp);
			ui_put_spans_wrapped(u, sp, ns, x0 + 1, w - 2, y + 1, y + 1, y + dh);
			free(sp);
		}
		y += dh;
	}
	ui_fill(u, y, x0, w, TS_KEYBAR, false);
	char *foot = xasprintf(" %zu/%zu · Up/Down choose · Enter · Esc closes", sel + 1, n);
	ui_put_text(u, y, x0, w, foot, strlen(foot), TS_KEYBAR, false);
	free(foot);
	curs_set(0);
}

typedef struct Piece {
	const char *p;
	size_t n;
	ThemeSlot slot;
} Piece;

/* Flow pieces into rows [y, y_end) of width w from x; returns the next row. */
static int flow(Ui *u, int y, int y_end, int x, int w, const Piece *pc, size_t n)
{
	int col = 0;
	for (size_t i = 0; i < n && y < y_end; i++) {
		bool space = pc[i].n && (pc[i].p[0] == ' ' || pc[i].p[0] == '\n' || pc[i].p[0] == '\t');
		int cw = space ? 1 : text_width(pc[i].p, pc[i].n);
		if (col + cw > w && col > 0) {
			y++;
			col = 0;
			if (space)
				continue;
		}
		if (y >= y_end)
			break;
		if (space)
			col += ui_put_text(u, y, x + col, w - col, " ", 1, pc[i].slot, false);
		else
			col += ui_put_text(u, y, x + col, w - col, pc[i].p, pc[i].n, pc[i].slot, false);
	}
	return y + 1;
}

void ui_paint_diff(Ui *u)
{
	Session *s = u->s;
	int y0, x0, h, w;
	dialog_box(&y0, &x0, &h, &w);
	for (int r = 0; r < h; r++)
		ui_fill(u, y0 + r, x0, w, TS_NORMAL, false);
	ui_fill(u, y0, x0, w, TS_HEADER, false);
	const char *title = " The English changed since this segment was done (any key closes)";
	ui_put_text(u, y0, x0, w, title, strlen(title), TS_HEADER, false);
	long k = session_cur_seg(s);
	Buf a = BUF_INIT, b = BUF_INIT;
	if (k < 0 || !session_stale_texts(s, (size_t)k, &a, &b)) {
		buf_release(&a);
		buf_release(&b);
		return;
	}
	DiffWords wa = {0}, wb = {0};
	Diff d = {0};
	diff_words(a.p ? a.p : "", a.len, b.p ? b.p : "", b.len, &wa, &wb, &d);
	VEC(Piece) pa = {0}, pb = {0};
	for (size_t i = 0; i < d.n; i++) {
		const DiffOp *op = &d.v[i];
		for (size_t j = 0; j < op->len; j++) {
			if (op->kind != DIFF_INS) {
				const DiffWord *x = &wa.v[op->a_pos + j];
				Piece p = {a.p + x->off, x->len, op->kind == DIFF_DEL ? TS_ERROR : TS_NORMAL};
				VEC_PUSH(&pa, p);
			}
			if (op->kind != DIFF_DEL) {
				const DiffWord *x = &wb.v[op->b_pos + j];
				Piece p = {b.p + x->off, x->len, op->kind == DIFF_INS ? TS_DONE : TS_NORMAL};
				VEC_PUSH(&pb, p);
			}
		}
	}
	/* after `yeok sync`: the Korean it had, under the new English */
	const char *hint = session_stale_hint(s, (size_t)k);
	int parts = hint ? 3 : 2;
	int half = y0 + 1 + (h - 1) / parts, now_end = hint ? y0 + 1 + 2 * (h - 1) / 3 : y0 + h;
	ui_put_text(u, y0 + 1, x0 + 1, w - 2, "Before (removed words marked):", 30, TS_KEYNAME, false);
	int y = flow(u, y0 + 2, half, x0 + 2, w - 4, pa.v, pa.n);
	y = MAX(y, half);
	ui_put_text(u, y, x0 + 1, w - 2, "Now (added words marked):", 25, TS_KEYNAME, false);
	y = flow(u, y + 1, now_end, x0 + 2, w - 4, pb.v, pb.n);
	if (hint) {
		VEC(Piece) ph = {0};
		for (const char *p = hint; *p;) {
			size_t n = 0;
			bool sp = *p == ' ' || *p == '\n' || *p == '\t';
			while (p[n] && (p[n] == ' ' || p[n] == '\n' || p[n] == '\t') == sp)
				n++;
			Piece x = {p, sp ? 1 : n, TS_HINT};
			VEC_PUSH(&ph, x);
			p += n;
		}
		y = MAX(y, now_end);
		const char *t = "The Korean before yeok sync (take-hint, Alt-h, puts it in):";
		ui_put_text(u, y, x0 + 1, w - 2, t, strlen(t), TS_KEYNAME, false);
		flow(u, y + 1, y0 + h, x0 + 2, w - 4, ph.v, ph.n);
		VEC_FREE(&ph);
	}
	VEC_FREE(&pa);
	VEC_FREE(&pb);
	diff_release(&d);
	free(wa.v);
	free(wb.v);
	buf_release(&a);
	buf_release(&b);
	curs_set(0);
}
