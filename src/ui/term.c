/* The terminal, the theme and the keys: started the same way for the
 * editor and reviewer mode (ui-private.h). */
#include <unistd.h>

#include "safe.h"
#include "ui-private.h"

static bool curses_up;
static bool focus_on;

void ui_term_restore(void)
{
	if (curses_up) {
		printf("%s\033[?2004l", focus_on ? "\033[?1002l\033[?1004l" : "");
		fflush(stdout);
		endwin();
		curses_up = false;
	}
}

static bool started_once;

bool ui_term_was_started(void)
{
	return started_once;
}

void ui_term_start(Ui *u, bool mouse_and_focus)
{
	/* curses starts once; after endwin() (the repository view runs the
	 * editor and comes back) a refresh resumes it */
	if (!started_once) {
		initscr();
		started_once = true;
	} else {
		reset_prog_mode();
		clear();
		refresh();
	}
	curses_up = true;
	focus_on = mouse_and_focus;
	fatal_set_hook(ui_term_restore);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	define_key("\033[200~", UI_KEY_PASTE_START);
	define_key("\033[201~", UI_KEY_PASTE_END);
	ui_keys_define();
	if (mouse_and_focus) {
		define_key("\033[I", UI_KEY_FOCUS_IN);
		define_key("\033[O", UI_KEY_FOCUS_OUT);
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_RELEASED | BUTTON4_PRESSED |
		              BUTTON5_PRESSED | REPORT_MOUSE_POSITION,
		          NULL);
		mouseinterval(0);
	}
	const char *nc = getenv("NO_COLOR");
	if (has_colors() && !(nc && *nc)) {
		start_color();
		use_default_colors();
		u->colors = COLORS >= 8;
		u->ncolors = COLORS;
	}
	if (!u->colors)
		theme_mono(&u->theme);
	ui_colors_init(u);
	/* 1002: motion reports while a button is down (a drag selects) */
	printf("\033[?2004h%s", mouse_and_focus ? "\033[?1004h\033[?1002h" : "");
	fflush(stdout);
#ifndef NDEBUG
	/* Tests only (SANITIZE/DEBUG builds): F12 is a barrier whose count is
	 * drawn on every frame, so a test waits for a state that did not
	 * exist before its keys (tests/e2e/tmux.sh tm_sync). */
	const char *sy = getenv("YEOK_TEST_SYNC");
	u->sync_on = sy && *sy;
#endif
	ui_safe_start(u->s, ui_term_restore);
}

char *ui_beside_binary(const char *name)
{
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	char *dir = path_dirname(exe);
	char *p = path_join(dir, name);
	if (!file_exists(p)) {
		free(p);
		p = xasprintf("%s/../../%s", dir, name);
		if (!file_exists(p)) {
			free(p);
			p = NULL;
		}
	}
	free(dir);
	return p;
}

void ui_load_theme_and_keys(Ui *u, const char *opt, const Config *cfg,
                            void (*report)(Ui *u, const char *msg))
{
	char name[128] = "default";
	if (opt)
		snprintf(name, sizeof(name), "%s", opt);
	else if (cfg->theme)
		snprintf(name, sizeof(name), "%s", cfg->theme);
	const char *x = getenv("XDG_CONFIG_HOME");
	const char *h = getenv("HOME");
	char *user = x && *x ? xasprintf("%s/yeok/themes", x)
	                     : xasprintf("%s/.config/yeok/themes", h ? h : ".");
	char *tree = ui_beside_binary("themes");
	const char *dirs[] = {user, tree ? tree : user, YEOK_DATADIR "/themes"};
	Err e;
	err_init(&e);
	if (!theme_load(&u->theme, name, dirs, ARRAY_LEN(dirs), &e)) {
		theme_default(&u->theme);
		Buf m = BUF_INIT;
		buf_addf(&m, "%s; using the default theme", e.msg);
		report(u, m.p);
		buf_release(&m);
	}
	err_init(&e);
	if (!keymap_apply_config(&u->keys, cfg, &e))
		report(u, e.msg);
	free(user);
	free(tree);
}

bool ui_config_load(Config *cfg, char *problem, size_t n)
{
	config_init(cfg);
	problem[0] = '\0';
	char *path = config_default_path();
	Err e;
	err_init(&e);
	if (!config_load(cfg, path, &e))
		snprintf(problem, n, "%s (the settings are not used)", e.msg);
	else if (cfg->unknown[0])
		snprintf(problem, n, "%s:%zu: unknown setting %s (ignored)", path, cfg->unknown_line,
		         cfg->unknown);
	free(path);
	return !problem[0];
}
