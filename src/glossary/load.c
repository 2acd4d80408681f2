/* Reading glossary files: YAML (DESIGN.md §4.2) and the Markdown table of
 * tutorials-kr's TRANSLATION_GUIDE.md. */
#include "glossary-private.h"
#include "yeok/ynode.h"

/* ---- YAML ------------------------------------------------------------------ */

static bool bad(Err *e, const char *name, const YNode *n, const char *what)
{
	return ynode_error(e, EXIT_CONFIG, name, n, "%s", what);
}

/* A scalar or a sequence of scalars, joined into forms. */
static bool string_list(const YNode *n, const char *name, char ***out, size_t *out_n, Err *e)
{
	*out = NULL;
	*out_n = 0;
	if (n->kind == YN_SCALAR) {
		*out = xmalloc(sizeof(char *));
		(*out)[(*out_n)++] = ynode_dup(n);
		return true;
	}
	if (n->kind != YN_SEQ)
		return bad(e, name, n, "expected a string or a list of strings");
	*out = xmalloc((n->nkids ? n->nkids : 1) * sizeof(char *));
	for (size_t i = 0; i < n->nkids; i++) {
		const YNode *x = n->kids[i];
		if (x->kind != YN_SCALAR) {
			for (size_t j = 0; j < *out_n; j++)
				free((*out)[j]);
			free(*out);
			*out = NULL;
			*out_n = 0;
			return bad(e, name, x, "expected a string");
		}
		(*out)[(*out_n)++] = ynode_dup(x);
	}
	return true;
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static bool load_term(Glossary *g, const YNode *m, const char *name, Err *e)
{
	if (m->kind != YN_MAP)
		return bad(e, name, m, "a term must be a mapping {en: ..., ko: ...}");
	char **en = NULL, **avoid = NULL, **allow = NULL, **ctx = NULL;
	size_t en_n = 0, avoid_n = 0, allow_n = 0, ctx_n = 0;
	char *ko = NULL, *note = NULL;
	bool keep = false, ok = true;
	for (size_t i = 0; ok && i + 1 < m->nkids; i += 2) {
		const YNode *k = m->kids[i], *v = m->kids[i + 1];
		if (ynode_is(k, "en")) {
			free_strings(en, en_n);
			ok = string_list(v, name, &en, &en_n, e);
		} else if (ynode_is(k, "ko") || ynode_is(k, "note")) {
			if (v->kind != YN_SCALAR) {
				ok = bad(e, name, v, "expected a string");
			} else if (ynode_is(k, "ko")) {
				free(ko);
				ko = ynode_dup(v);
			} else {
				free(note);
				note = ynode_dup(v);
			}
		} else if (ynode_is(k, "keep")) {
			if (!ynode_bool(v, &keep))
				ok = bad(e, name, v, "keep: expected true or false");
		} else if (ynode_is(k, "avoid")) {
			free_strings(avoid, avoid_n);
			ok = string_list(v, name, &avoid, &avoid_n, e);
		} else if (ynode_is(k, "allow")) {
			free_strings(allow, allow_n);
			ok = string_list(v, name, &allow, &allow_n, e);
		} else if (ynode_is(k, "avoid_in_context")) {
			free_strings(ctx, ctx_n);
			ok = string_list(v, name, &ctx, &ctx_n, e);
		} else {
			ok = bad(e, name, k, "unknown key (expected en, ko, keep, avoid, "
			                     "avoid_in_context, allow, note)");
		}
	}
	if (ok && (en_n == 0 || !en[0][0]))
		ok = bad(e, name, m, "term without `en`");
	if (ok && !ko && keep && en_n)
		ko = xstrdup(en[0]);
	if (ok && (!ko || !ko[0]))
		ok = bad(e, name, m, "term without `ko`");
	if (ok) {
		/* Several en forms: one term, forms joined for glossary_add. */
		Buf all = BUF_INIT;
		for (size_t i = 0; i < en_n; i++) {
			if (i)
				buf_adds(&all, " / ");
			buf_adds(&all, en[i]);
		}
		glossary_add(g, all.p, ko, keep, (const char *const *)avoid, avoid_n, note);
		for (size_t i = 0; i < allow_n; i++)
			glossary_term_allow(g, g->n - 1, allow[i]);
		for (size_t i = 0; i < ctx_n; i++)
			glossary_term_avoid_in_context(g, g->n - 1, ctx[i]);
		buf_release(&all);
	}
	free_strings(ctx, ctx_n);
	free_strings(en, en_n);
	free_strings(avoid, avoid_n);
	free_strings(allow, allow_n);
	free(ko);
	free(note);
	return ok;
}

static bool load_yaml(Glossary *g, const char *name, const char *data, size_t n, Err *e)
{
	YNode *root;
	if (!ynode_parse(data, n, name, &ynode_limits_glossary, &root, e))
		return false;
	bool ok = true;
	if (!root || ynode_is_null(root)) {
		ok = err_set(e, EXIT_CONFIG, "%s: empty glossary (expected `terms:`)", name);
	} else if (root->kind != YN_MAP) {
		ok = bad(e, name, root, "expected a mapping with `terms:`");
	} else {
		bool have_terms = false;
		for (size_t i = 0; ok && i + 1 < root->nkids; i += 2) {
			const YNode *k = root->kids[i], *v = root->kids[i + 1];
			if (!ynode_is(k, "terms"))
				continue; /* language: and future keys */
			have_terms = true;
			if (v->kind != YN_SEQ) {
				ok = bad(e, name, v, "terms: expected a list");
				break;
			}
			for (size_t j = 0; ok && j < v->nkids; j++)
				ok = load_term(g, v->kids[j], name, e);
		}
		if (ok && !have_terms)
			ok = bad(e, name, root, "no `terms:` list");
	}
	ynode_free(root);
	return ok;
}

/* ---- Markdown table -------------------------------------------------------- */

/* Split "|a|b|c|" into trimmed cells. */
static size_t split_cells(Str line, Str *cells, size_t max)
{
	Str s = str_trim(line);
	if (s.n && s.p[0] == '|')
		s = str_slice(s, 1, s.n);
	if (s.n && s.p[s.n - 1] == '|')
		s = str_slice(s, 0, s.n - 1);
	size_t n = 0, from = 0;
	for (size_t i = 0; i <= s.n && n < max; i++) {
		if (i == s.n || (s.p[i] == '|' && (i == 0 || s.p[i - 1] != '\\'))) {
			cells[n++] = str_trim(str_slice(s, from, i));
			from = i + 1;
		}
	}
	return n;
}

static bool is_separator(Str line)
{
	Str s = str_trim(line);
	if (!s.n || s.p[0] != '|')
		return false;
	for (size_t i = 0; i < s.n; i++)
		if (!strchr("|-: ", s.p[i]))
			return false;
	return true;
}

/* "[음차 표기](https://...)" -> "음차 표기". */
static char *md_plain(Str s)
{
	Buf b = BUF_INIT;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] == '[') {
			const char *close = memchr(s.p + i, ']', s.n - i);
			if (close && (size_t)(close - s.p) + 1 < s.n && close[1] == '(') {
				const char *rp = memchr(close, ')', s.n - (size_t)(close - s.p));
				if (rp) {
					buf_add(&b, s.p + i + 1, (size_t)(close - s.p - i - 1));
					i = (size_t)(rp - s.p);
					continue;
				}
			}
		}
		buf_addc(&b, s.p[i]);
	}
	return buf_detach(&b);
}

static bool load_markdown(Glossary *g, const char *name, const char *data, size_t n, Err *e)
{
	Str all = {data, n};
	int col_en = -1, col_ko = -1, col_note = -1;
	size_t lineno = 0, added = 0;
	Str prev = {NULL, 0};
	bool in_table = false;
	for (size_t from = 0; from < n;) {
		const char *nl = memchr(data + from, '\n', n - from);
		size_t to = nl ? (size_t)(nl - data) : n;
		Str line = str_slice(all, from, to);
		lineno++;
		from = to + 1;
		Str t = str_trim(line);
		if (!t.n || t.p[0] != '|') {
			in_table = false;
			prev = (Str){NULL, 0};
			continue;
		}
		if (is_separator(t)) {
			/* prev is the header row. */
			Str cells[16];
			size_t nc = prev.p ? split_cells(prev, cells, 16) : 0;
			col_en = col_ko = col_note = -1;
			for (size_t i = 0; i < nc; i++) {
				if (str_eq_cstr(cells[i], "영문") || str_eq_cstr(cells[i], "English") ||
				    str_eq_cstr(cells[i], "en"))
					col_en = (int)i;
				else if (str_eq_cstr(cells[i], "한글") ||
				         str_eq_cstr(cells[i], "Korean") || str_eq_cstr(cells[i], "ko"))
					col_ko = (int)i;
				else if (str_find(cells[i], STR_LIT("설명")) >= 0 ||
				         str_eq_cstr(cells[i], "note"))
					col_note = (int)i;
			}
			in_table = col_en >= 0 && col_ko >= 0;
			continue;
		}
		prev = t;
		if (!in_table)
			continue;
		Str cells[16];
		size_t nc = split_cells(t, cells, 16);
		if ((int)nc <= col_en || (int)nc <= col_ko)
			return err_set(e, EXIT_CONFIG, "%s:%zu: glossary row has %zu cells, expected "
			               "at least %d", name, lineno, nc, MAX(col_en, col_ko) + 1);
		char *en = str_dup(cells[col_en]);
		char *ko = str_dup(cells[col_ko]);
		char *note = col_note >= 0 && (int)nc > col_note ? md_plain(cells[col_note]) : NULL;
		if (!en[0] || !ko[0]) {
			const char *what = en[0] ? "a translation" : "an English term";
			free(en);
			free(ko);
			free(note);
			return err_set(e, EXIT_CONFIG, "%s:%zu: glossary row without %s", name,
			               lineno, what);
		}
		Str ns = str_from(note);
		bool keep = str_find(ns, STR_LIT("번역안함")) >= 0 ||
		            str_find(ns, STR_LIT("번역하지 않음")) >= 0 ||
		            str_find(ns, STR_LIT("번역 안 함")) >= 0;
		glossary_add(g, en, ko, keep, NULL, 0, note);
		added++;
		free(en);
		free(ko);
		free(note);
	}
	if (!added)
		return err_set(e, EXIT_CONFIG, "%s: no glossary table (| 영문 | 한글 | ... |) found",
		               name);
	return true;
}

/* A .md file, or text with a table row ("|...") and no YAML `terms:` key
 * (YAML comments and Markdown headings both start with "# "). */
static bool looks_markdown(const char *name, const char *data, size_t n)
{
	if (str_ends_with(str_from(name), ".md"))
		return true;
	Str s = {data, n};
	if (str_starts_with(s, "terms:") || str_find(s, STR_LIT("\nterms:")) >= 0)
		return false;
	return (n > 0 && data[0] == '|') || str_find(s, STR_LIT("\n|")) >= 0;
}

bool glossary_load_mem(Glossary *g, const char *name, const char *data, size_t n, Err *e)
{
	if (looks_markdown(name, data, n))
		return load_markdown(g, name, data, n, e);
	return load_yaml(g, name, data, n, e);
}

bool glossary_load(Glossary *g, const char *path, Err *e)
{
	Buf b = BUF_INIT;
	if (!file_read_limit(path, ynode_limits_glossary.max_bytes, 0, &b, e)) {
		buf_release(&b);
		return false;
	}
	bool ok = glossary_load_mem(g, path, b.p ? b.p : "", b.len, e);
	buf_release(&b);
	return ok;
}
