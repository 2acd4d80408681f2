/* yeok align: not built yet. */
#include "cli-private.h"

const CliCommand cli_cmd_align = {
	"align", "align [OPTIONS] FILE",
	"print the segment alignment", cli_not_built, false,
};
