/*
 * tm — the translation memory of a repository (issue 18): English prose
 * segments with the Korean the repository's own history gives them,
 * stored in SQLite, looked up exactly and fuzzily, exchanged as TMX 1.4.
 *
 * The only module that includes <sqlite3.h>.  Depends on util, text,
 * lines, rst, host, align, pair, check (to leave out segments next to RST errors),
 * vcs, source and sidecar.  Never prints.
 *
 * Inputs (tm_build).  Every tracked `.rst` and `.py` file at HEAD (regular
 * files of at most TM_MAX_FILE_BYTES, read from git's objects, never
 * through the work tree; symlinks and submodules skipped) that is
 * translated (HEAD's version is not English by text_is_english) and has an
 * English: the one its sidecar records (FILE.yeok.yaml in the work tree,
 * through source_resolve), else the newest English version in HEAD's
 * first-parent history (source_history_english: the rule of
 * source_english_in_history, one git pass for the whole repository).
 * Each side is read in its host format (host_segment: `.py` text blocks
 * and docstring as RST, code cells as code) and aligned by align_docs,
 * behind one adapter (src/tm/pairs.c).
 *
 * What is kept: prose segments (titles, paragraphs, list items, fields)
 * and, in `.py` code cells, code comments paired by host_pair_comments
 * (kind "comment"), whose alignment is confident: 1:1, 2:1 or 1:2 between prose blocks of
 * the same kind, translated (the Korean differs and holds Hangul), not in
 * or next to a segment with an RST error in the Korean (title-underline,
 * markup-spacing, directive-translated errors), at most TM_MAX_SEG_BYTES
 * a side, valid UTF-8 without control characters (so every segment can be
 * written as XML); files where under half of the English blocks found a
 * partner are left out.  Per segment: the English and Korean text (the
 * blocks' text, indentation removed, blocks of a 2:1 joined by a blank
 * line), the file path, the Korean's first line (1-based), and the newest
 * commit that changed the file (its id, author and author date).
 *
 * Location.  $XDG_CACHE_HOME/yeok/tm/<repository id>.sqlite (else
 * ~/.cache/...), or a path given by the caller (--tm PATH; `tm:` in
 * config.yaml once the Config reader lands).  The repository id is the id
 * of the root commit of HEAD's history (the smallest, when unrelated
 * histories were merged): stable across clones, fetches and rebases of
 * the same project, so clones share one memory (an update from a clone at
 * another HEAD rebuilds it).
 *
 * Schema (TM_SCHEMA_VERSION; another version is "foreign" and rebuilt):
 *   meta(key TEXT PRIMARY KEY, value TEXT)   schema, repo, head, built,
 *                                            top, exclude
 *   seg(id INTEGER PRIMARY KEY, kh INTEGER, key TEXT, en TEXT, ko TEXT,
 *       file TEXT, line INTEGER, kind TEXT, commit_id TEXT, author TEXT,
 *       date INTEGER, nw INTEGER, origin INTEGER)
 *       key: the English NFC with whitespace runs made one space (exact
 *       matches compare keys); kh: its 64-bit FNV-1a (indexed); nw: its
 *       word count; date: seconds since the epoch; origin 0 = built from
 *       the repository, 1 = imported from TMX (kept by rebuilds)
 *   seg_fts USING fts5(key, content='seg', content_rowid='id',
 *       tokenize='unicode61', detail='none')   candidate retrieval (a
 *       word index: FTS5's trigram tokenizer was measured at 3.5 ms CPU
 *       for six one-word queries at 50k segments, and 8-80 ms for one
 *       bm25-ranked OR of them; the word index at 0.3 ms)
 *   words(w TEXT PRIMARY KEY, df INTEGER)  how many segments hold each
 *       case-folded English word of 3+ letters (the rarest words of a
 *       query are the ones searched)
 *
 * Whose file.  yeok writes only what it made (tm_may_replace): a build,
 * an update, an import or the editor never replaces a file that --tm or
 * `tm:` names when it is not a yeok memory; the header's application id
 * (TM_APP_ID, "yeok") and the exact schema tell.
 *
 * Reliability.  tm_build writes a temporary database beside the target
 * (journal off), fsyncs it and renames it into place; an interrupted build
 * leaves the old memory intact.  Writers (build, update, import) take an
 * exclusive lock on PATH.lock first; a second writer fails at once
 * (EXIT_IOERR, "another build or update ... is running").  The database uses the rollback
 * journal, not WAL: a WAL file is named after the database, and a
 * database renamed into place would meet the old one's WAL.  Readers open
 * read-only and wait at most TM_BUSY_MS for a writer's commit; any number
 * read at once.  A database that is not SQLite, corrupt, of another schema
 * or of another repository fails to open with EXIT_DATAERR; tm_update then
 * rebuilds it (TmStats.rebuilt says why).  No function here crashes on
 * a bad database: every SQLite error is an Err.
 *
 * Threads: a Tm is one SQLite connection, used by one thread at a time.
 * TmWorker (below) owns its own connection on its own thread, for the
 * editor.
 */
#ifndef YEOK_TM_H
#define YEOK_TM_H

#include <stdatomic.h>
#include "yeok/util.h"

#define TM_SCHEMA_VERSION 1
#define TM_MAX_FILE_BYTES (4u << 20)  /* larger files are skipped */
#define TM_MAX_SEG_BYTES (16u << 10)  /* longer segments are not kept */
#define TM_BUSY_MS 200                /* how long a reader waits for a commit */
#define TM_DEFAULT_MAX 5              /* matches returned (OmegaT's default) */
#define TM_DEFAULT_MIN 30             /* lowest fuzzy score (OmegaT's default) */

/* ---- where the memory is ------------------------------------------------ */

/* The repository id of the work tree at top (see above) into id.  Errors:
 * not a work tree, no commits (EXIT_NOINPUT). */
bool tm_repo_id(const char *top, char id[41], Err *e);
/* $XDG_CACHE_HOME/yeok/tm/ID.sqlite (else $HOME/.cache/...); caller frees. */
char *tm_default_path(const char *repo_id);

/* ---- building ----------------------------------------------------------- */

typedef struct TmBuildOpts {
	const char *top;             /* the work tree's top level */
	const char *db;              /* the database path */
	const char *const *exclude;  /* repository-relative paths to leave out
	                                (NULL-terminated; NULL: none; update:
	                                NULL keeps those of the last build) */
	const atomic_bool *cancel;   /* or NULL: once true, the build or update
	                                stops before its next file and fails
	                                (EXIT_IOERR, "cancelled"), the memory as
	                                it was (the editor's quit: tm/worker.c) */
} TmBuildOpts;

typedef struct TmStats {
	size_t commits;       /* commits processed: all of HEAD's first-parent
	                         history (build), those since the last build
	                         (update) */
	size_t files;         /* translated files read and aligned */
	size_t skipped;       /* candidate files left out: too big, a symlink,
	                         no English in history, untranslated, a pair
	                         that does not align (a stub) */
	size_t segments;      /* segments now in the memory from these files */
	size_t dropped;       /* prose segments of these files not confident */
	size_t removed;       /* (update) segments removed */
	bool full;            /* (update) it was a full build */
	bool up_to_date;      /* (update) nothing to do */
	char rebuilt[160];    /* (update) why a full build was needed: "no
	                         memory yet", "corrupt: ...", "history
	                         rewritten"; "" when not */
	char head[41];        /* the HEAD processed */
} TmStats;

/* Build the memory of o->top into o->db from scratch (temporary database
 * and rename; imported segments of a readable old database are carried
 * over).  Errors: git (EXIT_NOINPUT, EXIT_IOERR), the database folder or
 * file cannot be written (EXIT_IOERR), another writer (EXIT_IOERR). */
bool tm_build(const TmBuildOpts *o, TmStats *st, Err *e);
/* Bring the memory up to HEAD: only the files changed by the commits
 * since the recorded head are re-read (their segments replaced), in one
 * transaction.  A missing, corrupt, foreign or diverged memory (the
 * recorded head is not an ancestor of HEAD) is built from scratch. */
bool tm_update(const TmBuildOpts *o, TmStats *st, Err *e);

/* ---- an open memory ----------------------------------------------------- */

typedef struct Tm Tm;

/* Open the memory at path for reading, or (writable) for tm_import_tmx;
 * writable takes the writer lock (as build and update do, released by
 * tm_close) and creates an empty memory (and its folders) when there is
 * none.  Only a memory yeok wrote opens: an SQLite file with TM_APP_ID in
 * its header (or, made before the id, with no id) and exactly yeok's
 * schema; the connection runs no trigger, view or schema-named function,
 * and a lookup is stopped after TM_QUERY_MS (tm-private.h).
 * Errors: missing (EXIT_NOINPUT, "no translation memory at PATH (yeok tm
 * build)"); not SQLite, not yeok's, corrupt, another schema
 * (EXIT_DATAERR); busy, not writable or another writer (EXIT_IOERR).  NULL
 * on failure. */
Tm *tm_open(const char *path, bool writable, Err *e);

/* May yeok write or replace what is at path (a build, an update, an
 * import, a rebuild of a corrupt memory)?  True when nothing is there or
 * it is a regular file yeok made: its header has yeok's application id
 * (corrupt or of another version, it is rebuilt), or no id and yeok's
 * exact schema (a memory of before the id), or any regular file in yeok's
 * own folder of memories ($XDG_CACHE_HOME/yeok/tm: a memory broken
 * there is built again).  Anything else — a TMX, a
 * text file, another program's SQLite database, a FIFO, a device, a
 * symbolic link — false with e naming it (EXIT_DATAERR): never written. */
bool tm_may_replace(const char *path, Err *e);
void tm_close(Tm *tm);

typedef struct TmInfo {
	char repo[41];       /* repository id ("" for a memory made by import) */
	char head[41];       /* the HEAD it was built or updated at */
	long long built;     /* time of the last build or update */
	size_t segments;     /* all segments */
	size_t imported;     /* of which imported */
} TmInfo;
bool tm_info(Tm *tm, TmInfo *out, Err *e);

/* ---- lookup -------------------------------------------------------------
 * Scores follow OmegaT's FuzzyMatcher.calcSimilarity: the Levenshtein
 * distance ld over token lists, similarity = 100 * (max(n, m) - ld) /
 * max(n, m) in integer arithmetic.  `score` is computed over the words
 * (runs of letters, case-folded; placeables and numbers are not words, as
 * OmegaT's "no stem" score leaves out tags and numbers; no stemming), and
 * `score_all` over every token (words, numbers, placeables, punctuation:
 * OmegaT's "adjusted" score).  100 is kept for matches whose English is
 * the same text (whitespace aside); anything else is at most 99.  Matches
 * are ordered by score, then score_all, then by how many files use that
 * rendering (TmMatch.files), then newest first.
 *
 * Candidates: the exact matches (by kh), then for each of the query's
 * six rarest words (by `words.df`) the segments that hold it (an
 * unranked FTS5 query, at most 256 each); the 40 holding the most of the
 * words, those whose word count can reach min_score, are scored in C. */

typedef struct TmSpan {
	size_t off, len; /* bytes of TmMatch.en (or of the query, cur_diff) */
} TmSpan;

typedef struct TmMatch {
	long long id;      /* seg.id */
	int score;         /* 0..100, 100 only for the same English */
	int score_all;     /* over all tokens */
	char *en;          /* the match's English (owned) */
	char *ko;          /* its Korean as stored (owned) */
	char *file;        /* repository path, or "" for an import without one */
	long line;         /* the Korean's first line in file, 0 when unknown */
	char *commit;      /* commit id or "" (owned) */
	char *author;      /* "" when unknown (owned; terminal-unsafe) */
	long long date;    /* seconds since the epoch, 0 when unknown */
	bool imported;
	size_t files;      /* files of the candidates that render en as ko (the
	                      repository's majority rendering ranks first among
	                      equal scores) */
	TmSpan *diff;      /* words of en that the query lacks (to highlight) */
	size_t diff_n;
	TmSpan *cur_diff;  /* words of the query that en lacks */
	size_t cur_diff_n;
} TmMatch;

typedef struct TmMatches {
	TmMatch *v;
	size_t n, cap;
} TmMatches;
void tm_matches_release(TmMatches *m); /* frees every match; m is empty */

typedef struct TmLookupOpts {
	int max;                  /* at most this many (0: TM_DEFAULT_MAX) */
	int min_score;            /* at least this score (0: TM_DEFAULT_MIN) */
	const char *skip_file;    /* leave out segments of this repository
	                             path (the file being translated), or NULL */
} TmLookupOpts;

/* Matches for the English en[0..n) into out (replaced).  opts may be NULL.
 * Errors: SQLite failing (EXIT_IOERR; EXIT_DATAERR when corrupt). */
bool tm_lookup(Tm *tm, const char *en, size_t n, const TmLookupOpts *opts, TmMatches *out,
               Err *e);

/* The Korean of match m, to insert for the current English cur[0..n):
 * the placeables (inline literals ``x``, roles :r:`x`, URLs, numbers) of
 * m->en that differ from those at the same place in cur are replaced in
 * the Korean by cur's (OmegaT does the same with tags).  The text is the
 * segment's prose as the memory keeps it: the blocks' lines without their
 * indentation (a list item without its bullet), blocks of a 2:1 split by
 * a blank line; the editor re-indents it when it replaces the segment's
 * prose.  Caller frees. */
char *tm_insert_text(const TmMatch *m, const char *cur, size_t n);

/* Score two English texts as tm_lookup does (score and score_all). */
void tm_score(const char *a, size_t an, const char *b, size_t bn, int *score, int *score_all);

/* ---- consistency ---------------------------------------------------------- */

typedef struct TmRendering {
	char *ko;          /* one Korean rendering (whitespace runs made one space) */
	size_t count;      /* segments that use it */
	char *where;       /* "path:line" of its first use (owned) */
	size_t files;      /* distinct files that use it */
} TmRendering;

typedef struct TmRenderings {
	TmRendering *v;    /* most used first (ties: first seen) */
	size_t n, cap;
} TmRenderings;
void tm_renderings_release(TmRenderings *r);

/* How the repository renders the English en[0..n) (exact matches only),
 * leaving out skip_file's segments (NULL: none).  Errors as tm_lookup. */
bool tm_renderings(Tm *tm, const char *en, size_t n, const char *skip_file, TmRenderings *out,
                   Err *e);

/* The consistency test of one segment, given the repository's renderings
 * r of its English en[0..n) (tm_renderings): false when its Korean
 * ko[0..kn) (the prose as the memory keeps it; whitespace runs count as
 * one space) is the majority rendering, or there is none; else the
 * finding's *message (naming the majority rendering, how often and where
 * it is used) and *suggestion (the majority rendering), both owned by the
 * caller.  tm_consistency and the editor (which gets r from the worker)
 * decide by this. */
bool tm_consistency_message(const char *en, size_t n, const char *ko, size_t kn,
                            const TmRenderings *r, char **message, char **suggestion);

/* One cross-repository consistency finding (the `consistency` check's
 * repository part; the caller makes it a Finding of that check). */
typedef struct TmFinding {
	size_t line;       /* 0-based target line (the segment's first) */
	size_t byte;       /* byte offset in that line */
	char *message;     /* owned */
	char *suggestion;  /* the majority rendering (owned) */
} TmFinding;
typedef struct TmFindings {
	TmFinding *v;
	size_t n, cap;
} TmFindings;
void tm_findings_release(TmFindings *f);

/* For each translated prose segment of a document (aligned as for
 * `yeok check`) whose English the memory holds from other files than
 * file_rel (the document's repository path) under a Korean that is not
 * the document's: a finding naming the majority rendering, how often and
 * where it is used.  A segment whose Korean is the majority's is fine.
 * Errors as tm_lookup. */
struct Lines;
struct RstDoc;
struct Alignment;
bool tm_consistency(Tm *tm, const char *file_rel, const struct Lines *src,
                    const struct RstDoc *sb, const struct Lines *tgt, const struct RstDoc *tb,
                    const struct Alignment *al, TmFindings *out, Err *e);

/* Terms rendered several ways across the repository: the English of
 * segments of at most max_words words (titles, short list items) that
 * the memory holds with two or more Korean renderings; each TmRenderings
 * (most used first) with its English in en[i].  Caller frees with
 * tm_terms_release. */
typedef struct TmTerms {
	char **en;
	TmRenderings *r;
	size_t n, cap;
} TmTerms;
bool tm_terms(Tm *tm, int max_words, TmTerms *out, Err *e);
void tm_terms_release(TmTerms *t);

/* ---- TMX 1.4 (https://www.gala-global.org/tmx-14b) --------------------- */

/* Write every segment as TMX 1.4 to path (atomically): srclang "en",
 * tuv xml:lang "en"/"ko", props "file", "line", "commit", "kind",
 * creationid = author, creationdate = the commit's date (UTC).  What
 * OmegaT reads from a project's tm/ folder.  *n gets the count. */
bool tm_export_tmx(Tm *tm, const char *path, size_t *n, Err *e);

/* Import the English→Korean pairs of a TMX file (1.1–1.4; the source tuv
 * by srclang, else "en*"; the target "ko*").  Bounded and strict: at most
 * TM_TMX_MAX_BYTES, UTF-8 only, no DOCTYPE internal subset, no entities
 * but the five of XML and character references (nothing is ever
 * expanded), nesting at most TM_TMX_MAX_DEPTH.  Inline codes (bpt, ept,
 * ph, it, hi, ut, sub) keep their text.  A malformed file changes nothing
 * and names the file and line.  Pairs already in the memory (same
 * English, Korean, file and line) are not added twice. */
#define TM_TMX_MAX_BYTES (256u << 20)
#define TM_TMX_MAX_DEPTH 32
typedef struct TmImportStats {
	size_t units;      /* translation units read */
	size_t added;      /* segments added */
	size_t duplicates; /* already there */
	size_t skipped;    /* no English or no Korean, too long, control chars */
} TmImportStats;
bool tm_import_tmx(Tm *tm, const char *path, TmImportStats *st, Err *e);

/* The parser behind tm_import_tmx (pure; for the fuzzer).  Calls unit()
 * for each <tu> with its English and Korean (either may be NULL) and its
 * props; stops with false when unit() returns false. */
typedef struct TmxUnit {
	const char *en, *ko;          /* NUL-terminated, borrowed for the call */
	const char *file, *commit, *author, *kind;   /* may be NULL */
	long line;
	long long date;               /* 0 when none */
} TmxUnit;
bool tm_tmx_parse(const char *data, size_t n, const char *name,
                  bool (*unit)(const TmxUnit *u, void *ctx), void *ctx, Err *e);

/* ---- the editor's worker ------------------------------------------------
 * Lookups that never block the caller: one thread owns its own read-only
 * connection and answers requests in order (only the latest pending
 * request is kept, as spell_suggest_request).  The database is reopened
 * when the file at the path was replaced (a build renamed a new one into
 * place).  An error (no memory, corrupt) is kept for tm_worker_error()
 * and reported there once; lookups then give no matches.  A background
 * update runs on a second thread with its own connection. */

typedef struct TmWorker TmWorker;
typedef struct TmWorkerOpts {
	const char *db;   /* the memory, or NULL: the default one of file's
	                     repository (tm_repo_id, tm_default_path), found on
	                     the worker thread — git never runs on the caller's */
	const char *file; /* the document being edited, or NULL: its repository
	                     path is left out of tm_worker_renderings */
	bool update;      /* once the memory is found and exists, run tm_update
	                     of file's repository in the background (nothing but
	                     two git calls when it is up to date; a corrupt or
	                     foreign memory is built again); results through
	                     tm_worker_update_poll */
} TmWorkerOpts;
/* Start the worker (never blocks, never fails).  A memory that cannot be
 * found (no --tm and no repository) is the worker's error (EXIT_NOINPUT),
 * as a missing file is. */
TmWorker *tm_worker_start(const TmWorkerOpts *o);
/* The same for the memory at db, no document, no update. */
TmWorker *tm_worker_new(const char *db);
/* Where the worker found the memory and the document's repository path
 * (each NULL when none; caller frees); false while it is still looking. */
bool tm_worker_where(TmWorker *w, char **db, char **rel);
/* Stop the threads (a running update finishes first), free all. */
void tm_worker_free(TmWorker *w);

/* Queue a lookup; returns its id (> 0).  opts may be NULL (copied). */
uint64_t tm_worker_lookup(TmWorker *w, const char *en, size_t n, const TmLookupOpts *opts);
typedef enum TmPoll { TM_PENDING, TM_DONE, TM_UNKNOWN } TmPoll;
/* DONE: *out gets the matches (replaced; the caller owns them) and the
 * result is forgotten.  UNKNOWN: dropped, never asked, or already taken. */
TmPoll tm_worker_poll(TmWorker *w, uint64_t id, TmMatches *out);
/* Block until lookup id is done (tests, the CLI), then as tm_worker_poll. */
TmPoll tm_worker_wait(TmWorker *w, uint64_t id, TmMatches *out);

/* Start `tm update` of o in the background (o and its strings are copied).
 * False when one is already running. */
bool tm_worker_update(TmWorker *w, const TmBuildOpts *o);
/* The background update: TM_PENDING while running, TM_DONE once (then
 * *st and the result: false with e filled when it failed), TM_UNKNOWN
 * when none was started or it was already taken. */
TmPoll tm_worker_update_poll(TmWorker *w, TmStats *st, bool *ok, Err *e);

/* Queue the renderings (tm_renderings: exact matches only, the document's
 * own repository path left out) of the English texts en[0..n) (copied);
 * returns the batch id (> 0).  A newer batch replaces one not finished;
 * lookups go first (the batch is computed one text at a time between
 * them). */
uint64_t tm_worker_renderings(TmWorker *w, const char *const *en, size_t n);
/* DONE: *out gets the n renderings, in the order of en (the caller owns
 * them: tm_renderings_release each, free the array; *n is 0 and *out NULL
 * when the memory failed).  PENDING: still computing.  UNKNOWN: replaced,
 * never asked or already taken. */
TmPoll tm_worker_renderings_poll(TmWorker *w, uint64_t id, TmRenderings **out, size_t *n);

/* Readable when a lookup, a batch or an update finished (for poll() in the main
 * loop); drain with tm_worker_notify_drain(). */
int tm_worker_notify_fd(TmWorker *w);
void tm_worker_notify_drain(TmWorker *w);
/* The worker's database error, once: true with e filled the first time
 * after it happened, false afterwards and when there is none. */
bool tm_worker_error(TmWorker *w, Err *e);

#endif
