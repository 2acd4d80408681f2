/*
 * vcs — reading revisions through the `git` program.
 *
 * git is always spawned with an argument vector (never a shell), with
 * `--` before paths and no pager, so file names with spaces, quotes,
 * `$(...)` or a leading dash are safe.  Nothing here touches the network.
 * Nothing a repository configures can run: every call passes `-c
 * core.fsmonitor=false`, no hooks, no pager, no signature program, and
 * runs in an environment no config file can override (an environment
 * variable beats every config): GIT_NO_LAZY_FETCH=1 (a partial clone's
 * missing object is never fetched: its promisor remote may be an `ext::`
 * command, and a repository's `protocol.ext.allow=always` beats `-c
 * protocol.allow=never`), GIT_ALLOW_PROTOCOL= (no transport at all),
 * GIT_CONFIG_NOSYSTEM=1 and GIT_CONFIG_GLOBAL=/dev/null (nothing of the
 * user's config changes what yeok parses; only the user's safe.directory
 * values are carried over, on the command line, after a first "dubious
 * ownership"), GIT_TERMINAL_PROMPT=0 and no askpass program.  The commands
 * that would run filters or diff drivers (status, working-tree diff, add,
 * checkout) are not used.  Messages name the file and say what went wrong:
 * git not installed, not a git work tree, unknown revision, path absent
 * at a revision, an object a partial clone lacks.  Error codes:
 * EXIT_NOINPUT for anything that means "the requested input cannot be
 * had", EXIT_IOERR for spawn/pipe failures.
 *
 * Depends on util and stats.
 */
#ifndef YEOK_VCS_H
#define YEOK_VCS_H

#include "yeok/util.h"

/* Run `git ARGS...` in folder dir (NULL: the current folder); argv is
 * NULL-terminated and does not include "git".  stdout goes to out
 * (replaced); on a non-zero exit, false with git's first stderr line.
 * The exit status is stored in *status when status is non-NULL. */
bool vcs_git(const char *dir, const char *const *argv, Buf *out, int *status, Err *e);

/* Every git this program starts (vcs_git, the streams, vcs_batch_open)
 * is counted: STAT_GIT_SPAWNS (stats.h). */

/* True when a git program can be run. */
bool vcs_available(void);

/* True when path (a file or a folder) is in no work tree git could find:
 * no folder from it up holds a .git entry, and neither GIT_DIR nor
 * GIT_WORK_TREE is set.  Runs no git (a process costs more than a small
 * file's whole check); false when it may be in one. */
bool vcs_outside_work_tree(const char *path);

/* The top level of the work tree that holds path (a file or a folder);
 * caller frees *top. */
bool vcs_toplevel(const char *path, char **top, Err *e);

/* path relative to the top level of its work tree (for `git show`);
 * caller frees *rel.  Works for files that do not exist. */
bool vcs_relpath(const char *path, char **rel, Err *e);

/* The full commit id (40 hex + NUL) of rev, resolved in path's work tree. */
bool vcs_commit(const char *path, const char *rev, char id[41], Err *e);

/* The content of file `path` (a path in the working tree) at revision rev,
 * byte for byte, into out; false when it is larger than FILE_MAX_BYTES (the
 * bound of every file yeok reads). */
bool vcs_show(const char *path, const char *rev, Buf *out, Err *e);

/* Is path tracked and identical to its HEAD version?  (false, no error,
 * when untracked or modified).  Compares blob ids (rev-parse HEAD:PATH,
 * hash-object --no-filters): no `git status`. */
bool vcs_is_clean(const char *path, bool *clean, Err *e);

/* The commits that changed file `path`, newest first, as 40-hex ids each
 * followed by '\n', into out (replaced; empty for an untracked file).
 * Renames are not followed: the history is that of the path, along HEAD's
 * first-parent chain (a merged branch's own commits are not listed; the
 * merge that brought them is). */
bool vcs_file_log(const char *path, Buf *out, Err *e);
/* The same among rev and its ancestors (vcs_file_log is rev "HEAD"). */
bool vcs_file_log_at(const char *path, const char *rev, Buf *out, Err *e);

/* The merge base of rev with HEAD (for review defaults); id[41]. */
bool vcs_merge_base(const char *path, const char *rev, char id[41], Err *e);

/* The unified diff (`git diff -U3`, git's default algorithm, no renames,
 * no external diff or textconv) of file rel (relative to the top level
 * top) between commits a and b, into out (replaced; empty when the file
 * is the same).  No working tree is read: nothing a repository
 * configures runs. */
bool vcs_diff_commits(const char *top, const char *a, const char *b, const char *rel, Buf *out,
                      Err *e);
/* The files (paths from the top level, each followed by NUL) that differ
 * between commits a and b, into out (replaced). */
bool vcs_changed_files(const char *top, const char *a, const char *b, Buf *out, Err *e);

/* The tracked files of the work tree at top (those of its index, as
 * `git ls-files` lists them) for which want(path) is true (NULL: all)
 * whose bytes differ from their version at revision rev, or that rev
 * lacks: what `git diff --name-only REV` lists, committed or not, less the
 * files deleted from the work tree.  Paths from the top level, each
 * followed by NUL, sorted, into out (replaced).  Without git's
 * working-tree diff or status: blob ids compared (ls-tree of rev, the
 * files hashed by `hash-object --no-filters`, so no clean filter runs and
 * the bytes compared are the file's own).  Symbolic links and other
 * non-regular files are left out.  Errors: an unknown rev (EXIT_NOINPUT),
 * git failing. */
bool vcs_changed_since(const char *top, const char *rev, bool (*want)(const char *path),
                       Buf *out, Err *e);


/* In a git work tree, add the side-file patterns missing from the
 * repository's info/exclude (the real git folder: `git rev-parse
 * --git-path info/exclude`, so worktrees and `.git` files work).  Written
 * without following a link, only inside the repository's git folder.
 * *added says whether anything was written (once: the next call finds the
 * patterns).  Outside a work tree: true, nothing done. */
bool vcs_exclude_side_files(const char *path, bool *added, Err *e);

/* The side files staged in the index of path's work tree (compared with
 * HEAD), one per line, into names (replaced; empty when none). */
bool vcs_staged_side_files(const char *path, Buf *names, Err *e);

/* ---- whole-repository history (the translation memory) -----------------
 * One `git log` pass and one `git cat-file --batch` process instead of a
 * git process per file per commit.  The history is HEAD's first-parent
 * chain, as in vcs_file_log(), so the per-file and the bulk views list the
 * same commits for a path (tests/unit/test-source.c checks they agree on
 * the dev bundle). */

/* One commit of a VcsLog. */
typedef struct VcsCommit {
	char id[41];     /* full commit id */
	long long time;  /* author date, seconds since the epoch (UTC) */
	char *author;    /* author name as git has it (owned; terminal-unsafe) */
} VcsCommit;

/* One file changed by a commit (`git log --raw`, no rename detection). */
typedef struct VcsChange {
	size_t commit;   /* index into VcsLog.commits */
	char blob[41];   /* the file's new blob; 40 '0's when the commit deleted it */
	unsigned mode;   /* the new mode (octal 100644, 100755, 120000 symlink,
	                    160000 submodule; 0 when deleted) */
	char *path;      /* repository-relative path (owned; any bytes but NUL) */
} VcsChange;

typedef struct VcsLog {
	VEC(VcsCommit) commits; /* newest first */
	VEC(VcsChange) changes; /* grouped by commit, newest commit first */
} VcsLog;

void vcs_log_init(VcsLog *l);
void vcs_log_release(VcsLog *l);

/* The first-parent history of `range` ("HEAD", or "OLD..HEAD" for what is
 * new since OLD) in the work tree at top, limited to paths matching one of
 * the NULL-terminated git pathspecs (e.g. "*.rst"; prefix ":(literal)" for
 * an exact path), into out (replaced).  An empty repository (no HEAD)
 * gives an empty log.  Errors: git failing (EXIT_NOINPUT/EXIT_IOERR). */
bool vcs_log_changes(const char *top, const char *range, const char *const *pathspecs,
                     VcsLog *out, Err *e);

/* One entry of a tree listing. */
typedef struct VcsTreeEntry {
	unsigned mode;   /* octal, as vcs_change */
	char blob[41];
	size_t size;     /* bytes of the blob (0 for non-blobs) */
	char *path;      /* repository-relative (owned) */
} VcsTreeEntry;
typedef VEC(VcsTreeEntry) VcsTree;

/* Every blob of revision rev, recursively (`git ls-tree -r -l -z`), into
 * out (replaced).  vcs_tree_release() frees the entries. */
bool vcs_ls_tree(const char *top, const char *rev, VcsTree *out, Err *e);
void vcs_tree_release(VcsTree *t);

/* The root commits of HEAD's history, sorted, as 40-hex ids each followed
 * by '\n' (empty for a repository without commits). */
bool vcs_root_commits(const char *top, Buf *out, Err *e);

/* Is commit a an ancestor of (or equal to) commit b?  false with no error
 * when it is not or when either is unknown. */
bool vcs_is_ancestor(const char *top, const char *a, const char *b);

/* A running `git cat-file --batch` in the work tree at top, for reading
 * many objects with one process.  Not thread-safe; one per thread. */
typedef struct VcsBatch VcsBatch;
VcsBatch *vcs_batch_open(const char *top, Err *e);
/* Read object `spec` (a blob id, or "REV:PATH") into out (replaced).
 * *found is false (and true returned) when there is no such object, or
 * when it is larger than max bytes (*too_big then; its bytes are read and
 * dropped, so the process stays usable).  Errors: the process died or
 * spoke nonsense (EXIT_IOERR); the batch is then unusable. */
bool vcs_batch_read(VcsBatch *b, const char *spec, size_t max, Buf *out, bool *found,
                    bool *too_big, Err *e);
/* Stop the process and free b (NULL is fine). */
void vcs_batch_close(VcsBatch *b);

/* A running `git ARGS...` in dir (NULL: the current folder) whose output
 * is read in pieces as it comes, without waiting for the end (the
 * repository view reads `git log` between keys).  vcs_stream_read appends
 * what there is (at most max bytes) to out, waiting at most wait_ms for
 * it; false once the output has ended.  vcs_stream_close waits for git and
 * frees s (NULL is fine): false with e (the first line git said, as
 * vcs_git says it) when git failed; a stream closed before its end stops
 * git and is no failure.  Not thread-safe. */
typedef struct VcsStream VcsStream;
VcsStream *vcs_stream_open(const char *dir, const char *const *argv, Err *e);
bool vcs_stream_read(VcsStream *s, Buf *out, size_t max, int wait_ms);
bool vcs_stream_close(VcsStream *s, Err *e);

#endif
