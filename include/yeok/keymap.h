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
 * or per mode (keys: {editor: {C-s: save}, review: {...}}).
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
	char *key;       /* key name (owned) */
	const char *cmd; /* command id (from the command table) */
} KeyBinding;

typedef struct Keymap {
	VEC(KeyBinding) b;
} Keymap;

/* The defaults from the command table. */
void keymap_init(Keymap *k);
void keymap_release(Keymap *k);

/* Bind key to command id ("none": unbind).  False (e says why) for an
 * unknown command or a malformed key name. */
bool keymap_bind(Keymap *k, const char *key, const char *cmd, Err *e);
/* The command id for a key name, or NULL. */
const char *keymap_lookup(const Keymap *k, const char *key);
/* The keys bound to cmd, joined with ", " ("" when none). */
void keymap_keys_of(const Keymap *k, const char *cmd, Buf *out);
/* True when name is a key name as above. */
bool keymap_valid_key(const char *name);

/* Apply the bindings of one mode of the configuration ("editor": the
 * editor's, including a flat `keys:` mapping).  A malformed binding:
 * false, e = "PATH:LINE: message" (EXIT_CONFIG); the bindings before it
 * stay. */
bool keymap_apply_config(Keymap *k, const Config *c, const char *mode, Err *e);

/* Read a configuration file (config_load) and apply its editor keys.  A
 * missing file is fine (true). */
bool keymap_load(Keymap *k, const char *path, Err *e);
/* The same from text[0..n) (path names it in messages). */
bool keymap_parse(Keymap *k, const char *path, const char *text, size_t n, Err *e);

#endif
