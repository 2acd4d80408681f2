/* Private to src/check: the unit a check function sees, text helpers, the
 * inline markup scanner. */
#ifndef YEOK_CHECK_PRIVATE_H
#define YEOK_CHECK_PRIVATE_H

#include "yeok/check.h"

/* What one check function gets: a unit (a segment, or a target block when
 * there is no source). */
typedef struct Unit {
	const CheckDoc *d;
	size_t index;             /* unit index */
	size_t tgt, tgt_n;        /* target blocks [tgt, tgt + tgt_n) */
	size_t src, src_n;        /* source blocks; src_n == 0 without source */
} Unit;

typedef void (*CheckFn)(const Unit *u, FindingVec *out);

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
void check_py_structure(const Unit *u, FindingVec *out); /* check-py.c */

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

/* Code point before offset i (-1 at the start or on an invalid byte). */
int32_t check_prev_cp(const char *s, size_t i);
/* Code point at offset i (-1 at the end or on an invalid byte). */
int32_t check_cp_at(const char *s, size_t n, size_t i);

/* docutils' column_width(): East Asian Wide and Fullwidth count 2,
 * combining marks 0, everything else 1. */
size_t check_column_width(const char *s, size_t n);

/* Reference names as docutils compares them: case-folded, whitespace
 * runs collapsed, trimmed.  Appended to out. */
void check_normalize_name(const char *s, size_t n, Buf *out);

/* The longest prefix of s of at most max bytes that ends on a character
 * boundary (for quoting in messages). */
int check_clip(Str s, size_t max);

/* Is the normalized name a reference target of the document? */
bool check_index_has(const CheckIndex *x, const char *s, size_t n);
/* Does the target contain Hangul at all (is it being translated)? */
bool check_doc_is_korean(const CheckDoc *d);

#endif
