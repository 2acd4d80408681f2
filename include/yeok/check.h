/*
 * check — the check catalogue (DESIGN.md §3.3): one table, one function per
 * check, findings with positions in the target document, autofixes.
 *
 * A CheckDoc bundles what the checks read: the target lines and blocks,
 * optionally the source lines and blocks with their alignment, optionally
 * a glossary.  Checks run per *unit*: a segment of the alignment when there
 * is a source, else a target block.  check_unit() re-checks one unit (the
 * editor calls it for the edited segment only); check_document() runs all
 * units plus the document-wide parts.  Every check is linear in the size of
 * what it reads (the glossary uses Aho–Corasick; target names for
 * broken-reference are indexed once per check_doc_init/reindex).
 *
 * Without a source (src == NULL) the checks that compare with the English
 * (code-changed, markup-mismatch, reference-title, untranslated, the
 * indentation part of whitespace, the source-term part of glossary) are
 * skipped; check_skipped_without_source() names them for the one info line
 * the caller prints.  The rest run.
 *
 * For the editor: check_unit_of_line() finds the unit of the cursor;
 * check_unit() re-checks it after an edit (call check_doc_reindex() first
 * when a title or a target changed: broken-reference reads the index).
 * Findings carry an optional CheckFix (title-underline: the adornment of
 * the right length; markup-spacing: insert "\ "; whitespace: remove).
 *
 * Layer: check <- doc/session.  Depends on util, text, lines, rst, align,
 * glossary, spell.  Never prints; formatting for the CLI is check_format_*().
 */
#ifndef YEOK_CHECK_H
#define YEOK_CHECK_H

#include "yeok/align.h"
#include "yeok/glossary.h"
#include "yeok/host.h"
#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/spell.h"
#include "yeok/util.h"

typedef enum CheckSeverity { SEV_INFO, SEV_WARNING, SEV_ERROR } CheckSeverity;

/* The stable IDs, in the order of DESIGN.md §3.3.  Adding a check is one
 * value here and one row in the table (src/check/check.c). */
typedef enum CheckId {
	CK_GLOSSARY,
	CK_MARKUP_SPACING,
	CK_TITLE_UNDERLINE,
	CK_CODE_CHANGED,
	CK_MARKUP_MISMATCH,
	CK_DIRECTIVE_TRANSLATED,
	CK_BROKEN_REFERENCE,
	CK_TRANSLATOR_LINE,
	CK_REFERENCE_TITLE,
	CK_UNTRANSLATED,
	CK_SPELLING, /* hunspell through src/spell; finds nothing without a
	                CheckDoc.spell */
	CK_WHITESPACE,
	CK_PY_STRUCTURE, /* sphinx-gallery .py only (src/check/check-py.c) */
	CK_COUNT
} CheckId;

typedef struct CheckInfo {
	const char *id;     /* "markup-spacing" */
	const char *what;   /* one line for --help and F5 */
	bool needs_source;  /* skipped entirely without a source */
	bool available;     /* false: reserved ID, not implemented here */
} CheckInfo;

/* The table row of a check. */
const CheckInfo *check_info(CheckId id);
/* Parse an ID ("title-underline"); false when unknown. */
bool check_id_parse(Str name, CheckId *out);
/* "severity" names: "info", "warning", "error". */
const char *check_severity_name(CheckSeverity s);

/* Which checks run: enabled[id].  check_set_all() enables every available
 * check.  check_set_parse() applies a comma-separated list from --only
 * (only = true: exactly these) or --disable (only = false: all but these);
 * an unknown ID is an EXIT_USAGE error naming it. */
typedef struct CheckSet {
	bool on[CK_COUNT];
} CheckSet;
void check_set_all(CheckSet *s);
bool check_set_parse(CheckSet *s, const char *list, bool only, Err *e);

/* An autofix: replace bytes [from, to) of target line `line` by `text`
 * (from == to inserts).  The editor applies it through its own edit
 * operations (so it is undoable); check_fix_apply() applies it to Lines. */
typedef struct CheckFix {
	size_t line;
	size_t from, to;
	char *text; /* owned */
} CheckFix;

typedef struct Finding {
	CheckId check;
	CheckSeverity sev;
	size_t line;      /* 0-based target line */
	size_t byte;      /* byte offset in that line */
	size_t col;       /* 1-based column in characters (code points) */
	size_t unit;      /* the unit (segment or block index) it came from;
	                     check_unit_count() for document-wide findings */
	char *message;    /* names the offending text and the fix; owned */
	char *suggestion; /* replacement text or NULL; owned */
	bool has_fix;
	CheckFix fix;
} Finding;

typedef VEC(Finding) FindingVec;

void finding_release(Finding *f);
/* Release every finding and empty the vector. */
void findings_clear(FindingVec *v);
/* Sort by line, column, check ID (stable for equal keys). */
void findings_sort(FindingVec *v);

typedef struct CheckIndex CheckIndex; /* private: target names etc. */

typedef struct CheckDoc {
	const Lines *tgt;
	const RstDoc *tb;
	const Lines *src;     /* NULL: no source */
	const RstDoc *sb;     /* NULL iff src == NULL */
	const Alignment *al;  /* NULL iff src == NULL */
	Glossary *gl;         /* NULL: no glossary (glossary check finds nothing) */
	CheckIndex *index;    /* owned; built by check_doc_init */
	Spell *spell;         /* NULL (check_doc_init's default): the spelling
	                         check finds nothing.  Borrowed; set it after
	                         check_doc_init, with the glossary terms given
	                         to spell_add_terms() */
	const HostDoc *tgt_host; /* NULL: tgt is the file itself (.rst).  Set
	                         (after check_doc_init) for a host format: tgt
	                         and tb are then tgt_host->text and ->blocks,
	                         the findings are moved to the file's bytes (the
	                         host prefix added), and py-structure and the
	                         code comments' prose checks run.  Borrowed */
	const HostDoc *src_host; /* the same for the source (NULL iff src is
	                         NULL or tgt_host is) */
} CheckDoc;

/* Borrow everything; build the document index (reference target names).
 * src, sb, al: all NULL or all set. */
void check_doc_init(CheckDoc *d, const Lines *tgt, const RstDoc *tb, const Lines *src,
                    const RstDoc *sb, const Alignment *al, Glossary *gl);
void check_doc_release(CheckDoc *d);
/* Rebuild the index after the target changed (titles or targets edited). */
void check_doc_reindex(CheckDoc *d);

/* Number of units: al->n with a source, else tb->n. */
size_t check_unit_count(const CheckDoc *d);
/* The unit holding target line `line` (0-based); check_unit_count() when
 * none does. */
size_t check_unit_of_line(const CheckDoc *d, size_t line);

/* Run the enabled checks on one unit; findings appended (unsorted).
 * Returns the number appended. */
size_t check_unit(const CheckDoc *d, const CheckSet *set, size_t unit, FindingVec *out);

/* All units plus the document-wide findings (whitespace on lines outside
 * blocks); sorted.  Returns the number appended. */
size_t check_document(const CheckDoc *d, const CheckSet *set, FindingVec *out);

/* The enabled checks a missing source skips (entirely or in part), as
 * "code-changed, markup-mismatch, ..." appended to out; false when none
 * is affected. */
bool check_skipped_without_source(const CheckSet *set, Buf *out);

/* Apply a fix to lines (bounds are checked: false when the line or range
 * no longer exists). */
bool check_fix_apply(Lines *lines, const CheckFix *fix);

/* ---- output (DESIGN.md §3.2) -------------------------------------------- */
typedef enum CheckFormat { CF_TEXT, CF_JSON, CF_GITHUB } CheckFormat;
bool check_format_parse(const char *name, CheckFormat *out);
/* Append one finding of file (a display path) in the format.  JSON: one
 * object, preceded by ",\n" unless first (the caller writes "[" and "]").
 * File names and messages are made terminal-safe (text, github) or JSON
 * escaped. */
void check_format_finding(const char *file, const Finding *f, CheckFormat fmt, bool first,
                          Buf *out);

#endif
