/* Private to src/cli: one file and one CliCommand per subcommand. */
#ifndef YEOK_CLI_PRIVATE_H
#define YEOK_CLI_PRIVATE_H

#include "yeok/check.h"
#include "yeok/host.h"
#include "yeok/util.h"

/* Each gets argv with argv[0] == the subcommand name. */
typedef int (*CliFn)(int argc, char **argv);

typedef struct CliCommand {
	const char *name;     /* "align" */
	const char *synopsis; /* "align [OPTIONS] FILE" for --help */
	const char *what;     /* one line for --help */
	CliFn fn;
} CliCommand;

/* Defined in src/cli/cmd-NAME.c, one file each. */
extern const CliCommand cli_cmd_review, cli_cmd_check, cli_cmd_align, cli_cmd_checklist,
	cli_cmd_pr, cli_cmd_stats, cli_cmd_sync;
extern const CliCommand cli_cmd_tm; /* src/cli/cmd-tm.c */

/* (cmd-tm.c) The translation memory of the work tree at top for `yeok
 * check`, opened once for all its files (a warning said when it exists
 * but cannot be read); never NULL. */
typedef struct CliTm CliTm;
CliTm *cli_tm_open(const char *top);
void cli_tm_close(CliTm *t);
/* The repository part of the `consistency` check: findings for the
 * segments of file (in t's work tree) that the memory renders otherwise
 * (when it exists and the check is on), appended to out and sorted.  t
 * NULL: nothing. */
void cli_tm_check(CliTm *t, const char *file, const HostDoc *sh, const HostDoc *th,
                  const Alignment *al, const CheckSet *set, FindingVec *out);

/* Print "yeok: MESSAGE" to stderr (terminal-safe, on one line: a line
 * feed in it is shown as ^J) and return code. */
int cli_error(int code, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* The same, then the usage text (yeok's own, several lines). */
int cli_usage_error(int code, const char *usage, const char *fmt, ...) PRINTF_LIKE(3, 4);
/* Print e's message and return its code (EXIT_DATAERR when unset). */
int cli_report(const Err *e);

/* config.yaml (config_default_path), read once per process (the first
 * call; cli_main makes it before a subcommand runs and gives its
 * `sources:` to the source resolution).  One that cannot be read is said
 * once and not used: the defaults.  Never NULL. */
struct Config;
const struct Config *cli_config(void);
/* Write text to stdout terminal-safely (text_sanitize; CRLF kept): every
 * output that holds text from files goes through it.  False on a write
 * error. */
bool cli_out(const char *p, size_t n);

#endif
