/*
 * vcs — reading revisions through the `git` program.
 *
 * git is always spawned with an argument vector (never a shell), with
 * `--` before paths, GIT_TERMINAL_PROMPT=0 and no pager, so file names with
 * spaces, quotes, `$(...)` or a leading dash are safe.  Nothing here
 * touches the network.  Nothing a repository configures can run: every
 * call passes `-c core.fsmonitor=false`, no hooks, no pager, no signature
 * program, no network protocol, and the commands that would run filters
 * or diff drivers (status, working-tree diff, add, checkout) are not used.  Messages name the file and say what went wrong:
 * git not installed, not a git work tree, unknown revision, path absent
 * at a revision.  Error codes: EXIT_NOINPUT for anything that means "the
 * requested input cannot be had", EXIT_IOERR for spawn/pipe failures.
 *
 * Depends on util only.
 */
#ifndef YEOK_VCS_H
#define YEOK_VCS_H

#include "yeok/util.h"

/* Run `git ARGS...` in folder dir (NULL: the current folder); argv is
 * NULL-terminated and does not include "git".  stdout goes to out
 * (replaced); on a non-zero exit, false with git's first stderr line.
 * The exit status is stored in *status when status is non-NULL. */
bool vcs_git(const char *dir, const char *const *argv, Buf *out, int *status, Err *e);

/* True when a git program can be run. */
bool vcs_available(void);

/* The top level of the work tree that holds path (a file or a folder);
 * caller frees *top. */
bool vcs_toplevel(const char *path, char **top, Err *e);

/* path relative to the top level of its work tree (for `git show`);
 * caller frees *rel.  Works for files that do not exist. */
bool vcs_relpath(const char *path, char **rel, Err *e);

/* The full commit id (40 hex + NUL) of rev, resolved in path's work tree. */
bool vcs_commit(const char *path, const char *rev, char id[41], Err *e);

/* The content of file `path` (a path in the working tree) at revision rev,
 * byte for byte, into out. */
bool vcs_show(const char *path, const char *rev, Buf *out, Err *e);

/* Is path tracked and identical to its HEAD version?  (false, no error,
 * when untracked or modified).  Compares blob ids (rev-parse HEAD:PATH,
 * hash-object --no-filters): no `git status`. */
bool vcs_is_clean(const char *path, bool *clean, Err *e);

/* The commits that changed file `path`, newest first, as 40-hex ids each
 * followed by '\n', into out (replaced; empty for an untracked file).
 * Renames are not followed: the history is that of the path. */
bool vcs_file_log(const char *path, Buf *out, Err *e);

/* The merge base of rev with HEAD (for review defaults); id[41]. */
bool vcs_merge_base(const char *path, const char *rev, char id[41], Err *e);

/* yeok's side files (DESIGN.md §4.5): the patterns kept out of git
 * (FILE.yeok.yaml and its .bad copies, FILE.yeok.journal and its .bad
 * copies, FILE.yeok.src, the temporary files .NAME.yeok-XXXXXX). */
const char *const *vcs_side_patterns(size_t *n);
/* Does the last component of path match one of them? */
bool vcs_is_side_file(const char *path);

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

#endif
