/* session: edits (one entry, session_replace), motion, go to line, the
 * next unfinished segment, find (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/host.h"
#include "yeok/text.h"

/* .py: is the cursor where a translator's typing goes (host_edit_span)?
 * Code, separators and the `# ` prefix are kept as they are. */
static bool host_may_type(Session *s)
{
	const HostDoc *h = &s->doc.tgt_host;
	size_t f, t;
	if (host_edit_span(h, s->caret.cur.line, &f, &t) && s->caret.cur.col >= f && s->caret.cur.col <= t)
		return true;
	switch (host_line_kind(h, s->caret.cur.line)) {
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
	if (s->caret.focus != PANE_TARGET)
		return session_error(s, "The source is read-only (Tab goes to the translation)");
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	return host_may_type(s);
}

/* ---- the target read by the host module (`.py`) ---------------------------
 * Doc reads the target in its host format (s->doc.tgt_host, kept current
 * by the edits); the `.py` prefix rules ask it about the target's lines. */

static const HostDoc *tgt_host(Session *s)
{
	return s->doc.tgt_host.fmt == HOST_PY ? &s->doc.tgt_host : NULL;
}

/* Is target line `line` prose of a `.py` text region (a text block's `#`
 * line or a docstring line)? */
static bool py_text(Session *s, size_t line)
{
	const HostDoc *h = tgt_host(s);
	return h && host_line_is_text(h, line) &&
	       (host_line_kind(h, line) == HL_RST || host_line_prefix(h, line) > 0);
}

/* `.py` editing (sphinx-gallery text blocks), through the host module:
 * Enter inside a text block starts the next line with its prefix (`# `),
 * pasted lines get it (a blank one `#`), deleting never leaves a prose
 * line without it (a range that starts or ends inside a prefix starts or
 * ends after it; Backspace at the start of a text line joins it to the
 * line above without its prefix).  The byte where the RST text of target
 * line `line` starts (0 outside `.py` text regions). */
static size_t session_text_start(Session *s, size_t line)
{
	const HostDoc *h = tgt_host(s);
	size_t f, t;
	if (!h || !host_edit_span(h, line, &f, &t))
		return 0;
	/* a comment's text starts after the blank that follows its `#` */
	Str ln = lines_get(&s->doc.tgt, line);
	if (host_line_kind(h, line) == HL_CODE && f < t && f < ln.n && ln.p[f] == ' ')
		f++;
	return f;
}

/* Is position p where typing may go (a `.py`'s edit span)? */
static bool pos_editable(Session *s, Pos p)
{
	size_t f, t;
	return !tgt_host(s) || (host_edit_span(&s->doc.tgt_host, p.line, &f, &t) && p.col >= f && p.col <= t);
}

/* The prefix a new line started at (line, col) gets, appended to out
 * ("" outside `.py` text and comments). */
static void new_line_prefix(Session *s, size_t line, size_t col, Buf *out)
{
	const HostDoc *h = tgt_host(s);
	if (h)
		host_newline_prefix(h, line, col, out);
}

/* A range to delete in a `.py`: an end inside a text line's prefix moves
 * after it, so no prose line loses its `#`. */
static void py_range(Session *s, Pos *a, Pos *b)
{
	if (!tgt_host(s))
		return;
	size_t pa = session_text_start(s, a->line), pb = session_text_start(s, b->line);
	if (a->col < pa)
		a->col = pa;
	if (b->col < pb)
		b->col = pb;
	if (b->line == a->line && b->col < a->col)
		b->col = a->col;
}

/* Text to insert after a position of line `line`: the document's line
 * breaks, and in a `.py` text region the prefix at the start of every new
 * line that lacks it (`#` alone for a blank one). */
static void insert_text(Session *s, size_t line, size_t col, const char *p, size_t n, Buf *out)
{
	const char *eol = doc_eol(&s->doc);
	Buf pb = BUF_INIT;
	new_line_prefix(s, line, col, &pb);
	Str pre = buf_str(&pb);
	Str bare = pre;
	while (bare.n && (bare.p[bare.n - 1] == ' ' || bare.p[bare.n - 1] == '\t'))
		bare.n--;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n')
			continue;
		if (p[i] != '\n' && p[i] != '\r') {
			buf_addc(out, p[i]);
			continue;
		}
		buf_adds(out, eol);
		if (!pre.n)
			continue;
		/* the piece of the next line */
		size_t j = i + 1;
		while (j < n && p[j] != '\n' && p[j] != '\r')
			j++;
		Str piece = {p + i + 1, j - i - 1};
		if (piece.n >= bare.n && memcmp(piece.p, bare.p, bare.n) == 0)
			continue;
		/* a blank line gets the bare `#`; the last one, where the
		 * cursor goes on typing, the whole prefix */
		buf_addstr(out, str_trim(piece).n || j >= n ? pre : bare);
	}
	buf_release(&pb);
}

/* ---- a title's adornment follows its text --------------------------------
 * An edit inside the text line of a title (typing, deleting, a selection
 * typed over, a paste without line breaks) keeps the title valid RST: its
 * underline (and overline) are at least as wide as the title, counted as
 * docutils counts (text_width of the RST text, the `.py` prefix aside); the
 * prefix of the adornment's line stays.  The adornment follows the width
 * exactly when it did before the edit, or after Alt-x (fit.title); else it
 * only grows.  The adjustment is one undo step with the edit, and a run of
 * typing in the title stays one step (doc_replace_follow). */

typedef struct TitleFit {
	size_t line;   /* the title's text line */
	char ch;       /* its adornment character */
	bool over;     /* an overline too */
	bool exact;    /* the adornment follows the width exactly */
} TitleFit;

/* The title block whose text line is `line`, or NULL. */
static const Block *title_at(const RstDoc *bl, size_t line)
{
	size_t lo = 0, hi = bl->n;
	while (lo < hi) { /* the first block that starts after line */
		size_t mid = lo + (hi - lo) / 2;
		if (bl->v[mid].first <= line)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i > 0 && i + 3 > lo; i--) {
		const Block *b = &bl->v[i - 1];
		if (b->kind == BK_TITLE && b->text_line == line)
			return b;
	}
	return NULL;
}

/* The adornment characters of line `line`'s RST text: its length when the
 * text (blanks aside) is ch repeated, else -1. */
static long adornment_len(Session *s, size_t line, char ch)
{
	if (line >= s->doc.tgt.n)
		return -1;
	Str t = str_trim(lines_get(s->doc.tgt_host.text, line));
	if (!t.n)
		return -1;
	for (size_t i = 0; i < t.n; i++)
		if (t.p[i] != ch)
			return -1;
	return (long)t.n;
}

static int title_width(Session *s, size_t line)
{
	Str t = str_trim(lines_get(s->doc.tgt_host.text, line));
	return text_width(t.p, t.n);
}

/* Before an edit of [a, b) by p[0..n): is it inside a title's text line?
 * Fills *tf. */
static bool title_fit_begin(Session *s, Pos a, Pos b, const char *p, size_t n, TitleFit *tf)
{
	if (a.line != b.line || memchr(p, '\n', n) || memchr(p, '\r', n))
		return false;
	const Block *t = title_at(&s->doc.tgt_host.blocks, a.line);
	if (!t || t->text_line + 1 > t->last)
		return false;
	tf->line = a.line;
	tf->ch = (char)t->adornment;
	tf->over = t->overline && a.line > 0;
	long u = adornment_len(s, a.line + 1, tf->ch);
	tf->exact = s->fit.title == a.line || (u >= 0 && u == title_width(s, a.line));
	return u >= 0;
}

/* The adornment line `line` made `w` characters wide, its prefix (and
 * leading blanks) kept: an adjustment of the edit before it. */
static void adorn_to(Session *s, size_t line, char ch, int w, bool exact)
{
	long u = adornment_len(s, line, ch);
	if (u < 0 || u == w || (!exact && u > w))
		return;
	Str file = lines_get(&s->doc.tgt, line);
	Str text = lines_get(s->doc.tgt_host.text, line);
	size_t keep = (size_t)(text.p - file.p);
	while (keep < file.n && (file.p[keep] == ' ' || file.p[keep] == '\t'))
		keep++;
	Buf a = BUF_INIT;
	buf_add(&a, file.p, keep);
	for (int i = 0; i < w; i++)
		buf_addc(&a, ch);
	doc_replace_follow(&s->doc, line, a.p, a.len);
	buf_release(&a);
}

/* Would replacing [a, b) by p[0..n) make a title's adornment line
 * narrower than its title, when it was not?  Said, and true. */
static bool adornment_shrinks(Session *s, Pos a, Pos b, const char *p, size_t n)
{
	if (a.line != b.line || memchr(p, '\n', n) || memchr(p, '\r', n))
		return false;
	const RstDoc *bl = &s->doc.tgt_host.blocks;
	const Block *t = a.line > 0 ? title_at(bl, a.line - 1) : NULL;
	if (!t || t->text_line + 1 > t->last) {
		t = title_at(bl, a.line + 1);
		if (!t || !t->overline)
			return false;
	}
	char ch = (char)t->adornment;
	long u = adornment_len(s, a.line, ch);
	int w = title_width(s, t->text_line);
	if (u < 0 || u < w)
		return false; /* not an adornment, or already too short */
	Str file = lines_get(&s->doc.tgt, a.line);
	size_t cut = (size_t)(lines_get(s->doc.tgt_host.text, a.line).p - file.p);
	if (a.col < cut)
		return false;
	/* the line's RST text after the edit, blanks aside */
	Buf after = BUF_INIT;
	buf_add(&after, file.p + cut, a.col - cut);
	buf_add(&after, p, n);
	buf_add(&after, file.p + b.col, file.n - b.col);
	Str r = str_trim(buf_str(&after));
	size_t same = 0;
	while (same < r.n && r.p[same] == ch)
		same++;
	bool shrinks = r.n && same == r.n && (long)r.n < w;
	buf_release(&after);
	if (shrinks)
		session_error(s, "The adornment stays as wide as its title (%d columns): docutils reads a "
		                 "shorter one as an error",
		              w);
	return shrinks;
}

static void title_fit_end(Session *s, const TitleFit *tf)
{
	int w = title_width(s, tf->line);
	if (w <= 0)
		return; /* an emptied title: its adornment waits for the text */
	adorn_to(s, tf->line + 1, tf->ch, w, tf->exact);
	if (tf->over)
		adorn_to(s, tf->line - 1, tf->ch, w, tf->exact);
}

/* After an edit that replaced lines with lines [first, last]: every title
 * among them (text or adornment) whose adornment is narrower than its text
 * gets one as wide (a pasted title, a title typed with its underline). */
static void titles_fit(Session *s, size_t first, size_t last)
{
	const RstDoc *bl = &s->doc.tgt_host.blocks;
	size_t lo = 0, hi = bl->n;
	while (lo < hi) { /* the first block that ends at or after first - 1 */
		size_t mid = lo + (hi - lo) / 2;
		if ((size_t)bl->v[mid].last + 1 < first)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < s->doc.tgt_host.blocks.n && s->doc.tgt_host.blocks.v[i].first <= last + 1; i++) {
		const Block b = s->doc.tgt_host.blocks.v[i]; /* a copy: the edit moves blocks */
		if (b.kind != BK_TITLE || b.text_line + 1 > b.last || b.last < first)
			continue;
		int w = title_width(s, b.text_line);
		if (w <= 0)
			continue;
		adorn_to(s, b.text_line + 1, (char)b.adornment, w, false);
		if (b.overline && b.text_line > 0)
			adorn_to(s, b.text_line - 1, (char)b.adornment, w, false);
	}
}

/* ---- a `.py` stays Python ------------------------------------------------ */

void session_py_reference(Session *s)
{
	if (s->doc.tgt_host.fmt == HOST_PY)
		host_py_code(&s->doc.tgt_host, &s->py_ref);
}

bool session_py_broken(Session *s, Buf *why)
{
	size_t line;
	return s->doc.tgt_host.fmt == HOST_PY && host_py_broken(&s->doc.tgt_host, &s->py_ref, &line, why);
}

/* ---- the one edit entry ----------------------------------------------------- */

/* Could replacing [a, b) by p[0..n) change the code of a `.py` as Python
 * reads it?  Only with a quote, a backslash, a `#` or a line break in what
 * goes or comes, or on a line that is not RST text (the docstring's quote
 * lines, code, separators): typing letters in RST text cannot. */
static bool py_risky(Session *s, Pos a, Pos b, const char *p, size_t n)
{
	static const char risky[] = "\"'\\#\n\r";
	if (a.line != b.line)
		return true;
	HostLineKind k = host_line_kind(&s->doc.tgt_host, a.line);
	if (k != HL_RST || a.col < session_text_start(s, a.line))
		return true;
	for (size_t i = 0; i < n; i++)
		if (strchr(risky, p[i]) && p[i])
			return true;
	Str ln = lines_get(&s->doc.tgt, a.line);
	for (size_t i = a.col; i < b.col && i < ln.n; i++)
		if (strchr(risky, ln.p[i]) && ln.p[i])
			return true;
	return false;
}

bool session_replace(Session *s, Pos a, Pos b, const char *p, size_t n, ChangeKind kind,
                     unsigned flags)
{
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	Err e;
	err_init(&e);
	if (!doc_replace_fits(&s->doc, a, b, p ? p : "", n, &e))
		return session_error(s, "%s", e.msg);
	session_statuses_finish(s); /* an edit starts from the statuses applied */
	if (flags & SR_GROUP)
		doc_break_merge(&s->doc);
	if (s->fit.title != SIZE_MAX && (a.line != s->fit.title || b.line != s->fit.title))
		s->fit.title = SIZE_MAX;
	if (adornment_shrinks(s, a, b, p ? p : "", n))
		return false;
	TitleFit tf;
	bool fit = title_fit_begin(s, a, b, p ? p : "", n, &tf);
	/* a `.py` stays Python: an edit that would break it is taken back */
	bool guard = s->doc.tgt_host.fmt == HOST_PY && py_risky(s, a, b, p ? p : "", n);
	if (guard)
		doc_break_merge(&s->doc);
	Pos end = doc_replace(&s->doc, a, b, p ? p : "", n, kind);
	if (fit)
		title_fit_end(s, &tf);
	else if (end.line != a.line || b.line != a.line)
		titles_fit(s, a.line, end.line);
	if (guard) {
		Buf why = BUF_INIT;
		if (session_py_broken(s, &why)) {
			Pos back;
			doc_retract(&s->doc, &back);
			s->caret.cur = a;
			session_error(s, "Not changed: Python could not read the file so (%s)", why.p);
			buf_release(&why);
			return false;
		}
		buf_release(&why);
		doc_break_merge(&s->doc);
	}
	if (flags & SR_GROUP)
		doc_break_merge(&s->doc);
	s->caret.focus = PANE_TARGET;
	s->caret.cur = flags & SR_CURSOR_START ? a : end;
	s->caret.goal_col = -1;
	s->search.match.on = false;
	s->sel.on = false;
	s->sel.sticky = false;
	session_follow_center(s, false);
	return true;
}

/* The selection of the translation, deleted (one undo step); false when
 * there is none. */
static bool delete_selection(Session *s)
{
	Pane p;
	Pos a, b;
	if (!session_sel_range(s, &p, &a, &b) || p != PANE_TARGET)
		return false;
	py_range(s, &a, &b);
	session_replace(s, a, b, "", 0, CH_OTHER, SR_GROUP | SR_CURSOR_START);
	return true;
}

bool session_insert(Session *s, const char *p, size_t n)
{
	/* .py: typing at the start of a text line goes after its `# `; on a
	 * lone `#` the missing blank comes first */
	size_t f, t;
	if (host_line_kind(&s->doc.tgt_host, s->caret.cur.line) == HL_RST &&
	    host_edit_span(&s->doc.tgt_host, s->caret.cur.line, &f, &t) && s->caret.cur.col < f)
		s->caret.cur.col = f;
	Pane sp;
	Pos a, b;
	if (s->caret.focus == PANE_TARGET && !s->doc.read_only && session_sel_range(s, &sp, &a, &b) &&
	    sp == PANE_TARGET) {
		/* typing over a selection replaces it (in a `.py` its part after
		 * the prefix of its lines: Shift-Home over `# ` and a comment's
		 * `#`) */
		py_range(s, &a, &b);
		if (pos_editable(s, a) && pos_editable(s, b))
			return session_replace(s, a, b, p, n, CH_OTHER, SR_GROUP);
	}
	if (!can_edit(s))
		return false;
	Str pad = host_line_pad(&s->doc.tgt_host, s->caret.cur.line);
	Buf padded = BUF_INIT;
	if (pad.n) {
		buf_addstr(&padded, pad);
		buf_add(&padded, p, n);
		p = padded.p;
		n = padded.len;
	}
	bool ok = session_replace(s, s->caret.cur, s->caret.cur, p, n, CH_TYPE, 0);
	buf_release(&padded);
	return ok;
}

/* Insert text (line breaks as the document's, `.py` prefixes) over the
 * selection or at the cursor, one undo step. */
static bool put_text(Session *s, const char *p, size_t n)
{
	Pane sp;
	Pos a = s->caret.cur, b = s->caret.cur;
	if (session_sel_range(s, &sp, &a, &b) && sp == PANE_TARGET)
		py_range(s, &a, &b);
	else
		a = b = s->caret.cur;
	Buf t = BUF_INIT;
	insert_text(s, a.line, a.col, p, n, &t);
	bool ok = session_replace(s, a, b, t.p, t.len, CH_OTHER, SR_GROUP);
	buf_release(&t);
	return ok;
}

bool session_paste(Session *s, const char *p, size_t n)
{
	return can_edit(s) && put_text(s, p, n);
}

size_t session_list_marker_end(Str ln, size_t i)
{
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
	return j;
}

/* The indentation a new line after ln gets: its leading whitespace, or
 * the text column of a list item ("- ", "1. ", "#. "). */
static size_t indent_of(Str ln, Buf *out)
{
	size_t i = 0;
	while (i < ln.n && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	buf_add(out, ln.p, i);
	size_t j = session_list_marker_end(ln, i);
	for (size_t k = i; k < j; k++)
		buf_addc(out, ' ');
	return j;
}

bool session_newline(Session *s)
{
	if (!can_edit(s))
		return false;
	delete_selection(s);
	Str ln = lines_get(&s->doc.tgt, s->caret.cur.line);
	Pos a = s->caret.cur;
	/* a `.py` text line: the prefix, then the RST indentation of its text */
	size_t ts = session_text_start(s, a.line);
	if (a.col < ts)
		a.col = ts;
	Buf t = BUF_INIT;
	buf_adds(&t, doc_eol(&s->doc));
	size_t before = t.len;
	new_line_prefix(s, a.line, a.col, &t);
	Str pre = {t.p + before, t.len - before};
	/* a code comment: its `# ` and no RST indentation */
	if (!(tgt_host(s) && host_line_kind(tgt_host(s), a.line) == HL_CODE))
		indent_of(str_slice(ln, ts, a.col), &t);
	/* Drop spaces right after the cursor: they would push the text off the indent. */
	Pos b = a;
	while (b.col < ln.n && ln.p[b.col] == ' ')
		b.col++;
	/* the line left behind keeps no blank after a bare prefix ("#") */
	if (pre.n && a.col == ts)
		while (a.col > 0 && (ln.p[a.col - 1] == ' ' || ln.p[a.col - 1] == '\t'))
			a.col--;
	session_replace(s, a, b, t.p, t.len, CH_OTHER, SR_GROUP);
	buf_release(&t);
	return true;
}

/* The range a Backspace (or Alt-Backspace) at the start of line `line`'s
 * text removes: the line break before it, and in a `.py` text block this
 * line's prefix.  False when there is nothing to join to. */
static bool join_back(Session *s, size_t line, Pos *a, Pos *b)
{
	if (line == 0)
		return false;
	size_t ts = session_text_start(s, line);
	if (tgt_host(s) && !host_can_join(tgt_host(s), line))
		return session_error(s, host_line_kind(tgt_host(s), line) == HL_CODE
		                            ? "A comment's '#' and the code before it stay as in the "
		                              "English: only the comment's text is translated"
		                            : "This line's text cannot join the line above");
	*a = (Pos){line - 1, lines_line(&s->doc.tgt, line - 1)->n};
	*b = (Pos){line, ts};
	return true;
}

/* What joining line `line` to the line above puts between them: a lone
 * `#` above gets the blank of its block's `# ` ("" otherwise). */
static Str join_pad(Session *s, size_t line)
{
	if (!tgt_host(s) || line == 0)
		return (Str){"", 0};
	return host_line_pad(&s->doc.tgt_host, line - 1);
}

/* The range a Delete (or Ctrl-Delete, Ctrl-K) at the end of line `line`
 * removes: the line break, and the next line's prefix in a `.py` text block. */
static bool join_fwd(Session *s, size_t line, Pos *a, Pos *b)
{
	if (line + 1 >= s->doc.tgt.n)
		return false;
	if (tgt_host(s) && !host_can_join(tgt_host(s), line + 1))
		return session_error(s, "The next line cannot join this one");
	*a = (Pos){line, lines_line(&s->doc.tgt, line)->n};
	*b = (Pos){line + 1, session_text_start(s, line + 1)};
	return true;
}

bool session_backspace(Session *s)
{
	if (!can_edit(s))
		return false;
	if (delete_selection(s))
		return true;
	Pos a = s->caret.cur, b = s->caret.cur;
	const Lines *l = &s->doc.tgt;
	if (a.col > 0 && a.col > session_text_start(s, a.line)) {
		a.col = text_prev_grapheme(lines_get(l, a.line).p, lines_line(l, a.line)->n, a.col);
	} else if (!join_back(s, a.line, &a, &b)) {
		return false; /* nothing to join to, or refused (said) */
	} else {
		Str pad = join_pad(s, b.line);
		if (pad.n)
			return session_replace(s, a, b, pad.p, pad.n, CH_OTHER, SR_GROUP);
	}
	return session_replace(s, a, b, "", 0, CH_DEL_BACK, 0);
}

bool session_delete(Session *s)
{
	if (!can_edit(s))
		return false;
	if (delete_selection(s))
		return true;
	Pos a = s->caret.cur, b = s->caret.cur;
	const Lines *l = &s->doc.tgt;
	size_t ts = session_text_start(s, a.line);
	if (a.col < ts)
		a.col = b.col = ts;
	if (b.col < lines_line(l, b.line)->n)
		b.col = text_next_grapheme(lines_get(l, b.line).p, lines_line(l, b.line)->n, b.col);
	else if (!join_fwd(s, a.line, &a, &b))
		return false;
	return session_replace(s, a, b, "", 0, CH_DEL_FWD, SR_CURSOR_START);
}

bool session_delete_word(Session *s, int dir)
{
	if (!can_edit(s))
		return false;
	if (delete_selection(s))
		return true;
	Pos a = s->caret.cur, b = s->caret.cur;
	Str ln = lines_get(&s->doc.tgt, a.line);
	size_t ts = session_text_start(s, a.line);
	if (dir < 0) {
		if (a.col > ts)
			a.col = MAX(ts, text_word_prev(ln.p, ln.n, a.col));
		else if (!join_back(s, a.line, &a, &b))
			return false;
		return session_replace(s, a, b, "", 0, CH_DEL_BACK, 0);
	}
	if (a.col < ts)
		a.col = b.col = ts;
	if (b.col < ln.n)
		b.col = text_word_next(ln.p, ln.n, b.col);
	else if (!join_fwd(s, a.line, &a, &b))
		return false;
	return session_replace(s, a, b, "", 0, CH_DEL_FWD, SR_CURSOR_START);
}

bool session_kill_line(Session *s)
{
	if (!can_edit(s))
		return false;
	Pos a = s->caret.cur, b = s->caret.cur;
	Str ln = lines_get(&s->doc.tgt, a.line);
	size_t ts = session_text_start(s, a.line);
	if (a.col < ts)
		a.col = ts;
	if (a.col < ln.n)
		b = (Pos){a.line, ln.n};
	else if (!join_fwd(s, a.line, &a, &b))
		return false;
	s->sel.on = false;
	/* each Ctrl-K is an undo step of its own */
	return session_replace(s, a, b, "", 0, CH_OTHER, SR_GROUP | SR_CURSOR_START);
}

/* ---- Alt-x ------------------------------------------------------------------ */

/* The target block of segment k at the cursor (or its first prose one). */
static const Block *cur_target_block(Session *s, long k)
{
	const Doc *d = &s->doc;
	if (k < 0 || (size_t)k >= d->al.n || !d->al.v[k].tgt_n)
		return NULL;
	const Segment *g = &d->al.v[k];
	const Block *first_prose = NULL;
	for (size_t i = 0; i < g->tgt_n; i++) {
		const Block *b = &d->tgt_host.blocks.v[g->tgt + i];
		if (b->first <= s->caret.cur.line && s->caret.cur.line <= b->last)
			return b;
		if (!first_prose && rst_kind_is_prose(b->kind))
			first_prose = b;
	}
	return first_prose ? first_prose : &d->tgt_host.blocks.v[g->tgt];
}

static size_t first_text_col(Str ln);

/* Is line i of a `.py` an own-line comment of code (blanks, then `#`)? */
static bool own_comment(Session *s, size_t i)
{
	size_t f, t;
	if (host_line_kind(&s->doc.tgt_host, i) != HL_CODE || !host_edit_span(&s->doc.tgt_host, i, &f, &t))
		return false;
	Str l = lines_get(&s->doc.tgt, i);
	return f > 0 && str_trim(str_slice(l, 0, f - 1)).n == 0;
}

/* Alt-x in a code comment: its text goes, its `#` and the code stay.  An
 * own-line comment takes the comment lines around it (at its indentation)
 * with it: the first keeps its `# `, the others go. */
static bool clear_comment(Session *s)
{
	size_t line = s->caret.cur.line, first = line, last = line;
	Str l = lines_get(&s->doc.tgt, line);
	size_t ind = first_text_col(l);
	if (own_comment(s, line)) {
		while (first > 0 && own_comment(s, first - 1) &&
		       first_text_col(lines_get(&s->doc.tgt, first - 1)) == ind)
			first--;
		while (last + 1 < s->doc.tgt.n && own_comment(s, last + 1) &&
		       first_text_col(lines_get(&s->doc.tgt, last + 1)) == ind)
			last++;
	}
	Pos a = {first, session_text_start(s, first)};
	Pos e = {last, lines_line(&s->doc.tgt, last)->n};
	if (a.line == e.line && a.col >= e.col)
		return session_error(s, "Nothing to clear here");
	session_replace(s, a, e, "", 0, CH_OTHER, SR_GROUP | SR_CURSOR_START);
	session_msg(s, "Cleared the comment: type its translation (the code stays; Ctrl-Z undoes)");
	return true;
}

bool session_clear_block(Session *s)
{
	if (s->doc.read_only)
		return session_error(s, "%s is read-only", s->doc.path);
	long k = session_cur_seg(s);
	s->caret.focus = PANE_TARGET;
	size_t cf, ct;
	if (tgt_host(s) && host_line_kind(&s->doc.tgt_host, s->caret.cur.line) == HL_CODE &&
	    host_edit_span(&s->doc.tgt_host, s->caret.cur.line, &cf, &ct))
		return clear_comment(s);
	const Block *b = cur_target_block(s, k);
	if (!b)
		return session_error(s, "This segment has no translation to clear");
	if (!rst_kind_is_prose(b->kind))
		return session_error(s, "A %s block is kept as it is (Alt-x clears prose)",
		                     rst_kind_name(b->kind));
	const Lines *l = &s->doc.tgt;
	Pos a, e;
	bool title = b->kind == BK_TITLE;
	if (title) {
		Str t = lines_get(l, b->text_line);
		size_t i = 0;
		while (i < t.n && (t.p[i] == ' ' || t.p[i] == '\t'))
			i++;
		a = (Pos){b->text_line, MAX(i, session_text_start(s, b->text_line))};
		e = (Pos){b->text_line, t.n};
	} else {
		/* after the indentation, the list marker or the field name, and
		 * a `.py` line's prefix */
		size_t first = b->first, last = b->last;
		if (tgt_host(s)) {
			/* a `.py`: the block's text lines (not a `####` separator) */
			while (first < last && !py_text(s, first))
				first++;
			while (last > first && !py_text(s, last))
				last--;
		}
		size_t off = first == b->first ? b->first_off : 0;
		a = (Pos){first, MAX(off, session_text_start(s, first))};
		e = (Pos){last, lines_line(l, last)->n};
	}
	if (a.line == e.line && a.col >= e.col) {
		s->caret.cur = a;
		session_follow(s);
		return session_error(s, "Nothing to clear here");
	}
	session_replace(s, a, e, "", 0, CH_OTHER, SR_GROUP | SR_CURSOR_START);
	if (title)
		s->fit.title = a.line;
	/* the emptied line may pair with no English until its first
	 * character is typed, and the English follows it below: keep the
	 * cursor in the upper half so that English is on the screen */
	session_follow(s);
	Layout lay;
	session_layout(s, &lay);
	int y, x;
	if (session_cursor_screen(s, &y, &x) && y - lay.body_y > lay.body_h / 2)
		session_scroll(s, y - lay.body_y - lay.body_h / 3);
	session_msg(s, "Cleared: type the translation (the English is on the left; Ctrl-Z undoes)");
	return true;
}

/* ---- selection and clipboard -------------------------------------------------- */

static bool pos_less(Pos a, Pos b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

bool session_sel_range(const Session *s, Pane *p, Pos *a, Pos *b)
{
	if (!s->sel.on)
		return false;
	Pos c = s->sel.pane == PANE_TARGET ? s->caret.cur : s->caret.scur;
	Pos x = s->sel.at;
	if (x.line == c.line && x.col == c.col)
		return false;
	*p = s->sel.pane;
	*a = pos_less(x, c) ? x : c;
	*b = pos_less(x, c) ? c : x;
	return true;
}

void session_select(Session *s, Motion m)
{
	if (!s->sel.on || s->sel.pane != s->caret.focus) {
		s->sel.on = true;
		s->sel.sticky = false;
		s->sel.pane = s->caret.focus;
		s->sel.at = s->caret.focus == PANE_TARGET ? s->caret.cur : s->caret.scur;
	}
	bool sticky = s->sel.sticky;
	s->sel.sticky = true; /* session_move keeps it */
	session_move(s, m);
	s->sel.sticky = sticky;
}

void session_select_mark(Session *s)
{
	if (s->sel.on && s->sel.sticky) {
		s->sel.on = false;
		s->sel.sticky = false;
		session_msg(s, "Mark unset");
		return;
	}
	s->sel.on = true;
	s->sel.sticky = true;
	s->sel.pane = s->caret.focus;
	s->sel.at = s->caret.focus == PANE_TARGET ? s->caret.cur : s->caret.scur;
	session_msg(s, "Mark set: motions select (C-Space again or Esc ends it)");
}

void session_select_cancel(Session *s)
{
	s->sel.on = false;
	s->sel.sticky = false;
	s->search.match.on = false;
}

/* The text of [a, b) of pane p with "\n" line breaks, into out. */
static void range_text(Session *s, Pane p, Pos a, Pos b, Buf *out)
{
	const Lines *l = session_lines(s, p);
	for (size_t i = a.line; i <= b.line; i++) {
		Str ln = lines_get(l, i);
		size_t from = i == a.line ? a.col : 0, to = i == b.line ? b.col : ln.n;
		buf_add(out, ln.p + from, to - from);
		if (i < b.line)
			buf_addc(out, '\n');
	}
}

static void clip_set(Session *s, Pane p, Pos a, Pos b)
{
	Buf t = BUF_INIT;
	range_text(s, p, a, b, &t);
	free(s->clip.text);
	s->clip.n = t.len;
	s->clip.text = buf_detach(&t);
	s->clip.gen++;
}

bool session_copy(Session *s)
{
	Pane p;
	Pos a, b;
	if (!session_sel_range(s, &p, &a, &b))
		return session_error(s, "Nothing selected (Shift+arrows select)");
	clip_set(s, p, a, b);
	session_msg(s, "Copied %zu bytes", s->clip.n);
	return true;
}

bool session_cut(Session *s)
{
	Pane p;
	Pos a, b;
	if (!session_sel_range(s, &p, &a, &b))
		return session_error(s, "Nothing selected (Shift+arrows select)");
	if (p != PANE_TARGET)
		return session_error(s, "The source is read-only (Ctrl-C copies)");
	if (!can_edit(s))
		return false;
	clip_set(s, p, a, b);
	py_range(s, &a, &b);
	return session_replace(s, a, b, "", 0, CH_OTHER, SR_GROUP | SR_CURSOR_START);
}

bool session_paste_clip(Session *s)
{
	if (!s->clip.text)
		return session_error(s, "The clipboard is empty (Ctrl-C copies, Ctrl-X cuts)");
	return can_edit(s) && put_text(s, s->clip.text, s->clip.n);
}

bool session_drag(Session *s, int y, int x)
{
	Pane p0 = s->caret.focus;
	Pos c0 = p0 == PANE_TARGET ? s->caret.cur : s->caret.scur;
	bool had = s->sel.on;
	Pos at = had ? s->sel.at : c0;
	Pane sp = had ? s->sel.pane : p0;
	if (!session_click(s, y, x) || s->caret.focus != sp) {
		s->caret.focus = p0;
		return false;
	}
	s->sel.on = true;
	s->sel.pane = sp;
	s->sel.at = at;
	return true;
}

static size_t first_text_col(Str ln)
{
	size_t i = 0;
	while (i < ln.n && (ln.p[i] == ' ' || ln.p[i] == '\t'))
		i++;
	return i;
}

/* The lines of view segment k, both sides. */
static size_t vseg_items(Session *s, size_t k)
{
	VSeg g = session_vseg(s, k);
	return g.t1 - g.t0 + g.s1 - g.s0;
}

/* The first line of vseg k on pane p that shows text (a block start). */
static bool vseg_first_line(Session *s, size_t k, Pane p, size_t *line)
{
	VSeg g = session_vseg(s, k);
	size_t a = p == PANE_TARGET ? g.t0 : g.s0, b = p == PANE_TARGET ? g.t1 : g.s1;
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
	Pane p = s->caret.focus;
	const Lines *l = session_lines(s, p);
	Pos *c = p == PANE_TARGET ? &s->caret.cur : &s->caret.scur;
	Str ln = lines_get(l, c->line);
	bool keep_goal = false, center = false;
	switch (m) {
	case MV_LEFT:
		if (c->col > 0)
			c->col = text_prev_grapheme(ln.p, ln.n, c->col);
		else if (c->line > 0) {
			c->line--;
			c->col = lines_line(l, c->line)->n;
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
			c->col = lines_line(l, c->line)->n;
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
		if (s->caret.goal_col < 0)
			s->caret.goal_col = session_row_col(s, p, *c);
		session_row_move(s, p, c, m == MV_UP ? -1 : 1, s->caret.goal_col);
		keep_goal = true;
		break;
	case MV_PAGE_UP:
	case MV_PAGE_DOWN:
		session_page(s, m == MV_PAGE_UP ? -1 : 1);
		keep_goal = true;
		break;
	case MV_HOME: {
		size_t f = first_text_col(ln);
		size_t ts = s->caret.focus == PANE_TARGET ? session_text_start(s, c->line) : 0;
		if (ts) /* a `.py` line: where its text starts, after `# ` */
			c->col = ts;
		else
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
		*c = (Pos){l->n - 1, lines_line(l, l->n - 1)->n};
		break;
	case MV_SEG_NEXT:
	case MV_SEG_PREV: {
		size_t n = session_vseg_count(s);
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
		s->caret.goal_col = -1;
	if (!s->sel.sticky)
		s->sel.on = false;
	if (s->fit.title != SIZE_MAX && c->line != s->fit.title)
		s->fit.title = SIZE_MAX;
	doc_break_merge(&s->doc);
	session_follow_center(s, center);
}

bool session_goto_line(Session *s, long n)
{
	if (n < 1 || (size_t)n > s->doc.tgt.n)
		return session_error(s, "No line %ld: the translation has lines 1 to %zu", n,
		                     s->doc.tgt.n);
	s->caret.focus = PANE_TARGET;
	s->caret.cur = (Pos){(size_t)n - 1, 0};
	s->caret.goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow_center(s, true);
	return true;
}

/* Segment k is what the search of next_where looks for. */
typedef bool (*SegWanted)(const Doc *d, size_t k);

static bool seg_untranslated(const Doc *d, size_t k)
{
	return doc_seg_unfinished(d, k) && d->al.v[k].status == ST_UNTRANSLATED;
}

/* To the next (dir 1) or previous (-1) segment that is wanted, wrapping;
 * false with none_msg when there is none. */
static bool next_where(Session *s, int dir, SegWanted wanted, const char *none_msg)
{
	const Doc *d = &s->doc;
	if (!d->al.n)
		return session_error(s, "No segments");
	long cur = -1;
	if (s->caret.focus == PANE_TARGET)
		cur = session_cur_seg(s);
	else
		cur = doc_segment_of_tgt_line(d, s->caret.cur.line);
	size_t n = d->al.n;
	size_t start = cur < 0 ? (dir > 0 ? n - 1 : 0) : (size_t)cur;
	for (size_t i = 1; i <= n; i++) {
		size_t k = dir > 0 ? (start + i) % n : (start + n - i % n) % n;
		if (wanted(d, k)) {
			size_t line = d->tgt_host.blocks.v[d->al.v[k].tgt].first;
			if (d->al.v[k].kind == BK_TITLE)
				line = d->tgt_host.blocks.v[d->al.v[k].tgt].text_line;
			s->caret.focus = PANE_TARGET;
			s->caret.cur = (Pos){line, first_text_col(lines_get(&d->tgt, line))};
			s->caret.goal_col = -1;
			doc_break_merge(&s->doc);
			session_follow_center(s, true);
			if (dir > 0 ? k <= start : k >= start)
				session_msg(s, "Search wrapped");
			return true;
		}
	}
	return session_error(s, "%s", none_msg);
}

bool session_next_unfinished(Session *s, int dir)
{
	return next_where(s, dir, doc_seg_unfinished, "No unfinished segment left");
}

bool session_next_untranslated(Session *s, int dir)
{
	return next_where(s, dir, seg_untranslated, "No untranslated segment left");
}

long session_find_in_line(Str ln, const char *q, size_t qn, bool fold, size_t from, int dir,
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

/* Does a target line of view segment g hold q? */
static bool tgt_holds(Session *s, VSeg g, const char *q, size_t qn, bool fold)
{
	for (size_t line = g.t0; line < g.t1; line++) {
		size_t mlen;
		if (session_find_in_line(lines_get(&s->doc.tgt, line), q, qn, fold, 0, 1, &mlen) >= 0)
			return true;
	}
	return false;
}

/* Search order: view segment by view segment, its target lines, then its
 * source lines — but only where the target does not hold the text too:
 * the match lands in the Korean, where typing goes, unless it is only in
 * the English. */
bool session_find(Session *s, const char *text, int dir)
{
	if (!text || !*text) {
		if (!s->search.last)
			return session_error(s, "Nothing to find (Ctrl-F asks)");
		text = s->search.last;
	} else if (text != s->search.last) {
		free(s->search.last);
		s->search.last = xstrdup(text);
		text = s->search.last;
	}
	Buf q = BUF_INIT;
	bool fold = !s->search.match_case;
	if (fold)
		text_casefold(text, strlen(text), &q);
	else
		buf_adds(&q, text);
	size_t n = session_vseg_count(s);
	Pane p = s->caret.focus;
	Pos c = p == PANE_TARGET ? s->caret.cur : s->caret.scur;
	size_t k = session_vseg_of(s, p, c.line);
	size_t items_total = s->doc.tgt.n + s->doc.src.n;
	/* item index inside vseg k */
	VSeg g = session_vseg(s, k);
	size_t it = p == PANE_TARGET ? c.line - g.t0 : (g.t1 - g.t0) + (c.line - g.s0);
	size_t from = c.col;
	if (dir > 0 && s->search.match.on && s->search.match.pane == p &&
	    s->search.match.at.line == c.line && s->search.match.at.col == c.col)
		from = c.col + 1;
	bool found = false, wrapped = false;
	long held_k = -1; /* the view segment whose target was looked at ... */
	bool held = false; /* ... and whether it holds the text */
	for (size_t step = 0; step <= items_total + 1 && !found; step++) {
		g = session_vseg(s, k);
		size_t tn = g.t1 - g.t0;
		Pane ip = it < tn ? PANE_TARGET : PANE_SOURCE;
		size_t line = it < tn ? g.t0 + it : g.s0 + (it - tn);
		Str ln = lines_get(session_lines(s, ip), line);
		size_t lim = step == 0 ? from : dir > 0 ? 0 : ln.n + 1;
		size_t mlen = 0;
		long at = -1;
		if (ip == PANE_SOURCE && held_k != (long)k) {
			held_k = (long)k;
			held = tgt_holds(s, g, q.p, q.len, fold);
		}
		if (ip == PANE_TARGET || !held)
			at = session_find_in_line(ln, q.p, q.len, fold, lim, dir, &mlen);
		if (at >= 0) {
			found = true;
			s->caret.focus = ip;
			Pos *pc = ip == PANE_TARGET ? &s->caret.cur : &s->caret.scur;
			*pc = (Pos){line, (size_t)at};
			s->search.match.on = true;
			s->search.match.pane = ip;
			s->search.match.at = *pc;
			s->search.match.len = mlen;
			break;
		}
		/* next item */
		if (dir > 0) {
			if (it + 1 < vseg_items(s, k)) {
				it++;
			} else {
				do {
					k = (k + 1) % n;
					if (k == 0)
						wrapped = true;
				} while (vseg_items(s, k) == 0);
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
				} while (vseg_items(s, k) == 0);
				it = vseg_items(s, k) - 1;
			}
		}
	}
	buf_release(&q);
	if (!found) {
		s->search.match.on = false;
		return session_error(s, "Not found: %s", text);
	}
	s->caret.goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow_center(s, true);
	if (wrapped)
		session_msg(s, "Search wrapped: %s", text);
	return true;
}
