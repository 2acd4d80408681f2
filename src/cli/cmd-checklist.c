/* yeok checklist FILE [--license yes|no] [--issue N] [--type T]: show or
 * set the pull-request checklist kept in FILE.yeok.yaml. */
#include "cli-private.h"
#include "cli-sidecar.h"

static const char usage[] =
	"usage: yeok checklist FILE [--license yes|no] [--issue N|none] "
	"[--type fix|translate|sync|other|none]";

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

static int run(int argc, char **argv)
{
	const char *file = NULL, *license = NULL, *issue = NULL, *type = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **slot = is_opt(a, "--license") ? &license
		                    : is_opt(a, "--issue") ? &issue
		                    : is_opt(a, "--type")  ? &type : NULL;
		if (slot) {
			const char *name = a[2] == 'l' ? "--license" : a[2] == 'i' ? "--issue" : "--type";
			if (!(*slot = opt_value(argc, argv, &i, name)))
				return cli_error(EXIT_USAGE, "%s needs a value\n%s", name, usage);
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			puts(usage);
			return 0;
		} else if (a[0] == '-' && a[1] && strcmp(a, "--") != 0) {
			return cli_error(EXIT_USAGE, "unknown option '%s'\n%s", a, usage);
		} else {
			if (!strcmp(a, "--") && i + 1 < argc)
				a = argv[++i];
			if (file)
				return cli_error(EXIT_USAGE, "one FILE only\n%s", usage);
			file = a;
		}
	}
	if (!file)
		return cli_error(EXIT_USAGE, "no FILE given\n%s", usage);

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

	Sidecar sc;
	sidecar_init(&sc);
	char *path = NULL;
	Err e;
	err_init(&e);
	int rc = 0;
	if (!cli_sidecar_load(file, &sc, &path, &e)) {
		rc = cli_report(&e);
		goto out;
	}
	if (license || issue || type) {
		if (license)
			sc.checklist.license = want.license;
		if (issue)
			sc.checklist.issue = want.issue;
		if (type)
			sc.checklist.type = want.type;
		BUG_ON(!sidecar_check(&sc, NULL));
		if (!sidecar_save(path, &sc, &e)) {
			rc = cli_report(&e);
			goto out;
		}
	}
	print_checklist(&sc.checklist);
out:
	free(path);
	sidecar_release(&sc);
	return rc;
}

const CliCommand cli_cmd_checklist = {
	"checklist", "checklist [OPTIONS] FILE",
	"show or set the PR checklist without the UI", run,
};
