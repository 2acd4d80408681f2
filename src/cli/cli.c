/* Subcommand table, --help and --version. */
#include "yeok/cli.h"

#include "cli-private.h"
#include "yeok/config.h"
#include "yeok/source.h"
#include "yeok/text.h"

/* One row per subcommand (DESIGN.md §3); --help is made from it. */
static const CliCommand *const subcommands[] = {
	&cli_cmd_review, &cli_cmd_check, &cli_cmd_align,
	&cli_cmd_checklist, &cli_cmd_pr, &cli_cmd_stats,
	&cli_cmd_sync,
	&cli_cmd_tm,
};

static const char options_help[] =
	"Common options:\n"
	"  --source PATH        the English original is PATH\n"
	"  --source-rev REV     the English original is FILE at git revision REV\n"
	"  --glossary PATH      add a glossary (YAML or the Markdown table; repeatable)\n"
	"  --no-spell           no spell-checking\n"
	"  --theme NAME|PATH    colour theme (default, light, mono, or a file)\n"
	"Editor:    --no-checks (no findings in the editor)\n"
	"           --tm PATH | --no-tm (the translation memory; default: the repository's)\n"
	"           --comments FILE.json (a pull request's review comments from GitHub:\n"
	"           gh api repos/O/R/pulls/N/comments; F8 next, M-v thread, M-o resolve,\n"
	"           M-r reply)\n"
	"Editor keys (F1 lists them all): Alt-x clears a block to translate it;\n"
	"           Shift+arrows select, Ctrl-C / Ctrl-X / Ctrl-V; Alt-Backspace,\n"
	"           Ctrl-Delete delete a word, Ctrl-K to the line end; Ctrl-R replace\n"
	"Review:    --base REV  --head REV  --pr N  --comments FILE.json\n"
	"           --export markdown|github-json|github-replies (no FILE: every file\n"
	"           the range changed)\n"
	"Check:     --format text|json|github  --only ID,...  --disable ID,...\n"
	"Align:     --format tsv|json\n"
	"Checklist: --license yes|no  --issue N  --type fix|translate|sync|other\n"
	"Stats:     --format text|json\n"
	"Sync:      --to NEW_EN|DIR|FILES... | --to-rev REV  --from OLD_EN | --from-rev REV  --dry-run\n"
	"\n"
	"Exit status: 0 ok, 1 check found errors, 64 usage, 65 bad input data,\n"
	"66 cannot open input, 74 I/O error, 78 bad configuration.\n";

/* Print the usage text (the same text as `yeok --help`) to stdout. */
static void cli_print_help(void)
{
	printf("yeok %s — side-by-side translation editor for reStructuredText\n\n", YEOK_VERSION);
	printf("Usage:\n  yeok [OPTIONS] FILE%*s edit FILE (translator mode)\n", 12, "");
	printf("  yeok [OPTIONS] [DIR]%*s the repository view: every tutorial below DIR\n", 11, "");
	for (size_t i = 0; i < ARRAY_LEN(subcommands); i++) {
		printf("  yeok %-26s %s\n", subcommands[i]->synopsis, subcommands[i]->what);
	}
	printf("  yeok --help | --version\n\n%s", options_help);
}

/* One line on stderr: a line feed in a file name (or anything else the
 * message quotes) is shown, never starts a line of its own (a forged
 * `FILE:LINE: error`, a GitHub `::error` command). */
static void error_line(const char *fmt, va_list ap)
{
	char *msg = xvasprintf(fmt, ap);
	Buf safe = BUF_INIT;
	text_sanitize_line(msg, strlen(msg), &safe);
	fprintf(stderr, "yeok: %s\n", safe.p ? safe.p : "");
	buf_release(&safe);
	free(msg);
}

int cli_error(int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_line(fmt, ap);
	va_end(ap);
	return code;
}

int cli_usage_error(int code, const char *usage, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_line(fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s%s", usage, usage[0] && usage[strlen(usage) - 1] == '\n' ? "" : "\n");
	return code;
}

bool cli_out(const char *p, size_t n)
{
	/* Text from files (a PR template, review comments, file names, the
	 * document quoted in findings) reaches the terminal without control
	 * sequences; CRLF line ends stay as they are. */
	Buf safe = BUF_INIT;
	size_t start = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		if (p[i] != '\r' || p[i + 1] != '\n')
			continue;
		text_sanitize(p + start, i - start, &safe);
		buf_adds(&safe, "\r");
		start = i + 1;
	}
	text_sanitize(p + start, n - start, &safe);
	bool ok = !safe.len || fwrite(safe.p, 1, safe.len, stdout) == safe.len;
	buf_release(&safe);
	return ok;
}

int cli_report(const Err *e)
{
	return cli_error(e->code ? e->code : EXIT_DATAERR, "%s", e->msg);
}

bool cli_handles(int argc, char **argv)
{
	if (argc < 2)
		return false;
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "--version"))
		return true;
	for (size_t i = 0; i < ARRAY_LEN(subcommands); i++)
		if (!strcmp(argv[1], subcommands[i]->name))
			return true;
	return false;
}

const Config *cli_config(void)
{
	static bool read;
	static Config c;
	if (!read) {
		read = true;
		config_init(&c);
		char *path = config_default_path();
		Err e;
		err_init(&e);
		if (!config_load(&c, path, &e))
			cli_error(0, "warning: %s (the settings are not used)", e.msg);
		free(path);
		for (size_t i = 0; i < c.sources.n; i++)
			source_add_map(c.sources.v[i].target, c.sources.v[i].source);
		if (c.upstream && !source_set_upstream(c.upstream, c.upstream_ref, &e))
			cli_error(0, "warning: %s (upstream: not used)", e.msg);
		if (c.tm_exclude_set)
			source_set_excludes((const char *const *)c.tm_exclude.v, c.tm_exclude.n);
		for (size_t i = 0; c.upstream && i < c.upstream_map.n; i++)
			source_add_upstream_map(c.upstream_map.v[i].target, c.upstream_map.v[i].source);
	}
	return &c;
}

int cli_main(int argc, char **argv)
{
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		cli_print_help();
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("yeok %s\n", YEOK_VERSION);
		return 0;
	}
	for (size_t i = 0; i < ARRAY_LEN(subcommands); i++) {
		if (!strcmp(argv[1], subcommands[i]->name)) {
			cli_config(); /* `sources:` for every command's source resolution */
			return subcommands[i]->fn(argc - 1, argv + 1);
		}
	}
	return cli_error(EXIT_USAGE, "unknown command '%s' (see yeok --help)", argv[1]);
}
