/*
 * theme — colour themes (DESIGN.md §4.3): themes/NAME.yaml -> one style
 * per slot.  The slots are one table (THEME_SLOTS); the loader, the
 * built-in default and themes/README.md follow it.
 *
 * A theme file is a YAML mapping, one slot per line:
 *     header:       {fg: black, bg: cyan, attrs: [bold]}
 *     untranslated: {fg: yellow}
 * Colours: default, black, red, green, yellow, blue, magenta, cyan, white,
 * bright-black .. bright-white, 0-255, or #rrggbb (the nearest of the 256).
 * attrs: bold, dim, underline, reverse, italic, standout.  A slot given
 * replaces the whole style (what it omits is the terminal default); slots a
 * file leaves out keep the built-in default.
 *
 * Depends on util, text, ynode (the bounded YAML reader: ynode_limits_theme).
 * The theme to use comes from the Config (config.h) or --theme.
 */
#ifndef YEOK_THEME_H
#define YEOK_THEME_H

#include "yeok/util.h"

/* X(ENUM, "name", "what it colours") */
#define THEME_SLOTS(X)                                                           \
	X(TS_NORMAL, "normal", "everything not covered by another slot")          \
	X(TS_SOURCE_TEXT, "source-text", "the English source pane")             \
	X(TS_TARGET_TEXT, "target-text", "the translation pane")                \
	X(TS_CURRENT, "current-segment", "the segment of the cursor, both sides")  \
	X(TS_UNTRANSLATED, "untranslated", "the mark of an untranslated segment") \
	X(TS_STALE, "stale", "the mark of a segment whose source changed")      \
	X(TS_DONE, "done", "the mark of a segment marked done")                  \
	X(TS_RULE, "rule", "the rule between the panes")                        \
	X(TS_HEADER, "header", "the header line")                               \
	X(TS_STATUS, "status-bar", "the status line")                           \
	X(TS_KEYBAR, "key-bar", "the key bar")                                  \
	X(TS_KEYNAME, "key-name", "key names in the key bar and help")          \
	X(TS_LINENO, "line-number", "line numbers")                             \
	X(TS_MARKER, "marker", "placeholders and the wide-character marker")     \
	X(TS_MATCH, "search-match", "the current search match")                 \
	X(TS_ERROR, "error", "error messages")                                  \
	X(TS_WARNING, "warning", "warnings")                                    \
	X(TS_GLOSSARY, "glossary-hit", "glossary hints")                        \
	X(TS_SPELL, "misspelled", "misspelled words in the translation")        \
	X(TS_CURSOR_LINE, "cursor-line", "the line of the cursor")                \
	X(TS_HINT, "hint", "a stale segment's old Korean, kept by yeok sync")     \
	X(TS_DIFF, "difference", "words that differ (translation-memory matches)")

typedef enum ThemeSlot {
#define X(e, name, what) e,
	THEME_SLOTS(X)
#undef X
	TS_COUNT
} ThemeSlot;

enum {
	TA_BOLD = 1,
	TA_DIM = 2,
	TA_UNDERLINE = 4,
	TA_REVERSE = 8,
	TA_ITALIC = 16,
	TA_STANDOUT = 32,
};

#define THEME_DEFAULT_COLOR (-1)

typedef struct Style {
	int fg, bg;     /* 0-255, or THEME_DEFAULT_COLOR */
	unsigned attrs; /* TA_* */
} Style;

typedef struct Theme {
	char name[64];
	Style slot[TS_COUNT];
} Theme;

/* The built-in default (dark) theme; the same as themes/default.yaml. */
void theme_default(Theme *t);
/* The built-in monochrome theme (attributes only). */
void theme_mono(Theme *t);

const char *theme_slot_name(ThemeSlot s);

/* Load a theme file over the built-in default.  On error t is the default
 * and e says "PATH:LINE: message" (EXIT_CONFIG). */
bool theme_load_file(Theme *t, const char *path, Err *e);

/* The same from text[0..n) (path names it in messages). */
bool theme_parse(Theme *t, const char *path, const char *text, size_t n, Err *e);

/* Load theme NAME (a name: looked up as NAME.yaml in dirs, in order; a
 * path when it contains '/' or ends in .yaml).  Unknown name: false with
 * a message listing where it looked. */
bool theme_load(Theme *t, const char *name, const char *const *dirs, size_t ndirs, Err *e);

/* A colour (0-255) on a terminal with `colors` colours: itself (256), the
 * nearest of the 8 basic ones (8, 16), or THEME_DEFAULT_COLOR (fewer). */
int theme_fit_color(int c, int colors);

/* Parse a colour name; false when it is none. */
bool theme_parse_color(const char *s, int *out);

#endif
