/* The editor's entry point: options, the terminal, the main loop, prompts.
 * Everything the editor does is a command of the session (headless); this
 * file only turns keys into commands and draws. */
#include "yeok/ui.h"

#include <locale.h>
#include <unistd.h>

#include "safe.h"
#include "yeok/safety.h"
#include "ui-private.h"
#include "yeok/text.h"

static bool curses_up;
static int ui_edit_main(int argc, char **argv, const Config *cfg);

static void restore_terminal(void)
{
	if (curses_up) {
		printf("\033[?1004l\033[?2004l");
		fflush(stdout);
		endwin();
		curses_up = false;
	}
}

static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "yeok: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see yeok --help)\n");
	return EXIT_USAGE;
}

#define MAX_GLOSSARIES 16

typedef struct Opts {
	const char *file, *source, *source_rev, *theme;
	const char *glossary[MAX_GLOSSARIES]; /* --glossary PATH, in order */
	size_t n_glossary;
	bool no_spell;
	bool no_checks;
} Opts;

static int parse_args(int argc, char **argv, Opts *o)
{
	memset(o, 0, sizeof(*o));
	bool dashdash = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!dashdash && a[0] == '-' && a[1]) {
			const char **slot = NULL;
			if (strcmp(a, "--") == 0) {
				dashdash = true;
				continue;
			} else if (strcmp(a, "--source") == 0) {
				slot = &o->source;
			} else if (strcmp(a, "--source-rev") == 0) {
				slot = &o->source_rev;
			} else if (strcmp(a, "--theme") == 0) {
				slot = &o->theme;
			} else if (strcmp(a, "--glossary") == 0) {
				if (i + 1 >= argc)
					return usage("%s needs a value", a);
				if (o->n_glossary >= MAX_GLOSSARIES)
					return usage("at most 16 --glossary files ('%s' is one too many)", argv[i + 1]);
				o->glossary[o->n_glossary++] = argv[++i];
				continue;
			} else if (strcmp(a, "--no-spell") == 0) {
				o->no_spell = true;
				continue;
			} else if (strcmp(a, "--no-checks") == 0) {
				o->no_checks = true;
				continue;
			} else {
				return usage("unknown option '%s'", a);
			}
			if (i + 1 >= argc)
				return usage("%s needs a value", a);
			*slot = argv[++i];
			continue;
		}
		if (o->file)
			return usage("one FILE at a time ('%s' is one too many)", a);
		o->file = a;
	}
	if (!o->file)
		return usage("%s", "no file given");
	if (o->source && o->source_rev)
		return usage("%s", "--source and --source-rev exclude each other");
	return 0;
}

/* The folder beside the binary that holds NAME (themes, glossary): the
 * binary's own folder (installed layouts, ./yeok in the tree) or two
 * folders up (build/MODE/yeok).  NULL when neither has it; caller frees. */
static char *beside_binary(const char *name)
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

/* The shipped glossary: $YEOK_GLOSSARY_DIR (glossary_default_path), else
 * the tree's beside the binary, else the installed one. */
static bool load_glossary(Session *s, const Opts *o, const Config *cfg, Err *e)
{
	char *shipped = NULL;
	const char *env = getenv("YEOK_GLOSSARY_DIR");
	if (!(env && *env)) {
		char *tree = beside_binary("glossary");
		if (tree) {
			shipped = path_join(tree, "ko.yaml");
			if (!file_exists(shipped)) {
				free(shipped);
				shipped = NULL;
			}
		}
		free(tree);
	}
	/* the config's glossaries, then --glossary */
	char **cp = cfg->glossary.v;
	size_t ncp = cfg->glossary.n;
	const char **all = xcalloc(ncp + o->n_glossary + 1, sizeof(*all));
	for (size_t i = 0; i < ncp; i++)
		all[i] = cp[i];
	for (size_t i = 0; i < o->n_glossary; i++)
		all[ncp + i] = o->glossary[i];
	bool ok = session_glossary_load(s, shipped, all, ncp + o->n_glossary, e);
	free(all);
	free(shipped);
	return ok;
}

/* Where theme files are looked up: the user's, beside the binary (the
 * source tree), the installed ones. */
static void load_theme(Ui *u, const Opts *o, const Config *cfg)
{
	char name[128] = "default";
	if (o->theme)
		snprintf(name, sizeof(name), "%s", o->theme);
	else if (cfg->theme)
		snprintf(name, sizeof(name), "%s", cfg->theme);
	const char *x = getenv("XDG_CONFIG_HOME");
	const char *h = getenv("HOME");
	char *user = x && *x ? xasprintf("%s/yeok/themes", x) : xasprintf("%s/.config/yeok/themes", h ? h : ".");
	char *tree = beside_binary("themes");
	const char *dirs[] = {user, tree, YEOK_DATADIR "/themes"};
	Err e;
	err_init(&e);
	if (!theme_load(&u->theme, name, dirs, ARRAY_LEN(dirs), &e))
		session_error(u->s, "%s; using the default theme", e.msg);
	err_init(&e);
	if (!keymap_apply_config(&u->keys, cfg, "editor", &e))
		session_error(u->s, "%s", e.msg);
	free(user);
	free(tree);
}

static void start_curses(Ui *u)
{
	initscr();
	curses_up = true;
	fatal_set_hook(restore_terminal);
	raw();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	define_key("\033[200~", UI_KEY_PASTE_START);
	define_key("\033[201~", UI_KEY_PASTE_END);
	define_key("\033[I", UI_KEY_FOCUS_IN);
	define_key("\033[O", UI_KEY_FOCUS_OUT);
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
	mouseinterval(0);
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
	printf("\033[?2004h\033[?1004h");
	fflush(stdout);
}

/* Read the rest of an Alt key after ESC. */
static void alt_key(wint_t *ch, int *r, char *name, size_t n)
{
	timeout(50);
	wint_t c2;
	int r2 = get_wch(&c2);
	timeout(-1);
	if (r2 == ERR) {
		snprintf(name, n, "Esc");
		return;
	}
	char inner[48];
	if (ui_key_name(r2, c2, inner, sizeof(inner))) {
		snprintf(name, n, "M-%s", inner);
	} else {
		Buf b = BUF_INIT;
		text_encode(&b, (int32_t)c2);
		snprintf(name, n, "M-%s", b.p);
		buf_release(&b);
	}
	*ch = c2;
	*r = r2;
}

/* Ask for a line of text in the status row; NULL when cancelled. */
static char *prompt(Ui *u, const char *question, const char *initial)
{
	Buf in = BUF_INIT;
	u->waited = true;
	if (initial)
		buf_adds(&in, initial);
	for (;;) {
		ui_paint(u);
		ui_paint_prompt(u, question, in.p ? in.p : "");
		wnoutrefresh(stdscr);
		doupdate();
		wint_t ch;
		int r = get_wch(&ch);
		if (r == ERR)
			continue;
		if (r == KEY_CODE_YES && ch == KEY_RESIZE) {
			session_resize(u->s, COLS, LINES);
			continue;
		}
		if (r == KEY_CODE_YES && (ch == UI_KEY_PASTE_START || ch == UI_KEY_PASTE_END))
			continue;
		char name[64];
		if (ui_key_name(r, ch, name, sizeof(name))) {
			if (strcmp(name, "Enter") == 0)
				return buf_detach(&in);
			if (strcmp(name, "Esc") == 0 || strcmp(name, "C-c") == 0 ||
			    strcmp(name, "C-q") == 0 || strcmp(name, "C-g") == 0) {
				buf_release(&in);
				return NULL;
			}
			if (strcmp(name, "C-u") == 0)
				buf_clear(&in);
			if (strcmp(name, "Backspace") == 0 && in.len) {
				in.len = text_prev_grapheme(in.p, in.len, in.len);
				in.p[in.len] = '\0';
			}
			continue;
		}
		text_encode(&in, (int32_t)ch);
	}
}

static void show_help(Ui *u)
{
	int top = 0, lines = 0;
	u->waited = true;
	for (;;) {
		ui_paint_help(u, top, &lines);
		wnoutrefresh(stdscr);
		doupdate();
		wint_t ch;
		int r = get_wch(&ch);
		if (r == ERR)
			continue;
		char name[64];
		if (!ui_key_name(r, ch, name, sizeof(name))) {
			if (ch == 'q')
				return;
			continue;
		}
		int page = MAX(1, LINES - 3);
		if (strcmp(name, "KEY_RESIZE") == 0 || (r == KEY_CODE_YES && ch == KEY_RESIZE))
			session_resize(u->s, COLS, LINES);
		else if (strcmp(name, "Down") == 0)
			top = MIN(top + 1, MAX(0, lines - page));
		else if (strcmp(name, "Up") == 0)
			top = MAX(0, top - 1);
		else if (strcmp(name, "PageDown") == 0)
			top = MIN(top + page, MAX(0, lines - page));
		else if (strcmp(name, "PageUp") == 0)
			top = MAX(0, top - page);
		else if (strcmp(name, "Esc") == 0 || strcmp(name, "F1") == 0 || strcmp(name, "C-q") == 0)
			return;
	}
}

/* A pick list (Session.pick): Up/Down choose, Enter runs its command with
 * the item's index, Esc closes. */
static void pick_dialog(Ui *u)
{
	Session *s = u->s;
	size_t n = s->pick.items.n, sel = n ? MIN(s->pick.sel, n - 1) : 0;
	int top = 0;
	if (!n) {
		session_pick_close(s);
		return;
	}
	for (;;) {
		ui_paint(u);
		ui_paint_pick(u, sel, &top);
		wnoutrefresh(stdscr);
		doupdate();
		wint_t ch;
		/* F7's suggestions arrive from the spelling thread */
		timeout(s->spell_req ? 50 : -1);
		int r = get_wch(&ch);
		timeout(-1);
		if (r == ERR) {
			if (session_spell_poll(s, false)) {
				n = s->pick.items.n;
				sel = MIN(sel, n - 1);
			}
			continue;
		}
		if (r == KEY_CODE_YES && ch == KEY_RESIZE) {
			session_resize(s, COLS, LINES);
			continue;
		}
		char name[64];
		if (!ui_key_name(r, ch, name, sizeof(name))) {
			if (ch == 'q') {
				session_pick_close(s);
				return;
			}
			continue;
		}
		int page = MAX(1, LINES - 6);
		if (strcmp(name, "Down") == 0 || strcmp(name, "C-n") == 0)
			sel = (sel + 1) % n;
		else if (strcmp(name, "Up") == 0 || strcmp(name, "C-p") == 0)
			sel = (sel + n - 1) % n;
		else if (strcmp(name, "PageDown") == 0)
			sel = MIN(n - 1, sel + (size_t)page);
		else if (strcmp(name, "PageUp") == 0)
			sel = sel > (size_t)page ? sel - (size_t)page : 0;
		else if (strcmp(name, "Home") == 0)
			sel = 0;
		else if (strcmp(name, "End") == 0)
			sel = n - 1;
		else if (strcmp(name, "Enter") == 0) {
			char arg[32];
			snprintf(arg, sizeof(arg), "%zu", sel);
			command_run(s, s->pick.then, arg);
			return;
		} else if (strcmp(name, "Esc") == 0 || strcmp(name, "C-q") == 0 ||
		           strcmp(name, "C-c") == 0 || strcmp(name, "C-g") == 0 || name[0] == 'F') {
			session_pick_close(s);
			return;
		}
	}
}

/* What a command left pending: help, a question, a prompt, a list, the
 * stale diff — until none is left. */
static void dialogs(Ui *u)
{
	Session *s = u->s;
	for (;;) {
		if (s->help || s->confirm[0] || s->ask.on || s->pick.on || s->diff_on)
			u->waited = true; /* not a keystroke's cost */
		if (s->help) {
			s->help = false;
			show_help(u);
		} else if (s->confirm[0]) {
			ui_draw(u);
			wint_t ch;
			int r = get_wch(&ch);
			if (r == ERR)
				continue;
			if (r == KEY_CODE_YES && ch == KEY_RESIZE) {
				session_resize(s, COLS, LINES);
				continue;
			}
			const char *then = s->confirm_cmd;
			s->confirm[0] = '\0';
			s->confirm_cmd = NULL;
			if (r == OK && (ch == 'y' || ch == 'Y'))
				command_run(s, then, NULL);
			else
				session_msg(s, "Cancelled");
		} else if (s->ask.on) {
			s->ask.on = false;
			const char *then = s->ask.then;
			char *q = xstrdup(s->ask.prompt);
			char *init = s->ask.initial;
			s->ask.initial = NULL;
			char *arg = prompt(u, q, init);
			free(q);
			free(init);
			if (arg)
				command_run(s, then, arg);
			else
				session_msg(s, "Cancelled");
			free(arg);
		} else if (s->pick.on) {
			pick_dialog(u);
		} else if (s->diff_on) {
			s->diff_on = false;
			ui_paint(u);
			ui_paint_diff(u);
			wnoutrefresh(stdscr);
			doupdate();
			wint_t ch;
			while (get_wch(&ch) == ERR)
				;
		} else {
			break;
		}
	}
}

static void run_command(Ui *u, const char *id)
{
	Session *s = u->s;
	const Command *c = command_find(id);
	if (!c)
		return;
	if (strcmp(id, "save") == 0 && !ui_safe_before_save(u))
		return;
	if (c->prompt) {
		char *arg = prompt(u, c->prompt, strcmp(id, "find") == 0 ? s->find : NULL);
		if (!arg) {
			session_msg(s, "Cancelled");
			return;
		}
		command_run(s, id, arg);
		free(arg);
	} else {
		command_run(s, id, NULL);
	}
	dialogs(u);
}

static void paste(Ui *u)
{
	Buf b = BUF_INIT;
	for (;;) {
		wint_t ch;
		int r = get_wch(&ch);
		if (r == ERR)
			break;
		if (r == KEY_CODE_YES) {
			if (ch == UI_KEY_PASTE_END)
				break;
			if (ch == KEY_ENTER)
				buf_addc(&b, '\n');
			continue;
		}
		if (ch == '\r')
			ch = '\n';
		if (ch == '\t' || ch == '\n' || ch >= 32)
			text_encode(&b, (int32_t)ch);
	}
	if (b.len)
		session_paste(u->s, b.p, b.len);
	buf_release(&b);
}

static void handle_mouse(Ui *u)
{
	MEVENT ev;
	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		session_scroll(u->s, -3);
	else if (ev.bstate & BUTTON5_PRESSED)
		session_scroll(u->s, 3);
	else if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))
		session_click(u->s, ev.y, ev.x);
}

static void key(Ui *u, int r, wint_t ch)
{
	Session *s = u->s;
	char name[64];
	if (r == KEY_CODE_YES) {
		if (ch == KEY_RESIZE) {
			session_resize(s, COLS, LINES);
			return;
		}
		if (ch == KEY_MOUSE) {
			handle_mouse(u);
			return;
		}
		if (ch == UI_KEY_PASTE_START) {
			paste(u);
			return;
		}
		if (ch == UI_KEY_PASTE_END || ch == UI_KEY_FOCUS_OUT)
			return;
		if (ch == UI_KEY_FOCUS_IN) {
			ui_safe_focus_in(u);
			return;
		}
	}
	if (!ui_key_name(r, ch, name, sizeof(name))) {
		Buf b = BUF_INIT;
		text_encode(&b, (int32_t)ch);
		session_insert(s, b.p, b.len);
		buf_release(&b);
		return;
	}
	if (strcmp(name, "Esc") == 0)
		alt_key(&ch, &r, name, sizeof(name));
	const char *id = keymap_lookup(&u->keys, name);
	if (!id) {
		if (strcmp(name, "Esc") != 0)
			session_msg(s, "%s is not bound to a command (F1 lists the keys)", name);
		return;
	}
	run_command(u, id);
}

/* The configuration, read once for the process (config.h). */
static Config g_cfg;
static char g_cfg_error[1200];

int ui_main(int argc, char **argv)
{
	config_init(&g_cfg);
	char *cfg_path = config_default_path();
	Err ce;
	err_init(&ce);
	if (!config_load(&g_cfg, cfg_path, &ce))
		snprintf(g_cfg_error, sizeof(g_cfg_error), "%s (the settings are not used)", ce.msg);
	else if (g_cfg.unknown[0])
		snprintf(g_cfg_error, sizeof(g_cfg_error), "%s:%zu: unknown setting %s (ignored)",
		         cfg_path, g_cfg.unknown_line, g_cfg.unknown);
	free(cfg_path);
	int rc = argc > 1 && strcmp(argv[1], "review") == 0
	         ? ui_review_main(argc - 1, argv + 1, &g_cfg)
	         : ui_edit_main(argc, argv, &g_cfg);
	config_release(&g_cfg);
	return rc;
}

static int ui_edit_main(int argc, char **argv, const Config *cfg)
{
	uint64_t t0 = now_ns();
	Opts o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc;
	if (MB_CUR_MAX == 1) {
		fprintf(stderr, "yeok: the editor needs a UTF-8 locale (Korean would be lost); "
		                "try LANG=C.UTF-8\n");
		return EXIT_CONFIG;
	}
	Session s;
	session_init(&s);
	SourceOpts so = {o.source, o.source_rev, NULL, true};
	Err e;
	err_init(&e);
	if (!session_open(&s, o.file, &so, &e)) {
		Buf b = BUF_INIT;
		text_sanitize(e.msg, strlen(e.msg), &b);
		fprintf(stderr, "yeok: %s\n", b.p);
		buf_release(&b);
		session_release(&s);
		return e.code ? e.code : EXIT_NOINPUT;
	}
	if (g_cfg_error[0])
		session_error(&s, "%s", g_cfg_error);
	if (!load_glossary(&s, &o, cfg, &e)) {
		Buf b = BUF_INIT;
		text_sanitize(e.msg, strlen(e.msg), &b);
		fprintf(stderr, "yeok: %s\n", b.p);
		buf_release(&b);
		session_release(&s);
		return e.code ? e.code : EXIT_CONFIG;
	}
	err_init(&e);
	if (!safety_input_ok(&s, NULL, &e)) {
		Buf b = BUF_INIT;
		text_sanitize(e.msg, strlen(e.msg), &b);
		fprintf(stderr, "yeok: %s\n", b.p);
		buf_release(&b);
		session_release(&s);
		return e.code;
	}
	if (!o.no_checks)
		session_checks_on(&s, false);
	s.checks_off = o.no_checks;
	if (!o.no_spell)
		session_spell_start(&s, NULL);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "yeok: the editor needs a terminal (for scripts: yeok check, yeok align)\n");
		session_release(&s);
		return EXIT_USAGE;
	}
	if (!ui_safe_terminal_ok()) {
		session_release(&s);
		return EXIT_USAGE;
	}
	if (!ui_safe_open(&s)) {
		session_release(&s);
		return 0;
	}
	Ui u;
	memset(&u, 0, sizeof(u));
	u.s = &s;
	u.t_start = t0;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	load_theme(&u, &o, cfg);
	const char *tk = getenv("YEOK_TIMING_KEYS");
	if (tk && *tk)
		u.trace = fopen(tk, "w");
	start_curses(&u);
	ui_safe_start(&s, restore_terminal);
	session_resize(&s, COLS, LINES);
	ui_draw(&u);
	u.t_first = now_ns();
	uint64_t spell_gen = s.sp ? spell_generation(s.sp) : 0;
	while (!s.quit) {
		wint_t ch;
		/* Checks of the segments not checked yet run while no key waits;
		 * misspelled words are drawn once the dictionaries are loaded
		 * (the spelling thread's generation changes). */
		bool spell_wait = s.sp && !spell_ready(s.sp);
		timeout(ui_safe_timeout(s.uf_pending || s.cd_stale ? 0 : spell_wait ? 100 : -1));
		int r = get_wch(&ch);
		timeout(-1);
		ui_safe_idle(&s);
		if (r == ERR) {
			if (s.uf_pending || s.cd_stale) {
				session_checks_step(&s, 64);
				if (!s.uf_pending)
					ui_draw(&u);
			}
			if (s.sp && spell_generation(s.sp) != spell_gen) {
				spell_gen = spell_generation(s.sp);
				ui_draw(&u);
			}
			continue;
		}
		uint64_t k0 = now_ns();
		u.waited = false;
		session_clear_msg(&s);
		key(&u, r, ch);
		ui_safe_idle(&s);
		if (s.quit)
			break;
		ui_draw(&u);
		uint64_t dt = now_ns() - k0;
		if (u.trace)
			fprintf(u.trace, "%d %u %.1f%s\n", r, (unsigned)ch, (double)dt / 1e3,
			        u.waited ? " waited" : "");
		if (u.waited)
			continue; /* the time went into waiting for the user */
		u.key_total += dt;
		u.key_max = MAX(u.key_max, dt);
		u.key_count++;
	}
	ui_safe_quit(&s);
	restore_terminal();
	fatal_set_hook(NULL);
	const char *tlog = getenv("YEOK_TIMING");
	if (tlog && *tlog) {
		FILE *f = fopen(tlog, "a");
		if (f) {
			fprintf(f, "first-frame-ms %.2f keys %zu mean-key-us %.1f max-key-us %.1f lines %zu+%zu\n",
			        (double)(u.t_first - u.t_start) / 1e6, u.key_count,
			        u.key_count ? (double)u.key_total / (double)u.key_count / 1e3 : 0.0,
			        (double)u.key_max / 1e3, s.doc.tgt.n, s.doc.src.n);
			fclose(f);
		}
	}
	if (u.trace)
		fclose(u.trace);
	keymap_release(&u.keys);
	session_release(&s);
	return 0;
}
