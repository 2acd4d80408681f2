/* argv → cli or ui; nothing else. */
#include <locale.h>

#include "yeok/cli.h"
#include "yeok/ui.h"

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	if (cli_handles(argc, argv))
		return cli_main(argc, argv);
	return ui_main(argc, argv);
}
