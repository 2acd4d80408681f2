/* Private to src/vcs: what vcs.c shares with history.c. */
#ifndef YEOK_VCS_PRIVATE_H
#define YEOK_VCS_PRIVATE_H

#include <sys/types.h>

/* The environment for git: ours with no lazy fetch, no protocol, no system
 * or global config, no prompts, no pager, no optional locks, LC_ALL=C
 * (vcs.h; an array to free, the strings are borrowed). */
char **git_env(void);

/* The argument vector of `git [guards] [-C dir] argv...` (NULL-terminated;
 * free the array, the strings are borrowed): every git yeok runs gets the
 * guards that keep repository-configured programs from running. */
const char **git_args(const char *dir, const char *const *argv);

/* Start git with git_args(dir, argv) and git_env(): its stdin from in
 * (-1: /dev/null), stdout into out, stderr into err (-1: /dev/null), the
 * descriptors ours[0..n) closed in the child; *pid gets it.  Counted
 * (STAT_GIT_SPAWNS).  False (e) when it could not be started. */
bool git_spawn(const char *dir, const char *const *argv, int in, int out, int err,
               const int *ours, size_t n, pid_t *pid, Err *e);


#endif
