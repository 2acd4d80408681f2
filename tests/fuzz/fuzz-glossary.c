/* Fuzz the glossary: any bytes as a glossary file (YAML or Markdown table)
 * load or fail with a message; a loaded glossary matches the same bytes as
 * text, and every hit lies inside the text, in order, without overlap. */
#include "yeok/glossary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_hits(const GlossHitVec *h, size_t n)
{
	size_t end = 0;
	for (size_t i = 0; i < h->n; i++) {
		if (h->v[i].start < end || h->v[i].start >= h->v[i].end || h->v[i].end > n)
			__builtin_trap();
		end = h->v[i].end;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	Glossary g;
	glossary_init(&g);
	Err e;
	err_init(&e);
	if (!glossary_load_mem(&g, size && s[0] == '|' ? "f.md" : "f.yaml", s, size, &e)) {
		if (!e.msg[0] || e.code == 0)
			__builtin_trap();
		glossary_release(&g);
		/* Match with a fixed glossary instead. */
		static const char fixed[] = "terms:\n  - {en: parameter, ko: 매개변수, avoid: [파라미터]}\n"
		                            "  - {en: Tensor / Tensors, ko: Tensor, keep: true, avoid: [텐서]}\n";
		glossary_init(&g);
		if (!glossary_load_mem(&g, "fixed.yaml", fixed, sizeof(fixed) - 1, &e))
			__builtin_trap();
	}
	if (!glossary_check(&g, &e))
		__builtin_trap();
	GlossHitVec h = {0};
	glossary_match_en(&g, s, size, &h);
	check_hits(&h, size);
	VEC_FREE(&h);
	glossary_match_ko(&g, s, size, &h);
	check_hits(&h, size);
	VEC_FREE(&h);
	GlossHintVec hv = {0};
	glossary_hints(&g, s, size, s, size, &hv);
	VEC_FREE(&hv);
	glossary_release(&g);
	return 0;
}
