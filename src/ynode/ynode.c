/* The bounded YAML reader (include/yeok/ynode.h): libyaml's event parser,
 * anchors and aliases refused, size, depth and node count bounded. */
#include "yeok/ynode.h"

#include <yaml.h>

#include "yeok/text.h"

const YLimits ynode_limits_sidecar = {"sidecar", 4u << 20, 1000000, 32, EXIT_DATAERR};
const YLimits ynode_limits_glossary = {"glossary", 16u << 20, 2000000, 16, EXIT_CONFIG};
const YLimits ynode_limits_theme = {"theme", 1u << 20, 100000, 8, EXIT_CONFIG};
const YLimits ynode_limits_config = {"configuration file", 1u << 20, 100000, 16, EXIT_CONFIG};

YNode *ynode_new(YKind kind, size_t line, size_t col)
{
	YNode *n = xcalloc(1, sizeof(*n));
	n->kind = kind;
	n->line = line;
	n->col = col;
	n->style = YS_ANY;
	return n;
}

void ynode_free(YNode *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->nkids; i++)
		ynode_free(n->kids[i]);
	free(n->kids);
	free(n->s);
	free(n);
}

void ynode_push(YNode *parent, YNode *kid)
{
	parent->kids = xgrow(parent->kids, &parent->cap, parent->nkids + 1, sizeof(*parent->kids));
	parent->kids[parent->nkids++] = kid;
}

YNode *ynode_clone(const YNode *n)
{
	if (!n)
		return NULL;
	YNode *c = ynode_new(n->kind, n->line, n->col);
	c->style = n->style;
	c->flow = n->flow;
	if (n->s) {
		c->s = xmemdup0(n->s, n->n);
		c->n = n->n;
	}
	for (size_t i = 0; i < n->nkids; i++)
		ynode_push(c, ynode_clone(n->kids[i]));
	return c;
}

bool ynode_equal(const YNode *a, const YNode *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || a->nkids != b->nkids || a->n != b->n)
		return false;
	if (a->kind == YN_SCALAR && a->n && memcmp(a->s, b->s, a->n) != 0)
		return false;
	for (size_t i = 0; i < a->nkids; i++)
		if (!ynode_equal(a->kids[i], b->kids[i]))
			return false;
	return true;
}

/* ---- reading -------------------------------------------------------------- */

typedef struct Reader {
	yaml_parser_t parser;
	const char *name;
	const YLimits *lim;
	size_t nodes;
	Err *e;
} Reader;

static YStyle style_of(yaml_scalar_style_t s)
{
	switch (s) {
	case YAML_PLAIN_SCALAR_STYLE: return YS_PLAIN;
	case YAML_SINGLE_QUOTED_SCALAR_STYLE: return YS_SINGLE;
	case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return YS_DOUBLE;
	case YAML_LITERAL_SCALAR_STYLE: return YS_LITERAL;
	case YAML_FOLDED_SCALAR_STYLE: return YS_FOLDED;
	default: return YS_ANY;
	}
}

static bool parser_error(Reader *r)
{
	yaml_parser_t *p = &r->parser;
	const char *what = p->problem ? p->problem : "malformed YAML";
	yaml_mark_t m = p->problem_mark;
	if (p->context)
		return err_set(r->e, r->lim->code, "%s:%zu:%zu: %s %s", r->name, m.line + 1,
		               m.column + 1, what, p->context);
	return err_set(r->e, r->lim->code, "%s:%zu:%zu: %s", r->name, m.line + 1, m.column + 1,
	               what);
}

static bool next_event(Reader *r, yaml_event_t *ev)
{
	if (!yaml_parser_parse(&r->parser, ev))
		return parser_error(r);
	return true;
}

static bool at_error(Reader *r, const yaml_event_t *ev, const char *what)
{
	return err_set(r->e, r->lim->code, "%s:%zu:%zu: %s %s", r->name, ev->start_mark.line + 1,
	               ev->start_mark.column + 1, what, r->lim->what);
}

/* Room for the deepest nesting any YLimits allows. */
#define YNODE_STACK 64

/* Build the node that starts with first (already read); consumes through
 * its end event.  first is deleted by the caller.  Collections are read
 * with an explicit stack (each attached to its parent when complete), so
 * no input makes this recurse. */
static bool read_node(Reader *r, const yaml_event_t *first, YNode **out)
{
	*out = NULL;
	YNode *stack[YNODE_STACK];
	int depth = 0;
	yaml_event_t ev = *first;
	bool owned = false; /* ev is ours to delete (not the caller's first) */
	bool ok = false;
	for (;;) {
		YNode *done = NULL; /* a complete node to attach */
		bool start = ev.type == YAML_SCALAR_EVENT || ev.type == YAML_ALIAS_EVENT ||
		             ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT;
		if (start && ++r->nodes > r->lim->max_nodes) {
			at_error(r, &ev, "too many YAML nodes for a");
			break;
		}
		size_t line = ev.start_mark.line + 1, col = ev.start_mark.column + 1;
		if (ev.type == YAML_ALIAS_EVENT) {
			at_error(r, &ev, "aliases (*name) are not allowed in a");
			break;
		} else if (ev.type == YAML_SCALAR_EVENT) {
			if (ev.data.scalar.anchor) {
				at_error(r, &ev, "anchors (&name) are not allowed in a");
				break;
			}
			done = ynode_new(YN_SCALAR, line, col);
			done->s = xmemdup0(ev.data.scalar.value, ev.data.scalar.length);
			done->n = ev.data.scalar.length;
			done->style = style_of(ev.data.scalar.style);
		} else if (ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT) {
			bool is_map = ev.type == YAML_MAPPING_START_EVENT;
			if (is_map ? ev.data.mapping_start.anchor != NULL
			           : ev.data.sequence_start.anchor != NULL) {
				at_error(r, &ev, "anchors (&name) are not allowed in a");
				break;
			}
			if (depth >= r->lim->max_depth || depth >= YNODE_STACK) {
				at_error(r, &ev, "nested too deeply for a");
				break;
			}
			YNode *n = ynode_new(is_map ? YN_MAP : YN_SEQ, line, col);
			n->flow = is_map ? ev.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
			                 : ev.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
			stack[depth++] = n;
		} else if ((ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT) &&
		           depth > 0) {
			done = stack[--depth];
		} else {
			at_error(r, &ev, "unexpected YAML event in a");
			break;
		}
		if (done && depth == 0) {
			*out = done;
			ok = true;
			break;
		}
		if (done)
			ynode_push(stack[depth - 1], done);
		if (owned)
			yaml_event_delete(&ev);
		owned = false;
		if (!next_event(r, &ev))
			break;
		owned = true;
	}
	if (owned)
		yaml_event_delete(&ev);
	while (!ok && depth > 0)
		ynode_free(stack[--depth]);
	return ok;
}

bool ynode_parse(const char *data, size_t n, const char *name, const YLimits *lim, YNode **root,
                 Err *e)
{
	*root = NULL;
	if (n > lim->max_bytes)
		return err_set(e, lim->code, "%s:1:1: too large for a %s (%zu bytes; limit %zu)", name,
		               lim->what, n, lim->max_bytes);
	Reader r = {.name = name, .lim = lim, .e = e};
	if (!yaml_parser_initialize(&r.parser))
		fatal("out of memory (yaml parser)");
	yaml_parser_set_input_string(&r.parser, (const unsigned char *)data, n);
	bool ok = false;
	int docs = 0;
	for (;;) {
		yaml_event_t ev;
		if (!next_event(&r, &ev))
			goto out;
		yaml_event_type_t t = ev.type;
		if (t == YAML_STREAM_END_EVENT) {
			yaml_event_delete(&ev);
			break;
		}
		if (t == YAML_DOCUMENT_START_EVENT && ++docs > 1) {
			at_error(&r, &ev, "more than one YAML document in a");
			yaml_event_delete(&ev);
			goto out;
		}
		if (t == YAML_STREAM_START_EVENT || t == YAML_DOCUMENT_START_EVENT ||
		    t == YAML_DOCUMENT_END_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		YNode *node;
		bool good = read_node(&r, &ev, &node);
		yaml_event_delete(&ev);
		if (!good)
			goto out;
		ynode_free(*root); /* cannot happen twice in one document; be safe */
		*root = node;
	}
	ok = true;
out:
	if (!ok) {
		ynode_free(*root);
		*root = NULL;
	}
	yaml_parser_delete(&r.parser);
	return ok;
}

/* ---- reading helpers -------------------------------------------------------- */

static bool plain_in(const YNode *n, const char *const *words)
{
	if (!n || n->kind != YN_SCALAR || n->style != YS_PLAIN)
		return false;
	for (; *words; words++)
		if (n->n == strlen(*words) && !memcmp(n->s, *words, n->n))
			return true;
	return false;
}

bool ynode_is_null(const YNode *n)
{
	static const char *const words[] = {"", "~", "null", "Null", "NULL", NULL};
	return plain_in(n, words);
}

bool ynode_is(const YNode *n, const char *s)
{
	return n && n->kind == YN_SCALAR && n->n == strlen(s) && !memcmp(n->s, s, n->n);
}

bool ynode_bool(const YNode *n, bool *out)
{
	static const char *const yes[] = {"true", "True", "TRUE", "yes", "Yes", "YES", NULL};
	static const char *const no[] = {"false", "False", "FALSE", "no", "No", "NO", NULL};
	if (plain_in(n, yes))
		return *out = true, true;
	if (plain_in(n, no))
		return *out = false, true;
	return false;
}

const YNode *ynode_get(const YNode *map, const char *key)
{
	if (!map || map->kind != YN_MAP)
		return NULL;
	for (size_t i = 0; i + 1 < map->nkids; i += 2)
		if (ynode_is(map->kids[i], key))
			return map->kids[i + 1];
	return NULL;
}

char *ynode_dup(const YNode *n)
{
	return n && n->kind == YN_SCALAR ? xmemdup0(n->s, n->n) : xstrdup("");
}

void ynode_show(const YNode *n, Buf *out)
{
	if (n->kind != YN_SCALAR) {
		buf_adds(out, n->kind == YN_MAP ? "a mapping" : "a list");
		return;
	}
	size_t k = MIN(n->n, (size_t)YNODE_SHOW_MAX);
	while (k > 0 && k < n->n && ((unsigned char)n->s[k] & 0xC0) == 0x80)
		k--; /* not in the middle of a character */
	buf_addc(out, '\'');
	text_sanitize(n->s, k, out);
	buf_adds(out, k < n->n ? "...'" : "'");
}

bool ynode_error(Err *e, int code, const char *name, const YNode *n, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	err_set(e, code, "%s:%zu:%zu: %s", name, n ? n->line : 1, n ? n->col : 1, msg);
	free(msg);
	return false;
}
