/*
 * source — find the English original of a document (DESIGN.md §2 "Source").
 *
 * The one source resolution of every command (editor, check, align,
 * stats, review, pr): given the target path and the options, yields the
 * source text and a description of where it came from.  Order:
 *   1. --source PATH          (opts->path)
 *   2. --source-rev REV       (opts->rev: the file's content at git revision
 *                              REV, read through the vcs module, which runs
 *                              the git program with an argument vector and
 *                              `--` before the path; no shell)
 *   3. the sidecar's record   (opts->recorded, filled by the caller from the
 *                              sidecar; see SourceRecord)
 *      With config.yaml's `upstream:` set (source_set_upstream), a `git:`
 *      record (an English of the translation's own history) gives way to
 *      the upstream English (3c) when there is one, and an `upstream:`
 *      record to the commit a newer sync names (a sync commit after the
 *      record edited the Korean).
 *   3a. MDN's front matter     (a `.md` whose front matter names
 *                              `l10n: sourceCommit: ID`: the English tree's
 *                              file at that commit of its repository)
 *   3b. the English tree       (unless opts->no_tree: a translation kept
 *                              in a tree of its own, source_tree_path():
 *                              the mappings of config.yaml's `sources:`,
 *                              else the `…/ko/…` beside `…/en/…` layout;
 *                              never recorded, so a record is an explicit
 *                              choice (--source) and wins)
 *   3c. the upstream English   (opts->history and `upstream:` set: the
 *                              upstream clone's same path (or as its
 *                              `map:` says) at the commit the newest sync
 *                              commit at or before the file's last change
 *                              names, else at the upstream revision whose
 *                              code, URLs and directives match the
 *                              Korean's best: source_upstream_*, below)
 *   4. the English from history (opts->history: in a git work tree, the
 *                              newest commit whose version of the file is
 *                              English, source_english_in_history)
 *      Steps 3 (a `git:` record) and 4 read through bulk when it is given
 *      (source_resolve_in) and holds the document (source_history_path_of):
 *      one `git log` and one `git cat-file --batch` for a whole repository
 *      instead of git processes per file, with the same result (a record
 *      the batch cannot read is read the per-file way, for its message).
 *   5. the document itself    (opts->self_fallback: only for a file with no
 *                              such history; the caller says so) — else
 *                              no source (SOURCE_NONE: the caller runs
 *                              what needs no English)
 * Giving both path and rev is a usage error.
 *
 * Depends on util, stats, text, lines, rst, host, sidecar, vcs.  Never prints.
 */
#ifndef YEOK_SOURCE_H
#define YEOK_SOURCE_H

#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/util.h"

typedef enum SourceOrigin {
	SOURCE_PATH,    /* --source PATH */
	SOURCE_REV,     /* --source-rev REV */
	SOURCE_SIDECAR, /* the record in FILE.yeok.yaml */
	SOURCE_HISTORY, /* the newest English revision in the file's git history */
	SOURCE_SELF,    /* the document itself */
	SOURCE_TREE,    /* the English at the same place of the English tree
	                   (source_tree_path); found again each time, never
	                   recorded in the sidecar */
	SOURCE_UPSTREAM, /* the upstream repository's English (step 3c) */
	SOURCE_NONE,    /* none found (no self_fallback): empty text */
} SourceOrigin;

/* What the sidecar records about the source (DESIGN.md §4.1 `source:`).
 * Filled by the caller (the session, from the sidecar module); every field
 * may be NULL.  Exactly one of git/file/snapshot is used, in that order:
 *   git:      a commit; the text is `path` at that commit (path relative to
 *             the repository top level, as git shows it)
 *   file:     a path to the English file (relative to the target's folder
 *             unless absolute)
 *   snapshot: a byte snapshot file (same path rule)
 * sha256, when set, is checked against the bytes read: a mismatch is an
 * EXIT_DATAERR error naming the sidecar's record. */
typedef struct SourceRecord {
	const char *git;
	const char *path;
	const char *file;
	const char *snapshot;
	const char *sha256;
	const char *upstream; /* a commit of the upstream repository (`path` at
	                         it there); used before the others */
} SourceRecord;

typedef struct SourceOpts {
	const char *path;              /* --source PATH, or NULL */
	const char *rev;               /* --source-rev REV, or NULL */
	const SourceRecord *recorded;  /* the sidecar's record, or NULL */
	bool history;                  /* look for the English in the git history */
	bool self_fallback;            /* true: fall back to the document itself
	                                  (else SOURCE_NONE) */
	bool no_tree;                  /* do not look in the English tree */
} SourceOpts;

typedef struct Source {
	SourceOrigin origin;
	Buf text;        /* the source bytes (owned) */
	char *desc;      /* for humans: "en.rst", "git HEAD~3:docs/x.rst",
	                    "the document itself" (owned, terminal-unsafe:
	                    sanitize before printing) */
	char *path;      /* the file read (SOURCE_PATH, SOURCE_SIDECAR file or
	                    snapshot, SOURCE_SELF), or the repository-relative
	                    path (SOURCE_REV, SOURCE_SIDECAR git, SOURCE_HISTORY);
	                    owned; NULL for SOURCE_NONE */
	char *rev;       /* SOURCE_REV: REV as given; SOURCE_SIDECAR git or
	                    upstream, SOURCE_HISTORY, SOURCE_UPSTREAM: the
	                    commit; SOURCE_TREE: the front matter's commit or
	                    NULL; else NULL; owned */
	char *repo;      /* the work tree rev belongs to when it is not the
	                    document's (the upstream clone, the English tree's
	                    repository); owned, NULL */
	bool upstream;   /* the text is the upstream repository's (SOURCE_UPSTREAM,
	                    or a sidecar's `upstream:` record) */
	long behind;     /* upstream: how many upstream commits changed the
	                    file since this English; -1 when not known */
	char sha256[65]; /* SHA-256 of text, lowercase hex */
} Source;

void source_init(Source *s);
void source_release(Source *s);

/* Resolve the source of the document at target_path (the target is read
 * only for SOURCE_SELF).  On success out is filled (previous content
 * released; SOURCE_NONE when nothing was found and !self_fallback).
 * Errors (out left empty):
 *   EXIT_USAGE   both --source and --source-rev
 *   EXIT_NOINPUT a missing/unreadable --source file or target; not in a
 *                git work tree; PATH absent at REV; an unknown REV (the
 *                vcs module's codes: the requested input cannot be had)
 *   EXIT_DATAERR a sidecar record whose sha256 does not match, or that
 *                names no git, file or snapshot
 *   EXIT_IOERR   git could not be run
 * Messages name the file (and the revision). */
bool source_resolve(const char *target_path, const SourceOpts *opts, Source *out, Err *e);
/* The same without the hash: out->sha256 is left empty and a recorded
 * sha256 not compared; the caller hashes out->text (the editor's open: in a
 * thread while it parses the target) and calls source_hash_check. */
bool source_resolve_unhashed(const char *target_path, const SourceOpts *opts, Source *out,
                             Err *e);
/* Then: hex is the SHA-256 of out->text as resolved; out->sha256 gets it
 * and, as source_resolve does, a sidecar record whose sha256 differs is
 * refused (EXIT_DATAERR, the same message; out is left as it is). */
bool source_hash_check(const char *target_path, const SourceOpts *opts, Source *out,
                       const char *hex, Err *e);
/* The same, reading the history and a sidecar's `git:` record through bulk
 * (borrowed; NULL: source_resolve) when it holds the document: one history
 * read for many files (the repository view, `yeok stats DIR`). */
struct SourceHistory;
bool source_resolve_in(const char *target_path, const SourceOpts *opts,
                       struct SourceHistory *bulk, Source *out, Err *e);

/* The English original from the history of the document at target_path
 * (DESIGN.md §2): the newest commit that changed the file and whose
 * version of it is English (text_is_english).  On success *found says
 * whether there is one; then id gets its commit and text (replaced) its
 * bytes.  A file outside a work tree, untracked, or with no English
 * revision: true with *found false.  Errors: git failing (EXIT_IOERR) or a
 * revision that cannot be read. */
bool source_english_in_history(const char *target_path, bool *found, char id[41], Buf *text,
                               Err *e);
/* (sync) The same among revision upto and its ancestors: the English the
 * file's version at upto was translated from (review of a sync commit). */
bool source_english_at(const char *target_path, const char *upto, bool *found, char id[41],
                       Buf *text, Err *e);

/* (sidecar) Fill r from the sidecar's source record (step 3 above); r's
 * strings borrow from s.  False, r all NULL, when s records nothing. */
struct SidecarSource;
bool source_record_from_sidecar(const struct SidecarSource *s, SourceRecord *r);

/* (sidecar) Record where src came from in sc->source, for the first save
 * of the document at target_path (so that a later `yeok FILE` finds the
 * English without flags, offline):
 *   SOURCE_PATH     file: the path relative to the target's folder
 *   SOURCE_REV      git: the full commit id of REV and the repository path
 *   SOURCE_HISTORY  git: the commit found and the repository path
 *   SOURCE_UPSTREAM upstream: the upstream commit and its path there
 *   SOURCE_SELF     git: HEAD and the repository path when the target is
 *                   tracked and unmodified; else snapshot: a byte copy
 *                   written atomically to TARGET.yeok.src
 *   SOURCE_SIDECAR, SOURCE_TREE, SOURCE_NONE  nothing to do
 * sha256 is src->sha256.  Errors: EXIT_IOERR (snapshot not written),
 * EXIT_DATAERR (REV no longer resolves). */
struct Sidecar;
bool source_record_into_sidecar(const char *target_path, const Source *src,
                                struct Sidecar *sc, Err *e);

/* True when file p (an existing path) lies inside the git work tree of
 * the document at target_path, or when the document is in none; else
 * EXIT_DATAERR naming p.  Sidecar records are read only when inside;
 * `file:` and `snapshot:` paths must also be relative (a snapshot a plain
 * name beside the document, read without following a link) and a `git:`
 * path must stay inside the repository. */
bool source_path_inside(const char *target_path, const char *p, Err *e);

/* ---- separate trees ------------------------------------------------------
 * Markdown translations live in a tree of their own, each file at the same
 * relative path as its English: Hugging Face keeps `docs/source/ko/X.md`
 * beside `docs/source/en/X.md`; MDN keeps `files/ko/…/index.md` in
 * translated-content and `files/en-us/…/index.md` in another repository
 * (mdn/content), which config.yaml maps:
 *     sources: [{target: files/ko/, source: ../content/files/en-us/}]
 * A mapping's target is a folder prefix of the document's path relative to
 * its work tree's top level (absolute: of its real path); its source is a
 * folder relative to that top level (or absolute, or ~/...).  Without a
 * mapping that matches, a path component `ko` (`ko-KR`, `ko_KR`) is
 * replaced by `en` (`en-us`, `en-US`, `en_US`), the first that exists.
 * The mappings are the process's (set once from config.yaml by the CLI and
 * the editor; a test may set its own). */
void source_add_map(const char *target, const char *source);
void source_clear_maps(void);
/* The English of the document at target_path in the English tree (owned),
 * or NULL: none maps, or (must_exist) the file is not a regular file.
 * Runs git (the top level) only when mappings are set. */
char *source_tree_path(const char *target_path, bool must_exist);
/* Does target_path lie in a Korean tree (a `ko` component, or a mapping's
 * target)?  The repository view lists its Markdown pages. */
bool source_in_tree(const char *target_path);


/* ---- upstream (upstream.c) ------------------------------------------------
 * Translations whose upstream syncs land in the Korean itself (tutorials-kr:
 * a sync commit "PyTorch v2.8.0 반영, pytorch/tutorials@c4d9d93" edits the
 * translated files' URLs and code): the English a file was made from, or
 * brought up to, is not in the translation's history but in the upstream
 * repository.  config.yaml names a local clone of it:
 *     upstream: ../tutorials
 *     upstream: {path: ../tutorials, ref: '([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@([0-9a-f]{7,40})',
 *                map: [{target: docs/ko/, source: docs/en/}]}
 * path: relative to the document's work tree top level (a sibling clone),
 * absolute, or ~/; a document whose `path` is no git work tree (another
 * repository of the user's) has no upstream.  ref: a POSIX extended
 * regular expression that finds the upstream commit in a sync commit's
 * message, the commit being its last group (the default above:
 * `owner/repo@SHA`).  map: translation path prefixes to upstream ones
 * (default: the same path).
 * The English of FILE (its repository path P, upstream path U):
 *   1. the commit named by the newest commit whose message ref matches,
 *      among FILE's last change and the commits before it (HEAD's
 *      first-parent history), when the clone has it and U at it;
 *   2. else the upstream revision (of the newest 64 that changed U) whose
 *      code, URLs and directive arguments match the Korean's best
 *      (source_stale_score; of equal ones, the oldest of the newest run).
 * Source.behind: the upstream commits that changed U since that commit.
 * The settings are the process's (set once from config.yaml by the CLI
 * and the editor); the clone's objects are read through one `git cat-file
 * --batch`, the sync commits of a repository with one `git log`.  Safe
 * from several threads (one lock). */
#define SOURCE_UPSTREAM_REF "([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)@([0-9a-f]{7,40})"
#define SOURCE_UPSTREAM_CANDIDATES 64

/* Set the upstream (ref NULL: the default).  A ref that does not compile:
 * EXIT_CONFIG, nothing set. */
bool source_set_upstream(const char *path, const char *ref, Err *e);
void source_add_upstream_map(const char *target, const char *upstream);
void source_clear_upstream(void);
/* The upstream commit a sync names for repository path rel of the work
 * tree at top, given the commit of its last change (NULL: HEAD), into
 * named (a prefix as written: 7 to 40 hex); false when no sync names one.
 * The sync commits are read once per repository (cached). */
bool source_upstream_named(const char *top, const char *last_change, char named[41]);
/* The upstream path of repository path rel (the map applied; owned). */
char *source_upstream_path(const char *rel);

/* ---- what is a tutorial (exclude.c) ----------------------------------------
 * What a repository's docs build reads is its tutorials; what it writes or
 * generates is not, even when tracked (tutorials-kr keeps its built site
 * under docs/: 134 build copies under docs/_downloads/ look like
 * tutorials).  Left out of the translation memory, `yeok stats`, the
 * repository view and `yeok pr`:
 *   - a path matching a pattern of config.yaml's `tm.exclude` (gitignore's
 *     way: `dir/` a folder of that name anywhere, `a/b` or `/a` from the
 *     top level, `*.txt` any name; fnmatch), by default
 *     _build/ _downloads/ _sources/ _static/ _images/ _templates/
 *     gen_modules/ auto_examples/ sg_execution_times.rst;
 *   - everything in a built site: a folder holding objects.inv,
 *     searchindex.js, .nojekyll or .buildinfo (Sphinx's HTML output, docs/
 *     in tutorials-kr), whatever the patterns say.
 * The patterns are the process's (set from config.yaml once). */
/* Set the patterns (NULL: the defaults again); copied. */
void source_set_excludes(const char *const *patterns, size_t n);
/* Does a pattern leave out rel (a path below the top level, or below the
 * folder walked)? */
bool source_excluded(const char *rel);
/* Is a file of this name the mark of a built site (its folder left out)? */
bool source_is_site_marker(const char *name);

/* "--source", "--source-rev", "sidecar", "history", "self", "tree",
 * "upstream", "none". */
const char *source_origin_name(SourceOrigin o);

/* ---- the English of many files at once (the translation memory) --------
 * The rule of source_english_in_history() for a whole repository: one
 * `git log` pass over HEAD's first-parent history (vcs_log_changes) and one
 * `git cat-file --batch` process, instead of git processes per file per
 * commit.  For every path both give the same commit and text (tested on
 * the dev bundle), except that versions larger than `max` bytes and
 * symlink or submodule versions are not candidates here.  The repository
 * view and `yeok stats` pass one to source_resolve_in(), so
 * that counting every file costs a constant number of git processes. */
typedef struct SourceHistory SourceHistory;
struct VcsLog;

/* Read the history of the files matching the NULL-terminated pathspecs in
 * the work tree at top ("*.rst", ":(literal)a/b.rst").  Errors: git
 * failing (EXIT_IOERR, EXIT_NOINPUT). */
bool source_history_open(const char *top, const char *const *pathspecs, SourceHistory **out,
                         Err *e);
/* (check) The history of the files rels (paths from top, taken literally)
 * along the first-parent history of commit head (40 hex), with the English
 * source_history_english finds remembered per path in yeok's cache
 * (cache_file_path("english", top), keyed by head and a version of the
 * rule): a path found there is answered from it (its version read through
 * the cat-file process) and left out of the `git log`; with every path
 * there no log is read at all.  What is found anew is written when h is
 * closed.  Errors as source_history_open. */
bool source_history_open_files(const char *top, const char *head, const char *const *rels,
                               size_t n, SourceHistory **out, Err *e);
/* Closed (and a source_history_open_files' cache written). */
void source_history_close(SourceHistory *h);
/* What the histories cost is counted (stats.h): STAT_HISTORY_PATHS, the
 * paths given to `git log` by source_history_open_files;
 * STAT_HISTORY_VERSIONS, the versions of files read to find an English
 * one. */
/* The log read by source_history_open (borrowed; newest first). */
const struct VcsLog *source_history_log(const SourceHistory *h);
/* The newest commit of the log that changed repository path rel (index
 * into the log's commits), or -1 when none did. */
long source_history_last_commit(const SourceHistory *h, const char *rel);
/* The English of repository path rel: the newest version (newest commit
 * first) that text_is_english() accepts, at most max bytes.  *found, id
 * and text as source_english_in_history(). */
bool source_history_english(SourceHistory *h, const char *rel, size_t max, bool *found,
                            char id[41], Buf *text, Err *e);
/* The k-th newest change of repository path rel in the log (0: the
 * newest), or NULL when there are fewer; borrowed. */
struct VcsChange;
const struct VcsChange *source_history_change(const SourceHistory *h, const char *rel,
                                              size_t k);
/* The repository path of the document at target_path when it lies in h's
 * work tree and in no work tree nested in it (a folder on the way holding
 * `.git`), computed without git as vcs_relpath() would give it (the real
 * path of its folder below the real top level, then its own name); owned,
 * or NULL when it is not there (the caller then asks git per file). */
char *source_history_path_of(const SourceHistory *h, const char *target_path);
/* The top level h was opened on (borrowed). */
const char *source_history_top(const SourceHistory *h);
/* Read any object ("BLOB-ID" or "REV:PATH") through the same cat-file
 * process; *found false when it is missing, not a blob or over max. */
bool source_history_read(SourceHistory *h, const char *spec, size_t max, Buf *out,
                         bool *found, Err *e);

/* ---- a stale English (stale.c) -------------------------------------------
 * What a translator never changes: the lines of code blocks and code cells
 * (comments and blanks aside; a Korean line with Hangul is a translated
 * string and not compared), URLs (as the same page: scheme, `www.`,
 * anchors, `.html` aside, the Korean mirrors tutorials.pytorch.kr,
 * PyTorchKorea's repositories and docs.python.org/ko mapped back; a link
 * to a Korean-only page is a translator's and not compared), ``inline
 * literals`` and directive arguments without blanks (paths, languages).
 * Both sides' items are compared as multisets, without the alignment (a
 * stale English misaligns): an item is lonely when the other side has no
 * equal one.  A translation explains a few; an upstream sync applied to the
 * Korean leaves Korean code, URLs and literals the English never had, in
 * several blocks: the English is stale (older than the Korean, or another
 * revision) when at least SOURCE_STALE_MIN_BLOCKS Korean blocks hold a
 * lonely item (inline literals aside: translators add some when they
 * explain), or when more than half of the items of an English of at least
 * SOURCE_STALE_MIN_ITEMS are lonely (the Korean is no translation of it).
 * Measured on ../shared/corpus (30 .rst and 20 .py pairs, each Korean with
 * the English it was made from): at most 1 such Korean block; on the dev
 * bundle's HEAD against the newest English of history, 2 to 20 in the
 * files an upstream sync edited after their translation.
 * Read on each side's RST text and blocks (a host reading's text: code
 * cells are BK_LITERAL blocks there).  Depends on util, text, lines, rst. */
#define SOURCE_STALE_MIN_BLOCKS 2
#define SOURCE_STALE_MIN_ITEMS 10

typedef struct SourceStaleScore {
	size_t items_en, items_ko;   /* items of each side */
	size_t lonely_en, lonely_ko; /* items without an equal on the other side */
	size_t blocks_en, blocks_ko; /* blocks holding a lonely item */
} SourceStaleScore;

/* The comparison of English sl/sb with Korean tl/tb (no allocation kept). */
void source_stale_score(const Lines *sl, const RstDoc *sb, const Lines *tl, const RstDoc *tb,
                        SourceStaleScore *out);

typedef struct SourceStale {
	bool stale;            /* source_stale_says */
	bool unrelated;        /* stale, and the Korean is no translation of this
	                          English at all: more than half of its items (of
	                          SOURCE_STALE_MIN_ITEMS at least) lonely (a page
	                          that replaced the tutorial upstream, another
	                          document): the checks compare nothing with it */
	size_t differ;         /* blocks that differ: max(blocks_en, blocks_ko) */
	SourceStaleScore score;
	uint64_t *en, *ko;     /* each side's item hashes, sorted (owned; only
	                          when stale, else NULL) */
	size_t en_n, ko_n;
	char what[160];        /* the English for the message ("git 349cbf1e
	                          of 2025-09-14"): the caller's (source_stale_what) */
} SourceStale;

void source_stale_init(SourceStale *s);
void source_stale_release(SourceStale *s);
/* Measure (previous content released).  en and ko are kept only when
 * stale (what source_stale_blocks_differ reads); else NULL. */
void source_stale_measure(const Lines *sl, const RstDoc *sb, const Lines *tl, const RstDoc *tb,
                          SourceStale *out);
/* The same in steps (the editor's idle slices): each call does at most max
 * units of work (SIZE_MAX: to the end; a line read, or a block's head, is
 * SOURCE_STALE_LINE_UNITS, an item sorted, marked or counted one: about
 * the same time each; the last line read may pass max, and a call reads
 * one at least) and returns true
 * once out is filled, as source_stale_measure
 * fills it (out is released and written by the last steps only).  The
 * same documents at every call; the Korean (tl, tb) may change between
 * calls when source_stale_run_korean_changed is told (its items are then
 * gathered again if they were being gathered; once gathered, the
 * measurement is of them).  Free in any state. */
typedef struct SourceStaleRun SourceStaleRun;
SourceStaleRun *source_stale_run_new(void);
bool source_stale_run_step(SourceStaleRun *r, const Lines *sl, const RstDoc *sb, const Lines *tl,
                           const RstDoc *tb, size_t max, SourceStale *out);
void source_stale_run_korean_changed(SourceStaleRun *r);
void source_stale_run_free(SourceStaleRun *r);
/* The units r has spent so far (tests: the work is linear in the
 * documents' lines and items, and a step's is bounded). */
size_t source_stale_run_units(const SourceStaleRun *r);
/* Is r gathering the Korean's items (what source_stale_run_korean_changed
 * starts again)? */
bool source_stale_run_reads_korean(const SourceStaleRun *r);
#define SOURCE_STALE_LINE_UNITS 16
/* How the message names src: "git 329160e0f1a2 of 2021-10-09", "upstream
 * c4d9d93… of 2025-09-01", else its desc (the date from bulk's log when it
 * has the commit, else one `git log -1` in the commit's repository). */
struct SourceHistory;
void source_stale_what(const Source *src, const char *target_path, struct SourceHistory *bulk,
                       char *out, size_t n);
/* With s stale: do blocks [first, first+count) of one side (korean: the
 * Korean's, else the English's) hold an item the other side lacks (the
 * findings there are ones only a stale English causes)?  false when s is
 * NULL or not stale. */
bool source_stale_blocks_differ(const SourceStale *s, const Lines *l, const RstDoc *d,
                                size_t first, size_t count, bool korean);

#endif
