/* yeok review: not built yet. */
#include "cli-private.h"

const CliCommand cli_cmd_review = {
	"review", "review [OPTIONS] FILE",
	"step through changed segments between two revisions", cli_not_built, false,
};
