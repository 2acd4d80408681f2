/*
 * host — the host format of a document: the reader in front of the RST
 * segmenter (DESIGN.md §2 "Host format").
 *
 * A `.rst` file is RST throughout.  A sphinx-gallery `.py` tutorial holds
 * RST in some of its lines and Python code in the others; this module maps
 * the file's lines to regions, gives each line its RST text (the line minus
 * its host markup), runs rst_segment on the RST text of each text region and
 * adds one code block per code cell.  The result is the same block list the
 * rest of yeok reads (align, check, progress, doc), with the FILE's line
 * numbers.  Nothing is copied or normalised: the RST text of a line is a
 * slice of the file's line, so every byte of the file stays where it is.
 *
 * The sphinx-gallery rules, as its parser applies them
 * (https://sphinx-gallery.github.io/stable/syntax.html;
 * sphinx_gallery/py_source_parser.py, split_code_and_text_blocks):
 *   - The module docstring: the first token of the file when it is a
 *     string literal (comments and blank lines may come first, e.g.
 *     `# -*- coding: utf-8 -*-`), with an optional r/u prefix: `"""`,
 *     `r"""`, `'''`, or a one-line `"..."`.  It is RST (title, often
 *     `.. meta::`, the author and translator lines).  Its first line's text
 *     (after the quotes) has its leading blanks dropped, the other lines
 *     lose the indentation they have in common (inspect.cleandoc); it ends
 *     at its closing quotes, usually alone on the last line.  The lines
 *     after the one holding the closing quotes are "the rest".
 *   - Text blocks (in the rest only): a separator line — one that starts
 *     with 20 or more `#`, or with `# %%` or `#%%` (text may follow; it is
 *     ignored) — then every following line that starts with `#`.  The first
 *     `#` of each line is removed and then the indentation the block's
 *     lines have in common (textwrap.dedent), so `# ` is the usual prefix
 *     and a lone `#` is a blank RST line.  The first line that does not
 *     start with `#` (a blank line, code, an indented `#`) ends the block.
 *   - Code cells: everything else in the rest (and any lines before the
 *     docstring).  Python; its comments (own-line or trailing) are prose a
 *     translator translates; string literals are code.
 * The RST of all regions is one document for sphinx-gallery, so title
 * levels continue from the docstring through every text block.
 *
 * Deviations, on purpose: a non-raw docstring is read as written, not with
 * its escape sequences applied (`\\` stays two characters; a backslash at
 * a line end does not join the lines).  A docstring with no closing quotes
 * (Python: a syntax error) ends before the first separator line, so the
 * rest of the file keeps its structure; HostDocstring.closed says so and
 * the py-structure check reports it.  Lines split at LF only (a lone CR is
 * content, as everywhere in yeok).
 *
 * What a block looks like:
 *   - text regions: rst_segment's blocks, made on the RST text of the
 *     region's lines (HostDoc.text), so `first_off` and `indent` count in
 *     that text (add host_line_prefix() for the file's byte);
 *   - a code cell: one BK_LITERAL block named "python-cell" (arg "python")
 *     over its first..last non-blank line; it is an anchor of the
 *     alignment, like code in `.rst`.  Its comments are listed by
 *     host_py_comments() and paired with the source's by
 *     host_pair_comments() (prose sub-segments of the code segment).
 * The text of a block for comparing and hashing (segment keys) is
 * rst_block_text(h->text, b): the RST text, so a block keeps its key when
 * it moves between hosts.
 *
 * Cutting (for re-segmenting around an edit, as rst_segment_range): a
 * `.py` can be cut before line k when k is 0 or the end, or when line k
 * is a separator line after the module docstring and line k-1 does not
 * start with `#` (so k is not inside a text block).  Inside the docstring
 * and inside a text block nothing can be cut: the common indentation is a
 * property of the whole region.  An edit of the docstring (or of the line
 * after it) needs host_segment of the whole file.
 *
 * Editing queries (for the editor): host_line_kind(), host_line_prefix()
 * (bytes of host markup before the RST text of line i) and
 * host_line_is_text() (is line i RST prose the translator edits).
 *
 * Markdown (`.md`, `.markdown`; HOST_MD): CommonMark as cmark-gfm (GitHub's
 * parser, with its table extension) reads it, with the doc-builder syntax
 * of Hugging Face and the front matter and macros of MDN.  The text of a
 * line is the line itself (HostDoc.text is the file, as for `.rst`); the
 * blocks are cmark-gfm's leaves mapped onto yeok's kinds, so that align,
 * check and the editor read them as they read RST:
 *   - heading (ATX `## x[[anchor]]` and setext): BK_TITLE, title_level the
 *     heading level (1-6), adornment '0' + level (one style per level, the
 *     `[[anchor]]` stays in the title's text);
 *   - paragraph: BK_PARAGRAPH; a list item's first paragraph: BK_LIST_ITEM
 *     (bullet: its marker), the item's other blocks nest under it;
 *   - block quote: no block of its own, its blocks have more indentation
 *     (MDN's `> **Note:**` is a paragraph in a block quote);
 *   - fenced code: BK_LITERAL over its fence lines too, named by the fence
 *     (```` ``` ````, `~~~`) with the info string's first word as argument
 *     ("py"); indented code: BK_LITERAL "indented";
 *   - table: one BK_TABLE (the whole table is one segment);
 *   - thematic break: BK_TRANSITION; HTML comment: BK_COMMENT; other HTML:
 *     BK_OTHER "html"; link reference definition: BK_TARGET;
 *   - doc-builder components alone on their line (`<Tip>`, `<Tip
 *     warning={true}>`, `<frameworkcontent>`, `<pt>`, `<Youtube id=.../>`:
 *     a capitalised name or a known lowercase one): BK_DIRECTIVE named by
 *     the tag (attributes as argument); the blocks up to the closing tag
 *     nest under it and are Markdown (prose), even where CommonMark reads
 *     `<Tip>` and the text after it as one HTML block; closing tags have
 *     no block;
 *   - a paragraph of only `[[autodoc]] X` (and its `- method` lines), only
 *     `[[open-in-colab]]`, or only `{{macros}}`: BK_DIRECTIVE named
 *     "autodoc", "open-in-colab", or the first macro's name: kept verbatim;
 *   - YAML front matter (`---` first, up to `---`): `title:` is a BK_FIELD
 *     named "title" whose text is the value (prose); the other lines are
 *     BK_OTHER "front-matter" blocks (kept).
 * Markdown is read whole (host_is_cut: only at 0 and the end; the editor
 * reads the file again after an edit, a few milliseconds for a long page).
 *
 * Depends on util, text, lines, rst, and cmark-gfm (here only).  Never
 * fails: any bytes give some regions and blocks.
 */
#ifndef YEOK_HOST_H
#define YEOK_HOST_H

#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/util.h"

typedef enum HostFormat {
	HOST_RST, /* the whole file is RST */
	HOST_PY,  /* a sphinx-gallery Python tutorial */
	HOST_MD,  /* Markdown (CommonMark, GitHub's; HF doc-builder, MDN) */
	HOST_COUNT
} HostFormat;

/* HOST_PY for a path ending in ".py", HOST_MD for ".md" or ".markdown",
 * else HOST_RST. */
HostFormat host_format_of_path(const char *path);
/* "rst", "py", "md" */
const char *host_format_name(HostFormat f);

/* The role of one line of a `.py` (HOST_RST: every line is HL_RST). */
typedef enum HostLineKind {
	HL_RST,       /* RST text of the docstring or of a text block */
	HL_CODE,      /* a line of a code cell (blank lines between regions too) */
	HL_SEP,       /* a separator line that opens a text block */
	HL_DOC_OPEN,  /* the docstring's opening line (RST text may follow the
	                 quotes; a one-line docstring also holds its closing) */
	HL_DOC_CLOSE, /* the line of the docstring's closing quotes (RST text
	                 may come before them) */
} HostLineKind;

typedef enum HostRegionKind {
	HR_CODE,      /* Python code (also lines before the docstring) */
	HR_DOCSTRING, /* the module docstring, quote lines included */
	HR_TEXT,      /* a text block: its separator line and its `#` lines */
} HostRegionKind;

typedef struct HostRegion {
	HostRegionKind kind;
	size_t first, last; /* file lines, inclusive; first <= last */
	size_t prefix;      /* HR_TEXT: bytes removed from each `#` line (the `#`
	                       and the common indentation: 2 for `# `);
	                       HR_DOCSTRING: the common indentation of the lines
	                       after the first; HR_CODE: 0 */
	size_t block;       /* index of its first block in HostDoc.blocks */
	size_t nblocks;     /* its blocks: [block, block + nblocks) */
} HostRegion;

typedef VEC(HostRegion) HostRegionVec;

typedef struct HostDocstring {
	bool present;      /* the file starts with a string literal */
	bool closed;       /* its closing quotes were found */
	bool raw;          /* r"""...""" */
	size_t open_line;  /* line of the opening quotes */
	size_t open_at;    /* byte of the string's first character (the prefix
	                      letter or the quote) on open_line */
	size_t close_line; /* the docstring's last line (of its closing quotes
	                      when closed) */
	size_t close_at;   /* closed: byte of the closing quotes on close_line */
	char quote[4];     /* "\"\"\"", "'''", "\"" or "'" */
} HostDocstring;

/*
 * A document read in its host format.  Owns its tables; borrows the file
 * (its lines must outlive it and stay unchanged, as blocks' slices do).
 * Invariants (host_check): text->n == file->n; for HOST_PY the text of
 * line i is the bytes [host_line_prefix(i), +text.v[i].n) of file line i;
 * regions cover the lines in order without gaps; blocks are rst_check-valid
 * on *text and lie inside the region that lists them.
 */
typedef struct HostDoc {
	HostFormat fmt;
	const Lines *file;  /* borrowed: the document's lines */
	const Lines *text;  /* the RST text of each line: `file` itself for
	                       HOST_RST, else &view.  Give this, not `file`, to
	                       align, check, progress and rst_block_text */
	Lines view;         /* HOST_PY: slices of file's lines (cap 0, nothing
	                       owned); unused for HOST_RST */
	size_t *off;        /* HOST_PY: per line, the byte where its RST text
	                       starts in the file's line; NULL for HOST_RST */
	unsigned char *kind; /* HOST_PY: per line, its HostLineKind */
	RstDoc blocks;      /* the blocks, in line order, FILE line numbers */
	HostRegionVec regions; /* HOST_PY: in line order; HOST_RST: none */
	HostDocstring doc;  /* HOST_PY: the module docstring */
} HostDoc;

void host_init(HostDoc *h);
void host_release(HostDoc *h);

/* Read all of file in format fmt into h (h's previous content replaced).
 * For HOST_RST this is rst_segment(file, &h->blocks), nothing else. */
void host_segment(const Lines *file, HostFormat fmt, HostDoc *h);

/* Re-read lines [from, to) of h->file as if they were a document of their
 * own (line numbers stay absolute) and append their regions and blocks to
 * h; h's line tables must cover the file (host_segment first).  from and
 * to must be cuts (host_is_cut).  Segmenting [0, k) then [k, n) into an
 * emptied h gives what host_segment gives (tested for every cut of the
 * corpus).  HOST_RST: rst_segment_range. */
void host_segment_range(HostDoc *h, size_t from, size_t to);
/* Empty h's regions and blocks (the line tables stay) before
 * host_segment_range calls that rebuild them. */
void host_clear_blocks(HostDoc *h);

/* The text of block b of h for comparing and hashing (segment keys): its
 * RST text, the host's prefixes left out — rst_block_text(h->text, b).
 * Appended to out. */
void host_block_text(const HostDoc *h, const Block *b, Buf *out);

/* True when re-segmenting may start or stop before line k of h->file (see
 * "Cutting" above; HOST_RST: rst_is_cut). */
bool host_is_cut(const HostDoc *h, size_t k);

/* ---- the editor's re-reading around an edit (doc.h) ---------------------
 * The file's lines changed in place: lines [a, a + old_n) of the file as h
 * last read it are now lines [a, a + new_n) of h->file (the lines before
 * and after are the same lines).  host_edit_window() finds the lines to
 * read again (new numbering) between two cuts around the edit: the
 * separator line of a text block that starts at or before the edit, and
 * the first one after it (or the end), each host_is_cut on the new lines;
 * and the blocks they replace.  It only reads h.  False when the edit
 * touches the module docstring, the lines before it, or lines before the
 * first cut, or when the docstring has no closing quotes (quotes anywhere
 * below may close it) (then host_segment of the whole file is needed).
 * host_resegment_window() then reads the window again with
 * host_segment_range: the line tables, regions and blocks after the window
 * move by the change in lines and blocks, so h is what host_segment of
 * h->file gives (tested on every .py of the corpus), except that title
 * levels after the window keep their numbers (the caller re-levels when a
 * new adornment style appears). */
typedef struct HostWindow {
	size_t a, old_n, new_n; /* the edit, as given */
	size_t from, to;        /* lines read again: [from, to), new numbering */
	size_t old_to;          /* `to` in the old numbering */
	size_t b0, b1;          /* blocks replaced: [b0, b1), old numbering */
	size_t r0, r1;          /* regions replaced: [r0, r1), old numbering */
	size_t wn;              /* after host_resegment_window: the window's blocks,
	                           now [b0, b0 + wn) */
} HostWindow;
bool host_edit_window(const HostDoc *h, size_t a, size_t old_n, size_t new_n, HostWindow *w);
void host_resegment_window(HostDoc *h, HostWindow *w);

/* After h (or the Lines it reads) moved as a value (a swap into another
 * struct): point h at file, which holds the same lines as before. */
void host_rebind(HostDoc *h, const Lines *file);

/* ---- per-line queries (0-based lines; BUG_ON past the end) ------------- */
HostLineKind host_line_kind(const HostDoc *h, size_t line);
/* Bytes of host markup before the RST text of the line (the `#` and the
 * block's indentation, the docstring's indentation or opening quotes);
 * 0 for HOST_RST and for code. */
size_t host_line_prefix(const HostDoc *h, size_t line);
/* Is the line RST text that a translator edits (docstring or text block,
 * separators and code excluded)?  Always true for HOST_RST. */
bool host_line_is_text(const HostDoc *h, size_t line);
/* The prefix a line inserted after `line` needs to stay in its region:
 * `#` and the block's indentation (`# `) in a text block, the docstring's
 * indentation in the docstring, "" elsewhere (a slice of a file line, or
 * a literal). */
Str host_new_line_prefix(const HostDoc *h, size_t line);
/* The bytes [*from, *to] of the line where a translator's typing goes:
 * the whole line for HOST_RST; for a `.py` the RST text of a docstring or
 * text-block line (after the `#` and the block's indentation, or the
 * docstring's indentation or opening quotes, up to its closing quotes),
 * and in code a comment's text after its `#`.  False for a separator line
 * and for code outside comments (kept as in the English). */
bool host_edit_span(const HostDoc *h, size_t line, size_t *from, size_t *to);
/* A text line shorter than its region's prefix (a lone `#` in a block of
 * `# ` lines, a blank docstring line): the prefix bytes typing must add
 * before the text so the region keeps its indentation ("" otherwise). */
Str host_line_pad(const HostDoc *h, size_t line);
/* The bytes a line started by Enter at (line, col) begins with, before
 * the RST indentation: host_new_line_prefix() in a text block or the
 * docstring; in a code comment its line's indentation and `# `; "" else.
 * Appended to out. */
void host_newline_prefix(const HostDoc *h, size_t line, size_t col, Buf *out);
/* May line `line` be joined to line `line - 1` (Backspace at the start of
 * its text, Delete at the end of the line before), the text of the lower
 * one carried up without its prefix?  True for HOST_RST; for a `.py` when
 * both are text lines of one docstring or text block. */
bool host_can_join(const HostDoc *h, size_t line);
/* The region holding the line (NULL for HOST_RST); O(log n). */
const HostRegion *host_region_of(const HostDoc *h, size_t line);
/* The text block's separator test of sphinx-gallery on one line: starts
 * with 20+ `#` or with `# %%` / `#%%`, and a blank follows somewhere
 * (eol: the line has a terminator). */
bool host_is_separator(Str line, bool eol);
/* Is b a code cell block of a `.py` ("python-cell")? */
bool host_block_is_cell(const Block *b);

/* ---- Python lexing (comments and strings) ------------------------------ */

/* String state carried from one line to the next. */
typedef struct HostPyLex {
	char quote;   /* 0 outside a string, else '"' or '\'' */
	bool triple;  /* the open string is triple-quoted */
	bool cont;    /* a one-quote string continued with a backslash */
} HostPyLex;

typedef struct HostPyLine {
	size_t comment;   /* byte of the comment's `#`, or the line's length */
	size_t code_end;  /* end of the code before the comment, trailing
	                     blanks excluded (0: no code on the line) */
	bool in_string;   /* the line starts inside a string */
	bool hangul_code; /* a Hangul letter outside strings and comments (prose
	                     that lost its `#`: Python cannot run it) */
	bool unterminated; /* a one-quote string ends with the line (no
	                      backslash continues it): a syntax error */
} HostPyLine;

/* Scan one line of Python code with the string state st (start from a
 * zeroed HostPyLex); st is updated for the next line. */
void host_py_scan(HostPyLex *st, Str line, HostPyLine *out);

/* ---- the Python of a `.py`, as it was and as it is ------------------------
 * The editor keeps a `.py` Python: code is never edited, only comments and
 * RST text.  What an edit could still break shows in the code as Python
 * reads it: a text line that lost its `#` (or a docstring that lost its
 * quotes) becomes code, a string left open swallows the rest.  HostPyCode
 * is the code of a `.py` as read once (at open); host_py_broken() says
 * where the document no longer has that code. */
typedef struct HostPyCode {
	VEC(uint64_t) code; /* in file order: per line of code a hash of the
	                       code (indentation kept, comment and trailing
	                       blanks left out), per separator line 1 (the
	                       text blocks sphinx-gallery reads are kept too) */
	bool strings_ok;    /* every string closed (host_py_broken compares) */
} HostPyCode;

/* Read the code of h (HOST_PY) into out (out's previous content replaced). */
void host_py_code(const HostDoc *h, HostPyCode *out);
void host_py_code_release(HostPyCode *c);
/* Does h (HOST_PY) no longer hold the code `was` was read from?  True with
 * the file line (0-based) and a reason ("line 12 is Python code now: ...")
 * in *why; false when it still does (or `was` had the same problem). */
bool host_py_broken(const HostDoc *h, const HostPyCode *was, size_t *line, Buf *why);

/* A comment of Python code. */
typedef struct HostComment {
	size_t line;   /* file line */
	size_t from;   /* byte of its `#` in the file's line */
	size_t to;     /* end of the comment, trailing blanks excluded */
	bool own_line; /* nothing but blanks before it */
	size_t anchor; /* the line of the code it belongs to: its own line, or
	                  for an own-line comment the next line with code
	                  (SIZE_MAX when none follows in the block) */
	uint64_t code_hash; /* hash of the anchor's code (trimmed); 0: none */
} HostComment;
typedef VEC(HostComment) HostCommentVec;

/* The comments of the Python code in lines [first, last] of l (lexed from
 * `first`, outside any string), in order; appended to out. */
void host_py_comments(const Lines *l, size_t first, size_t last, HostCommentVec *out);
/* A comment's prose: its text after the `#`s and one blank, trailing
 * blanks excluded (a slice of l). */
Str host_comment_text(const Lines *l, const HostComment *c);

/* Pair the comments of a source code block with those of its target
 * (aligned) block, in order: pair[i] is the index in t of the partner of
 * s[i], or SIZE_MAX.  Comments pair when they sit in the same place of
 * the code (the code line they are on, or the next one below an own-line
 * comment) or have the same text; a translator's added or removed comments
 * stay unpaired.  Monotonic; O(ns * nt) up to 4096 x 4096, by position
 * beyond.  sl/tl: the lines the comments index. */
void host_pair_comments(const Lines *sl, const HostComment *s, size_t ns, const Lines *tl,
                        const HostComment *t, size_t nt, size_t *pair);

/* ---- Markdown inlines (the checks) -------------------------------------- */

typedef enum HostMdInlineKind {
	HMI_CODE,     /* `code`: url holds its literal */
	HMI_LINK,     /* [text](url), <url>, [text][ref]: url its destination */
	HMI_IMAGE,    /* ![alt](url) */
	HMI_STRONG,   /* **x** as cmark-gfm reads it */
	HMI_EMPH,     /* *x* */
	HMI_HTML,     /* an inline HTML tag */
	HMI_LEFTOVER, /* a run of `*` or `_` (c) that cmark-gfm left as text:
	                 not emphasis (CommonMark's flanking rules, spec 6.2) */
} HostMdInlineKind;

typedef struct HostMdInline {
	HostMdInlineKind kind;
	size_t line;     /* the line of its start */
	size_t from, to; /* its bytes on that line (to: the line's end when it
	                    goes on to the next line); code: its content */
	char c;          /* HMI_LEFTOVER: '*' or '_' */
	char *url;       /* links and images: the destination; code: the
	                    literal; else NULL (owned) */
} HostMdInline;
typedef VEC(HostMdInline) HostMdInlineVec;

/* The inlines of lines [first, last] of l read as one Markdown document
 * (a block's lines: its markers parse as they do in the file), in order;
 * appended to out. */
void host_md_inlines(const Lines *l, size_t first, size_t last, HostMdInlineVec *out);
void host_md_inlines_free(HostMdInlineVec *v);

/* Invariant check (see HostDoc); false with a message on violation. */
bool host_check(const HostDoc *h, Err *e);

#endif
