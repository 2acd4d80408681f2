/*
 * repo — the repository view's model (DESIGN.md §3 `yeok [DIR]`): every
 * tutorial file (`.rst`, `.py`) below a folder with its translation
 * progress, the numbers `yeok stats` prints, sorted and filtered, with a
 * selection; headless, the UI draws it (src/ui/list.c) and runs its
 * commands (the command table's MODE_LIST rows).
 *
 * The progress of one file is repo_file_progress(): the pair of every
 * command (pair_build: the sidecar's record, else the English from the git
 * history) with the sidecar's statuses; without an English, the file's own
 * prose blocks (progress_count_self).  `yeok stats` and `yeok pr` call the
 * same function.  The git history of the whole folder is read once
 * (repo_history_open: one `git log` and one `git cat-file --batch`) and
 * serves every file's English, so filling the rows costs a constant number
 * of git processes, not some per file.  Rows are filled in steps
 * (repo_fill_step, between keys, with a progress count) and kept in a
 * cache under $XDG_CACHE_HOME/yeok/ keyed by each file's path, size and
 * mtime and its sidecar's: a second opening reads the cache and fills only
 * what changed.  The last commit dates come from one `git log` over the
 * folder, read in pieces between keys too (repo_dates_step), so the list
 * is shown before git has said anything; git's lines are matched to the
 * rows through a hash index of their names (linear in the log and the
 * rows: Repo.name_compares counts the names compared).
 *
 * Depends on util, text, vcs, sidecar, glossary, host, pair, progress,
 * check, source, context, shell.  Never prints.
 * Invariant (repo_check): shown lists distinct rows in range; sel < n_shown
 * (or 0 when nothing is shown); to_fill is the number of rows not filled.
 */
#ifndef YEOK_REPO_H
#define YEOK_REPO_H

#include "yeok/context.h"
#include "yeok/glossary.h"
#include "yeok/progress.h"
#include "yeok/shell.h"
#include "yeok/sidecar.h"
#include "yeok/util.h"

/* ---- one file's numbers (shared with `yeok stats` and `yeok pr`) ------- */

/* Load the sidecar of document doc into sc.  The document must be a
 * readable regular file (EXIT_NOINPUT).  A corrupt sidecar is an
 * EXIT_DATAERR error with its line and column and a hint; the file is left
 * where it is (only the editor sets it aside).  *sc_path (may be NULL)
 * gets the sidecar's path; caller frees. */
bool repo_sidecar_load(const char *doc, Sidecar *sc, char **sc_path, Err *e);

/* The history of every tutorial file below folder dir, read once for many
 * calls of repo_file_progress (source_history_open over the files below
 * dir of its work tree); NULL when dir is in no work tree or git fails
 * (each file then asks git itself, with the same answers).  Close it with
 * source_history_close(). */
struct SourceHistory *repo_history_open(const char *dir);

/* Translation progress of document doc whose sidecar is sc: the English
 * as pair_build() finds it (through hist when it is non-NULL and holds the
 * document: the same English, read without git processes of its own),
 * both sides aligned and the sidecar's statuses
 * applied; without one, the document's own prose blocks are counted
 * (progress_count_self).  Adds to *c.  *from (may be NULL) gets "source"
 * or "self".  When findings is non-NULL, `yeok check`'s findings with the
 * context ctx (context_check_pair: its checks, glossary, rules, words and
 * spelling; NULL: none are counted) on the same alignment, and *findings
 * gets the number of errors and warnings.  en (may be NULL) says which
 * English it was and whether it is stale.  False
 * with e set when the recorded source cannot be read or does not match. */
typedef struct RepoEnglish {
	char origin[16];   /* source_origin_name: "history", "upstream", ... */
	char what[160];    /* the English as source-stale names it ("git
	                      329160e05678 of 2021-04-29"), or its desc */
	bool stale;        /* source-stale: older than the Korean */
	size_t differ;     /* then: the blocks that differ */
	long behind;       /* upstream commits that changed the file since its
	                      English (Source.behind); -1 when not known */
} RepoEnglish;

bool repo_file_progress(const char *doc, const Sidecar *sc, struct SourceHistory *hist,
                        ProgressCount *c, const char **from, Context *ctx, size_t *findings,
                        RepoEnglish *en, Err *e);

typedef VEC(char *) RepoPaths;

/* Is path a tutorial file: ends in ".rst" or ".py", or is a Markdown page
 * (".md", ".markdown") of a Korean tree (source_in_tree: `…/ko/…` or a
 * `sources:` mapping's target; a README.md elsewhere is not one)?  (The
 * walk also leaves out what source_excluded() names and built sites.) */
bool repo_is_tutorial(const char *path);
/* Append the tutorial files below dir (hidden folders skipped, symlinked
 * folders not followed, build output left out: source.h "What is a
 * tutorial", the patterns matched against the path below dir), sorted by
 * path, to out (owned strings).  What
 * cannot be read is never skipped silently: each folder that cannot be
 * listed, each entry that cannot be looked at, a folder nested too deep,
 * is a line of problems (may be NULL) — "DIR: cannot read: Permission
 * denied" — and the result is the exit status they make (DESIGN.md §3):
 * EXIT_IOERR when one was an I/O error, else EXIT_NOINPUT; 0 when
 * everything was read. */
int repo_walk(const char *dir, RepoPaths *out, Buf *problems);

/* ---- the view ----------------------------------------------------------- */

typedef struct RepoRow {
	char *path;        /* DIR/sub/x.rst as the walk found it (owned) */
	const char *name;  /* path below DIR (points into path) */
	bool filled;       /* the numbers below are known */
	ProgressCount c;   /* prose segments and their statuses */
	bool self;         /* counted from its own text: no English found */
	bool has_sidecar;
	char *checklist;   /* the sidecar's checklist as `yeok stats` shows it,
	                      "-" without a sidecar (owned) */
	size_t findings;   /* errors and warnings of the checks */
	bool stale_en;     /* its English is older than the Korean (source-stale) */
	long behind;       /* upstream commits since its English, -1 unknown */
	char date[11];     /* last commit date (YYYY-MM-DD), "" when not known */
	char *error;       /* the file could not be counted: why (owned), or NULL */
	/* the cache key: the file's and the sidecar's size and mtime */
	long long size, mtime, sc_size, sc_mtime;
} RepoRow;

/* What the list shows. */
typedef enum RepoFilter {
	RF_ALL,
	RF_UNTRANSLATED, /* nothing translated yet (0 %) */
	RF_PROGRESS,     /* partly translated, or drafts, or stale */
	RF_DONE,         /* every prose segment done or reviewed */
	RF_COUNT
} RepoFilter;
typedef enum RepoSort { RS_PATH, RS_PERCENT, RS_DATE, RS_COUNT } RepoSort;

typedef struct Repo {
	char *dir;            /* the folder listed (owned) */
	VEC(RepoRow) rows;    /* every file, in path order */
	size_t *shown;        /* rows passing the filter, in sort order */
	size_t n_shown;
	size_t sel;           /* the selected entry of shown */
	size_t top;           /* the first entry of shown on screen (the UI's) */
	size_t page;          /* rows on screen (the UI sets it; page moves) */
	size_t to_fill;       /* rows not filled yet */
	RepoFilter filter;
	RepoSort sort;
	char text[128];       /* the text filter: a substring of the path ("": none) */
	char *cache_path;     /* $XDG_CACHE_HOME/yeok/repo-<id>.tsv (owned) or NULL */
	size_t from_cache;    /* rows the cache had */
	Context *ctx;         /* for the findings (borrowed, may be NULL) */
	struct SourceHistory *hist; /* dir's history, read at the first fill
	                               (repo_history_open; owned, may be NULL) */
	bool hist_read;       /* hist was tried (NULL then means no work tree) */
	size_t fill_next;     /* rows before it are filled (repo_fill_step) */
	size_t *by_name;      /* the rows by name: an open-addressing table of
	                         row + 1 (0: empty), by_name_cap slots (a power
	                         of two, at most half full) */
	size_t by_name_cap;
	size_t name_compares; /* names compared by the lookups so far (each
	                         git log line and cache line costs about one:
	                         what the tests count instead of time) */
	struct VcsStream *dates; /* the `git log` of the dates, while it is read
	                         (NULL once it ended or failed) */
	Buf dates_part;       /* what of its output is not taken yet */
	char date_now[11];    /* the date of the commit being read */
	size_t dated;         /* rows that have a date */
	bool deferred;        /* set before repo_open: it only lists the rows,
	                         repo_prepare does the rest (the view's first
	                         screen waits for nothing) */
	Shell shell;          /* the status line's message, quit and help
	                         (shell.h; shell.msg.text the message) */
	Buf unread;           /* what the walk could not read, one a line
	                         (repo_walk's problems; the status line says the
	                         first, the header how many) */
	size_t n_unread;
	bool open;            /* the UI should open the selected file */
} Repo;

void repo_init(Repo *r);
void repo_release(Repo *r);

/* List the tutorial files below dir: the walk, the cached rows whose key
 * still holds, and the start of the `git log` that gives the last commit
 * dates (read by repo_dates_step).  False with e when dir is no readable
 * folder (EXIT_NOINPUT, or EXIT_IOERR: "DIR: cannot read: ..."); what
 * below it cannot be read is in unread and said in msg. */
bool repo_open(Repo *r, const char *dir, Err *e);
/* With r->deferred set before repo_open, what it left for later: the
 * repository's words loaded into r->ctx (context_load_repo: they key the
 * cache; a failure is said in msg, "Repository words: ..."), then the
 * cached rows.  Nothing when not deferred or done; the first
 * repo_fill_step does it too. */
void repo_prepare(Repo *r);
/* Take what the `git log` of the dates has said (waiting at most wait_ms
 * for it, at most a few hundred KB of it a step); true while more is to
 * come.  At its end the view is sorted again (by date) and a failure in a
 * work tree is said in msg ("No last-commit dates: git log failed: ...").
 * repo_dates_wait: to the end. */
bool repo_dates_step(Repo *r, int wait_ms);
void repo_dates_wait(Repo *r);
/* Fill up to max rows not filled yet (shown ones first); returns how many
 * are left.  The view is re-sorted and the cache written when the last
 * one is done. */
size_t repo_fill_step(Repo *r, size_t max);
/* Idle time, the view's one scheduler: git's dates polled
 * (repo_dates_step), then what a deferred open left (repo_prepare), then one
 * row filled (repo_fill_step).  True when the rows changed.
 * repo_idle_wait_ms: 0 when work is due, 20 while only git's dates are
 * awaited, -1 when nothing is pending. */
int repo_idle_wait_ms(const Repo *r);
bool repo_idle(Repo *r);
/* Count one row again (after it was edited) and write the cache. */
void repo_refresh(Repo *r, size_t row);
/* Apply the filter, the text filter and the sort again (keeps the
 * selected row selected when it is still shown). */
void repo_apply(Repo *r);
/* The selected row (NULL when nothing is shown); its index in rows. */
const RepoRow *repo_selected(const Repo *r, size_t *row);
/* Move the selection by delta entries (clamped). */
void repo_move(Repo *r, long delta);

const char *repo_filter_name(RepoFilter f);
const char *repo_sort_name(RepoSort s);


bool repo_check(const Repo *r, Err *e);

#endif
