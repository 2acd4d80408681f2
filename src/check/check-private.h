/* Private to src/check: the unit a check function sees, text helpers, the
 * inline markup scanner. */
#ifndef YEOK_CHECK_PRIVATE_H
#define YEOK_CHECK_PRIVATE_H

#include <pthread.h>

#include "yeok/check.h"

/* What one check function gets: a unit (a segment, or a target block when
 * there is no source). */
/* The column of the last finding added (finding_add computes the next
 * column from it, so that many findings on one long line cost the
 * distance between them, not the line's length each). */
typedef struct ColMemo {
	size_t line, byte, col; /* col == 0: nothing yet */
} ColMemo;

typedef struct Unit {
	const CheckDoc *d;
	size_t index;             /* unit index */
	size_t tgt, tgt_n;        /* target blocks [tgt, tgt + tgt_n) */
	size_t src, src_n;        /* source blocks; src_n == 0 without source */
	ColMemo *memo;            /* owned by the caller of the check functions */
	const CheckSet *set;      /* the checks that run (style rules report
	                             under spacing/punctuation when those run) */
} Unit;

typedef void (*CheckFn)(const Unit *u, FindingVec *out);

static inline bool ascii_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline bool ascii_alnum(char c)
{
	return ascii_letter(c) || (c >= '0' && c <= '9');
}

/* Is there an English to compare with?  Not when the one found is no
 * translation source of this Korean (SourceStale.unrelated: a page that
 * replaced the tutorial upstream): source-stale says so, once, and the
 * units see no source blocks. */
bool check_compares_source(const CheckDoc *d);

/* The checks (one function each; the table is in check.c). */
void check_glossary(const Unit *u, FindingVec *out);
void check_markup_spacing(const Unit *u, FindingVec *out);
void check_title_underline(const Unit *u, FindingVec *out);
void check_code_changed(const Unit *u, FindingVec *out);
void check_markup_mismatch(const Unit *u, FindingVec *out);
void check_directive_translated(const Unit *u, FindingVec *out);
void check_broken_reference(const Unit *u, FindingVec *out);
void check_translator_line(const Unit *u, FindingVec *out);
void check_reference_title(const Unit *u, FindingVec *out);
void check_untranslated(const Unit *u, FindingVec *out);
void check_whitespace(const Unit *u, FindingVec *out);
void check_spelling(const Unit *u, FindingVec *out); /* check-spelling.c */
void check_spacing(const Unit *u, FindingVec *out);     /* checks-korean.c */
void check_punctuation(const Unit *u, FindingVec *out); /* checks-korean.c */
void check_consistency(const Unit *u, FindingVec *out); /* checks-consistency.c */
void check_structure(const Unit *u, FindingVec *out);   /* checks-structure.c */
void check_link(const Unit *u, FindingVec *out);        /* checks-structure.c */
void check_style(const Unit *u, FindingVec *out);       /* style.c */
void check_omission(const Unit *u, FindingVec *out);    /* checks-structure.c */
void check_numbers(const Unit *u, FindingVec *out);     /* checks-numbers.c */

void check_py_structure(const Unit *u, FindingVec *out); /* check-py.c */
/* checks-stale.c: the source-stale finding; and the findings of out[from..]
 * that only a stale English causes in unit u, removed */
void check_source_stale(const Unit *u, FindingVec *out);
void check_stale_filter(const Unit *u, FindingVec *out, size_t from);

/* Markdown (check-md.c): is d a Markdown document (its host HOST_MD)?
 * Its versions of markup-spacing, markup-mismatch and structure. */
bool check_is_md(const CheckDoc *d);
void check_md_markup_spacing(const Unit *u, FindingVec *out);
void check_md_markup_mismatch(const Unit *u, FindingVec *out);
void check_md_structure(const Unit *u, FindingVec *out);


/* Host formats (check-py.c): move findings [from, out->n) from the RST
 * text of d->tgt_host to the file's bytes (no-op for .rst); run glossary,
 * spelling and untranslated (those of set) on the code comments of a
 * unit's code cells, appending findings in the file's coordinates. */
void check_host_map(const CheckDoc *d, FindingVec *out, size_t from);
void check_py_comments(const CheckDoc *d, const CheckSet *set, size_t unit, FindingVec *out);

/* Append a finding at target line/byte; the column is computed.  Returns
 * it so the caller can attach a suggestion or a fix. */
Finding *finding_add(const Unit *u, FindingVec *out, CheckId id, CheckSeverity sev,
                     size_t line, size_t byte, const char *fmt, ...) PRINTF_LIKE(7, 8);
void finding_set_fix(Finding *f, size_t line, size_t from, size_t to, const char *text);

/* Bytes decoded so far to compute finding columns (all threads); the tests
 * assert that it grows linearly with the findings of a long line. */
uint64_t check_column_steps(void);

/* A block's lines joined with '\n' (indentation kept, so offsets map back
 * with a subtraction), for scanning prose across line breaks. */
typedef struct Joined {
	Buf text;
	size_t first;   /* first line */
	size_t *start;  /* start[i]: offset of line first + i in text */
	size_t nlines;
} Joined;
/* Titles: only the title text line.  Others: all lines of the block. */
void joined_block(const Lines *lines, const Block *b, Joined *j);
void joined_lines(const Lines *lines, size_t first, size_t last, Joined *j);
void joined_release(Joined *j);
/* Markdown: blank what prose_mask masks in j's text (same length: the
 * offsets stay; check-md.c). */
void check_blank_markup(Joined *j);
/* Line (absolute) and byte in line of text offset off. */
void joined_pos(const Joined *j, size_t off, size_t *line, size_t *byte);

/* Is the block prose whose inline markup docutils parses?  (titles,
 * paragraphs, list items, fields, tables, line blocks) */
bool check_block_has_inline(BlockKind k);

/* ---- inline markup (docutils' recognition rules) --------------------- */
typedef enum InlineKind {
	IN_LITERAL,     /* ``x`` */
	IN_STRONG,      /* **x** */
	IN_EMPHASIS,    /* *x* */
	IN_ROLE,        /* :role:`x` or `x`:role: */
	IN_INTERPRETED, /* `x` */
	IN_REFERENCE,   /* `x`_ `x`__ `x <url>`_ */
	IN_SUBST,       /* |x| |x|_ */
	IN_FOOTNOTE,    /* [#]_ [1]_ [name]_ */
	IN_TARGET,      /* _`x` */
} InlineKind;

typedef struct Inline {
	InlineKind kind;
	size_t start, end;        /* the whole construct, start-string to end-string */
	size_t in_start, in_end;  /* the text between the strings */
	Str role;                 /* IN_ROLE: the role name */
	Str target;               /* references and roles: the part in <...>,
	                             else the whole text; empty when none */
	bool anonymous;           /* `x`__ */
	bool glued_before;        /* a Hangul (or other CJK) letter right before
	                             the start-string: docutils keeps it as text */
	bool glued_after;         /* a Hangul letter right after the end-string:
	                             docutils does not end the markup there */
	bool unterminated;        /* a recognized start-string without any
	                             end-string (docutils warns) */
	int32_t glued_cp;         /* the letter it is glued to */
} Inline;

typedef VEC(Inline) InlineVec;

/* Scan s[0..n) (one paragraph) for inline markup, following the "Inline
 * markup recognition rules" of the RST spec as docutils implements them,
 * and also recording the intended markup that those rules reject because
 * Hangul touches it.  Linear in n. */
void inline_scan(const char *s, size_t n, InlineVec *out);

const char *inline_kind_name(InlineKind k);

/* ---- the scans of texts seen lately (memo.c) ----------------------------
 * inline_scan and prose_mask keep their results for the last few texts of
 * the calling thread, found by the text's bytes: an entry for s[0..n), or
 * NULL (empty, or over 64 KiB: scanned each time); add: a new entry,
 * replacing the one in its place, when there is none.  Entries are valid
 * until the next check_memo_find of the thread.  The number of entries
 * per thread: check_memo_size (check.h). */
typedef struct CheckMemo CheckMemo;
CheckMemo *check_memo_find(const char *s, size_t n, bool add);
/* Append m's inlines to out with their pointers into s (the text m was
 * found for); false when m (may be NULL) holds none. */
bool check_memo_inlines(const CheckMemo *m, const char *s, InlineVec *out);
/* Keep v[0..k), inline_scan's result on s (m's text), in m (NULL: no-op). */
void check_memo_keep_inlines(CheckMemo *m, const char *s, const Inline *v, size_t k);
/* prose_mask's mask of m's text (its n bytes), or NULL; keep one. */
const char *check_memo_mask(const CheckMemo *m);
void check_memo_keep_mask(CheckMemo *m, const char *mask);
/* comment_text's result for m's text in comment language lang: into
 * text (m's n bytes) with *any, true; false when m keeps none for lang.
 * Keep one. */
bool check_memo_comment(const CheckMemo *m, int lang, char *text, bool *any);
void check_memo_keep_comment(CheckMemo *m, int lang, const char *text, bool any);
/* The calling thread's hits and misses (tests). */
void check_memo_stats(uint64_t *hits, uint64_t *misses);

/* Does s[i..n) start with a Hangul syllable (U+AC00..U+D7A3: EA B0 80 ..
 * ED 9E A3, three bytes)?  What ko_syllable(check_cp_at(s, n, i)) says,
 * without decoding; and then its code point. */
static inline bool check_syl_at(const char *s, size_t n, size_t i)
{
	if (i >= n || n - i < 3) /* i may be past the end (callers' i - 1) */
		return false;
	const unsigned char *u = (const unsigned char *)s + i;
	if (u[0] < 0xea || u[0] > 0xed || (u[1] & 0xc0) != 0x80 || (u[2] & 0xc0) != 0x80)
		return false;
	uint32_t cp = ((uint32_t)(u[0] & 0x0f) << 12) | ((uint32_t)(u[1] & 0x3f) << 6) | (u[2] & 0x3f);
	return cp >= 0xac00 && cp <= 0xd7a3;
}
static inline int32_t check_syl_cp(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	return (int32_t)(((uint32_t)(u[0] & 0x0f) << 12) | ((uint32_t)(u[1] & 0x3f) << 6) |
	                 (u[2] & 0x3f));
}

/* Code point before offset i (-1 at the start or on an invalid byte). */
int32_t check_prev_cp(const char *s, size_t i);
/* Code point at offset i (-1 at the end or on an invalid byte): ASCII and
 * the three-byte sequences whose lead admits any continuation (Hangul
 * among them) here, the rest by check_cp_decode (560k calls a run of the
 * 30 corpus pairs). */
int32_t check_cp_decode(const char *s, size_t n, size_t i);
static inline int32_t check_cp_at(const char *s, size_t n, size_t i)
{
	if (i >= n)
		return -1;
	const unsigned char *u = (const unsigned char *)s + i;
	if (u[0] < 0x80)
		return u[0];
	if (n - i >= 3 && u[0] >= 0xe1 && u[0] <= 0xef && (u[1] & 0xc0) == 0x80 &&
	    (u[2] & 0xc0) == 0x80 && (u[0] != 0xed || u[1] < 0xa0))
		return (int32_t)((u[0] & 0x0fu) << 12 | (u[1] & 0x3fu) << 6 | (u[2] & 0x3fu));
	return check_cp_decode(s, n, i);
}

/* docutils' column_width(): East Asian Wide and Fullwidth count 2,
 * combining marks 0, everything else 1. */
size_t check_column_width(const char *s, size_t n);

/* Reference names as docutils compares them: case-folded, whitespace
 * runs collapsed, trimmed.  Appended to out. */
void check_normalize_name(const char *s, size_t n, Buf *out);

/* The longest prefix of s of at most max bytes that ends on a character
 * boundary (for quoting in messages). */
int check_clip(Str s, size_t max);

/* The document-wide tables of the Korean rules (built by reindex). */
void check_index_add_token(CheckIndex *x, const char *s, size_t n);
void check_index_add_pair(CheckIndex *x, const char *a, size_t an, const char *b, size_t bn);
void check_index_add_stem(CheckIndex *x, const char *s, size_t n);
bool check_index_stem(const CheckIndex *x, const char *s, size_t n);
/* How often "A B..." (spaced) and "AB..." (glued) occur, B..: the first
 * bn bytes (one or two syllables) of what follows A. */
size_t check_index_spaced(const CheckIndex *x, const char *a, size_t an, const char *b, size_t bn);
size_t check_index_glued(const CheckIndex *x, const char *a, size_t an, const char *b, size_t bn);
/* One prose block's text into the tables (checks-korean.c). */
void korean_index_block(CheckIndex *x, const char *s, size_t n);
/* Does the Hangul word s end in a 하다/되다 form after a stem of 2+
 * syllables?  *stem: the stem's length. */
bool check_is_hada_form(const char *s, size_t n, size_t *stem);

/* The consistency check's document tables and findings
 * (checks-consistency.c), built by reindex for a Korean target. */
typedef struct ConsIndex ConsIndex;
ConsIndex *cons_index_build(const CheckDoc *d);
/* The same in slices: start, step until true (each step reads about
 * max_bytes of the target's prose, at least one block or one rule's
 * setup; *used: how much), then take the index (b freed).  The result is
 * cons_index_build's.  d must not change in between (free b instead). */
typedef struct ConsBuild ConsBuild;
ConsBuild *cons_build_start(const CheckDoc *d);
bool cons_build_step(ConsBuild *b, const CheckDoc *d, size_t max_bytes, size_t *used);
ConsIndex *cons_build_take(ConsBuild *b);
void cons_build_free(ConsBuild *b);
/* What build b holds (tests): *chunks, the chunks of its blocks' texts
 * allocated; *inferring, whether the inferred renderings' tables are.
 * Never both: the tables are freed before the texts are made. */
void cons_build_held(const ConsBuild *b, size_t *chunks, bool *inferring);
const ConsIndex *check_index_cons(const CheckIndex *x);
void cons_index_free(ConsIndex *c);

/* Renderings inferred from the aligned segments (checks-infer.c): for
 * each English word of the source's prose in 3+ segments, the Korean word
 * that renders it (the most frequent of those associated with it, Dice
 * over segments), and a second one where the file renders it two ways. */
typedef struct InferTerm {
	char *en;          /* lower case, plural folded */
	char *ko;          /* the majority rendering (a stem: 장치, 작업자) */
	size_t ko_segs;    /* segments with en and ko */
	size_t en_segs;    /* segments with en */
	size_t first_unit; /* the first unit with en and ko */
	size_t kept_segs;  /* segments whose Korean keeps en in English */
	size_t kept_line;  /* the first such target line */
	char *minor;       /* NULL, or the second rendering */
	size_t minor_segs;
	VEC(size_t) minor_units; /* the units with en and minor */
} InferTerm;
typedef VEC(InferTerm) InferVec;
/* Nothing without a source and an alignment. */
void infer_renderings(const CheckDoc *d, InferVec *out);
/* The same in slices: step until true (about max_bytes of the pair's
 * segments a step, at least one; *used: how much), when out holds what
 * infer_renderings gives.  d must not change in between. */
typedef struct InferBuild InferBuild;
/* The log 2 of the ids a chunk of the gathered segments' ids holds: 16;
 * a test makes the chunks small (at least 3 * 64 ids: 8). */
extern unsigned infer_ids_shift;
InferBuild *infer_start(void);
bool infer_step(InferBuild *b, const CheckDoc *d, size_t max_bytes, size_t *used, InferVec *out);
void infer_free(InferBuild *b);
void infer_release(InferVec *v);

/* Is the normalized name a reference target of the document? */
bool check_index_has(const CheckIndex *x, const char *s, size_t n);
/* Does the target contain Hangul at all (is it being translated)? */
bool check_doc_is_korean(const CheckDoc *d);

/* Is the line an author or translator line (any form the repository
 * uses: **저자**:, **번역:**, 번역:, **Author**:...)?  Spelling skips
 * their names. */
bool check_header_line(Str line);

/* ---- a fixed set of words (countmap.c) ----------------------------------
 * A static table of words (particles, stop words) looked up by hashing
 * instead of comparing with each: made at the first lookup, thread-safe.
 *     static WordSet set = WORD_SET(table);
 *     word_set_has(&set, s, n)   is s[0..n) one of the table's words? */
typedef struct WordSet {
	const char *const *words;
	size_t n;
	pthread_once_t once;
	_Atomic(uint16_t *) slot; /* index + 1 of a word, 0 empty; set once, after cap */
	size_t cap;               /* slots: 4 x n or more, a power of two */
} WordSet;
#define WORD_SET(table) {(table), ARRAY_LEN(table), PTHREAD_ONCE_INIT, NULL, 0}
bool word_set_has(WordSet *ws, const char *s, size_t n);

/* ---- a counted set of strings (countmap.c) ----------------------------- */
typedef struct CountMap {
	/* 8 bytes a slot, not 16 (a pointer and a size_t: the check index's
	 * spaced map alone was 1 MB of the editor's heap at 100k lines) */
	uint32_t *key;   /* 0 = empty slot; else where the key is in chunks:
	                    (chunk + 1) << 16 | offset (countmap_key) */
	uint32_t *count; /* (a count over UINT32_MAX is a BUG_ON) */
	size_t n, cap;   /* cap: 0 or a power of two > 2n */
	/* the keys' bytes, in chunks that never move (a release frees a few
	 * chunks, not every key: 2 ms of the idle swap of the check index at
	 * 100k lines went to freeing the keys one by one) */
	char **chunks;
	size_t chunks_n, chunks_cap, used, room; /* room: bytes left in the last */
	/* gradual: a full table grows a few slots per add instead of all at
	 * once (the check index's maps, built in idle slices: at 100k lines
	 * one growth of the glued map re-hashed ~100k keys in one slice,
	 * 2-4 ms).  While it grows, okey/ocount (ocap slots) are the old
	 * table, read only, its slots [omig, ocap) not moved yet; a key is
	 * in one table only; key/count iterate the table only when settled
	 * (okey NULL: countmap_settle) */
	bool gradual;
	uint32_t *okey;
	uint32_t *ocount;
	size_t ocap, omig;
	size_t moved;  /* keys moved to a larger table, all told (tests) */
} CountMap;
/* The key a slot of key (or okey) holds, ref, as a NUL-terminated string;
 * NULL for an empty slot (0). */
const char *countmap_key(const CountMap *m, uint32_t ref);
/* Add by to the count of s[0..n) (a copy of the key kept). */
void countmap_add(CountMap *m, const char *s, size_t n, size_t by);
size_t countmap_get(const CountMap *m, const char *s, size_t n);
/* A growth under way finished (every key in key/count). */
void countmap_settle(CountMap *m);
/* The same within a budget: old slots moved, each costing cost units of
 * *used, while *used < max (one at least when *used is 0); true once
 * settled. */
bool countmap_settle_budget(CountMap *m, size_t *used, size_t max, size_t cost);
void countmap_release(CountMap *m);

/* ---- a counted set of id pairs (countmap.c) ----------------------------
 * CountMap's scheme (open addressing, a gradual growth) for pairs of
 * 32-bit ids: no key bytes to copy, hash or compare (the inferred
 * renderings counted every English x Korean word pair of every segment
 * under "E K" decimal string keys: a fifth of `yeok check`).  A slot is
 * empty when its count is 0; key/count iterate the table only when settled
 * (okey NULL). */
typedef struct PairMap {
	uint64_t *key;   /* (a << 32) | b */
	uint32_t *count; /* 0: an empty slot */
	size_t n, cap;   /* cap: 0 or a power of two > 2n */
	bool gradual;    /* as CountMap's */
	uint64_t *okey;
	uint32_t *ocount;
	size_t ocap, omig;
} PairMap;
/* Add by (> 0) to the count of (a, b). */
void pairmap_add(PairMap *m, uint32_t a, uint32_t b, uint32_t by);
/* Room for n keys without a growth, in an empty map (else nothing). */
void pairmap_reserve(PairMap *m, size_t n);
uint32_t pairmap_get(const PairMap *m, uint32_t a, uint32_t b);
/* As countmap_settle_budget. */
bool pairmap_settle_budget(PairMap *m, size_t *used, size_t max, size_t cost);
void pairmap_release(PairMap *m);

/* ---- Korean text helpers (korean.c) ---------------------------------- */

/* A Hangul syllable U+AC00..U+D7A3 (inline: 2.3M calls in a check of
 * the 10k pair). */
static inline bool ko_syllable(int32_t cp)
{
	return cp >= 0xac00 && cp <= 0xd7a3;
}
/* Each run of Hangul syllables in m[0..n) (a run not preceded by a
 * syllable), in order: fn(ctx, start, bytes). */
typedef void (*KoRunFn)(void *ctx, const char *w, size_t n);
void ko_each_run(const char *m, size_t n, KoRunFn fn, void *ctx);
/* The final consonant (jongseong) index 1..27 of a syllable, 0 for none,
 * -1 when cp is no syllable.  KO_RIEUL is ㄹ (particles: 로, not 으로). */
#define KO_RIEUL 8
int ko_final(int32_t cp);

/* How a word ends when read aloud, for choosing 을/를, 이/가, 은/는, 와/과,
 * 으로/로: a vowel, ㄹ, another consonant, or unclear. */
typedef enum SoundEnd { SE_UNKNOWN, SE_VOWEL, SE_RIEUL, SE_CONSONANT } SoundEnd;
/* The end of a Hangul syllable. */
SoundEnd ko_sound_end(int32_t cp);
/* The end of a Latin word, acronym or number as Korean readers say it
 * ("PyTorch" vowel, "Module" ㄹ, "Function" consonant, "GPU" vowel, "LSTM"
 * consonant, "10" consonant); SE_UNKNOWN where readings differ ("block",
 * "set", "resnet50").  s: the word (ASCII letters and digits). */
SoundEnd latin_sound_end(const char *s, size_t n);

/* A particle whose form depends on the sound before it: the index into
 * the pair table, and which form s is.  Returns false when s[0..n) is no
 * such particle (exactly; a following particle is allowed: 으로는). */
typedef struct ParticleForm {
	const char *after_consonant; /* 을 */
	const char *after_vowel;     /* 를 */
	bool rieul_takes_vowel_form; /* 으로/로: after ㄹ, 로 */
} ParticleForm;
bool ko_particle_choice(const char *s, size_t n, const ParticleForm **pf, bool *consonant_form,
                        size_t *len);
/* Is s[0..n) (a whole Hangul run) a particle, or particles (에서는)? */
bool ko_is_particle(const char *s, size_t n);
/* Does the Hangul word h[0..hn) transliterate the English en[0..en_n)
 * (letters in any case; the spaces and hyphens of "one-hot" ignored)?
 * Both are reduced to the consonants Korean transliteration hears,
 * vowels dropped (컨볼루션 and convolution: K N P L S N; 원핫 and one-hot:
 * N H T); at least max(2, min) of them, all alike (two are weak
 * evidence: 보다 and feature are both P T). */
bool ko_transliterates(const char *h, size_t hn, const char *en, size_t en_n, size_t min);
/* ko_transliterates in parts, for a caller that tries many words against
 * the same English forms (each reduced once, not once a word): the
 * consonants of a Hangul word, of an English one (false: en holds more
 * than letters, spaces and hyphens, or is too long), and whether they
 * match (at least max(2, min) of them). */
enum { KO_SKEL_MAX = 32 };
typedef struct KoSkel {
	char c[KO_SKEL_MAX];
	size_t n;
} KoSkel;
void ko_skel_hangul(const char *h, size_t hn, KoSkel *out);
bool ko_skel_english(const char *en, size_t en_n, KoSkel *out);
bool ko_skel_match(const KoSkel *h, const KoSkel *e, size_t min);

/* The prose of a block with every inline markup construct, bare URL and
 * backslash escape replaced by 0x01 bytes (same offsets, same length): the
 * Korean rules scan plain text only.  `inl` gets the constructs. */
void prose_mask(const char *s, size_t n, Buf *out, InlineVec *inl);

/* Code comments of a literal block (DESIGN.md §2: comments are translated
 * prose).  j gets the block's lines joined as joined_block does, with every
 * byte outside a comment's text blanked to ' ' (newlines kept), so offsets
 * map back with joined_pos.  Python, shell and other '#' languages: text
 * after '#'; C, C++, Java...: after '//'.  False (j untouched) when the
 * block has no language yeok knows the comments of, or no comment. */
bool comment_text(const Lines *lines, const RstDoc *d, const Block *b, Joined *j);
/* The text of an admonition directive (".. note:: 문장" and its lines,
 * any case of the name), the marker and options blanked; false for other
 * blocks. */
bool admonition_text(const Lines *lines, const Block *b, Joined *j);
/* Is en[0..n) a glossary term kept in English (Tensor), any case? */
bool check_kept_term(const Glossary *g, const char *en, size_t n);
/* The comment language of a literal block: 1 '#', 2 '//', 3 whole '# ' lines (a bare
 * '::' block, highlighted as Python by Sphinx), 0 unknown. */
int comment_lang(const RstDoc *d, const Block *b);

/* Spelling on a text whose words are prose (a block or comments); src:
 * the source's words (never flagged), ew: the source's English words in
 * order (a Hangul word transliterating one is a loanword), each may be
 * NULL. */
typedef struct EnWords EnWords;
void spelling_in_text(const Unit *u, const char *s, size_t n, const Joined *j,
                      const SpellWords *src, const EnWords *ew, FindingVec *out);

#endif
