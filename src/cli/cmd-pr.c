/* yeok pr: not built yet. */
#include "cli-private.h"

const CliCommand cli_cmd_pr = {
	"pr", "pr FILE...",
	"print the pull-request description, filled from the checklists", cli_not_built, false,
};
