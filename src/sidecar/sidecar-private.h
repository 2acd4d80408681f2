/* Private to src/sidecar: the generic YAML node tree used while reading
 * and for keeping unknown keys (SidecarExtra is a mapping node). */
#ifndef YEOK_SIDECAR_PRIVATE_H
#define YEOK_SIDECAR_PRIVATE_H

#include "yeok/sidecar.h"

typedef enum YKind { YN_SCALAR, YN_SEQ, YN_MAP } YKind;

/* One node.  A mapping keeps its pairs as kids[2*i] (key), kids[2*i+1]
 * (value), in file order. */
typedef struct SidecarExtra {
	YKind kind;
	char *s;        /* scalar bytes (owned, NUL-terminated, may hold NULs) */
	size_t n;       /* scalar length */
	int style;      /* yaml_scalar_style_t of a scalar as read */
	bool flow;      /* sequence/mapping was written in flow style */
	size_t line;    /* 1-based line of the node's start */
	size_t col;     /* 1-based column of the node's start */
	struct SidecarExtra **kids;
	size_t nkids;
	size_t cap;
} YNode;

YNode *ynode_new(YKind kind, size_t line, size_t col);
void ynode_free(YNode *n);
YNode *ynode_clone(const YNode *n);
void ynode_push(YNode *parent, YNode *kid);
bool ynode_equal(const YNode *a, const YNode *b);

/* Parse one YAML document into a node tree (NULL *root for an empty
 * stream).  Enforces the limits of sidecar.h; errors "NAME:L:C: what". */
bool ynode_parse(const char *data, size_t n, const char *name, YNode **root, Err *e);

#endif
