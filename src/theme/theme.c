/* theme: theme files -> style slots (include/yeok/theme.h). */
#include "yeok/theme.h"

#include "yeok/text.h"
#include "yeok/ynode.h"

static const char *const slot_names[] = {
#define X(e, name, what) name,
	THEME_SLOTS(X)
#undef X
};

const char *theme_slot_name(ThemeSlot s)
{
	return s < TS_COUNT ? slot_names[s] : "?";
}

#define D THEME_DEFAULT_COLOR
void theme_default(Theme *t)
{
	static const Style def[TS_COUNT] = {
		[TS_NORMAL] = {D, D, 0},
		[TS_SOURCE_TEXT] = {250, D, 0},
		[TS_TARGET_TEXT] = {D, D, 0},
		[TS_CURRENT] = {D, 236, 0},
		[TS_UNTRANSLATED] = {3, D, 0},
		[TS_STALE] = {5, D, TA_BOLD},
		[TS_DONE] = {2, D, 0},
		[TS_RULE] = {240, D, 0},
		[TS_HEADER] = {0, 6, TA_BOLD},
		[TS_STATUS] = {252, 238, 0},
		[TS_KEYBAR] = {250, 235, 0},
		[TS_KEYNAME] = {81, 235, TA_BOLD},
		[TS_LINENO] = {242, D, 0},
		[TS_MARKER] = {208, D, TA_BOLD},
		[TS_MATCH] = {0, 3, 0},
		[TS_ERROR] = {15, 1, TA_BOLD},
		[TS_WARNING] = {3, D, TA_BOLD},
		[TS_GLOSSARY] = {114, D, TA_UNDERLINE},
		[TS_SPELL] = {203, D, TA_UNDERLINE},
		[TS_CURSOR_LINE] = {D, D, 0},
		[TS_HINT] = {180, D, TA_ITALIC},
		[TS_DIFF] = {0, 214, 0},
	};
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "default");
	memcpy(t->slot, def, sizeof(def));
}

void theme_mono(Theme *t)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "mono");
	for (int i = 0; i < TS_COUNT; i++)
		t->slot[i] = (Style){D, D, 0};
	t->slot[TS_CURRENT].attrs = TA_BOLD;
	t->slot[TS_UNTRANSLATED].attrs = TA_UNDERLINE;
	t->slot[TS_STALE].attrs = TA_BOLD | TA_UNDERLINE;
	t->slot[TS_HEADER].attrs = TA_REVERSE;
	t->slot[TS_STATUS].attrs = TA_REVERSE;
	t->slot[TS_KEYNAME].attrs = TA_BOLD;
	t->slot[TS_MARKER].attrs = TA_BOLD;
	t->slot[TS_MATCH].attrs = TA_REVERSE;
	t->slot[TS_ERROR].attrs = TA_REVERSE | TA_BOLD;
	t->slot[TS_WARNING].attrs = TA_BOLD;
	t->slot[TS_GLOSSARY].attrs = TA_UNDERLINE;
	t->slot[TS_SPELL].attrs = TA_UNDERLINE;
	t->slot[TS_LINENO].attrs = TA_DIM;
	t->slot[TS_RULE].attrs = TA_DIM;
	t->slot[TS_HINT].attrs = TA_ITALIC;
	t->slot[TS_DIFF].attrs = TA_REVERSE;
}
#undef D

static const char *const basic[] = {"black", "red", "green", "yellow",
                                    "blue", "magenta", "cyan", "white"};

static int cube_level(int v)
{
	return v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40;
}

bool theme_parse_color(const char *s, int *out)
{
	if (strcmp(s, "default") == 0 || strcmp(s, "none") == 0) {
		*out = THEME_DEFAULT_COLOR;
		return true;
	}
	for (int i = 0; i < 8; i++) {
		if (strcmp(s, basic[i]) == 0) {
			*out = i;
			return true;
		}
		if (strncmp(s, "bright-", 7) == 0 && strcmp(s + 7, basic[i]) == 0) {
			*out = i + 8;
			return true;
		}
	}
	long n;
	if (parse_long(s, 0, 255, &n)) {
		*out = (int)n;
		return true;
	}
	if (s[0] == '#' && strlen(s) == 7) {
		unsigned v = 0;
		for (int i = 1; i < 7; i++) {
			char c = s[i];
			int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
			        c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
			if (d < 0)
				return false;
			v = v * 16 + (unsigned)d;
		}
		int r = (int)(v >> 16), g = (int)(v >> 8 & 255), b = (int)(v & 255);
		if (r == g && g == b && r > 3 && r < 247) {
			*out = 232 + MIN(23, (r - 8) / 10);
		} else {
			*out = 16 + 36 * cube_level(r) + 6 * cube_level(g) + cube_level(b);
		}
		return true;
	}
	return false;
}

int theme_fit_color(int c, int colors)
{
	if (c < 0)
		return THEME_DEFAULT_COLOR;
	if (colors >= 256)
		return c;
	if (colors < 8)
		return THEME_DEFAULT_COLOR;
	if (c < 8)
		return c;
	if (c < 16)
		return colors >= 16 ? c : c - 8;
	if (c >= 232)
		return c < 236 ? 0 : 7;
	int v = c - 16, r = v / 36, g = v / 6 % 6, b = v % 6;
	int m = MAX(r, MAX(g, b));
	if (m == 0)
		return 0;
	int lim = MAX(2, m - 1);
	int i = (r >= lim ? 1 : 0) | (g >= lim ? 2 : 0) | (b >= lim ? 4 : 0);
	return i ? i : 7;
}

/* ---- loading ------------------------------------------------------------ */

static bool attr_bit(const char *s, unsigned *bits)
{
	static const struct {
		const char *name;
		unsigned bit;
	} a[] = {{"bold", TA_BOLD},           {"dim", TA_DIM},       {"underline", TA_UNDERLINE},
	         {"reverse", TA_REVERSE},     {"italic", TA_ITALIC}, {"standout", TA_STANDOUT},
	         {"none", 0}};
	for (size_t i = 0; i < ARRAY_LEN(a); i++) {
		if (strcmp(s, a[i].name) == 0) {
			*bits |= a[i].bit;
			return true;
		}
	}
	return false;
}

static bool parse_attrs(const YNode *v, const char *path, unsigned *bits, Err *e)
{
	*bits = 0;
	if (v->kind == YN_SCALAR) {
		char *s = ynode_dup(v);
		bool ok = true;
		for (char *p = s; ok && *p;) {
			size_t k = strcspn(p, " ,");
			char save = p[k];
			p[k] = '\0';
			if (*p && !attr_bit(p, bits)) {
				Buf b = BUF_INIT;
				text_sanitize(p, strlen(p), &b);
				ok = err_set(e, EXIT_CONFIG, "%s:%zu: unknown attribute '%s' (bold, dim, "
				             "underline, reverse, italic, standout)", path, v->line, b.p);
				buf_release(&b);
			}
			p[k] = save;
			p += k;
			while (*p == ' ' || *p == ',')
				p++;
		}
		free(s);
		return ok;
	}
	if (v->kind != YN_SEQ)
		return err_set(e, EXIT_CONFIG, "%s:%zu: attrs: expected a list like [bold, underline]",
		               path, v->line);
	for (size_t i = 0; i < v->nkids; i++) {
		const YNode *n = v->kids[i];
		if (n->kind != YN_SCALAR)
			return err_set(e, EXIT_CONFIG, "%s:%zu: attrs: expected names", path, n->line);
		char *s = ynode_dup(n);
		bool ok = attr_bit(s, bits);
		if (!ok) {
			Buf b = BUF_INIT;
			ynode_show(n, &b);
			err_set(e, EXIT_CONFIG, "%s:%zu: unknown attribute %s (bold, dim, underline, "
			        "reverse, italic, standout)", path, n->line, b.p);
			buf_release(&b);
		}
		free(s);
		if (!ok)
			return false;
	}
	return true;
}

static bool parse_slot(const YNode *v, const char *path, Style *st, Err *e)
{
	if (v->kind != YN_MAP)
		return err_set(e, EXIT_CONFIG, "%s:%zu: expected {fg: COLOR, bg: COLOR, attrs: [...]}",
		               path, v->line);
	for (size_t i = 0; i + 1 < v->nkids; i += 2) {
		const YNode *k = v->kids[i], *x = v->kids[i + 1];
		if (k->kind != YN_SCALAR)
			return err_set(e, EXIT_CONFIG, "%s:%zu: expected fg, bg or attrs", path, k->line);
		bool ok = true;
		if (ynode_is(k, "fg") || ynode_is(k, "bg")) {
			char *val = x->kind == YN_SCALAR ? ynode_dup(x) : xstrdup("?");
			int c;
			if (!theme_parse_color(val, &c)) {
				Buf b = BUF_INIT;
				ynode_show(x, &b);
				ok = err_set(e, EXIT_CONFIG, "%s:%zu: bad colour %s (a name like cyan, "
				             "0-255 or #rrggbb)", path, x->line, b.p);
				buf_release(&b);
			} else if (ynode_is(k, "fg")) {
				st->fg = c;
			} else {
				st->bg = c;
			}
			free(val);
		} else if (ynode_is(k, "attrs")) {
			ok = parse_attrs(x, path, &st->attrs, e);
		} else {
			Buf b = BUF_INIT;
			ynode_show(k, &b);
			ok = err_set(e, EXIT_CONFIG, "%s:%zu: unknown field %s (fg, bg, attrs)", path,
			             k->line, b.p);
			buf_release(&b);
		}
		if (!ok)
			return false;
	}
	return true;
}

bool theme_load_file(Theme *t, const char *path, Err *e)
{
	theme_default(t);
	Buf data = BUF_INIT;
	if (!file_read_limit(path, ynode_limits_theme.max_bytes, 0, &data, e)) {
		e->code = EXIT_CONFIG;
		buf_release(&data);
		return false;
	}
	bool ok = theme_parse(t, path, data.p ? data.p : "", data.len, e);
	buf_release(&data);
	return ok;
}

bool theme_parse(Theme *t, const char *path, const char *text, size_t n, Err *e)
{
	theme_default(t);
	Theme nt;
	theme_default(&nt);
	const char *base = path_basename(path);
	size_t bl = strlen(base);
	if (bl > 5 && strcmp(base + bl - 5, ".yaml") == 0)
		bl -= 5;
	snprintf(nt.name, sizeof(nt.name), "%.*s", (int)bl, base);
	YNode *root;
	if (!ynode_parse(text, n, path, &ynode_limits_theme, &root, e))
		return false;
	bool ok = true;
	if (!root || root->kind != YN_MAP) {
		ok = err_set(e, EXIT_CONFIG, "%s:%zu: expected one slot per line (SLOT: {fg, bg, attrs})",
		             path, root ? root->line : 1);
	} else {
		for (size_t i = 0; ok && i + 1 < root->nkids; i += 2) {
			const YNode *k = root->kids[i], *v = root->kids[i + 1];
			if (k->kind != YN_SCALAR) {
				ok = err_set(e, EXIT_CONFIG, "%s:%zu: expected a slot name", path, k->line);
				break;
			}
			int slot = -1;
			for (int j = 0; j < TS_COUNT; j++)
				if (ynode_is(k, slot_names[j]))
					slot = j;
			if (slot >= 0) {
				/* a slot given replaces the whole style */
				Style st = {THEME_DEFAULT_COLOR, THEME_DEFAULT_COLOR, 0};
				ok = parse_slot(v, path, &st, e);
				if (ok)
					nt.slot[slot] = st;
			} else if (!ynode_is(k, "name")) {
				Buf b = BUF_INIT;
				ynode_show(k, &b);
				ok = err_set(e, EXIT_CONFIG, "%s:%zu: unknown slot %s (see themes/README.md)",
				             path, k->line, b.p);
				buf_release(&b);
			}
		}
	}
	ynode_free(root);
	if (ok)
		*t = nt;
	return ok;
}

bool theme_load(Theme *t, const char *name, const char *const *dirs, size_t ndirs, Err *e)
{
	size_t nl = strlen(name);
	if (strchr(name, '/') || (nl > 5 && strcmp(name + nl - 5, ".yaml") == 0))
		return theme_load_file(t, name, e);
	for (size_t i = 0; i < ndirs; i++) {
		if (!dirs[i])
			continue;
		char *p = xasprintf("%s/%s.yaml", dirs[i], name);
		if (file_exists(p)) {
			bool ok = theme_load_file(t, p, e);
			free(p);
			return ok;
		}
		free(p);
	}
	theme_default(t);
	if (strcmp(name, "default") == 0)
		return true; /* the built-in copy */
	if (strcmp(name, "mono") == 0) {
		theme_mono(t);
		return true;
	}
	return err_set(e, EXIT_CONFIG, "no theme named '%s' (themes are NAME.yaml in %s)", name,
	               ndirs && dirs[0] ? dirs[0] : "themes/");
}
