/* Loading a document's sidecar and counting its progress for the CLI
 * subcommands: the repository view's functions (yeok/repo.h), so that
 * `yeok stats`, `yeok pr` and the view give the same numbers. */
#include "cli-sidecar.h"

#include "yeok/repo.h"

bool cli_sidecar_load(const char *doc, Sidecar *sc, char **sc_path, Err *e)
{
	return repo_sidecar_load(doc, sc, sc_path, e);
}

bool cli_progress(const char *doc, const Sidecar *sc, struct SourceHistory *hist,
                  ProgressCount *c, const char **from, struct Context *ctx, size_t *findings,
                  RepoEnglish *en, Err *e)
{
	return repo_file_progress(doc, sc, hist, c, from, ctx, findings, en, e);
}
