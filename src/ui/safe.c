/* Nothing lost on the terminal (src/ui/safe.h). */
#include "safe.h"

#include <errno.h>
#include <signal.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>

#include "yeok/safety.h"
#include "yeok/text.h"

static Session *g_session;
static void (*g_restore)(void);
static volatile sig_atomic_t g_signal;
static long g_seg = -2;

/* ---- the recovery question (plain terminal, before curses) -------------- */

static void out_safe(const char *s, size_t n)
{
	Buf b = BUF_INIT;
	text_sanitize(s, n, &b);
	fwrite(b.p ? b.p : "", 1, b.len, stdout);
	buf_release(&b);
}

/* Each line of text terminal-safe. */
static void out_lines(const char *p, size_t n)
{
	size_t start = 0;
	for (size_t i = 0; i <= n; i++) {
		if (i < n && p[i] != '\n')
			continue;
		out_safe(p + start, i - start);
		fputc('\n', stdout);
		start = i + 1;
	}
}

/* One key from the terminal (raw, no echo); EOF on end of input. */
static int read_key(void)
{
	struct termios old, raw;
	bool tty = tcgetattr(STDIN_FILENO, &old) == 0;
	if (tty) {
		raw = old;
		raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
		raw.c_cc[VMIN] = 1;
		raw.c_cc[VTIME] = 0;
		tcsetattr(STDIN_FILENO, TCSANOW, &raw);
	}
	unsigned char c;
	ssize_t r;
	do
		r = read(STDIN_FILENO, &c, 1);
	while (r < 0 && errno == EINTR);
	if (tty)
		tcsetattr(STDIN_FILENO, TCSANOW, &old);
	return r == 1 ? c : EOF;
}

bool ui_safe_open(Session *s)
{
#ifndef NDEBUG
	/* Tests only: YEOK_TEST_FLOCK_ERRNO=38 is a file system without flock. */
	const char *fl = getenv("YEOK_TEST_FLOCK_ERRNO");
	if (fl && *fl)
		journal_inject_flock_errno = atoi(fl);
#endif
	Buf notes = BUF_INIT;
	safety_input_ok(s, &notes, NULL);
	if (notes.len && (!s->shell.msg.text[0] || s->shell.msg.note))
		session_msg(s, "Note: %s", notes.p);
	buf_release(&notes);
	SafetyRecovery r;
	bool found = safety_open(s, &r);
	if (r.problem[0] && !found) {
		session_error(s, "%s", r.problem);
	}
	if (!found) {
		safety_recovery_release(&r);
		return true;
	}
	bool go_on = true;
	for (;;) {
		Buf d = BUF_INIT;
		buf_adds(&d, s->doc.path);
		buf_adds(&d, ": ");
		safety_recovery_describe(&r, &d);
		fputs("yeok: ", stdout);
		out_safe(d.p, d.len);
		fputc('\n', stdout);
		buf_release(&d);
		if (r.problem[0]) {
			fputs("  note: ", stdout);
			out_safe(r.problem, strlen(r.problem));
			fputc('\n', stdout);
		}
		fputs("  r recover it   d discard it   v view the difference   q quit (decide later)\n"
		      "? ",
		      stdout);
		fflush(stdout);
		int c = read_key();
		fputc('\n', stdout);
		if (c == 'r' || c == 'R') {
			safety_recover(s, &r);
			break;
		}
		if (c == 'd' || c == 'D') {
			safety_discard(s, &r);
			break;
		}
		if (c == 'v' || c == 'V') {
			Buf diff = BUF_INIT;
			safety_recovery_diff(s, &r, &diff);
			out_lines(diff.p ? diff.p : "", diff.len);
			buf_release(&diff);
			continue;
		}
		if (c == 'q' || c == 'Q' || c == EOF || c == 3 || c == 27) {
			go_on = false;
			break;
		}
	}
	fflush(stdout);
	safety_recovery_release(&r);
	if (!go_on) {
		safety_exclude_side_files(s); /* the journal that stays, too */
		doc_journal_end(&s->doc, false); /* the journal stays for next time */
	}
	return go_on;
}

bool ui_safe_terminal_ok(void)
{
	const char *term = getenv("TERM");
	int err = 0;
	if (!term || !*term || strcmp(term, "dumb") == 0) {
		fprintf(stderr, "yeok: the editor needs a terminal that can move the cursor (TERM is %s); "
		                "try TERM=xterm-256color\n",
		        !term || !*term ? "not set" : "dumb");
		return false;
	}
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		Buf b = BUF_INIT;
		text_sanitize(term, strlen(term), &b);
		fprintf(stderr, "yeok: the terminal type '%s' is not known here (no terminfo entry); "
		                "try TERM=xterm-256color\n",
		        b.p);
		buf_release(&b);
		return false;
	}
	del_curterm(cur_term);
	return true;
}

/* ---- signals and fatal errors ------------------------------------------- */

static void on_signal(int sig)
{
	g_signal = sig;
}

static void fatal_hook(void)
{
	if (g_session && g_session->doc.journal)
		journal_flush(g_session->doc.journal);
	if (g_restore)
		g_restore();
}

void ui_safe_start(Session *s, void (*restore)(void))
{
#ifndef NDEBUG
	/* Tests only (SANITIZE/DEBUG builds): YEOK_TEST_WRITE_ERRNO=28 makes
	 * every save fail with that errno (28 ENOSPC, 13 EACCES, 30 EROFS). */
	const char *inj = getenv("YEOK_TEST_WRITE_ERRNO");
	if (inj && *inj)
		file_inject_write_errno = atoi(inj);
#endif
	g_session = s;
	g_restore = restore;
	fatal_set_hook(fatal_hook);
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: get_wch returns */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

int ui_safe_timeout(int want)
{
	int t = 1000;
	const Journal *j = g_session ? g_session->doc.journal : NULL;
	if (j && j->pending.len) {
		uint64_t since = (now_ns() - j->last_flush_ns) / 1000000u;
		t = since >= 1000 ? 0 : (int)(1000 - since);
	}
	return want < 0 || want > t ? t : want;
}

/* End by signal sig: the journal flushed (and removed when there is
 * nothing unsaved), the terminal restored, the default action of sig. */
static noreturn void end_by(Session *s, int sig)
{
	if (s && s->doc.journal) {
		journal_flush(s->doc.journal);
		if (!doc_modified(&s->doc))
			doc_journal_end(&s->doc, true);
	}
	fatal_set_hook(NULL);
	if (g_restore)
		g_restore();
	signal(sig, SIG_DFL);
	raise(sig);
	_exit(128 + sig);
}

void ui_safe_idle(Session *s)
{
	if (g_signal)
		end_by(s, g_signal);
	if (s)
		safety_tick(s, &g_seg, false);
}

void ui_safe_hangup(Session *s)
{
	end_by(s, SIGHUP);
}

void ui_safe_quit(Session *s)
{
	if (s)
		safety_quit(s);
	g_session = NULL;
}

/* ---- changed on disk ----------------------------------------------------- */

enum { ASK_SAVING = 1, ASK_FOCUS = 2 };

/* The question's answer: r reload, k keep mine (and save when asked
 * before a save), d the difference (a text view over the question). */
static void changed_answer(Ui *u, Mode *m, bool ok, const char *key)
{
	Session *s = u->s;
	bool saving = m->tag == ASK_SAVING;
	char c = ok && key && key[0] && !key[1] ? key[0] : 0;
	if (c == 'r' || c == 'R') {
		ui_pop(u);
		safety_reload(s);
	} else if (c == 'k' || c == 'K') {
		ui_pop(u);
		safety_keep_mine(s);
		if (saving)
			ui_command(u, "save", NULL);
		else
			session_msg(s, "Keeping your version: the next save writes over the file");
	} else if (c == 'd' || c == 'D') {
		Buf d = BUF_INIT;
		safety_disk_diff(s, &d);
		ui_text_view(u, "Difference: - on disk, + in the editor (any key returns)", d.p ? d.p : "",
		             d.len);
		buf_release(&d);
	} else if (saving && key && (!strcmp(key, "Esc") || !strcmp(key, "C-c") ||
	                             !strcmp(key, "C-g"))) {
		ui_pop(u);
		session_msg(s, "Not saved: the file changed on disk");
	}
	/* anything else: the question stays */
}

static void ask_changed(Ui *u, bool saving)
{
	const char *q = saving
		? "Changed on disk by another program! r reload theirs, k keep mine (save over), "
		  "d show the difference, Esc cancel: "
		: "Changed on disk by another program! r reload theirs, k keep mine, "
		  "d show the difference: ";
	Mode *m = ui_question(u, q, NULL, changed_answer);
	m->tag = saving ? ASK_SAVING : ASK_FOCUS;
}

bool ui_safe_before_save(Ui *u)
{
	if (u->s->doc.read_only || u->s->doc.disk.overwrite || !safety_disk_changed(u->s))
		return true;
	ask_changed(u, true);
	return false;
}

void ui_safe_focus_in(Ui *u)
{
	if (!u->s->doc.disk.overwrite && safety_disk_changed(u->s))
		ask_changed(u, false);
}
