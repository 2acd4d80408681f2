/* spelling: words the hunspell Korean or English dictionary rejects, in
 * the prose blocks of the target (titles, paragraphs, list items, field
 * bodies).  The tokenizer of src/spell skips code, literals, roles,
 * references, URLs and substitutions; the words of the aligned source
 * blocks never flag (names kept from the English), nor glossary terms or
 * listed words (the Spell object knows those). */
#include "check-private.h"
#include "yeok/text.h"

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

/* The last character of a line but spaces. */
static char last_char(const char *p, size_t n)
{
	while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
		n--;
	return n ? p[n - 1] : '\0';
}

/* Author and translator lines: names are never words to check, nor the
 * names of the lines that go on from one ("번역:" then a line of names,
 * "Authors: A," then "B"). */
static void blank_header_lines(const Joined *j, Buf *text)
{
	bool goes_on = false;
	for (size_t k = 0; k < j->nlines; k++) {
		size_t from = j->start[k];
		size_t to = k + 1 < j->nlines ? j->start[k + 1] - 1 : text->len;
		char end = last_char(text->p + from, to - from);
		if (goes_on || check_header_line((Str){text->p + from, to - from})) {
			goes_on = end == ':' || end == ',';
			memset(text->p + from, ' ', to - from);
		}
	}
}

static bool affixed(Spell *sp, const char *w, size_t n);

/* A Hangul word hunspell rejects that is two words it accepts written
 * together (함수안에서, 입력대신): spacing, not spelling. */
static size_t two_words(Spell *sp, const char *w, size_t n)
{
	for (size_t k = 6; k + 3 <= n; k += 3) {
		if (((unsigned char)w[k] & 0xc0) == 0x80)
			continue;
		/* one syllable after: only the nouns that stand apart (할수, 지점간) */
		if (n - k == 3 && memcmp(w + k, "수", 3) && memcmp(w + k, "것", 3) &&
		    memcmp(w + k, "때", 3) && memcmp(w + k, "간", 3))
			continue;
		/* not a word and its particle or ending (실험군의+에서, 에제+들은,
		 * 할당+해두야): those are spelling */
		size_t st;
		/* a particle after the genitive 의 (실험군의에서) is no word */
		Str rest = {w + k, n - k};
		if (str_find(rest, STR_LIT("의에")) >= 0 || str_find(rest, STR_LIT("의를")) >= 0 ||
		    str_find(rest, STR_LIT("의가")) >= 0 || str_find(rest, STR_LIT("의는")) >= 0)
			return 0;
		if (ko_is_particle(w + k, n - k) || memcmp(w + k, "들", 3) == 0 ||
		    memcmp(w + k - 3, "의", 3) == 0 || (check_is_hada_form(w, n, &st) && st == k))
			continue;
		if (spell_check_word(sp, w, k, SPELL_BLOCK) == SPELL_OK &&
		    (spell_check_word(sp, w + k, n - k, SPELL_BLOCK) == SPELL_OK ||
		     affixed(sp, w + k, n - k)))
			return k;
	}
	return 0;
}

/* Latin words of at least 4 letters in s[0..n) (outside nothing: the
 * caller passes masked or plain text), case-folded -> as written. */
typedef struct Case {
	char *fold, *form;
} Case;
typedef VEC(Case) CaseVec;

static void latin_words(const char *s, size_t n, CaseVec *out)
{
	for (size_t i = 0; i < n;) {
		size_t e = i;
		while (e < n && ((s[e] >= 'a' && s[e] <= 'z') || (s[e] >= 'A' && s[e] <= 'Z')))
			e++;
		if (e - i >= 4) {
			Case c = {xmemdup0(s + i, e - i), xmemdup0(s + i, e - i)};
			for (char *p = c.fold; *p; p++)
				*p = (char)(*p | 0x20);
			VEC_PUSH(out, c);
		}
		i = e > i ? e : i + 1;
	}
}

static void cases_free(CaseVec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->v[i].fold);
		free(v->v[i].form);
	}
	VEC_FREE(v);
}

/* "PyTOrch" where the source writes "PyTorch": a name with its capitals
 * wrong (the tokenizer leaves camelCase names to this). */
static void case_variants(const Unit *u, const Joined *tj, const CaseVec *src, FindingVec *out)
{
	Buf mask = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(tj->text.p, tj->text.len, &mask, &inl);
	VEC_FREE(&inl);
	CaseVec tw = {0};
	latin_words(mask.p, tj->text.len, &tw);
	for (size_t i = 0; i < tw.n; i++) {
		const char *w = tw.v[i].form;
		size_t upper = 0, n = strlen(w);
		for (size_t k = 0; k < n; k++)
			upper += w[k] >= 'A' && w[k] <= 'Z';
		if (upper < 2 || upper == n)
			continue;
		const char *want = NULL;
		bool exact = false;
		for (size_t k = 0; k < src->n && !exact; k++) {
			if (strcmp(src->v[k].fold, tw.v[i].fold) != 0)
				continue;
			size_t su = 0;
			for (const char *p = src->v[k].form; *p; p++)
				su += *p >= 'A' && *p <= 'Z';
			if (strcmp(src->v[k].form, w) == 0)
				exact = true;
			else if (su >= 2)
				want = src->v[k].form; /* a lowercase form is a package name */
		}
		if (exact || !want)
			continue;
		ptrdiff_t at = str_find(buf_str(&mask), str_from(w));
		if (at < 0)
			continue;
		size_t line, byte;
		joined_pos(tj, (size_t)at, &line, &byte);
		Finding *f = finding_add(u, out, CK_SPELLING, SEV_WARNING, line, byte,
		                         "'%s' — the source writes '%s'", w, want);
		f->suggestion = xstrdup(want);
	}
	cases_free(&tw);
	buf_release(&mask);
}

/* A Sino-Korean prefix or suffix of one syllable on a word hunspell knows
 * (재샤딩하기, 저정밀, 고차; 실행기, 은닉층, 가끔씩, 배치당 "per batch"): a word
 * of its own. */
static bool affixed(Spell *sp, const char *w, size_t n)
{
	static const char *const pre[] = {"재", "비", "미", "역", "초", "고", "저", "다", "탈", "반",
	                                  "무", "불", "준", "부", "대", "소", "신", "구"};
	static const char *const suf[] = {"기", "자", "성", "적", "화", "률", "율", "량", "값", "형",
	                                  "식", "법", "층", "씩", "별", "용", "상", "내", "류", "당"};
	/* 수 "several" before a numeral or a counter (수십억, 수개월이) */
	static const char *const several[] = {"십", "백", "천", "만", "억", "조", "개월", "년", "일",
	                                      "주", "시간", "분", "초", "배"};
	if (n >= 6 && memcmp(w, "수", 3) == 0)
		for (size_t i = 0; i < ARRAY_LEN(several); i++)
			if (n - 3 >= strlen(several[i]) && memcmp(w + 3, several[i], strlen(several[i])) == 0 &&
			    (n - 3 == strlen(several[i]) ||
			     spell_check_word(sp, w + 3, n - 3, SPELL_BLOCK) == SPELL_OK ||
			     ko_is_particle(w + 3 + strlen(several[i]), n - 3 - strlen(several[i]))))
				return true;
	if (n < 9)
		return n == 6 && (spell_check_word(sp, w + 3, 3, SPELL_BLOCK) == SPELL_OK) &&
		       memcmp(w, "고", 3) == 0;
	for (size_t i = 0; i < ARRAY_LEN(pre); i++)
		if (memcmp(w, pre[i], 3) == 0 && spell_check_word(sp, w + 3, n - 3, SPELL_BLOCK) == SPELL_OK)
			return true;
	/* the suffix may carry a particle: 실행기를 */
	for (size_t k = 6; k + 3 <= n; k += 3) {
		for (size_t i = 0; i < ARRAY_LEN(suf); i++) {
			if (memcmp(w + k, suf[i], 3) != 0)
				continue;
			if (k + 3 < n && !ko_is_particle(w + k + 3, n - k - 3))
				continue;
			if (spell_check_word(sp, w, k, SPELL_BLOCK) == SPELL_OK)
				return true;
		}
	}
	return false;
}

/* ---- loanwords -------------------------------------------------------------
 * A Hangul word hunspell does not know that transliterates an English word
 * of its segment's source (컨볼루션 for convolution, 챗봇 for chatbot,
 * 원핫 for one-hot) is a loanword, not a misspelling.  Both are reduced to
 * their consonants as Korean transliteration hears them, vowels dropped:
 * 컨볼루션 and convolution are both K N P L S N. */

/* The English words of a source text, lower case, in order; adjacent[i]:
 * word i + 1 follows word i after only a space or a hyphen (one-hot). */
struct EnWords {
	VEC(char *) w;
	VEC(bool) adjacent;
};

static void en_words_add(EnWords *ew, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t e = i;
		while (e < n && ((s[e] | 0x20) >= 'a' && (s[e] | 0x20) <= 'z'))
			e++;
		if (e == i) {
			i++;
			continue;
		}
		char *w = xmemdup0(s + i, e - i);
		for (char *p = w; *p; p++)
			*p = (char)(*p | 0x20);
		VEC_PUSH(&ew->w, w);
		bool adj = e + 1 < n && (s[e] == ' ' || s[e] == '-') &&
		           ((s[e + 1] | 0x20) >= 'a' && (s[e + 1] | 0x20) <= 'z');
		VEC_PUSH(&ew->adjacent, adj);
		i = e;
	}
}

static void en_words_release(EnWords *ew)
{
	for (size_t i = 0; i < ew->w.n; i++)
		free(ew->w.v[i]);
	VEC_FREE(&ew->w);
	VEC_FREE(&ew->adjacent);
}

/* Does the Hangul stem s[0..n) transliterate a word of ew (or two or three
 * adjacent ones: 원핫, one-hot; 엔드투엔드, end-to-end)? */
static bool transliterates(const EnWords *ew, const char *s, size_t n)
{
	for (size_t i = 0; i < ew->w.n; i++) {
		Buf joined = BUF_INIT;
		for (size_t k = i; k < ew->w.n && k < i + 3; k++) {
			buf_adds(&joined, ew->w.v[k]);
			bool ok = ko_transliterates(s, n, joined.p, joined.len, 2);
			if (ok || !ew->adjacent.v[k]) {
				buf_release(&joined);
				if (ok)
					return true;
				break;
			}
		}
		buf_release(&joined);
	}
	return false;
}

/* A Hangul word whose stem (the word, or it without a particle or a
 * 하다/되다 ending) of two syllables or more transliterates a source word. */
static bool source_loanword(const EnWords *ew, const char *w, size_t n)
{
	if (!ew || !ew->w.n)
		return false;
	size_t st;
	if (check_is_hada_form(w, n, &st) && transliterates(ew, w, st))
		return true;
	for (size_t k = n; k >= 6; k -= 3) {
		if ((k == n || ko_is_particle(w + k, n - k) ||
		     (memcmp(w + k, "들", 3) == 0 && (k + 3 == n || ko_is_particle(w + k + 3, n - k - 3)))) &&
		    transliterates(ew, w, k))
			return true;
	}
	return false;
}

/* The English of a gloss at s[i] == '(': its ASCII text up to ')', at
 * most 80 bytes; false when there is none. */
static bool gloss_at(const char *s, size_t n, size_t i, size_t *from, size_t *to)
{
	if (i >= n || s[i] != '(')
		return false;
	size_t e = i + 1;
	while (e < n && e - i < 80 && s[e] != ')' && (unsigned char)s[e] < 0x80)
		e++;
	if (e >= n || s[e] != ')' || e == i + 1)
		return false;
	*from = i + 1;
	*to = e;
	return true;
}

/* Does Hangul word w[0..wl) transliterate a word of the English e[0..en)? */
static bool transliterates_text(const char *w, size_t wl, const char *e, size_t en)
{
	EnWords ew = {0};
	en_words_add(&ew, e, en);
	bool ok = source_loanword(&ew, w, wl);
	en_words_release(&ew);
	return ok;
}

/* Hangul words before a gloss: a word of s at off of wl bytes, then at
 * most three more Hangul words, each after one space, then a gloss (바다나우
 * 어텐션(Bahdanau Attention)).  Gives the gloss's English. */
static bool phrase_gloss(const char *s, size_t n, size_t off, size_t wl, size_t *from, size_t *to)
{
	size_t i = off + wl;
	for (int k = 0; k <= 3; k++) {
		if (gloss_at(s, n, i, from, to))
			return true;
		if (i + 1 >= n || s[i] != ' ' || (unsigned char)s[i + 1] < 0x80)
			return false;
		i++;
		while (i < n && (unsigned char)s[i] >= 0x80)
			i++;
	}
	return false;
}

/* A Hangul word glossed with its English after it, right after it or
 * after the rest of its phrase (리포팅(reporting), 챗봇(chatbot)할, 바다나우
 * 어텐션(Bahdanau Attention)), that transliterates a word of that English:
 * the translator's loanword, shown with its origin. */
static bool glossed_loanword(const char *s, size_t n, size_t off, size_t wl)
{
	size_t from, to;
	return phrase_gloss(s, n, off, wl, &from, &to) &&
	       transliterates_text(s + off, wl, s + from, to - from);
}

/* A Latin word inside a gloss (at off, wl bytes) that a Hangul word of the
 * phrase before the gloss transliterates: a name the translator wrote both
 * ways (바다나우 어텐션(Bahdanau Attention): 'Bahdanau'). */
static bool glossed_name(const char *s, size_t n, size_t off, size_t wl)
{
	size_t open = off;
	while (open > 0 && off - open < 80 && s[open - 1] != '(' && (unsigned char)s[open - 1] < 0x80)
		open--;
	if (open == 0 || s[open - 1] != '(')
		return false;
	open--;
	size_t from, to;
	if (!gloss_at(s, n, open, &from, &to) || to < off + wl)
		return false;
	/* the phrase's Hangul words back from the gloss: at most four */
	size_t e = open;
	for (int k = 0; k < 4 && e > 0 && (unsigned char)s[e - 1] >= 0x80; k++) {
		size_t b = e;
		while (b > 0 && (unsigned char)s[b - 1] >= 0x80)
			b--;
		if (transliterates_text(s + b, e - b, s + off, wl))
			return true;
		if (b < 2 || s[b - 1] != ' ')
			break;
		e = b - 1;
	}
	return false;
}

void spelling_in_text(const Unit *u, const char *s, size_t n, const Joined *j,
                      const SpellWords *src, const EnWords *ew, FindingVec *out)
{
	Spell *sp = u->d->spell;
	SpellMisses m = {0};
	spell_check_text(sp, s, n, src, SPELL_BLOCK, &m);
	for (size_t i = 0; i < m.n; i++) {
		if (m.v[i].status != SPELL_BAD)
			continue;
		const char *w = s + m.v[i].off;
		size_t wl = m.v[i].len;
		if ((unsigned char)w[0] >= 0x80 && affixed(sp, w, wl))
			continue;
		/* a particle on its own is no word to spell: after markup (`*배치*
		 * 를`, the blank RST needs), a quote ("가짜 양자화"를) or at a line's
		 * start it is right, after a word it is spacing's (latin-particle) */
		if ((unsigned char)w[0] >= 0x80 && ko_is_particle(w, wl))
			continue;
		size_t split = 0;
		if ((unsigned char)w[0] >= 0x80 && (split = two_words(sp, w, wl))) {
			/* two words written together: spacing when the second is one
			 * that stands apart after a noun (통찰력있는, 함수안에서) */
			static const char *const apart[] = {"있", "없", "안에", "안의", "대신", "수", "것",
			                                    "때", "동안", "위해", "위한", "같은", "같이",
			                                    "간"};
			bool aux = false;
			for (size_t a = 0; a < ARRAY_LEN(apart) && !aux; a++)
				aux = wl - split >= strlen(apart[a]) &&
				      memcmp(w + split, apart[a], strlen(apart[a])) == 0;
			if (aux && (!u->set || u->set->on[CK_SPACING])) {
				size_t line, byte;
				joined_pos(j, m.v[i].off + split, &line, &byte);
				Finding *f = finding_add(u, out, CK_SPACING, SEV_WARNING, line, byte,
				                         "'%.*s' — two words written together: '%.*s %.*s' "
				                         "(rule compound-aux)", (int)wl, w, (int)split, w,
				                         (int)(wl - split), w + split);
				finding_set_fix(f, line, byte, byte, " ");
				f->suggestion = xasprintf("%.*s %.*s", (int)split, w, (int)(wl - split),
				                          w + split);
			}
			continue;
		}
		if ((unsigned char)w[0] >= 0x80 &&
		    (source_loanword(ew, w, wl) || glossed_loanword(s, n, m.v[i].off, wl)))
			continue;
		if ((unsigned char)w[0] < 0x80 &&
		    (spell_words_has(u->d->en_words, w, wl) || glossed_name(s, n, m.v[i].off, wl)))
			continue;
		size_t line, byte;
		joined_pos(j, m.v[i].off, &line, &byte);
		Finding *f = finding_add(u, out, CK_SPELLING, SEV_WARNING, line, byte,
		                         "unknown word '%.*s'", (int)wl, w);
		f->suggestion = spell_suggest_first(sp, w, wl);
	}
	VEC_FREE(&m);
}

void check_en_words_add(SpellWords *w, const Lines *src, size_t from, size_t to)
{
	for (size_t i = from; i < to && i < src->n; i++) {
		Str l = lines_get(src, i);
		spell_words_add_text(w, l.p, l.n);
	}
}

void check_spelling(const Unit *u, FindingVec *out)
{
	Spell *sp = u->d->spell;
	if (!sp || !u->tgt_n)
		return;
	SpellWords src = {0};
	EnWords ew = {0};
	for (size_t i = u->src; i < u->src + u->src_n; i++) {
		const Block *b = &u->d->sb->v[i];
		Joined j;
		if (b->kind == BK_LITERAL) {
			if (!comment_text(u->d->src, u->d->sb, b, &j))
				continue;
		} else if (check_block_has_inline(b->kind)) {
			joined_block(u->d->src, b, &j);
		} else {
			continue;
		}
		spell_words_add_text(&src, j.text.p, j.text.len);
		en_words_add(&ew, j.text.p, j.text.len);
		joined_release(&j);
	}
	bool korean = check_doc_is_korean(u->d);
	CaseVec sw = {0};
	for (size_t i = u->src; i < u->src + u->src_n; i++) {
		const Block *b = &u->d->sb->v[i];
		if (!check_block_has_inline(b->kind))
			continue;
		Joined j;
		joined_block(u->d->src, b, &j);
		latin_words(j.text.p, j.text.len, &sw);
		joined_release(&j);
	}
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		Joined j;
		if (b->kind == BK_LITERAL) {
			/* comments are prose (translated ones: Hangul in them) */
			if (!korean || !comment_text(u->d->tgt, u->d->tb, b, &j))
				continue;
			bool hangul = false;
			for (size_t i = 0; i + 2 < j.text.len && !hangul; i++)
				hangul = (unsigned char)j.text.p[i] >= 0xea &&
				         (unsigned char)j.text.p[i] <= 0xed;
			if (!hangul) {
				joined_release(&j);
				continue;
			}
		} else if (admonition_text(u->d->tgt, b, &j)) {
			/* ".. note:: 문장" and its lines */
		} else if (spell_block(b->kind)) {
			joined_block(u->d->tgt, b, &j);
			if (b->kind == BK_FIELD)
				blank_field_name(&j.text);
			blank_header_lines(&j, &j.text);
		} else {
			continue;
		}
		spelling_in_text(u, j.text.p, j.text.len, &j, &src, &ew, out);
		if (korean && sw.n && b->kind != BK_LITERAL)
			case_variants(u, &j, &sw, out);
		joined_release(&j);
	}
	cases_free(&sw);
	en_words_release(&ew);
	spell_words_release(&src);
}
