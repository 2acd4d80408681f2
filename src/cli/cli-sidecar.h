/* Private to src/cli: what checklist, pr and stats share about sidecars. */
#ifndef YEOK_CLI_SIDECAR_H
#define YEOK_CLI_SIDECAR_H

#include "yeok/glossary.h"
#include "yeok/progress.h"
#include "yeok/repo.h"
#include "yeok/sidecar.h"

/* Load the sidecar of document doc into sc.  The document must be a
 * readable regular file (EXIT_NOINPUT).  A corrupt sidecar is an
 * EXIT_DATAERR error with its line and column and a hint; the file is left
 * where it is (only the editor sets it aside).  *sc_path (may be NULL)
 * gets the sidecar's path; caller frees. */
bool cli_sidecar_load(const char *doc, Sidecar *sc, char **sc_path, Err *e);

/* Translation progress of document doc whose sidecar is sc: the English
 * as pair_build() finds it (the sidecar's record, offline; else the newest
 * English revision in the git history; through hist, from
 * repo_history_open, when it is non-NULL), both sides segmented and aligned
 * and the sidecar's statuses applied; without one, the document's own
 * prose blocks are counted (progress_count_self).  Adds to *c.  *from (may be NULL) gets how the
 * counts were made: "source" or "self".  When findings is non-NULL,
 * `yeok check`'s findings with the context ctx run on the same alignment
 * and *findings gets the number of errors and warnings (info findings such
 * as `untranslated` are not counted).
 * False with e set when the recorded source cannot be read or does not
 * match its sha256.  en (may be NULL): repo_file_progress's. */
struct SourceHistory;
struct Context;
bool cli_progress(const char *doc, const Sidecar *sc, struct SourceHistory *hist,
                  ProgressCount *c, const char **from, struct Context *ctx, size_t *findings,
                  RepoEnglish *en, Err *e);

#endif
