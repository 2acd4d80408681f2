/*
 * config — the user's configuration (DESIGN.md §4.4), read once into one
 * Config and passed down to what uses it (theme, keymap, glossaries,
 * spelling, the translation memory...).
 *
 * $XDG_CONFIG_HOME/yeok/config.yaml (default ~/.config/yeok/config.yaml):
 *
 *     theme: light                 # a name (themes/NAME.yaml) or a path
 *     keys:                        # KEY: command (in the command's modes),
 *       C-t: save                  # or per mode
 *       editor: {C-s: save, M-c: none}
 *       review: {j: review-next}
 *     glossary: [~/team.yaml, ../glossary/extra.yaml]   # or one path
 *     rules: ~/style-rules.yaml
 *     translator: {name: 홍길동, url: https://github.com/hong}
 *     dictionaries: [ko_KR, en_US]  # hunspell names or .dic paths
 *     wrap: word                   # word | grapheme
 *     clipboard: internal          # internal | osc52
 *     tm: ~/.cache/yeok/tm.sqlite  # the translation memory file, or
 *     tm: {path: ~/tm.sqlite, exclude: [docs/, _build/, "*.txt"]}
 *     upstream: ../tutorials       # a local clone of the upstream, or
 *     upstream: {path: ../tutorials, ref: 'pytorch/tutorials@([0-9a-f]{7,40})',
 *                map: [{target: ko/, source: en/}]}
 *     sources:                     # translations kept in a tree of their own
 *       - {target: files/ko/, source: ../content/files/en-us/}
 *     pr-template: .github/PULL_REQUEST_TEMPLATE.md
 *
 * `sources:` maps a folder prefix of a document's path (relative to its
 * work tree's top level) to the folder of its English (relative to that
 * top level, or absolute, or ~/): source.h, "Separate trees".  They stay as
 * written (not relative to this file: they name places of a repository).
 * `upstream:` (source.h, "upstream") is kept as written too: relative to
 * the document's work tree top level; `ref:` must compile as a POSIX
 * extended regular expression with a group.  `tm.exclude:` patterns
 * (repo.h, "What is a tutorial") replace the defaults.
 * `pr-template:` names the pull-request template whose checkboxes `yeok
 * pr` fills: relative to the document's work tree top level (a file of the
 * repository), absolute, or ~/.
 * Paths (glossary, rules, dictionaries given as paths, tm, a theme path)
 * are relative to the configuration file's folder; "~/" is $HOME.
 * Read with the bounded YAML reader (ynode_limits_config): a YAML bomb is
 * an error, not an out-of-memory.  A missing file is the defaults.
 * Unknown top-level keys are not an error (a newer yeok may know them):
 * the first is remembered in Config.unknown for the caller to mention.
 * Key names and command names are checked by the keymap (config knows
 * neither), the theme name by the theme loader.
 *
 * Depends on util, ynode.  Never prints.
 */
#ifndef YEOK_CONFIG_H
#define YEOK_CONFIG_H

#include "yeok/util.h"

typedef enum ConfigWrap { CONFIG_WRAP_WORD, CONFIG_WRAP_GRAPHEME } ConfigWrap;
typedef enum ConfigClipboard { CONFIG_CLIP_INTERNAL, CONFIG_CLIP_OSC52 } ConfigClipboard;

/* One `KEY: command` line of `keys:`. */
typedef struct ConfigKey {
	char *mode;  /* "editor", "review", "list", ..., or "" for a flat
	                `keys:` mapping (the command's own modes; owned) */
	char *key;   /* key name as written, e.g. "C-s" (owned) */
	char *cmd;   /* command id or "none" (owned) */
	size_t line; /* where it was written (messages) */
} ConfigKey;

typedef VEC(char *) ConfigList;

/* One mapping of `sources:` (strings as written, ~/ expanded; owned). */
typedef struct ConfigSource {
	char *target;
	char *source;
} ConfigSource;
typedef VEC(ConfigSource) ConfigSourceVec;

typedef struct Config {
	char *path;            /* the file read (owned), NULL when none was */
	char *theme;           /* NULL: not set */
	VEC(ConfigKey) keys;   /* in file order */
	ConfigList glossary;   /* resolved paths (owned), in order */
	char *rules;           /* resolved path or NULL */
	char *translator_name; /* NULL: not set */
	char *translator_url;
	ConfigList dictionaries; /* names, or resolved paths (owned) */
	ConfigWrap wrap;
	ConfigClipboard clipboard;
	char *tm;              /* resolved path or NULL */
	ConfigList tm_exclude; /* `tm.exclude`: patterns as written (owned) */
	bool tm_exclude_set;   /* tm.exclude was given (else the defaults) */
	ConfigSourceVec sources; /* in file order */
	char *upstream;        /* `upstream:` (`path:`) as written, ~/ expanded;
	                          NULL: none */
	char *upstream_ref;    /* `upstream.ref:`, NULL: the default */
	ConfigSourceVec upstream_map; /* `upstream.map:` target -> upstream prefix */
	char *pr_template;     /* as written (~/ expanded), or NULL */
	char unknown[64];      /* the first unknown top-level key, "" when none */
	size_t unknown_line;
} Config;

void config_init(Config *c);     /* the defaults */
void config_release(Config *c);  /* c is the defaults again */

/* The configuration file's path (caller frees). */
char *config_default_path(void);

/* Read path into c (previous content released).  A missing file: the
 * defaults and true.  Errors: "PATH:LINE:COL: message" (EXIT_CONFIG) and
 * c is the defaults. */
bool config_load(Config *c, const char *path, Err *e);
/* The same from text[0..n) (path names it in messages and is the base of
 * relative paths). */
bool config_parse(Config *c, const char *path, const char *text, size_t n, Err *e);

bool config_check(const Config *c, Err *e);

#endif
