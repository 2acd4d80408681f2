/* Private to src/ui: the terminal state, the one key reader, the modes of
 * the one loop, drawing and key names.  Only src/ui and
 * tests/unit/test-ui*.c include this.
 *
 * The loop (loop.c): sync the model, paint the modes of the stack from the
 * bottom up, one doupdate(), read one event (input.c), hand it to the mode
 * on top.  The bottom mode is the editor or reviewer mode; dialogs (a
 * prompt, a multi-line prompt, a pick list, help, a question, a text
 * viewer) are pushed over it and popped when answered.  Painting never
 * changes the model: the sync step before it does what the frame needs. */
#ifndef YEOK_UI_PRIVATE_H
#define YEOK_UI_PRIVATE_H

#include <curses.h>

#include "yeok/command.h"
#include "yeok/keymap.h"
#include "yeok/repo.h"
#include "yeok/review.h"
#include "yeok/context.h"
#include "yeok/session.h"
#include "yeok/theme.h"

/* Key codes of yeok's own (define_key): above those ncurses gives the
 * extended keys of TERM's terminfo entry, KEY_MAX + 1 onwards (rxvt's
 * kDN5, Ctrl-Down, is KEY_MAX + 1; xterm-256color's go to KEY_MAX + 74). */
#define UI_KEY_OWN (KEY_MAX + 4096)
/* The bracketed-paste markers and focus reports. */
#define UI_KEY_PASTE_START (UI_KEY_OWN + 1)
#define UI_KEY_PASTE_END (UI_KEY_OWN + 2)
#define UI_KEY_FOCUS_IN (UI_KEY_OWN + 3)
#define UI_KEY_FOCUS_OUT (UI_KEY_OWN + 4)
/* Codes UI_KEY_SEQ0 + i for the i-th sequence of ui_seq_at(), defined at
 * start where TERM's terminfo does not know it. */
#define UI_KEY_SEQ0 (UI_KEY_OWN + 16)

/* ---- events: what the one key reader returns ------------------------------ */
typedef enum UiEventKind {
	UI_EV_KEY,       /* a named key: name ("C-s", "M-Enter", "Esc", "F1", "n"
	                    for a plain printable character that is also text) */
	UI_EV_TEXT,      /* a character to insert: text (UTF-8); name as above
	                    for printable ASCII, else "" */
	UI_EV_PASTE,     /* bracketed paste: text, verbatim ("\n" line breaks) */
	UI_EV_MOUSE,     /* y, x, bstate */
	UI_EV_RESIZE,    /* the terminal has a new size (COLS x LINES) */
	UI_EV_FOCUS_IN,  /* the terminal regained focus */
	UI_EV_IDLE,      /* nothing within the timeout (an idle tick) */
	UI_EV_SYNC,      /* tests: the barrier key (YEOK_TEST_SYNC); repaint */
	UI_EV_IGNORED,   /* an escape sequence yeok does not know, dropped whole:
	                    name is it made visible ("ESC [ 9 9 x"); the loop
	                    says so in the status line, no mode sees it */
} UiEventKind;

typedef struct UiEvent {
	UiEventKind kind;
	char name[64];
	Buf text;        /* owned by the event (ui_event_release) */
	int y, x;
	mmask_t bstate;
} UiEvent;

/* ---- modes ---------------------------------------------------------------- */
typedef struct Ui Ui;
typedef struct Mode Mode;

/* A prompt's input as it was (dialog.c's undo). */
typedef struct ModeSnap {
	char *text; /* owned */
	size_t len, cur;
} ModeSnap;
typedef VEC(ModeSnap) ModeSnapVec;

typedef struct ModeOps {
	const char *name;                                  /* "editor", "pick", ... */
	void (*paint)(Ui *u, Mode *m);                     /* draw (no model change) */
	void (*event)(Ui *u, Mode *m, const UiEvent *ev);  /* may push / pop modes */
	int (*wait_ms)(Ui *u, Mode *m);                    /* ms to wait, -1: no idle work */
	bool overlay;                                      /* painted over the modes below */
} ModeOps;

/* What a dialog answers to: a command of the base mode (editor or review)
 * run with the answer, or a function of the UI. */
typedef void (*ModeDone)(Ui *u, Mode *m, bool ok, const char *answer);
/* Free a prompt's undo and redo steps (ui_pop does). */
void ui_mode_undo_clear(Mode *m);

struct Mode {
	const ModeOps *ops;
	char title[256];     /* a prompt, a dialog title */
	Buf input;           /* prompt / multi-line prompt: the text being edited */
	size_t cur;          /* its insertion point (bytes) */
	bool selected;       /* prompt: the whole input is selected, as a prompt
	                        opens with its previous answer: typing (or
	                        Backspace) replaces it, a cursor key keeps it */
	size_t sel;          /* pick list: the selected item */
	int top;             /* first row shown (pick, help, text viewer) */
	Buf text;            /* text viewer: the text shown */
	const char *then;    /* command run with the answer (NULL: done below) */
	ModeDone done;       /* called with the answer when then is NULL */
	const char *cancel;  /* message when cancelled (NULL: none) */
	int tag;             /* the owner's note (which question) */
	/* prompts: undo and redo of the input (Ctrl-Z / Ctrl-Y), one step a
	 * run of typing or of deleting, as in the editor (dialog.c) */
	ModeSnapVec undo, redo;
	int run;             /* the kind of the last edit (0: a run ended) */
};

#define UI_MAX_MODES 8

/* The model the base mode drives (tig's view_ops, dte's mode handlers): the
 * editor's session, reviewer mode's review session or the repository
 * view's list.  The loop and the dialogs reach it through these only. */
typedef struct UiModel {
	const char *name;    /* "editor", "review", "list" */
	CommandMode mode;    /* its commands and keymap (command.h) */
	/* run command id (the dialogs' answers too), then what it asked of the
	 * UI: quit, a dialog, the help screen, another file */
	void (*run)(Ui *u, const char *id, const char *arg);
	void (*message)(Ui *u, bool error, const char *msg); /* the status line */
	void (*prepare)(Ui *u); /* before a frame is painted (NULL: nothing) */
	void (*resize)(Ui *u);  /* the terminal's new size (COLS, LINES) (NULL: nothing) */
	/* Idle time while the base mode is on top (a dialog's own: its
	 * ModeOps.wait_ms): ms until idle work is due (0 now, -1 none), and one
	 * slice of it (true: repaint).  NULL: none. */
	int (*idle_wait)(Ui *u);
	bool (*idle)(Ui *u);
} UiModel;
extern const UiModel ui_editor_model; /* ui.c */
extern const UiModel ui_review_model; /* review.c */
extern const UiModel ui_list_model;   /* list.c */

struct Ui {
	const UiModel *model; /* what the base mode drives (ui_bind_*) */
	Session *s;         /* the editor's session, or NULL in reviewer mode */
	ReviewSession *rs;  /* reviewer mode's session, or NULL in the editor */
	Repo *repo;         /* the repository view's list when it is the base
	                       mode (s and rs NULL), else NULL */
	Keymap keys;
	Theme theme;
	bool colors;        /* colour pairs are in use */
	int ncolors;        /* COLORS when colours are in use */
	Mode modes[UI_MAX_MODES]; /* the mode stack; modes[0] the editor or review */
	int depth;
	bool redraw;        /* paint before reading the next event */
	bool quit;          /* the loop ends */
	/* tests: YEOK_TEST_SYNC (debug and test builds) makes F12 a barrier;
	 * its count is drawn at the bottom right of every frame */
	bool sync_on;
	unsigned long sync;
	unsigned long quit_at_sync; /* headless key scripts: end after this barrier's frame */
	int in_fd;          /* the terminal's input (0; a key script's file in tests) */
	/* Frame timing (YEOK_TIMING): the first frame and the keys after it;
	 * cpu_first, main_first: the CPU time of the process (every thread)
	 * and of the main thread from exec to the first frame (YEOK_TIMING). */
	uint64_t t_start, t_first, key_total, key_max, cpu_first, main_first;
	size_t threads_first; /* the process's threads at the first frame */
	size_t key_count;
	bool waited;        /* the key opened a dialog (its time is the user's) */
	FILE *trace;        /* YEOK_TIMING_KEYS: one line per key (tests, bench) */
	bool dragging;      /* button 1 is down after a press in a pane */
	uint64_t clip_sent; /* the clipboard generation sent through OSC 52 */
	bool slow_paint;    /* tests: no fast path in ui_put_text (the grapheme
	                       walk for every cluster, to compare the screens) */
	/* The editor's body rows as last painted (draw.c, ui_paint): a row
	 * whose signature (what it shows) is the one painted last is not
	 * painted again. */
	Buf *row_sig;       /* row_sig_n signatures (len 0: none) */
	int row_sig_n;
	Buf frame_sig;      /* what all rows depend on (size, layout, theme,
	                       message): when it changes, all are painted */
	Buf head_sig, status_sig; /* the header's and the status line's */
	struct RowPlan *plans; /* plan_n rows: scratch of a frame (draw.c) */
	Buf *row_new;       /* plan_n signatures: scratch of a frame */
	int plan_n;
	int bar_cols;       /* the key bar's width as painted (0: none) */
	bool paint_all;     /* the next frame paints every row (ui_paint_forget) */
	bool full_paint;    /* tests: every frame paints every row */
	/* the last answer of each prompt by its command (ui_prompt opens
	 * with it: Go to line, Replace, Replace with) */
	struct {
		const char *then;   /* the command (a static id), NULL: free */
		char text[256];
	} answers[8];
};

/* ---- the terminal (term.c) ------------------------------------------------ */
/* Start curses (raw, keypad, the paste and focus keys, colours, mouse when
 * asked) and the nothing-lost hooks; restore it at exit and from fatal(). */
void ui_term_start(Ui *u, bool mouse_and_focus);
void ui_term_restore(void);
/* Was curses started before in this process (ui_term_start)? */
bool ui_term_was_started(void);
/* The theme by name (--theme, else config.yaml's, else "default") from the
 * user's folder, beside the binary, the installed ones; a message through
 * report() when it fails (the default is used).  The keys of config.yaml
 * too. */
void ui_load_theme_and_keys(Ui *u, const char *name, const Config *cfg,
                            void (*report)(Ui *u, const char *msg));
/* Read config.yaml once for the process (config_default_path) into cfg;
 * false with what to tell the user in problem (size n): a bad file (its
 * settings are not used) or an unknown setting. */
bool ui_config_load(Config *cfg, char *problem, size_t n);
/* The folder beside the binary that holds name (themes, glossary); NULL
 * when none; caller frees. */
char *ui_beside_binary(const char *name);

/* ---- the one key reader (input.c) ------------------------------------------ */
/* The next event, waiting at most want_ms (-1: no limit; the journal still
 * gets its flush at least once a second).  Handles resize, Alt (Esc then a
 * key), bracketed paste, focus reports, mouse, signals (SIGTERM, SIGHUP:
 * journal flushed, terminal restored, the editor ends by the signal) and a
 * closed terminal (the same as SIGHUP: yeok never spins on EOF). */
void ui_next_event(Ui *u, int want_ms, UiEvent *ev);
void ui_event_release(UiEvent *ev);

/* ---- the loop and the mode stack (loop.c) ------------------------------------ */
void ui_run(Ui *u);
Mode *ui_push(Ui *u, const ModeOps *ops);
void ui_pop(Ui *u);
Mode *ui_top(Ui *u);
/* The base mode's model: one of them (the others NULL). */
void ui_bind_editor(Ui *u, Session *s);
void ui_bind_review(Ui *u, ReviewSession *rs);
void ui_bind_list(Ui *u, Repo *r);
/* Run a command of the base mode's model. */
void ui_command(Ui *u, const char *id, const char *arg);
/* A message in the base mode's status line. */
void ui_message(Ui *u, bool error, const char *msg);
/* The base mode's keymap. */
CommandMode ui_base_mode(const Ui *u);
/* Paint the sync count, then wnoutrefresh + doupdate. */
void ui_frame_end(Ui *u);

/* ---- dialog modes (dialog.c) --------------------------------------------------- */
/* A line of text in the status row; Enter answers, Esc cancels.  It opens
 * with initial, else with the answer last given to the same command
 * (then), selected. */
Mode *ui_prompt(Ui *u, const char *prompt, const char *initial, const char *then,
                const char *cancel);
/* Multi-line text in a box over the lower screen; Ctrl-S or Alt-Enter
 * answers, Esc cancels, Enter starts a new line. */
Mode *ui_prompt_multi(Ui *u, const char *title, const char *initial, const char *then,
                      const char *cancel);
/* A pick list of Session.pick (the editor): Enter answers with the index. */
Mode *ui_pick(Ui *u);
/* F1: the commands of the base mode with their keys. */
Mode *ui_help(Ui *u);
/* One key answers (the key's name, or the character): a question in the
 * status row. */
Mode *ui_question(Ui *u, const char *question, const char *then, ModeDone done);
/* What a model's shell (shell.h) asks for, shown: the help screen, or
 * its prompt (multi-line) or question; the ask is marked taken. */
void ui_shell_pending(Ui *u, Shell *sh);
/* Text full-screen until a key (scrolls with Up/Down/PageUp/PageDown). */
Mode *ui_text_view(Ui *u, const char *title, const char *text, size_t n);
/* The stale segment's old and new English, changed words marked. */
Mode *ui_diff_view(Ui *u);

/* ---- the editor and reviewer modes ------------------------------------------- */
extern const ModeOps ui_editor_mode;    /* ui.c */
extern const ModeOps ui_review_mode;    /* review.c */
/* Push the dialog a command left pending in the session (editor) or the
 * review session (reviewer mode); ui_command() calls them. */
void ui_editor_pending(Ui *u);
void ui_review_pending(Ui *u);

/* ---- drawing (draw.c) ---------------------------------------------------------- */
/* Colours: one pair per slot and one per slot on the current segment. */
void ui_colors_init(Ui *u);
attr_t ui_attr(const Ui *u, ThemeSlot slot, bool current, short *pair);
void ui_set_style(const Ui *u, ThemeSlot slot, bool current);
/* Draw s[0..n) from column x, at most w columns; returns the columns used.
 * A cluster that does not fit is a marker.  Printable ASCII and precomposed
 * Hangul syllables that the next character cannot extend are copied as
 * they are (the same cells as text_render_cluster, without the grapheme
 * walk); everything else goes cluster by cluster through src/text. */
int ui_put_text(const Ui *u, int y, int x, int w, const char *s, size_t n, ThemeSlot slot,
                bool current);
void ui_fill(const Ui *u, int y, int x, int w, ThemeSlot slot, bool current);
/* Paint spans of text wrapped at width w from virtual row vy; only rows in
 * [lo, hi) are drawn; '\n' starts a new row.  Returns the rows taken. */
typedef struct UiSpan {
	const char *p;
	size_t n;
	ThemeSlot slot;
} UiSpan;
int ui_put_spans_wrapped(const Ui *u, const UiSpan *sp, size_t ns, int x, int w, int vy, int lo,
                         int hi);
/* The same wrapped at words as the editor wraps (session_wrap, WRAP_WORD:
 * after the last blank that fits; a word wider than w between graphemes). */
int ui_put_spans_words(const Ui *u, const UiSpan *sp, size_t ns, int x, int w, int vy, int lo,
                       int hi);
/* The key bar of a mode from the command table's bar labels. */
void ui_paint_keybar(Ui *u, CommandMode mode, int y);

/* Draw a whole editor frame into stdscr and doupdate(). */
void ui_draw(Ui *u);
/* The editor's frame without doupdate() (tests read stdscr): the body
 * rows whose signature changed since the last frame, all of them after
 * ui_paint_forget (something else painted over stdscr: a dialog, a focus
 * report) or when the size, layout, theme or message changed (rows that scrolled
 * or moved under a new or joined line are moved, not painted). */
void ui_paint(Ui *u);
void ui_paint_forget(Ui *u);
/* The signatures freed (when the Ui ends). */
void ui_paint_release(Ui *u);
/* Draw the status row as a prompt with its input (shown selected when
 * selected); place the cursor. */
void ui_paint_prompt(Ui *u, const char *prompt, const char *input, bool selected);
/* The help screen of a mode from the command table, scrolled by `top`. */
void ui_paint_help(Ui *u, CommandMode mode, int top, int *lines);
/* A pick list (Session.pick) over the body, item sel selected; *top is
 * the first item shown (clamped so that sel is visible and the list fills
 * the box at any terminal size). */
void ui_paint_pick(Ui *u, size_t sel, int *top);
/* The old and new English of the current (stale) segment, the changed
 * words marked. */
void ui_paint_diff(Ui *u);

/* The key name (keymap.h) of a get_wch() result into out (size n); false
 * for a plain character to insert. */
bool ui_key_name(int r, wint_t ch, char *out, size_t n);
/* What the bytes s[0..n) that followed an ESC are (the sequences
 * terminals send for keys, whatever TERM says: keys.c lists them).  s
 * starts with '[' (CSI), 'O' (SS3) or another ESC (Alt with the key that
 * follows, as PuTTY and rxvt send it). */
typedef enum UiSeq {
	UI_SEQ_MORE,    /* a sequence so far: read another byte */
	UI_SEQ_KEY,     /* a key: out is its name ("C-Home", "S-Delete", "M-Up") */
	UI_SEQ_TEXT,    /* the application keypad's character: out is it ("5") */
	UI_SEQ_IGNORE,  /* a report to drop without a word (mouse, focus, paste
	                   markers that came on their own) */
	UI_SEQ_UNKNOWN, /* a whole sequence by its grammar that is no key yeok
	                   knows: dropped whole */
	UI_SEQ_BROKEN,  /* s[n-1] cannot continue a sequence: the bytes before
	                   it are one (or an Alt key), s[n-1] is input again */
} UiSeq;
UiSeq ui_seq_decode(const char *s, size_t n, char *out, size_t size);
/* The sequences given to define_key() (each with its ESC). */
size_t ui_seq_count(void);
const char *ui_seq_at(size_t i);
/* define_key() for each of them that TERM's terminfo does not know (ESC
 * [ 1 ~ for Home with TERM=xterm-256color in tmux): code UI_KEY_SEQ0 + i,
 * which ui_key_name() names.  ui_term_start calls it. */
void ui_keys_define(void);
/* name with Alt added, in the keymap's order ("C-Home" -> "C-M-Home"). */
void ui_key_add_alt(char *name, size_t n);
/* "C-s" -> "^S" for the key bar. */
void ui_key_label(const char *key, Buf *out);

/* `yeok review [OPTIONS] FILE` on the terminal (src/ui/review.c); argv[0]
 * is "review".  Returns the exit status. */
int ui_review_main(int argc, char **argv, const Config *cfg, const char *cfg_problem);

/* ---- the repository view (list.c) ---------------------------------------------- */
/* The editor's options (ui.c parses them). */
typedef struct UiOpts {
	const char *file, *source, *source_rev, *theme, *tm;
	const char *comments;     /* --comments FILE.json (GitHub's review comments) */
	const char *glossary[16]; /* --glossary PATH, in order */
	size_t n_glossary;
	bool no_spell;
	bool no_checks;
	bool no_tm;
	const Config *cfg;       /* config.yaml, read once (ui_main) */
	const char *cfg_problem; /* what was wrong with it ("" or NULL: nothing) */
	Context *ctx;            /* assembled once (edit_main), borrowed */
} UiOpts;
/* Open file in the editor with the options and run it until it quits
 * (ui.c; the terminal is started and restored around it).  Returns the
 * exit code; on an error before the editor starts, *err (may be NULL)
 * gets the message instead of stderr. */
int ui_edit(const UiOpts *o, const char *file, Buf *err);
/* `yeok DIR`: the list of the tutorials below dir; Enter opens one with
 * ui_edit and comes back with its row counted again. */
int ui_list_main(const UiOpts *o, const char *dir);
extern const ModeOps ui_list_mode;

#endif
