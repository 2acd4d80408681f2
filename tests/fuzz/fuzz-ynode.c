/* Fuzz the one bounded YAML reader (ynode) and the Config built on it.
 * Any bytes: ynode_parse refuses them with "NAME:LINE:COL: ..." or gives a
 * tree within the limits (depth, nodes, mappings of pairs); a tree written
 * back with the writer reads back equal; config_parse never crashes and
 * leaves a Config that passes config_check. */
#include "yeok/config.h"
#include "yeok/text.h"
#include "yeok/ynode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* depth: the collections n is in, n itself included (the parser's
 * max_depth counts sequences and mappings, not the scalars in them). */
static size_t walk(const YNode *n, int depth, int max_depth)
{
	if (depth > max_depth)
		__builtin_trap();
	if (n->kind == YN_MAP && n->nkids % 2)
		__builtin_trap();
	if (n->kind == YN_SCALAR && (!n->s || n->s[n->n] != '\0'))
		__builtin_trap();
	size_t count = 1;
	for (size_t i = 0; i < n->nkids; i++)
		count += walk(n->kids[i], depth + (n->kids[i]->kind != YN_SCALAR), max_depth);
	return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	static const YLimits *const lims[] = {&ynode_limits_theme, &ynode_limits_config,
	                                      &ynode_limits_sidecar};
	const YLimits *lim = lims[size % 3];
	YNode *root;
	Err e;
	err_init(&e);
	if (ynode_parse(p, size, "f.yaml", lim, &root, &e)) {
		if (root) {
			if (walk(root, root->kind != YN_SCALAR, lim->max_depth) > lim->max_nodes)
				__builtin_trap();
			Buf out = BUF_INIT;
			YWriter *w = ynode_writer_new(&out);
			ynode_write_node(w, root, false);
			ynode_writer_end(w);
			YNode *again;
			/* what it wrote reads back as the same tree (invalid UTF-8
			 * became U+FFFD, so compare only valid input) */
			bool ok = ynode_parse(out.p, out.len, "out.yaml", &ynode_limits_sidecar, &again, &e);
			if (!ok && out.len <= ynode_limits_sidecar.max_bytes && lim->max_depth <= 32)
				__builtin_trap();
			/* (an empty scalar alone is written as an empty stream) */
			bool empty = root->kind == YN_SCALAR && root->n == 0 && !again;
			if (ok && text_valid(p, size) && !empty && !ynode_equal(root, again))
				__builtin_trap();
			ynode_free(again);
			buf_release(&out);
		}
		ynode_free(root);
	} else if (strncmp(e.msg, "f.yaml:", 7) != 0 || e.code != lim->code) {
		__builtin_trap();
	}
	Config c;
	config_init(&c);
	err_init(&e);
	if (!config_parse(&c, "config.yaml", p, size, &e) && strncmp(e.msg, "config.yaml:", 12) != 0)
		__builtin_trap();
	if (!config_check(&c, &e))
		__builtin_trap();
	config_release(&c);
	return 0;
}
