/*
 * rst — reStructuredText block segmentation (DESIGN.md §2 "Block").
 *
 * Splits a document (a Lines store) into a flat, document-ordered list of
 * leaf blocks: section titles (with their adornments), paragraphs, list
 * item texts, literal block contents, directive headers (name, argument,
 * options; the directive's content is blocks of its own, nested under it),
 * tables, comments, explicit targets, substitution definitions,
 * transitions, line blocks.  Follows the docutils RST spec
 * (https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html)
 * as far as block structure goes; inline markup is not parsed here.
 *
 * Mapping of constructs (tests/unit/test-rst.c has one case each):
 *   - a list item's first paragraph is the BK_LIST_ITEM (or BK_FIELD)
 *     block; its later paragraphs, directives and nested lists are
 *     children (parent = the item).  A definition list term is a
 *     BK_LIST_ITEM with an empty bullet, its definition nests under it.
 *     A footnote/citation (`.. [1] text`) is a BK_LIST_ITEM, bullet "[1]".
 *   - a block quote has no block of its own: its paragraphs are
 *     BK_PARAGRAPH with more indentation, same parent.
 *   - code-like directives (code-block, code, sourcecode, parsed-literal,
 *     math, raw, toctree, csv-table, ...) have one BK_LITERAL child holding
 *     their content; other directives (note, figure, only, list-table,
 *     unknown or translated names) have their content segmented as body.
 *   - `>>>` doctest blocks are BK_LITERAL named ">>>"; line blocks BK_OTHER.
 *   - titles only at the top level, as docutils: an underline shorter
 *     than the title's display width is still a title when it is at
 *     least 4 characters long (docutils warns), else the lines are a
 *     paragraph.  `.. note::` with no blank line before it continues the
 *     paragraph above it, as in docutils.
 *
 * Blocks never overlap, never include blank lines at their ends, and are
 * in line order.  Slices (Str) point into the Lines they were made from
 * and live as long as those lines are unchanged.  Never fails: any bytes
 * give some blocks (text that is not RST is paragraphs).
 *
 * Depends on util, text, lines.
 */
#ifndef YEOK_RST_H
#define YEOK_RST_H

#include "yeok/lines.h"
#include "yeok/util.h"

typedef enum BlockKind {
	BK_TITLE,        /* section title; first..last include the adornments */
	BK_PARAGRAPH,    /* also block-quote paragraphs (indent > parent's) */
	BK_LIST_ITEM,    /* text of a bullet/enumerated/definition list item */
	BK_LITERAL,      /* content of a `::` literal block or a code directive */
	BK_DIRECTIVE,    /* `.. name:: arg` line plus its `:option:` lines */
	BK_TABLE,        /* grid or simple table (list-table is a directive) */
	BK_COMMENT,      /* `..` comment (all its lines) */
	BK_TARGET,       /* `.. _label: url` explicit target, `__ url` */
	BK_SUBSTITUTION, /* `.. |name| directive:: ...` */
	BK_FIELD,        /* `:field: body` field list item */
	BK_TRANSITION,   /* `----` on its own */
	BK_OTHER,        /* line blocks and anything else */
	BK_COUNT
} BlockKind;

/* 56 bytes (blocks are kept for both sides of a document for the whole
 * session: 285k of them a side at 1M lines, and an edit that adds or
 * removes a block moves the table's tail): line numbers are 32-bit (Lines
 * holds at most LINES_MAX_LINES lines), offsets too (a line holds at most
 * LINES_MAX_LINE bytes), the small fields share one word, and the name and
 * the argument are one pointer and three lengths (the argument follows the
 * name on the directive's line): read them with rst_block_name and
 * rst_block_arg, set them with rst_block_set_name and rst_block_set_arg. */
typedef struct Block {
	uint32_t first;  /* first line (0-based index into Lines), inclusive */
	uint32_t last;   /* last line, inclusive; first <= last */
	uint32_t text_line; /* titles: the line of the title text; else first */
	int32_t indent;  /* column where the block's text starts */
	int32_t parent;  /* index of the enclosing block (directive header or
	                    list item), -1 at top level */
	uint32_t first_off; /* byte offset on line `first` where the block's
	                    text starts: after the indentation, or after a
	                    list marker / field name on the item's first line */
	unsigned kind : 4;  /* a BlockKind (BK_COUNT <= 16) */
	unsigned depth : 8; /* nesting depth: 0 at top level (at most
	                    RST_MAX_DEPTH: rst.c bounds the nesting) */
	unsigned title_level : 7; /* titles: 1 for the first adornment style
	                    seen, 2 for the second...; 0 for other blocks (at
	                    most 65: rst.c counts 64 styles, doc.h 16) */
	unsigned overline : 1; /* titles: an overline too */
	unsigned adornment : 8; /* titles: the underline character ('=', '-',
	                    ...: printable ASCII, rst.c is_adorn_char) */
	char bullet[8];  /* list items: the marker ("-", "*", "1.", "#.", "(a)",
	                    "[1]" for footnotes; "" for a definition term) */
	uint32_t name_n; /* the name's bytes at name_p */
	uint32_t arg_off; /* the argument's bytes start at name_p + arg_off */
	uint32_t arg_n;
	const char *name_p; /* directives: "code-block", "note", "figure"...;
	                    literal blocks: the directive that holds them or
	                    "::"; substitution: the substitution name; fields:
	                    the field name; else NULL (name_n 0).  Directives
	                    also have an argument ("python", a path) after it */
} Block;

/* The deepest nesting a Block records (depth is 8 bits): rst.c reads
 * deeper nesting as plain paragraphs long before. */
#define RST_MAX_DEPTH 255

/* The block's name and argument (empty Str when it has none). */
static inline Str rst_block_name(const Block *b)
{
	return (Str){b->name_p, b->name_n};
}
static inline Str rst_block_arg(const Block *b)
{
	return b->arg_n ? (Str){b->name_p + b->arg_off, b->arg_n} : (Str){NULL, 0};
}
/* Set the name (its argument, if any, set after it) and the argument:
 * bytes after the name's start (a programmer error otherwise), within
 * UINT32_MAX of it. */
void rst_block_set_name(Block *b, Str name);
void rst_block_set_arg(Block *b, Str arg);

typedef struct RstDoc {
	Block *v;
	size_t n;
	size_t cap;
} RstDoc;

void rst_init(RstDoc *d);
void rst_release(RstDoc *d);

/* Segment all of lines into d (d's previous content is replaced). */
void rst_segment(const Lines *lines, RstDoc *d);

/* Segment lines [from, to) as if they were a document of their own (line
 * numbers stay absolute) and append the blocks to d.  For re-segmenting
 * the neighbourhood of an edit: choose from/to at a blank line followed by
 * an unindented line so that no construct is cut.  Title levels continue
 * the adornment styles of the titles already in d, and parent indices are
 * absolute in d, so segmenting [0, k) then [k, n) into one RstDoc gives
 * the same blocks as rst_segment when line k-1 is blank and line k is
 * unindented (tested). */
void rst_segment_range(const Lines *lines, size_t from, size_t to, RstDoc *d);

/* The block's text for comparing and hashing: its lines with the block's
 * indentation removed, joined with '\n', trailing spaces of each line
 * dropped.  For titles, only the title text line.  Appended to out. */
void rst_block_text(const Lines *lines, const Block *b, Buf *out);

/* (added) True when re-segmenting may start or stop before line k
 * (k <= lines->n): k is 0 or lines->n, or line k-1 is blank and line k is
 * not blank and starts in column 0.  Only a simple table with blank lines
 * between its rows can be cut at such a line (docutils allows those; none
 * occurs in the corpus). */
bool rst_is_cut(const Lines *lines, size_t k);

/* (added) Index of the block that contains line, or of the first block
 * after it (d->n when none); O(log n). */
size_t rst_find(const RstDoc *d, size_t line);

/* (added) Move n blocks from src to dst (the ranges may overlap, as for
 * memmove), adding delta to their line numbers and dn to the parents at
 * parent_from or after: the one pass an edit makes over the blocks after
 * its re-segmented window (their lines move by delta, the window's block
 * count by dn, parent_from is the tail's first index before the move).
 * The line numbers must stay in range (a programmer error otherwise). */
void rst_move_blocks(Block *dst, const Block *src, size_t n, long delta, int parent_from, long dn);

/* "title", "paragraph", "list-item", ... (DESIGN.md §3.1 KIND names). */
const char *rst_kind_name(BlockKind k);

/* True for kinds that are prose a translator translates: titles,
 * paragraphs, list items and fields.  Tables, literals, directives,
 * comments, targets, substitutions, transitions and line blocks are not. */
bool rst_kind_is_prose(BlockKind k);

/* Invariant check: blocks in order, not overlapping, first <= last <
 * lines->n, parents before children.  False with a message on violation. */
bool rst_check(const RstDoc *d, const Lines *lines, Err *e);

#endif
