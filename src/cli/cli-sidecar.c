/* Loading a document's sidecar for the CLI subcommands. */
#include "cli-sidecar.h"

#include <errno.h>
#include <sys/stat.h>

bool cli_sidecar_load(const char *doc, Sidecar *sc, char **sc_path, Err *e)
{
	struct stat st;
	if (stat(doc, &st) != 0)
		return err_set(e, EXIT_NOINPUT, "%s: cannot open: %s", doc, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return err_set(e, EXIT_NOINPUT, "%s: not a regular file", doc);
	char *path = sidecar_path(doc);
	bool corrupt = false;
	bool ok = sidecar_load(path, sc, &corrupt, e);
	if (!ok && corrupt && e) {
		char *msg = xstrdup(e->msg);
		err_set(e, EXIT_DATAERR, "%s (corrupt sidecar: fix it by hand, or open the document "
		        "in yeok, which sets it aside as %s%s)", msg, path_basename(path),
		        SIDECAR_BAD_SUFFIX);
		free(msg);
	}
	if (ok && sc_path)
		*sc_path = path;
	else
		free(path);
	return ok;
}
