/* keymap: key names -> commands (include/yeok/keymap.h). */
#include "yeok/keymap.h"


static const char *const named[] = {
	"Enter", "Tab", "Backspace", "Delete", "Insert", "Esc", "Left", "Right", "Up", "Down",
	"Home", "End", "PageUp", "PageDown", "Space",
};

bool keymap_valid_key(const char *name)
{
	const char *p = name;
	/* modifiers */
	while ((p[0] == 'C' || p[0] == 'M' || p[0] == 'S') && p[1] == '-' && p[2])
		p += 2;
	if (!*p)
		return false;
	if (p[0] == 'F' && p[1]) {
		long n;
		if (parse_long(p + 1, 1, 12, &n))
			return true;
	}
	for (size_t i = 0; i < ARRAY_LEN(named); i++)
		if (strcmp(p, named[i]) == 0)
			return true;
	/* one printable ASCII character */
	return p[1] == '\0' && (unsigned char)p[0] > ' ' && (unsigned char)p[0] < 127;
}

static void put(Keymap *k, CommandMode mode, const char *key, const char *cmd)
{
	for (size_t i = 0; i < k->b.n; i++) {
		if (k->b.v[i].mode == mode && strcmp(k->b.v[i].key, key) == 0) {
			k->b.v[i].cmd = cmd;
			return;
		}
	}
	KeyBinding b = {mode, xstrdup(key), cmd};
	VEC_PUSH(&k->b, b);
}

/* Bind key to c in every mode c is in. */
static void put_command(Keymap *k, const char *key, const Command *c)
{
	for (int m = 0; m < MODE_COUNT; m++)
		if (c->modes & MODE_BIT(m))
			put(k, (CommandMode)m, key, c->id);
}

void keymap_init(Keymap *k)
{
	memset(k, 0, sizeof(*k));
	size_t n;
	const Command *t = command_table(&n);
	for (size_t i = 0; i < n; i++) {
		char *keys = xstrdup(t[i].keys);
		for (char *p = keys; *p;) {
			char *e = strchr(p, ' ');
			if (e)
				*e = '\0';
			if (*p)
				put_command(k, p, &t[i]);
			if (!e)
				break;
			p = e + 1;
		}
		free(keys);
	}
}

void keymap_release(Keymap *k)
{
	for (size_t i = 0; i < k->b.n; i++)
		free(k->b.v[i].key);
	VEC_FREE(&k->b);
}

bool keymap_bind(Keymap *k, const char *key, const char *cmd, Err *e)
{
	if (!keymap_valid_key(key))
		return err_set(e, EXIT_CONFIG, "unknown key name '%s' (like C-s, M-n, F5, C-Left)", key);
	if (strcmp(cmd, "none") == 0) {
		for (int m = 0; m < MODE_COUNT; m++)
			put(k, (CommandMode)m, key, NULL);
		return true;
	}
	const Command *c = command_find(cmd);
	if (!c)
		return err_set(e, EXIT_CONFIG, "unknown command '%s' for key %s (F1 lists them)", cmd, key);
	put_command(k, key, c);
	return true;
}

const char *keymap_lookup(const Keymap *k, CommandMode mode, const char *key)
{
	for (size_t i = 0; i < k->b.n; i++)
		if (k->b.v[i].mode == mode && strcmp(k->b.v[i].key, key) == 0)
			return k->b.v[i].cmd;
	return NULL;
}

void keymap_keys_of(const Keymap *k, CommandMode mode, const char *cmd, Buf *out)
{
	bool first = true;
	for (size_t i = 0; i < k->b.n; i++) {
		if (k->b.v[i].mode == mode && k->b.v[i].cmd && strcmp(k->b.v[i].cmd, cmd) == 0) {
			if (!first)
				buf_adds(out, ", ");
			buf_adds(out, k->b.v[i].key);
			first = false;
		}
	}
}

/* The mode names of config.yaml's `keys:` (DESIGN.md §4.4). */
static const char *const mode_names[MODE_COUNT] = {[MODE_EDITOR] = "editor", [MODE_REVIEW] = "review",
                                                   [MODE_LIST] = "list"};

/* One binding of mode m only (the command must be one of m's). */
static bool bind_in(Keymap *k, CommandMode m, const char *key, const char *cmd, Err *e)
{
	if (!keymap_valid_key(key))
		return err_set(e, EXIT_CONFIG, "unknown key name '%s' (like C-s, M-n, F5, C-Left)", key);
	if (!strcmp(cmd, "none")) {
		put(k, m, key, NULL);
		return true;
	}
	const Command *c = command_find(cmd);
	if (!c)
		return err_set(e, EXIT_CONFIG, "unknown command '%s' for key %s (F1 lists them)", cmd, key);
	if (!(c->modes & MODE_BIT(m)))
		return err_set(e, EXIT_CONFIG, "'%s' is not a command of %s mode", cmd, mode_names[m]);
	put(k, m, key, c->id);
	return true;
}

bool keymap_apply_config(Keymap *k, const Config *c, Err *e)
{
	for (size_t i = 0; i < c->keys.n; i++) {
		const ConfigKey *ck = &c->keys.v[i];
		bool ok = true;
		if (!ck->mode[0]) {
			ok = keymap_bind(k, ck->key, ck->cmd, e); /* the command's modes */
		} else {
			for (int m = 0; m < MODE_COUNT; m++)
				if (!strcmp(ck->mode, mode_names[m]))
					ok = bind_in(k, (CommandMode)m, ck->key, ck->cmd, e);
			/* a mode of a later yeok (list, ...): not this one's to check */
		}
		if (!ok) {
			err_prefix(e, "%s:%zu", c->path ? c->path : "config.yaml", ck->line);
			return false;
		}
	}
	return true;
}

bool keymap_load(Keymap *k, const char *path, Err *e)
{
	Config c;
	config_init(&c);
	bool ok = config_load(&c, path, e) && keymap_apply_config(k, &c, e);
	config_release(&c);
	return ok;
}

bool keymap_parse(Keymap *k, const char *path, const char *text, size_t n, Err *e)
{
	Config c;
	config_init(&c);
	bool ok = config_parse(&c, path, text, n, e) && keymap_apply_config(k, &c, e);
	config_release(&c);
	return ok;
}
