/* The one key reader (ui-private.h): the only get_wch() of yeok.  Every
 * mode of every screen reads its events here, so resize, Alt, paste,
 * focus, signals, a closed terminal and the journal's flush once a second
 * are handled in one place (tig's get_input()). */
#include <errno.h>
#include <poll.h>
#include <unistd.h>

#include "safe.h"
#include "ui-private.h"
#include "yeok/text.h"

void ui_event_release(UiEvent *ev)
{
	buf_release(&ev->text);
}

/* True when the terminal is gone (the other end closed): get_wch() would
 * return ERR at once, forever. */
static bool input_gone(int fd)
{
	struct pollfd p = {fd, POLLIN, 0};
	int r = poll(&p, 1, 0);
	if (r < 0)
		return errno != EINTR && errno != EAGAIN;
	return (p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/* One get_wch() with a timeout (ms, -1: none); ERR on timeout. */
static int read_one(int ms, wint_t *ch)
{
	timeout(ms);
	int r = get_wch(ch);
	timeout(-1);
	return r;
}

/* Milliseconds to wait after ESC for the rest of a key: the bytes of one
 * key arrive together, a person's Esc and the next key do not. */
#define ESC_MS 50

/* A key code that reports something (resize, mouse, paste, focus, the
 * tests' barrier) rather than a key that Alt can modify. */
static bool is_report(const Ui *u, wint_t c)
{
	return c == KEY_RESIZE || c == KEY_MOUSE || c == UI_KEY_PASTE_START ||
	       c == UI_KEY_PASTE_END || c == UI_KEY_FOCUS_IN || c == UI_KEY_FOCUS_OUT ||
	       (u->sync_on && c == KEY_F(12));
}

static void key_event(UiEvent *ev, const char *name, bool alt)
{
	ev->kind = UI_EV_KEY;
	snprintf(ev->name, sizeof(ev->name), "%s", name);
	if (alt)
		ui_key_add_alt(ev->name, sizeof(ev->name));
}

/* Put back what ended a sequence: a key code or a character. */
static void unget(int r, wint_t c)
{
	if (r == KEY_CODE_YES)
		ungetch((int)c);
	else
		unget_wch((wchar_t)c);
}

/* ESC and b[0..n) were a sequence yeok does not know: dropped whole (the
 * loop says so). */
static void ignored(UiEvent *ev, const char *b, size_t n)
{
	ev->kind = UI_EV_IGNORED;
	Buf t = BUF_INIT;
	buf_adds(&t, "ESC ");
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)b[i];
		if (c == 27)
			buf_adds(&t, "ESC ");
		else if (c >= 0x20 && c < 0x7F)
			buf_addc(&t, (char)c);
		else
			buf_addf(&t, "<%02x>", c);
	}
	snprintf(ev->name, sizeof(ev->name), "%s", t.p);
	buf_release(&t);
}

/* The bytes b[0..n) after an ESC ended without a whole sequence: one
 * introducer alone is Alt with it ("M-[", "M-O"), ESC ESC is Esc (the
 * second one is read again), anything longer is dropped. */
static void cut_short(UiEvent *ev, const char *b, size_t n)
{
	if (n == 1 && b[0] == 27) {
		unget_wch(27);
		key_event(ev, "Esc", false);
	} else if (n == 1) {
		char t[2] = {b[0], '\0'};
		key_event(ev, t, true);
	} else {
		ignored(ev, b, n);
	}
}

/* After ESC came '[', 'O' or another ESC: read the sequence by its
 * grammar (ui_seq_decode) and make it a key, a keypad character, nothing
 * (a stray report) or an ignored sequence.  False when there is no event. */
static bool sequence(Ui *u, UiEvent *ev, wint_t first)
{
	char b[64];
	size_t n = 0;
	b[n++] = (char)first;
	for (;;) {
		char name[48];
		UiSeq k = ui_seq_decode(b, n, name, sizeof(name));
		if (k == UI_SEQ_KEY) {
			key_event(ev, name, false);
			return true;
		}
		if (k == UI_SEQ_TEXT) {
			ev->kind = UI_EV_TEXT;
			buf_adds(&ev->text, name);
			snprintf(ev->name, sizeof(ev->name), "%s", name);
			return true;
		}
		if (k == UI_SEQ_IGNORE)
			return false;
		if (k == UI_SEQ_UNKNOWN || n == sizeof(b)) {
			ignored(ev, b, n);
			return true;
		}
		wint_t c;
		int r = read_one(ESC_MS, &c);
		if (r == ERR) {
			cut_short(ev, b, n);
			return true;
		}
		if (r == KEY_CODE_YES && n == 1 && b[0] == 27 && !is_report(u, c)) {
			/* ESC ESC and a key ncurses knew: Alt with it (PuTTY) */
			char inner[48];
			ui_key_name(r, c, inner, sizeof(inner));
			key_event(ev, inner, true);
			return true;
		}
		if (r == KEY_CODE_YES || c > 0x7E) {
			unget(r, c); /* no byte of a sequence: input again */
			cut_short(ev, b, n);
			return true;
		}
		b[n++] = (char)c;
		if (ui_seq_decode(b, n, name, sizeof(name)) == UI_SEQ_BROKEN) {
			unget(r, c);
			cut_short(ev, b, n - 1);
			return true;
		}
	}
}

/* After ESC: a key with Alt (ESC then the key, within ESC_MS), the
 * sequence of a key, or a plain Esc.  False when there is no event (a
 * report dropped). */
static bool escape(Ui *u, UiEvent *ev)
{
	wint_t c;
	int r = read_one(ESC_MS, &c);
	if (r == ERR) {
		key_event(ev, "Esc", false);
		return true;
	}
	if (r == KEY_CODE_YES) {
		char inner[48];
		if (!is_report(u, c) && ui_key_name(r, c, inner, sizeof(inner))) {
			key_event(ev, inner, true); /* rxvt's and PuTTY's Alt with a key */
			return true;
		}
		ungetch((int)c);
		key_event(ev, "Esc", false);
		return true;
	}
	if (c == '[' || c == 'O' || c == 27)
		return sequence(u, ev, c);
	char inner[48];
	if (!ui_key_name(r, c, inner, sizeof(inner))) {
		Buf b = BUF_INIT;
		text_encode(&b, (int32_t)c);
		snprintf(inner, sizeof(inner), "%s", b.p);
		buf_release(&b);
	}
	key_event(ev, inner, true);
	return true;
}

/* The text of a bracketed paste up to its end marker. */
static void paste(Ui *u, UiEvent *ev)
{
	for (;;) {
		wint_t ch;
		int r = read_one(1000, &ch);
		ui_safe_idle(u->s);
		if (r == ERR) {
			if (input_gone(u->in_fd))
				ui_safe_hangup(u->s);
			break; /* the end marker never came: keep what arrived */
		}
		if (r == KEY_CODE_YES) {
			if (ch == UI_KEY_PASTE_END)
				break;
			if (ch == KEY_ENTER)
				buf_addc(&ev->text, '\n');
			continue;
		}
		if (ch == '\r')
			ch = '\n';
		if (ch == '\t' || ch == '\n' || ch >= 32)
			text_encode(&ev->text, (int32_t)ch);
	}
	ev->kind = UI_EV_PASTE;
}

/* A key code (KEY_CODE_YES): resize, mouse, paste, focus or a named key.
 * False for one to ignore (a stray end marker, focus out). */
static bool key_code(Ui *u, wint_t ch, UiEvent *ev)
{
	switch (ch) {
	case KEY_RESIZE:
		ev->kind = UI_EV_RESIZE;
		if (u->model && u->model->resize)
			u->model->resize(u);
		return true;
	case KEY_MOUSE: {
		MEVENT me;
		if (getmouse(&me) != OK)
			return false;
		ev->kind = UI_EV_MOUSE;
		ev->y = me.y;
		ev->x = me.x;
		ev->bstate = me.bstate;
		return true;
	}
	case UI_KEY_PASTE_START:
		paste(u, ev);
		return true;
	case UI_KEY_FOCUS_IN:
		ev->kind = UI_EV_FOCUS_IN;
		return true;
	case UI_KEY_PASTE_END:
	case UI_KEY_FOCUS_OUT:
		return false;
	default:
		break;
	}
	if (u->sync_on && ch == KEY_F(12)) {
		ev->kind = UI_EV_SYNC;
		u->sync++;
		return true;
	}
	ev->kind = UI_EV_KEY;
	ui_key_name(KEY_CODE_YES, ch, ev->name, sizeof(ev->name));
	return true;
}

void ui_next_event(Ui *u, int want_ms, UiEvent *ev)
{
	memset(ev, 0, sizeof(*ev));
	buf_init(&ev->text);
	for (;;) {
		wint_t ch;
		int r = read_one(ui_safe_timeout(want_ms), &ch);
		ui_safe_idle(u->s); /* a signal ends here; the journal is flushed when due */
		if (r == ERR) {
			if (input_gone(u->in_fd))
				ui_safe_hangup(u->s);
			ev->kind = UI_EV_IDLE;
			return;
		}
		if (r == KEY_CODE_YES) {
			if (key_code(u, ch, ev))
				return;
			continue;
		}
		if (ch == 27) {
			if (escape(u, ev))
				return;
			continue;
		}
		if (ui_key_name(r, ch, ev->name, sizeof(ev->name))) {
			ev->kind = UI_EV_KEY;
			return;
		}
		ev->kind = UI_EV_TEXT;
		text_encode(&ev->text, (int32_t)ch);
		if (ch > ' ' && ch < 127)
			snprintf(ev->name, sizeof(ev->name), "%c", (char)ch);
		return;
	}
}
