/*
 * keymap — key names to command ids.  The defaults come from the command
 * table; $XDG_CONFIG_HOME/yeok/config.yaml (default ~/.config/yeok/
 * config.yaml) can override them (DESIGN.md §4.4):
 *
 *     keys:
 *       C-s: save
 *       F2: find-next
 *       M-c: none        # unbind
 *
 * A binding goes to the keymap of the command's mode (the editor's, or
 * reviewer mode's for review-* commands), so `n: review-next` rebinds a
 * key of `yeok review`.
 * Per mode: keys: {editor: {C-s: save}, review: {j: review-next}}.
 *
 * Key names: "C-x" (Ctrl), "M-x" (Alt), "S-F6" (Shift), "F1".."F12",
 * "Enter", "Tab", "Backspace", "Delete", "Insert", "Esc", "Left", "Right",
 * "Up", "Down", "Home", "End", "PageUp", "PageDown", with C-/M-/S-
 * prefixes for the named keys ("C-Left", "M-Enter").
 *
 * Depends on util, command, config (the one Config holds the `keys:`).
 */
#ifndef YEOK_KEYMAP_H
#define YEOK_KEYMAP_H

#include "yeok/command.h"
#include "yeok/config.h"

typedef struct KeyBinding {
	CommandMode mode; /* the keymap it is in */
	char *key;        /* key name (owned) */
	const char *cmd;  /* command id (from the command table), NULL: unbound */
} KeyBinding;

/* One keymap per mode (CommandMode), all in one list. */
typedef struct Keymap {
	VEC(KeyBinding) b;
} Keymap;

/* The defaults from the command table. */
void keymap_init(Keymap *k);
void keymap_release(Keymap *k);

/* Bind key to command id in the keymap of each mode the command is in
 * ("none": unbind the key in every mode).  False (e says why) for an
 * unknown command or a malformed key name. */
bool keymap_bind(Keymap *k, const char *key, const char *cmd, Err *e);
/* The command id for a key name in a mode, or NULL. */
const char *keymap_lookup(const Keymap *k, CommandMode mode, const char *key);
/* The keys bound to cmd in a mode, joined with ", " ("" when none). */
void keymap_keys_of(const Keymap *k, CommandMode mode, const char *cmd, Buf *out);
/* True when name is a key name as above (a single printable character,
 * "n", is one too: reviewer mode uses them; the editor types them). */
bool keymap_valid_key(const char *name);

/* Apply the `keys:` of the configuration: a flat binding goes to the
 * modes of its command (keymap_bind), one under a mode name to that mode
 * only (its command must be one of the mode's).  A malformed binding:
 * false, e = "PATH:LINE: message" (EXIT_CONFIG); the bindings before it
 * stay. */
bool keymap_apply_config(Keymap *k, const Config *c, Err *e);

/* Read a configuration file (config_load) and apply its keys (tests; the
 * UI applies the Config it read once).  A missing file is fine (true). */
bool keymap_load(Keymap *k, const char *path, Err *e);
/* The same from text[0..n) (path names it in messages). */
bool keymap_parse(Keymap *k, const char *path, const char *text, size_t n, Err *e);

#endif
