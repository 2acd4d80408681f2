/* Private to src/ui: the terminal state, drawing and key names.  Only
 * src/ui and tests/unit/test-ui*.c include this. */
#ifndef YEOK_UI_PRIVATE_H
#define YEOK_UI_PRIVATE_H

#include <curses.h>

#include "yeok/command.h"
#include "yeok/keymap.h"
#include "yeok/session.h"
#include "yeok/theme.h"

/* Key codes for the bracketed-paste markers (define_key). */
#define UI_KEY_PASTE_START (KEY_MAX + 1)
#define UI_KEY_PASTE_END (KEY_MAX + 2)

typedef struct Ui {
	Session *s;
	Keymap keys;
	Theme theme;
	bool colors;        /* colour pairs are in use */
	int ncolors;        /* COLORS when colours are in use */
	/* Frame timing (YEOK_TIMING): the first frame and the keys after it. */
	uint64_t t_start, t_first, key_total, key_max;
	size_t key_count;
	bool waited;        /* the key waited for more input (prompt, help, y/n) */
	FILE *trace;        /* YEOK_TIMING_KEYS: one line per key (tests, bench) */
} Ui;

/* Colours: one pair per slot and one per slot on the current segment. */
void ui_colors_init(Ui *u);
attr_t ui_attr(const Ui *u, ThemeSlot slot, bool current, short *pair);

/* Draw a whole frame into stdscr and doupdate(). */
void ui_draw(Ui *u);
/* The same without doupdate() (tests read stdscr). */
void ui_paint(Ui *u);
/* Draw the status row as a prompt with its input; place the cursor. */
void ui_paint_prompt(Ui *u, const char *prompt, const char *input);
/* The help screen (F1) from the command table, scrolled by `top`. */
void ui_paint_help(Ui *u, int top, int *lines);

/* A pick list (Session.pick) over the body, item sel selected; *top is
 * the first item shown (kept so that sel is visible). */
void ui_paint_pick(Ui *u, size_t sel, int *top);
/* The old and new English of the current (stale) segment, the changed
 * words marked. */
void ui_paint_diff(Ui *u);

/* The key name (keymap.h) of a get_wch() result into out (size n); false
 * for a plain character to insert. */
bool ui_key_name(int r, wint_t ch, char *out, size_t n);
/* "C-s" -> "^S" for the key bar. */
void ui_key_label(const char *key, Buf *out);

/* `yeok review [OPTIONS] FILE` on the terminal (src/ui/review.c); argv[0]
 * is "review".  Returns the exit status. */
int ui_review_main(int argc, char **argv, const Config *cfg);

#endif
