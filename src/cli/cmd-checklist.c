/* yeok checklist: not built yet. */
#include "cli-private.h"

const CliCommand cli_cmd_checklist = {
	"checklist", "checklist [OPTIONS] FILE",
	"show or set the PR checklist without the UI", cli_not_built, false,
};
