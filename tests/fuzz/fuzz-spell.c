/* Fuzz the spell tokenizer (it reads document text): tokens are in order,
 * inside the input, non-empty, never overlapping, and each is one script
 * (Latin letters or Hangul).  No dictionary is loaded. */
#include "yeok/spell.h"
#include "yeok/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	SpellTokens t = {0};
	spell_tokenize(s, size, &t);
	size_t last = 0;
	for (size_t i = 0; i < t.n; i++) {
		const SpellToken *k = &t.v[i];
		if (k->len == 0 || k->off < last || k->off + k->len > size)
			__builtin_trap();
		last = k->off + k->len;
		for (size_t p = k->off; p < last;) {
			int32_t cp;
			p += text_decode(s + p, last - p, &cp);
			if (cp < 0 || text_is_space(cp))
				__builtin_trap();
			if (k->script == SPELL_HANGUL && !text_is_hangul(cp) &&
			    !text_is_combining(cp))
				__builtin_trap();
		}
	}
	SpellWords w = {0};
	spell_words_add_text(&w, s, size);
	Err e;
	err_init(&e);
	if (!spell_words_check(&w, &e))
		__builtin_trap();
	spell_words_release(&w);
	VEC_FREE(&t);
	return 0;
}
