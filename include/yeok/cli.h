/*
 * cli — the subcommands that run without a terminal UI: check, align,
 * checklist, pr, stats, review --export, and --help / --version.
 * Prints to stdout/stderr; returns an exit status (DESIGN.md §3).
 * Never includes curses or the ui module.
 */
#ifndef YEOK_CLI_H
#define YEOK_CLI_H

#include <stdbool.h>

/* True when argv[1] names a subcommand or --help/--version. */
bool cli_handles(int argc, char **argv);
/* Run the subcommand in argv[1]; returns the exit status. */
int cli_main(int argc, char **argv);

#endif
