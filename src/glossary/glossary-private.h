/* Private to src/glossary: the Aho–Corasick automaton and text preparation. */
#ifndef YEOK_GLOSSARY_PRIVATE_H
#define YEOK_GLOSSARY_PRIVATE_H

#include "yeok/glossary.h"

/* One pattern of a matcher: what a hit of it means. */
typedef struct GlossPat {
	size_t term;
	GlossHitKind kind;
	size_t avoid;
	size_t len; /* bytes */
} GlossPat;

/* Build a matcher over the patterns (ASCII-lowercased bytes). */
GlossMatcher *gm_new(char **pats, const GlossPat *info, size_t n);
void gm_free(GlossMatcher *m);

/* Raw hits: every occurrence of every pattern in s[0..n) (no boundary
 * rules), as (pattern index, end offset) pairs appended to out. */
typedef struct GmRaw {
	size_t pat;
	size_t end;
} GmRaw;
typedef VEC(GmRaw) GmRawVec;
void gm_scan(const GlossMatcher *m, const char *s, size_t n, GmRawVec *out);
const GlossPat *gm_pat(const GlossMatcher *m, size_t i);

/* The text as matchers see it: ASCII lowercased, whitespace as ' ',
 * excluded spans (inline literals, role targets, URLs, substitution
 * references) as 0x01; whitespace runs collapsed to one space; NFC when
 * nfc is set.  map[i] is the offset in the
 * original text of prepared byte i (map has len + 1 entries). */
typedef struct GlossPrep {
	Buf text;
	size_t *map; /* NULL when the prepared text has the original offsets */
} GlossPrep;
void gloss_prepare(const char *s, size_t n, bool nfc, GlossPrep *p);
void gloss_prep_release(GlossPrep *p);
static inline size_t gloss_prep_orig(const GlossPrep *p, size_t i)
{
	return p->map ? p->map[i] : i;
}

#endif
