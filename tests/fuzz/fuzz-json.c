/* Fuzz the bounded JSON reader and, on what it accepts, the reader of
 * GitHub's review comments (include/yeok/comments.h).  Every tree it
 * returns holds strings that are valid UTF-8 with no NUL inside, object
 * keys for every member, and stays within the bounds it was given. */
#include "yeok/comments.h"
#include "yeok/json.h"
#include "yeok/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t walk(const JsonNode *v, size_t depth, size_t max_depth)
{
	if (depth > max_depth)
		__builtin_trap();
	if ((v->kind == JSON_STRING || v->kind == JSON_NUMBER) &&
	    (!v->s || strlen(v->s) != v->n || !text_valid(v->s, v->n)))
		__builtin_trap();
	if (v->kind == JSON_OBJECT && v->nkids && !v->keys)
		__builtin_trap();
	size_t n = 1;
	for (size_t k = 0; k < v->nkids; k++) {
		if (v->kind == JSON_OBJECT && (!v->keys[k] || !text_valid(v->keys[k], strlen(v->keys[k]))))
			__builtin_trap();
		n += walk(v->kids[k], depth + 1, max_depth);
	}
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	JsonLimits lim = {1u << 16, 12, 4096, size && (data[0] & 1)};
	JsonNode *root = NULL;
	Err e;
	err_init(&e);
	if (json_parse((const char *)data, size, "fuzz.json", &lim, &root, &e)) {
		size_t n = walk(root, 0, lim.max_depth + 1);
		if (n > lim.max_nodes + 1)
			__builtin_trap();
		json_free(root);
	} else if (root || !e.msg[0]) {
		__builtin_trap();
	}
	GhComments gc;
	comments_init(&gc);
	comments_parse(&gc, (const char *)data, size, "fuzz.json", &e);
	if (!comments_check(&gc, &e))
		__builtin_trap();
	comments_release(&gc);
	return 0;
}
