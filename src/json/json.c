/* The bounded JSON reader (see include/yeok/json.h): a recursive descent
 * over RFC 8259's grammar, depth-bounded, with line and column kept for
 * every value. */
#include "yeok/json.h"

#include <limits.h>

#include "yeok/text.h"

JsonLimits json_limits_comments(void)
{
	return (JsonLimits){64u << 20, 32, 4u << 20, true};
}

typedef struct Parser {
	const char *p;
	size_t n, i;
	size_t line, line_start; /* the line of offset i and where it starts */
	const char *name;
	const JsonLimits *lim;
	size_t nodes;
	Err *e;
	bool failed;
} Parser;

static bool fail(Parser *ps, const char *fmt, ...) PRINTF_LIKE(2, 3);
static bool fail(Parser *ps, const char *fmt, ...)
{
	if (ps->failed)
		return false;
	ps->failed = true;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return err_set(ps->e, EXIT_DATAERR, "%s:%zu:%zu: %s", ps->name, ps->line,
	               ps->i - ps->line_start + 1, msg);
}

static void skip_ws(Parser *ps)
{
	while (ps->i < ps->n) {
		char c = ps->p[ps->i];
		if (c == '\n') {
			ps->line++;
			ps->line_start = ps->i + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		ps->i++;
	}
}

static JsonNode *node_new(Parser *ps, JsonKind k)
{
	if (++ps->nodes > ps->lim->max_nodes) {
		fail(ps, "more than %zu values", ps->lim->max_nodes);
		return NULL;
	}
	JsonNode *v = xcalloc(1, sizeof(*v));
	v->kind = k;
	v->line = ps->line;
	v->col = ps->i - ps->line_start + 1;
	return v;
}

void json_free(JsonNode *v)
{
	if (!v)
		return;
	for (size_t k = 0; k < v->nkids; k++) {
		json_free(v->kids[k]);
		if (v->keys)
			free(v->keys[k]);
	}
	free(v->kids);
	free(v->keys);
	free(v->s);
	free(v);
}

static int hex4(Parser *ps)
{
	if (ps->n - ps->i < 4)
		return -1;
	int cp = 0;
	for (int k = 0; k < 4; k++) {
		char c = ps->p[ps->i + (size_t)k];
		int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		cp = cp * 16 + d;
	}
	ps->i += 4;
	return cp;
}

/* \uXXXX (after the 'u'), with a surrogate pair. */
static bool unicode_escape(Parser *ps, Buf *out)
{
	int cp = hex4(ps);
	if (cp < 0)
		return fail(ps, "\\u needs four hex digits");
	if (cp >= 0xDC00 && cp <= 0xDFFF)
		return fail(ps, "a lone low surrogate \\u%04X", (unsigned)cp);
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (ps->n - ps->i < 2 || ps->p[ps->i] != '\\' || ps->p[ps->i + 1] != 'u')
			return fail(ps, "a high surrogate \\u%04X without its low half", (unsigned)cp);
		ps->i += 2;
		int lo = hex4(ps);
		if (lo < 0xDC00 || lo > 0xDFFF)
			return fail(ps, "a high surrogate \\u%04X without its low half", (unsigned)cp);
		cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
	}
	if (cp == 0)
		return fail(ps, "\\u0000 in a string (a NUL character is not accepted)");
	text_encode(out, cp);
	return true;
}

/* A string (ps->i at the opening quote) into out. */
static bool string_body(Parser *ps, Buf *out)
{
	ps->i++;
	size_t run = ps->i;
	for (;;) {
		if (ps->i >= ps->n)
			return fail(ps, "unterminated string");
		unsigned char c = (unsigned char)ps->p[ps->i];
		if (c == '"' || c == '\\') {
			if (!text_valid(ps->p + run, ps->i - run))
				return fail(ps, "a string that is not valid UTF-8");
			buf_add(out, ps->p + run, ps->i - run);
			if (c == '"') {
				ps->i++;
				break;
			}
			ps->i++;
			if (ps->i >= ps->n)
				return fail(ps, "unterminated string");
			char x = ps->p[ps->i++];
			const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
			const char *k = strchr(from, x);
			if (x == 'u') {
				if (!unicode_escape(ps, out))
					return false;
			} else if (x && k) {
				buf_addc(out, to[k - from]);
			} else {
				ps->i--;
				return fail(ps, "unknown escape \\%c", x >= 0x20 && x < 0x7f ? x : '?');
			}
			run = ps->i;
			continue;
		}
		if (c < 0x20)
			return fail(ps, c == '\n' ? "a line break inside a string"
			                          : "a control character inside a string");
		ps->i++;
	}
	if (!out->p)
		buf_adds(out, "");
	return true;
}

static bool digits(Parser *ps)
{
	size_t from = ps->i;
	while (ps->i < ps->n && ps->p[ps->i] >= '0' && ps->p[ps->i] <= '9')
		ps->i++;
	return ps->i > from;
}

static JsonNode *number(Parser *ps)
{
	JsonNode *v = node_new(ps, JSON_NUMBER);
	if (!v)
		return NULL;
	size_t from = ps->i;
	bool neg = ps->i < ps->n && ps->p[ps->i] == '-';
	ps->i += neg;
	bool ok = ps->i < ps->n && ps->p[ps->i] == '0' ? (ps->i++, true) : digits(ps);
	bool integer = true;
	if (ok && ps->i < ps->n && ps->p[ps->i] == '.') {
		ps->i++;
		ok = digits(ps);
		integer = false;
	}
	if (ok && ps->i < ps->n && (ps->p[ps->i] == 'e' || ps->p[ps->i] == 'E')) {
		ps->i++;
		if (ps->i < ps->n && (ps->p[ps->i] == '+' || ps->p[ps->i] == '-'))
			ps->i++;
		ok = digits(ps);
		integer = false;
	}
	if (!ok) {
		json_free(v);
		fail(ps, "a malformed number");
		return NULL;
	}
	v->s = xmemdup0(ps->p + from, ps->i - from);
	v->n = ps->i - from;
	if (integer) {
		long long x = 0;
		bool fits = true;
		for (size_t k = from + neg; k < ps->i && fits; k++) {
			int d = ps->p[k] - '0';
			if (x > (LLONG_MAX - d) / 10)
				fits = false;
			else
				x = x * 10 + d;
		}
		v->is_int = fits;
		v->i = neg ? -x : x;
	}
	return v;
}

static bool word(Parser *ps, const char *w)
{
	size_t k = strlen(w);
	if (ps->n - ps->i < k || memcmp(ps->p + ps->i, w, k) != 0)
		return false;
	ps->i += k;
	return true;
}

static JsonNode *value(Parser *ps, size_t depth);

static bool push_kid(JsonNode *v, JsonNode *kid, char *key, size_t *cap)
{
	if (v->nkids == *cap) {
		*cap = *cap ? *cap * 2 : 4;
		v->kids = xrealloc(v->kids, *cap * sizeof(*v->kids));
		if (v->kind == JSON_OBJECT)
			v->keys = xrealloc(v->keys, *cap * sizeof(*v->keys));
	}
	v->kids[v->nkids] = kid;
	if (v->kind == JSON_OBJECT)
		v->keys[v->nkids] = key;
	v->nkids++;
	return true;
}

/* An array or object (ps->i at its bracket). */
static JsonNode *container(Parser *ps, size_t depth, bool object)
{
	if (depth >= ps->lim->max_depth) {
		fail(ps, "nested deeper than %zu levels", ps->lim->max_depth);
		return NULL;
	}
	JsonNode *v = node_new(ps, object ? JSON_OBJECT : JSON_ARRAY);
	if (!v)
		return NULL;
	char close = object ? '}' : ']';
	ps->i++;
	skip_ws(ps);
	size_t cap = 0;
	if (ps->i < ps->n && ps->p[ps->i] == close) {
		ps->i++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		if (object) {
			skip_ws(ps);
			if (ps->i >= ps->n || ps->p[ps->i] != '"') {
				fail(ps, "expected a member name in quotes");
				break;
			}
			Buf k = BUF_INIT;
			if (!string_body(ps, &k)) {
				buf_release(&k);
				break;
			}
			key = buf_detach(&k);
			skip_ws(ps);
			if (ps->i >= ps->n || ps->p[ps->i] != ':') {
				free(key);
				fail(ps, "expected ':' after the member name");
				break;
			}
			ps->i++;
		}
		JsonNode *kid = value(ps, depth + 1);
		if (!kid) {
			free(key);
			break;
		}
		push_kid(v, kid, key, &cap);
		skip_ws(ps);
		if (ps->i < ps->n && ps->p[ps->i] == ',') {
			ps->i++;
			continue;
		}
		if (ps->i < ps->n && ps->p[ps->i] == close) {
			ps->i++;
			return v;
		}
		fail(ps, object ? "expected ',' or '}' after a member" : "expected ',' or ']' after an item");
		break;
	}
	json_free(v);
	return NULL;
}

static JsonNode *value(Parser *ps, size_t depth)
{
	skip_ws(ps);
	if (ps->i >= ps->n) {
		fail(ps, "the text ends where a value was expected");
		return NULL;
	}
	char c = ps->p[ps->i];
	if (c == '{' || c == '[')
		return container(ps, depth, c == '{');
	if (c == '"') {
		JsonNode *v = node_new(ps, JSON_STRING);
		if (!v)
			return NULL;
		Buf s = BUF_INIT;
		if (!string_body(ps, &s)) {
			buf_release(&s);
			json_free(v);
			return NULL;
		}
		v->n = s.len;
		v->s = buf_detach(&s);
		return v;
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return number(ps);
	JsonNode *v = node_new(ps, JSON_NULL);
	if (!v)
		return NULL;
	if (word(ps, "null"))
		return v;
	v->kind = JSON_BOOL;
	v->b = word(ps, "true");
	if (v->b || word(ps, "false"))
		return v;
	json_free(v);
	fail(ps, "unexpected '%c' where a value was expected",
	     (unsigned char)c >= 0x20 && (unsigned char)c < 0x7f ? c : '?');
	return NULL;
}

bool json_parse(const char *data, size_t n, const char *name, const JsonLimits *lim,
                JsonNode **out, Err *e)
{
	*out = NULL;
	Parser ps = {data, n, 0, 1, 0, name ? name : "JSON", lim, 0, e, false};
	if (n > lim->max_bytes)
		return err_set(e, EXIT_DATAERR, "%s: larger than %zu bytes (not read)", ps.name,
		               lim->max_bytes);
	/* a byte order mark is tolerated */
	if (n >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3))
		ps.i = ps.line_start = 3;
	JsonNode *seq = NULL;
	size_t cap = 0;
	JsonNode *v = NULL;
	for (;;) {
		skip_ws(&ps);
		if (ps.i >= ps.n && (v || seq))
			break;
		if (v && !lim->sequence) {
			json_free(v);
			return fail(&ps, "more text after the JSON value");
		}
		JsonNode *next = value(&ps, lim->sequence ? 1 : 0);
		if (!next) {
			json_free(v);
			json_free(seq);
			return false;
		}
		if (!lim->sequence) {
			v = next;
			continue;
		}
		if (!seq) {
			seq = xcalloc(1, sizeof(*seq));
			seq->kind = JSON_ARRAY;
			seq->line = next->line;
			seq->col = next->col;
		}
		push_kid(seq, next, NULL, &cap);
	}
	*out = lim->sequence ? seq : v;
	return true;
}

const JsonNode *json_get(const JsonNode *obj, const char *key)
{
	if (!obj || obj->kind != JSON_OBJECT)
		return NULL;
	for (size_t k = 0; k < obj->nkids; k++)
		if (!strcmp(obj->keys[k], key))
			return obj->kids[k];
	return NULL;
}

const char *json_string(const JsonNode *v)
{
	return v && v->kind == JSON_STRING ? v->s : NULL;
}

bool json_integer(const JsonNode *v, long long *out)
{
	if (!v || v->kind != JSON_NUMBER || !v->is_int)
		return false;
	*out = v->i;
	return true;
}

const char *json_kind_name(JsonKind k)
{
	static const char *const names[] = {"null", "a boolean", "a number", "a string",
	                                    "an array", "an object"};
	return (size_t)k < ARRAY_LEN(names) ? names[k] : "?";
}
