/* TMX 1.4: export, a small strict parser (no DTD, no entities beyond
 * XML's five and character references), import. */
#include <errno.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "tm-private.h"
#include "yeok/text.h"

/* ---- export ----------------------------------------------------------------- */

static void xml_escape(Buf *b, const char *s, bool attr)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': buf_adds(b, "&amp;"); break;
		case '<': buf_adds(b, "&lt;"); break;
		case '>': buf_adds(b, "&gt;"); break;
		case '"': buf_adds(b, attr ? "&quot;" : "\""); break;
		case '\r': buf_adds(b, "&#13;"); break;
		case '\t': buf_adds(b, attr ? "&#9;" : "\t"); break;
		case '\n': buf_adds(b, attr ? "&#10;" : "\n"); break;
		default: buf_addc(b, *s);
		}
	}
}

static void tmx_date(Buf *b, long long t)
{
	time_t tt = (time_t)t;
	struct tm g;
	if (!gmtime_r(&tt, &g))
		return;
	buf_addf(b, "%04d%02d%02dT%02d%02d%02dZ", g.tm_year + 1900, g.tm_mon + 1, g.tm_mday,
	         g.tm_hour, g.tm_min, g.tm_sec);
}

static void prop(Buf *b, const char *type, const char *v)
{
	if (!v || !*v)
		return;
	buf_addf(b, "      <prop type=\"%s\">", type);
	xml_escape(b, v, false);
	buf_adds(b, "</prop>\n");
}

static void tuv(Buf *b, const char *lang, const char *text)
{
	buf_addf(b, "      <tuv xml:lang=\"%s\">\n        <seg>", lang);
	xml_escape(b, text, false);
	buf_adds(b, "</seg>\n      </tuv>\n");
}

bool tm_export_tmx(Tm *tm, const char *path, size_t *n, Err *e)
{
	*n = 0;
	Buf b = BUF_INIT;
	buf_adds(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	             "<!DOCTYPE tmx SYSTEM \"tmx14.dtd\">\n"
	             "<tmx version=\"1.4\">\n"
	             "  <header creationtool=\"yeok\" creationtoolversion=\"" YEOK_VERSION "\""
	             " datatype=\"plaintext\" segtype=\"paragraph\" adminlang=\"en\""
	             " srclang=\"en\" o-tmf=\"yeok\"/>\n"
	             "  <body>\n");
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_prepare_v2(tm->db,
	                            "SELECT en, ko, file, line, kind, commit_id, author, date "
	                            "FROM seg ORDER BY id",
	                            -1, &st, NULL);
	if (rc == SQLITE_OK)
		rc = SQLITE_ROW;
	while (rc == SQLITE_ROW && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *c[8];
		for (int i = 0; i < 8; i++) {
			c[i] = (const char *)sqlite3_column_text(st, i);
			if (!c[i])
				c[i] = "";
		}
		/* Only text XML can hold (the build and import never store other). */
		if (!tm_text_storable(c[0], strlen(c[0])) || !tm_text_storable(c[1], strlen(c[1])))
			continue;
		buf_adds(&b, "    <tu");
		if (*c[6] && tm_text_storable(c[6], strlen(c[6]))) {
			buf_adds(&b, " creationid=\"");
			xml_escape(&b, c[6], true);
			buf_addc(&b, '"');
		}
		long long date = sqlite3_column_int64(st, 7);
		if (date > 0) {
			buf_adds(&b, " creationdate=\"");
			tmx_date(&b, date);
			buf_addc(&b, '"');
		}
		buf_adds(&b, ">\n");
		if (tm_text_storable(c[2], strlen(c[2])))
			prop(&b, "x-file", c[2]);
		long line = (long)sqlite3_column_int64(st, 3);
		if (line > 0) {
			char lb[24];
			snprintf(lb, sizeof(lb), "%ld", line);
			prop(&b, "x-line", lb);
		}
		prop(&b, "x-commit", c[5]);
		if (tm_text_storable(c[4], strlen(c[4])))
			prop(&b, "x-kind", c[4]);
		tuv(&b, "en", c[0]);
		tuv(&b, "ko", c[1]);
		buf_adds(&b, "    </tu>\n");
		(*n)++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE) {
		buf_release(&b);
		return tm_sql_err(tm, rc, "export", e);
	}
	buf_adds(&b, "  </body>\n</tmx>\n");
	bool ok = file_write_atomic(path, b.p, b.len, e);
	buf_release(&b);
	return ok;
}

/* ---- the parser ------------------------------------------------------------ */

typedef struct Attr {
	Str name;
	Buf value; /* decoded */
} Attr;

typedef struct Px {
	const char *s;
	size_t n, i;
	const char *name;
	Err *e;
	bool failed;
	/* element stack */
	Str stack[TM_TMX_MAX_DEPTH];
	int depth;
	Attr attrs[16];
	int nattrs;
	/* the unit being read */
	char *srclang;
	bool in_tu, in_tuv, in_seg, in_prop;
	int seg_depth;            /* depth of <seg> */
	Buf text;                 /* the seg or prop text being collected */
	bool text_over;           /* it grew past its cap */
	char *lang;               /* of the current tuv */
	char *prop_type;
	VEC(char *) langs;        /* tuvs of the unit: lang, text pairs */
	VEC(char *) texts;
	char *file, *commit, *author, *kind;
	long line;
	long long date;
	bool (*unit)(const TmxUnit *u, void *ctx);
	void *ctx;
	bool stopped;
} Px;

static size_t line_of(const Px *x, size_t at)
{
	size_t line = 1;
	for (size_t i = 0; i < at && i < x->n; i++)
		line += x->s[i] == '\n';
	return line;
}

static bool fail(Px *x, const char *fmt, ...) PRINTF_LIKE(2, 3);
static bool fail(Px *x, const char *fmt, ...)
{
	if (x->failed)
		return false;
	x->failed = true;
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	err_set(x->e, EXIT_DATAERR, "%s:%zu: %s", x->name, line_of(x, x->i), msg);
	free(msg);
	return false;
}

static bool at(const Px *x, const char *lit)
{
	size_t l = strlen(lit);
	return x->n - x->i >= l && !memcmp(x->s + x->i, lit, l);
}

static bool name_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || c >= 0x80;
}

static bool name_char(unsigned char c)
{
	return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static bool is_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_ws(Px *x)
{
	while (x->i < x->n && is_ws(x->s[x->i]))
		x->i++;
}

static bool read_name(Px *x, Str *out)
{
	size_t st = x->i;
	if (x->i >= x->n || !name_start((unsigned char)x->s[x->i]))
		return fail(x, "expected a name");
	while (x->i < x->n && name_char((unsigned char)x->s[x->i]))
		x->i++;
	*out = (Str){x->s + st, x->i - st};
	return true;
}

/* Is cp a character XML 1.0 allows? */
static bool xml_char(int32_t cp)
{
	return cp == 0x9 || cp == 0xa || cp == 0xd || (cp >= 0x20 && cp <= 0xd7ff) ||
	       (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

/* A reference at x->i ('&'): one of XML's five entities or a character
 * reference, decoded into out.  Nothing else is expanded. */
static bool reference(Px *x, Buf *out)
{
	static const struct {
		const char *name;
		char c;
	} ents[] = {{"lt;", '<'}, {"gt;", '>'}, {"amp;", '&'}, {"quot;", '"'}, {"apos;", '\''}};
	x->i++;
	for (size_t k = 0; k < ARRAY_LEN(ents); k++)
		if (at(x, ents[k].name)) {
			buf_addc(out, ents[k].c);
			x->i += strlen(ents[k].name);
			return true;
		}
	if (x->i < x->n && x->s[x->i] == '#') {
		x->i++;
		int base = 10;
		if (x->i < x->n && x->s[x->i] == 'x') {
			base = 16;
			x->i++;
		}
		int32_t cp = 0;
		size_t digits = 0;
		while (x->i < x->n && x->s[x->i] != ';' && digits < 8) {
			char c = x->s[x->i];
			int v = c >= '0' && c <= '9'                  ? c - '0'
			        : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10
			        : base == 16 && c >= 'A' && c <= 'F' ? c - 'A' + 10
			                                             : -1;
			if (v < 0 || cp > 0x10FFFF) /* (beyond Unicode: no overflow either) */
				return fail(x, "bad character reference");
			cp = cp * base + v;
			x->i++;
			digits++;
		}
		if (!digits || x->i >= x->n || x->s[x->i] != ';' || !xml_char(cp))
			return fail(x, "bad character reference");
		x->i++;
		text_encode(out, cp);
		return true;
	}
	return fail(x, "unknown entity (only &lt; &gt; &amp; &quot; &apos; and &#N; are read; "
	               "entities are never expanded)");
}

/* Text up to the next '<' (references decoded) into out (capped at cap
 * bytes; *over set when it did not fit). */
static bool char_data(Px *x, Buf *out, size_t cap, bool *over)
{
	while (x->i < x->n && x->s[x->i] != '<') {
		char c = x->s[x->i];
		Buf tmp = BUF_INIT;
		if (c == '&') {
			if (!reference(x, &tmp)) {
				buf_release(&tmp);
				return false;
			}
		} else {
			/* copy a run of plain bytes */
			size_t st = x->i;
			while (x->i < x->n && x->s[x->i] != '<' && x->s[x->i] != '&')
				x->i++;
			if (out) {
				if (out->len + (x->i - st) > cap)
					*over = true;
				else
					buf_add(out, x->s + st, x->i - st);
			}
			continue;
		}
		if (out) {
			if (out->len + tmp.len > cap)
				*over = true;
			else
				buf_add(out, tmp.p, tmp.len);
		}
		buf_release(&tmp);
	}
	return true;
}

static void attrs_clear(Px *x)
{
	for (int i = 0; i < x->nattrs; i++)
		buf_release(&x->attrs[i].value);
	x->nattrs = 0;
}

static const char *attr(const Px *x, const char *name)
{
	for (int i = 0; i < x->nattrs; i++)
		if (str_eq_cstr(x->attrs[i].name, name))
			return x->attrs[i].value.p ? x->attrs[i].value.p : "";
	return NULL;
}

/* Attributes of a start tag, up to '>' or '/>'. */
static bool read_attrs(Px *x, bool *empty)
{
	attrs_clear(x);
	*empty = false;
	for (;;) {
		size_t before = x->i;
		skip_ws(x);
		if (x->i >= x->n)
			return fail(x, "unterminated tag");
		if (x->s[x->i] == '>') {
			x->i++;
			return true;
		}
		if (at(x, "/>")) {
			x->i += 2;
			*empty = true;
			return true;
		}
		if (x->i == before)
			return fail(x, "expected a space between attributes");
		Str name;
		if (!read_name(x, &name))
			return false;
		skip_ws(x);
		if (x->i >= x->n || x->s[x->i] != '=')
			return fail(x, "expected '=' after an attribute name");
		x->i++;
		skip_ws(x);
		if (x->i >= x->n || (x->s[x->i] != '"' && x->s[x->i] != '\''))
			return fail(x, "expected a quoted attribute value");
		char q = x->s[x->i++];
		Buf v = BUF_INIT;
		while (x->i < x->n && x->s[x->i] != q) {
			char c = x->s[x->i];
			if (c == '<') {
				buf_release(&v);
				return fail(x, "'<' in an attribute value");
			}
			if (c == '&') {
				if (!reference(x, &v)) {
					buf_release(&v);
					return false;
				}
				continue;
			}
			if (v.len < 4096)
				buf_addc(&v, (c == '\t' || c == '\n' || c == '\r') ? ' ' : c);
			x->i++;
		}
		if (x->i >= x->n) {
			buf_release(&v);
			return fail(x, "unterminated attribute value");
		}
		x->i++;
		if (x->nattrs == (int)ARRAY_LEN(x->attrs)) {
			buf_release(&v);
			return fail(x, "too many attributes");
		}
		x->attrs[x->nattrs++] = (Attr){name, v};
	}
}

/* Skip a comment, a processing instruction or a CDATA section's markup
 * (CDATA text goes to out). */
static bool skip_until(Px *x, const char *end, Buf *out, size_t cap, bool *over)
{
	size_t l = strlen(end);
	size_t st = x->i;
	while (x->i + l <= x->n && memcmp(x->s + x->i, end, l) != 0)
		x->i++;
	if (x->i + l > x->n)
		return fail(x, "unterminated '%s'", end);
	if (out) {
		if (out->len + (x->i - st) > cap)
			*over = true;
		else
			buf_add(out, x->s + st, x->i - st);
	}
	x->i += l;
	return true;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* 20240131T120000Z → seconds since the epoch (0 when malformed). */
static long long parse_tmx_date(const char *s)
{
	if (!s || strlen(s) != 16 || s[8] != 'T' || s[15] != 'Z')
		return 0;
	int v[6];
	const int pos[6] = {0, 4, 6, 9, 11, 13}, len[6] = {4, 2, 2, 2, 2, 2};
	for (int k = 0; k < 6; k++) {
		v[k] = 0;
		for (int j = 0; j < len[k]; j++) {
			char c = s[pos[k] + j];
			if (c < '0' || c > '9')
				return 0;
			v[k] = v[k] * 10 + (c - '0');
		}
	}
	if (v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > 31 || v[3] > 23 || v[4] > 59 || v[5] > 60)
		return 0;
	/* days from civil (Howard Hinnant's algorithm) */
	long long y = v[0] - (v[1] <= 2);
	long long era = (y >= 0 ? y : y - 399) / 400;
	long long yoe = y - era * 400;
	long long mp = (v[1] + 9) % 12;
	long long doy = (153 * mp + 2) / 5 + v[2] - 1;
	long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	long long days = era * 146097 + doe - 719468;
	return days * 86400 + v[3] * 3600 + v[4] * 60 + v[5];
}

static bool lang_is(const char *lang, const char *want)
{
	size_t l = strlen(want);
	return lang && !strncasecmp(lang, want, l) && (lang[l] == '\0' || lang[l] == '-' ||
	                                               lang[l] == '_');
}

static void unit_reset(Px *x)
{
	for (size_t i = 0; i < x->langs.n; i++) {
		free(x->langs.v[i]);
		free(x->texts.v[i]);
	}
	x->langs.n = x->texts.n = 0;
	free(x->file);
	free(x->commit);
	free(x->author);
	free(x->kind);
	x->file = x->commit = x->author = x->kind = NULL;
	x->line = 0;
	x->date = 0;
}

static void unit_end(Px *x)
{
	const char *en = NULL, *ko = NULL;
	bool src_en = x->srclang && lang_is(x->srclang, "en");
	for (size_t i = 0; i < x->langs.n; i++) {
		const char *l = x->langs.v[i];
		if (!en && (src_en ? !strcasecmp(l, x->srclang) : lang_is(l, "en")))
			en = x->texts.v[i];
		if (!ko && lang_is(l, "ko"))
			ko = x->texts.v[i];
	}
	if (!en && src_en)
		for (size_t i = 0; i < x->langs.n && !en; i++)
			if (lang_is(x->langs.v[i], "en"))
				en = x->texts.v[i];
	TmxUnit u = {en, ko, x->file, x->commit, x->author, x->kind, x->line, x->date};
	if (!x->unit(&u, x->ctx))
		x->stopped = true;
	unit_reset(x);
}

static bool start_tag(Px *x, Str name, bool empty)
{
	if (x->in_seg) {
		/* inline codes inside a segment: their text is kept */
		return true;
	}
	if (str_eq_cstr(name, "header")) {
		free(x->srclang);
		x->srclang = dup_or_null(attr(x, "srclang"));
	} else if (str_eq_cstr(name, "tu")) {
		unit_reset(x);
		x->in_tu = !empty;
		const char *who = attr(x, "changeid") ? attr(x, "changeid") : attr(x, "creationid");
		const char *when = attr(x, "changedate") ? attr(x, "changedate")
		                                         : attr(x, "creationdate");
		x->author = dup_or_null(who);
		x->date = parse_tmx_date(when);
		if (empty)
			unit_end(x);
	} else if (str_eq_cstr(name, "tuv") && x->in_tu) {
		free(x->lang);
		const char *l = attr(x, "xml:lang") ? attr(x, "xml:lang") : attr(x, "lang");
		x->lang = xstrdup(l ? l : "");
		x->in_tuv = !empty;
	} else if (str_eq_cstr(name, "seg") && x->in_tuv && !empty) {
		x->in_seg = true;
		x->seg_depth = x->depth;
		buf_clear(&x->text);
		x->text_over = false;
	} else if (str_eq_cstr(name, "prop") && x->in_tu && !x->in_tuv && !empty) {
		x->in_prop = true;
		free(x->prop_type);
		x->prop_type = dup_or_null(attr(x, "type"));
		buf_clear(&x->text);
		x->text_over = false;
	}
	return true;
}

static void end_tag(Px *x, Str name)
{
	if (x->in_seg) {
		if (x->depth == x->seg_depth && str_eq_cstr(name, "seg")) {
			x->in_seg = false;
			VEC_PUSH(&x->langs, xstrdup(x->lang ? x->lang : ""));
			VEC_PUSH(&x->texts, x->text_over ? xstrdup("") : xstrdup(x->text.p ? x->text.p : ""));
			if (x->text_over) /* too long: the tuv counts as missing */
				x->langs.v[x->langs.n - 1][0] = '\0';
		}
		return;
	}
	if (str_eq_cstr(name, "prop") && x->in_prop) {
		x->in_prop = false;
		const char *t = x->prop_type ? x->prop_type : "";
		if (!strncmp(t, "x-", 2))
			t += 2;
		const char *v = x->text.p ? x->text.p : "";
		if (x->text_over)
			return;
		char **slot = !strcmp(t, "file")     ? &x->file
		              : !strcmp(t, "commit") ? &x->commit
		              : !strcmp(t, "kind")   ? &x->kind
		                                     : NULL;
		if (slot) {
			free(*slot);
			*slot = xstrdup(v);
		} else if (!strcmp(t, "line")) {
			long l = 0;
			x->line = parse_long(v, 0, 100000000L, &l) ? l : 0;
		}
	} else if (str_eq_cstr(name, "tuv")) {
		x->in_tuv = false;
	} else if (str_eq_cstr(name, "tu") && x->in_tu) {
		x->in_tu = false;
		unit_end(x);
	}
}

/* Character data at x->i: collected in a <seg> or <prop>; outside the
 * root element only white space. */
static bool text_at(Px *x)
{
	bool over = false;
	bool collect = x->in_seg || x->in_prop;
	size_t cap = x->in_seg ? TM_MAX_SEG_BYTES : 4096;
	size_t st = x->i;
	if (!char_data(x, collect ? &x->text : NULL, cap, &over))
		return false;
	x->text_over |= over;
	if (x->depth == 0) {
		for (size_t k = st; k < x->i; k++)
			if (!is_ws(x->s[k]))
				return fail(x, "text outside the root element");
	}
	return true;
}

/* A DOCTYPE after "<!DOCTYPE": an external DTD is named, never read; an
 * internal subset (where entities are declared) is refused. */
static bool doctype_at(Px *x)
{
	char q = 0;
	while (x->i < x->n && (q || x->s[x->i] != '>')) {
		char c = x->s[x->i];
		if (q && c == q)
			q = 0;
		else if (!q && (c == '"' || c == '\''))
			q = c;
		else if (!q && c == '[')
			return fail(x, "a DOCTYPE with an internal subset is refused "
			               "(entities are never expanded)");
		x->i++;
	}
	if (x->i >= x->n)
		return fail(x, "unterminated DOCTYPE");
	x->i++;
	return true;
}

/* Where the parse is in the document's one root element. */
typedef struct Root {
	bool seen, closed;
} Root;

/* An end tag after "</". */
static bool end_tag_at(Px *x, Root *root)
{
	Str name;
	if (!read_name(x, &name))
		return false;
	skip_ws(x);
	if (x->i >= x->n || x->s[x->i] != '>')
		return fail(x, "expected '>'");
	x->i++;
	if (x->depth == 0 || !str_eq(x->stack[x->depth - 1], name))
		return fail(x, "end tag </%.*s> does not match", (int)MIN(name.n, 40), name.p);
	end_tag(x, name);
	x->depth--;
	if (x->depth == 0)
		root->closed = true;
	return true;
}

/* A start tag after "<" (or an empty element). */
static bool start_tag_at(Px *x, Root *root)
{
	Str name;
	bool empty;
	if (!read_name(x, &name) || !read_attrs(x, &empty))
		return false;
	if (x->depth == 0) {
		if (root->seen)
			return fail(x, "a second root element");
		if (!str_eq_cstr(name, "tmx"))
			return fail(x, "not a TMX file (the root element is not <tmx>)");
		root->seen = true;
	}
	if (x->depth == TM_TMX_MAX_DEPTH)
		return fail(x, "nested deeper than %d elements", TM_TMX_MAX_DEPTH);
	x->stack[x->depth++] = name;
	if (!start_tag(x, name, empty))
		return false;
	if (empty) {
		end_tag(x, name);
		x->depth--;
		if (x->depth == 0)
			root->closed = true;
	}
	return true;
}

/* One piece of markup at x->i (a '<'). */
static bool markup_at(Px *x, Root *root)
{
	if (at(x, "<!--")) {
		x->i += 4;
		return skip_until(x, "-->", NULL, 0, NULL);
	}
	if (at(x, "<![CDATA[")) {
		if (x->depth == 0)
			return fail(x, "CDATA outside the root element");
		x->i += 9;
		bool over = false;
		bool collect = x->in_seg || x->in_prop;
		if (!skip_until(x, "]]>", collect ? &x->text : NULL, x->in_seg ? TM_MAX_SEG_BYTES : 4096,
		                &over))
			return false;
		x->text_over |= over;
		return true;
	}
	if (at(x, "<!DOCTYPE")) {
		if (root->seen)
			return fail(x, "DOCTYPE after the root element");
		x->i += 9;
		return doctype_at(x);
	}
	if (at(x, "<!"))
		return fail(x, "markup declarations are not allowed");
	if (at(x, "<?")) {
		x->i += 2;
		return skip_until(x, "?>", NULL, 0, NULL);
	}
	if (at(x, "</")) {
		x->i += 2;
		return end_tag_at(x, root);
	}
	x->i++;
	return start_tag_at(x, root);
}

static bool parse_body(Px *x)
{
	Root root = {false, false};
	while (!x->failed && !x->stopped && x->i < x->n) {
		bool ok = x->s[x->i] != '<' ? text_at(x) : markup_at(x, &root);
		if (!ok)
			return false;
	}
	if (x->failed || x->stopped)
		return !x->failed;
	if (!root.seen)
		return fail(x, "not a TMX file (no <tmx> element)");
	if (!root.closed || x->depth)
		return fail(x, "unexpected end of file inside <%.*s>",
		            (int)MIN(x->stack[x->depth ? x->depth - 1 : 0].n, 40),
		            x->stack[x->depth ? x->depth - 1 : 0].p);
	return true;
}

bool tm_tmx_parse(const char *data, size_t n, const char *name,
                  bool (*unit)(const TmxUnit *u, void *ctx), void *ctx, Err *e)
{
	Px x;
	memset(&x, 0, sizeof(x));
	x.s = data;
	x.n = n;
	x.name = name;
	x.e = e;
	x.unit = unit;
	x.ctx = ctx;
	if (n > TM_TMX_MAX_BYTES)
		return fail(&x, "larger than %u MiB", TM_TMX_MAX_BYTES >> 20);
	if (n >= 2 && ((unsigned char)data[0] == 0xff || (unsigned char)data[0] == 0xfe))
		return fail(&x, "not UTF-8 (UTF-16 is not read; save the file as UTF-8)");
	if (n >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		x.i = 3;
	if (!text_valid(data, n)) {
		size_t bad = 0;
		while (bad < n) {
			int32_t cp;
			size_t l = text_decode(data + bad, n - bad, &cp);
			if (cp < 0)
				break;
			bad += l;
		}
		x.i = bad;
		return fail(&x, "invalid UTF-8");
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)data[i];
		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
			x.i = i;
			return fail(&x, "a control character XML does not allow");
		}
	}
	if (at(&x, "<?xml")) {
		size_t st = x.i;
		x.i += 5;
		if (!skip_until(&x, "?>", NULL, 0, NULL))
			return false;
		Str decl = {data + st, x.i - st};
		ptrdiff_t enc = str_find(decl, STR_LIT("encoding"));
		if (enc >= 0) {
			Str rest = str_slice(decl, (size_t)enc + 8, decl.n);
			size_t k = 0;
			while (k < rest.n && (rest.p[k] == ' ' || rest.p[k] == '=' || rest.p[k] == '"' ||
			                      rest.p[k] == '\''))
				k++;
			if (rest.n - k < 5 || strncasecmp(rest.p + k, "utf-8", 5) ||
			    (rest.n - k > 5 && rest.p[k + 5] != '"' && rest.p[k + 5] != '\''))
				return fail(&x, "not UTF-8 (the XML declaration names another encoding)");
		}
	}
	bool ok = parse_body(&x);
	attrs_clear(&x);
	unit_reset(&x);
	VEC_FREE(&x.langs);
	VEC_FREE(&x.texts);
	buf_release(&x.text);
	free(x.srclang);
	free(x.lang);
	free(x.prop_type);
	return ok;
}

/* ---- import ---------------------------------------------------------------- */

typedef struct ImportCtx {
	Tm *tm;
	TmWords *words; /* df counts, written at the end */
	TmImportStats *st;
	Err *e;
	bool failed;
} ImportCtx;

static bool is_duplicate(Tm *tm, const char *en, const char *ko, const char *file, long line,
                         bool *dup, Err *e)
{
	*dup = false;
	Buf key = BUF_INIT;
	tm_key(en, strlen(en), &key);
	sqlite3_stmt *st = tm_stmt(tm, Q_DUP, e);
	int rc = SQLITE_OK;
	if (!st) {
		buf_release(&key);
		return false;
	}
	sqlite3_bind_int64(st, 1, tm_key_hash(key.p ? key.p : "", key.len));
	sqlite3_bind_text(st, 2, key.p ? key.p : "", (int)key.len, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, ko, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, file, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 5, line);
	rc = sqlite3_step(st);
	*dup = rc == SQLITE_ROW;
	rc = rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
	sqlite3_reset(st);
	buf_release(&key);
	return rc == SQLITE_OK || tm_sql_err(tm, rc, "import", e);
}

static bool import_unit(const TmxUnit *u, void *ctx)
{
	ImportCtx *c = ctx;
	c->st->units++;
	if (!u->en || !u->ko || !*u->en || !*u->ko) {
		c->st->skipped++;
		return true;
	}
	/* CR LF and CR inside a segment become LF, as in the repository's text */
	Buf en = BUF_INIT, ko = BUF_INIT;
	for (const char *p = u->en; *p; p++)
		if (!(*p == '\r' && p[1] == '\n'))
			buf_addc(&en, *p == '\r' ? '\n' : *p);
	for (const char *p = u->ko; *p; p++)
		if (!(*p == '\r' && p[1] == '\n'))
			buf_addc(&ko, *p == '\r' ? '\n' : *p);
	const char *file = u->file && tm_text_storable(u->file, strlen(u->file)) ? u->file : "";
	bool ok = true;
	if (en.len > TM_MAX_SEG_BYTES || ko.len > TM_MAX_SEG_BYTES ||
	    !tm_text_storable(en.p, en.len) || !tm_text_storable(ko.p, ko.len)) {
		c->st->skipped++;
	} else {
		bool dup = false;
		ok = is_duplicate(c->tm, en.p, ko.p, file, u->line, &dup, c->e);
		if (ok && dup) {
			c->st->duplicates++;
		} else if (ok) {
			const char *author =
				u->author && tm_text_storable(u->author, strlen(u->author)) ? u->author : "";
			const char *commit =
				u->commit && tm_text_storable(u->commit, strlen(u->commit)) ? u->commit : "";
			const char *kind =
				u->kind && tm_text_storable(u->kind, strlen(u->kind)) ? u->kind : "";
			TmSegIn s = {en.p, ko.p, file, kind, commit, author, u->line, u->date, 1};
			ok = tm_insert(c->tm, &s, c->words, c->e) != 0;
			c->st->added += ok;
		}
	}
	buf_release(&en);
	buf_release(&ko);
	if (!ok)
		c->failed = true;
	return ok;
}

bool tm_import_tmx(Tm *tm, const char *path, TmImportStats *st, Err *e)
{
	memset(st, 0, sizeof(*st));
	struct stat sb;
	if (stat(path, &sb) != 0)
		return err_set(e, EXIT_NOINPUT, "%s: %s", path, strerror(errno));
	if (!S_ISREG(sb.st_mode))
		return err_set(e, EXIT_NOINPUT, "%s: not a regular file", path);
	if ((unsigned long long)sb.st_size > TM_TMX_MAX_BYTES)
		return err_set(e, EXIT_DATAERR, "%s: larger than %u MiB", path, TM_TMX_MAX_BYTES >> 20);
	Buf data = BUF_INIT;
	if (!file_read(path, &data, e))
		return false;
	if (!tm_exec(tm, "BEGIN IMMEDIATE;", e)) {
		buf_release(&data);
		return false;
	}
	ImportCtx c = {tm, tm_words_new(), st, e, false};
	bool ok = tm_tmx_parse(data.p ? data.p : "", data.len, path, import_unit, &c, e) &&
	          !c.failed && tm_words_flush(c.words, tm, e);
	tm_words_free(c.words);
	buf_release(&data);
	if (ok)
		ok = tm_exec(tm, "COMMIT;", e);
	else
		tm_exec(tm, "ROLLBACK;", NULL);
	if (!ok) {
		TmImportStats zero = {0, 0, 0, 0};
		*st = zero;
	}
	return ok;
}
