/*
 * json — one bounded JSON reader (RFC 8259), for the JSON yeok reads from
 * outside: GitHub's review comments (`gh api repos/O/R/pulls/N/comments`,
 * include/yeok/comments.h).
 *
 * The whole text is parsed into a tree of JsonNode.  Bounds: at most
 * JsonLimits.max_bytes of input, max_depth nesting, max_nodes values; a
 * string must be valid UTF-8 and may not hold U+0000 (a C string holds
 * it whole); a lone surrogate escape is refused.  Any problem is an
 * EXIT_DATAERR error naming the input, line and column
 * ("comments.json:3:14: expected ',' or '}' after a member").
 *
 * `gh api --paginate` prints one JSON array per page, back to back:
 * with JsonLimits.sequence set, several top-level values separated by
 * white space are read into one JSON_ARRAY of them.
 *
 * Ownership: json_parse returns a tree the caller frees with json_free();
 * every string of it is owned by the tree.
 *
 * Depends on util and text (UTF-8 validity).  Never prints.
 */
#ifndef YEOK_JSON_H
#define YEOK_JSON_H

#include "yeok/util.h"

typedef enum JsonKind {
	JSON_NULL,
	JSON_BOOL,
	JSON_NUMBER,
	JSON_STRING,
	JSON_ARRAY,
	JSON_OBJECT,
} JsonKind;

typedef struct JsonNode JsonNode;
struct JsonNode {
	JsonKind kind;
	size_t line, col;  /* where the value starts (1-based, col in bytes) */
	bool b;            /* JSON_BOOL */
	bool is_int;       /* JSON_NUMBER: an integer that fits in i */
	long long i;       /* ... its value */
	char *s;           /* JSON_STRING: the decoded text (NUL-terminated,
	                      no NUL inside); JSON_NUMBER: its text */
	size_t n;          /* bytes of s */
	char **keys;       /* JSON_OBJECT: nkids member names (decoded) */
	JsonNode **kids;   /* JSON_ARRAY items, JSON_OBJECT member values */
	size_t nkids;
};

typedef struct JsonLimits {
	size_t max_bytes;  /* longer input is refused */
	size_t max_depth;  /* arrays and objects nested deeper are refused */
	size_t max_nodes;  /* more values in all are refused */
	bool sequence;     /* several top-level values: an array of them */
} JsonLimits;

/* The bounds for GitHub's review comments: 64 MiB, depth 32, 4M values,
 * sequences read. */
JsonLimits json_limits_comments(void);

/* Parse data[0..n) (name is used in messages).  On failure *out is NULL
 * and e says "NAME:LINE:COL: what" (EXIT_DATAERR). */
bool json_parse(const char *data, size_t n, const char *name, const JsonLimits *lim,
                JsonNode **out, Err *e);
void json_free(JsonNode *node);

/* The value of member key of an object (the first one), or NULL (also for
 * a node that is not an object, or NULL). */
const JsonNode *json_get(const JsonNode *obj, const char *key);
/* The string of a JSON_STRING node, else NULL. */
const char *json_string(const JsonNode *node);
/* The integer of a JSON_NUMBER node that is one, into *out; false for
 * anything else (null, a string, 1.5, a number out of range). */
bool json_integer(const JsonNode *node, long long *out);
/* A name for the kind ("null", "a string", "an object", ...). */
const char *json_kind_name(JsonKind k);

#endif
