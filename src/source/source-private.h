/* Private to src/source: the upstream step of the resolution. */
#ifndef YEOK_SOURCE_PRIVATE_H
#define YEOK_SOURCE_PRIVATE_H

#include "yeok/source.h"

/* Step 3c for the document at target_path (through bulk when it holds it):
 * *found false (true returned, out untouched) when no upstream applies or
 * it has no English for the file.  recorded: the commit of a sidecar's
 * `upstream:` record, or NULL; with one, out is that English unless a sync
 * newer than it names another (and out->origin is then SOURCE_SIDECAR when
 * the record stands).  Errors: git failing (EXIT_IOERR). */
bool source_upstream_find(const char *target_path, SourceHistory *bulk, const char *recorded,
                          const char *recorded_path, Source *out, bool *found, Err *e);

/* MDN's front matter (step 3a): the commit `l10n: sourceCommit:` names in
 * the first lines of text (a `---` block), into id; false when none. */
bool source_front_matter_commit(const char *text, size_t n, char id[41]);

#endif
