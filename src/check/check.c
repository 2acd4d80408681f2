/* The check table, units, findings, the document index, output formats. */
#include "check-private.h"
#include "yeok/source.h"
#include "yeok/text.h"

/* ---- the table (DESIGN.md §3.3): one row per check --------------------- */
typedef struct CheckRow {
	CheckInfo info;
	CheckFn fn; /* NULL: reserved, not implemented here */
} CheckRow;

static const CheckRow table[CK_COUNT] = {
	[CK_GLOSSARY] = {{"glossary", "glossary term translated otherwise or by an avoided variant",
	                  false, true}, check_glossary},
	[CK_MARKUP_SPACING] = {{"markup-spacing",
	                        "inline markup glued to Hangul (docutils leaves it as text)",
	                        false, true}, check_markup_spacing},
	[CK_TITLE_UNDERLINE] = {{"title-underline",
	                         "title adornment shorter than the title's display width",
	                         false, true}, check_title_underline},
	[CK_CODE_CHANGED] = {{"code-changed", "code block differs from the source's", true, true},
	                     check_code_changed},
	[CK_MARKUP_MISMATCH] = {{"markup-mismatch",
	                         "role, literal, link URL or reference of the source missing",
	                         true, true}, check_markup_mismatch},
	[CK_DIRECTIVE_TRANSLATED] = {{"directive-translated",
	                              "directive or option name translated", false, true},
	                             check_directive_translated},
	[CK_BROKEN_REFERENCE] = {{"broken-reference", "`name`_ without a target in the document",
	                          false, true}, check_broken_reference},
	[CK_TRANSLATOR_LINE] = {{"translator-line",
	                         "author line without a translator line, or a malformed one",
	                         false, true}, check_translator_line},
	[CK_REFERENCE_TITLE] = {{"reference-title",
	                         "referenced paper or document title translated without the original",
	                         true, true}, check_reference_title},
	[CK_UNTRANSLATED] = {{"untranslated", "prose block identical to the source", true, true},
	                     check_untranslated},
	[CK_SPELLING] = {{"spelling", "word rejected by the Korean or English dictionary", false,
	                  true}, check_spelling},
	[CK_WHITESPACE] = {{"whitespace",
	                    "trailing spaces, tabs, zero-width spaces, indentation unlike the source",
	                    false, true}, check_whitespace},
	[CK_SPACING] = {{"spacing",
	                 "Korean spacing and particles (PyTorch 를, 테스트 했지만, 하는것, Module를)",
	                 false, true}, check_spacing},
	[CK_PUNCTUATION] = {{"punctuation",
	                     "final period or ? missing where the source has one, doubled marks, "
	                     "'다:', ';' in Korean",
	                     false, true}, check_punctuation},
	[CK_CONSISTENCY] = {{"consistency",
	                     "one English term rendered two ways; 한글(영어) at the first occurrence only",
	                     false, true}, check_consistency},
	[CK_STRUCTURE] = {{"structure",
	                   "English title without a Korean one, titles docutils reads as text, RST "
	                   "errors the English does not have",
	                   false, true}, check_structure},
	[CK_LINK] = {{"link", "pytorch.org/tutorials links and the edit link not localised", false,
	              true}, check_link},
	[CK_STYLE] = {{"style", "a team style rule of the rule file (glossary/rules.yaml)", false,
	               true}, check_style},
	[CK_OMISSION] = {{"omission",
	                   "an English paragraph or list item with no Korean: its block deleted "
	                   "while the English remains",
	                   true, true}, check_omission},
	[CK_SOURCE_STALE] = {{"source-stale",
	                       "the English found is older than the Korean (code, URLs, literals "
	                       "differ): give the right one (upstream: or --source)",
	                       true, true}, check_source_stale},
	[CK_PY_STRUCTURE] = {{"py-structure",
	                      ".py: code changed, separator or docstring quotes broken, a '#' lost",
	                      false, true}, check_py_structure},
	[CK_NUMBERS] = {{"numbers",
	                 "a number or acronym of the English missing in the Korean; a word "
	                 "written twice",
	                 false, true}, check_numbers},
};

/* The function of check i on d: Markdown has its own markup-spacing,
 * markup-mismatch and structure (check-md.c), and none of the RST-only
 * checks. */
static CheckFn check_fn(const CheckDoc *d, size_t i)
{
	if (!check_is_md(d))
		return table[i].fn;
	switch ((CheckId)i) {
	case CK_MARKUP_SPACING:
		return check_md_markup_spacing;
	case CK_MARKUP_MISMATCH:
		return check_md_markup_mismatch;
	case CK_STRUCTURE:
		return check_md_structure;
	case CK_TITLE_UNDERLINE:
	case CK_DIRECTIVE_TRANSLATED:
	case CK_BROKEN_REFERENCE:
	case CK_TRANSLATOR_LINE:
	case CK_REFERENCE_TITLE:
	case CK_LINK:
	case CK_PY_STRUCTURE:
		return NULL;
	default:
		return table[i].fn;
	}
}

const CheckInfo *check_info(CheckId id)
{
	BUG_ON((size_t)id >= CK_COUNT);
	return &table[id].info;
}

bool check_id_parse(Str name, CheckId *out)
{
	for (size_t i = 0; i < CK_COUNT; i++) {
		if (str_eq_cstr(name, table[i].info.id)) {
			*out = (CheckId)i;
			return true;
		}
	}
	return false;
}

const char *check_severity_name(CheckSeverity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "info";
}

void check_set_all(CheckSet *s)
{
	for (size_t i = 0; i < CK_COUNT; i++)
		s->on[i] = table[i].info.available;
}

bool check_set_parse(CheckSet *s, const char *list, bool only, Err *e)
{
	CheckSet r;
	if (only)
		memset(&r, 0, sizeof(r));
	else
		r = *s;
	Str l = str_from(list);
	size_t from = 0;
	for (size_t i = 0; i <= l.n; i++) {
		if (i < l.n && l.p[i] != ',')
			continue;
		Str name = str_trim(str_slice(l, from, i));
		from = i + 1;
		if (!name.n)
			continue;
		CheckId id;
		if (!check_id_parse(name, &id)) {
			Buf all = BUF_INIT;
			for (size_t k = 0; k < CK_COUNT; k++)
				buf_addf(&all, "%s%s", k ? ", " : "", table[k].info.id);
			char *bad = str_dup(name);
			err_set(e, EXIT_USAGE, "unknown check '%s' (known: %s)", bad, all.p);
			free(bad);
			buf_release(&all);
			return false;
		}
		r.on[id] = only ? table[id].info.available : false;
	}
	*s = r;
	return true;
}

/* ---- findings ---------------------------------------------------------- */

void finding_release(Finding *f)
{
	free(f->message);
	free(f->suggestion);
	if (f->has_fix)
		free(f->fix.text);
	memset(f, 0, sizeof(*f));
}

void findings_clear(FindingVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		finding_release(&v->v[i]);
	VEC_FREE(v);
}

static int finding_cmp(const void *a, const void *b)
{
	const Finding *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	if (x->check != y->check)
		return x->check < y->check ? -1 : 1;
	return strcmp(x->message, y->message);
}

void findings_sort(FindingVec *v)
{
	if (v->n > 1)
		qsort(v->v, v->n, sizeof(Finding), finding_cmp);
}

static int finding_cmp_pos(const Finding *x, const Finding *y)
{
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x->check < y->check ? -1 : x->check > y->check;
}

/* Sort v->v[from..] and merge the findings of one check at one position
 * into one (distinct messages joined with "; ", the worst severity, the
 * first suggestion and fix).  check_unit and check_document do it. */
static void findings_merge(FindingVec *v, size_t from)
{
	if (v->n - from > 1)
		qsort(v->v + from, v->n - from, sizeof(Finding), finding_cmp);
	size_t w = from;
	for (size_t r = from; r < v->n; r++) {
		Finding *f = &v->v[r];
		Finding *last = w > from ? &v->v[w - 1] : NULL;
		if (!last || finding_cmp_pos(last, f) != 0) {
			if (w != r)
				v->v[w] = *f;
			w++;
			continue;
		}
		/* The same check at the same place: one finding, every distinct
		 * message, the worst severity, the first fix and suggestion. */
		if (strcmp(last->message, f->message) != 0 && !strstr(last->message, f->message)) {
			char *m = xasprintf("%s; %s", last->message, f->message);
			free(last->message);
			last->message = m;
		}
		if (f->sev > last->sev)
			last->sev = f->sev;
		if (f->last > last->last)
			last->last = f->last;
		if (!last->suggestion) {
			last->suggestion = f->suggestion;
			f->suggestion = NULL;
		}
		if (!last->has_fix && f->has_fix) {
			last->has_fix = true;
			last->fix = f->fix;
			f->has_fix = false;
		}
		finding_release(f);
	}
	v->n = w;
}

static _Atomic uint64_t column_steps;

uint64_t check_column_steps(void)
{
	return column_steps;
}

/* Characters (code points; an invalid byte is one) in s[from, to). */
static size_t chars_between(Str s, size_t from, size_t to)
{
	size_t n = 0;
	for (size_t i = from; i < to;) {
		int32_t cp;
		i += text_decode(s.p + i, to - i, &cp);
		n++;
	}
	column_steps += to - from;
	return n;
}

Finding *finding_add(const Unit *u, FindingVec *out, CheckId id, CheckSeverity sev,
                     size_t line, size_t byte, const char *fmt, ...)
{
	const Lines *l = u->d->tgt;
	BUG_ON(line >= l->n);
	Str s = lines_get(l, line);
	if (byte > s.n)
		byte = s.n;
	/* From the last column on this line when there is one: forward or
	 * backward by the distance only.  Both offsets are character starts
	 * (checks report at characters), so counting forward from the smaller
	 * one gives the same count as decoding from the line start. */
	size_t col;
	ColMemo *m = u->memo;
	if (m && m->col && m->line == line && m->byte <= s.n) {
		if (byte >= m->byte)
			col = m->col + chars_between(s, m->byte, byte);
		else
			col = m->col - chars_between(s, byte, m->byte);
	} else {
		col = 1 + chars_between(s, 0, byte);
	}
	if (m)
		*m = (ColMemo){line, byte, col};
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	/* Quoted text may span lines: one line per message. */
	size_t w = 0;
	for (size_t r = 0; msg[r]; r++) {
		if (msg[r] == '\n' || msg[r] == '\r') {
			while (msg[r + 1] == ' ' || msg[r + 1] == '\t' || msg[r + 1] == '\n')
				r++;
			if (w && msg[w - 1] != ' ')
				msg[w++] = ' ';
			continue;
		}
		msg[w++] = msg[r];
	}
	msg[w] = '\0';
	Finding f = {id, sev, line, line, byte, col, u->index, msg, NULL, false, {0, 0, 0, NULL}};
	VEC_PUSH(out, f);
	return &out->v[out->n - 1];
}

void finding_set_fix(Finding *f, size_t line, size_t from, size_t to, const char *text)
{
	BUG_ON(from > to && !strchr(text, '\n'));
	if (f->has_fix)
		free(f->fix.text);
	f->has_fix = true;
	f->fix = (CheckFix){line, from, to, xstrdup(text)};
}

size_t check_fix_last(const CheckFix *fix)
{
	size_t last = fix->line;
	for (const char *t = fix->text; t && (t = strchr(t, '\n')); t++)
		last++;
	return last;
}

/* The next line of a fix's text at *t (up to a newline), *t after it. */
static Str fix_line_text(const char **t)
{
	const char *nl = strchr(*t, '\n');
	Str s = {*t, nl ? (size_t)(nl - *t) : strlen(*t)};
	*t += s.n + (nl != NULL);
	return s;
}

bool check_fix_applies(const Lines *lines, const CheckFix *fix)
{
	size_t last = check_fix_last(fix);
	if (last >= lines->n || fix->from > lines_get(lines, fix->line).n ||
	    fix->to > lines_get(lines, last).n)
		return false;
	if (last == fix->line)
		return fix->from <= fix->to;
	/* over several lines: each line's part, without the blanks at its end,
	 * is still the text's line (the fix changes whitespace only) */
	const char *t = fix->text;
	for (size_t i = fix->line; i <= last; i++) {
		Str l = lines_get(lines, i), want = fix_line_text(&t);
		size_t from = i == fix->line ? fix->from : 0, to = i == last ? fix->to : l.n;
		if (!str_eq(str_trim_right((Str){l.p + from, to - from}), want))
			return false;
	}
	return true;
}

bool check_fix_apply(Lines *lines, const CheckFix *fix)
{
	if (!check_fix_applies(lines, fix))
		return false;
	size_t last = check_fix_last(fix);
	/* line by line: the first from `from`, the last up to `to` */
	const char *t = fix->text;
	for (size_t i = fix->line; i <= last; i++) {
		Str part = fix_line_text(&t);
		size_t len = lines_get(lines, i).n;
		lines_splice(lines, i, i == fix->line ? fix->from : 0, i == last ? fix->to : len, part.p,
		             part.n);
	}
	return true;
}

/* ---- joined block text --------------------------------------------------- */

void joined_lines(const Lines *lines, size_t first, size_t last, Joined *j)
{
	buf_init(&j->text);
	j->first = first;
	j->nlines = last - first + 1;
	j->start = xmalloc(j->nlines * sizeof(size_t));
	/* the text's size first: one allocation (a growth a line was a fifth
	 * of the joins' cost, 34k joins a run of the 30 corpus pairs) */
	size_t len = last - first;
	for (size_t i = first; i <= last; i++)
		len += lines_get(lines, i).n;
	buf_grow(&j->text, len ? len : 1);
	char *o = j->text.p;
	for (size_t i = first; i <= last; i++) {
		Str l = lines_get(lines, i);
		j->start[i - first] = (size_t)(o - j->text.p);
		if (l.n)
			memcpy(o, l.p, l.n);
		o += l.n;
		if (i < last)
			*o++ = '\n';
	}
	*o = '\0';
	j->text.len = len;
}

void joined_block(const Lines *lines, const Block *b, Joined *j)
{
	if (b->kind == BK_TITLE)
		joined_lines(lines, b->text_line, b->text_line, j);
	else
		joined_lines(lines, b->first, b->last, j);
}

void joined_release(Joined *j)
{
	buf_release(&j->text);
	free(j->start);
	j->start = NULL;
}

void joined_pos(const Joined *j, size_t off, size_t *line, size_t *byte)
{
	size_t lo = 0, hi = j->nlines;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (j->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = j->first + lo;
	*byte = off - j->start[lo];
}

bool check_block_has_inline(BlockKind k)
{
	return k == BK_TITLE || k == BK_PARAGRAPH || k == BK_LIST_ITEM || k == BK_FIELD ||
	       k == BK_TABLE || k == BK_OTHER;
}

/* ---- the document index: reference target names ------------------------- */

struct CheckIndex {
	char **names;  /* open addressing, NULL = empty */
	size_t cap;    /* power of two */
	size_t n;
	size_t *unit_of_block; /* target block -> unit; set: the index is complete */
	size_t *units;         /* a build under way: unit_of_block being filled */
	bool korean;           /* the target has Hangul somewhere */
	CountMap stems;        /* nouns glued to 하다/되다 in this document */
	CountMap spaced;       /* "A\x02B" of Hangul words A B (B: its first one
	                          and two syllables) */
	CountMap glued;        /* the same keys for words AB written together */
	ConsIndex *cons;       /* consistency: renderings, glosses (lazily) */
	ConsBuild *cons_build; /* then the consistency tables, in slices */
	size_t at_block;       /* a build under way: the next block to index */
	size_t at_line;        /* then the next line to look for Hangul in */
	size_t at_kblock;      /* then the next block for the Korean maps */
	size_t at_ublock;      /* then the next block of units to set to "none" */
	size_t at_unit;        /* then the next unit to write into units */
	size_t at_free;        /* retired (CheckDoc.retired): the next name to free */
	int free_phase;        /* and then the next of the rest (index_free_some) */
};

bool check_doc_indexed(const CheckDoc *d)
{
	return d->index != NULL;
}

/* "A\x02B" in k: buf when it fits (the usual case: no allocation on the
 * key path), else a heap copy (release with key_done). */
typedef struct PairKey {
	char buf[192];
	char *p;
	size_t len;
} PairKey;

static void key_pair(PairKey *k, const char *a, size_t an, const char *b, size_t bn)
{
	k->len = an + 1 + bn;
	k->p = k->len < sizeof(k->buf) ? k->buf : xmalloc(k->len + 1);
	memcpy(k->p, a, an);
	k->p[an] = 2;
	memcpy(k->p + an + 1, b, bn);
	k->p[k->len] = '\0';
}

static void key_done(PairKey *k)
{
	if (k->p != k->buf)
		free(k->p);
}

void check_index_add_token(CheckIndex *x, const char *s, size_t n)
{
	/* splits after 2+ syllables, the rest's first one or two syllables */
	PairKey k;
	for (size_t a = 6; a + 3 <= n; a += 3) {
		key_pair(&k, s, a, s + a, 3);
		countmap_add(&x->glued, k.p, k.len, 1);
		key_done(&k);
		if (a + 6 <= n) {
			key_pair(&k, s, a, s + a, 6);
			countmap_add(&x->glued, k.p, k.len, 1);
			key_done(&k);
		}
	}
}

void check_index_add_pair(CheckIndex *x, const char *a, size_t an, const char *b, size_t bn)
{
	if (an < 6)
		return;
	PairKey k;
	key_pair(&k, a, an, b, MIN(bn, (size_t)3));
	countmap_add(&x->spaced, k.p, k.len, 1);
	key_done(&k);
	if (bn >= 6) {
		key_pair(&k, a, an, b, 6);
		countmap_add(&x->spaced, k.p, k.len, 1);
		key_done(&k);
	}
}

void check_index_add_stem(CheckIndex *x, const char *s, size_t n)
{
	countmap_add(&x->stems, s, n, 1);
}

bool check_index_stem(const CheckIndex *x, const char *s, size_t n)
{
	return countmap_get(&x->stems, s, n) > 0;
}

size_t check_index_spaced(const CheckIndex *x, const char *a, size_t an, const char *b, size_t bn)
{
	PairKey k;
	key_pair(&k, a, an, b, bn);
	size_t c = countmap_get(&x->spaced, k.p, k.len);
	key_done(&k);
	return c;
}

size_t check_index_glued(const CheckIndex *x, const char *a, size_t an, const char *b, size_t bn)
{
	PairKey k;
	key_pair(&k, a, an, b, bn);
	size_t c = countmap_get(&x->glued, k.p, k.len);
	key_done(&k);
	return c;
}

const ConsIndex *check_index_cons(const CheckIndex *x)
{
	return x->cons;
}

bool check_doc_is_korean(const CheckDoc *d)
{
	return d->index->korean;
}

static void index_add(CheckIndex *x, const char *s, size_t n)
{
	Buf b = BUF_INIT;
	check_normalize_name(s, n, &b);
	if (!b.len) {
		buf_release(&b);
		return;
	}
	if ((x->n + 1) * 2 > x->cap) {
		size_t ncap = x->cap ? x->cap * 2 : 64;
		char **nv = xcalloc(ncap, sizeof(char *));
		for (size_t i = 0; i < x->cap; i++) {
			if (!x->names[i])
				continue;
			size_t h = hash_fnv1a(x->names[i], strlen(x->names[i])) & (ncap - 1);
			while (nv[h])
				h = (h + 1) & (ncap - 1);
			nv[h] = x->names[i];
		}
		free(x->names);
		x->names = nv;
		x->cap = ncap;
	}
	size_t h = hash_fnv1a(b.p, b.len) & (x->cap - 1);
	while (x->names[h]) {
		if (strcmp(x->names[h], b.p) == 0) {
			buf_release(&b);
			return;
		}
		h = (h + 1) & (x->cap - 1);
	}
	x->names[h] = buf_detach(&b);
	x->n++;
}

bool check_index_has(const CheckIndex *x, const char *s, size_t n)
{
	if (!x->cap)
		return false;
	Buf b = BUF_INIT;
	check_normalize_name(s, n, &b);
	size_t h = hash_fnv1a(b.p ? b.p : "", b.len) & (x->cap - 1);
	bool found = false;
	while (x->names[h] && !found) {
		found = strcmp(x->names[h], b.p ? b.p : "") == 0;
		h = (h + 1) & (x->cap - 1);
	}
	buf_release(&b);
	return found;
}

/* The text of a title as docutils names it: inline markup removed. */
static void plain_text(const char *s, size_t n, Buf *out)
{
	InlineVec v = {0};
	inline_scan(s, n, &v);
	size_t at = 0;
	for (size_t i = 0; i < v.n; i++) {
		const Inline *in = &v.v[i];
		if (in->unterminated || in->glued_before || in->glued_after)
			continue;
		buf_add(out, s + at, in->start - at);
		Str inner = {s + in->in_start, in->in_end - in->in_start};
		if (in->target.p && in->target.p != inner.p) {
			ptrdiff_t lt = in->target.p - inner.p - 1;
			inner = str_trim(str_slice(inner, 0, lt > 0 ? (size_t)lt : 0));
		}
		buf_addstr(out, inner);
		at = in->end;
	}
	buf_add(out, s + at, n - at);
	VEC_FREE(&v);
	/* Backslash escapes. */
	size_t w = 0;
	for (size_t r = 0; r < out->len; r++) {
		if (out->p[r] == '\\' && r + 1 < out->len) {
			r++;
			if (out->p[r] == ' ')
				continue;
		}
		out->p[w++] = out->p[r];
	}
	out->len = w;
	if (out->p)
		out->p[w] = '\0';
}

static void index_block(CheckIndex *x, const Lines *lines, const Block *b)
{
	if (b->kind == BK_TITLE) {
		Str t = str_trim(lines_get(lines, b->text_line));
		Buf p = BUF_INIT;
		plain_text(t.p, t.n, &p);
		index_add(x, p.p ? p.p : "", p.len);
		buf_release(&p);
		return;
	}
	if (b->kind == BK_TARGET) {
		Str t = str_trim(lines_get(lines, b->first));
		if (!str_starts_with(t, ".. _"))
			return;
		t = str_slice(t, 4, t.n);
		if (t.n && t.p[0] == '`') {
			const char *q = memchr(t.p + 1, '`', t.n - 1);
			if (q)
				index_add(x, t.p + 1, (size_t)(q - t.p - 1));
			return;
		}
		for (size_t i = 0; i < t.n; i++) {
			if (t.p[i] == '\\') {
				i++;
				continue;
			}
			if (t.p[i] == ':') {
				index_add(x, t.p, i);
				return;
			}
		}
		return;
	}
	if (!check_block_has_inline(b->kind))
		return;
	Joined j;
	joined_block(lines, b, &j);
	InlineVec v = {0};
	inline_scan(j.text.p, j.text.len, &v);
	for (size_t i = 0; i < v.n; i++) {
		const Inline *in = &v.v[i];
		if (in->kind == IN_TARGET) {
			index_add(x, j.text.p + in->in_start, in->in_end - in->in_start);
		} else if (in->kind == IN_REFERENCE && !in->anonymous &&
		           in->target.p != j.text.p + in->in_start) {
			/* `text <url>`_ defines the target "text". */
			size_t end = (size_t)(in->target.p - j.text.p) - 1;
			index_add(x, j.text.p + in->in_start, end - in->in_start);
		}
	}
	VEC_FREE(&v);
	joined_release(&j);
}

static void index_free(CheckIndex *x)
{
	if (!x)
		return;
	countmap_release(&x->stems);
	countmap_release(&x->spaced);
	countmap_release(&x->glued);
	cons_index_free(x->cons);
	cons_build_free(x->cons_build);
	for (size_t i = 0; i < x->cap; i++)
		free(x->names[i]);
	free(x->names);
	free(x->unit_of_block);
	free(x->units);
	free(x);
}

/* Free a retired index x further, about max units of work (a free of a
 * name is one, of a map or a large array 1,024: an unmap of its pages);
 * true when x is freed.  At 1M lines the old index was tens of
 * megabytes freed in one call. */
static bool index_free_some(CheckIndex *x, size_t max, size_t *used)
{
	size_t u = 0;
	for (; x->at_free < x->cap && u < max; x->at_free++, u++) {
		free(x->names[x->at_free]);
		x->names[x->at_free] = NULL; /* index_free, if released half way */
	}
	for (; x->at_free == x->cap && x->free_phase < 6 && u < max; x->free_phase++, u += 1024) {
		switch (x->free_phase) {
		case 0: free(x->names); x->names = NULL; x->cap = 0; x->at_free = 0; break;
		case 1: countmap_release(&x->stems); break;
		case 2: countmap_release(&x->spaced); break;
		case 3: countmap_release(&x->glued); break;
		case 4: cons_index_free(x->cons); x->cons = NULL; break;
		default:
			free(x->unit_of_block);
			x->unit_of_block = NULL;
			break;
		}
	}
	*used += u;
	if (x->free_phase < 6)
		return false;
	index_free(x); /* what is left: nothing large (a build's, none) */
	return true;
}

/* Build x further: index blocks, then look for Hangul line by line,
 * until about max_bytes of text were read (at least one block or line;
 * *read: how many); true when x is complete. */
static bool index_build_some(CheckIndex *x, const CheckDoc *d, size_t max_bytes, size_t *read)
{
	size_t used = 0;
	/* allocated first: a large malloc at the end, after the consistency
	 * tables' many small frees, was 0.6-1.2 ms of malloc_consolidate */
	if (!x->units) {
		x->units = xmalloc((d->tb->n ? d->tb->n : 1) * sizeof(size_t));
		/* the maps grow a few keys an add, never all in one slice */
		x->glued.gradual = x->spaced.gradual = x->stems.gradual = true;
	}
	/* what the checks that run read (index_for; NULL: all of it) */
	const bool *on = d->index_for ? d->index_for->on : NULL;
	bool names = !on || on[CK_BROKEN_REFERENCE], kmaps = !on || on[CK_SPACING],
	     cons = !on || on[CK_CONSISTENCY];
	if (!names)
		x->at_block = d->tb->n;
	while (x->at_block < d->tb->n && used < max_bytes) {
		const Block *b = &d->tb->v[x->at_block++];
		for (size_t i = b->first; i <= b->last && i < d->tgt->n; i++)
			used += lines_get(d->tgt, i).n + 1;
		index_block(x, d->tgt, b);
	}
	while (x->at_block == d->tb->n && !x->korean && x->at_line < d->tgt->n &&
	       used < max_bytes) {
		Str l = lines_get(d->tgt, x->at_line++);
		used += l.n + 1;
		for (size_t k = 0; k + 2 < l.n && !x->korean; k++) {
			unsigned char c = (unsigned char)l.p[k];
			/* U+AC00..U+D7A3 start with EA..ED */
			x->korean = c >= 0xea && c <= 0xed && check_cp_at(l.p, l.n, k) >= 0xac00 &&
			            check_cp_at(l.p, l.n, k) <= 0xd7a3;
		}
	}
	if (!kmaps)
		x->at_kblock = d->tb->n;
	while (x->korean && x->at_kblock < d->tb->n && used < max_bytes) {
		const Block *b = &d->tb->v[x->at_kblock++];
		if (!check_block_has_inline(b->kind) || b->kind == BK_TABLE)
			continue;
		Joined j;
		joined_block(d->tgt, b, &j);
		/* five times a byte of the other phases (measured: about 4.5 ms
		 * per 64 KiB at 100k lines, the other phases about 1.5; but with
		 * three, slices of blocks 2,000 and 25,000-26,000 of the 100k
		 * pair took 1.6-2.2 ms once the maps grew gradually) */
		used += 5 * (j.text.len + 1);
		korean_index_block(x, j.text.p, j.text.len);
		joined_release(&j);
	}
	/* the consistency build starts a slice of its own (its first item
	 * after a slice of Hangul maps was one step of 4,393 at a budget of
	 * 2,048); at once (SIZE_MAX) it goes on: one call does it all */
	if (x->at_block < d->tb->n || (!x->korean && x->at_line < d->tgt->n) ||
	    (x->korean && x->at_kblock < d->tb->n) ||
	    (x->korean && cons && !x->cons &&
	     (used >= max_bytes || (!x->cons_build && used && max_bytes != SIZE_MAX)))) {
		*read = used;
		return false;
	}
	if (x->korean && cons && !x->cons) {
		if (!x->cons_build)
			x->cons_build = cons_build_start(d);
		size_t u = 0;
		bool done = cons_build_step(x->cons_build, d, max_bytes - used, &u);
		used += u;
		*read = used;
		if (!done)
			return false;
		x->cons = cons_build_take(x->cons_build);
		x->cons_build = NULL;
	}
	/* the maps' growths under way finished, a slot a unit (lookups on
	 * the key path then read one table) */
	CountMap *maps[] = {&x->glued, &x->spaced, &x->stems};
	bool settled = true;
	for (size_t i = 0; i < ARRAY_LEN(maps); i++)
		settled = countmap_settle_budget(maps[i], &used, max_bytes, 1) && settled;
	if (!settled) {
		*read = used;
		return false;
	}
	/* the units of the blocks, in slices too (one pass over the blocks
	 * and one over the units: 0.3 ms at 100k lines, 3 ms at 1M at once);
	 * a write is a unit of work */
	for (; x->at_ublock < d->tb->n && used < max_bytes; x->at_ublock++, used++)
		x->units[x->at_ublock] = d->al ? d->al->n : x->at_ublock;
	for (; d->al && x->at_ublock == d->tb->n && x->at_unit < d->al->n && used < max_bytes;
	     x->at_unit++) {
		const Segment *g = &d->al->v[x->at_unit];
		for (size_t k = 0; k < g->tgt_n; k++)
			x->units[g->tgt + k] = x->at_unit;
		used += 1 + g->tgt_n;
	}
	*read = used;
	if (x->at_ublock < d->tb->n || (d->al && x->at_unit < d->al->n))
		return false;
	x->unit_of_block = x->units;
	x->units = NULL;
	return true;
}

void check_doc_reindex(CheckDoc *d)
{
	check_doc_reindex_again(d);
	while (check_doc_reindex_step(d, SIZE_MAX))
		;
}

size_t check_doc_reindex_step(CheckDoc *d, size_t max_bytes)
{
	if (d->retired) { /* the index the last build replaced, in slices */
		size_t used = 0;
		if (!index_free_some(d->retired, max_bytes, &used))
			return used ? used : 1;
		d->retired = NULL;
		if (d->placed)
			return 0; /* the build that replaced it is complete */
		/* cancelled since: a build from the start */
		if (max_bytes != SIZE_MAX)
			return used ? used : 1;
	}
	if (!d->building)
		d->building = xcalloc(1, sizeof(*d->building));
	if (!d->building->unit_of_block) { /* not complete yet */
		size_t read = 0;
		bool done = index_build_some(d->building, d, max_bytes, &read);
		/* complete: in place at the next call, the old index freed by
		 * the calls after it (at once it was 0.25 ms at 100k lines) */
		if (!done || max_bytes != SIZE_MAX)
			return read ? read : 1;
	}
	CheckIndex *old = d->index;
	/* the key path reads one table of each map */
	BUG_ON(d->building->glued.okey || d->building->spaced.okey || d->building->stems.okey);
	d->index = d->building;
	d->building = NULL;
	d->placed = true;
	if (!old)
		return 0;
	if (max_bytes == SIZE_MAX) {
		index_free(old);
		return 0;
	}
	d->retired = old; /* freed by the next calls */
	return 1;
}

void check_doc_reindex_cancel(CheckDoc *d)
{
	index_free(d->building);
	d->building = NULL;
}

void check_doc_reindex_again(CheckDoc *d)
{
	check_doc_reindex_cancel(d);
	d->placed = false;
}

void check_doc_init(CheckDoc *d, const Lines *tgt, const RstDoc *tb, const Lines *src,
                    const RstDoc *sb, const Alignment *al, Glossary *gl)
{
	BUG_ON(!tgt || !tb);
	BUG_ON((src == NULL) != (sb == NULL) || (src == NULL) != (al == NULL));
	*d = (CheckDoc){.tgt = tgt, .tb = tb, .src = src, .sb = sb, .al = al, .glossary = gl};
	check_doc_reindex(d);
}

void check_doc_init_unindexed(CheckDoc *d, const Lines *tgt, const RstDoc *tb, const Lines *src,
                              const RstDoc *sb, const Alignment *al, Glossary *gl)
{
	BUG_ON(!tgt || !tb);
	BUG_ON((src == NULL) != (sb == NULL) || (src == NULL) != (al == NULL));
	*d = (CheckDoc){.tgt = tgt, .tb = tb, .src = src, .sb = sb, .al = al, .glossary = gl};
}

void check_doc_release(CheckDoc *d)
{
	index_free(d->index);
	d->index = NULL;
	index_free(d->retired);
	d->retired = NULL;
	check_doc_reindex_cancel(d);
}

/* ---- units --------------------------------------------------------------- */

size_t check_unit_count(const CheckDoc *d)
{
	return d->al ? d->al->n : d->tb->n;
}

size_t check_unit_of_line(const CheckDoc *d, size_t line)
{
	size_t lo = 0, hi = d->tb->n;
	/* Innermost block holding the line: blocks are in line order and do
	 * not overlap, so the last block starting at or before it. */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (d->tb->v[mid].first <= line)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || d->tb->v[lo - 1].last < line)
		return check_unit_count(d);
	return d->index->unit_of_block[lo - 1];
}

bool check_compares_source(const CheckDoc *d)
{
	return d->src && !(d->stale && d->stale->unrelated);
}

static Unit unit_make(const CheckDoc *d, size_t i, ColMemo *memo, const CheckSet *set)
{
	Unit u = {d, i, 0, 0, 0, 0, memo, set};
	if (d->al) {
		const Segment *s = &d->al->v[i];
		u.tgt = s->tgt;
		u.tgt_n = s->tgt_n;
		if (check_compares_source(d)) {
			u.src = s->src;
			u.src_n = s->src_n;
		}
	} else {
		u.tgt = i;
		u.tgt_n = 1;
	}
	return u;
}

size_t check_unit(const CheckDoc *d, const CheckSet *set, size_t unit, FindingVec *out)
{
	BUG_ON(unit >= check_unit_count(d));
	BUG_ON(!d->index);
	ColMemo memo = {0, 0, 0};
	Unit u = unit_make(d, unit, &memo, set);
	size_t before = out->n;
	for (size_t i = 0; i < CK_COUNT; i++) {
		bool on = set->on[i] ||
		          (i == CK_STYLE && (set->on[CK_SPACING] || set->on[CK_PUNCTUATION]));
		CheckFn fn = check_fn(d, i);
		if (!on || !fn)
			continue;
		if (table[i].info.needs_source && !check_compares_source(d) &&
		    !(i == CK_SOURCE_STALE && d->src))
			continue;
		fn(&u, out);
	}
	check_stale_filter(&u, out, before);
	check_host_map(d, out, before);
	check_py_comments(d, set, unit, out);
	findings_merge(out, before);
	return out->n - before;
}

bool check_runs_on_lines(CheckId id)
{
	/* those that read the English; the glossary and consistency report a
	 * term once per block; py-structure is about the cells around */
	return !table[id].info.needs_source && id != CK_GLOSSARY && id != CK_CONSISTENCY &&
	       id != CK_PY_STRUCTURE;
}

bool check_unit_lines(const CheckDoc *d, const CheckSet *set, size_t unit, size_t first,
                      size_t last, FindingVec *out)
{
	BUG_ON(unit >= check_unit_count(d));
	BUG_ON(!d->index);
	size_t b0 = d->al ? d->al->v[unit].tgt : unit, bn = d->al ? d->al->v[unit].tgt_n : 1;
	const Block *b = NULL;
	for (size_t i = b0; i < b0 + bn && i < d->tb->n; i++)
		if (d->tb->v[i].first <= first && first <= d->tb->v[i].last)
			b = &d->tb->v[i];
	if (!b || b->kind != BK_PARAGRAPH || last > b->last || first > last)
		return false;
	/* the lines as a block of their own: a paragraph starting at the text
	 * of its first line */
	Block w = *b;
	w.first = w.text_line = (uint32_t)first; /* lines of b: 32-bit */
	w.last = (uint32_t)last;
	if (first != b->first) {
		Str l = lines_get(d->tgt, first);
		w.first_off = 0;
		while (w.first_off < l.n && (l.p[w.first_off] == ' ' || l.p[w.first_off] == '\t'))
			w.first_off++;
	}
	w.parent = -1;
	RstDoc one = {&w, 1, 1};
	CheckDoc wd = *d;
	wd.tb = &one;
	wd.src = NULL;
	wd.sb = NULL;
	wd.al = NULL;
	wd.src_host = NULL;
	wd.building = NULL;
	ColMemo memo = {0, 0, 0};
	Unit u = unit_make(&wd, 0, &memo, set);
	u.index = unit;
	size_t before = out->n;
	for (size_t i = 0; i < CK_COUNT; i++) {
		bool on = set->on[i] ||
		          (i == CK_STYLE && (set->on[CK_SPACING] || set->on[CK_PUNCTUATION]));
		CheckFn fn = check_fn(&wd, i);
		if (!on || !fn || !check_runs_on_lines((CheckId)i))
			continue;
		fn(&u, out);
	}
	check_host_map(&wd, out, before);
	findings_merge(out, before);
	return true;
}

/* Whitespace on lines [from, to) outside every block (blank lines with
 * spaces). */
static void whitespace_between(const CheckDoc *d, size_t from, size_t to, FindingVec *out)
{
	ColMemo memo = {0, 0, 0};
	Unit u = {d, check_unit_count(d), 0, 0, 0, 0, &memo, NULL};
	size_t lo = 0, hi = d->tb->n; /* the first block that ends at or after from */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (d->tb->v[mid].last < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t b = lo, first = out->n;
	for (size_t line = from; line < to && line < d->tgt->n; line++) {
		while (b < d->tb->n && d->tb->v[b].last < line)
			b++;
		if (b < d->tb->n && d->tb->v[b].first <= line)
			continue;
		Str s = lines_get(d->tgt, line);
		if (!s.n || str_trim(s).n)
			continue;
		Finding *f = finding_add(&u, out, CK_WHITESPACE, SEV_INFO, line, 0,
		                         "blank line with %zu trailing whitespace character%s",
		                         s.n, s.n == 1 ? "" : "s");
		finding_set_fix(f, line, 0, s.n, "");
	}
	check_host_map(d, out, first);
}

size_t check_document(const CheckDoc *d, const CheckSet *set, FindingVec *out)
{
	size_t before = out->n;
	size_t n = check_unit_count(d);
	for (size_t i = 0; i < n; i++)
		check_unit(d, set, i, out);
	if (set->on[CK_WHITESPACE])
		whitespace_between(d, 0, d->tgt->n, out);
	findings_merge(out, before);
	return out->n - before;
}

void check_between_blocks(const CheckDoc *d, const CheckSet *set, size_t from, size_t to,
                          FindingVec *out)
{
	if (set->on[CK_WHITESPACE])
		whitespace_between(d, from, to, out);
}

bool check_skipped_without_source(const CheckSet *set, Buf *out)
{
	bool any = false;
	for (size_t i = 0; i < CK_COUNT; i++) {
		bool partly = i == CK_GLOSSARY || i == CK_WHITESPACE;
		if (!set->on[i] || !(table[i].info.needs_source || partly))
			continue;
		buf_addf(out, "%s%s%s", any ? ", " : "", table[i].info.id,
		         partly ? " (in part)" : "");
		any = true;
	}
	return any;
}

/* ---- output -------------------------------------------------------------- */

bool check_format_parse(const char *name, CheckFormat *out)
{
	static const char *const names[] = {"text", "json", "github"};
	for (size_t i = 0; i < ARRAY_LEN(names); i++) {
		if (strcmp(name, names[i]) == 0) {
			*out = (CheckFormat)i;
			return true;
		}
	}
	return false;
}

/* GitHub workflow command escaping (data; properties also escape : and ,). */
static void add_gh(Buf *out, const char *s, bool property)
{
	Buf safe = BUF_INIT;
	text_sanitize(s, strlen(s), &safe);
	for (size_t i = 0; i < safe.len; i++) {
		char c = safe.p[i];
		if (c == '%')
			buf_adds(out, "%25");
		else if (c == '\r')
			buf_adds(out, "%0D");
		else if (c == '\n')
			buf_adds(out, "%0A");
		else if (property && c == ':')
			buf_adds(out, "%3A");
		else if (property && c == ',')
			buf_adds(out, "%2C");
		else
			buf_addc(out, c);
	}
	buf_release(&safe);
}

void check_format_finding(const char *file, const Finding *f, CheckFormat fmt, bool first,
                          Buf *out)
{
	const char *id = table[f->check].info.id;
	switch (fmt) {
	case CF_TEXT: {
		/* one line per finding: a name or a message holding a line feed
		 * cannot forge another (text_sanitize_line) */
		text_sanitize_line(file, strlen(file), out);
		buf_addf(out, ":%zu:%zu: %s: ", f->line + 1, f->col, check_severity_name(f->sev));
		text_sanitize_line(f->message, strlen(f->message), out);
		buf_addf(out, " [%s]\n", id);
		break;
	}
	case CF_JSON:
		buf_adds(out, first ? "  " : ",\n  ");
		buf_adds(out, "{\"file\": ");
		buf_add_json_str(out, str_from(file));
		buf_addf(out, ", \"line\": %zu, \"column\": %zu, \"severity\": \"%s\", \"check\": \"%s\", "
		              "\"message\": ", f->line + 1, f->col, check_severity_name(f->sev), id);
		buf_add_json_str(out, str_from(f->message));
		buf_adds(out, ", \"suggestion\": ");
		if (f->suggestion)
			buf_add_json_str(out, str_from(f->suggestion));
		else
			buf_adds(out, "null");
		buf_adds(out, "}");
		break;
	case CF_GITHUB:
		buf_addf(out, "::%s file=", f->sev == SEV_ERROR ? "error" :
		                             f->sev == SEV_WARNING ? "warning" : "notice");
		add_gh(out, file, true);
		buf_addf(out, ",line=%zu", f->line + 1);
		if (f->last > f->line) /* the lines it is about, as GitHub marks them */
			buf_addf(out, ",endLine=%zu", f->last + 1);
		buf_addf(out, ",col=%zu,title=%s::", f->col, id);
		add_gh(out, f->message, false);
		buf_addc(out, '\n');
		break;
	}
}
