/* Private to src/repo: what repo.c shares with dates.c. */
#ifndef YEOK_REPO_PRIVATE_H
#define YEOK_REPO_PRIVATE_H

#include "yeok/repo.h"

/* The index of the rows by name (after the rows are in place), and the
 * row named by the n bytes at name, or NULL; each name compared counts
 * in Repo.name_compares. */
void repo_index_build(Repo *r);
RepoRow *repo_row_named(Repo *r, const char *name, size_t n);

/* Start reading the last commit dates (one `git log` over the folder, read
 * by repo_dates_step); stop it (nothing more is read). */
void repo_dates_start(Repo *r);
void repo_dates_stop(Repo *r);
/* The last commit date of one row, asked of git now (after its file was
 * edited); nothing while the whole log is still being read. */
void repo_row_date(Repo *r, RepoRow *w);

#endif
