/* yeok stats: not built yet. */
#include "cli-private.h"

const CliCommand cli_cmd_stats = {
	"stats", "stats [PATH...]",
	"translation progress per file (a directory is searched for *.rst)", cli_not_built, false,
};
