/* argv → cli or ui; nothing else. */
#include <locale.h>
#include <string.h>

#include "yeok/cli.h"
#include "yeok/ui.h"

/* `yeok review` is interactive unless it exports (or only asks for help). */
static bool review_interactive(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "review") != 0)
		return false;
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			break;
		if (!strncmp(argv[i], "--export", 8) || !strcmp(argv[i], "--help") ||
		    !strcmp(argv[i], "-h"))
			return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	if (cli_handles(argc, argv) && !review_interactive(argc, argv))
		return cli_main(argc, argv);
	return ui_main(argc, argv);
}
