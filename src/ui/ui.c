/* The editor's entry point and its mode: options, opening, the editor
 * mode of the one loop (keys to commands of the editor's keymap, text,
 * paste, mouse, focus, idle work).  Everything the editor does is a
 * command of the session (headless); this file only turns events into
 * commands. */
#include "yeok/source.h"
#include "yeok/ui.h"

#include <dirent.h>
#include <locale.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safe.h"
#include "yeok/safety.h"
#include "ui-private.h"
#include "yeok/text.h"
#include "yeok/vcs.h"


static int usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "yeok: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see yeok --help)\n");
	return EXIT_USAGE;
}

#define MAX_GLOSSARIES 16

typedef UiOpts Opts;

static int parse_args(int argc, char **argv, Opts *o)
{
	memset(o, 0, sizeof(*o));
	bool dashdash = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!dashdash && a[0] == '-' && a[1]) {
			const char *v;
			bool missing = false;
			if (strcmp(a, "--") == 0) {
				dashdash = true;
			} else if ((v = argv_opt_value(argc, argv, &i, "--source-rev", &missing))) {
				o->source_rev = v;
			} else if ((v = argv_opt_value(argc, argv, &i, "--source", &missing))) {
				o->source = v;
			} else if ((v = argv_opt_value(argc, argv, &i, "--tm", &missing))) {
				o->tm = v;
			} else if ((v = argv_opt_value(argc, argv, &i, "--theme", &missing))) {
				o->theme = v;
			} else if ((v = argv_opt_value(argc, argv, &i, "--comments", &missing))) {
				o->comments = v;
			} else if ((v = argv_opt_value(argc, argv, &i, "--glossary", &missing))) {
				if (!missing && o->n_glossary >= MAX_GLOSSARIES)
					return usage("at most 16 --glossary files ('%s' is one too many)", v);
				if (!missing)
					o->glossary[o->n_glossary++] = v;
			} else if (strcmp(a, "--no-spell") == 0) {
				o->no_spell = true;
			} else if (strcmp(a, "--no-checks") == 0) {
				o->no_checks = true;
			} else if (strcmp(a, "--no-tm") == 0) {
				o->no_tm = true;
			} else {
				return usage("unknown option '%s'", a);
			}
			if (missing)
				return usage("%s needs a value", a);
			continue;
		}
		if (o->file)
			return usage("one FILE at a time ('%s' is one too many)", a);
		o->file = a;
	}
	if (o->source && o->source_rev)
		return usage("%s", "--source and --source-rev exclude each other");
	return 0;
}

/* ---- the editor mode ------------------------------------------------------- */

/* A command by its row: a save asks first when the file changed on disk;
 * one with a prompt asks for its argument. */
static void run_command(Ui *u, const char *id)
{
	Session *s = u->s;
	const Command *c = command_find(id);
	if (!c)
		return;
	if ((c->flags & CMD_SAVES) && !ui_safe_before_save(u))
		return;
	if (c->prompt)
		ui_prompt(u, c->prompt, (c->flags & CMD_INIT_FIND) ? s->search.last : NULL, id, "Cancelled");
	else
		ui_command(u, id, NULL);
}

/* The answer to the session's question: the command of its key, else
 * cancelled. */
static void question_answer(Ui *u, Mode *m, bool ok, const char *key)
{
	(void)ok;
	(void)m;
	ui_pop(u);
	const char *cmd = key ? session_question_answer(u->s, key) : NULL;
	u->s->dlg.q.n = 0;
	if (cmd)
		run_command(u, cmd);
	else
		session_msg(u->s, "Cancelled");
}

/* The dialogs a command left pending in the session: help, a question, a
 * prompt, a pick list, the stale diff. */
void ui_editor_pending(Ui *u)
{
	Session *s = u->s;
	if (s->shell.help) {
		ui_shell_pending(u, &s->shell);
	} else if (s->dlg.q.on) {
		s->dlg.q.on = false;
		ui_question(u, s->dlg.q.text, NULL, question_answer);
	} else if (s->shell.ask.kind != SHELL_ASK_NONE) {
		ui_shell_pending(u, &s->shell);
	} else if (s->dlg.pick.on) {
		if (s->dlg.pick.items.n)
			ui_pick(u);
		else
			session_pick_close(s);
	} else if (s->dlg.diff) {
		s->dlg.diff = false;
		ui_diff_view(u);
	} else if (s->dlg.view_text) {
		ui_text_view(u, s->dlg.view_title ? s->dlg.view_title : "", s->dlg.view_text,
		             strlen(s->dlg.view_text));
		free(s->dlg.view_title);
		free(s->dlg.view_text);
		s->dlg.view_title = s->dlg.view_text = NULL;
	}
}

static void mouse(Ui *u, const UiEvent *ev)
{
	if (ev->bstate & BUTTON4_PRESSED)
		session_scroll(u->s, -3);
	else if (ev->bstate & BUTTON5_PRESSED)
		session_scroll(u->s, 3);
	else if (ev->bstate & BUTTON1_PRESSED) {
		session_select_cancel(u->s);
		u->dragging = session_click(u->s, ev->y, ev->x);
	} else if (ev->bstate & BUTTON1_CLICKED)
		session_click(u->s, ev->y, ev->x);
	else if (u->dragging && (ev->bstate & (REPORT_MOUSE_POSITION | BUTTON1_RELEASED))) {
		/* a drag selects from the press to here */
		session_drag(u->s, ev->y, ev->x);
		if (ev->bstate & BUTTON1_RELEASED)
			u->dragging = false;
	}
}

/* Idle work between keys: the checks of segments not checked yet, a
 * frame when the spelling thread has loaded the dictionaries, what the
 * translation memory's thread finished. */
static int editor_timeout(Ui *u, Mode *m)
{
	(void)m;
	Session *s = u->s;
	if (s->chk.pending || s->chk.check_doc_stale || s->gloss.hint_due || session_align_pending(s))
		return 0;
	if (session_tm_busy(s))
		return 50;
	return s->spell.sp && !spell_ready(s->spell.sp) ? 100 : -1;
}

static void editor_idle(Ui *u)
{
	Session *s = u->s;
	if (session_align_pending(s)) {
		bool shown = s->side.apply.shown;
		if (!session_align_idle(s, SESSION_SLICE_NS) || shown != s->side.apply.shown)
			u->redraw = true; /* the sidecar's statuses are in (those on screen) */
	}
	if (s->chk.pending || s->chk.check_doc_stale || s->gloss.hint_due) {
		bool hints = s->gloss.hint_due;
		session_checks_step(s, 64);
		if (!s->chk.pending || hints)
			u->redraw = true;
	}
	if (s->spell.sp && spell_generation(s->spell.sp) != u->spell_gen) {
		u->spell_gen = spell_generation(s->spell.sp);
		u->redraw = true;
	}
	if (session_spell_findings(s))
		u->redraw = true;
	if (session_tm_poll(s, false))
		u->redraw = true;
	if (safety_journal_warn(s))
		u->redraw = true;
}

/* A new clipboard to the terminal's (OSC 52, base64), when config.yaml
 * says `clipboard: osc52`: its control characters replaced first
 * (text_clipboard_safe), since whatever reaches the system clipboard is
 * pasted into other programs (an ESC[201~ of the file would end a shell's
 * bracketed paste and run the rest). */
static void send_clipboard(Ui *u)
{
	Session *s = u->s;
	if (!s->prefs.osc52 || s->clip.gen == u->clip_sent || !s->clip.text)
		return;
	u->clip_sent = s->clip.gen;
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	Buf safe = BUF_INIT;
	text_clipboard_safe(s->clip.text, s->clip.n, &safe);
	const unsigned char *p = (const unsigned char *)(safe.p ? safe.p : "");
	size_t n = safe.len;
	Buf out = BUF_INIT;
	buf_adds(&out, "\033]52;c;");
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
		             (i + 2 < n ? p[i + 2] : 0);
		buf_addc(&out, b64[v >> 18 & 63]);
		buf_addc(&out, b64[v >> 12 & 63]);
		buf_addc(&out, i + 1 < n ? b64[v >> 6 & 63] : '=');
		buf_addc(&out, i + 2 < n ? b64[v & 63] : '=');
	}
	buf_addc(&out, '\a');
	fwrite(out.p, 1, out.len, stdout);
	fflush(stdout);
	buf_release(&out);
	buf_release(&safe);
}

static void editor_event(Ui *u, Mode *m, const UiEvent *ev)
{
	(void)m;
	Session *s = u->s;
	if (ev->kind == UI_EV_IDLE) {
		editor_idle(u);
		return;
	}
	if (ev->kind == UI_EV_RESIZE || ev->kind == UI_EV_SYNC)
		return;
	if (ev->kind == UI_EV_MOUSE && !u->dragging && (ev->bstate & REPORT_MOUSE_POSITION) &&
	    !(ev->bstate & (BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED)))
		return; /* the pointer moving: nothing to do */
	session_align_finish(s); /* what a key does starts from the whole alignment */
	session_clear_msg(s);
	switch (ev->kind) {
	case UI_EV_MOUSE:
		mouse(u, ev);
		u->redraw = true; /* not a key: the loop paints only when asked */
		break;
	case UI_EV_PASTE:
		if (ev->text.len)
			session_paste(s, ev->text.p, ev->text.len);
		break;
	case UI_EV_FOCUS_IN:
		ui_safe_focus_in(u);
		u->redraw = true; /* the message just cleared */
		break;
	case UI_EV_TEXT:
		session_insert(s, ev->text.p, ev->text.len);
		break;
	case UI_EV_KEY: {
		const char *id = keymap_lookup(&u->keys, MODE_EDITOR, ev->name);
		if (id)
			run_command(u, id);
		else if (strcmp(ev->name, "Esc") != 0)
			session_msg(s, "%s is not bound to a command (F1 lists the keys)", ev->name);
		break;
	}
	default:
		break;
	}
	send_clipboard(u);
	safety_journal_warn(s); /* the key cleared the message */
	if (s->shell.quit)
		u->quit = true;
}

static void editor_paint(Ui *u, Mode *m)
{
	(void)m;
	ui_paint(u);
}

const ModeOps ui_editor_mode = {"editor", editor_paint, editor_event, editor_timeout, false};

static void report_to_session(Ui *u, const char *msg)
{
	session_error(u->s, "%s", msg);
}

/* The message of a failed opening: on stderr, or into err (the list). */
static Buf *g_fail_to;

static void fail(Session *s, const Err *e)
{
	Buf b = BUF_INIT;
	text_sanitize(e->msg, strlen(e->msg), &b);
	if (g_fail_to)
		buf_addstr(g_fail_to, buf_str(&b));
	else
		fprintf(stderr, "yeok: %s\n", b.p);
	buf_release(&b);
	session_release(s);
}

/* The threads of this process (Linux: /proc/self/task; 0 elsewhere). */
static size_t thread_count(void)
{
	DIR *d = opendir("/proc/self/task");
	size_t n = 0;
	if (!d)
		return 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void write_timing(const Ui *u, const Session *s)
{
	const char *tlog = getenv("YEOK_TIMING");
	if (!tlog || !*tlog)
		return;
	FILE *f = fopen(tlog, "a");
	if (!f)
		return;
	fprintf(f, "first-frame-ms %.2f cpu-ms %.2f main-cpu-ms %.2f threads %zu keys %zu "
	        "mean-key-us %.1f max-key-us %.1f lines %zu+%zu\n",
	        (double)(u->t_first - u->t_start) / 1e6, (double)u->cpu_first / 1e6,
	        (double)u->main_first / 1e6, u->threads_first, u->key_count,
	        u->key_count ? (double)u->key_total / (double)u->key_count / 1e3 : 0.0,
	        (double)u->key_max / 1e3, s->doc.tgt.n, s->doc.src.n);
	fclose(f);
}

/* Open the session as the options say; false with the exit code in *rc. */
/* --comments FILE.json: GitHub's review comments placed on the document;
 * what was skipped said on stderr (each with the comment it is about) and
 * in the status line. */
static bool load_remarks(Session *s, const Opts *o, Err *e)
{
	if (!session_remarks_load(s, o->comments, e))
		return false;
	const GhComments *gc = &s->rem.gc;
	if (gc->notes.len) {
		Buf safe = BUF_INIT;
		text_sanitize(gc->notes.p, gc->notes.len, &safe);
		for (const char *p = safe.p, *nl; p && *p; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl)
				nl = p + strlen(p) - 1;
			fprintf(stderr, "yeok: %.*s\n", (int)(nl - p), p);
		}
		buf_release(&safe);
	}
	size_t placed = s->rem.v.n, moved = 0;
	for (size_t i = 0; i < placed; i++)
		moved += s->rem.v.v[i].how[0] != '\0';
	Buf m = BUF_INIT;
	buf_addf(&m, "%zu review comment thread%s on this file (F8 next, M-v its thread)", placed,
	         placed == 1 ? "" : "s");
	if (moved)
		buf_addf(&m, ", %zu placed where they were made (their lines moved since)", moved);
	if (gc->skipped) {
		const char *first = gc->notes.p ? gc->notes.p : "";
		const char *nl = strchr(first, '\n');
		buf_addf(&m, " · %zu skipped: %.*s%s", gc->skipped,
		         (int)(nl ? (size_t)(nl - first) : strlen(first)), first,
		         gc->skipped > 1 ? " …" : "");
	}
	session_msg(s, "%s", m.p);
	buf_release(&m);
	return true;
}

static bool open_session(Session *s, const Opts *o, int *rc)
{
	SourceOpts so = {.path = o->source, .rev = o->source_rev, .history = true, .self_fallback = true};
	Err e;
	err_init(&e);
	if (!session_open_phased(s, o->file, &so, &e)) {
		fail(s, &e);
		*rc = e.code ? e.code : EXIT_NOINPUT;
		return false;
	}
	session_use_context(s, o->ctx);
	err_init(&e);
	if (!safety_input_ok(s, NULL, &e)) {
		fail(s, &e);
		*rc = e.code;
		return false;
	}
	if (!o->no_checks)
		session_checks_on(s, false);
	s->chk.off = o->no_checks;
	if (o->comments && !load_remarks(s, o, &e)) {
		fail(s, &e);
		*rc = e.code ? e.code : EXIT_DATAERR;
		return false;
	}
	return true; /* spelling starts after the first frame (ui_edit) */
}

/* In a git work tree (the git program says so): the folder to list when
 * yeok is given no file. */
static bool in_work_tree(void)
{
	const char *argv[] = {"rev-parse", "--is-inside-work-tree", NULL};
	Buf out = BUF_INIT;
	Err e;
	err_init(&e);
	bool yes = vcs_available() && vcs_git(NULL, argv, &out, NULL, &e) && out.len >= 4 &&
	           !memcmp(out.p, "true", 4);
	buf_release(&out);
	return yes;
}

static int edit_main(int argc, char **argv, const Config *cfg, const char *cfg_problem);
static int edit_or_list(Opts *op);

int ui_main(int argc, char **argv)
{
	/* config.yaml, read once and passed down */
	Config cfg;
	char problem[1200];
	ui_config_load(&cfg, problem, sizeof(problem));
	for (size_t i = 0; i < cfg.sources.n; i++) /* the English trees (source.h) */
		source_add_map(cfg.sources.v[i].target, cfg.sources.v[i].source);
	Err ue;
	err_init(&ue);
	if (cfg.upstream && !source_set_upstream(cfg.upstream, cfg.upstream_ref, &ue) && !problem[0])
		snprintf(problem, sizeof(problem), "%s (upstream: not used)", ue.msg);
	if (cfg.tm_exclude_set) /* what is no tutorial (source.h) */
		source_set_excludes((const char *const *)cfg.tm_exclude.v, cfg.tm_exclude.n);
	for (size_t i = 0; cfg.upstream && i < cfg.upstream_map.n; i++)
		source_add_upstream_map(cfg.upstream_map.v[i].target, cfg.upstream_map.v[i].source);
	int rc = argc > 1 && strcmp(argv[1], "review") == 0
	         ? ui_review_main(argc - 1, argv + 1, &cfg, problem)
	         : edit_main(argc, argv, &cfg, problem);
	config_release(&cfg);
	return rc;
}

static int edit_main(int argc, char **argv, const Config *cfg, const char *cfg_problem)
{
	Opts o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc;
	o.cfg = cfg;
	o.cfg_problem = cfg_problem;
	/* the context, once: the glossaries, rules and checks of check */
	Context ctx;
	context_init(&ctx);
	ContextOpts co = {cfg, o.glossary, o.n_glossary, NULL, 0, NULL, NULL, o.no_spell, false};
	Err e;
	err_init(&e);
	if (!context_load(&ctx, &co, &e)) {
		context_release(&ctx);
		fprintf(stderr, "yeok: %s\n", e.msg);
		return e.code ? e.code : EXIT_CONFIG;
	}
	o.ctx = &ctx;
	rc = edit_or_list(&o);
	context_release(&ctx);
	return rc;
}

static int edit_or_list(Opts *op)
{
	Opts o = *op;
	if (!o.file && !in_work_tree())
		return usage("%s", "no file given (a folder, or none inside a git work tree, "
		                   "lists the tutorials)");
	if (MB_CUR_MAX == 1) {
		fprintf(stderr, "yeok: the editor needs a UTF-8 locale (Korean would be lost); "
		                "try LANG=C.UTF-8\n");
		return EXIT_CONFIG;
	}
	struct stat st;
	if (!o.file || (stat(o.file, &st) == 0 && S_ISDIR(st.st_mode)))
		return ui_list_main(&o, o.file ? o.file : ".");
	return ui_edit(&o, o.file, NULL);
}

int ui_edit(const UiOpts *opts, const char *file, Buf *err)
{
	uint64_t t0 = now_ns();
	Opts o = *opts;
	o.file = file;
	int rc = 0;
	Session s;
	session_init(&s);
	g_fail_to = err;
	bool opened = open_session(&s, &o, &rc);
	g_fail_to = NULL;
	if (!opened)
		return rc;
	if (o.cfg_problem && o.cfg_problem[0])
		session_error(&s, "%s", o.cfg_problem);
	const Config *cfg = o.cfg;
	/* config.yaml: wrapping, the clipboard, the translator (pre-fills F2
	 * and Alt-t when the sidecar names none) */
	s.prefs.wrap = cfg->wrap == CONFIG_WRAP_GRAPHEME ? WRAP_GRAPHEME : WRAP_WORD;
	s.prefs.osc52 = cfg->clipboard == CONFIG_CLIP_OSC52;
	if ((!s.side.sc.translator_name || !s.side.sc.translator_name[0]) && cfg->translator_name)
		sidecar_set_translator(&s.side.sc, cfg->translator_name, cfg->translator_url);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "yeok: the editor needs a terminal (for scripts: yeok check, yeok align)\n");
		session_release(&s);
		return EXIT_USAGE;
	}
	if (!ui_term_was_started() && !ui_safe_terminal_ok()) {
		session_release(&s);
		return EXIT_USAGE;
	}
	if (!ui_safe_open(&s)) {
		session_release(&s);
		return 0;
	}
	Ui u;
	memset(&u, 0, sizeof(u));
	ui_bind_editor(&u, &s);
	u.t_start = t0;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	ui_load_theme_and_keys(&u, o.theme, o.cfg, report_to_session);
	const char *tk = getenv("YEOK_TIMING_KEYS");
	if (tk && *tk)
		u.trace = fopen(tk, "w");
	ui_term_start(&u, true);
	session_resize(&s, COLS, LINES);
	ui_push(&u, &ui_editor_mode);
	u.waited = false;
	ui_draw(&u);
	u.t_first = now_ns();
	u.cpu_first = cpu_ns(false);
	u.main_first = cpu_ns(true);
	if (getenv("YEOK_TIMING")) /* reads /proc: for the timing log only */
		u.threads_first = thread_count();
	/* after the first frame, not before it: git runs, and the spelling
	 * thread loads the dictionaries (a second thread of this process
	 * shares its CPU with the first frame's on a loaded machine) */
	safety_exclude_side_files(&s);
	/* the repository's words (git, a cache per HEAD), then the spelling
	 * made from the context: the findings are check's */
	Err re;
	err_init(&re);
	if (!context_load_repo(o.ctx, file, &re))
		session_error(&s, "Repository words: %s", re.msg);
	session_context_changed(&s);
	if (!o.no_spell)
		session_spell_start(&s, NULL);
	u.spell_gen = s.spell.sp ? spell_generation(s.spell.sp) : 0;
	if (!o.no_tm)
		session_tm_start(&s, o.tm ? o.tm : cfg->tm, true); /* after the first frame; --tm, else config.yaml tm: */
	ui_run(&u);
	ui_safe_quit(&s);
	ui_term_restore();
	fatal_set_hook(NULL);
	write_timing(&u, &s);
	if (u.trace)
		fclose(u.trace);
	keymap_release(&u.keys);
	ui_paint_release(&u);
	session_release(&s);
	return 0;
}

/* ---- the editor's model (ui-private.h UiModel) ------------------------------ */

static void editor_run(Ui *u, const char *id, const char *arg)
{
	command_run(u->s, id, arg);
	if (u->s->shell.quit)
		u->quit = true;
	else
		ui_editor_pending(u);
}

static void editor_message(Ui *u, bool error, const char *msg)
{
	if (error)
		session_error(u->s, "%s", msg);
	else
		session_msg(u->s, "%s", msg);
}

static void editor_prepare(Ui *u)
{
	session_prepare_frame(u->s);
}

static void editor_resize(Ui *u)
{
	session_resize(u->s, COLS, LINES);
}

const UiModel ui_editor_model = {"editor", MODE_EDITOR, editor_run, editor_message,
                                 editor_prepare, editor_resize};
