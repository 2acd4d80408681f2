/* The `glossary:` paths of the configuration file (DESIGN.md §4.4). */
#include <yaml.h>

#include "yeok/glossary.h"

static char *resolve(const char *config_path, const char *p, size_t n)
{
	char *v = xmemdup0(p, n);
	if (v[0] == '/' || !v[0])
		return v;
	if (v[0] == '~' && v[1] == '/') {
		const char *h = getenv("HOME");
		char *r = xasprintf("%s%s", h ? h : "", v + 1);
		free(v);
		return r;
	}
	char *dir = path_dirname(config_path);
	char *r = path_join(dir, v);
	free(dir);
	free(v);
	return r;
}

size_t glossary_config_paths(const char *config_path, char ***out)
{
	*out = NULL;
	if (!config_path || !file_exists(config_path))
		return 0;
	Buf data = BUF_INIT;
	if (!file_read(config_path, &data, NULL))
		return 0;
	VEC(char *) v = {0};
	yaml_parser_t p;
	yaml_document_t doc;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)(data.p ? data.p : ""), data.len);
	if (yaml_parser_load(&p, &doc)) {
		yaml_node_t *root = yaml_document_get_root_node(&doc);
		if (root && root->type == YAML_MAPPING_NODE) {
			for (yaml_node_pair_t *pr = root->data.mapping.pairs.start;
			     pr < root->data.mapping.pairs.top; pr++) {
				yaml_node_t *k = yaml_document_get_node(&doc, pr->key);
				yaml_node_t *val = yaml_document_get_node(&doc, pr->value);
				if (!k || !val || k->type != YAML_SCALAR_NODE || k->data.scalar.length != 8 ||
				    memcmp(k->data.scalar.value, "glossary", 8) != 0)
					continue;
				if (val->type == YAML_SCALAR_NODE) {
					char *r = resolve(config_path, (const char *)val->data.scalar.value,
					                  val->data.scalar.length);
					VEC_PUSH(&v, r);
				} else if (val->type == YAML_SEQUENCE_NODE) {
					for (yaml_node_item_t *it = val->data.sequence.items.start;
					     it < val->data.sequence.items.top; it++) {
						yaml_node_t *x = yaml_document_get_node(&doc, *it);
						if (x && x->type == YAML_SCALAR_NODE) {
							char *r = resolve(config_path,
							                  (const char *)x->data.scalar.value,
							                  x->data.scalar.length);
							VEC_PUSH(&v, r);
						}
					}
				}
			}
		}
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&p);
	buf_release(&data);
	*out = v.v;
	return v.n;
}
