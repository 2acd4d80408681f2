/* Loading a document's sidecar for the CLI subcommands. */
#include "cli-sidecar.h"

#include <errno.h>
#include <sys/stat.h>

#include "yeok/check.h"
#include "yeok/pair.h"
#include "yeok/source.h"

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

/* Errors and warnings of all available checks on one document. */
static size_t count_findings(const HostDoc *th, const HostDoc *sh, const Alignment *a,
                             Glossary *gl)
{
	CheckDoc d;
	check_doc_init(&d, th->text, &th->blocks, sh ? sh->text : NULL, sh ? &sh->blocks : NULL, a,
	               gl);
	d.tgt_host = th;
	d.src_host = sh;
	CheckSet set;
	check_set_all(&set);
	FindingVec v = {0};
	check_document(&d, &set, &v);
	size_t n = 0;
	for (size_t i = 0; i < v.n; i++)
		n += v.v[i].sev >= SEV_WARNING;
	findings_clear(&v);
	VEC_FREE(&v);
	check_doc_release(&d);
	return n;
}

bool cli_progress(const char *doc, const Sidecar *sc, ProgressCount *c, const char **from,
                  Glossary *gl, size_t *findings, Err *e)
{
	/* the sidecar's record, else the English from the git history; none:
	 * the document's own prose blocks are counted */
	SourceOpts opts = {.history = true, .self_fallback = false};
	DocPair p;
	pair_init(&p);
	if (!pair_build(&p, doc, NULL, 0, &opts, sc, e))
		return false;
	bool have = pair_has_source(&p);
	if (have) {
		Progress pg;
		progress_init(&pg);
		progress_apply(sc, p.sl, p.sb, p.tgt, p.tb, &p.al, &pg);
		progress_count(&p.al, c);
		progress_release(&pg);
	} else {
		progress_count_self(p.tgt, p.tb, c);
	}
	if (findings)
		*findings = have ? count_findings(&p.th, &p.sh, &p.al, gl)
		                 : count_findings(&p.th, NULL, NULL, gl);
	if (from)
		*from = have ? "source" : "self";
	pair_release(&p);
	return true;
}
