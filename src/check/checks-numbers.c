/* numbers: what a translation carries over as it is, after Translate
 * Toolkit's pofilter checks of the same names (issue 40): the numbers of
 * the English's prose (16 GB, 3.6, 75%, 2023: rule numbers) and its
 * acronyms (GPU, FSDP: rule acronyms) missing from the Korean, and a word
 * written twice in a row (rule doublewords, no English needed). */
#include "check-private.h"

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool upper(char c)
{
	return c >= 'A' && c <= 'Z';
}

/* A side's text: one block as it is, several as their line range. */
static void side_text(const Lines *L, const RstDoc *d, size_t first, size_t n, Joined *j)
{
	if (n == 1)
		joined_block(L, &d->v[first], j);
	else
		joined_lines(L, d->v[first].first, d->v[first + n - 1].last, j);
}

/* The number starting at s[i] (digits, with ',' or '.' between digits),
 * its end in *e; the digits without the thousands' commas in out. */
static void number_at(const char *s, size_t n, size_t i, size_t *e, Buf *out)
{
	buf_clear(out);
	size_t k = i;
	while (k < n) {
		if (digit(s[k])) {
			buf_addc(out, s[k++]);
		} else if ((s[k] == ',' || s[k] == '.') && k + 1 < n && digit(s[k + 1]) && k > i &&
		           digit(s[k - 1])) {
			if (s[k] == '.')
				buf_addc(out, '.');
			k++;
		} else {
			break;
		}
	}
	*e = k;
}

/* The numbers of t (whole numbers, thousands' commas dropped) into set:
 * one pass, so that a paragraph of many numbers costs its length. */
static void numbers_of(const char *t, size_t n, SpellWords *set)
{
	Buf b = BUF_INIT;
	for (size_t i = 0; i < n;) {
		if (!digit(t[i]) || (i > 0 && (digit(t[i - 1]) || t[i - 1] == '.'))) {
			i++;
			continue;
		}
		size_t e;
		number_at(t, n, i, &e, &b);
		spell_words_add(set, b.p, b.len);
		i = e;
	}
	buf_release(&b);
}

/* Is s[i..i+n) a whole word (no letter, digit or '_' on either side)? */
static bool whole(const char *s, size_t len, size_t i, size_t n)
{
	char a = i ? s[i - 1] : ' ', b = i + n < len ? s[i + n] : ' ';
	return !letter(a) && !digit(a) && a != '_' && !letter(b) && !digit(b) && b != '_';
}

/* The words of t (letters and digits) into set, once. */
static void words_of(const char *t, size_t n, SpellWords *set)
{
	for (size_t i = 0; i < n;) {
		if (!letter(t[i]) && !digit(t[i])) {
			i++;
			continue;
		}
		size_t e = i;
		while (e < n && (letter(t[e]) || digit(t[e])))
			e++;
		spell_words_add(set, t + i, e - i);
		i = e;
	}
}

/* An acronym of the English (two capitals or more, digits allowed: GPU,
 * FSDP, FP8), not a word written in capitals for emphasis (NOT, NOTE: the
 * English dictionary knows it). */
static bool acronym_at(const Unit *u, const char *s, size_t n, size_t i, size_t *e)
{
	size_t k = i, caps = 0;
	while (k < n && (upper(s[k]) || digit(s[k])))
		caps += upper(s[k++]);
	*e = k;
	if (caps < 2 || k - i > 8 || !upper(s[i]) || !whole(s, n, i, k - i))
		return false;
	if (k < n && (s[k] == '.' || s[k] == '/' || s[k] == '-') && k + 1 < n && letter(s[k + 1]))
		return false; /* a path or a name: CUDA_HOME, README.md */
	if (i > 0 && (s[i - 1] == '.' || s[i - 1] == '/' || s[i - 1] == '-'))
		return false;
	if (u->d->spell && caps == k - i && k - i >= 3) {
		char low[9];
		for (size_t c = 0; c < k - i; c++)
			low[c] = (char)(s[i + c] | 0x20);
		if (spell_check_word(u->d->spell, low, k - i, SPELL_BLOCK) == SPELL_OK)
			return false;
	}
	return caps == k - i || k - i >= 3;
}

/* The source's prose with what markup-mismatch compares (literals, roles,
 * URLs) masked: its numbers and acronyms in out (each once). */
static void numbers_and_acronyms(const Unit *u, const char *m, size_t n, const char *tgt,
                                 size_t tn, const Joined *tj, FindingVec *out)
{
	Buf num = BUF_INIT;
	VEC(char *) seen = {0};
	SpellWords tnums = {0}, twords = {0};
	numbers_of(tgt, tn, &tnums);
	size_t line = tj->first, byte = 0;
	/* at the segment's first line, naming its lines (the number's place in
	 * the Korean is what is unknown) */
	const Block *t0 = &u->d->tb->v[u->tgt], *t1 = &u->d->tb->v[u->tgt + u->tgt_n - 1];
	size_t first = t0->kind == BK_TITLE ? t0->text_line : t0->first;
	size_t last = t1->kind == BK_TITLE ? t1->text_line : t1->last;
	line = first;
	byte = MIN((size_t)t0->indent, lines_get(u->d->tgt, line).n);
	Buf where = BUF_INIT;
	if (last > first)
		buf_addf(&where, " (lines %zu-%zu)", first + 1, last + 1);
	for (size_t i = 0; i < n;) {
		size_t e = i + 1;
		bool is_num = digit(m[i]) && (i == 0 || (!letter(m[i - 1]) && !digit(m[i - 1]) &&
		                                         m[i - 1] != '_' && m[i - 1] != '.' &&
		                                         m[i - 1] != '-' && m[i - 1] != ','));
		if (is_num) {
			number_at(m, n, i, &e, &num);
			/* a small whole number is often a Korean numeral (두 개, 세 번째) */
			bool small = !strchr(num.p, '.') && num.len == 1;
			/* a version or a list marker at a line's start ("1.", "2)") */
			bool marker = (e < n && (m[e] == ')' || (m[e] == '.' && (e + 1 >= n || m[e + 1] == ' ')))) &&
			              (i == 0 || m[i - 1] == '\n' || m[i - 1] == ' ') && num.len <= 2;
			/* in the Korean, or reported already (added below) */
			if (!small && !marker && !spell_words_has(&tnums, num.p, num.len)) {
				spell_words_add(&tnums, num.p, num.len); /* reported once */
				Finding *f = finding_add(u, out, CK_NUMBERS, SEV_WARNING, line, byte,
				                         "'%.*s' of the source is not in the translation%s: a "
				                         "number is carried over as it is (rule numbers)",
				                         (int)(e - i), m + i, where.p ? where.p : "");
				f->last = last;
			}
		} else if (upper(m[i]) && i > 0 && m[i - 1] == '(') {
			/* an acronym where the English introduces it, "Fully Sharded
			 * Data Parallel (FSDP)": the Korean drops it there, and the
			 * later FSDP have nothing to refer to (translating NN as 신경망
			 * elsewhere is no loss) */
			bool intro = acronym_at(u, m, n, i, &e) && e < n && (m[e] == ')' || m[e] == ',');
			if (intro && !twords.n)
				words_of(tgt, tn, &twords);
			if (intro && !spell_words_has(&twords, m + i, e - i)) {
				char *a = xmemdup0(m + i, e - i);
				bool dup = false;
				for (size_t k = 0; k < seen.n && !dup; k++)
					dup = !strcmp(seen.v[k], a);
				if (!dup) {
					VEC_PUSH(&seen, a);
					Finding *f = finding_add(
						u, out, CK_NUMBERS, SEV_INFO, line, byte,
						"'%s' of the source is not in the translation%s: the English "
						"introduces the acronym here; keep it, 한글(%s) (rule acronyms)", a,
						where.p ? where.p : "", a);
					f->last = last;
				} else {
					free(a);
				}
			}
			while (e < n && (letter(m[e]) || digit(m[e])))
				e++;
		} else if (letter(m[i]) || digit(m[i])) {
			while (e < n && (letter(m[e]) || digit(m[e]) || m[e] == '_'))
				e++;
		}
		i = e;
	}
	for (size_t k = 0; k < seen.n; k++)
		free(seen.v[k]);
	VEC_FREE(&seen);
	spell_words_release(&tnums);
	spell_words_release(&twords);
	buf_release(&where);
	buf_release(&num);
}

/* doublewords: "모델 모델", "the the" in the masked prose m of j. */
static void doublewords(const Unit *u, const char *m, size_t n, const Joined *j, FindingVec *out)
{
	size_t pa = SIZE_MAX, pe = 0; /* the previous word */
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)m[i];
		bool word = letter(m[i]) || (c >= 0xea && c <= 0xed && ko_syllable(check_cp_at(m, n, i)));
		if (!word) {
			if (m[i] != ' ')
				pa = SIZE_MAX; /* punctuation, markup, a line break between */
			i++;
			continue;
		}
		size_t e = i;
		while (e < n && (letter(m[e]) || ko_syllable(check_cp_at(m, n, e))))
			e += letter(m[e]) ? 1 : 3;
		bool spaced_once = pa != SIZE_MAX && pe + 1 == i && m[pe] == ' ';
		if (spaced_once && e - i == pe - pa && memcmp(m + pa, m + i, e - i) == 0 &&
		    (e >= n || !digit(m[e])) && (e - i >= 2)) {
			size_t line, byte;
			joined_pos(j, pa, &line, &byte);
			Finding *f = finding_add(u, out, CK_NUMBERS, SEV_WARNING, line, byte,
			                         "'%.*s %.*s' — a word written twice (rule doublewords)",
			                         (int)(pe - pa), j->text.p + pa, (int)(e - i), j->text.p + i);
			size_t l2, b2;
			joined_pos(j, i, &l2, &b2);
			if (l2 == line)
				finding_set_fix(f, line, byte + (pe - pa), b2 + (e - i), "");
			f->suggestion = xmemdup0(j->text.p + pa, pe - pa);
		}
		pa = i;
		pe = e;
		i = e;
	}
}

void check_numbers(const Unit *u, FindingVec *out)
{
	if (!u->tgt_n || !check_doc_is_korean(u->d))
		return;
	const Block *tb = &u->d->tb->v[u->tgt];
	if (!check_block_has_inline(tb->kind) || tb->kind == BK_TABLE)
		return;
	Joined tj;
	side_text(u->d->tgt, u->d->tb, u->tgt, u->tgt_n, &tj);
	Buf tm = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(tj.text.p, tj.text.len, &tm, &inl);
	bool hangul = false;
	for (size_t i = 0; i + 2 < tj.text.len && !hangul; i++)
		hangul = ko_syllable(check_cp_at(tj.text.p, tj.text.len, i));
	if (hangul) {
		doublewords(u, tm.p, tj.text.len, &tj, out);
		const Block *sb = u->src_n ? &u->d->sb->v[u->src] : NULL;
		if (sb && check_block_has_inline(sb->kind) && sb->kind != BK_TABLE) {
			Joined sj;
			side_text(u->d->src, u->d->sb, u->src, u->src_n, &sj);
			Str a = str_trim(buf_str(&sj.text)), b = str_trim(buf_str(&tj.text));
			if (!str_eq(a, b)) {
				Buf sm = BUF_INIT;
				InlineVec sinl = {0};
				prose_mask(sj.text.p, sj.text.len, &sm, &sinl);
				numbers_and_acronyms(u, sm.p, sj.text.len, tj.text.p, tj.text.len, &tj, out);
				VEC_FREE(&sinl);
				buf_release(&sm);
			}
			joined_release(&sj);
		}
	}
	VEC_FREE(&inl);
	buf_release(&tm);
	joined_release(&tj);
}
