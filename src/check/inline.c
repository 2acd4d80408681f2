/*
 * Inline markup as docutils recognizes it ("Inline markup recognition
 * rules", https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html
 * #inline-markup-recognition-rules; docutils/parsers/rst/states.py Inliner):
 *   1. a start-string follows the start of the text, whitespace or an
 *      opener/delimiter punctuation character;
 *   2. it is followed by non-whitespace;
 *   3. an end-string is preceded by non-whitespace;
 *   4. an end-string is followed by the end of the text, whitespace or a
 *      closer/delimiter punctuation character;
 *   5. a start-string right after an opening quote/bracket is not one when
 *      the matching closer follows it;
 *   6. the text between the strings is not empty;
 *   7. a backslash escapes the next character.
 * Hangul is neither whitespace nor punctuation, so markup glued to Korean
 * text breaks: before a start-string it is silently plain text; after an
 * end-string docutils keeps looking for another end-string ("start-string
 * without end-string" when there is none).  The scanner records both
 * cases as glued markup with the end-string the writer meant.
 */
#include "check-private.h"
#include "yeok/text.h"

typedef struct CpRange {
	int32_t lo, hi;
} CpRange;

#include "punct.inc"

static bool in_ranges(const CpRange *r, size_t n, int32_t cp)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cp < r[mid].lo)
			hi = mid;
		else if (cp > r[mid].hi)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

int32_t check_prev_cp(const char *s, size_t i)
{
	if (i == 0)
		return -1;
	size_t b = i - 1;
	while (b > 0 && i - b < 4 && ((unsigned char)s[b] & 0xc0) == 0x80)
		b--;
	int32_t cp;
	size_t len = text_decode(s + b, i - b, &cp);
	return len == i - b ? cp : -1;
}

int32_t check_cp_decode(const char *s, size_t n, size_t i)
{
	if (i >= n)
		return -1;
	int32_t cp;
	text_decode(s + i, n - i, &cp);
	return cp;
}

static size_t cp_len(const char *s, size_t n, size_t i)
{
	if (i >= n)
		return 0;
	const unsigned char *u = (const unsigned char *)s + i;
	/* the common cases without a call: ASCII, and three-byte sequences
	 * whose lead admits any continuation (Hangul syllables among them;
	 * E0 and ED have range rules: text_decode decides) */
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xe1 && u[0] <= 0xef && u[0] != 0xed && n - i >= 3 &&
	    (u[1] & 0xc0) == 0x80 && (u[2] & 0xc0) == 0x80)
		return 3;
	int32_t cp;
	return text_decode(s + i, n - i, &cp);
}

static bool is_ws(int32_t cp)
{
	return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\v' || cp == '\f' ||
	       (cp > 0x7f && text_is_space(cp));
}

static bool prefix_ok(int32_t cp)
{
	return cp < 0 || is_ws(cp) || in_ranges(prefix_punct, ARRAY_LEN(prefix_punct), cp);
}

static bool suffix_ok(int32_t cp)
{
	return cp < 0 || is_ws(cp) || in_ranges(suffix_punct, ARRAY_LEN(suffix_punct), cp);
}

/* Letters that Korean text glues to markup: Hangul, CJK ideographs, kana. */
static bool glue_letter(int32_t cp)
{
	return cp >= 0 && (text_is_hangul(cp) || (cp >= 0x4e00 && cp <= 0x9fff) ||
	                   (cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x3400 && cp <= 0x4dbf));
}

/* Rule 5: quote pairs. */
static int32_t closer_of(int32_t cp)
{
	switch (cp) {
	case '"': return '"';
	case '\'': return '\'';
	case '(': return ')';
	case '[': return ']';
	case '{': return '}';
	case '<': return '>';
	default: return -2;
	}
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (unsigned char)c >= 0x80;
}

/* ":name:" at i (name = simplename: word chars with single [-._+:] between).
 * Returns the length of ":name:" or 0. */
static size_t role_len(const char *s, size_t n, size_t i)
{
	if (i >= n || s[i] != ':')
		return 0;
	size_t j = i + 1;
	bool word = false;
	while (j < n) {
		if (name_char(s[j]) && s[j] != '_') {
			word = true;
			j++;
		} else if (word && strchr("-._+:", s[j]) && j + 1 < n && name_char(s[j + 1]) &&
		           s[j + 1] != '_') {
			word = false;
			j++;
		} else {
			break;
		}
	}
	if (j > i + 1 && j < n && s[j] == ':' && s[j - 1] != ':')
		return j + 1 - i;
	return 0;
}

enum { END_LITERAL, END_STRONG, END_EMPH, END_BQ_ROLE, END_BQ_PLAIN, END_BQ_TARGET, END_SUBST,
       END_KINDS };

typedef struct EndMatch {
	size_t k;   /* where the end-string starts */
	size_t e;   /* just past it (and its suffix) */
	bool glued;
	int32_t glued_cp;
	InlineKind kind;
	bool anonymous;
	Str role;
} EndMatch;

/* Find the end-string for a start of type t whose text starts at from.
 * Linear: the caller remembers failed searches per type. */
static bool find_end(const char *s, size_t n, size_t from, int t, EndMatch *m)
{
	for (size_t k = from + 1; k < n; k++) {
		char c = s[k];
		if (c == '\\' && t != END_LITERAL) {
			k++; /* escaped character: never an end-string */
			continue;
		}
		size_t el = 0;
		switch (t) {
		case END_LITERAL:
			if (c == '`' && k + 1 < n && s[k + 1] == '`')
				el = 2;
			break;
		case END_STRONG:
			if (c == '*' && k + 1 < n && s[k + 1] == '*')
				el = 2;
			break;
		case END_EMPH:
			if (c == '*')
				el = 1;
			break;
		case END_SUBST:
			if (c == '|')
				el = 1;
			break;
		default:
			if (c == '`')
				el = 1;
			break;
		}
		if (!el)
			continue;
		int32_t before = check_prev_cp(s, k);
		if (before < 0 || is_ws(before))
			continue;
		size_t e = k + el;
		m->kind = IN_INTERPRETED;
		m->anonymous = false;
		m->role = (Str){NULL, 0};
		if (t == END_BQ_PLAIN || t == END_SUBST) {
			if (e + 1 < n && s[e] == '_' && s[e + 1] == '_') {
				e += 2;
				m->anonymous = true;
				m->kind = t == END_SUBST ? IN_SUBST : IN_REFERENCE;
			} else if (e < n && s[e] == '_') {
				e += 1;
				m->kind = t == END_SUBST ? IN_SUBST : IN_REFERENCE;
			} else if (t == END_BQ_PLAIN && role_len(s, n, e)) {
				size_t rl = role_len(s, n, e);
				m->kind = IN_ROLE;
				m->role = (Str){s + e + 1, rl - 2};
				e += rl;
			} else if (t == END_SUBST) {
				m->kind = IN_SUBST;
			}
		}
		int32_t after = check_cp_at(s, n, e);
		if (suffix_ok(after)) {
			m->glued = false;
		} else if (glue_letter(after)) {
			m->glued = true;
			m->glued_cp = after;
		} else {
			continue;
		}
		m->k = k;
		m->e = e;
		return true;
	}
	return false;
}

/* A footnote or citation reference [#]_, [#name]_, [*]_, [12]_, [name]_
 * at i; returns its length or 0. */
static size_t footnote_len(const char *s, size_t n, size_t i)
{
	size_t j = i + 1;
	if (j < n && (s[j] == '#' || s[j] == '*'))
		j++;
	size_t name_from = j;
	while (j < n && (name_char(s[j]) || s[j] == '-' || s[j] == '_' || s[j] == '.'))
		j++;
	bool ok_label = j > i + 1 && (s[i + 1] == '#' || s[i + 1] == '*' || j > name_from);
	if (s[i + 1] == '*' && j != i + 2)
		ok_label = false;
	if (ok_label && j + 1 < n && s[j] == ']' && s[j + 1] == '_' &&
	    !(j + 2 < n && s[j + 2] == '_'))
		return j + 2 - i;
	return 0;
}

static void set_target(Inline *in, const char *s)
{
	Str inner = {s + in->in_start, in->in_end - in->in_start};
	in->target = inner;
	if ((in->kind == IN_REFERENCE || in->kind == IN_ROLE) && inner.n && inner.p[inner.n - 1] == '>') {
		for (size_t i = inner.n - 1; i-- > 0;) {
			if (inner.p[i] == '<' && (i == 0 || is_ws((unsigned char)inner.p[i - 1]))) {
				in->target = str_slice(inner, i + 1, inner.n - 1);
				break;
			}
		}
	}
}

static void scan(const char *s, size_t n, InlineVec *out);

void inline_scan(const char *s, size_t n, InlineVec *out)
{
	CheckMemo *m = check_memo_find(s, n, true);
	if (check_memo_inlines(m, s, out))
		return;
	size_t k0 = out->n;
	scan(s, n, out);
	check_memo_keep_inlines(m, s, out->n > k0 ? out->v + k0 : NULL, out->n - k0);
}

static void scan(const char *s, size_t n, InlineVec *out)
{
	size_t failed_from[END_KINDS];
	for (int t = 0; t < END_KINDS; t++)
		failed_from[t] = SIZE_MAX;
	size_t i = 0;
	while (i < n) {
		char c = s[i];
		if (c == '\\') {
			i += 1 + cp_len(s, n, i + 1);
			continue;
		}
		size_t sl = 0;
		int t = -1;
		InlineKind kind = IN_INTERPRETED;
		Str role = {NULL, 0};
		size_t rl;
		if (c == '`' && i + 1 < n && s[i + 1] == '`') {
			sl = 2, t = END_LITERAL, kind = IN_LITERAL;
		} else if (c == '`') {
			sl = 1, t = END_BQ_PLAIN, kind = IN_INTERPRETED;
		} else if (c == ':' && (rl = role_len(s, n, i)) && i + rl < n && s[i + rl] == '`' &&
		           !(i + rl + 1 < n && s[i + rl + 1] == '`')) {
			sl = rl + 1, t = END_BQ_ROLE, kind = IN_ROLE;
			role = (Str){s + i + 1, rl - 2};
		} else if (c == '_' && i + 1 < n && s[i + 1] == '`') {
			sl = 2, t = END_BQ_TARGET, kind = IN_TARGET;
		} else if (c == '*' && i + 1 < n && s[i + 1] == '*') {
			sl = 2, t = END_STRONG, kind = IN_STRONG;
		} else if (c == '*') {
			sl = 1, t = END_EMPH, kind = IN_EMPHASIS;
		} else if (c == '|' && !(i + 1 < n && s[i + 1] == '|')) {
			/* docutils' start-string is `\|(?!\|)`: "||" is text (the
			 * link bars of sphinx-gallery headers) */
			sl = 1, t = END_SUBST, kind = IN_SUBST;
		} else if (c == '[' && (rl = footnote_len(s, n, i))) {
			int32_t prev = check_prev_cp(s, i), next = check_cp_at(s, n, i + rl);
			bool gb = !prefix_ok(prev) && glue_letter(prev);
			bool ga = !suffix_ok(next) && glue_letter(next);
			if ((prefix_ok(prev) || gb) && (suffix_ok(next) || ga)) {
				Inline in = {.kind = IN_FOOTNOTE, .start = i, .end = i + rl,
				             .in_start = i + 1, .in_end = i + rl - 2,
				             .glued_before = gb, .glued_after = ga,
				             .glued_cp = gb ? prev : ga ? next : 0};
				set_target(&in, s);
				VEC_PUSH(out, in);
			}
			i += rl;
			continue;
		} else {
			i += MAX(cp_len(s, n, i), (size_t)1);
			continue;
		}
		int32_t prev = check_prev_cp(s, i), after = check_cp_at(s, n, i + sl);
		if (after < 0 || is_ws(after) || closer_of(prev) == after) {
			i += sl; /* rules 2 and 5 */
			continue;
		}
		bool glued_before = false;
		if (!prefix_ok(prev)) {
			if (!glue_letter(prev)) {
				i += sl; /* rule 1: part of a word */
				continue;
			}
			glued_before = true;
		}
		EndMatch m;
		size_t from = i + sl; /* find_end starts one past it: rule 6 */
		bool found = from < failed_from[t] && find_end(s, n, from, t, &m);
		if (!found) {
			if (from < failed_from[t])
				failed_from[t] = from;
			if (!glued_before) {
				Inline in = {.kind = kind, .start = i, .end = i + sl, .in_start = i + sl,
				             .in_end = i + sl, .role = role, .unterminated = true};
				VEC_PUSH(out, in);
			}
			i += sl;
			continue;
		}
		Inline in = {.kind = kind, .start = i, .end = m.e, .in_start = i + sl, .in_end = m.k,
		             .role = role, .glued_before = glued_before, .glued_after = m.glued,
		             .glued_cp = glued_before ? prev : m.glued ? m.glued_cp : 0};
		if (t == END_BQ_PLAIN) {
			in.kind = m.kind;
			in.anonymous = m.anonymous;
			if (m.kind == IN_ROLE)
				in.role = m.role;
		} else if (t == END_SUBST) {
			in.anonymous = m.anonymous;
		}
		set_target(&in, s);
		VEC_PUSH(out, in);
		i = m.e;
	}
}

const char *inline_kind_name(InlineKind k)
{
	static const char *const names[] = {
		"inline literal", "strong emphasis", "emphasis", "role", "interpreted text",
		"reference", "substitution reference", "footnote reference", "inline target",
	};
	return (size_t)k < ARRAY_LEN(names) ? names[k] : "markup";
}

int check_clip(Str s, size_t max)
{
	if (s.n <= max)
		return (int)s.n;
	size_t n = max;
	while (n > 0 && ((unsigned char)s.p[n] & 0xc0) == 0x80)
		n--;
	return (int)n;
}

size_t check_column_width(const char *s, size_t n)
{
	size_t w = 0;
	for (size_t i = 0; i < n;) {
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if (cp >= 0 && text_is_combining(cp))
			continue;
		w += cp >= 0 && text_is_wide(cp) ? 2 : 1;
	}
	return w;
}

void check_normalize_name(const char *s, size_t n, Buf *out)
{
	Buf f = BUF_INIT;
	text_casefold(s, n, &f);
	bool space = false;
	size_t start = out->len;
	for (size_t i = 0; i < f.len; i++) {
		char c = f.p[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = out->len > start;
			continue;
		}
		if (space)
			buf_addc(out, ' ');
		space = false;
		buf_addc(out, c);
	}
	buf_release(&f);
}
