/* Private to src/cli: what checklist, pr and stats share about sidecars. */
#ifndef YEOK_CLI_SIDECAR_H
#define YEOK_CLI_SIDECAR_H

#include "yeok/sidecar.h"

/* Load the sidecar of document doc into sc.  The document must be a
 * readable regular file (EXIT_NOINPUT).  A corrupt sidecar is an
 * EXIT_DATAERR error with its line and column and a hint; the file is left
 * where it is (only the editor sets it aside).  *sc_path (may be NULL)
 * gets the sidecar's path; caller frees. */
bool cli_sidecar_load(const char *doc, Sidecar *sc, char **sc_path, Err *e);

#endif
