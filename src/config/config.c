/* The configuration file, read once (include/yeok/config.h). */
#include "yeok/config.h"

#include <errno.h>
#include <regex.h>

#include "yeok/ynode.h"

void config_init(Config *c)
{
	memset(c, 0, sizeof(*c));
	c->wrap = CONFIG_WRAP_WORD;
	c->clipboard = CONFIG_CLIP_INTERNAL;
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
}

void config_release(Config *c)
{
	free(c->path);
	free(c->theme);
	for (size_t i = 0; i < c->keys.n; i++) {
		free(c->keys.v[i].mode);
		free(c->keys.v[i].key);
		free(c->keys.v[i].cmd);
	}
	VEC_FREE(&c->keys);
	free_strings(c->glossary.v, c->glossary.n);
	VEC_FREE(&c->glossary);
	free(c->rules);
	free(c->translator_name);
	free(c->translator_url);
	free_strings(c->dictionaries.v, c->dictionaries.n);
	VEC_FREE(&c->dictionaries);
	free(c->tm);
	for (size_t i = 0; i < c->sources.n; i++) {
		free(c->sources.v[i].target);
		free(c->sources.v[i].source);
	}
	VEC_FREE(&c->sources);
	free(c->upstream);
	free(c->upstream_ref);
	for (size_t i = 0; i < c->upstream_map.n; i++) {
		free(c->upstream_map.v[i].target);
		free(c->upstream_map.v[i].source);
	}
	VEC_FREE(&c->upstream_map);
	free_strings(c->tm_exclude.v, c->tm_exclude.n);
	VEC_FREE(&c->tm_exclude);
	free(c->pr_template);
	config_init(c);
}

char *config_default_path(void)
{
	const char *x = getenv("XDG_CONFIG_HOME");
	if (x && *x)
		return xasprintf("%s/yeok/config.yaml", x);
	const char *h = getenv("HOME");
	return xasprintf("%s/.config/yeok/config.yaml", h && *h ? h : ".");
}

/* ---- reading ------------------------------------------------------------- */

typedef struct Ctx {
	Config *c;
	const char *name;
	Err *e;
} Ctx;

#define BAD(x, n, ...) ynode_error((x)->e, EXIT_CONFIG, (x)->name, (n), __VA_ARGS__)

/* A path written in the file: relative to the file's folder, ~/ is $HOME. */
static char *resolve(const Ctx *x, const char *v)
{
	if (v[0] == '/' || !v[0])
		return xstrdup(v);
	if (v[0] == '~' && v[1] == '/') {
		const char *h = getenv("HOME");
		return xasprintf("%s%s", h ? h : "", v + 1);
	}
	char *dir = path_dirname(x->name);
	char *r = path_join(dir, v);
	free(dir);
	return r;
}

/* A string value without NUL or control characters. */
static bool text_of(Ctx *x, const YNode *v, const char *what, char **out)
{
	*out = NULL;
	if (ynode_is_null(v))
		return true;
	if (v->kind != YN_SCALAR)
		return BAD(x, v, "%s: expected a string", what);
	for (size_t i = 0; i < v->n; i++)
		if ((unsigned char)v->s[i] < 0x20 || v->s[i] == 0x7f)
			return BAD(x, v, "%s: contains a control character", what);
	*out = ynode_dup(v);
	return true;
}

static bool path_of(Ctx *x, const YNode *v, const char *what, char **out)
{
	*out = NULL;
	char *t;
	if (!text_of(x, v, what, &t))
		return false;
	*out = t ? resolve(x, t) : NULL;
	free(t);
	return true;
}

/* One path or a list of paths (or names, when names is set: a value
 * without '/' stays as it is). */
static bool list_of(Ctx *x, const YNode *v, const char *what, bool names, ConfigList *out)
{
	if (ynode_is_null(v))
		return true;
	const YNode *one[1] = {v};
	const YNode *const *items = v->kind == YN_SEQ ? (const YNode *const *)v->kids : one;
	size_t n = v->kind == YN_SEQ ? v->nkids : 1;
	for (size_t i = 0; i < n; i++) {
		char *t;
		if (!text_of(x, items[i], what, &t))
			return false;
		if (!t || !*t) {
			free(t);
			return BAD(x, items[i], "%s: an empty entry", what);
		}
		char *p = names && !strchr(t, '/') ? xstrdup(t) : resolve(x, t);
		free(t);
		VEC_PUSH(out, p);
	}
	return true;
}

static bool one_of(Ctx *x, const YNode *v, const char *what, const char *const *words, int *out)
{
	for (int i = 0; words[i]; i++)
		if (v->kind == YN_SCALAR && ynode_is(v, words[i])) {
			*out = i;
			return true;
		}
	Buf b = BUF_INIT;
	ynode_show(v, &b);
	BAD(x, v, "%s: expected %s or %s, got %s", what, words[0], words[1], b.p);
	buf_release(&b);
	return false;
}

static bool add_key(Ctx *x, const char *mode, const YNode *k, const YNode *v)
{
	if (k->kind != YN_SCALAR || v->kind != YN_SCALAR)
		return BAD(x, k, "keys: expected 'KEY: command'");
	char *ks, *vs;
	if (!text_of(x, k, "keys", &ks))
		return false;
	if (!text_of(x, v, "keys", &vs)) {
		free(ks);
		return false;
	}
	ConfigKey ck = {xstrdup(mode), ks ? ks : xstrdup(""), vs ? vs : xstrdup("none"), k->line};
	VEC_PUSH(&x->c->keys, ck);
	return true;
}

static bool read_keys(Ctx *x, const YNode *v)
{
	if (ynode_is_null(v))
		return true;
	if (v->kind != YN_MAP)
		return BAD(x, v, "keys: expected a mapping like 'C-s: save' (or editor: {...})");
	for (size_t i = 0; i + 1 < v->nkids; i += 2) {
		const YNode *k = v->kids[i], *val = v->kids[i + 1];
		if (val->kind == YN_MAP) { /* a mode: editor, review, list, ... */
			if (k->kind != YN_SCALAR || !k->n || memchr(k->s, '\0', k->n))
				return BAD(x, k, "keys: expected a mode name");
			for (size_t j = 0; j + 1 < val->nkids; j += 2)
				if (!add_key(x, k->s, val->kids[j], val->kids[j + 1]))
					return false;
		} else if (!add_key(x, "", k, val)) { /* flat: the command decides the mode */
			return false;
		}
	}
	return true;
}

static bool read_translator(Ctx *x, const YNode *v)
{
	if (ynode_is_null(v))
		return true;
	if (v->kind != YN_MAP)
		return BAD(x, v, "translator: expected {name: ..., url: ...}");
	for (size_t i = 0; i + 1 < v->nkids; i += 2) {
		const YNode *k = v->kids[i], *val = v->kids[i + 1];
		char **slot = ynode_is(k, "name") ? &x->c->translator_name
		              : ynode_is(k, "url") ? &x->c->translator_url : NULL;
		if (!slot)
			return BAD(x, k, "translator: expected name or url");
		free(*slot);
		if (!text_of(x, val, ynode_is(k, "name") ? "translator.name" : "translator.url", slot))
			return false;
	}
	return true;
}

/* A path kept as written, but ~/ is $HOME. */
static char *home_path(const char *v)
{
	if (v[0] == '~' && v[1] == '/') {
		const char *h = getenv("HOME");
		return xasprintf("%s%s", h ? h : "", v + 1);
	}
	return xstrdup(v);
}

/* [{target: FOLDER, source: FOLDER}, ...] into out (what: the key). */
static bool read_maps(Ctx *x, const YNode *v, const char *what, ConfigSourceVec *out)
{
	if (ynode_is_null(v))
		return true;
	if (v->kind != YN_SEQ)
		return BAD(x, v, "%s: expected a list like [{target: files/ko/, source: "
		                 "../content/files/en-us/}]", what);
	for (size_t i = 0; i < v->nkids; i++) {
		const YNode *m = v->kids[i];
		if (m->kind != YN_MAP)
			return BAD(x, m, "%s: expected {target: FOLDER, source: FOLDER}", what);
		char *t = NULL, *s = NULL;
		bool ok = true;
		for (size_t j = 0; ok && j + 1 < m->nkids; j += 2) {
			const YNode *k = m->kids[j], *val = m->kids[j + 1];
			char **slot = ynode_is(k, "target") ? &t : ynode_is(k, "source") ? &s : NULL;
			if (!slot) {
				ok = BAD(x, k, "%s: expected target or source", what);
				break;
			}
			free(*slot);
			ok = text_of(x, val, ynode_is(k, "target") ? "target" : "source", slot);
		}
		if (ok && (!t || !*t || !s || !*s))
			ok = BAD(x, m, "%s: each entry needs a target and a source", what);
		if (!ok) {
			free(t);
			free(s);
			return false;
		}
		ConfigSource cs = {home_path(t), home_path(s)};
		free(t);
		free(s);
		VEC_PUSH(out, cs);
	}
	return true;
}

static bool read_sources(Ctx *x, const YNode *v)
{
	return read_maps(x, v, "sources", &x->c->sources);
}

/* upstream: PATH, or {path: PATH, ref: REGEX, map: [...]} */
static bool read_upstream(Ctx *x, const YNode *v)
{
	Config *c = x->c;
	if (ynode_is_null(v))
		return true;
	char *path = NULL, *ref = NULL;
	bool ok = true;
	if (v->kind == YN_SCALAR) {
		ok = text_of(x, v, "upstream", &path);
	} else if (v->kind == YN_MAP) {
		for (size_t i = 0; ok && i + 1 < v->nkids; i += 2) {
			const YNode *k = v->kids[i], *val = v->kids[i + 1];
			if (ynode_is(k, "path")) {
				free(path);
				ok = text_of(x, val, "upstream.path", &path);
			} else if (ynode_is(k, "ref")) {
				free(ref);
				ok = text_of(x, val, "upstream.ref", &ref);
				regex_t re;
				int rc = ok && ref ? regcomp(&re, ref, REG_EXTENDED) : -1;
				if (rc == 0) {
					bool groups = re.re_nsub > 0;
					regfree(&re);
					if (!groups)
						ok = BAD(x, val, "upstream.ref: needs a group (...) around the commit");
				} else if (rc > 0) {
					ok = BAD(x, val, "upstream.ref: not a POSIX extended regular expression");
				}
			} else if (ynode_is(k, "map")) {
				ok = read_maps(x, val, "upstream.map", &c->upstream_map);
			} else {
				ok = BAD(x, k, "upstream: expected path, ref or map");
			}
		}
	} else {
		ok = BAD(x, v, "upstream: expected a path or {path: ..., ref: ..., map: [...]}");
	}
	if (ok && (!path || !*path))
		ok = BAD(x, v, "upstream: needs a path (a local clone of the upstream repository)");
	if (ok) {
		free(c->upstream);
		free(c->upstream_ref);
		c->upstream = home_path(path);
		c->upstream_ref = ref;
		ref = NULL;
	}
	free(path);
	free(ref);
	return ok;
}

/* tm: PATH, or {path: PATH, exclude: [PATTERN, ...]} */
static bool read_tm(Ctx *x, const YNode *v)
{
	Config *c = x->c;
	if (v->kind != YN_MAP) {
		free(c->tm);
		return path_of(x, v, "tm", &c->tm);
	}
	for (size_t i = 0; i + 1 < v->nkids; i += 2) {
		const YNode *k = v->kids[i], *val = v->kids[i + 1];
		if (ynode_is(k, "path")) {
			free(c->tm);
			if (!path_of(x, val, "tm.path", &c->tm))
				return false;
		} else if (ynode_is(k, "exclude")) {
			free_strings(c->tm_exclude.v, c->tm_exclude.n);
			VEC_FREE(&c->tm_exclude);
			c->tm_exclude_set = true;
			/* patterns as written (they name places of a repository) */
			const YNode *one[1] = {val};
			const YNode *const *items = val->kind == YN_SEQ ? (const YNode *const *)val->kids : one;
			size_t n = ynode_is_null(val) ? 0 : val->kind == YN_SEQ ? val->nkids : 1;
			for (size_t j = 0; j < n; j++) {
				char *t;
				if (!text_of(x, items[j], "tm.exclude", &t))
					return false;
				if (!t || !*t) {
					free(t);
					return BAD(x, items[j], "tm.exclude: an empty pattern");
				}
				VEC_PUSH(&c->tm_exclude, t);
			}
		} else {
			return BAD(x, k, "tm: expected path or exclude");
		}
	}
	return true;
}

static bool top_pair(Ctx *x, const YNode *k, const YNode *v)
{
	Config *c = x->c;
	static const char *const wraps[] = {"word", "grapheme", NULL};
	static const char *const clips[] = {"internal", "osc52", NULL};
	if (ynode_is(k, "theme")) {
		free(c->theme);
		return text_of(x, v, "theme", &c->theme);
	}
	if (ynode_is(k, "keys"))
		return read_keys(x, v);
	if (ynode_is(k, "glossary"))
		return list_of(x, v, "glossary", false, &c->glossary);
	if (ynode_is(k, "rules")) {
		free(c->rules);
		return path_of(x, v, "rules", &c->rules);
	}
	if (ynode_is(k, "translator"))
		return read_translator(x, v);
	if (ynode_is(k, "dictionaries"))
		return list_of(x, v, "dictionaries", true, &c->dictionaries);
	if (ynode_is(k, "wrap")) {
		int i;
		if (!one_of(x, v, "wrap", wraps, &i))
			return false;
		c->wrap = (ConfigWrap)i;
		return true;
	}
	if (ynode_is(k, "clipboard")) {
		int i;
		if (!one_of(x, v, "clipboard", clips, &i))
			return false;
		c->clipboard = (ConfigClipboard)i;
		return true;
	}
	if (ynode_is(k, "tm"))
		return read_tm(x, v);
	if (ynode_is(k, "upstream"))
		return read_upstream(x, v);
	if (ynode_is(k, "sources"))
		return read_sources(x, v);
	if (ynode_is(k, "pr-template")) {
		char *t;
		if (!text_of(x, v, "pr-template", &t))
			return false;
		free(c->pr_template);
		c->pr_template = t ? home_path(t) : NULL;
		free(t);
		return true;
	}
	if (!c->unknown[0] && k->kind == YN_SCALAR) {
		Buf b = BUF_INIT;
		ynode_show(k, &b);
		snprintf(c->unknown, sizeof(c->unknown), "%s", b.p);
		c->unknown_line = k->line;
		buf_release(&b);
	}
	return true;
}

bool config_parse(Config *c, const char *path, const char *text, size_t n, Err *e)
{
	config_release(c);
	YNode *root;
	if (!ynode_parse(text, n, path, &ynode_limits_config, &root, e))
		return false;
	Ctx x = {c, path, e};
	bool ok = true;
	if (root && !ynode_is_null(root) && root->kind != YN_MAP)
		ok = BAD(&x, root, "expected a mapping (theme:, keys:, glossary:, ...)");
	for (size_t i = 0; ok && root && root->kind == YN_MAP && i + 1 < root->nkids; i += 2)
		ok = top_pair(&x, root->kids[i], root->kids[i + 1]);
	ynode_free(root);
	if (!ok) {
		config_release(c);
		return false;
	}
	c->path = xstrdup(path);
	return true;
}

bool config_load(Config *c, const char *path, Err *e)
{
	config_release(c);
	Buf data = BUF_INIT;
	Err why;
	err_init(&why);
	if (!file_read_limit(path, ynode_limits_config.max_bytes, 0, &data, &why)) {
		buf_release(&data);
		if (!file_exists(path) && errno == ENOENT)
			return true; /* no file: the defaults */
		return err_set(e, EXIT_CONFIG, "%s", why.msg);
	}
	bool ok = config_parse(c, path, data.p ? data.p : "", data.len, e);
	buf_release(&data);
	return ok;
}

bool config_check(const Config *c, Err *e)
{
	if (c->wrap > CONFIG_WRAP_GRAPHEME || c->clipboard > CONFIG_CLIP_OSC52)
		return err_set(e, EXIT_CONFIG, "config: wrap or clipboard out of range");
	for (size_t i = 0; i < c->keys.n; i++)
		if (!c->keys.v[i].mode || !c->keys.v[i].key || !c->keys.v[i].cmd)
			return err_set(e, EXIT_CONFIG, "config: key %zu incomplete", i);
	for (size_t i = 0; i < c->glossary.n; i++)
		if (!c->glossary.v[i] || !c->glossary.v[i][0])
			return err_set(e, EXIT_CONFIG, "config: glossary %zu empty", i);
	return true;
}
