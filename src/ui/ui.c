/* The editor's entry point.  The two-pane editor itself is issue 4. */
#include "yeok/ui.h"

#include <curses.h>
#include <stdlib.h>

#include "yeok/util.h"

int ui_main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1] != '\0' && strcmp(argv[i], "--") != 0) {
			fprintf(stderr, "yeok: unknown option '%s' (see yeok --help)\n", argv[i]);
			return EXIT_USAGE;
		}
	}
	if (argc < 2) {
		fprintf(stderr, "yeok: no file given (see yeok --help)\n");
		return EXIT_USAGE;
	}
	if (MB_CUR_MAX == 1) {
		fprintf(stderr, "yeok: the editor needs a UTF-8 locale (Korean would be lost); "
		                "try LANG=C.UTF-8\n");
		return EXIT_CONFIG;
	}
	fprintf(stderr, "yeok: the editor is not built yet (issue 4)\n");
	return EXIT_USAGE;
}
