/*
 * Python lexing for the host layer: where strings and comments are, by
 * the tokenizer's rules (https://docs.python.org/3/reference/lexical_analysis.html#literals):
 * a comment starts at a `#` outside any string literal; strings open with
 * ' or " (three of them for a triple-quoted string, which may span lines);
 * a backslash escapes the next character in every string (a raw string
 * keeps the backslash but still cannot end on `\"`), and at a line end it
 * continues a one-quote string on the next line.  Prefix letters (r, b, f,
 * u) are identifier characters and need no handling.
 */
#include "yeok/host.h"

#include "yeok/text.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\v';
}

void host_py_scan(HostPyLex *st, Str s, HostPyLine *out)
{
	out->in_string = st->quote != 0;
	out->comment = s.n;
	out->hangul_code = false;
	out->unterminated = false;
	size_t code_end = 0, i = 0;
	bool ended_with_backslash = false;
	while (i < s.n) {
		char c = s.p[i];
		if (st->quote) {
			if (c == '\\') {
				ended_with_backslash = i + 1 >= s.n;
				i += 2;
				code_end = MIN(i, s.n);
				continue;
			}
			if (c == st->quote) {
				if (!st->triple) {
					st->quote = 0;
					code_end = ++i;
					continue;
				}
				if (i + 2 < s.n && s.p[i + 1] == c && s.p[i + 2] == c) {
					st->quote = 0;
					st->triple = false;
					i += 3;
					code_end = i;
					continue;
				}
			}
			code_end = ++i;
			continue;
		}
		if (c == '#') {
			out->comment = i;
			break;
		}
		if (c == '"' || c == '\'') {
			st->quote = c;
			st->triple = i + 2 < s.n && s.p[i + 1] == c && s.p[i + 2] == c;
			i += st->triple ? 3 : 1;
			code_end = i;
			continue;
		}
		if ((unsigned char)c >= 0x80) {
			int32_t cp;
			size_t k = text_decode(s.p + i, s.n - i, &cp);
			if (cp >= 0 && text_is_hangul(cp))
				out->hangul_code = true;
			i += k;
			code_end = i;
			continue;
		}
		i++;
		if (!is_blank(c))
			code_end = i;
	}
	/* A one-quote string ends with its line unless a backslash continues
	 * it (unterminated: a syntax error; the next line starts fresh). */
	st->cont = st->quote && !st->triple && ended_with_backslash;
	out->unterminated = st->quote && !st->triple && !ended_with_backslash;
	if (out->unterminated)
		st->quote = 0;
	while (code_end > 0 && is_blank(s.p[code_end - 1]))
		code_end--;
	out->code_end = code_end;
}

void host_py_comments(const Lines *l, size_t first, size_t last, HostCommentVec *out)
{
	HostPyLex st = {0, false, false};
	size_t pending = out->n; /* own-line comments still looking for their code */
	for (size_t line = first; line <= last && line < l->n; line++) {
		Str s = lines_get(l, line);
		HostPyLine pl;
		host_py_scan(&st, s, &pl);
		bool code = pl.code_end > 0;
		if (code) {
			/* indentation is not part of the place: compare stripped */
			Str t = str_trim((Str){s.p, pl.code_end});
			uint64_t h = hash_fnv1a(t.p, t.n);
			for (size_t k = pending; k < out->n; k++) {
				out->v[k].anchor = line;
				out->v[k].code_hash = h;
			}
			pending = out->n;
			if (pl.comment < s.n) {
				HostComment c = {line, pl.comment, str_trim_right(s).n, false, line, h};
				VEC_PUSH(out, c);
				pending = out->n;
			}
		} else if (pl.comment < s.n) {
			HostComment c = {line, pl.comment, str_trim_right(s).n, true, SIZE_MAX, 0};
			VEC_PUSH(out, c);
		}
	}
}

Str host_comment_text(const Lines *l, const HostComment *c)
{
	Str s = lines_get(l, c->line);
	size_t a = MIN(c->from, s.n), b = MIN(c->to, s.n);
	while (a < b && s.p[a] == '#')
		a++;
	if (a < b && is_blank(s.p[a]))
		a++;
	return (Str){s.p + a, b - a};
}

/* ---- the code as Python reads it ------------------------------------------
 * The entries: one per line of code (its hash), and one per separator line
 * (SEP_ENTRY: the structure sphinx-gallery reads, kept as the English has
 * it), in file order. */

#define SEP_ENTRY 1u

/* Line i of h read on (st: the strings' state through the code lines): its
 * entry, or 0 for none; *bad set when a one-quote string ends with it. */
static uint64_t code_entry(const HostDoc *h, HostPyLex *st, size_t i, bool *bad)
{
	*bad = false;
	HostLineKind k = host_line_kind(h, i);
	if (k == HL_SEP)
		return SEP_ENTRY;
	Str s = lines_get(h->file, i);
	if (h->doc.present && h->doc.closed && i == h->doc.close_line) {
		/* code after the docstring's closing quotes, on their line */
		size_t at = MIN(h->doc.close_at + strlen(h->doc.quote), s.n);
		s = (Str){s.p + at, s.n - at};
	} else if (k != HL_CODE) {
		return 0;
	}
	HostPyLine pl;
	host_py_scan(st, s, &pl);
	*bad = pl.unterminated;
	if (!pl.code_end && !pl.in_string)
		return 0;
	uint64_t v = hash_fnv1a(s.p, pl.code_end);
	return v > SEP_ENTRY ? v : SEP_ENTRY + 1;
}

void host_py_code(const HostDoc *h, HostPyCode *out)
{
	out->code.n = 0;
	out->strings_ok = true;
	HostPyLex st = {0, false, false};
	for (size_t i = 0; i < h->file->n; i++) {
		bool bad;
		uint64_t v = code_entry(h, &st, i, &bad);
		if (bad)
			out->strings_ok = false;
		if (v)
			VEC_PUSH(&out->code, v);
	}
	if (st.quote)
		out->strings_ok = false;
}

void host_py_code_release(HostPyCode *c)
{
	VEC_FREE(&c->code);
}

bool host_py_broken(const HostDoc *h, const HostPyCode *was, size_t *line, Buf *why)
{
	if (h->fmt != HOST_PY)
		return false;
	if (h->doc.present && !h->doc.closed) {
		*line = h->doc.open_line;
		buf_addf(why, "line %zu: the module docstring has no closing %s", h->doc.open_line + 1,
		         h->doc.quote);
		return true;
	}
	HostPyLex st = {0, false, false};
	size_t k = 0, open_at = 0, last = 0;
	for (size_t i = 0; i < h->file->n; i++) {
		if (!st.quote)
			open_at = i;
		bool bad;
		uint64_t v = code_entry(h, &st, i, &bad);
		if (bad && was->strings_ok) {
			*line = i;
			buf_addf(why, "line %zu: a string is not closed", i + 1);
			return true;
		}
		if (!v)
			continue;
		last = i;
		if (k < was->code.n && was->code.v[k] == v) {
			k++;
			continue;
		}
		*line = i;
		if (v == SEP_ENTRY)
			buf_addf(why, "line %zu would start a text block the English does not have", i + 1);
		else if (k < was->code.n && was->code.v[k] == SEP_ENTRY)
			buf_addf(why, "the separator line before line %zu would be gone", i + 1);
		else
			buf_addf(why, "line %zu would be Python code (a text line without its '#'?)", i + 1);
		return true;
	}
	if (st.quote && was->strings_ok) {
		*line = open_at;
		buf_addf(why, "line %zu: a string is not closed", open_at + 1);
		return true;
	}
	if (k < was->code.n) {
		*line = last;
		buf_addf(why, "code or a separator line after line %zu would be gone", last + 1);
		return true;
	}
	return false;
}

/* ---- pairing -------------------------------------------------------------- */

#define PAIR_FULL_CELLS (4096u * 4096u)

static int pair_score(const Lines *sl, const HostComment *a, const Lines *tl, const HostComment *b)
{
	int sc = 0;
	if (a->code_hash && a->code_hash == b->code_hash)
		sc += 4;
	if (str_eq(str_trim(host_comment_text(sl, a)), str_trim(host_comment_text(tl, b))))
		sc += 4;
	if (!sc)
		return 0;
	return sc + (a->own_line == b->own_line ? 1 : 0);
}

void host_pair_comments(const Lines *sl, const HostComment *s, size_t ns, const Lines *tl,
                        const HostComment *t, size_t nt, size_t *pair)
{
	for (size_t i = 0; i < ns; i++)
		pair[i] = SIZE_MAX;
	if (!ns || !nt)
		return;
	if ((double)ns * (double)nt > PAIR_FULL_CELLS) {
		/* Far beyond any real code cell: pair by position. */
		for (size_t i = 0; i < ns && i < nt; i++)
			pair[i] = i;
		return;
	}
	/* Longest chain of scoring pairs, in order (a weighted LCS). */
	size_t w = nt + 1;
	int *best = xcalloc((ns + 1) * w, sizeof(int));
	for (size_t i = 1; i <= ns; i++) {
		for (size_t j = 1; j <= nt; j++) {
			int v = MAX(best[(i - 1) * w + j], best[i * w + j - 1]);
			int sc = pair_score(sl, &s[i - 1], tl, &t[j - 1]);
			if (sc && best[(i - 1) * w + j - 1] + sc > v)
				v = best[(i - 1) * w + j - 1] + sc;
			best[i * w + j] = v;
		}
	}
	size_t i = ns, j = nt;
	while (i > 0 && j > 0) {
		int v = best[i * w + j];
		if (v == best[(i - 1) * w + j]) {
			i--;
		} else if (v == best[i * w + j - 1]) {
			j--;
		} else {
			pair[i - 1] = j - 1;
			i--;
			j--;
		}
	}
	free(best);
}
