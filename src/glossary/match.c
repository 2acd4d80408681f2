/*
 * Aho–Corasick matching (Aho & Corasick, CACM 1975) as a full DFA over
 * byte classes: only the bytes that occur in some pattern get a class of
 * their own, so the table stays small (states x classes) and a scan is one
 * table lookup per byte.
 */
#include "glossary-private.h"
#include "yeok/text.h"

/* In next[]: the state reached ends a pattern (a test of the one word
 * read, not of two more tables a byte: gm_scan's misses). */
#define GM_EMITS 0x80000000u

struct GlossMatcher {
	uint8_t cls[256];  /* byte -> class; 0 = a byte no pattern contains */
	size_t ncls;
	uint32_t *next;    /* next[state * ncls + class], GM_EMITS set when a
	                      pattern ends at that state (out or dict) */
	int32_t *out;      /* pattern ending at the state, or -1 */
	uint32_t *dict;    /* next state on the fail chain with out >= 0, or 0 */
	size_t nstates;
	GlossPat *pats;
	size_t npats;
};

GlossMatcher *gm_new(char **pats, const GlossPat *info, size_t n)
{
	GlossMatcher *m = xcalloc(1, sizeof(*m));
	m->ncls = 1;
	size_t total = 1;
	for (size_t i = 0; i < n; i++) {
		for (const unsigned char *p = (const unsigned char *)pats[i]; *p; p++)
			if (!m->cls[*p])
				m->cls[*p] = (uint8_t)m->ncls++;
		total += strlen(pats[i]);
		BUG_ON(m->ncls > 255);
	}
	m->next = xcalloc(total * m->ncls, sizeof(uint32_t));
	m->out = xmalloc(total * sizeof(int32_t));
	m->dict = xcalloc(total, sizeof(uint32_t));
	uint32_t *fail = xcalloc(total, sizeof(uint32_t));
	m->out[0] = -1;
	m->nstates = 1;
	/* The trie; 0 in next[] means "no edge" (the root is never a child). */
	for (size_t i = 0; i < n; i++) {
		uint32_t s = 0;
		for (const unsigned char *p = (const unsigned char *)pats[i]; *p; p++) {
			uint32_t *t = &m->next[s * m->ncls + m->cls[*p]];
			if (!*t) {
				*t = (uint32_t)m->nstates;
				m->out[m->nstates++] = -1;
			}
			s = *t;
		}
		/* Duplicate patterns: the first one wins. */
		if (m->out[s] < 0 && pats[i][0])
			m->out[s] = (int32_t)i;
	}
	/* Breadth-first: fail links, then complete the DFA. */
	uint32_t *queue = xmalloc(m->nstates * sizeof(uint32_t));
	size_t qh = 0, qt = 0;
	for (size_t c = 1; c < m->ncls; c++) {
		uint32_t t = m->next[c];
		if (t)
			queue[qt++] = t; /* fail = 0 */
	}
	while (qh < qt) {
		uint32_t s = queue[qh++];
		m->dict[s] = m->out[fail[s]] >= 0 ? fail[s] : m->dict[fail[s]];
		for (size_t c = 1; c < m->ncls; c++) {
			uint32_t *t = &m->next[s * m->ncls + c];
			uint32_t f = m->next[fail[s] * m->ncls + c];
			if (*t) {
				fail[*t] = f;
				queue[qt++] = *t;
			} else {
				*t = f;
			}
		}
	}
	free(queue);
	free(fail);
	BUG_ON(m->nstates >= GM_EMITS);
	for (size_t i = 0; i < m->nstates * m->ncls; i++) {
		uint32_t t = m->next[i];
		if (m->out[t] >= 0 || m->dict[t])
			m->next[i] = t | GM_EMITS;
	}
	m->pats = xmalloc((n ? n : 1) * sizeof(GlossPat));
	if (n)
		memcpy(m->pats, info, n * sizeof(GlossPat));
	m->npats = n;
	return m;
}

void gm_free(GlossMatcher *m)
{
	if (!m)
		return;
	free(m->next);
	free(m->out);
	free(m->dict);
	free(m->pats);
	free(m);
}

const GlossPat *gm_pat(const GlossMatcher *m, size_t i)
{
	BUG_ON(i >= m->npats);
	return &m->pats[i];
}

void gm_scan(const GlossMatcher *m, const char *s, size_t n, GmRawVec *out)
{
	uint32_t st = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t x = m->next[st * m->ncls + m->cls[(unsigned char)s[i]]];
		st = x & ~GM_EMITS;
		if (!(x & GM_EMITS))
			continue;
		for (uint32_t o = m->out[st] >= 0 ? st : m->dict[st]; o; o = m->dict[o])
			VEC_PUSH(out, ((GmRaw){(size_t)m->out[o], i + 1}));
	}
}

/* ---- text preparation ---------------------------------------------------- */

static bool is_ascii_alnum(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Mark [from, to) as excluded. */
static void blank(char *t, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		t[i] = '\x01';
}

/* Exclude inline literals, roles with their targets, URLs and <url> parts
 * of links, substitution references.  Lenient on purpose: a glued or
 * unbalanced construct is still excluded up to where it plausibly ends. */
static void mask(const char *s, size_t n, char *t)
{
	/* the bytes a construct starts with */
	static const bool starts[256] = {['\\'] = true, ['`'] = true, [':'] = true, ['<'] = true,
	                                 ['|'] = true,  ['h'] = true, ['w'] = true};
	size_t i = 0;
	while (i < n) {
		/* the bytes no construct starts with, passed at once */
		while (i < n && !starts[(unsigned char)s[i]])
			i++;
		if (i >= n)
			break;
		unsigned char c = (unsigned char)s[i];
		if (c == '\\') {
			i += 2;
			continue;
		}
		if (c == '`' && i + 1 < n && s[i + 1] == '`') {
			Str rest = {s + i + 2, n - i - 2};
			ptrdiff_t e = str_find(rest, STR_LIT("``"));
			size_t end = e < 0 ? n : i + 2 + (size_t)e + 2;
			blank(t, i, end);
			i = end;
			continue;
		}
		if (c == ':' && i + 1 < n && is_ascii_alnum((unsigned char)s[i + 1]) &&
		    (i == 0 || !is_ascii_alnum((unsigned char)s[i - 1]))) {
			/* :role:`target` */
			size_t j = i + 1;
			while (j < n && (is_ascii_alnum((unsigned char)s[j]) || s[j] == '-' ||
			                 s[j] == '_' || s[j] == '.' || s[j] == ':' || s[j] == '+'))
				j++;
			if (j < n && s[j] == '`' && s[j - 1] == ':') {
				size_t k = j + 1;
				while (k < n && s[k] != '`')
					k++;
				size_t end = k < n ? k + 1 : n;
				blank(t, i, end);
				i = end;
				continue;
			}
		}
		if (c == '<' && i + 1 < n) {
			/* `text <url>`_ : the <...> part before a backquote */
			size_t k = i + 1;
			while (k < n && s[k] != '>' && s[k] != '`' && s[k] != '\n')
				k++;
			if (k + 1 < n && s[k] == '>' && s[k + 1] == '`') {
				blank(t, i, k + 1);
				i = k + 1;
				continue;
			}
		}
		if (c == '|' && i + 1 < n && s[i + 1] != ' ') {
			size_t k = i + 1;
			while (k < n && s[k] != '|' && s[k] != '\n')
				k++;
			if (k < n && s[k] == '|' && k > i + 1) {
				blank(t, i, k + 1);
				i = k + 1;
				continue;
			}
		}
		if ((c == 'h' && n - i > 7 && (memcmp(s + i, "http://", 7) == 0 ||
		                               memcmp(s + i, "https://", 8) == 0)) ||
		    (c == 'w' && n - i > 4 && memcmp(s + i, "www.", 4) == 0)) {
			size_t k = i;
			while (k < n && s[k] != ' ' && s[k] != '\n' && s[k] != '\t' && s[k] != '>' &&
			       s[k] != '`' && s[k] != ')')
				k++;
			blank(t, i, k);
			i = k;
			continue;
		}
		i++;
	}
}

/* Could s hold a character that NFC changes?  (Conjoining jamo and
 * combining marks; everything else in the corpus is already NFC.) */
static bool maybe_not_nfc(const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		/* Fast path: precomposed Hangul syllables (U+AC00..U+D7A3). */
		if (i + 2 < n && (c == 0xeb || c == 0xec ||
		                  (c == 0xea && (unsigned char)s[i + 1] >= 0xb0) ||
		                  (c == 0xed && (unsigned char)s[i + 1] < 0x9e))) {
			i += 3;
			continue;
		}
		int32_t cp;
		i += text_decode(s + i, n - i, &cp);
		if ((cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0xa960 && cp <= 0xa97f) ||
		    (cp >= 0xd7b0 && cp <= 0xd7ff) || (cp >= 0 && text_is_combining(cp)))
			return true;
	}
	return false;
}

void gloss_prepare(const char *s, size_t n, bool nfc, GlossPrep *p)
{
	buf_init(&p->text);
	p->map = NULL;
	char *t = xmemdup0(s, n);
	mask(s, n, t);
	/* lower case, and \n \t \r as spaces: a table a byte (the tests and
	 * the run detection a byte cost 21 instructions) */
	static const unsigned char fold[256] = {
		0, 1, 2, 3, 4, 5, 6, 7, 8, 32, 32, 11, 12, 32, 14, 15,
		16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
		32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
		48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
		64, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
		112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 91, 92, 93, 94, 95,
		96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111,
		112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127,
		128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143,
		144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159,
		160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175,
		176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191,
		192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207,
		208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223,
		224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239,
		240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255,
	};
	for (size_t i = 0; i < n; i++)
		t[i] = (char)fold[(unsigned char)t[i]];
	bool runs = false; /* whitespace runs ("word\n   word") to collapse */
	for (const char *sp = n > 1 ? memchr(t, ' ', n - 1) : NULL; sp && !runs;
	     sp = memchr(sp + 1, ' ', (size_t)(t + n - 1 - (sp + 1))))
		runs = sp[1] == ' ';
	bool normalize = nfc && maybe_not_nfc(s, n);
	if (!normalize && !runs) {
		buf_add(&p->text, t, n);
		free(t);
		return;
	}
	/* Rebuild with a map back to the original: one space per whitespace
	 * run, and (when needed) NFC cluster by cluster, so that every output
	 * byte maps to the start of the run or cluster it came from. */
	size_t cap = n + 1;
	p->map = xmalloc(cap * sizeof(size_t));
	if (!normalize) { /* runs only: the output is no longer than t */
		buf_grow(&p->text, n + 1);
		char *o = p->text.p;
		size_t w = 0;
		for (size_t i = 0; i < n;) {
			p->map[w] = i;
			o[w++] = t[i];
			if (t[i] == ' ')
				while (i < n && t[i] == ' ')
					i++;
			else
				i++;
		}
		o[w] = '\0';
		p->text.len = w;
		p->map[w] = n;
		free(t);
		return;
	}
	for (size_t i = 0; i < n;) {
		size_t before = p->text.len, e;
		if (t[i] == ' ') {
			buf_addc(&p->text, ' ');
			for (e = i; e < n && t[e] == ' '; e++)
				;
		} else if (normalize) {
			e = text_next_grapheme(t, n, i);
			text_nfc(t + i, e - i, &p->text);
		} else {
			e = i + 1;
			buf_addc(&p->text, t[i]);
		}
		p->map = xgrow(p->map, &cap, p->text.len + 1, sizeof(size_t));
		for (size_t k = before; k < p->text.len; k++)
			p->map[k] = i;
		i = e;
	}
	p->map[p->text.len] = n;
	free(t);
}

void gloss_prep_release(GlossPrep *p)
{
	buf_release(&p->text);
	free(p->map);
	p->map = NULL;
}
