/*
 * Checking a word: the cache, the dictionaries, the endings glued to a
 * Latin word or markup, the Korean morphology (stems, particles,
 * auxiliaries), spell_check_word and spell_check_text.
 */
#include "spell-private.h"
#include "yeok/text.h"
#include "spell-private.h"

/* ---- checking -------------------------------------------------------------- */

/* Inside ko_morph_cached: its checks of the pieces are no lookups of
 * their own (spell_stats counts the word once, computed or remembered). */
static _Thread_local int morph_depth;

/* Check one NUL-terminated NFC word against d.  Thread-safe. */
/* The memo's answer for w in d: 1 good, 0 bad, -1 none (off, or not
 * there). */
static int memo_get_k(Spell *sp, int k, const char *w, size_t n)
{
	pthread_mutex_lock(&sp->mu);
	int r = !sp->memo_on ? -1 : spell_words_has_nfc(&sp->memo_good[k], w, n) ? 1 :
	        spell_words_has_nfc(&sp->memo_bad[k], w, n) ? 0 : -1;
	pthread_mutex_unlock(&sp->mu);
	return r;
}

static void memo_put_k(Spell *sp, int k, const char *w, size_t n, bool ok)
{
	pthread_mutex_lock(&sp->mu);
	if (sp->memo_on && !memchr(w, '\n', n) &&
	    spell_words_add_nfc(ok ? &sp->memo_good[k] : &sp->memo_bad[k], w, n))
		sp->memo_dirty = true;
	pthread_mutex_unlock(&sp->mu);
}

static int memo_get(Spell *sp, Dict *d, const char *w, size_t n)
{
	return memo_get_k(sp, d == &sp->en, w, n);
}

static void memo_put(Spell *sp, Dict *d, const char *w, size_t n, bool ok)
{
	memo_put_k(sp, d == &sp->en, w, n, ok);
}

static SpellStatus dict_check(Spell *sp, Dict *d, const char *w, size_t n,
                              SpellWait wait)
{
	int kept = memo_get(sp, d, w, n);
	if (kept >= 0) {
		atomic_fetch_add(&sp->lookups, 1);
		atomic_fetch_add(&sp->cache_hits, 1);
		return kept ? SPELL_OK : SPELL_BAD;
	}
	if (sp->lazy)
		demand(sp, wait == SPELL_BLOCK);
	if (!atomic_load(&d->loaded)) {
		pthread_mutex_lock(&sp->mu);
		if (wait == SPELL_BLOCK)
			while (!sp->loading_done)
				pthread_cond_wait(&sp->done_cv, &sp->mu);
		bool done = sp->loading_done;
		pthread_mutex_unlock(&sp->mu);
		if (!atomic_load(&d->loaded))
			return done ? SPELL_OK : SPELL_PENDING; /* no dictionary */
	}
	if (!morph_depth)
		atomic_fetch_add(&sp->lookups, 1);
	if (!atomic_load(&sp->no_cache)) {
		pthread_mutex_lock(&d->cache_mu);
		int hit = spell_words_has_nfc(&d->good, w, n) ? 1 :
		          spell_words_has_nfc(&d->bad, w, n) ? 0 : -1;
		pthread_mutex_unlock(&d->cache_mu);
		if (hit >= 0) {
			atomic_fetch_add(&sp->cache_hits, 1);
			return hit ? SPELL_OK : SPELL_BAD;
		}
	}
	if (wait == SPELL_BLOCK)
		pthread_mutex_lock(&d->lock);
	else if (pthread_mutex_trylock(&d->lock) != 0)
		return SPELL_PENDING;
	atomic_fetch_add(&sp->dict_calls, 1);
	bool ok = Hunspell_spell(d->h, w) != 0;
	memo_put(sp, d, w, n, ok);
	if (!atomic_load(&sp->no_cache)) {
		pthread_mutex_lock(&d->cache_mu);
		if (d->good.n + d->bad.n >= CACHE_MAX) {
			spell_words_clear(&d->good);
			spell_words_clear(&d->bad);
		}
		spell_words_add_nfc(ok ? &d->good : &d->bad, w, n);
		pthread_mutex_unlock(&d->cache_mu);
	}
	pthread_mutex_unlock(&d->lock);
	return ok ? SPELL_OK : SPELL_BAD;
}

static bool in_words(Spell *sp, const SpellWords *source, const char *w,
                     size_t n)
{
	if (source && spell_words_has_nfc(source, w, n))
		return true;
	pthread_mutex_lock(&sp->mu);
	bool r = spell_words_has_nfc(&sp->words, w, n) || spell_words_has_nfc(&sp->list_words, w, n);
	pthread_mutex_unlock(&sp->mu);
	return r;
}

/* Which placeholder fits a stem that ends with s[0..n). */
int glue_kind(const char *s, size_t n)
{
	if (n == 0)
		return GLUE_ANY;
	size_t p = text_prev_grapheme(s, n, n);
	int32_t cp;
	text_decode(s + p, n - p, &cp);
	if (cp < 0xac00 || cp > 0xd7a3)
		return GLUE_ANY;
	int final = (cp - 0xac00) % 28;
	return final == 0 ? GLUE_VOWEL : final == 8 ? GLUE_RIEUL : GLUE_CONSONANT;
}

/* A Hangul run that is the ending of a stem hunspell does not know: it
 * passes when placeholder + run passes (kind: which placeholder, or
 * GLUE_ANY when the stem's sound is unknown, as after a Latin word). */
static SpellStatus check_ending(Spell *sp, const char *w, size_t n, int kind,
                                SpellWait wait)
{
	SpellStatus worst = SPELL_BAD;
	Buf b = BUF_INIT;
	for (int i = 0; i < (int)ARRAY_LEN(glue_nouns); i++) {
		if (kind != GLUE_ANY && kind != i)
			continue;
		buf_clear(&b);
		buf_adds(&b, glue_nouns[i]);
		buf_add(&b, w, n);
		SpellStatus st = dict_check(sp, &sp->ko, b.p, b.len, wait);
		if (st == SPELL_OK) {
			worst = SPELL_OK;
			break;
		}
		if (st == SPELL_PENDING)
			worst = SPELL_PENDING;
	}
	buf_release(&b);
	return worst;
}

typedef VEC(char *) VecStr;

/* ---- morphology -------------------------------------------------------------
 * hunspell-ko knows a word's particles and endings only where its affix
 * flags say so: it rejects 항목만을 (a noun, 만 and 을), 렌더링하기 (a noun it
 * has without 하다), 알려줄 (알리다 + 주다, though it takes 알려주다).  Its
 * morphological analysis (Hunspell_analyze: st: the stem, pa: a part of a
 * compound) names the pieces; the rules below accept a word made of pieces
 * hunspell accepts, joined as Korean joins them. */

/* The st: values of hunspell's analysis of w (NFC, NUL-terminated) as NFC
 * strings appended to out (distinct; caller frees).  *partial: the
 * analysis is of a part (pa:) only. */
static SpellStatus dict_stems(Spell *sp, Dict *d, const char *w, SpellWait wait,
                              VecStr *out, bool *partial)
{
	if (partial)
		*partial = false;
	if (!atomic_load(&d->loaded)) {
		SpellStatus st = dict_check(sp, d, w, strlen(w), wait); /* waits for loading */
		if (!atomic_load(&d->loaded))
			return st;
	}
	if (wait == SPELL_BLOCK)
		pthread_mutex_lock(&d->lock);
	else if (pthread_mutex_trylock(&d->lock) != 0)
		return SPELL_PENDING;
	char **list = NULL;
	int k = Hunspell_analyze(d->h, &list, w);
	Buf nfc = BUF_INIT;
	for (int i = 0; i < k; i++) {
		for (const char *p = list[i]; (p = strstr(p, "st:")) != NULL;) {
			p += 3;
			size_t l = strcspn(p, " \t");
			buf_clear(&nfc);
			text_nfc(p, l, &nfc);
			p += l;
			bool dup = !nfc.len;
			for (size_t x = 0; x < out->n && !dup; x++)
				dup = !strcmp(out->v[x], nfc.p);
			if (!dup)
				VEC_PUSH(out, xstrdup(nfc.p));
		}
		if (partial && strstr(list[i], "pa:"))
			*partial = true;
	}
	if (list)
		Hunspell_free_list(d->h, &list, k);
	pthread_mutex_unlock(&d->lock);
	buf_release(&nfc);
	return SPELL_OK;
}

static void stems_free(VecStr *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i]);
	VEC_FREE(v);
}

/* Is s[0..n) a whole word of the dictionary that is its own stem (a noun,
 * an adverb: 항목, 상호), not an inflected form (알려 of 알리다)? */
static SpellStatus ko_base(Spell *sp, const char *s, size_t n, SpellWait wait)
{
	char *w = xmemdup0(s, n);
	SpellStatus st = dict_check(sp, &sp->ko, w, n, wait);
	if (st == SPELL_OK) {
		VecStr stems = {0};
		bool partial;
		st = dict_stems(sp, &sp->ko, w, wait, &stems, &partial);
		if (st == SPELL_OK) {
			st = SPELL_BAD;
			for (size_t i = 0; i < stems.n && st != SPELL_OK; i++)
				if (!strcmp(stems.v[i], w))
					st = SPELL_OK;
		}
		stems_free(&stems);
	}
	free(w);
	return st;
}

/* The first syllable of a 하다/되다/시키다 ending (합니다, 된, 시켜): after a
 * noun, hunspell knows these only for the nouns flagged for them. */
static bool hada_start(const char *t, size_t n)
{
	static const char *const first[] = {"하", "한", "할", "함", "합", "해", "했", "되", "된",
	                                    "될", "됨", "됩", "돼", "됐", "시키", "시켜", "시킨",
	                                    "시킬", "시킵", "시켰"};
	for (size_t i = 0; i < ARRAY_LEN(first); i++)
		if (n >= strlen(first[i]) && memcmp(t, first[i], strlen(first[i])) == 0)
			return true;
	return false;
}

/* Case particles: nothing follows them (모델을을 is a typo, not 을 + 을). */
static bool final_particle(const char *t, size_t n)
{
	static const char *const fin[] = {"은", "는", "이", "가", "을", "를", "의", "도", "에",
	                                  "와", "과", "로", "으로"};
	for (size_t i = 0; i < ARRAY_LEN(fin); i++)
		if (strlen(fin[i]) == n && memcmp(t, fin[i], n) == 0)
			return true;
	return false;
}

/* t[0..n) as what follows a noun of the given kind: a particle or ending
 * (placeholder + t), a 하다/되다 form (학습 + t), or two particles stacked
 * (만 + 을, 까지 + 의, 들 + 보다), each piece one hunspell accepts. */
static SpellStatus ko_tail(Spell *sp, const char *t, size_t n, int kind, SpellWait wait,
                           bool stack)
{
	SpellStatus st = check_ending(sp, t, n, kind, wait);
	if (st != SPELL_BAD)
		return st;
	bool pending = false;
	if (hada_start(t, n)) {
		char *w = xasprintf("학습%.*s", (int)n, t);
		st = dict_check(sp, &sp->ko, w, strlen(w), wait);
		free(w);
		if (st == SPELL_OK)
			return st;
		pending = st == SPELL_PENDING;
	}
	for (size_t j = 3; stack && j + 3 <= n; j += 3) {
		if (final_particle(t, j) || (n - j == j && memcmp(t, t + j, j) == 0))
			continue;
		st = check_ending(sp, t, j, kind, wait);
		if (st == SPELL_OK)
			st = ko_tail(sp, t + j, n - j, glue_kind(t, j), wait, false);
		if (st == SPELL_OK)
			return st;
		pending = pending || st == SPELL_PENDING;
	}
	return pending ? SPELL_PENDING : SPELL_BAD;
}

/* A verb's -어/-아 form and an auxiliary verb written together, in a form
 * hunspell lacks (알려줄, 합쳐질, 채워진): both pieces are words, and the
 * first with the second's dictionary form is one (알려주다). */
static SpellStatus ko_aux(Spell *sp, const char *w, size_t n, SpellWait wait)
{
	bool pending = false;
	for (size_t k = 3; k + 3 <= n; k += 3) {
		char *a = xmemdup0(w, k), *b = xmemdup0(w + k, n - k);
		VecStr as = {0}, bs = {0};
		SpellStatus st = dict_check(sp, &sp->ko, a, k, wait);
		if (st == SPELL_OK)
			st = dict_check(sp, &sp->ko, b, n - k, wait);
		if (st == SPELL_OK)
			st = dict_stems(sp, &sp->ko, a, wait, &as, NULL);
		if (st == SPELL_OK)
			st = dict_stems(sp, &sp->ko, b, wait, &bs, NULL);
		bool verb = false;
		for (size_t i = 0; st == SPELL_OK && i < as.n && !verb; i++)
			verb = strcmp(as.v[i], a) != 0 && str_ends_with(str_from(as.v[i]), "다");
		SpellStatus r = SPELL_BAD;
		for (size_t i = 0; verb && i < bs.n && r != SPELL_OK; i++) {
			if (!str_ends_with(str_from(bs.v[i]), "다") || strlen(bs.v[i]) < 6)
				continue;
			char *c = xasprintf("%s%s", a, bs.v[i]);
			r = dict_check(sp, &sp->ko, c, strlen(c), wait);
			pending = pending || r == SPELL_PENDING;
			free(c);
		}
		pending = pending || st == SPELL_PENDING;
		stems_free(&as);
		stems_free(&bs);
		free(a);
		free(b);
		if (r == SPELL_OK)
			return r;
	}
	return pending ? SPELL_PENDING : SPELL_BAD;
}

/* A word of the dictionary's pieces (a base form and its particles or
 * endings, a verb and its auxiliary), remembered per word as hunspell's
 * own answers are (the lists do not change it). */
static SpellStatus ko_morph_cached(Spell *sp, const char *w, size_t n, SpellWait wait)
{
	Dict *d = &sp->ko;
	/* spell_remember's answer (the analysis needs the dictionary loaded:
	 * a lazy one is loaded for a word not there) */
	int kept = memo_get_k(sp, 2, w, n);
	if (kept >= 0) {
		atomic_fetch_add(&sp->lookups, 1);
		atomic_fetch_add(&sp->cache_hits, 1);
		return kept ? SPELL_OK : SPELL_BAD;
	}
	if (sp->lazy)
		demand(sp, wait == SPELL_BLOCK);
	if (!atomic_load(&d->loaded))
		return dict_check(sp, d, w, n, wait);
	atomic_fetch_add(&sp->lookups, 1);
	bool cache = !atomic_load(&sp->no_cache);
	if (cache) {
		pthread_mutex_lock(&d->cache_mu);
		int hit = spell_words_has_nfc(&d->morph_good, w, n) ? 1 :
		          spell_words_has_nfc(&d->morph_bad, w, n) ? 0 : -1;
		pthread_mutex_unlock(&d->cache_mu);
		if (hit >= 0)
			return hit ? SPELL_OK : SPELL_BAD;
	}
	SpellStatus st = SPELL_BAD;
	bool pending = false;
	morph_depth++;
	for (size_t k = n; k > 0 && st != SPELL_OK;) {
		k = text_prev_grapheme(w, n, k);
		if (k < 6)
			break;
		st = ko_base(sp, w, k, wait);
		if (st == SPELL_OK)
			st = ko_tail(sp, w + k, n - k, glue_kind(w, k), wait, true);
		pending = pending || st == SPELL_PENDING;
	}
	if (st != SPELL_OK)
		st = ko_aux(sp, w, n, wait);
	morph_depth--;
	if (st == SPELL_BAD && pending)
		st = SPELL_PENDING;
	if (st != SPELL_PENDING)
		memo_put_k(sp, 2, w, n, st == SPELL_OK);
	if (cache && st != SPELL_PENDING) {
		pthread_mutex_lock(&d->cache_mu);
		if (d->morph_good.n + d->morph_bad.n >= CACHE_MAX) {
			spell_words_clear(&d->morph_good);
			spell_words_clear(&d->morph_bad);
		}
		spell_words_add_nfc(st == SPELL_OK ? &d->morph_good : &d->morph_bad, w, n);
		pthread_mutex_unlock(&d->cache_mu);
	}
	return st;
}

/* w, n: NFC, NUL-terminated at n. */
static SpellStatus check_nfc(Spell *sp, const char *w, size_t n,
                             SpellScript script, bool glued,
                             const SpellWords *source, SpellWait wait)
{
	if (in_words(sp, source, w, n))
		return SPELL_OK;
	if (script == SPELL_LATIN) {
		/* a sentence-initial capital: the lowercase word may be listed */
		if (n > 1 && w[0] >= 'A' && w[0] <= 'Z') {
			char *low = xmemdup0(w, n);
			low[0] = (char)(low[0] - 'A' + 'a');
			bool r = in_words(sp, source, low, n);
			free(low);
			if (r)
				return SPELL_OK;
		}
		return dict_check(sp, &sp->en, w, n, wait);
	}
	SpellStatus st = dict_check(sp, &sp->ko, w, n, wait);
	if (st != SPELL_BAD)
		return st;
	if (glued) {
		st = check_ending(sp, w, n, GLUE_ANY, wait);
		if (st != SPELL_BAD)
			return st;
	}
	/* a known word plus a particle or ending: a listed word (glossary
	 * term, source word, the repository's) or a base form of the
	 * dictionary; not a one-syllable word (the repository's 두 would pass
	 * 두야 of 해두야) */
	bool pending = false;
	for (size_t k = n; k > 0;) {
		k = text_prev_grapheme(w, n, k);
		if (k < 6)
			break;
		if (!in_words(sp, source, w, k))
			continue;
		st = ko_tail(sp, w + k, n - k, glue_kind(w, k), wait, true);
		if (st == SPELL_OK)
			return st;
		pending = pending || st == SPELL_PENDING;
	}
	st = ko_morph_cached(sp, w, n, wait);
	if (st == SPELL_BAD && pending)
		st = SPELL_PENDING;
	return st;
}

/* Check one token of text (as returned by spell_tokenize on that text).
 * source (may be NULL): the words of the source block. */
static SpellStatus spell_check_token(Spell *sp, const char *text,
                              const SpellToken *t, const SpellWords *source,
                              SpellWait wait)
{
	Buf b = BUF_INIT;
	if (spell_is_nfc_fast(text + t->off, t->len)) /* NFC already: a copy (NUL-ended) */
		buf_add(&b, text + t->off, t->len);
	else
		text_nfc(text + t->off, t->len, &b);
	SpellStatus st = b.len ? check_nfc(sp, b.p, b.len, t->script, t->glued,
	                                   source, wait)
	                       : SPELL_OK;
	buf_release(&b);
	return st;
}

SpellStatus spell_check_word(Spell *sp, const char *s, size_t n,
                             SpellWait wait)
{
	SpellToken t = {0, n, is_hangul_word(s, n) ? SPELL_HANGUL : SPELL_LATIN,
	                false};
	return spell_check_token(sp, s, &t, NULL, wait);
}

size_t spell_check_text(Spell *sp, const char *s, size_t n,
                        const SpellWords *source, SpellWait wait,
                        SpellMisses *out)
{
	SpellTokens t = {0};
	spell_tokenize(s, n, &t);
	size_t bad = 0;
	for (size_t i = 0; i < t.n; i++) {
		SpellStatus st = spell_check_token(sp, s, &t.v[i], source, wait);
		if (st == SPELL_OK)
			continue;
		SpellMiss m = {t.v[i].off, t.v[i].len, st};
		VEC_PUSH(out, m);
		bad += st == SPELL_BAD;
	}
	VEC_FREE(&t);
	return bad;
}
