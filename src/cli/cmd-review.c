/* yeok review --export markdown|github-json|github-replies [FILE]: the
 * review's comments from the sidecars, for a pull request (the interactive
 * review is the UI's). */
#include "cli-private.h"
#include "yeok/review.h"

static int export_review(const ReviewArgs *a, Err *e)
{
	ReviewFiles f;
	review_files_init(&f);
	bool ok = a->file ? review_files_open_one(&f, a->file, &a->o, e)
	                  : review_files_open(&f, ".", &a->o, e);
	if (!ok) {
		review_files_release(&f);
		return cli_report(e);
	}
	for (const char *p = f.notes.p, *nl; p && *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p) - 1;
		(void)cli_error(0, "%.*s", (int)(nl - p), p);
	}
	if (a->comments && !review_files_comments(&f, a->comments, e)) {
		review_files_release(&f);
		return cli_report(e);
	}
	for (const char *p = f.gh.notes.p, *nl; p && *p; p = nl + 1) {
		nl = strchr(p, '\n');
		(void)cli_error(0, "%.*s", (int)(nl - p), p);
	}
	ReviewSession **v = review_files_list(&f);
	Buf out = BUF_INIT, notes = BUF_INIT;
	int rc = 0;
	ReviewExportOpts xo = {.others = a->others};
	if (!strcmp(a->export_fmt, "markdown"))
		review_export_markdown(v, f.n, &xo, &out, &notes);
	else if (!review_export_github(v, f.n, &xo, &out, &notes, e))
		rc = cli_report(e);
	/* what was moved to the review's body or left out, said before the review */
	for (const char *p = notes.p, *nl; p && *p; p = nl + 1) {
		nl = strchr(p, '\n');
		(void)cli_error(0, "%.*s", (int)(nl - p), p);
	}
	if (!rc && (!cli_out(out.p ? out.p : "", out.len) || fflush(stdout)))
		rc = cli_error(EXIT_IOERR, "review: cannot write the export");
	buf_release(&out);
	buf_release(&notes);
	free(v);
	review_files_release(&f);
	return rc;
}

/* The translator's answers to GitHub's comments (FILE's sidecar). */
static int review_export_replies_cli(const ReviewArgs *a, Err *e)
{
	char *sc_path = sidecar_path(a->file);
	Sidecar sc;
	sidecar_init(&sc);
	bool corrupt = false;
	int rc = 0;
	if (!sidecar_load(sc_path, &sc, &corrupt, e)) {
		rc = cli_report(e);
	} else if (corrupt) {
		rc = cli_error(EXIT_DATAERR, "%s: corrupt sidecar (not touched)", sc_path);
	} else {
		Buf out = BUF_INIT;
		size_t n = review_export_replies(&sc, &out);
		(void)cli_error(0, "%zu repl%s to GitHub's comments (each: gh api "
		                "repos/OWNER/REPO/pulls/N/comments -X POST --input -)", n,
		                n == 1 ? "y" : "ies");
		if (!cli_out(out.p ? out.p : "", out.len) || fflush(stdout))
			rc = cli_error(EXIT_IOERR, "review: cannot write the export");
		buf_release(&out);
	}
	sidecar_release(&sc);
	free(sc_path);
	return rc;
}

static int review_main(int argc, char **argv)
{
	ReviewArgs a;
	Err e;
	err_init(&e);
	if (!review_args_parse(&a, argc, argv, &e)) {
		review_args_release(&a);
		return cli_report(&e);
	}
	if (a.help) {
		fputs(review_usage, stdout);
		review_args_release(&a);
		return 0;
	}
	if (!a.export_fmt) {
		review_args_release(&a);
		return cli_error(EXIT_USAGE, "review: without --export it needs a terminal");
	}
	Context ctx;
	context_init(&ctx);
	int rc = 0;
	if (!review_args_context(&a, &ctx, cli_config(), &e))
		rc = cli_report(&e);
	else
		rc = !strcmp(a.export_fmt, "github-replies") ? review_export_replies_cli(&a, &e)
		                                             : export_review(&a, &e);
	context_release(&ctx);
	review_args_release(&a);
	return rc;
}

const CliCommand cli_cmd_review = {
	"review", "review [OPTIONS] [FILE]",
	"step through changed segments between two revisions", review_main,
};
