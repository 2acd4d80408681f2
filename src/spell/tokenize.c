/*
 * The words of one prose block, skipping the inline markup that is not
 * prose.  Lenient where docutils is strict: a literal glued to Hangul
 * (모델의``tensor``를) is plain text to docutils but code to a speller.
 * Inline markup: https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html#inline-markup
 */
#include "yeok/spell.h"
#include "yeok/text.h"

#include <strings.h>

/* What came before the current position, for SpellToken.glued. */
enum prev {
	P_START,  /* start of text */
	P_SPACE,  /* whitespace after anything but P_OTHER */
	P_OPEN,   /* an opening bracket or quote: "(모델" */
	P_PUNCT,  /* sentence punctuation: "끝. 다음" is not glued */
	P_HANGUL, /* Hangul, seen through emphasis markers: **모델**은 */
	P_OTHER,  /* a Latin word, a number, markup, a closing bracket; stays
	             across spaces: "PyTorch 를" and "``x`` 는" are common */
};

typedef struct Scan {
	const char *s;
	size_t n;
	SpellTokens *out;
	enum prev prev;
} Scan;

static bool is_ascii_alpha(int32_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_ascii_alnum(int32_t c)
{
	return is_ascii_alpha(c) || (c >= '0' && c <= '9');
}

/* Latin letters: ASCII and the Latin-1/Extended-A/B blocks. */
static bool is_latin_letter(int32_t c)
{
	if (is_ascii_alpha(c))
		return true;
	return c >= 0xc0 && c < 0x250 && c != 0xd7 && c != 0xf7 &&
	       text_is_letter(c);
}

static bool is_hangul(int32_t c)
{
	return c >= 0 && text_is_hangul(c);
}

static bool is_space_cp(int32_t c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       (c > 0x7f && text_is_space(c));
}

static bool is_open_punct(int32_t c)
{
	switch (c) {
	case '(': case '[': case '{': case '"': case '\'': case '<':
	case 0x201c: case 0x2018: case 0x300c: case 0x300e: case 0x3008:
	case 0x300a: case 0xff08:
		return true;
	default:
		return false;
	}
}

static bool is_sentence_punct(int32_t c)
{
	return c == '.' || c == ',' || c == ';' || c == ':' || c == '!' ||
	       c == '?' || c == 0x2026 || c == 0x3001 || c == 0x3002;
}

static int32_t cp_at(const Scan *sc, size_t i, size_t *len)
{
	int32_t c;
	size_t l = text_decode(sc->s + i, sc->n - i, &c);
	if (len)
		*len = l;
	return c;
}

/* The start of the code point that ends at i (from < i), and it in *c
 * (-1 for an invalid byte, which is then one byte). */
static size_t prev_cp(const Scan *sc, size_t from, size_t i, int32_t *c)
{
	size_t p = i - 1;
	while (p > from && i - p < 4 && ((unsigned char)sc->s[p] & 0xc0) == 0x80)
		p--;
	if (text_decode(sc->s + p, i - p, c) != i - p) {
		*c = -1;
		return i - 1;
	}
	return p;
}

static void emit(Scan *sc, size_t off, size_t len, SpellScript script,
                 bool glued)
{
	SpellToken t = {off, len, script, glued};
	VEC_PUSH(sc->out, t);
}

/* ---- Latin runs ----------------------------------------------------------
 * A Latin run is a maximal run of characters that are neither spaces nor
 * Hangul nor markup starts.  Its leading opening and trailing closing
 * punctuation is stripped; what remains is prose only when it is letters
 * with inner hyphens and apostrophes ("pre-trained", "don't"), else it is
 * code (torch.nn, f(), x=1, --flag, word_) and skipped. */

static bool strip_lead(int32_t c)
{
	return c == '(' || c == '"' || c == '\'' || c == '[' || c == '{' ||
	       c == 0x201c || c == 0x2018 || c == '*';
}

static bool strip_trail(int32_t c)
{
	return c == '.' || c == ',' || c == ':' || c == ';' || c == '!' ||
	       c == '?' || c == '"' || c == '\'' || c == ')' || c == ']' ||
	       c == '}' || c == 0x201d || c == 0x2019 || c == '*' ||
	       c == 0x2026;
}

static bool inner_joiner(int32_t c)
{
	return c == '-' || c == '\'' || c == 0x2019;
}

/* Emit the word s[a, b) unless it looks like a name rather than a word:
 * one letter, ALL CAPS, camelCase. */
static void emit_latin_word(Scan *sc, size_t a, size_t b, bool glued)
{
	size_t letters = 0, upper_after_first = 0;
	for (size_t i = a; i < b;) {
		size_t l;
		int32_t c = cp_at(sc, i, &l);
		if (is_latin_letter(c)) {
			if (letters > 0 && c >= 'A' && c <= 'Z')
				upper_after_first++;
			letters++;
		}
		i += l;
	}
	if (letters < 2 || upper_after_first > 0)
		return;
	emit(sc, a, b - a, SPELL_LATIN, glued);
}

static void latin_run(Scan *sc, size_t a, size_t b, bool glued)
{
	/* strip leading opening punctuation */
	while (a < b) {
		size_t l;
		int32_t c = cp_at(sc, a, &l);
		if (!strip_lead(c))
			break;
		a += l;
	}
	/* strip trailing closing punctuation (but keep "f()" recognizable:
	 * a ')' closes only when the core has no '(') */
	bool has_open = memchr(sc->s + a, '(', b - a) != NULL;
	while (a < b) {
		int32_t c;
		size_t p = prev_cp(sc, a, b, &c);
		if (!strip_trail(c) || (c == ')' && has_open))
			break;
		b = p;
	}
	if (a >= b)
		return;
	/* letters with inner joiners only */
	size_t i = a;
	int32_t prevc = -1;
	while (i < b) {
		size_t l;
		int32_t c = cp_at(sc, i, &l);
		if (is_latin_letter(c) || text_is_combining(c)) {
			/* ok */
		} else if (inner_joiner(c) && is_latin_letter(prevc) &&
		           i + l < b) {
			size_t l2;
			int32_t next = cp_at(sc, i + l, &l2);
			if (!is_latin_letter(next))
				return;
		} else {
			return; /* code-like */
		}
		prevc = c;
		i += l;
	}
	/* split at hyphens; a prefix before one ("pre-trained") is no word */
	static const char *const prefixes[] = {
		"pre", "re", "non", "co", "sub", "un", "de", "multi", "anti",
		"inter", "intra", "semi", "mid", "post", "bi", "tri", "uni",
	};
	size_t w = a;
	for (i = a; i < b;) {
		size_t l;
		int32_t c = cp_at(sc, i, &l);
		if (c == '-') {
			bool prefix = false;
			for (size_t k = 0; k < ARRAY_LEN(prefixes); k++)
				if (strlen(prefixes[k]) == i - w &&
				    !strncasecmp(prefixes[k], sc->s + w, i - w))
					prefix = true;
			if (!prefix)
				emit_latin_word(sc, w, i, glued);
			w = i + l;
		}
		i += l;
	}
	emit_latin_word(sc, w, b, glued);
}

/* ---- markup ----------------------------------------------------------- */

/* Find the closing string `end` from i on; returns its offset or n. */
static size_t find_from(const Scan *sc, size_t i, const char *end)
{
	size_t el = strlen(end);
	for (; i + el <= sc->n; i++)
		if (!memcmp(sc->s + i, end, el))
			return i;
	return sc->n;
}

static bool is_role_char(char c)
{
	return is_ascii_alnum((unsigned char)c) || c == '-' || c == '_' ||
	       c == '.' || c == '+' || c == ':';
}

/* A role `:name:` at i followed by a backquote: its length, else 0. */
static size_t role_len(const Scan *sc, size_t i)
{
	if (sc->s[i] != ':')
		return 0;
	size_t j = i + 1;
	/* role names are short; the bound keeps ":a:a:a..." linear */
	size_t max = MIN(sc->n, i + 1 + 64);
	while (j < max && is_role_char(sc->s[j]))
		j++;
	/* the name may contain ':' (py:func); the last one closes it */
	while (j > i + 1 && sc->s[j - 1] != ':')
		j--;
	if (j <= i + 2 || j >= sc->n || sc->s[j] != '`')
		return 0;
	return j - i;
}

static void scan_range(Scan *sc, size_t from, size_t to);

/* Interpreted text or a reference starting with the backquote at i; returns
 * the offset after it (and its suffix `_`, `__`, or a `:role:`). */
static size_t backquoted(Scan *sc, size_t i, bool after_role)
{
	size_t close = find_from(sc, i + 1, "`");
	if (close >= sc->n)
		return i + 1; /* unmatched: plain text */
	size_t end = close + 1;
	bool ref = false;
	if (end < sc->n && sc->s[end] == '_') {
		ref = true;
		end++;
		if (end < sc->n && sc->s[end] == '_')
			end++;
	} else if (end < sc->n && sc->s[end] == ':') {
		/* a suffix role: `x`:role: */
		size_t j = end + 1;
		size_t max = MIN(sc->n, end + 1 + 64);
		while (j < max && is_role_char(sc->s[j]) && sc->s[j] != ':')
			j++;
		if (j < sc->n && sc->s[j] == ':' && j > end + 1)
			end = j + 1;
	}
	if (ref && !after_role) {
		/* `text <url>`_: the text is prose */
		size_t lt = close;
		if (close > i + 1 && sc->s[close - 1] == '>') {
			for (lt = close - 1; lt > i + 1 && sc->s[lt] != '<'; lt--)
				;
			if (sc->s[lt] == '<' && lt > i + 1) {
				sc->prev = P_OPEN;
				scan_range(sc, i + 1, lt);
			}
		}
	}
	sc->prev = P_OTHER;
	return end;
}

static bool starts_with_at(const Scan *sc, size_t i, const char *p)
{
	size_t l = strlen(p);
	return i + l <= sc->n && !memcmp(sc->s + i, p, l);
}

static bool url_start(const Scan *sc, size_t i)
{
	static const char *const schemes[] = {
		"http://", "https://", "ftp://", "file://", "mailto:", "www.",
	};
	if (i > 0 && is_ascii_alnum((unsigned char)sc->s[i - 1]))
		return false;
	for (size_t k = 0; k < ARRAY_LEN(schemes); k++)
		if (starts_with_at(sc, i, schemes[k]))
			return true;
	return false;
}

/* End of a URL: the first space, Hangul, quote or angle bracket. */
static size_t url_end(const Scan *sc, size_t i)
{
	while (i < sc->n) {
		size_t l;
		int32_t c = cp_at(sc, i, &l);
		if (is_space_cp(c) || is_hangul(c) || c == '<' || c == '>' ||
		    c == '"' || c == '`' || c < 0)
			break;
		i += l;
	}
	return i;
}

/* |name| or |name|_ : length from i, or 0. */
static size_t subst_len(const Scan *sc, size_t i)
{
	if (i + 2 >= sc->n || sc->s[i + 1] == ' ' || sc->s[i + 1] == '|')
		return 0;
	size_t j = i + 1;
	while (j < sc->n && sc->s[j] != '|' && sc->s[j] != '\n')
		j++;
	if (j >= sc->n || sc->s[j] != '|' || sc->s[j - 1] == ' ')
		return 0;
	j++;
	if (j < sc->n && sc->s[j] == '_')
		j++;
	if (j < sc->n && sc->s[j] == '_')
		j++;
	return j - i;
}

/* [#]_, [1]_, [#name]_, [CIT2002]_ : length from i, or 0. */
static size_t footref_len(const Scan *sc, size_t i)
{
	size_t j = i + 1;
	while (j < sc->n && sc->s[j] != ']' && sc->s[j] != '\n' &&
	       sc->s[j] != ' ' && sc->s[j] != '[')
		j++;
	if (j + 1 < sc->n && sc->s[j] == ']' && sc->s[j + 1] == '_')
		return j + 2 - i;
	return 0;
}

/* ---- the scanner -------------------------------------------------------- */

/* Inline markup or an escape at i, which is no prose: returns the offset
 * after it, or i when nothing starts there. */
static size_t scan_markup(Scan *sc, size_t i, size_t to)
{
	char ch = sc->s[i];
	if (ch == '\\') {
		/* an escape: "\ " joins, "\x" is x taken literally */
		if (i + 1 < to && (sc->s[i + 1] == ' ' || sc->s[i + 1] == '\n'))
			return i + 2;
		sc->prev = P_OTHER;
		i++;
		if (i < to) {
			size_t l;
			cp_at(sc, i, &l);
			i += l;
		}
		return i;
	}
	if (ch == '`' && starts_with_at(sc, i, "``")) {
		size_t close = find_from(sc, i + 2, "``");
		sc->prev = P_OTHER;
		return close < to ? close + 2 : i + 2;
	}
	if (ch == '`')
		return backquoted(sc, i, false);
	if (ch == '_' && i + 1 < to && sc->s[i + 1] == '`')
		return backquoted(sc, i + 1, true);
	size_t r = 0;
	if (ch == ':' && (r = role_len(sc, i)) != 0)
		return backquoted(sc, i + r, true);
	if ((ch == '|' && (r = subst_len(sc, i)) != 0) ||
	    (ch == '[' && (r = footref_len(sc, i)) != 0)) {
		sc->prev = P_OTHER;
		return i + r;
	}
	if (url_start(sc, i)) {
		sc->prev = P_OTHER;
		return url_end(sc, i);
	}
	return i;
}

/* The Hangul run at i (with combining marks): one word, glued to what came
 * before it or not.  Returns its end. */
static size_t scan_hangul(Scan *sc, size_t i, size_t to)
{
	size_t a = i, l;
	bool glued = sc->prev == P_OTHER || sc->prev == P_HANGUL ||
	             (sc->prev == P_PUNCT && i > 0 && !is_space_cp((unsigned char)sc->s[i - 1]));
	while (i < to) {
		int32_t d = cp_at(sc, i, &l);
		if (!is_hangul(d) && !(d >= 0 && text_is_combining(d)))
			break;
		i += l;
	}
	/* after a space, only a particle-length run (를, 에서는, 으로는)
	 * belongs to the word before: "**증가:** 실험군의에서" is a
	 * word of its own */
	if (glued && a > 0 && is_space_cp((unsigned char)sc->s[a - 1]) && i - a > 9)
		glued = false;
	emit(sc, a, i - a, SPELL_HANGUL, glued);
	sc->prev = P_HANGUL;
	return i;
}

/* A Latin run at i: up to space, Hangul, invalid byte or markup.  Returns
 * its end. */
static size_t scan_latin(Scan *sc, size_t i, size_t to)
{
	size_t a = i, l = 1;
	bool glued = sc->prev == P_HANGUL;
	while (i < to) {
		int32_t d = cp_at(sc, i, &l);
		char dh = sc->s[i];
		if (d < 0 || is_space_cp(d) || is_hangul(d) || dh == '`' || dh == '|' ||
		    dh == '\\' || (dh == ':' && role_len(sc, i)) ||
		    (dh == '[' && footref_len(sc, i)) || (i > a && url_start(sc, i)))
			break;
		i += l;
	}
	if (i == a) { /* a lone markup character that started nothing */
		sc->prev = P_OTHER;
		return i + l;
	}
	latin_run(sc, a, i, glued);
	/* the last character decides what a following Hangul run is */
	int32_t last;
	prev_cp(sc, a, i, &last);
	sc->prev = is_open_punct(last) ? P_OPEN : is_sentence_punct(last) ? P_PUNCT : P_OTHER;
	return i;
}

static void scan_range(Scan *sc, size_t from, size_t to)
{
	size_t save_n = sc->n;
	sc->n = to; /* markup never runs past the range */
	size_t i = from;
	while (i < to) {
		size_t l;
		int32_t c = cp_at(sc, i, &l);
		if (is_space_cp(c)) {
			if (sc->prev != P_OTHER)
				sc->prev = P_SPACE;
			i += l;
			continue;
		}
		size_t after = scan_markup(sc, i, to);
		if (after != i) {
			i = after;
		} else if (is_hangul(c)) {
			i = scan_hangul(sc, i, to);
		} else if (c < 0) {
			sc->prev = P_OTHER;
			i += l;
		} else if (sc->s[i] == '*') {
			i++; /* emphasis markers are transparent for gluing */
		} else {
			i = scan_latin(sc, i, to);
		}
	}
	sc->n = save_n;
}

void spell_tokenize(const char *s, size_t n, SpellTokens *out)
{
	Scan sc = {s, n, out, P_START};
	scan_range(&sc, 0, n);
}
