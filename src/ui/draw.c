/* Drawing: the header, the two panes, the rule, the status line, the key
 * bar, the help screen.  Every row is drawn whole, left to right, clipped
 * by us (ncurses does not clip to a pane); text is rendered cluster by
 * cluster through text_render_cluster (NFC, placeholders); one doupdate()
 * per frame. */
#include "ui-private.h"

#include "yeok/text.h"

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

static void set_style(const Ui *u, ThemeSlot slot, bool current)
{
	short pair;
	attr_t a = ui_attr(u, slot, current, &pair);
	attr_set(a, pair, NULL);
}

/* ---- text --------------------------------------------------------------- */

/* Draw s[0..n) from column x, at most w columns, in the current style;
 * returns the columns used.  A cluster that does not fit is a marker. */
static int put_text(const Ui *u, int y, int x, int w, const char *s, size_t n, ThemeSlot slot,
                    bool current)
{
	Buf r = BUF_INIT;   /* rendered bytes of the current run */
	Buf one = BUF_INIT; /* one cluster */
	bool run_ph = false; /* the run is placeholders (marker style) */
	int col = 0;
	size_t i = 0;
	move(y, x);
	while (i < n && col < w) {
		size_t e = text_next_grapheme(s, n, i);
		int cw = text_cluster_width(s + i, e - i, col);
		if (col + cw > w) {
			if (r.len) {
				set_style(u, run_ph ? TS_MARKER : slot, current);
				addnstr(r.p, (int)r.len);
				buf_clear(&r);
			}
			set_style(u, TS_MARKER, current);
			for (; col < w; col++)
				addch(col + 1 == w ? '>' : ' ');
			break;
		}
		buf_clear(&one);
		text_render_cluster(s + i, e - i, col, &one);
		bool ph = one.len && ((one.p[0] == '^' && s[i] != '^') || (one.p[0] == '<' && s[i] != '<'));
		if (r.len && ph != run_ph) {
			/* one addnstr per run of the same style */
			set_style(u, run_ph ? TS_MARKER : slot, current);
			addnstr(r.p, (int)r.len);
			buf_clear(&r);
		}
		run_ph = ph;
		buf_add(&r, one.p, one.len);
		col += cw;
		i = e;
	}
	if (r.len) {
		set_style(u, run_ph ? TS_MARKER : slot, current);
		addnstr(r.p, (int)r.len);
	}
	buf_release(&r);
	buf_release(&one);
	return col;
}

static void fill(const Ui *u, int y, int x, int w, ThemeSlot slot, bool current)
{
	if (w <= 0)
		return;
	short pair;
	attr_t a = ui_attr(u, slot, current, &pair);
	set_style(u, slot, current);
	mvhline(y, x, (chtype)' ' | a | (chtype)COLOR_PAIR(pair), w);
}

/* One pane side of one body row. */
static void paint_side(Ui *u, const Layout *l, int y, const ViewRow *vr, Pane p, bool current,
                       SegStatus st)
{
	Session *s = u->s;
	int x = p == PANE_TARGET ? l->tgt_x : l->src_x;
	int w = p == PANE_TARGET ? l->tgt_w : l->src_w;
	const RowSide *rs = &vr->side[p];
	ThemeSlot text = p == PANE_TARGET ? TS_TARGET_TEXT : TS_SOURCE_TEXT;
	if (p == PANE_TARGET && st == ST_UNTRANSLATED)
		text = TS_UNTRANSLATED;
	else if (p == PANE_TARGET && st == ST_STALE)
		text = TS_STALE;
	if (l->gutter) {
		int gx = x - l->gutter;
		fill(u, y, gx, l->gutter, TS_LINENO, current);
		if (rs->has && rs->first) {
			char num[32];
			snprintf(num, sizeof(num), "%*zu ", l->gutter - 1, rs->line + 1);
			set_style(u, TS_LINENO, current);
			mvaddnstr(y, gx, num, l->gutter);
		}
	}
	int used = 0;
	if (rs->has) {
		const Line *ln = &session_lines(s, p)->v[rs->line];
		/* a search match on this row is drawn in three parts */
		size_t a = rs->from, b = rs->to;
		if (s->match.on && s->match.pane == p && s->match.at.line == rs->line &&
		    s->match.at.col < rs->to && s->match.at.col + s->match.len > rs->from) {
			size_t ma = MAX(a, s->match.at.col), mb = MIN(b, s->match.at.col + s->match.len);
			used += put_text(u, y, x, w, ln->p + a, ma - a, text, current);
			used += put_text(u, y, x + used, w - used, ln->p + ma, mb - ma, TS_MATCH, false);
			used += put_text(u, y, x + used, w - used, ln->p + mb, b - mb, text, current);
		} else {
			used = put_text(u, y, x, w, ln->p + a, b - a, text, current);
		}
		/* the next cluster is wide and did not fit: a marker in the gap */
		if (used < w && b < ln->n && rs->to != rs->from) {
			size_t e = text_next_grapheme(ln->p, ln->n, b);
			if (text_cluster_width(ln->p + b, e - b, 0) > w - used) {
				set_style(u, TS_MARKER, current);
				mvaddch(y, x + used, '>');
				used++;
			}
		}
	}
	fill(u, y, x + used, w - used, text, current);
}

static void paint_header(Ui *u)
{
	Buf left = BUF_INIT, right = BUF_INIT, r = BUF_INIT;
	session_header(u->s, &left, &right);
	fill(u, 0, 0, COLS, TS_HEADER, false);
	int rw = text_width(right.p, right.len);
	int lw = COLS - rw - 1;
	if (lw < 10) {
		lw = COLS;
		rw = 0;
	}
	put_text(u, 0, 0, lw, left.p, left.len, TS_HEADER, false);
	if (rw)
		put_text(u, 0, COLS - rw, rw, right.p, right.len, TS_HEADER, false);
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

static void paint_keybar(Ui *u, const Layout *l)
{
	fill(u, l->keys_y, 0, COLS, TS_KEYBAR, false);
	size_t n;
	const Command *t = command_table(&n);
	int x = 0;
	Buf keys = BUF_INIT, lab = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (!t[i].bar)
			continue;
		buf_clear(&keys);
		keymap_keys_of(&u->keys, t[i].id, &keys);
		if (!keys.len)
			continue;
		char *comma = strchr(keys.p, ',');
		if (comma)
			*comma = '\0';
		buf_clear(&lab);
		ui_key_label(keys.p, &lab);
		int need = text_width(lab.p, lab.len) + 1 + (int)strlen(t[i].bar) + 1;
		if (x + need > COLS)
			break;
		x += put_text(u, l->keys_y, x, COLS - x, " ", 1, TS_KEYBAR, false);
		x += put_text(u, l->keys_y, x, COLS - x, lab.p, lab.len, TS_KEYNAME, false);
		x += put_text(u, l->keys_y, x, COLS - x, " ", 1, TS_KEYBAR, false);
		x += put_text(u, l->keys_y, x, COLS - x, t[i].bar, strlen(t[i].bar), TS_KEYBAR, false);
	}
	buf_release(&keys);
	buf_release(&lab);
}

static void paint_status(Ui *u, const Layout *l)
{
	Session *s = u->s;
	Buf st = BUF_INIT;
	ThemeSlot slot = TS_STATUS;
	if (s->confirm[0]) {
		buf_addf(&st, " %s", s->confirm);
		slot = TS_WARNING;
	} else {
		session_status(s, &st);
		if (s->msg[0] && s->msg_error)
			slot = TS_ERROR;
	}
	fill(u, l->status_y, 0, COLS, slot, false);
	int used = put_text(u, l->status_y, 0, COLS, st.p, st.len, slot, false);
	if (!s->confirm[0] && !s->msg[0]) {
		/* the checklist at the right end when it fits */
		Buf r = BUF_INIT;
		session_status_right(s, &r);
		int rw = r.len ? text_width(r.p, r.len) : 0;
		if (rw && used + 2 + rw <= COLS)
			put_text(u, l->status_y, COLS - rw, rw, r.p, r.len, slot, false);
		buf_release(&r);
	}
	buf_release(&st);
}

static const char *const status_mark[ST_COUNT] = {
	[ST_UNTRANSLATED] = "?", [ST_DRAFT] = NULL, [ST_DONE] = "✓", [ST_STALE] = "!",
	[ST_REVIEWED] = "✓",
};
static const ThemeSlot status_slot[ST_COUNT] = {
	[ST_UNTRANSLATED] = TS_UNTRANSLATED, [ST_DRAFT] = TS_RULE, [ST_DONE] = TS_DONE,
	[ST_STALE] = TS_STALE, [ST_REVIEWED] = TS_DONE,
};

void ui_paint(Ui *u)
{
	Session *s = u->s;
	Layout l;
	session_layout(s, &l);
	erase();
	if (l.too_small) {
		set_style(u, TS_NORMAL, false);
		static const char *const msg[] = {"terminal too small", "(need 40x10)"};
		for (int i = 0; i < 2 && i < LINES; i++) {
			int w = (int)strlen(msg[i]);
			int x = MAX(0, (COLS - w) / 2);
			put_text(u, MAX(0, LINES / 2 - 1) + i, x, COLS - x, msg[i], strlen(msg[i]),
			         TS_WARNING, false);
		}
		curs_set(0);
		return;
	}
	paint_header(u);
	ViewRow *rows = xcalloc((size_t)l.body_h, sizeof(ViewRow));
	size_t n = session_view(s, rows, (size_t)l.body_h);
	long cur = session_cur_seg(s);
	for (int r = 0; r < l.body_h; r++) {
		int y = l.body_y + r;
		if ((size_t)r >= n) {
			fill(u, y, 0, COLS, TS_NORMAL, false);
			set_style(u, TS_RULE, false);
			mvaddstr(y, l.rule_x, "│");
			continue;
		}
		const ViewRow *vr = &rows[r];
		bool current = vr->seg >= 0 && vr->seg == cur;
		SegStatus st = vr->seg >= 0 ? s->doc.al.v[vr->seg].status : ST_DRAFT;
		bool has_both = vr->seg >= 0 && s->doc.al.v[vr->seg].src_n && s->doc.al.v[vr->seg].tgt_n;
		paint_side(u, &l, y, vr, PANE_SOURCE, current, has_both ? st : ST_DRAFT);
		const char *mark = vr->seg_first && has_both ? status_mark[st] : NULL;
		if (mark && !rst_kind_is_prose(s->doc.al.v[vr->seg].kind) && st == ST_UNTRANSLATED)
			mark = NULL; /* identical code is not "untranslated" */
		set_style(u, mark ? status_slot[st] : TS_RULE, current);
		mvaddstr(y, l.rule_x, mark ? mark : "│");
		SegStatus tst = has_both && rst_kind_is_prose(s->doc.al.v[vr->seg].kind) ? st : ST_DRAFT;
		paint_side(u, &l, y, vr, PANE_TARGET, current, tst);
	}
	free(rows);
	paint_status(u, &l);
	paint_keybar(u, &l);
	int y, x;
	if (!s->confirm[0] && session_cursor_screen(s, &y, &x)) {
		curs_set(1);
		move(y, x);
	} else {
		curs_set(0);
	}
}

void ui_draw(Ui *u)
{
	ui_paint(u);
	wnoutrefresh(stdscr);
	doupdate();
}

void ui_paint_prompt(Ui *u, const char *prompt, const char *input)
{
	Layout l;
	session_layout(u->s, &l);
	int y = l.too_small ? LINES - 1 : l.status_y;
	fill(u, y, 0, COLS, TS_STATUS, false);
	int x = put_text(u, y, 0, COLS, prompt, strlen(prompt), TS_KEYNAME, false);
	/* show the end of a long input */
	size_t n = strlen(input), from = 0;
	while (text_width(input + from, n - from) > COLS - x - 1 && from < n)
		from = text_next_grapheme(input, n, from);
	x += put_text(u, y, x, COLS - x, input + from, n - from, TS_STATUS, false);
	curs_set(1);
	move(y, MIN(x, COLS - 1));
}

void ui_paint_help(Ui *u, int top, int *lines)
{
	erase();
	size_t n;
	const Command *t = command_table(&n);
	fill(u, 0, 0, COLS, TS_HEADER, false);
	const char *title = " yeok — commands and keys (Esc, q or F1 closes; config.yaml keys: rebinds)";
	put_text(u, 0, 0, COLS, title, strlen(title), TS_HEADER, false);
	*lines = (int)n;
	Buf keys = BUF_INIT, lab = BUF_INIT;
	int kw = 18;
	for (int r = 0; r + 1 < LINES - 1 && top + r < (int)n; r++) {
		const Command *c = &t[top + r];
		buf_clear(&keys);
		keymap_keys_of(&u->keys, c->id, &keys);
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
		fill(u, y, 0, COLS, TS_NORMAL, false);
		put_text(u, y, 1, MIN(kw, COLS - 1), lab.p ? lab.p : "", lab.len, TS_KEYNAME, false);
		int x = 1 + kw + 1;
		if (x < COLS) {
			char *line = xasprintf("%-16s %s", c->id, c->help);
			put_text(u, y, x, COLS - x, line, strlen(line), TS_NORMAL, false);
			free(line);
		}
	}
	buf_release(&keys);
	buf_release(&lab);
	fill(u, LINES - 1, 0, COLS, TS_STATUS, false);
	char *foot = xasprintf(" %d commands · Up/Down/PageUp/PageDown scroll", (int)n);
	put_text(u, LINES - 1, 0, COLS, foot, strlen(foot), TS_STATUS, false);
	free(foot);
	curs_set(0);
}
