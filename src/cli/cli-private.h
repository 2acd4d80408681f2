/* Private to src/cli: one function per subcommand. */
#ifndef YEOK_CLI_PRIVATE_H
#define YEOK_CLI_PRIVATE_H

#include "yeok/util.h"

/* Each gets argv with argv[0] == the subcommand name. */
typedef int (*CliFn)(int argc, char **argv);

/* Print "yeok: MESSAGE" to stderr (terminal-safe) and return code. */
int cli_error(int code, const char *fmt, ...) PRINTF_LIKE(2, 3);
/* Print e's message and return its code (EXIT_DATAERR when unset). */
int cli_report(const Err *e);

#endif
