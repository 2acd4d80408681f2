/* The generic YAML node tree: reading one document with libyaml's event
 * parser, refusing anchors and aliases, bounding size, depth and node
 * count (a 4 MiB file cannot become more than SIDECAR_MAX_NODES nodes). */
#include "sidecar-private.h"

#include <yaml.h>

/* About 40 bytes of YAML per node at least in a real sidecar; this bounds
 * memory on hostile input to a few tens of MB. */
#define SIDECAR_MAX_NODES 1000000

YNode *ynode_new(YKind kind, size_t line, size_t col)
{
	YNode *n = xcalloc(1, sizeof(*n));
	n->kind = kind;
	n->line = line;
	n->col = col;
	n->style = YAML_ANY_SCALAR_STYLE;
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

typedef struct Reader {
	yaml_parser_t parser;
	const char *name;
	size_t nodes;
	Err *e;
} Reader;

static bool parser_error(Reader *r)
{
	yaml_parser_t *p = &r->parser;
	const char *what = p->problem ? p->problem : "malformed YAML";
	yaml_mark_t m = p->problem_mark;
	if (p->context)
		return err_set(r->e, EXIT_DATAERR, "%s:%zu:%zu: %s %s", r->name, m.line + 1,
		               m.column + 1, what, p->context);
	return err_set(r->e, EXIT_DATAERR, "%s:%zu:%zu: %s", r->name, m.line + 1, m.column + 1,
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
	return err_set(r->e, EXIT_DATAERR, "%s:%zu:%zu: %s", r->name, ev->start_mark.line + 1,
	               ev->start_mark.column + 1, what);
}

/* Build the node that starts with ev (already read); consumes through its
 * end event.  ev is deleted by the caller. */
static bool read_node(Reader *r, yaml_event_t *ev, int depth, YNode **out)
{
	*out = NULL;
	if (++r->nodes > SIDECAR_MAX_NODES)
		return at_error(r, ev, "too many YAML nodes for a sidecar");
	if (depth > SIDECAR_MAX_DEPTH)
		return at_error(r, ev, "nested too deeply for a sidecar");
	size_t line = ev->start_mark.line + 1, col = ev->start_mark.column + 1;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return at_error(r, ev, "aliases (*name) are not allowed in a sidecar");
	case YAML_SCALAR_EVENT: {
		if (ev->data.scalar.anchor)
			return at_error(r, ev, "anchors (&name) are not allowed in a sidecar");
		YNode *n = ynode_new(YN_SCALAR, line, col);
		n->s = xmemdup0(ev->data.scalar.value, ev->data.scalar.length);
		n->n = ev->data.scalar.length;
		n->style = (int)ev->data.scalar.style;
		*out = n;
		return true;
	}
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: {
		bool is_map = ev->type == YAML_MAPPING_START_EVENT;
		if (is_map ? ev->data.mapping_start.anchor != NULL
		           : ev->data.sequence_start.anchor != NULL)
			return at_error(r, ev, "anchors (&name) are not allowed in a sidecar");
		YNode *n = ynode_new(is_map ? YN_MAP : YN_SEQ, line, col);
		n->flow = is_map ? ev->data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
		                 : ev->data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE;
		yaml_event_type_t end = is_map ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT;
		for (;;) {
			yaml_event_t kev;
			if (!next_event(r, &kev)) {
				ynode_free(n);
				return false;
			}
			if (kev.type == end) {
				yaml_event_delete(&kev);
				break;
			}
			YNode *kid;
			bool ok = read_node(r, &kev, depth + 1, &kid);
			yaml_event_delete(&kev);
			if (!ok) {
				ynode_free(n);
				return false;
			}
			ynode_push(n, kid);
		}
		*out = n;
		return true;
	}
	default:
		return at_error(r, ev, "unexpected YAML event");
	}
}

bool ynode_parse(const char *data, size_t n, const char *name, YNode **root, Err *e)
{
	*root = NULL;
	if (n > SIDECAR_MAX_BYTES)
		return err_set(e, EXIT_DATAERR, "%s:1:1: too large for a sidecar (%zu bytes; limit %u)",
		               name, n, SIDECAR_MAX_BYTES);
	Reader r = {.name = name, .e = e};
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
			at_error(&r, &ev, "more than one YAML document in a sidecar");
			yaml_event_delete(&ev);
			goto out;
		}
		if (t == YAML_STREAM_START_EVENT || t == YAML_DOCUMENT_START_EVENT ||
		    t == YAML_DOCUMENT_END_EVENT) {
			yaml_event_delete(&ev);
			continue;
		}
		YNode *node;
		bool good = read_node(&r, &ev, 0, &node);
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
