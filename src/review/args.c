/* `yeok review` options (see include/yeok/review.h). */
#include "yeok/review.h"

const char review_usage[] =
	"usage: yeok review [--source PATH|--source-rev REV] [--base REV] [--head REV]\n"
	"                   [--glossary PATH]... [--export markdown|github-json] FILE\n"
	"  --base REV      the revision before (default: the merge base with origin's\n"
	"                  default branch, else HEAD~1)\n"
	"  --head REV      the revision after (default: the working tree)\n"
	"  --export FMT    print the review's comments instead of opening the screen:\n"
	"                  markdown, or github-json (the body for\n"
	"                  gh api repos/OWNER/REPO/pulls/N/reviews --input FILE)\n"
	"Keys: n/p next/previous change, c comment, s suggest, a approve, r needs changes,\n"
	"f finding to comment, v verdict, Ctrl-Q quit (everything is kept in FILE.yeok.yaml).\n";

void review_args_release(ReviewArgs *a)
{
	free(a->gl);
	memset(a, 0, sizeof(*a));
}

bool review_args_parse(ReviewArgs *a, int argc, char **argv, Err *e)
{
	memset(a, 0, sizeof(*a));
	a->gl = xcalloc(1, sizeof(char *));
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
			if (!missing && strcmp(v, "markdown") != 0 && strcmp(v, "github-json") != 0)
				return err_set(e, EXIT_USAGE,
				               "--export must be markdown or github-json, not '%s'", v);
			a->export_fmt = v;
		} else if ((v = argv_opt_value(argc, argv, &i, "--glossary", &missing))) {
			a->gl = xrealloc(a->gl, (a->gl_n + 2) * sizeof(char *));
			a->gl[a->gl_n++] = v;
			a->gl[a->gl_n] = NULL;
		} else if ((v = argv_opt_value(argc, argv, &i, "--theme", &missing))) {
			a->theme = v;
		} else if (!strcmp(s, "--no-spell")) {
			/* common option: review runs no spelling check */
		} else {
			return err_set(e, EXIT_USAGE, "review: unknown option '%s' (see yeok review --help)",
			               s);
		}
		if (missing)
			return err_set(e, EXIT_USAGE, "review: %s needs a value", s);
	}
	if (a->help)
		return true;
	if (!a->file)
		return err_set(e, EXIT_USAGE, "usage: yeok review [OPTIONS] FILE (see yeok review --help)");
	if (a->o.source_path && a->o.source_rev)
		return err_set(e, EXIT_USAGE, "--source and --source-rev exclude each other");
	a->o.glossaries = a->gl_n ? a->gl : NULL;
	return true;
}
