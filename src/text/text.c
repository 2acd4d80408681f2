/*
 * Decoding, grapheme clusters, widths and rendering.
 * Grapheme clusters follow UAX #29 (https://unicode.org/reports/tr29/)
 * through utf8proc_grapheme_break_stateful, always with a state (FACTS.md:
 * the NULL-state form was buggy before utf8proc 2.6.1).
 */
#include "yeok/text.h"

#include <utf8proc.h>

size_t text_decode(const char *s, size_t n, int32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned c = u[0];
	if (c < 0x80) {
		*cp = (int32_t)c;
		return 1;
	}
	size_t len;
	int32_t v;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, v = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, v = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, v = c & 0x07;
	else
		goto invalid;
	if (n < len)
		goto invalid;
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			goto invalid;
		v = (v << 6) | (u[i] & 0x3f);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff))
		goto invalid;
	*cp = v;
	return len;
invalid:
	*cp = -1;
	return 1;
}

void text_encode(Buf *b, int32_t cp)
{
	unsigned char tmp[4];
	utf8proc_ssize_t n = utf8proc_encode_char(cp, tmp);
	buf_add(b, tmp, (size_t)n);
}

/* What text_decode accepts, inline (the input checks validate every
 * line of a Korean file at each open): ASCII 8 bytes at a time, three-byte
 * sequences (Hangul) without a call. */
bool text_valid(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		if (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, u + i, 8);
			if (!(w & 0x8080808080808080ull)) {
				i += 8;
				continue;
			}
		}
		unsigned c = u[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xe0 && c <= 0xef && i + 3 <= n && (u[i + 1] & 0xc0) == 0x80 &&
		    (u[i + 2] & 0xc0) == 0x80) {
			unsigned v = ((c & 0x0f) << 12) | ((u[i + 1] & 0x3fu) << 6) | (u[i + 2] & 0x3fu);
			if (v < 0x800 || (v >= 0xd800 && v <= 0xdfff))
				return false;
			i += 3;
			continue;
		}
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if (cp < 0)
			return false;
	}
	return true;
}

size_t text_next_grapheme(const char *s, size_t n, size_t pos)
{
	BUG_ON(pos >= n);
	unsigned char c0 = (unsigned char)s[pos];
	/* Fast path: ASCII followed by ASCII (or the end) breaks, except CR LF. */
	if (c0 < 0x80 && (pos + 1 == n || (unsigned char)s[pos + 1] < 0x80)) {
		if (c0 == '\r' && pos + 1 < n && s[pos + 1] == '\n')
			return pos + 2;
		return pos + 1;
	}
	int32_t prev;
	size_t i = pos + text_decode(s + pos, n - pos, &prev);
	if (prev < 0)
		return i;
	utf8proc_int32_t state = 0;
	while (i < n) {
		int32_t cp;
		size_t len = text_decode(s + i, n - i, &cp);
		if (cp < 0 || utf8proc_grapheme_break_stateful(prev, cp, &state))
			break;
		prev = cp;
		i += len;
	}
	return i;
}

size_t text_prev_grapheme(const char *s, size_t n, size_t pos)
{
	BUG_ON(pos == 0 || pos > n);
	/* Resynchronize a little before pos and scan forward. */
	size_t start = pos > 256 ? pos - 256 : 0;
	while (start > 0 && ((unsigned char)s[start] & 0xc0) == 0x80)
		start--;
	size_t last = start;
	for (size_t i = start; i < pos;) {
		last = i;
		i = text_next_grapheme(s, n, i);
	}
	return last;
}

size_t text_count_graphemes(const char *s, size_t n)
{
	size_t count = 0;
	for (size_t i = 0; i < n; i = text_next_grapheme(s, n, i))
		count++;
	return count;
}

static bool is_format(int32_t cp)
{
	const utf8proc_property_t *p = utf8proc_get_property(cp);
	return p->category == UTF8PROC_CATEGORY_CF || p->category == UTF8PROC_CATEGORY_ZL ||
	       p->category == UTF8PROC_CATEGORY_ZP;
}

enum cell_kind { CELL_TEXT, CELL_TAB, CELL_CTRL, CELL_C1, CELL_FORMAT, CELL_INVALID,
	         CELL_LONE_MARK };

static enum cell_kind classify(const char *s, size_t n, int32_t *first)
{
	size_t len = text_decode(s, n, first);
	(void)len;
	int32_t cp = *first;
	if (cp < 0)
		return CELL_INVALID;
	if (cp == '\t')
		return CELL_TAB;
	if (cp < 0x20 || cp == 0x7f)
		return CELL_CTRL;
	if (cp < 0x80)
		return CELL_TEXT;
	if (cp <= 0x9f)
		return CELL_C1;
	if (is_format(cp))
		return CELL_FORMAT;
	if (text_is_combining(cp))
		return CELL_LONE_MARK;
	return CELL_TEXT;
}

static int text_cp_width(int32_t cp)
{
	if (cp >= 0x1100 && cp <= 0x115f)
		return 2; /* leading jamo: a decomposed syllable shows as one wide cell */
	int w = utf8proc_charwidth(cp);
	return w < 1 ? 1 : w;
}

/* Emoji sequences terminals disagree about (issue 14 item 18): a ZWJ
 * sequence (a family: tmux 3.3a draws 2 columns, ncurses counts 6), an
 * emoji modifier (a skin tone: 2 or 4) or a tag sequence (a subdivision
 * flag).  Such a cluster is drawn as its first character alone, which
 * every terminal and ncurses draw at the width yeok counts.  Returns the
 * bytes of that first character, or 0 for any other cluster. */
static size_t emoji_sequence_head(const char *s, size_t n)
{
	int32_t first;
	size_t head = text_decode(s, n, &first);
	if (first < 0x2000 || head >= n)
		return 0;
	for (size_t i = head; i < n;) {
		int32_t cp;
		size_t k = text_decode(s + i, n - i, &cp);
		if (cp == 0x200d || (cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f))
			return head;
		i += k;
	}
	return 0;
}

/* A flag: two regional indicators, one column each in wcwidth (ncurses)
 * and two together in terminals. */
static bool regional_pair(const char *s, size_t n, int32_t first)
{
	int32_t second;
	return first >= 0x1f1e6 && first <= 0x1f1ff && n == 8 &&
	       text_decode(s + 4, 4, &second) == 4 && second >= 0x1f1e6 && second <= 0x1f1ff;
}

int text_cluster_width(const char *s, size_t n, int col)
{
	int32_t cp;
	switch (classify(s, n, &cp)) {
	case CELL_TEXT:
		if (cp >= 0x1f1e6 && regional_pair(s, n, cp))
			return 2;
		return cp < 0x80 ? 1 : text_cp_width(cp);
	case CELL_TAB:
		return TEXT_TABSTOP - col % TEXT_TABSTOP;
	case CELL_CTRL:
		return 2;
	case CELL_INVALID:
		return 4;
	case CELL_C1:
	case CELL_FORMAT:
		return cp > 0xffff ? 9 : 8; /* <U+XXXX> or <U+XXXXX> */
	case CELL_LONE_MARK:
		return 1;
	}
	return 1;
}

/* Is s[i..) a precomposed Hangul syllable (U+AC00..U+D7A3)?  Decoded
 * here (three bytes, lead 0xea..0xed: no overlong form, no surrogate in
 * the range) as this runs for every syllable drawn or wrapped. */
static inline bool hangul_syllable_at(const char *s, size_t n, size_t i)
{
	if (i >= n || n - i < 3)
		return false;
	const unsigned char *q = (const unsigned char *)s + i;
	if (q[0] < 0xea || q[0] > 0xed || (q[1] & 0xc0) != 0x80 || (q[2] & 0xc0) != 0x80)
		return false;
	unsigned cp = (q[0] & 0x0fu) << 12 | (q[1] & 0x3fu) << 6 | (q[2] & 0x3fu);
	return cp >= 0xac00 && cp <= 0xd7a3;
}

/* The length of the cluster at s[i] when it is drawn as its own bytes:
 * printable ASCII (1 column) or a precomposed syllable (2 columns) that the
 * next character cannot join (ASCII, another syllable, or the end: no
 * combining mark, no trailing jamo).  0: take the grapheme walk. */
size_t text_plain_cluster(const char *s, size_t n, size_t i, int *cw)
{
	unsigned c = (unsigned char)s[i];
	size_t len;
	if (c >= 0x20 && c < 0x7f) {
		len = 1;
		*cw = 1;
	} else if (c >= 0xea && c <= 0xed && hangul_syllable_at(s, n, i)) {
		len = 3;
		*cw = 2;
	} else {
		return 0;
	}
	size_t j = i + len;
	if (j == n || (unsigned char)s[j] < 0x80 || hangul_syllable_at(s, n, j))
		return len;
	return 0;
}

int text_width(const char *s, size_t n)
{
	int col = 0;
	for (size_t i = 0; i < n;) {
		int w;
		size_t pl = text_plain_cluster(s, n, i, &w);
		size_t j = pl ? i + pl : text_next_grapheme(s, n, i);
		col += pl ? w : text_cluster_width(s + i, j - i, col);
		i = j;
	}
	return col;
}

size_t text_fit(const char *s, size_t n, int start_col, int cols, int *used, bool *trimmed)
{
	int col = start_col;
	size_t i = 0;
	bool trim = false;
	while (i < n) {
		int w;
		size_t pl = text_plain_cluster(s, n, i, &w);
		size_t j = pl ? i + pl : text_next_grapheme(s, n, i);
		if (!pl)
			w = text_cluster_width(s + i, j - i, col);
		if (col + w > start_col + cols) {
			trim = true;
			break;
		}
		col += w;
		i = j;
	}
	if (used)
		*used = col - start_col;
	if (trimmed)
		*trimmed = trim;
	return i;
}

void text_render_cluster(const char *s, size_t n, int col, Buf *out)
{
	int32_t cp;
	switch (classify(s, n, &cp)) {
	case CELL_TEXT: {
		size_t head = n > 1 ? emoji_sequence_head(s, n) : 0;
		if (n == 1)
			buf_addc(out, s[0]);
		else if (head)
			buf_add(out, s, head);
		else
			text_nfc(s, n, out);
		return;
	}
	case CELL_TAB:
		for (int i = text_cluster_width(s, n, col); i > 0; i--)
			buf_addc(out, ' ');
		return;
	case CELL_CTRL:
		buf_addc(out, '^');
		buf_addc(out, cp == 0x7f ? '?' : (char)(cp + '@'));
		return;
	case CELL_INVALID:
		buf_addf(out, "<%02x>", (unsigned char)s[0]);
		return;
	case CELL_C1:
	case CELL_FORMAT:
		buf_addf(out, "<U+%04X>", (unsigned)cp);
		return;
	case CELL_LONE_MARK:
		text_encode(out, 0x25cc); /* dotted circle carries the mark */
		text_nfc(s, n, out);
		return;
	}
}

void text_render(const char *s, size_t n, Buf *out)
{
	int col = 0;
	for (size_t i = 0; i < n;) {
		size_t j = text_next_grapheme(s, n, i);
		text_render_cluster(s + i, j - i, col, out);
		col += text_cluster_width(s + i, j - i, col);
		i = j;
	}
}

static void sanitize(const char *s, size_t n, bool one_line, Buf *out)
{
	buf_grow(out, n); /* the usual result: s itself */
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) { /* a run of printable ASCII at once */
			size_t j = i + 1;
			while (j < n && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] < 0x7f)
				j++;
			buf_add(out, s + i, j - i);
			i = j;
			continue;
		}
		int32_t cp;
		size_t len = text_decode(s + i, n - i, &cp);
		if (cp < 0)
			buf_addf(out, "<%02x>", c);
		else if ((cp == '\n' && !one_line) || cp == '\t')
			buf_addc(out, (char)cp);
		else if (cp < 0x20 || cp == 0x7f)
			buf_addf(out, "^%c", cp == 0x7f ? '?' : (char)(cp + '@'));
		else if (cp <= 0x9f || is_format(cp))
			buf_addf(out, "<U+%04X>", (unsigned)cp);
		else
			buf_add(out, s + i, len);
		i += len;
	}
}

void text_sanitize(const char *s, size_t n, Buf *out)
{
	sanitize(s, n, false, out);
}

void text_sanitize_line(const char *s, size_t n, Buf *out)
{
	sanitize(s, n, true, out);
}

void text_clipboard_safe(const char *s, size_t n, Buf *out)
{
	static const char replacement[] = "\xef\xbf\xbd"; /* U+FFFD */
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if ((c >= 0x20 && c < 0x7f) || c == '\t' || c == '\n') {
			buf_addc(out, (char)c);
			i++;
			continue;
		}
		if (c == '\r' && i + 1 < n && s[i + 1] == '\n') {
			i++; /* CRLF: the line feed alone */
			continue;
		}
		int32_t cp;
		size_t len = text_decode(s + i, n - i, &cp);
		if (cp < 0 || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			buf_add(out, replacement, sizeof(replacement) - 1);
		else
			buf_add(out, s + i, len);
		i += len;
	}
}

bool text_has_controls(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c < 0x7f) {
			i++;
			continue;
		}
		int32_t cp;
		size_t len = text_decode(s + i, n - i, &cp);
		if (cp < 0 || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
			return true;
		i += len;
	}
	return false;
}

static bool all_ascii(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] >= 0x80)
			return false;
	return true;
}

/* Apply utf8proc_map with opts to each valid run of s; copy invalid bytes. */
static void map_runs(const char *s, size_t n, utf8proc_option_t opts, bool fold_ascii,
                     Buf *out)
{
	if (all_ascii(s, n)) {
		if (!fold_ascii) {
			buf_add(out, s, n);
			return;
		}
		buf_grow(out, n);
		for (size_t i = 0; i < n; i++) {
			char c = s[i];
			out->p[out->len++] = (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
		}
		out->p[out->len] = '\0';
		return;
	}
	size_t i = 0;
	while (i < n) {
		size_t run = i;
		int32_t cp = 0;
		while (run < n) {
			size_t len = text_decode(s + run, n - run, &cp);
			if (cp < 0)
				break;
			run += len;
		}
		if (run > i) {
			utf8proc_uint8_t *dst = NULL;
			utf8proc_ssize_t r = utf8proc_map((const utf8proc_uint8_t *)s + i,
			                                  (utf8proc_ssize_t)(run - i), &dst, opts);
			if (r >= 0)
				buf_add(out, dst, (size_t)r);
			else
				buf_add(out, s + i, run - i);
			free(dst);
		}
		if (run < n) {
			buf_addc(out, s[run]); /* the invalid byte, unchanged */
			run++;
		}
		i = run;
	}
}

void text_nfc(const char *s, size_t n, Buf *out)
{
	map_runs(s, n, UTF8PROC_STABLE | UTF8PROC_COMPOSE, false, out);
}

void text_nfd(const char *s, size_t n, Buf *out)
{
	map_runs(s, n, UTF8PROC_STABLE | UTF8PROC_DECOMPOSE, false, out);
}

void text_casefold(const char *s, size_t n, Buf *out)
{
	map_runs(s, n, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD, true, out);
}

bool text_is_english(const char *s, size_t n)
{
	size_t lines = 0, with = 0;
	for (size_t i = 0; i < n;) {
		const char *nl = memchr(s + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - s) : n;
		bool blank = true, hangul = false;
		for (size_t k = i; k < end && !hangul;) {
			unsigned char c = (unsigned char)s[k];
			if (c < 0x80) {
				if (c != ' ' && c != '\t' && c != '\r')
					blank = false;
				k++;
				continue;
			}
			int32_t cp;
			k += text_decode(s + k, end - k, &cp);
			blank = false;
			hangul = cp >= 0 && text_is_hangul(cp);
		}
		if (!blank) {
			lines++;
			with += hangul;
		}
		i = end + 1;
	}
	return with * 20 < lines || lines == 0;
}

bool text_is_hangul(int32_t cp)
{
	return (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff) ||
	       (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xa960 && cp <= 0xa97f) ||
	       (cp >= 0xd7b0 && cp <= 0xd7ff);
}

bool text_is_wide(int32_t cp)
{
	return cp >= 0 && text_cp_width(cp) == 2;
}

static utf8proc_category_t category(int32_t cp)
{
	return (utf8proc_category_t)utf8proc_get_property(cp)->category;
}

bool text_is_letter(int32_t cp)
{
	if (cp < 0x80)
		return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
	utf8proc_category_t c = category(cp);
	return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
}

bool text_is_digit(int32_t cp)
{
	if (cp < 0x80)
		return cp >= '0' && cp <= '9';
	return category(cp) == UTF8PROC_CATEGORY_ND;
}

bool text_is_space(int32_t cp)
{
	if (cp < 0x80)
		return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\f' ||
		       cp == '\v';
	return category(cp) == UTF8PROC_CATEGORY_ZS;
}

bool text_is_punct(int32_t cp)
{
	utf8proc_category_t c = category(cp);
	return c >= UTF8PROC_CATEGORY_PC && c <= UTF8PROC_CATEGORY_SO;
}

bool text_is_combining(int32_t cp)
{
	if (cp < 0x300)
		return false;
	utf8proc_category_t c = category(cp);
	return c >= UTF8PROC_CATEGORY_MN && c <= UTF8PROC_CATEGORY_ME;
}

/* 0 space, 1 word, 2 other (punctuation, symbols, invalid bytes). */
static int word_class(const char *s, size_t n)
{
	int32_t cp;
	text_decode(s, n, &cp);
	if (cp < 0)
		return 2;
	if (text_is_space(cp))
		return 0;
	if (cp == '_' || text_is_letter(cp) || text_is_digit(cp) || text_is_combining(cp))
		return 1;
	return 2;
}

size_t text_word_next(const char *s, size_t n, size_t pos)
{
	if (pos >= n)
		return n;
	int cls = word_class(s + pos, n - pos);
	size_t i = pos;
	if (cls != 0)
		while (i < n && word_class(s + i, n - i) == cls)
			i = text_next_grapheme(s, n, i);
	while (i < n && word_class(s + i, n - i) == 0)
		i = text_next_grapheme(s, n, i);
	return i;
}

size_t text_word_prev(const char *s, size_t n, size_t pos)
{
	size_t i = pos;
	while (i > 0) {
		size_t p = text_prev_grapheme(s, n, i);
		if (word_class(s + p, n - p) != 0)
			break;
		i = p;
	}
	if (i == 0)
		return 0;
	size_t p = text_prev_grapheme(s, n, i);
	int cls = word_class(s + p, n - p);
	i = p;
	while (i > 0) {
		p = text_prev_grapheme(s, n, i);
		if (word_class(s + p, n - p) != cls)
			break;
		i = p;
	}
	return i;
}
