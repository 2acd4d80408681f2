/* yeok align [--source PATH | --source-rev REV] [--format tsv|json] FILE
 * Prints the segment alignment of FILE against its English source
 * (DESIGN.md §3.1). */
#include "cli-private.h"
#include "cli-sidecar.h"
#include "yeok/align.h"
#include "yeok/pair.h"
#include "yeok/progress.h"
#include "yeok/source.h"

static int align_main(int argc, char **argv)
{
	SourceOpts so = {.history = true, .self_fallback = true};
	const char *file = NULL, *format = "tsv";
	bool opts_done = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		bool missing = false;
		if (opts_done || a[0] != '-' || !a[1]) {
			if (file)
				return cli_error(EXIT_USAGE, "align takes one FILE (got '%s' and '%s')", file, a);
			file = a;
			continue;
		}
		if (!strcmp(a, "--")) {
			opts_done = true;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			printf("usage: yeok %s\n%s\n"
			       "  --source PATH       the English original\n"
			       "  --source-rev REV    the English original is FILE at git revision REV\n"
			       "  --format tsv|json   output format (default tsv)\n"
			       "TSV: KIND SRC_FIRST SRC_LAST TGT_FIRST TGT_LAST STATUS per segment,\n"
			       "1-based lines, '-' for an absent side.\n",
			       cli_cmd_align.synopsis, cli_cmd_align.what);
			return 0;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source-rev", &missing))) {
			so.rev = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source", &missing))) {
			so.path = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--format", &missing))) {
			format = v;
			if (!missing && strcmp(v, "tsv") && strcmp(v, "json"))
				return cli_error(EXIT_USAGE, "--format must be tsv or json, not '%s'", v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--glossary", &missing)) ||
		           (v = argv_opt_value(argc, argv, &i, "--theme", &missing))) {
			/* common options: accepted, not used by align */
		} else if (!strcmp(a, "--no-spell")) {
		} else {
			return cli_error(EXIT_USAGE, "align: unknown option '%s' (see yeok align --help)", a);
		}
		if (missing)
			return cli_error(EXIT_USAGE, "align: %s needs a value", a);
	}
	if (!file)
		return cli_error(EXIT_USAGE, "usage: yeok %s", cli_cmd_align.synopsis);
	if (so.path && so.rev)
		return cli_error(EXIT_USAGE, "--source and --source-rev exclude each other");

	Err e;
	err_init(&e);
	/* The sidecar: its source record (when no option names the source)
	 * and the translator's statuses (done, reviewed; stale). */
	Sidecar sc;
	sidecar_init(&sc);
	DocPair pr;
	pair_init(&pr);
	if (!cli_sidecar_load(file, &sc, NULL, &e) ||
	    !pair_build(&pr, file, NULL, 0, &so, &sc, &e)) {
		sidecar_release(&sc);
		return cli_report(&e);
	}
	if (pr.src.origin == SOURCE_SELF)
		cli_error(0, "info: %s: no English source (no --source, sidecar record or English "
		             "revision in its git history): the document itself", file);
	Progress prog;
	progress_init(&prog);
	progress_apply(&sc, pr.src_lines, pr.sb, pr.tgt, pr.tb, &pr.al, &prog);
	progress_release(&prog);
	double share = align_matched_share(&pr.al, pr.sb);
	if (pr.sb->n >= 4 && share < 0.5)
		cli_error(0, "warning: %s: only %.0f%% of the %zu source blocks found a partner "
		             "(is %s the right source?)",
		          file, share * 100, pr.sb->n, pr.src.desc);
	Buf out = BUF_INIT;
	align_write(&pr.al, pr.sb, pr.tb, !strcmp(format, "json"), &out);
	int rc = 0;
	if (out.len && fwrite(out.p, 1, out.len, stdout) != out.len)
		rc = EXIT_IOERR;
	if (fflush(stdout) != 0 || ferror(stdout))
		rc = EXIT_IOERR;
	if (rc)
		cli_error(rc, "cannot write the alignment to stdout");
	buf_release(&out);
	pair_release(&pr);
	sidecar_release(&sc);
	return rc;
}

const CliCommand cli_cmd_align = {
	"align", "align [OPTIONS] FILE",
	"print the segment alignment", align_main,
};
