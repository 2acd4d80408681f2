/* yeok checklist FILE... [--license yes|no] [--issue N] [--type T]
 * [--source PATH]: show or set the pull-request checklist kept in each
 * FILE.yeok.yaml.  Every sidecar is read before any is written, so a bad
 * one changes none.  --source is accepted like the other commands (the
 * checklist does not need the English). */
#include "cli-private.h"
#include "cli-sidecar.h"
#include "yeok/text.h"

static const char usage[] =
	"usage: yeok checklist FILE... [--license yes|no] [--issue N|none] "
	"[--type fix|translate|sync|other|none] [--source PATH]";

static void print_checklist(const Checklist *c)
{
	printf("license: %s\n", c->license < 0 ? "-" : c->license ? "yes" : "no");
	if (c->issue > 0)
		printf("issue: %ld\n", c->issue);
	else
		printf("issue: -\n");
	printf("type: %s\n", c->type != PR_TYPE_NONE ? sidecar_type_name(c->type) : "-");
	Buf b = BUF_INIT;
	sidecar_checklist_text(c, &b);
	printf("status: %s\n", b.p);
	buf_release(&b);
}

/* The value of option argv[*i] ("--x V" or "--x=V"); NULL when missing. */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);
	if (!strncmp(argv[*i], name, n) && argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (*i + 1 < argc)
		return argv[++*i];
	return NULL;
}

static bool is_opt(const char *arg, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(arg, name, n) && (arg[n] == '\0' || arg[n] == '=');
}

static int set_all(const char *const *file, size_t nfiles, const char *license,
                   const char *issue, const char *type);

static int run(int argc, char **argv)
{
	const char *license = NULL, *issue = NULL, *type = NULL, *source = NULL;
	VEC(const char *) files = {0};
	int rc = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **slot = is_opt(a, "--license") ? &license
		                    : is_opt(a, "--issue") ? &issue
		                    : is_opt(a, "--type")  ? &type
		                    : is_opt(a, "--source") ? &source : NULL;
		if (slot) {
			const char *name = a[2] == 'l' ? "--license" : a[2] == 'i' ? "--issue"
			                 : a[2] == 't' ? "--type" : "--source";
			if (!(*slot = opt_value(argc, argv, &i, name))) {
				rc = cli_usage_error(EXIT_USAGE, usage, "%s needs a value", name);
				goto done;
			}
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			puts(usage);
			goto done;
		} else if (a[0] == '-' && a[1] && strcmp(a, "--") != 0) {
			rc = cli_usage_error(EXIT_USAGE, usage, "unknown option '%s'", a);
			goto done;
		} else {
			if (!strcmp(a, "--") && i + 1 < argc)
				a = argv[++i];
			VEC_PUSH(&files, a);
		}
	}
	if (!files.n) {
		rc = cli_usage_error(EXIT_USAGE, usage, "no FILE given");
		goto done;
	}
	rc = set_all(files.v, files.n, license, issue, type);
done:
	VEC_FREE(&files);
	return rc;
}

/* Validate the values, read every sidecar, then write and show each. */
static int set_all(const char *const *file, size_t nfiles, const char *license,
                   const char *issue, const char *type)
{

	/* Validate every value before touching anything. */
	Checklist want = {.license = -2, .issue = -1, .type = PR_TYPE_COUNT};
	if (license) {
		if (!strcmp(license, "yes") || !strcmp(license, "true"))
			want.license = 1;
		else if (!strcmp(license, "no") || !strcmp(license, "false"))
			want.license = 0;
		else if (!strcmp(license, "none"))
			want.license = -1;
		else
			return cli_error(EXIT_DATAERR, "--license: expected yes or no, got '%s'", license);
	}
	if (issue) {
		const char *digits = issue[0] == '#' ? issue + 1 : issue;
		if (!strcmp(issue, "none"))
			want.issue = 0;
		else if (!parse_long(digits, 1, SIDECAR_ISSUE_MAX, &want.issue))
			return cli_error(EXIT_DATAERR, "--issue: expected a positive issue number, got '%s'",
			                 issue);
	}
	if (type) {
		if (!strcmp(type, "none"))
			want.type = PR_TYPE_NONE;
		else if (!sidecar_type_parse(type, &want.type))
			return cli_error(EXIT_DATAERR,
			                 "--type: expected fix, translate, sync or other, got '%s'", type);
	}

	Sidecar *sc = xcalloc(nfiles, sizeof(*sc));
	char **path = xcalloc(nfiles, sizeof(*path));
	Err e;
	err_init(&e);
	int rc = 0;
	size_t loaded = 0;
	for (; loaded < nfiles; loaded++) {
		sidecar_init(&sc[loaded]);
		if (!cli_sidecar_load(file[loaded], &sc[loaded], &path[loaded], &e)) {
			rc = cli_report(&e); /* nothing written */
			loaded++;
			goto out;
		}
	}
	for (size_t i = 0; i < nfiles; i++) {
		if (license || issue || type) {
			if (license)
				sc[i].checklist.license = want.license;
			if (issue)
				sc[i].checklist.issue = want.issue;
			if (type)
				sc[i].checklist.type = want.type;
			BUG_ON(!sidecar_check(&sc[i], NULL));
			if (!sidecar_save(path[i], &sc[i], &e)) {
				rc = cli_report(&e);
				goto out;
			}
		}
		if (nfiles > 1) {
			Buf name = BUF_INIT;
			text_sanitize_line(file[i], strlen(file[i]), &name);
			printf("%s== %s\n", i ? "\n" : "", name.p ? name.p : "");
			buf_release(&name);
		}
		print_checklist(&sc[i].checklist);
	}
out:
	for (size_t i = 0; i < loaded; i++) {
		free(path[i]);
		sidecar_release(&sc[i]);
	}
	free(path);
	free(sc);
	return rc;
}

const CliCommand cli_cmd_checklist = {
	"checklist", "checklist [OPTIONS] FILE...",
	"show or set the PR checklist without the UI", run,
};
