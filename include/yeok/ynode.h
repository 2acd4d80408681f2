/*
 * ynode — the one bounded YAML reader and writer (libyaml).  Every YAML
 * file yeok reads goes through ynode_parse(): the sidecar, glossaries,
 * themes, the style rule file (glossary/rules.yaml) and the configuration
 * file (keys, theme, glossary paths...).
 * The only module that includes <yaml.h>.
 *
 * Reading is defensive, with limits per kind of file (YLimits): at most
 * max_bytes of input, nesting at most max_depth, at most max_nodes nodes,
 * anchors and aliases refused (so no alias expansion: a "billion laughs"
 * file is an error at its first alias, not gigabytes of memory), one
 * document only.  libyaml's event parser is used, never its document
 * loader (which expands aliases and recurses without a bound).  Errors
 * name the file, line and column: "ko.yaml:3:10: what" (YLimits.code).
 *
 * Writing: a YWriter turns events into YAML text (libyaml's emitter) with
 * yeok's fixed formatting (2-space indent, no line folding, UTF-8, LF).
 *
 * Ownership: a node owns its kids and its scalar bytes; ynode_free frees
 * the whole tree.  Depends on util, text.  Never prints.
 */
#ifndef YEOK_YNODE_H
#define YEOK_YNODE_H

#include "yeok/util.h"

typedef enum YKind { YN_SCALAR, YN_SEQ, YN_MAP } YKind;

/* How a scalar was (or is to be) written.  YS_ANY lets the writer choose. */
typedef enum YStyle { YS_ANY, YS_PLAIN, YS_SINGLE, YS_DOUBLE, YS_LITERAL, YS_FOLDED } YStyle;

/* One node.  A mapping keeps its pairs as kids[2*i] (key), kids[2*i+1]
 * (value), in file order (nkids is even). */
typedef struct YNode {
	YKind kind;
	char *s;        /* scalar bytes (owned, NUL-terminated, may hold NULs) */
	size_t n;       /* scalar length */
	YStyle style;   /* scalar style as read */
	bool flow;      /* sequence/mapping was written in flow style */
	size_t line;    /* 1-based line of the node's start */
	size_t col;     /* 1-based column of the node's start */
	struct YNode **kids;
	size_t nkids;
	size_t cap;
} YNode;

/* The limits of one kind of file. */
typedef struct YLimits {
	const char *what; /* "sidecar", "glossary", ...: "nested too deeply for a glossary" */
	size_t max_bytes;
	size_t max_nodes;
	int max_depth;
	int code;         /* the Err code of every reading error */
} YLimits;

/* The kinds yeok reads.  Sidecars keep their documented limits
 * (SIDECAR_MAX_BYTES, SIDECAR_MAX_DEPTH in sidecar.h). */
extern const YLimits ynode_limits_sidecar;  /* 4 MiB, depth 32, EXIT_DATAERR */
extern const YLimits ynode_limits_glossary; /* 16 MiB, depth 16, EXIT_CONFIG */
extern const YLimits ynode_limits_theme;    /* 1 MiB, depth 8, EXIT_CONFIG */
extern const YLimits ynode_limits_config;   /* 1 MiB, depth 16, EXIT_CONFIG */

YNode *ynode_new(YKind kind, size_t line, size_t col);
void ynode_free(YNode *n);
YNode *ynode_clone(const YNode *n);
/* Append kid (taken) to a sequence or mapping. */
void ynode_push(YNode *parent, YNode *kid);
/* Same kind, same scalar bytes, same kids (styles and places ignored). */
bool ynode_equal(const YNode *a, const YNode *b);

/* Parse one YAML document data[0..n) into a node tree (*root NULL for an
 * empty stream) within lim.  name is used in messages. */
bool ynode_parse(const char *data, size_t n, const char *name, const YLimits *lim, YNode **root,
                 Err *e);

/* ---- reading helpers ------------------------------------------------------ */

/* A plain scalar that means null: "", "~", "null", "Null", "NULL". */
bool ynode_is_null(const YNode *n);
/* A scalar whose bytes are s (any style). */
bool ynode_is(const YNode *n, const char *s);
/* A plain scalar true/True/TRUE/yes/Yes/YES or false/False/FALSE/no/No/NO. */
bool ynode_bool(const YNode *n, bool *out);
/* The value of key in mapping map, or NULL (also when map is no mapping). */
const YNode *ynode_get(const YNode *map, const char *key);
/* A copy of a scalar's bytes (caller frees). */
char *ynode_dup(const YNode *n);
/* A short, terminal-safe rendering of a node for messages: a scalar as
 * 'its first YNODE_SHOW_MAX bytes...' (sanitized: no control characters,
 * no invalid UTF-8), else "a mapping" / "a list".  Appended to out. */
#define YNODE_SHOW_MAX 24
void ynode_show(const YNode *n, Buf *out);
/* Fill e with "NAME:LINE:COL: message" at node n and return false. */
bool ynode_error(Err *e, int code, const char *name, const YNode *n, const char *fmt, ...)
	PRINTF_LIKE(5, 6);

/* ---- writing ---------------------------------------------------------------- */

typedef struct YWriter YWriter;

/* A writer appending to out (borrowed until ynode_writer_end); the
 * stream and document start are written. */
YWriter *ynode_writer_new(Buf *out);
/* End the document and the stream, flush, free w. */
void ynode_writer_end(YWriter *w);
/* A scalar: invalid UTF-8 bytes are written as U+FFFD. */
void ynode_write_scalar(YWriter *w, const char *s, size_t n, YStyle style);
void ynode_write_map_start(YWriter *w, bool flow);
void ynode_write_map_end(YWriter *w);
void ynode_write_seq_start(YWriter *w, bool flow);
void ynode_write_seq_end(YWriter *w);
/* Re-write a node as it was read.  Inside a flow collection (in_flow),
 * block collections and block scalars are not allowed: flow is forced. */
void ynode_write_node(YWriter *w, const YNode *n, bool in_flow);
/* Whether n is or holds a block collection or a block scalar. */
bool ynode_has_block(const YNode *n);

#endif
