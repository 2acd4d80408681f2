/* keymap: key names -> commands (include/yeok/keymap.h). */
#include "yeok/keymap.h"

#include <yaml.h>

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

char *keymap_config_path(void)
{
	const char *x = getenv("XDG_CONFIG_HOME");
	if (x && *x)
		return xasprintf("%s/yeok/config.yaml", x);
	const char *h = getenv("HOME");
	return xasprintf("%s/.config/yeok/config.yaml", h && *h ? h : ".");
}

static Str scalar(yaml_node_t *n)
{
	return (Str){(const char *)n->data.scalar.value, n->data.scalar.length};
}

bool keymap_load(Keymap *k, const char *path, Err *e)
{
	if (!file_exists(path))
		return true;
	Buf data = BUF_INIT;
	if (!file_read(path, &data, e)) {
		e->code = EXIT_CONFIG;
		return false;
	}
	bool ok = keymap_parse(k, path, data.p ? data.p : "", data.len, e);
	buf_release(&data);
	return ok;
}

bool keymap_parse(Keymap *k, const char *path, const char *text, size_t n, Err *e)
{
	yaml_parser_t p;
	yaml_document_t doc;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, n);
	bool ok = true;
	if (!yaml_parser_load(&p, &doc)) {
		ok = err_set(e, EXIT_CONFIG, "%s:%zu:%zu: %s", path, p.problem_mark.line + 1,
		             p.problem_mark.column + 1, p.problem ? p.problem : "bad YAML");
		yaml_parser_delete(&p);
		return ok;
	}
	yaml_node_t *root = yaml_document_get_root_node(&doc);
	if (root && root->type == YAML_MAPPING_NODE) {
		for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
		     ok && pr < root->data.mapping.pairs.top; pr++) {
			yaml_node_t *key = yaml_document_get_node(&doc, pr->key);
			yaml_node_t *val = yaml_document_get_node(&doc, pr->value);
			if (!key || key->type != YAML_SCALAR_NODE || !str_eq_cstr(scalar(key), "keys"))
				continue;
			if (val->type != YAML_MAPPING_NODE) {
				ok = err_set(e, EXIT_CONFIG, "%s:%zu: keys: expected a mapping like 'C-s: save'",
				             path, val->start_mark.line + 1);
				break;
			}
			for (yaml_node_pair_t *b = val->data.mapping.pairs.start;
			     ok && b < val->data.mapping.pairs.top; b++) {
				yaml_node_t *kn = yaml_document_get_node(&doc, b->key);
				yaml_node_t *vn = yaml_document_get_node(&doc, b->value);
				if (kn->type != YAML_SCALAR_NODE || vn->type != YAML_SCALAR_NODE) {
					ok = err_set(e, EXIT_CONFIG, "%s:%zu: expected 'KEY: command'", path,
					             kn->start_mark.line + 1);
					break;
				}
				char *ks = str_dup(scalar(kn)), *vs = str_dup(scalar(vn));
				if (!keymap_bind(k, ks, vs, e)) {
					err_prefix(e, "%s:%zu", path, kn->start_mark.line + 1);
					ok = false;
				}
				free(ks);
				free(vs);
			}
		}
	} else if (root && !(root->type == YAML_SCALAR_NODE && root->data.scalar.length == 0)) {
		ok = err_set(e, EXIT_CONFIG, "%s:%zu: expected a mapping (keys:, theme:, ...)", path,
		             root->start_mark.line + 1);
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
	return ok;
}
