/* `yeok review` options (see include/yeok/review.h). */
#include "yeok/review.h"

const char review_usage[] =
	"usage: yeok review [--source PATH|--source-rev REV] [--base REV] [--head REV]\n"
	"                   [--pr N] [--glossary PATH]... [--comments FILE.json]\n"
	"                   [--export markdown|github-json|github-replies]\n"
	"                   [--include-others] [FILE]\n"
	"  --base REV      the revision before (default: the merge base with origin's\n"
	"                  default branch, else HEAD~1)\n"
	"  --head REV      the revision after (default: the working tree)\n"
	"  --pr N          the pull request the review is of (comments are kept with it)\n"
	"  --export FMT    print the review's comments instead of opening the screen:\n"
	"                  markdown, or github-json (the body for\n"
	"                  gh api repos/OWNER/REPO/pulls/N/reviews --input FILE), or\n"
	"                  github-replies (the answers written to GitHub's comments);\n"
	"                  only the entries and verdict you made on this machine\n"
	"  --include-others  export the sidecar's other entries and verdict too, each\n"
	"                  marked as not yours (a committed sidecar is anyone's)\n"
	"  --comments F    GitHub's review comments (gh api repos/O/R/pulls/N/comments)\n"
	"  no FILE         every tutorial changed between --base and --head\n"
	"Keys: n/p next/previous change, N/P next/previous change with a finding,\n"
	"c comment, s suggest, a approve, r needs changes, f finding to comment,\n"
	"Up/Down select, e edit, D delete, x resolve, R reply, v verdict,\n"
	"> / < next/previous file, l file list, Ctrl-Q quit (everything is kept in\n"
	"FILE.yeok.yaml).\n";

void review_args_release(ReviewArgs *a)
{
	free(a->glossaries);
	memset(a, 0, sizeof(*a));
}

bool review_args_parse(ReviewArgs *a, int argc, char **argv, Err *e)
{
	memset(a, 0, sizeof(*a));
	a->glossaries = xcalloc(1, sizeof(char *));
	bool done = false;
	for (int i = 1; i < argc; i++) {
		const char *s = argv[i], *v;
		bool missing = false;
		if (done || s[0] != '-' || !s[1]) {
			if (a->file)
				return err_set(e, EXIT_USAGE, "review: one FILE at a time ('%s' and '%s')",
				               a->file, s);
			a->file = s;
			continue;
		}
		if (!strcmp(s, "--")) {
			done = true;
		} else if (!strcmp(s, "--help") || !strcmp(s, "-h")) {
			a->help = true;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source-rev", &missing))) {
			a->o.source_rev = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--source", &missing))) {
			a->o.source_path = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--base", &missing))) {
			a->o.base = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--head", &missing))) {
			a->o.head = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--export", &missing))) {
			if (!missing && strcmp(v, "markdown") != 0 && strcmp(v, "github-json") != 0 &&
			    strcmp(v, "github-replies") != 0)
				return err_set(e, EXIT_USAGE,
				               "--export must be markdown, github-json or github-replies, "
				               "not '%s'", v);
			a->export_fmt = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--pr", &missing))) {
			if (!missing && !parse_long(v, 1, SIDECAR_ISSUE_MAX, &a->o.pr))
				return err_set(e, EXIT_USAGE, "--pr must be a pull request number, not '%s'",
				               v);
		} else if ((v = argv_opt_value(argc, argv, &i, "--comments", &missing))) {
			a->comments = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--glossary", &missing))) {
			a->glossaries = xrealloc(a->glossaries, (a->n_glossaries + 2) * sizeof(char *));
			a->glossaries[a->n_glossaries++] = v;
			a->glossaries[a->n_glossaries] = NULL;
		} else if ((v = argv_opt_value(argc, argv, &i, "--theme", &missing))) {
			a->theme = v;
		} else if (!strcmp(s, "--include-others")) {
			a->others = true;
		} else if (!strcmp(s, "--no-spell")) {
			a->no_spell = true;
		} else {
			return err_set(e, EXIT_USAGE, "review: unknown option '%s' (see yeok review --help)",
			               s);
		}
		if (missing)
			return err_set(e, EXIT_USAGE, "review: %s needs a value", s);
	}
	if (a->help)
		return true;
	if (!a->file && (!a->o.base || (a->export_fmt && !strcmp(a->export_fmt, "github-replies"))))
		return err_set(e, EXIT_USAGE,
		               "usage: yeok review [OPTIONS] FILE, or --base REV [--head REV] for "
		               "every file the range changed (see yeok review --help)");
	if (a->o.source_path && a->o.source_rev)
		return err_set(e, EXIT_USAGE, "--source and --source-rev exclude each other");
	a->o.glossaries = a->n_glossaries ? a->glossaries : NULL;
	return true;
}

bool review_args_context(ReviewArgs *a, Context *ctx, const Config *cfg, Err *e)
{
	ContextOpts co = {.cfg = cfg, .glossaries = a->glossaries, .n_glossaries = a->n_glossaries,
	                  .no_spell = a->no_spell};
	if (!context_load(ctx, &co, e))
		return false;
	Err ignore; /* without the repository's words the checks use the document alone */
	err_init(&ignore);
	context_load_repo(ctx, a->file ? a->file : ".", &ignore);
	a->o.ctx = ctx;
	return true;
}
