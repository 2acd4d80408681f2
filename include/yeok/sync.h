/*
 * sync — carry a translation into a new upstream English (`yeok sync`,
 * issue 20).
 *
 * Three texts: OLD_EN, the English the translation was made from; FILE,
 * the translation (English replaced by Korean in place); NEW_EN, the new
 * upstream English.  FILE is aligned against OLD_EN as the editor aligns
 * it (align_docs, the sidecar's statuses applied); every block of NEW_EN
 * then becomes one of:
 *
 *   kept   the same English as a block of OLD_EN (the same segment key;
 *          blocks in the same order first, then moved ones): that
 *          block's text from FILE, byte for byte (nothing when FILE has no
 *          text for it: the translator left it out), and FILE's blank
 *          lines between kept neighbours.  Only what upstream
 *          changed around it follows NEW_EN: a title's adornment
 *          character and overline, a list item's bullet or number, the
 *          indentation when the block moved in or out of a nested
 *          construct.  An old n:1 segment is kept when the same n blocks
 *          follow each other in NEW_EN.
 *          The same English in a block of another kind (a paragraph that
 *          became a title, a list item a paragraph) is not kept: stale
 *          when it had a translation (its Korean the hint; the entry's key
 *          then that of the old kind and text), else new.
 *   stale  similar English — the same kind and sync_similarity() >=
 *          SYNC_SIMILAR — of a block that had a translation: the new
 *          English, and its sidecar entry keeps the old Korean as `hint:`
 *          and the old English as `old:` (include/yeok/sidecar.h), so the
 *          editor shows it stale with the hint (progress_hint()).
 *   new    anything else: the new English (untranslated).
 *   code   literal blocks (code, `::` blocks, `.py` code cells): always the
 *          new code; identical code keeps FILE's version (with its
 *          translated comments); changed code (similar to an old block,
 *          SYNC_SIMILAR_CODE over lines) gets the translated version of
 *          each comment line that is unchanged, along with its code, in
 *          the new code.  Counted as kept (identical) or new.
 *   dropped  a block of OLD_EN that no block of NEW_EN took; listed.
 *
 * What the translator added with no English is kept next to the block it
 * followed: target-only blocks (a translator line of its own, an added
 * note) after the new block that took the block before them; translator
 * lines (`**번역**:`, sidecar_is_translator_line) inside a block that is
 * not kept at the end of the new author paragraph (or of the new block
 * that took theirs).
 *
 * The result keeps FILE's byte order mark, line endings (each carried
 * line its own; new lines FILE's most common one) and final newline.  The
 * sidecar gets one entry per segment of the result (its statuses carried:
 * done stays done where the English is identical), the stale entries
 * with their hints, and NEW_EN as the new source record; review comments,
 * the checklist, the translator and unknown keys are kept.
 *
 * Files are read in their host format (include/yeok/host.h, chosen by the
 * path): `.rst` as RST, sphinx-gallery `.py` with its docstring and text
 * blocks as RST and its code cells as code blocks.  Keys, similarity and
 * hints are made from the RST text (a `.py` hint has no `# `); the result
 * is written from the files' lines, so a kept `.py` block keeps its `# `
 * prefixes and a code cell its translated comments.
 *
 * Depends on util, text, lines, rst, host, align, diff, sidecar, progress,
 * source, pair, vcs, journal.  Never prints.
 */
#ifndef YEOK_SYNC_H
#define YEOK_SYNC_H

#include "yeok/align.h"
#include "yeok/host.h"
#include "yeok/progress.h"
#include "yeok/sidecar.h"

/* The similarity from which a changed block counts as an edit of an old
 * one (stale, with the old Korean as a hint) rather than a new block; a
 * prose pair also needs two words in common (unless one side is a single
 * word).  Measured on the 66 upstream English→English edits of .rst files
 * in the dev bundle (278 changed blocks, best candidate of each labelled
 * by hand): from 0.35 up every pair but 1 is the same block edited; 0.30-
 * 0.35 holds 2 heavy rewrites; below 0.30 nearly all are different blocks.
 * README "yeok sync" has the table. */
#define SYNC_SIMILAR 0.35
/* The same for code blocks, over their lines.  Lower: a match of code
 * only carries translated comments of lines that are identical in both. */
#define SYNC_SIMILAR_CODE 0.3


typedef enum SyncFate {
	SYNC_KEPT,  /* FILE's text for the same English */
	SYNC_STALE, /* new English, the old Korean as a hint */
	SYNC_NEW,   /* new English (or new code) */
} SyncFate;

/* "kept", "stale", "new". */
const char *sync_fate_name(SyncFate f);

/* One block (or run of blocks) of NEW_EN and what became of it. */
typedef struct SyncBlock {
	size_t block;      /* first block of NEW_EN (index into its blocks) */
	size_t count;      /* blocks of NEW_EN covered (> 1: an old n:1 segment kept whole) */
	BlockKind kind;
	SyncFate fate;
	long old_seg;      /* the segment of the old alignment (OLD_EN ↔ FILE) it came
	                      from, -1 for none */
	double similarity; /* to that segment's English: 1 for kept, else the measure */
	bool moved;        /* kept out of order (its English moved) */
	size_t out_first;  /* its lines in the result: out_n lines from out_first */
	size_t out_n;      /* (0-based); 0 for a kept block that had no text in FILE
	                      (the translator left it out) */
	size_t comments;   /* code: translated comment lines carried */
} SyncBlock;

/* A segment of the old alignment that nothing took. */
typedef struct SyncDropped {
	long seg;          /* index into the old alignment */
	BlockKind kind;
	size_t src_first;  /* its first line in OLD_EN (0-based) */
	long tgt_first;    /* its first line in FILE (0-based), -1 when it had none */
	bool translated;   /* FILE's text differed from the English */
} SyncDropped;

typedef struct SyncCount {
	size_t kept, stale, fresh, dropped; /* blocks of NEW_EN by fate (fresh = new); dropped
	                                       segments of OLD_EN */
	size_t comments;  /* translated code comment lines carried into changed code */
	size_t additions; /* target-only blocks and translator lines carried */
	size_t lost;      /* translator's additions that found no place (0 expected) */
	size_t translated;         /* segments of OLD_EN that FILE translated */
	size_t dropped_translated; /* of which dropped: their Korean goes nowhere */
} SyncCount;

typedef struct SyncResult {
	Buf orig;           /* FILE as it was read */
	Buf text;           /* the new FILE, byte for byte */
	bool changed;       /* text differs from FILE */
	bool had_sidecar;   /* FILE had a sidecar (sync_file) */
	Sidecar sc;         /* the sidecar to write (owned) */
	struct { SyncBlock *v; size_t n, cap; } blocks;     /* in NEW_EN order */
	struct { SyncDropped *v; size_t n, cap; } dropped;  /* in OLD_EN order */
	SyncCount count;
	size_t mismatched;  /* segments of the result whose status on reopening (the
	                       editor's alignment and progress_apply) is not the one
	                       sync meant: kept translated -> untranslated, stale ->
	                       not stale, new -> stale or done.  0 expected; tested */
	char *old_desc;     /* where OLD_EN and NEW_EN came from (sync_file; owned, */
	char *new_desc;     /* terminal-unsafe), NULL from sync_texts */
	bool new_cr_only;   /* NEW_EN's lines end in CR alone (old Mac): it reads as
	                       one line */
	size_t new_blocks;  /* blocks of NEW_EN (0: empty or blank) */
	bool snapshot;      /* NEW_EN lies outside FILE's work tree (sync_file): the
	                       sidecar records it as FILE.yeok.src, which sync_write
	                       writes from new_en (the bytes of NEW_EN) */
	Buf new_en;
} SyncResult;

void sync_result_init(SyncResult *r);
void sync_result_release(SyncResult *r);

/* Carry FILE (tgt, named name in messages and for sync_segment) from
 * old_en to new_en.  sc is FILE's sidecar (borrowed; may be NULL); r gets
 * a copy with the entries replaced (its source record is not touched:
 * sync_file records NEW_EN).  Never fails on any bytes: true. */
bool sync_texts(const char *name, Str old_en, Str tgt, Str new_en, const Sidecar *sc,
                SyncResult *r, Err *e);

/* Where the texts come from (the command line). */
typedef struct SyncOpts {
	const char *from;     /* --from OLD_EN, or NULL */
	const char *from_rev; /* --from-rev REV (FILE at REV), or NULL */
	const char *to;       /* --to NEW_EN, or NULL */
	const char *to_rev;   /* --to-rev REV (FILE at REV), or NULL; exactly one of
	                         to and to_rev */
	bool force;           /* --force: write a sync sync_sane refuses */
} SyncOpts;

/* Sync the document at path: read it and its sidecar, find OLD_EN
 * (--from, --from-rev; else the source recorded in the sidecar; else the
 * newest English revision of the file in its git history; else, when FILE
 * itself is English, FILE), read NEW_EN, sync_texts, and record NEW_EN as
 * the sidecar's source (file: its path relative to FILE's folder, or git:
 * the commit of REV and the path).  Writes nothing.  Errors, with the file
 * named: EXIT_USAGE (both --from and --from-rev, neither or both of
 * --to and --to-rev, no English original found), EXIT_NOINPUT (a file
 * cannot be read, a revision or path does not exist), EXIT_DATAERR (FILE
 * or NEW_EN is binary; NEW_EN is not English; a corrupt sidecar; a recorded
 * source whose sha256 changed; unsaved editor work in FILE.yeok.journal),
 * EXIT_IOERR (git failed). */
bool sync_file(const char *path, const SyncOpts *o, SyncResult *r, Err *e);

/* Is r a sync that may be written without --force?  False, with a message
 * naming path and saying what would be lost (EXIT_DATAERR), when NEW_EN
 * has no blocks (empty or blank: every Korean block would go), when its
 * lines end in CR alone (it reads as one line), or when the sync would drop
 * most of FILE's translated segments (more than half, their Korean having
 * no place in NEW_EN: not even a hint) — what a wrong NEW_EN gives. */
bool sync_sane(const char *path, const SyncResult *r, Err *e);

/* Write r: FILE and its sidecar, each atomically, when FILE changed (an
 * unchanged FILE gets its sidecar rewritten only when it had one: a sync
 * of untouched files leaves no new side files).  The snapshot and the
 * sidecar (with the stale blocks' Korean as hints) go first, FILE last: an
 * interruption between them leaves FILE as it was and nothing lost.  FILE
 * must still hold what sync_file read (r->orig), checked before anything
 * is written and again just before FILE is (another program's save is
 * never overwritten: EXIT_IOERR).  When FILE cannot be written the side
 * files are put back as they were.  The caller keeps SIGINT, SIGTERM and
 * SIGHUP blocked around the call.  EXIT_IOERR. */
bool sync_write(const char *path, const SyncResult *r, Err *e);
/* Test hook: called by sync_write after the side files are written and
 * before FILE is (NULL: none). */
extern void (*sync_test_before_file)(const char *path);

/* ---- for the editor: the hint of a stale segment ------------------------- */

/* The lines that replace a stale segment's target lines when the
 * translator takes its hint (progress_hint()): each line of hint, its
 * non-blank lines prefixed with indent (the leading whitespace of the
 * segment's first target line), each ended with eol (EOL_NONE: LF).
 * Appended to out; ready for lines_replace(). */
void sync_hint_text(const char *hint, Str indent, Eol eol, Buf *out);

/* ---- for review: what a sync carried unchanged --------------------------- */

/* Which segments of the head alignment (src ↔ head, the one `yeok review`
 * builds; src, head: the RST text of the lines, as align was given) a sync
 * carried unchanged from the base: the segment's English is also English
 * of base_src (the English the base was translated from), and the base
 * aligned to that English has the very same target text.  base_src and
 * base are file lines, read in format fmt (what the caller segmented src
 * and head with).  carried[i] is set for those (false elsewhere); returns
 * how many.  Used to show only the segments whose English changed in a
 * sync commit. */
size_t sync_carried(const Lines *src, const RstDoc *sb, const Lines *head, const RstDoc *hb,
                    const Alignment *al, const Lines *base_src, const Lines *base,
                    HostFormat fmt, bool *carried);

/* Invariant: blocks in order covering NEW_EN's blocks once, result ranges
 * in order and inside the text, counts consistent. */
bool sync_check(const SyncResult *r, size_t new_blocks, Err *e);

#endif
