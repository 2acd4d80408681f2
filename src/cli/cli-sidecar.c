/* Loading a document's sidecar for the CLI subcommands. */
#include "cli-sidecar.h"

#include <errno.h>
#include <sys/stat.h>

#include "yeok/check.h"
#include "yeok/host.h"
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
	Buf text = BUF_INIT;
	if (!file_read(doc, &text, e))
		return false;
	Lines tgt;
	lines_init(&tgt);
	lines_parse(&tgt, text.p ? text.p : "", text.len);
	buf_release(&text);
	/* The host format (.rst, .py) gives each side its RST text and blocks. */
	HostFormat hf = host_format_of_path(doc);
	HostDoc th;
	host_init(&th);
	host_segment(&tgt, hf, &th);
	bool ok = true;
	SourceRecord rec;
	if (!source_record_from_sidecar(&sc->source, &rec)) {
		progress_count_self(th.text, &th.blocks, c);
		if (findings)
			*findings = count_findings(&th, NULL, NULL, gl);
		if (from)
			*from = "self";
		goto out;
	}
	Source src;
	source_init(&src);
	SourceOpts opts = {.recorded = &rec, .self_fallback = false};
	if (!(ok = source_resolve(doc, &opts, &src, e))) {
		source_release(&src);
		goto out;
	}
	Lines sl;
	lines_init(&sl);
	lines_parse(&sl, src.text.p ? src.text.p : "", src.text.len);
	source_release(&src);
	HostDoc sh;
	host_init(&sh);
	host_segment(&sl, hf, &sh);
	Alignment a;
	align_init(&a);
	align_docs(sh.text, &sh.blocks, th.text, &th.blocks, &a);
	Progress p;
	progress_init(&p);
	progress_apply(sc, sh.text, &sh.blocks, th.text, &th.blocks, &a, &p);
	progress_count(&a, c);
	if (findings)
		*findings = count_findings(&th, &sh, &a, gl);
	if (from)
		*from = "source";
	progress_release(&p);
	align_release(&a);
	host_release(&sh);
	lines_release(&sl);
out:
	host_release(&th);
	lines_release(&tgt);
	return ok;
}
