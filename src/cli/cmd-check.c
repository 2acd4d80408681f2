/* yeok check: not built yet. */
#include "cli-private.h"

const CliCommand cli_cmd_check = {
	"check", "check [OPTIONS] FILE...",
	"run the checks; findings on stdout", cli_not_built, false,
};
