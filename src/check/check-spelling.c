/* spelling: words the hunspell Korean or English dictionary rejects, in
 * the prose blocks of the target (titles, paragraphs, list items, field
 * bodies).  The tokenizer of src/spell skips code, literals, roles,
 * references, URLs and substitutions; the words of the aligned source
 * blocks never flag (names kept from the English), nor glossary terms or
 * listed words (the Spell object knows those). */
#include "check-private.h"

static bool spell_block(BlockKind k)
{
	return k == BK_TITLE || k == BK_PARAGRAPH || k == BK_LIST_ITEM || k == BK_FIELD;
}

/* A field's name (":Author:") is not prose: blank it (offsets stay). */
static void blank_field_name(Buf *text)
{
	size_t i = 0;
	while (i < text->len && (text->p[i] == ' ' || text->p[i] == '\t'))
		i++;
	if (i >= text->len || text->p[i] != ':')
		return;
	for (size_t j = i + 1; j < text->len && text->p[j] != '\n'; j++) {
		if (text->p[j] == ':' && text->p[j - 1] != '\\') {
			memset(text->p + i, ' ', j + 1 - i);
			return;
		}
	}
}

void check_spelling(const Unit *u, FindingVec *out)
{
	Spell *sp = u->d->spell;
	if (!sp || !u->tgt_n)
		return;
	SpellWords src = {0};
	for (size_t i = u->src; i < u->src + u->src_n; i++) {
		const Block *b = &u->d->sb->v[i];
		if (!check_block_has_inline(b->kind))
			continue;
		Joined j;
		joined_block(u->d->src, b, &j);
		spell_words_add_text(&src, j.text.p, j.text.len);
		joined_release(&j);
	}
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		if (!spell_block(b->kind))
			continue;
		Joined j;
		joined_block(u->d->tgt, b, &j);
		if (b->kind == BK_FIELD)
			blank_field_name(&j.text);
		SpellMisses m = {0};
		spell_check_text(sp, j.text.p, j.text.len, &src, SPELL_BLOCK, &m);
		for (size_t i = 0; i < m.n; i++) {
			size_t line, byte;
			joined_pos(&j, m.v[i].off, &line, &byte);
			const char *w = j.text.p + m.v[i].off;
			Finding *f = finding_add(u, out, CK_SPELLING, SEV_WARNING, line, byte,
			                         "unknown word '%.*s'", (int)m.v[i].len, w);
			f->suggestion = spell_suggest_first(sp, w, m.v[i].len);
		}
		VEC_FREE(&m);
		joined_release(&j);
	}
	spell_words_release(&src);
}
