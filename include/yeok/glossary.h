/*
 * glossary — translation glossaries (DESIGN.md §4.2) and term matching.
 *
 * A glossary is a list of terms: an English form (or several: "Tensor /
 * Tensors", "learning rate, lr"), the recommended Korean, whether the
 * English is kept as is (`keep: true`, 번역하지 않음), variants to avoid
 * (파라미터 for parameter) and a note (음차 표기).  It is read from YAML
 * (glossary/ko.yaml, format in glossary/README.md) or directly from the
 * Markdown table of tutorials-kr's TRANSLATION_GUIDE.md.
 *
 * Matching is multi-pattern (Aho–Corasick), so a block of n bytes costs
 * O(n + hits) whatever the glossary size:
 *   - English: case-insensitive (ASCII), whole words, plural/possessive
 *     endings (parameters, gradients, Tensor's), multi-word terms (any
 *     whitespace between the words), leftmost-longest (hyperparameter is
 *     one hit, never a parameter hit; "deep neural network" beats nothing
 *     shorter inside it).
 *   - Korean: after NFC; a term may be followed by anything (particles and
 *     endings: 매개변수를, 매개변수의, 학습된), must not be preceded by a
 *     Hangul syllable (파라미터 inside 하이퍼파라미터 is no hit), and
 *     leftmost-longest over the recommended forms and the avoided ones.
 *   - Excluded on both sides: inline literals ``x``, role targets
 *     (:func:`x`), the URL of `text <url>`_, bare URLs, substitution
 *     references |x|.  Code blocks are the caller's business (pass prose
 *     only).
 *
 * Hit offsets are byte offsets into the text given (whatever its
 * normalization).  Depends on util, text, ynode (YAML).
 * Invariant (glossary_check): every term has at least one English form
 * and a non-empty recommendation; matchers are built for the terms.
 */
#ifndef YEOK_GLOSSARY_H
#define YEOK_GLOSSARY_H

#include "yeok/util.h"

typedef struct GlossTerm {
	char **en;       /* English forms as written (>= 1), owned */
	size_t en_n;
	char *ko;        /* recommended translation (NFC), owned; for keep
	                    terms the English itself */
	bool keep;       /* the English stays (번역하지 않음) */
	char **avoid;    /* variants to avoid (NFC), owned; avoid[strict_n..]
	                    are avoided only where the source names the term
	                    (YAML `avoid_in_context`: 분할 for sharding is a
	                    fine word elsewhere) */
	size_t avoid_n;
	size_t strict_n; /* avoid[0..strict_n) are avoided everywhere */
	char *note;      /* free text ("음차 표기"), owned, may be NULL */
	char **allow;    /* longer Korean words that contain an avoided
	                    variant and are fine (텐서플로우 for 텐서), owned */
	size_t allow_n;
} GlossTerm;

typedef struct GlossMatcher GlossMatcher; /* private: an Aho–Corasick automaton */

typedef struct Glossary {
	GlossTerm *v;   /* terms in load order (later files append) */
	size_t n;
	size_t cap;
	GlossMatcher *en_m; /* built lazily by glossary_compile(); NULL until then */
	GlossMatcher *ko_m;
} Glossary;

typedef enum GlossHitKind {
	GH_EN,    /* an English form of the term */
	GH_KO,    /* the recommended Korean (or, for keep terms, ko == en) */
	GH_AVOID, /* one of the avoided variants */
	GH_ALLOW, /* internal: an allowed longer word; never returned */
} GlossHitKind;

typedef struct GlossHit {
	size_t term;       /* index into Glossary.v */
	GlossHitKind kind;
	size_t avoid;      /* GH_AVOID: index into the term's avoid[] */
	size_t start, end; /* byte range in the text given, [start, end) */
} GlossHit;

typedef VEC(GlossHit) GlossHitVec;

void glossary_init(Glossary *g);
void glossary_release(Glossary *g);

/* Load a glossary file and append its terms to g.  YAML (DESIGN.md §4.2)
 * unless the file looks like a Markdown table (its first non-blank line
 * starting with '|' or a "# " heading, or a .md name).  Errors:
 * EXIT_NOINPUT when unreadable, EXIT_CONFIG with "PATH:LINE:COL: ..." for
 * a malformed file or a term without `en` or `ko`. */
bool glossary_load(Glossary *g, const char *path, Err *e);
/* Same from memory; name is used in messages only. */
bool glossary_load_mem(Glossary *g, const char *name, const char *data, size_t n, Err *e);

/* Add one term (copies everything).  en may hold several forms separated
 * by " / " or ", "; a parenthesized part is optional ("track (computation)
 * history" gives both forms). */
void glossary_add(Glossary *g, const char *en, const char *ko, bool keep,
                  const char *const *avoid, size_t avoid_n, const char *note);

/* Add a variant that is avoided only where the source names the term
 * (YAML `avoid_in_context:`). */
void glossary_term_avoid_in_context(Glossary *g, size_t term, const char *form);
/* Is hit h (GH_AVOID) an avoided variant everywhere (not only where the
 * source names the term)? */
bool glossary_hit_strict(const Glossary *g, const GlossHit *h);

/* Add an allowed form to term (YAML `allow:`): a Korean word that contains
 * an avoided variant but is fine; a hit inside it is no hit. */
void glossary_term_allow(Glossary *g, size_t term, const char *form);

/* Build the matchers (done automatically by the match functions; call it
 * once before sharing g between threads). */
void glossary_compile(Glossary *g);

/* Append the English hits in text[0..n) to out, in text order,
 * non-overlapping.  Returns the number appended. */
size_t glossary_match_en(Glossary *g, const char *text, size_t n, GlossHitVec *out);

/* Append the Korean hits (recommended forms and avoided variants) in
 * text[0..n) to out, in text order, non-overlapping. */
size_t glossary_match_ko(Glossary *g, const char *text, size_t n, GlossHitVec *out);

/* One glossary hint for a segment: a term found in the source text, and
 * whether the target follows it. */
typedef struct GlossHint {
	size_t term;      /* index into Glossary.v */
	size_t src_start; /* first English hit in the source text */
	size_t src_end;
	bool found;       /* the target contains the recommendation (for
	                     keep terms: the English form) */
	bool violated;    /* the target uses an avoided variant of this term */
	size_t tgt_start; /* violated: the first avoided hit in the target; */
	size_t tgt_end;   /*   found: the first good hit; else 0, 0 */
} GlossHint;

typedef VEC(GlossHint) GlossHintVec;

/* The hints for one segment: one per distinct term found in src (in the
 * order of first occurrence), each checked against tgt.  tgt may be NULL
 * (then found = violated = false).  Returns the number appended. */
size_t glossary_hints(Glossary *g, const char *src, size_t src_n, const char *tgt,
                      size_t tgt_n, GlossHintVec *out);
/* The same with tgt's Korean hits given: tgt_ko is what glossary_match_ko
 * found in tgt (a caller that needs them too matches once, not twice). */
size_t glossary_hints_ko(Glossary *g, const char *src, size_t src_n, const char *tgt,
                         size_t tgt_n, const GlossHitVec *tgt_ko, GlossHintVec *out);

/* "parameter -> 매개변수", "Tensor -> Tensor (번역하지 않음)": appended to
 * out for status lines and messages. */
void glossary_term_label(const Glossary *g, size_t term, Buf *out);

/* The shipped data file NAME ("ko.yaml", "rules.yaml", "loanwords.txt"),
 * wherever yeok runs: $YEOK_GLOSSARY_DIR/NAME when that variable is set;
 * else the build tree of the running executable (/proc/self/exe:
 * EXE_DIR/glossary/NAME for ./yeok at the top of the tree,
 * EXE_DIR/../../glossary/NAME for build/MODE/yeok); else the installed
 * DATADIR/glossary/NAME (compiled in).  NULL when none exists; then
 * `looked` (may be NULL) gets the places tried, ", "-separated.  The
 * working directory is never searched.  Caller frees. */
char *glossary_data_path(const char *name, Buf *looked);
/* glossary_data_path("ko.yaml"), or the DATADIR path (which does not
 * exist) when none is found.  Caller frees. */
char *glossary_default_path(void);
/* "no glossary found (looked in A, B): set YEOK_GLOSSARY_DIR or use
 * --glossary" into out when the shipped glossary is missing; false (out
 * untouched) when it is there.  Callers print it once (check, review, pr,
 * the editor's status line). */
bool glossary_missing_note(Buf *out);

/* Invariant check. */
bool glossary_check(const Glossary *g, Err *e);

#endif
