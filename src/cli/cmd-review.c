/* yeok review --export markdown|github-json FILE: the review's comments
 * from the sidecar, for a pull request (the interactive review is the UI's). */
#include "cli-private.h"
#include "yeok/review.h"

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
	ReviewSession rs;
	review_session_init(&rs);
	int rc = 0;
	if (!review_session_open(&rs, a.file, &a.o, &e)) {
		rc = cli_report(&e);
	} else {
		Buf out = BUF_INIT;
		if (!strcmp(a.export_fmt, "markdown"))
			review_export_markdown(&rs, &out);
		else
			review_export_github(&rs, &out);
		if (!cli_out(out.p ? out.p : "", out.len) || fflush(stdout))
			rc = cli_error(EXIT_IOERR, "review: cannot write the export");
		buf_release(&out);
	}
	review_session_release(&rs);
	review_args_release(&a);
	return rc;
}

const CliCommand cli_cmd_review = {
	"review", "review [OPTIONS] FILE",
	"step through changed segments between two revisions", review_main,
};
