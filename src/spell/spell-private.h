/* Private to src/spell/. */
#ifndef YEOK_SPELL_PRIVATE_H
#define YEOK_SPELL_PRIVATE_H

#include "yeok/spell.h"

/* True when s is ASCII and precomposed Hangul only (NFC without work). */
bool spell_is_nfc_fast(const char *s, size_t n);
/* (*p, *np) = the NFC form of s: s itself, or tmp's bytes. */
void spell_nfc_view(const char *s, size_t n, Buf *tmp, const char **p,
                    size_t *np);

/* The set operations on a word already in NFC. */
bool spell_words_add_nfc(SpellWords *w, const char *s, size_t n);
bool spell_words_has_nfc(const SpellWords *w, const char *s, size_t n);

#endif
