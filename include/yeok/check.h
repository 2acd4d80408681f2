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
 * A stale English (CheckDoc.stale): one source-stale finding instead of
 * the findings only a stale English causes.
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
 * Layer: check <- doc/session.  Depends on util, stats, text, lines, rst, align,
 * glossary, spell, host, source, vcs, ynode.  Never prints; formatting for the CLI is check_format_*().
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
	CK_SPACING,     /* Korean spacing and particles hunspell misses */
	CK_PUNCTUATION, /* sentence-final marks against the source, doubled marks */
	CK_CONSISTENCY, /* one English term rendered two ways; 한글(영어) once */
	CK_STRUCTURE,   /* lost titles, RST errors the English does not have */
	CK_LINK,        /* links not localised to tutorials.pytorch.kr */
	CK_STYLE,       /* team style rules from the rule file (CheckDoc.rules) */
	CK_OMISSION,    /* English left without its Korean (a deleted block) */
	CK_SOURCE_STALE, /* the English found is older than the Korean
	                   (CheckDoc.stale; checks-stale.c) */
	CK_PY_STRUCTURE, /* sphinx-gallery .py only (src/check/check-py.c) */
	CK_NUMBERS,      /* numbers and acronyms of the English missing, doubled
	                    words (pofilter's numbers, acronyms, doublewords;
	                    checks-numbers.c) */
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
 * (from == to inserts).  A text with newlines spans as many lines as it
 * has: from byte `from` of `line` to byte `to` of line `line` + its
 * newlines (check_fix_last()), so a fix never changes the lines' count.
 * The editor applies it through its own edit operations (so it is
 * undoable); check_fix_apply() applies it to Lines. */
typedef struct CheckFix {
	size_t line;
	size_t from, to;
	char *text; /* owned */
} CheckFix;

typedef struct Finding {
	CheckId check;
	CheckSeverity sev;
	size_t line;      /* 0-based target line */
	size_t last;      /* the last target line the finding is about (a
	                     term of a paragraph: its last line); at most
	                     line (0 included): line alone.  `check --since`
	                     keeps a finding when one of its lines changed */
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
typedef struct StyleRules StyleRules; /* the team style rules (style.c) */

/* What the checks know about the repository a document belongs to: built
 * from the Korean text of its translated files (check_repo_add_file; the
 * CLI caches the scan per repository and HEAD, check_repo_load) or fed by
 * another module (check_repo_add_rendering: the translation memory).
 * Read-only while checks run. */
typedef struct CheckRendering {
	char *en;      /* English term, case-folded ("collective communication") */
	char *ko;      /* its Korean rendering ("집합 통신") */
	size_t files;  /* files of the repository that gloss it so */
} CheckRendering;

typedef struct CheckRepo {
	SpellWords hada;           /* nouns seen glued to 하다/되다 (테스트, 컴파일) */
	VEC(CheckRendering) rend;  /* sorted by en, then files (descending) after
	                              check_repo_finish */
	size_t files;              /* Korean files seen */
	struct CountMap *words;    /* private: Hangul word -> files using it */
} CheckRepo;

void check_repo_init(CheckRepo *r);
void check_repo_release(CheckRepo *r);
/* One translated file of the repository (its Korean text): its 하다 stems
 * and its 한글(English) glosses (each distinct pair counts once per file). */
void check_repo_add_file(CheckRepo *r, const char *text, size_t n);
/* A rendering from elsewhere (files: in how many files). */
void check_repo_add_rendering(CheckRepo *r, const char *en, const char *ko, size_t files);
/* Sort and merge after the last add. */
void check_repo_finish(CheckRepo *r);
/* Load the repository that holds `file` (its HEAD, through git): every
 * translated *.rst / *.py / *.txt file's Hangul words, 하다 stems and
 * glosses, from the cache $XDG_CACHE_HOME/yeok/vocab/<repository>.txt when
 * it was made at the same HEAD, else re-reading only the files whose blob
 * changed (and rewriting the cache).  Not in a work tree, or no commit:
 * true, r unchanged.  False only when git fails. */
bool check_repo_load(const char *file, CheckRepo *r, Err *e);
/* The files of repositories check_repo_load reads and scans are counted:
 * STAT_REPO_FILES_SCANNED (stats.h). */
/* Teach sp the repository's language: words used in at least min_files
 * translated files pass as they are; nouns found with particles (트레이너는)
 * and 하다/되다 stems (최적화합니다) in that many files pass with every
 * ending; all words rank suggestions (spell_set_vocabulary). */
void check_repo_teach_spell(const CheckRepo *r, Spell *sp, size_t min_files);

typedef struct CheckDoc {
	const Lines *tgt;
	const RstDoc *tb;
	const Lines *src;     /* NULL: no source */
	const RstDoc *sb;     /* NULL iff src == NULL */
	const Alignment *al;  /* NULL iff src == NULL */
	Glossary *glossary;   /* NULL: no glossary (glossary check finds nothing) */
	CheckIndex *index;    /* owned; built by check_doc_init */
	const SpellWords *en_words; /* NULL, or the words of the whole English
	                         document (check_en_words_add): a Latin word of
	                         the Korean that the English has anywhere (a name
	                         in a block the alignment left without English:
	                         Colab, Bahdanau) is the English's, not a
	                         misspelling.  Borrowed */
	Spell *spell;         /* NULL (check_doc_init's default): the spelling
	                         check finds nothing.  Borrowed; set it after
	                         check_doc_init, with the glossary terms given
	                         to spell_add_terms() */
	const CheckRepo *repo;   /* NULL: no repository knowledge (spacing and
	                         consistency use the document alone) */
	const StyleRules *rules; /* NULL: the style check finds nothing */
	const char *const *allow; /* the document's glossary allow list (Korean
	                         words its avoided variants may use here: a
	                         reviewer kept 레이어 in one document); NULL */
	size_t allow_n;
	const HostDoc *tgt_host; /* NULL: tgt is the file itself (.rst).  Set
	                         (after check_doc_init) for a host format: tgt
	                         and tb are then tgt_host->text and ->blocks,
	                         the findings are moved to the file's bytes (the
	                         host prefix added), and py-structure and the
	                         code comments' prose checks run.  Borrowed */
	const HostDoc *src_host; /* the same for the source (NULL iff src is
	                         NULL or tgt_host is) */
	const struct SourceStale *stale; /* NULL, or the comparison of this
	                         English with the Korean (source.h, "a stale
	                         English"; measured on the pair as it was read,
	                         by the caller, who fills its `what`): when it
	                         says stale, source-stale reports it once (in
	                         the first unit with a Korean side) and the
	                         code-changed, markup-mismatch and py-structure
	                         findings of the units whose code, URLs or
	                         literals differ are not made; when it says
	                         unrelated (no translation of this English at
	                         all), nothing is compared with the English (the
	                         units see no source blocks): set it before the
	                         index is built.  Borrowed */
	CheckIndex *building; /* owned; a rebuild under way (check_doc_reindex_step) */
	CheckIndex *retired;  /* owned; the index a rebuild replaced, being freed
	                         (check_doc_reindex_step) */
	const CheckSet *index_for; /* NULL (check_doc_init's default): the index
	                         holds what every check reads; else (set before
	                         the index is built) only what these checks read:
	                         the reference names for broken-reference, the
	                         Korean maps for spacing, the consistency tables
	                         for consistency (`yeok check --only ID` pays for
	                         ID alone).  Borrowed */
	bool placed;          /* the last build put its index in place and no
	                         check_doc_reindex_again came since (the freeing
	                         of retired ends the rebuild, or a new build
	                         follows it) */
} CheckDoc;

/* Borrow everything; build the document index (reference target names).
 * src, sb, al: all NULL or all set. */
void check_doc_init(CheckDoc *d, const Lines *tgt, const RstDoc *tb, const Lines *src,
                    const RstDoc *sb, const Alignment *al, Glossary *gl);
void check_doc_release(CheckDoc *d);
/* Rebuild the index after the target changed (titles or targets edited). */
void check_doc_reindex(CheckDoc *d);
/* The same in slices, for idle time: each call indexes blocks (then
 * looks for Hangul) until it has read about max_bytes of the target's text
 * (at least one block or line), and returns how many it read, or 0 when
 * the new index is complete and in place (the old one serves until then;
 * with none, check_doc_init_unindexed's, nothing may be checked).  The
 * call that completes it returns nonzero still (but max_bytes SIZE_MAX):
 * the next one puts it in place; the old one (if any) is freed by the
 * calls after that, max_bytes units of work each (a name's slot is one,
 * a map or a large array 1,024), and the last returns 0 (with max_bytes
 * SIZE_MAX: all at once; after check_doc_reindex_again a new build
 * follows instead). */
size_t check_doc_reindex_step(CheckDoc *d, size_t max_bytes);
/* The target changed while a rebuild is under way: drop it (the blocks it
 * already read would count with their old text); the next step starts
 * again.  An index in place stays in place. */
void check_doc_reindex_cancel(CheckDoc *d);
/* The index in place is out of date too (titles or targets edited): the
 * same, and a build from the start follows the freeing of the old one. */
void check_doc_reindex_again(CheckDoc *d);
/* check_doc_init without the index: build it with check_doc_reindex_step
 * (or check_doc_reindex) before the first check_unit. */
void check_doc_init_unindexed(CheckDoc *d, const Lines *tgt, const RstDoc *tb, const Lines *src,
                              const RstDoc *sb, const Alignment *al, Glossary *gl);
/* True once an index is in place (check_unit may run). */
bool check_doc_indexed(const CheckDoc *d);

/* How many texts each thread keeps the inline markup and prose mask of
 * (rounded up to a power of two; the default, 16, serves the checks of
 * one unit): `yeok check` asks for a document's worth, since the index's
 * passes and the units' checks read every block several times. */
void check_memo_size(size_t entries);

/* Number of units: al->n with a source, else tb->n. */
size_t check_unit_count(const CheckDoc *d);
/* The unit holding target line `line` (0-based); check_unit_count() when
 * none does. */
size_t check_unit_of_line(const CheckDoc *d, size_t line);

/* Run the enabled checks on one unit; findings appended (sorted and merged
 * among themselves).  Returns the number appended. */
size_t check_unit(const CheckDoc *d, const CheckSet *set, size_t unit, FindingVec *out);

/* The editor's quick pass over the edited lines of a long paragraph:
 * when one BK_PARAGRAPH of unit's target holds lines [first, last],
 * run the enabled checks that check_runs_on_lines() on those lines alone,
 * as a paragraph of their own without the source, and append the
 * findings; false (nothing appended) for any other unit.  Costs what those lines cost, not the paragraph.  Not equal
 * to check_unit on its lines (markup across the window's edges, the
 * source's findings): the caller runs check_unit on the whole unit later. */
bool check_unit_lines(const CheckDoc *d, const CheckSet *set, size_t unit, size_t first,
                      size_t last, FindingVec *out);
/* Whether check_unit_lines runs a check: not those that read the English,
 * nor those that report once per block (glossary, consistency), nor
 * py-structure. */
bool check_runs_on_lines(CheckId id);

/* The findings on target lines [from, to) that lie outside every block
 * (blank lines with trailing whitespace: check_document reports them too),
 * appended to out; the editor asks for the lines after each segment. */
void check_between_blocks(const CheckDoc *d, const CheckSet *set, size_t from, size_t to,
                          FindingVec *out);
/* All units plus the document-wide findings (whitespace on lines outside
 * blocks); sorted.  Returns the number appended. */
size_t check_document(const CheckDoc *d, const CheckSet *set, FindingVec *out);

/* The enabled checks a missing source skips (entirely or in part), as
 * "code-changed, markup-mismatch, ..." appended to out; false when none
 * is affected. */
bool check_skipped_without_source(const CheckSet *set, Buf *out);

/* Whether fix still applies to lines: its lines and range exist, and a
 * fix over several lines (trailing whitespace) finds their text unchanged
 * but for the whitespace at their ends. */
bool check_fix_applies(const Lines *lines, const CheckFix *fix);
/* Apply a fix to lines (false, and nothing changed, when it no longer
 * applies). */
bool check_fix_apply(Lines *lines, const CheckFix *fix);
/* The last line a fix replaces bytes of: its line plus its text's
 * newlines. */
size_t check_fix_last(const CheckFix *fix);

/* Add the words of English lines [from, to) of src to w (for
 * CheckDoc.en_words; the editor adds them in slices). */
void check_en_words_add(SpellWords *w, const Lines *src, size_t from, size_t to);

/* ---- team style rules (the `style` check) --------------------------------
 * A YAML rule file in the manner of Vale's substitution and existence
 * rules (glossary/rules.yaml, format in glossary/README.md):
 *   rules:
 *     - {name: two-d, extends: substitution, swap: {2-D: 2차원}}
 *     - {name: we, extends: existence, scope: sentence-start, tokens: [우리는]}
 * Each finding names its rule ("(style rule two-d)").  A rule with
 * `check: spacing` (or punctuation) reports under that check's ID.
 * Errors: EXIT_CONFIG "FILE:LINE:COL: ...", EXIT_NOINPUT unreadable. */
StyleRules *style_rules_new(void);
void style_rules_free(StyleRules *s);
bool style_rules_load(StyleRules *s, const char *path, Err *e);
bool style_rules_load_mem(StyleRules *s, const char *name, const char *data, size_t n, Err *e);
size_t style_rules_count(const StyleRules *s);

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
