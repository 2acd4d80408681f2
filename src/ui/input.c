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

/* After ESC: the rest of an Alt key within 50 ms, else a plain Esc.  A
 * key code (a function or cursor key, the test barrier) after ESC is a
 * key of its own: terminals send Alt with those keys as one sequence. */
static void alt_key(UiEvent *ev)
{
	wint_t c2;
	int r2 = read_one(50, &c2);
	if (r2 == ERR || r2 == KEY_CODE_YES) {
		if (r2 == KEY_CODE_YES)
			ungetch((int)c2);
		snprintf(ev->name, sizeof(ev->name), "Esc");
		return;
	}
	char inner[48];
	if (ui_key_name(r2, c2, inner, sizeof(inner))) {
		snprintf(ev->name, sizeof(ev->name), "M-%s", inner);
	} else {
		Buf b = BUF_INIT;
		text_encode(&b, (int32_t)c2);
		snprintf(ev->name, sizeof(ev->name), "M-%s", b.p);
		buf_release(&b);
	}
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
		if (u->s)
			session_resize(u->s, COLS, LINES);
		if (u->rs)
			u->rs->rows = LINES;
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
		if (ui_key_name(r, ch, ev->name, sizeof(ev->name))) {
			ev->kind = UI_EV_KEY;
			if (strcmp(ev->name, "Esc") == 0)
				alt_key(ev);
			return;
		}
		ev->kind = UI_EV_TEXT;
		text_encode(&ev->text, (int32_t)ch);
		if (ch > ' ' && ch < 127)
			snprintf(ev->name, sizeof(ev->name), "%c", (char)ch);
		return;
	}
}
