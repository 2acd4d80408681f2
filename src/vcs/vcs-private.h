/* Private to src/vcs: what vcs.c shares with history.c. */
#ifndef YEOK_VCS_PRIVATE_H
#define YEOK_VCS_PRIVATE_H

/* The environment for git: ours plus no prompts, no pager, no colour, no
 * optional locks, LC_ALL=C (an array to free; the strings are borrowed). */
char **git_env(void);

#endif
