/*
 * bench-editor — the editor's costs on one pair, headless, on a fixed-size
 * fake terminal (ncurses newterm on /dev/null):
 *   bench-editor SOURCE.en.rst TARGET.ko.rst
 * prints the time to the first frame (open + segment + align + draw), the
 * per-keystroke cost (p50/p99/max over 10,000 scripted edits, each with
 * its redraw) and the peak RSS.  Reports; asserts nothing.
 */
#include <locale.h>
#include <sys/resource.h>

#include "../../src/ui/ui-private.h"
#include "yeok/command.h"
#include "yeok/session.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: bench-editor SOURCE TARGET\n");
		return EXIT_USAGE;
	}
	setlocale(LC_ALL, "C.UTF-8");
	setenv("COLUMNS", "160", 1);
	setenv("LINES", "50", 1);
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr = newterm("xterm-256color", out, in);
	if (!scr) {
		fprintf(stderr, "bench-editor: newterm failed\n");
		return 1;
	}
	set_term(scr);
	resizeterm(50, 160);

	uint64_t t0 = now_ns();
	Session s;
	session_init(&s);
	SourceOpts so = {.path = argv[1]};
	Err e;
	err_init(&e);
	if (!session_open(&s, argv[2], &so, &e)) {
		endwin();
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		return 1;
	}
	Ui u;
	memset(&u, 0, sizeof(u));
	u.s = &s;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	session_resize(&s, COLS, LINES);
	ui_draw(&u);
	uint64_t first = now_ns() - t0;

	const int KEYS = getenv("BENCH_KEYS") ? atoi(getenv("BENCH_KEYS")) : 10000;
	if (KEYS < 100) {
		fprintf(stderr, "bench-editor: BENCH_KEYS must be at least 100\n");
		return EXIT_USAGE;
	}
	uint64_t *cost = xcalloc((size_t)KEYS, sizeof(uint64_t));
	/* Start in the middle of the document, in a prose line. */
	session_goto_line(&s, (long)(s.doc.tgt.n / 2));
	for (int k = 0; k < KEYS; k++) {
		uint64_t k0 = now_ns();
		switch (k % 10) {
		case 0:
		case 1:
		case 2:
		case 3:
			session_insert(&s, "가", strlen("가"));
			break;
		case 4:
			session_backspace(&s);
			break;
		case 5:
			session_newline(&s);
			break;
		case 6:
			command_run(&s, "undo", NULL);
			break;
		case 7:
			session_insert(&s, " ", 1);
			break;
		case 8:
			command_run(&s, "segment-next", NULL);
			break;
		default:
			session_move(&s, MV_LEFT);
			break;
		}
		session_clear_msg(&s);
		ui_draw(&u);
		cost[k] = now_ns() - k0;
	}
	qsort(cost, (size_t)KEYS, sizeof(uint64_t), cmp_u64);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	endwin();
	delscreen(scr);
	printf("%-28s %10.1f\n", "first frame (ms)", (double)first / 1e6);
	printf("%-28s %10.1f\n", "keystroke p50 (us)", (double)cost[KEYS / 2] / 1e3);
	printf("%-28s %10.1f\n", "keystroke p99 (us)", (double)cost[KEYS * 99 / 100] / 1e3);
	printf("%-28s %10.1f\n", "keystroke max (us)", (double)cost[KEYS - 1] / 1e3);
	printf("%-28s %10.1f\n", "peak RSS (MB)", (double)ru.ru_maxrss / 1024.0);
	free(cost);
	keymap_release(&u.keys);
	session_release(&s);
	fclose(out);
	fclose(in);
	return 0;
}
