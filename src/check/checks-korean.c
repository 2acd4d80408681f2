/* spacing and punctuation: Korean rules that hunspell misses, on masked
 * prose (inline markup, URLs and escapes blanked; see prose_mask) of the
 * target's prose blocks and code comments.  Each finding names its rule
 * ("(rule latin-particle)"); every rule has positive and negative tests
 * from real lines (tests/unit/test-check-korean.c) and was kept only when
 * right on at least 90% of what it flags in the review-fix sample
 * (tests/tools/score-review-fixes.py --rules spacing). */
#include "check-private.h"
#include "yeok/text.h"

/* ---- text scanning ------------------------------------------------------ */

static int32_t cp_at(const char *s, size_t n, size_t i, size_t *len)
{
	if (i < n && (unsigned char)s[i] < 0x80) {
		*len = 1;
		return (unsigned char)s[i];
	}
	if (check_syl_at(s, n, i)) { /* the usual case, without a call */
		*len = 3;
		return check_syl_cp(s + i);
	}
	int32_t cp;
	*len = i < n ? text_decode(s + i, n - i, &cp) : 0;
	return i < n ? cp : -1;
}

/* End of the Hangul syllable run starting at i. */
static size_t hangul_run(const char *s, size_t n, size_t i)
{
	while (check_syl_at(s, n, i))
		i += 3;
	return i;
}

/* The syllable before offset i (-1 when none). */
static int32_t syl_before(const char *s, size_t i)
{
	return i >= 3 && check_syl_at(s, i, i - 3) ? check_syl_cp(s + i - 3) : -1;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* A short quote around [a, b) of s for messages. */
static void quote_span(const char *s, size_t n, size_t a, size_t b, Buf *out)
{
	while (a > 0 && !is_space(s[a - 1]) && s[a - 1] != 1 && b - a < 40)
		a--;
	while (b < n && !is_space(s[b]) && s[b] != 1 && b - a < 60)
		b++;
	while (a < b && ((unsigned char)s[a] & 0xc0) == 0x80)
		a++;
	while (b < n && ((unsigned char)s[b] & 0xc0) == 0x80)
		b++;
	buf_add(out, s + a, b - a);
}

typedef struct Text {
	const Unit *u;
	const char *s;  /* the original text (joined block) */
	const char *m;  /* masked copy */
	size_t n;
	const Joined *j;
	InlineVec inl;
	bool comment;   /* code comments: no markup, fewer rules */
	bool table;
} Text;

static Finding *add(Text *t, FindingVec *out, CheckId id, CheckSeverity sev, size_t off,
                    const char *rule, const char *fmt, ...) PRINTF_LIKE(7, 8);
static Finding *add(Text *t, FindingVec *out, CheckId id, CheckSeverity sev, size_t off,
                    const char *rule, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	size_t line, byte;
	joined_pos(t->j, off, &line, &byte);
	Finding *f = finding_add(t->u, out, id, sev, line, byte, "%s (rule %s)", msg, rule);
	free(msg);
	return f;
}

/* A fix replacing s[a, b) when both are on one line. */
static void fix_range(Text *t, Finding *f, size_t a, size_t b, const char *with)
{
	size_t la, ba, lb, bb;
	joined_pos(t->j, a, &la, &ba);
	joined_pos(t->j, b, &lb, &bb);
	if (la == lb)
		finding_set_fix(f, la, ba, bb, with);
	free(f->suggestion);
	f->suggestion = xstrdup(with);
}

/* ---- spacing rules ---------------------------------------------------------- */

/* The closing quote that ends at m[i] (exclusive), after quoted text
 * ("'더미 데이터' 를", "“옮긴다” 라고"): true, with *open where the quoted
 * text's opening quote starts on the same line (else the closing one). */
static bool closing_quote(const char *m, size_t i, size_t *open)
{
	/* ’ ” 」 』 and their openings ‘ “ 「 『 */
	static const char *const close3[] = {"\xe2\x80\x99", "\xe2\x80\x9d", "\xe3\x80\x8d",
	                                     "\xe3\x80\x8f"};
	static const char *const open3[] = {"\xe2\x80\x98", "\xe2\x80\x9c", "\xe3\x80\x8c",
	                                    "\xe3\x80\x8e"};
	const char *want = NULL;
	size_t ql = 0;
	if (i >= 2 && (m[i - 1] == '\'' || m[i - 1] == '"') && !is_space(m[i - 2]) &&
	    m[i - 2] != '(' && m[i - 2] != '=') {
		want = m[i - 1] == '"' ? "\"" : "'";
		ql = 1;
	}
	for (size_t k = 0; !ql && i >= 4 && k < ARRAY_LEN(close3); k++)
		if (memcmp(m + i - 3, close3[k], 3) == 0 && !is_space(m[i - 4])) {
			want = open3[k];
			ql = 3;
		}
	if (!ql)
		return false;
	*open = i - ql;
	size_t wl = strlen(want);
	for (size_t a = i - ql; a >= wl && m[a - 1] != '\n' && i - a < 120; a--)
		if (memcmp(m + a - wl, want, wl) == 0) {
			*open = a - wl;
			break;
		}
	return true;
}

/* latin-particle: "Raspberry Pi 에", "BERT 처럼", "(선택) 을": a plain word
 * (not markup: after markup docutils needs the space) and its particle
 * (or a quoted text: closing_quote). */
static void rule_latin_particle(Text *t, FindingVec *out)
{
	const char *m = t->m;
	for (size_t i = 1; i + 1 < t->n; i++) {
		if (m[i] != ' ' || is_space(m[i - 1]) || m[i + 1] == ' ')
			continue;
		char c = m[i - 1];
		size_t open = 0;
		bool quote = closing_quote(m, i, &open);
		if (quote)
			c = ')'; /* a closing quote is the ')' of its text */
		if (!ascii_letter(c) && c != ')')
			continue;
		/* the word: letters, digits, . - ; no URL, no name_ reference */
		size_t a = i;
		while (a > 0 && (ascii_alnum(m[a - 1]) || m[a - 1] == '.' || m[a - 1] == '-'))
			a--;
		if (c != ')' && (a > 0 && (m[a - 1] == 1 || m[a - 1] == '_' || m[a - 1] == '/' ||
		                           m[a - 1] == '@' || m[a - 1] == ':')))
			continue;
		if (c == ')' && a == i)
			a = quote ? open : i - 1; /* quote the ')', or the quoted text */
		size_t e = hangul_run(m, t->n, i + 1);
		if (e == i + 1 || (e < t->n && m[e] == 1))
			continue;
		size_t l;
		int32_t next = cp_at(m, t->n, e, &l);
		if (next >= 0 && (text_is_hangul(next) || ascii_alnum((char)next)))
			continue;
		if (!ko_is_particle(m + i + 1, e - i - 1))
			continue;
		Buf q = BUF_INIT, fixed = BUF_INIT;
		buf_add(&q, t->s + a, e - a);
		buf_add(&fixed, t->s + a, i - a);
		buf_add(&fixed, t->s + i + 1, e - i - 1);
		Finding *f = add(t, out, CK_SPACING, SEV_WARNING, i, "latin-particle",
		                 "'%s' — a particle is written without a space after a word: '%s'",
		                 q.p, fixed.p);
		fix_range(t, f, i, i + 1, "");
		free(f->suggestion);
		f->suggestion = buf_detach(&fixed);
		buf_release(&q);
	}
}

/* Forms of 하다 and 되다 that follow a noun ("테스트했지만", "컴파일됩니다"). */
static const char *const hada_forms[] = {
	"하다", "하고", "하는", "하며", "하면", "하여", "하였", "하기", "하지", "하게", "하도록",
	"하려면", "하려고", "하거나", "하므로", "하세요", "하십시오", "한다", "합니다", "합시다",
	"했", "해야", "해서", "해도", "해보", "해봅", "해주", "해줍", "되다", "되고", "되는",
	"되며", "되면", "되어", "되었", "되기", "되지", "되게", "되도록", "되므로", "된다",
	"됩니다", "됐", "돼", "됨",
};
/* Whole tokens that are such forms on their own. */
static const char *const hada_words[] = {"한", "할", "함", "해", "된", "될", "하", "되"};
/* Words that start like a form but are something else. */
static const char *const not_hada[] = {"하지만", "하나", "하위", "하드", "하이", "하단",
                                       "한번", "한계", "한국", "한글", "한편", "한정",
                                       "할당", "함수", "함께", "합계", "합성", "합치",
                                       "해당", "해결", "해석", "해시", "해제", "해상",
                                       "해외", "되돌"};

static bool starts_with(const char *s, size_t n, const char *p)
{
	/* the first differing byte ends it (no strlen: a million calls) */
	size_t i = 0;
	while (p[i] && i < n && s[i] == p[i])
		i++;
	return !p[i];
}

/* Is s[0..n) the string p? */
static bool same_as(const char *s, size_t n, const char *p)
{
	size_t i = 0;
	while (p[i] && i < n && s[i] == p[i])
		i++;
	return !p[i] && i == n;
}

/* The first three bytes of s (a syllable) as a number. */
static uint32_t syl3(const char *s)
{
	return (uint32_t)(unsigned char)s[0] << 16 | (uint32_t)(unsigned char)s[1] << 8 |
	       (unsigned char)s[2];
}

/* The first syllables of the three tables: an entry is compared only with
 * a token that starts like it (all of them share their first two bytes:
 * each comparison read three bytes, 41k tokens x 79 entries a run of the
 * 30 corpus pairs). */
static uint32_t not_hada_syl[ARRAY_LEN(not_hada)], hada_words_syl[ARRAY_LEN(hada_words)],
	hada_forms_syl[ARRAY_LEN(hada_forms)];
static pthread_once_t hada_once = PTHREAD_ONCE_INIT;

static void hada_index(void)
{
	for (size_t i = 0; i < ARRAY_LEN(not_hada); i++)
		not_hada_syl[i] = syl3(not_hada[i]);
	for (size_t i = 0; i < ARRAY_LEN(hada_words); i++)
		hada_words_syl[i] = syl3(hada_words[i]);
	for (size_t i = 0; i < ARRAY_LEN(hada_forms); i++)
		hada_forms_syl[i] = syl3(hada_forms[i]);
}

/* Length of the 하다/되다 form at the start of s[0..n) (a whole Hangul
 * token), 0 when none. */
static size_t hada_len(const char *s, size_t n)
{
	/* every form starts with 하/한/할/함/합/해/했 (0xed 0x95 or 0x96) or
	 * 되/된/될/됨/됩/됐/돼 (0xeb 0x8f or 0x90): nothing else is read */
	unsigned char b0 = n >= 3 ? (unsigned char)s[0] : 0, b1 = n >= 3 ? (unsigned char)s[1] : 0;
	if (!(b0 == 0xed && (b1 == 0x95 || b1 == 0x96)) && !(b0 == 0xeb && (b1 == 0x8f || b1 == 0x90)))
		return 0;
	pthread_once(&hada_once, hada_index);
	uint32_t c0 = syl3(s);
	for (size_t i = 0; i < ARRAY_LEN(not_hada); i++)
		if (not_hada_syl[i] == c0 && starts_with(s, n, not_hada[i]))
			return 0;
	for (size_t i = 0; i < ARRAY_LEN(hada_words); i++)
		if (hada_words_syl[i] == c0 && same_as(s, n, hada_words[i]))
			return n;
	for (size_t i = 0; i < ARRAY_LEN(hada_forms); i++)
		if (hada_forms_syl[i] == c0 && starts_with(s, n, hada_forms[i]))
			return strlen(hada_forms[i]);
	return 0;
}

bool check_is_hada_form(const char *s, size_t n, size_t *stem)
{
	/* s ends in a 하다/되다 form after a stem of at least two syllables */
	for (size_t k = 6; k + 3 <= n; k += 3) {
		if (hada_len(s + k, n - k)) {
			*stem = k;
			return true;
		}
	}
	return false;
}

static bool known_stem(const Unit *u, const char *s, size_t n)
{
	/* adverbs before 하다 are apart ("따라 하다", "잘 하다") */
	static const char *const adverbs[] = {"따라", "같이", "함께", "그렇게", "이렇게", "어떻게",
	                                      "계속", "다시", "먼저", "많이"};
	for (size_t i = 0; i < ARRAY_LEN(adverbs); i++)
		if (strlen(adverbs[i]) == n && memcmp(s, adverbs[i], n) == 0)
			return false;
	/* a verb's ending is no noun: "있어야 하므로", "얻게 된", "있게 하는" */
	static const char *const endings[] = {"야", "게", "지", "고", "서", "면", "어", "아", "여",
	                                      "해", "려", "록"};
	for (size_t i = 0; i < ARRAY_LEN(endings); i++)
		if (n >= 3 && memcmp(s + n - 3, endings[i], 3) == 0)
			return false;
	const CheckIndex *x = u->d->index;
	if (check_index_stem(x, s, n))
		return true;
	if (u->d->repo && spell_words_has(&u->d->repo->hada, s, n))
		return true;
	/* Sino-Korean -화 nouns always take 하다/되다 glued: 최적화, 직렬화 */
	return n >= 6 && memcmp(s + n - 3, "화", 3) == 0;
}

/* Counters after 한/할 ("설정 한 가지" is no 하다). */
static bool counter_word(const char *s, size_t n)
{
	static const char *const c[] = {"개", "번", "가지", "명", "줄", "번째", "장", "권", "대", "쌍",
	                                "단계", "부분", "번의", "개의", "가지를", "번만", "가지의"};
	for (size_t i = 0; i < ARRAY_LEN(c); i++)
		if (starts_with(s, n, c[i]))
			return true;
	return false;
}

/* Verbs (noun + 하다) that take an object: after a plain Latin word and a
 * space they want 을/를 ("API 사용하는 법", "Cocoapods 제거합니다"). */
static const char *const object_verbs[] = {
	"사용", "구현", "생성", "호출", "설치", "정의", "실행", "적용", "변환", "수행", "전달",
	"반환", "저장", "추가", "제거", "포함", "확인", "계산", "처리", "비교", "수정", "선택",
	"작성", "활용", "이용", "초기화", "삭제", "출력", "설정", "입력",
};
/* Forms of 하다 after such a verb (not the nominal 하기 of titles). */
static const char *const object_forms[] = {
	"하는", "하여", "해서", "하면", "합니다", "해야", "할", "한다", "하고", "했", "해", "한",
	"하려면", "하도록", "하세요", "합시다",
};

/* latin-object: "API 사용하는" — the object particle after a plain Latin
 * word before its verb is missing: "API를 사용하는". */
static void rule_latin_object(Text *t, FindingVec *out)
{
	const char *m = t->m;
	for (size_t i = 1; i + 1 < t->n; i++) {
		if (m[i] != ' ' || !ascii_alnum(m[i - 1]))
			continue;
		size_t a = i;
		while (a > 0 && ascii_alnum(m[a - 1]))
			a--;
		/* a word of its own: no code (a.b, a_b, a/b), no markup, letters */
		if (a > 0 && !is_space(m[a - 1]) && m[a - 1] != '(')
			continue;
		if (!ascii_letter(m[a]) || i - a < 2)
			continue;
		size_t e = hangul_run(m, t->n, i + 1);
		if (e == i + 1)
			continue;
		const char *w = m + i + 1;
		size_t wn = e - i - 1, vl = 0;
		for (size_t v = 0; v < ARRAY_LEN(object_verbs) && !vl; v++)
			if (starts_with(w, wn, object_verbs[v]))
				vl = strlen(object_verbs[v]);
		bool form = false;
		for (size_t f = 0; f < ARRAY_LEN(object_forms) && vl && !form; f++)
			form = starts_with(w + vl, wn - vl, object_forms[f]);
		if (!form)
			continue;
		SoundEnd se = latin_sound_end(m + a, i - a);
		const char *pt = se == SE_VOWEL ? "를" : se == SE_UNKNOWN ? "을(를)" : "을";
		Buf q = BUF_INIT, fixed = BUF_INIT;
		buf_add(&q, t->s + a, e - a);
		buf_add(&fixed, t->s + a, i - a);
		buf_adds(&fixed, pt);
		buf_add(&fixed, t->s + i, e - i);
		Finding *f = add(t, out, CK_SPACING, SEV_WARNING, i, "latin-object",
		                 "'%s' — the object particle is missing: '%s'", q.p, fixed.p);
		if (se != SE_UNKNOWN)
			fix_range(t, f, i, i, pt);
		free(f->suggestion);
		f->suggestion = buf_detach(&fixed);
		buf_release(&q);
	}
}

/* noun-hada: "테스트 했지만", "최소화 하기", "컴파일 되었으므로" -> glued. */
static void rule_noun_hada(Text *t, FindingVec *out)
{
	const char *m = t->m;
	for (size_t i = 0; i < t->n;) {
		size_t l;
		if (!ko_syllable(cp_at(m, t->n, i, &l)) || (i > 0 && !is_space(m[i - 1]))) {
			i += l ? l : 1;
			continue;
		}
		size_t e = hangul_run(m, t->n, i);
		if (e >= t->n || m[e] != ' ' || e + 1 >= t->n) {
			i = e;
			continue;
		}
		size_t h0 = e + 1, h1 = hangul_run(m, t->n, h0);
		size_t hl = h1 > h0 ? hada_len(m + h0, h1 - h0) : 0;
		if (hl && e - i >= 6 && known_stem(t->u, m + i, e - i)) {
			bool counter = false;
			if ((h1 - h0 == 3) && h1 + 1 < t->n && m[h1] == ' ') {
				size_t c1 = hangul_run(m, t->n, h1 + 1);
				counter = counter_word(m + h1 + 1, c1 - h1 - 1);
			}
			if (!counter) {
				Buf q = BUF_INIT, fixed = BUF_INIT;
				buf_add(&q, t->s + i, h1 - i);
				buf_add(&fixed, t->s + i, e - i);
				buf_add(&fixed, t->s + h0, h1 - h0);
				Finding *f = add(t, out, CK_SPACING, SEV_WARNING, e, "noun-hada",
				                 "'%s' — 하다/되다 is written together with its noun: '%s'",
				                 q.p, fixed.p);
				fix_range(t, f, e, e + 1, "");
				free(f->suggestion);
				f->suggestion = buf_detach(&fixed);
				buf_release(&q);
			}
		}
		i = e;
	}
}

/* The sound a particle after [a, b) of the original text follows: the
 * visible text's last character.  Inline markup: its content (a link's
 * text, a role's target), markup characters dropped. */
static SoundEnd end_sound(const char *s, size_t a, size_t b, const char **word, size_t *wn)
{
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\n'))
		b--;
	if (b == a)
		return SE_UNKNOWN;
	/* "계층 (C10D)" + 은: the particle follows the word before the
	 * parenthesis */
	if (s[b - 1] == ')') {
		size_t k = b - 1;
		int depth = 0;
		while (k > a) {
			if (s[k] == ')')
				depth++;
			else if (s[k] == '(' && --depth == 0)
				break;
			k--;
		}
		if (s[k] == '(' && k > a) {
			/* a call with arguments (f(x=True)): read to its end or by
			 * its name, either way: no choice to check */
			if ((ascii_alnum(s[k - 1]) || s[k - 1] == '_') && k + 2 < b)
				return SE_UNKNOWN;
			b = k;
			while (b > a && s[b - 1] == ' ')
				b--;
			if (b == a)
				return SE_UNKNOWN;
		}
	}
	int32_t last = check_prev_cp(s, b);
	*word = s + a;
	*wn = b - a;
	if (ko_syllable(last))
		return ko_sound_end(last);
	if (last >= 0 && last < 0x80 && (ascii_alnum((char)last) || last == ')' || last == '_')) {
		size_t k = b;
		while (k > a && (ascii_alnum(s[k - 1]) || s[k - 1] == '_' || s[k - 1] == '(' ||
		                 s[k - 1] == ')' || s[k - 1] == '.'))
			k--;
		*word = s + k;
		*wn = b - k;
		/* a number with a decimal point or separators reads by its last digit */
		return latin_sound_end(s + k, b - k);
	}
	return SE_UNKNOWN;
}

static void check_choice(Text *t, FindingVec *out, size_t word_end, size_t p0, SoundEnd se,
                         const char *word, size_t wn)
{
	size_t p1 = hangul_run(t->m, t->n, p0);
	if (p1 == p0 || (p1 < t->n && t->m[p1] == 1))
		return;
	size_t l;
	int32_t next = cp_at(t->m, t->n, p1, &l);
	if (next >= 0 && (text_is_hangul(next) || ascii_alnum((char)next)))
		return;
	const ParticleForm *pf;
	bool cons;
	size_t plen;
	if (!ko_particle_choice(t->m + p0, p1 - p0, &pf, &cons, &plen))
		return;
	if (se == SE_UNKNOWN)
		return;
	bool want_cons = se == SE_CONSONANT || (se == SE_RIEUL && !pf->rieul_takes_vowel_form);
	if (want_cons == cons)
		return;
	const char *good = want_cons ? pf->after_consonant : pf->after_vowel;
	const char *sound = se == SE_VOWEL ? "a vowel" : se == SE_RIEUL ? "ㄹ" : "a consonant";
	Buf q = BUF_INIT, fixed = BUF_INIT;
	buf_add(&q, t->s + (size_t)(word - t->s), p1 - (size_t)(word - t->s));
	buf_adds(&fixed, good);
	buf_add(&fixed, t->s + p0 + plen, p1 - p0 - plen);
	Finding *f = add(t, out, CK_SPACING, SEV_WARNING, p0, "particle-choice",
	                 "'%s' — '%.*s' ends in %s when read: the particle is '%s'", q.p,
	                 (int)MIN(wn, (size_t)40), word, sound, fixed.p);
	fix_range(t, f, p0, p1, fixed.p);
	buf_release(&q);
	buf_release(&fixed);
	(void)word_end;
}

/* particle-choice: 을/를, 이/가, 은/는, 와/과, 으로/로 after numbers, Latin
 * words whose final sound is clear, and inline markup ("Module를",
 * "``LinearFunction`` 를", "*corpus\_name* 로", "`분산 데이터 병렬 <url>`__을"). */
static void rule_particle_choice(Text *t, FindingVec *out)
{
	const char *m = t->m;
	/* glued to a plain Latin word or number */
	for (size_t i = 1; i < t->n; i++) {
		if (!ascii_alnum(m[i - 1]) && m[i - 1] != '%')
			continue;
		size_t l;
		if (!ko_syllable(cp_at(m, t->n, i, &l)))
			continue;
		size_t a = i;
		while (a > 0 && (ascii_alnum(m[a - 1]) || m[a - 1] == '.' || m[a - 1] == '_' ||
		                 m[a - 1] == ',' || m[a - 1] == '%'))
			a--;
		if (a > 0 && (m[a - 1] == 1 || m[a - 1] == '/' || m[a - 1] == '-'))
			continue;
		SoundEnd se = m[i - 1] == '%' ? SE_VOWEL : latin_sound_end(m + a, i - a);
		check_choice(t, out, i, i, se, t->s + a, i - a);
	}
	if (t->comment)
		return;
	/* after inline markup, glued or after one space */
	for (size_t k = 0; k < t->inl.n; k++) {
		const Inline *in = &t->inl.v[k];
		if (in->unterminated || in->glued_before || in->kind == IN_TARGET ||
		    in->kind == IN_FOOTNOTE || in->kind == IN_SUBST)
			continue;
		size_t p0 = in->end;
		if (p0 < t->n && t->s[p0] == ' ')
			p0++;
		if (p0 >= t->n)
			continue;
		size_t a = in->in_start, b = in->in_end;
		if ((in->kind == IN_REFERENCE || in->kind == IN_ROLE) && in->target.p &&
		    in->target.p > t->s + in->in_start && in->target.p <= t->s + in->in_end) {
			b = (size_t)(in->target.p - t->s);
			if (b > a)
				b--; /* the '<' */
		}
		if (in->kind == IN_ROLE && b == in->in_end) {
			/* :func:`torch.foo` shows the target: its last part */
			a = in->in_start;
		}
		const char *w = t->s + a;
		size_t wn = 0;
		SoundEnd se = end_sound(t->s, a, b, &w, &wn);
		if (in->kind == IN_ROLE && (str_eq_cstr(in->role, "func") || str_eq_cstr(in->role, "meth")))
			se = SE_UNKNOWN; /* Sphinx adds "()" */
		check_choice(t, out, in->end, p0, se, w, wn);
	}
}

typedef struct Pattern {
	const char *rule;
	const char *find;    /* glued */
	size_t split;        /* bytes of find before the missing space */
	bool needs_final;    /* the syllable before find has a final consonant (ㄹ/ㄴ) */
	int final_kind;      /* 1: ㄹ only, 2: ㄴ or ㄹ or 는/은/던 */
	const char *what;
} Pattern;

static const Pattern patterns[] = {
	{"bound-noun", "는것", 3, false, 0, "것 is a noun of its own"},
	{"bound-noun", "는걸", 3, false, 0, "걸 (것을) is a noun of its own"},
	{"bound-noun", "는게", 3, false, 0, "게 (것이) is a noun of its own"},
	{"bound-noun", "것", 0, true, 2, "것 is a noun of its own"},
	{"bound-noun", "수있", 0, true, 1, "수 is a noun of its own"},
	{"bound-noun", "수없", 0, true, 1, "수 is a noun of its own"},
	{"bound-noun", "수있", 3, false, 0, "있다 is written apart from 수"},
	{"bound-noun", "수없", 3, false, 0, "없다 is written apart from 수"},
	{"bound-noun", "때", 0, true, 1, "때 is a noun of its own"},
	{"bound-noun", "지않", 3, false, 0, "않다 is written apart from -지"},
	{"bound-noun", "지못", 3, false, 0, "못하다 is written apart from -지"},
	{"bound-noun", "기위해", 3, false, 0, "위해 is written apart from -기"},
	{"bound-noun", "기위한", 3, false, 0, "위한 is written apart from -기"},
	{"bound-noun", "기위하여", 3, false, 0, "위하여 is written apart from -기"},
	{"bound-noun", "것같", 3, false, 0, "같다 is written apart from 것"},
	{"ordinal", "첫번째", 3, false, 0, "번째 is written apart from 첫"},
	{"ordinal", "두번째", 3, false, 0, "번째 is written apart from 두"},
	{"ordinal", "세번째", 3, false, 0, "번째 is written apart from 세"},
	{"ordinal", "네번째", 3, false, 0, "번째 is written apart from 네"},
	{"ordinal", "다섯번째", 6, false, 0, "번째 is written apart from 다섯"},
	{"ordinal", "몇번", 3, false, 0, "번 is written apart from 몇"},
};

/* The patterns by their first syllable: its 3 bytes as a number, and a
 * bit of each (key % 64) in a mask; a syllable no pattern starts with
 * (most of them) tries none (21 patterns compared at every syllable were
 * a tenth of `yeok check`). */
static uint32_t pattern_first[ARRAY_LEN(patterns)];
static uint64_t pattern_bits;
static pthread_once_t patterns_once = PTHREAD_ONCE_INIT;

static uint32_t syl_key(const char *p)
{
	return (uint32_t)(unsigned char)p[0] << 16 | (uint32_t)(unsigned char)p[1] << 8 |
	       (unsigned char)p[2];
}

static void patterns_index(void)
{
	for (size_t p = 0; p < ARRAY_LEN(patterns); p++) {
		BUG_ON(!check_syl_at(patterns[p].find, strlen(patterns[p].find), 0));
		pattern_first[p] = syl_key(patterns[p].find);
		pattern_bits |= (uint64_t)1 << (pattern_first[p] % 64);
	}
}

/* -어야 하다: "해야합니다", "있어야합니다", "되어야할". */
static size_t yahada_at(const char *s, size_t n, size_t i)
{
	static const char *const before[] = {"어", "아", "여", "해", "돼", "워", "와", "봐", "져",
	                                      "춰", "려", "써", "둬", "줘", "러", "꿔", "가", "내",
	                                      "해"};
	if (!starts_with(s + i, n - i, "야") || i < 3)
		return 0;
	size_t k = i + 3;
	static const char *const after[] = {"하", "합", "해", "했", "한", "할"};
	bool ok = false;
	for (size_t a = 0; a < ARRAY_LEN(after) && !ok; a++)
		ok = starts_with(s + k, n - k, after[a]);
	if (!ok || starts_with(s + k, n - k, "하지만"))
		return 0;
	for (size_t b = 0; b < ARRAY_LEN(before); b++)
		if (memcmp(s + i - 3, before[b], 3) == 0)
			return k;
	return 0;
}

/* Does pattern pt match at k inside the token [i, e) of m? */
static bool pattern_at(const Pattern *pt, const char *m, size_t i, size_t e, size_t k)
{
	if (!starts_with(m + k, e - k, pt->find))
		return false;
	if (!pt->needs_final) {
		if (k > i)
			return true;
		/* at the start of a token only where the first part is a word
		 * of its own ("할 수있다", "첫번째") */
		return strcmp(pt->rule, "ordinal") == 0 || strcmp(pt->find, "수있") == 0 ||
		       strcmp(pt->find, "수없") == 0;
	}
	if (k == i)
		return false;
	int f = ko_final(syl_before(m, k));
	if (pt->final_kind == 1 ? f != KO_RIEUL : (f != KO_RIEUL && f != 4 /* ㄴ */))
		return false;
	if (strcmp(pt->find, "때") == 0) {
		/* 할때, 할때는, 할때에...; not 할때문 */
		static const char *const ok[] = {"", "에", "는", "도", "마다", "까지", "의", "에는"};
		size_t after = k + 3;
		for (size_t x = 0; x < ARRAY_LEN(ok); x++)
			if (e - after == strlen(ok[x]) && memcmp(m + after, ok[x], e - after) == 0)
				return true;
		return false;
	}
	return true;
}

static void rule_patterns(Text *t, FindingVec *out)
{
	const char *m = t->m;
	pthread_once(&patterns_once, patterns_index);
	for (size_t i = 0; i < t->n;) {
		size_t l;
		if (!ko_syllable(cp_at(m, t->n, i, &l))) {
			i += l ? l : 1;
			continue;
		}
		size_t e = hangul_run(m, t->n, i);
		for (size_t k = i; k < e; k += 3) {
			size_t at = SIZE_MAX;
			const char *rule = NULL, *what = NULL;
			uint32_t key = syl_key(m + k); /* a whole syllable: k + 3 <= e */
			bool some = pattern_bits >> (key % 64) & 1;
			for (size_t p = 0; some && p < ARRAY_LEN(patterns) && at == SIZE_MAX; p++) {
				if (pattern_first[p] == key && pattern_at(&patterns[p], m, i, e, k)) {
					at = k + patterns[p].split;
					rule = patterns[p].rule;
					what = patterns[p].what;
				}
			}
			if (at == SIZE_MAX && yahada_at(m, e, k)) {
				at = k + 3;
				rule = "bound-noun";
				what = "하다 is written apart from -어야";
			}
			if (at == SIZE_MAX || at == i)
				continue;
			Buf q = BUF_INIT, fixed = BUF_INIT;
			buf_add(&q, t->s + i, e - i);
			buf_add(&fixed, t->s + i, at - i);
			buf_addc(&fixed, ' ');
			buf_add(&fixed, t->s + at, e - at);
			Finding *f = add(t, out, CK_SPACING, SEV_WARNING, at, rule, "'%s' — %s: '%s'",
			                 q.p, what, fixed.p);
			fix_range(t, f, at, at, " ");
			free(f->suggestion);
			f->suggestion = buf_detach(&fixed);
			buf_release(&q);
			break; /* one per token */
		}
		i = e;
	}
}

/* missing-space: "살펴보았습니다.이제는" — a sentence ends and the next
 * starts without a space. */
static void rule_missing_space(Text *t, FindingVec *out)
{
	const char *m = t->m;
	for (size_t i = 1; i + 1 < t->n; i++) {
		if (m[i] != '.' && m[i] != '?' && m[i] != '!')
			continue;
		if (!ko_syllable(syl_before(m, i)))
			continue;
		size_t l;
		if (!ko_syllable(cp_at(m, t->n, i + 1, &l)))
			continue;
		Buf q = BUF_INIT;
		quote_span(t->s, t->n, i, i + 1, &q);
		Finding *f = add(t, out, CK_SPACING, SEV_WARNING, i + 1, "missing-space",
		                 "'%s' — a space after the end of a sentence", q.p);
		fix_range(t, f, i + 1, i + 1, " ");
		buf_release(&q);
	}
}

/* double-space and bracket-space: "(prototype)  추적", "( 가벼운". */
static void rule_spaces(Text *t, FindingVec *out)
{
	const char *m = t->m;
	for (size_t i = 1; i + 2 < t->n; i++) {
		if (m[i] == ' ' && m[i + 1] == ' ' && !t->table && !t->comment && !is_space(m[i - 1])) {
			/* "-  웹", "1.  첫": after a list marker at the line start */
			size_t ls = i;
			while (ls > 0 && m[ls - 1] != '\n')
				ls--;
			Str before = str_trim((Str){m + ls, i - ls});
			bool bullet = before.n <= 4 && before.n &&
			              (strchr("-*+#", before.p[0]) ||
			               (before.p[before.n - 1] == '.' || before.p[before.n - 1] == ')'));
			size_t e = i;
			if (bullet) {
				while (e < t->n && m[e] == ' ')
					e++;
				i = e;
				continue;
			}
			while (e < t->n && m[e] == ' ')
				e++;
			if (e >= t->n || is_space(m[e]))
				continue;
			size_t l1, l2;
			int32_t a = cp_at(m, t->n, i - (size_t)(((unsigned char)m[i - 1] & 0x80) ? 3 : 1),
			                  &l1);
			int32_t b = cp_at(m, t->n, e, &l2);
			if ((ko_syllable(a) || ko_syllable(b)) && m[i - 1] != '.' && m[i - 1] != ':') {
				Buf q = BUF_INIT;
				quote_span(t->s, t->n, i, e, &q);
				Finding *f = add(t, out, CK_SPACING, SEV_INFO, i, "double-space",
				                 "'%s' — %zu spaces between words", q.p, e - i);
				fix_range(t, f, i, e, " ");
				buf_release(&q);
			}
			i = e;
			continue;
		}
		/* split-operator: "cuda > = 11.0" (torchrec_tutorial.rst:29): an
		 * operator of two characters split by a space, in prose */
		if (m[i] == ' ' && m[i + 1] == '=' && strchr("<>!=", m[i - 1]) && m[i - 1] &&
		    (i < 2 || m[i - 2] == ' ') && (i + 2 >= t->n || m[i + 2] == ' ') && !t->comment) {
			Finding *f = add(t, out, CK_SPACING, SEV_INFO, i - 1, "split-operator",
			                 "'%c =' — the operator is '%c=', without a space", m[i - 1],
			                 m[i - 1]);
			fix_range(t, f, i, i + 1, "");
			continue;
		}
		size_t l;
		if (m[i] == '(' && m[i + 1] == ' ' && ko_syllable(cp_at(m, t->n, i + 2, &l))) {
			Buf q = BUF_INIT;
			quote_span(t->s, t->n, i, i + 2, &q);
			Finding *f = add(t, out, CK_SPACING, SEV_INFO, i + 1, "bracket-space",
			                 "'%s' — no space after '('", q.p);
			fix_range(t, f, i + 1, i + 2, "");
			buf_release(&q);
		}
	}
}

/* file-variant: one word spaced two ways in this file ("중간결과" and
 * "중간 결과"): the less frequent way is flagged, the glued one on a tie. */
static void rule_file_variant(Text *t, FindingVec *out)
{
	const CheckIndex *x = t->u->d->index;
	const char *m = t->m;
	for (size_t i = 0; i < t->n;) {
		size_t l;
		if (!ko_syllable(cp_at(m, t->n, i, &l)) || (i > 0 && ko_syllable(syl_before(m, i)))) {
			i += l ? l : 1;
			continue;
		}
		size_t e = hangul_run(m, t->n, i);
		bool flagged = false;
		/* glued: split after 2+ syllables */
		for (size_t k = i + 6; k < e && !flagged; k += 3) {
			size_t rl = MIN(e - k, (size_t)6);
			if (hada_len(m + k, e - k))
				continue; /* 재사용합니다: noun-hada's business, glued is right */
			size_t sp = check_index_spaced(x, m + i, k - i, m + k, rl);
			size_t gl = check_index_glued(x, m + i, k - i, m + k, rl);
			/* the other way must be the clear majority (2 or more, more
			 * than this way): ties were wrong half the time in the
			 * review-fix sample (살펴보다, 작동시키다) */
			if (sp < 2 || gl >= sp)
				continue;
			Buf q = BUF_INIT, fixed = BUF_INIT;
			buf_add(&q, t->s + i, e - i);
			buf_add(&fixed, t->s + i, k - i);
			buf_addc(&fixed, ' ');
			buf_add(&fixed, t->s + k, e - k);
			Finding *f = add(t, out, CK_SPACING, SEV_INFO, k, "file-variant",
			                 "'%s' — this file also writes '%.*s %.*s' (%zu times, this way %zu)",
			                 q.p, (int)(k - i), m + i, (int)rl, m + k, sp, gl);
			fix_range(t, f, k, k, " ");
			free(f->suggestion);
			f->suggestion = buf_detach(&fixed);
			buf_release(&q);
			flagged = true;
		}
		/* spaced: A B where AB is the more frequent */
		if (!flagged && e - i >= 6 && e + 1 < t->n && m[e] == ' ') {
			size_t b0 = e + 1, b1 = hangul_run(m, t->n, b0);
			/* "학습 시", "지점 간": a one-syllable noun stands apart */
			static const char *const apart[] = {"시", "간", "수", "것", "때", "중", "후", "전",
			                                    "내", "외", "상"};
			bool dep = false;
			for (size_t a = 0; a < ARRAY_LEN(apart) && b1 - b0 >= 3 && b1 - b0 <= 6 && !dep;
			     a++)
				dep = memcmp(m + b0, apart[a], 3) == 0;
			if (b1 > b0 && !dep && !hada_len(m + b0, b1 - b0)) {
				size_t rl = MIN(b1 - b0, (size_t)6);
				size_t sp = check_index_spaced(x, m + i, e - i, m + b0, rl);
				size_t gl = check_index_glued(x, m + i, e - i, m + b0, rl);
				if (gl >= 2 && gl > sp && sp) {
					Buf q = BUF_INIT;
					buf_add(&q, t->s + i, b1 - i);
					Finding *f = add(t, out, CK_SPACING, SEV_INFO, e, "file-variant",
					                 "'%s' — this file also writes '%.*s%.*s' (%zu times, this "
					                 "way %zu)", q.p, (int)(e - i), m + i, (int)rl, m + b0, gl,
					                 sp);
					fix_range(t, f, e, e + 1, "");
					buf_release(&q);
				}
			}
		}
		i = e;
	}
}

/* euro-sseo: 으로써 (by means of) after a verb's noun form in -ㅁ
 * ("그럼으로서", "구현함으로서", "변경됨으로서" -> 으로써): "by doing";
 * 으로서 (as, in the capacity of) takes a noun of status (사람으로서,
 * 라이브러리로서), never a verb's -ㅁ form.  Only the -ㅁ syllables of
 * 하다/되다/시키다/주다, 그러다 and 있다/없다: a noun ending in ㅁ
 * (사람, 이름) takes 으로서 rightly. */
static bool verb_m_form(const char *m, size_t at)
{
	static const char *const forms[] = {"함", "됨", "킴", "줌", "그럼", "있음", "없음"};
	for (size_t k = 0; k < ARRAY_LEN(forms); k++) {
		size_t n = strlen(forms[k]);
		if (at >= n && memcmp(m + at - n, forms[k], n) == 0)
			return true;
	}
	return false;
}

static void rule_euro_sseo(Text *t, FindingVec *out)
{
	const char *m = t->m;
	for (size_t i = 3; i + 9 <= t->n; i++) {
		if (memcmp(m + i, "으로서", 9) != 0 || !verb_m_form(m, i))
			continue;
		size_t a = i;
		while (a >= 3 && ko_syllable(syl_before(m, a)))
			a -= 3;
		size_t e = hangul_run(m, t->n, i);
		Buf q = BUF_INIT, fixed = BUF_INIT;
		buf_add(&q, t->s + a, e - a);
		buf_add(&fixed, t->s + a, i - a);
		buf_adds(&fixed, "으로써");
		buf_add(&fixed, t->s + i + 9, e - i - 9);
		Finding *f = add(t, out, CK_SPACING, SEV_WARNING, i, "euro-sseo",
		                 "'%s' — 'by doing' is -ㅁ으로써 (으로서 means 'as'): '%s'", q.p,
		                 fixed.p);
		fix_range(t, f, i + 6, i + 9, "써");
		free(f->suggestion);
		f->suggestion = buf_detach(&fixed);
		buf_release(&q);
		i = e - 1;
	}
}

static void spacing_text(Text *t, FindingVec *out)
{
	rule_latin_particle(t, out);
	rule_noun_hada(t, out);
	rule_latin_object(t, out);
	rule_particle_choice(t, out);
	rule_euro_sseo(t, out);
	rule_patterns(t, out);
	rule_missing_space(t, out);
	rule_spaces(t, out);
	if (!t->comment)
		rule_file_variant(t, out);
}

static bool prose_block(BlockKind k)
{
	return k == BK_TITLE || k == BK_PARAGRAPH || k == BK_LIST_ITEM || k == BK_FIELD ||
	       k == BK_TABLE || k == BK_OTHER;
}

static void text_open(Text *t, const Unit *u, const Joined *j, bool comment, bool table,
                      Buf *mask)
{
	memset(t, 0, sizeof(*t));
	t->u = u;
	t->s = j->text.p;
	t->n = j->text.len;
	t->j = j;
	t->comment = comment;
	t->table = table;
	prose_mask(t->s, t->n, mask, &t->inl);
	if (comment) {
		/* comments are plain text: no RST markup */
		buf_clear(mask);
		buf_add(mask, t->s, t->n);
		if (!mask->p)
			buf_grow(mask, 1);
		t->inl.n = 0;
	}
	t->m = mask->p;
}

/* Run fn on every prose block of the unit and (when comments) on the code
 * comments of its literal blocks. */
static void each_text(const Unit *u, FindingVec *out, bool comments,
                      void (*fn)(Text *t, FindingVec *out))
{
	if (!check_doc_is_korean(u->d))
		return;
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *b = &u->d->tb->v[k];
		Joined j;
		bool comment = false;
		if (b->kind == BK_LITERAL) {
			if (!comments || !comment_text(u->d->tgt, u->d->tb, b, &j))
				continue;
			comment = true;
		} else if (admonition_text(u->d->tgt, b, &j)) {
			/* ".. note:: 문장" */
		} else if (prose_block(b->kind)) {
			joined_block(u->d->tgt, b, &j);
		} else {
			continue;
		}
		Buf mask = BUF_INIT;
		Text t;
		text_open(&t, u, &j, comment, b->kind == BK_TABLE, &mask);
		fn(&t, out);
		VEC_FREE(&t.inl);
		buf_release(&mask);
		joined_release(&j);
	}
}

void check_spacing(const Unit *u, FindingVec *out)
{
	each_text(u, out, true, spacing_text);
}

/* ---- the document index: Hangul tokens, spaced pairs, 하다 stems --------- */

void korean_index_block(CheckIndex *x, const char *s, size_t n)
{
	Buf mask = BUF_INIT;
	InlineVec inl = {0};
	prose_mask(s, n, &mask, &inl);
	const char *m = mask.p;
	size_t prev_a = SIZE_MAX, prev_e = 0; /* the previous token, when a space ago */
	for (size_t i = 0; i < n;) {
		size_t l;
		if (!ko_syllable(cp_at(m, n, i, &l)) || (i > 0 && ko_syllable(syl_before(m, i)))) {
			if (!(i < n && m[i] == ' '))
				prev_a = SIZE_MAX;
			i += l ? l : 1;
			continue;
		}
		if (i > 0 && m[i - 1] != ' ')
			prev_a = SIZE_MAX;
		size_t e = hangul_run(m, n, i);
		bool whole = e >= n || !(ascii_alnum(m[e]));
		if (whole) {
			check_index_add_token(x, m + i, e - i);
			size_t st;
			if (check_is_hada_form(m + i, e - i, &st))
				check_index_add_stem(x, m + i, st);
		}
		if (prev_a != SIZE_MAX && whole)
			check_index_add_pair(x, m + prev_a, prev_e - prev_a, m + i, e - i);
		prev_a = whole && e < n && m[e] == ' ' ? i : SIZE_MAX;
		prev_e = e;
		i = e;
	}
	VEC_FREE(&inl);
	buf_release(&mask);
}

/* ---- punctuation --------------------------------------------------------- */

/* The last character of a block's visible text: trailing spaces and inline
 * markup end-strings (* ` _ |) dropped. */
static int32_t last_mark(const char *s, size_t n, size_t *at)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n' || s[n - 1] == '\t' || s[n - 1] == '*' ||
	             s[n - 1] == '`' || s[n - 1] == '_' || s[n - 1] == '|'))
		n--;
	*at = n;
	return n ? check_prev_cp(s, n) : -1;
}

static bool terminal(int32_t c)
{
	return c == '.' || c == '!' || c == '?' || c == ':' || c == ';' || c == 0x2026 ||
	       c == 0x3002 || c == ')' || c == '"' || c == 0x201d || c == '>' || c == ']';
}

/* Admonitions written on one line (".. note:: 문장입니다") hold prose. */
static bool admonition(const Block *b)
{
	static const char *const names[] = {"note", "warning", "tip", "important", "caution",
	                                    "attention", "danger", "error", "hint", "seealso"};
	for (size_t i = 0; i < ARRAY_LEN(names); i++)
		if (b->kind == BK_DIRECTIVE && str_eq_cstr(rst_block_name(b), names[i]))
			return true;
	return false;
}

/* final-mark: the source ends with '.', '?' or '!' and the translation with
 * a letter ("...캡쳐되지 않습니다" for "...are not captured."); a Korean
 * sentence (-다, -요) without a final period even where the source has
 * none (the reviews add it). */
static void rule_final_mark(const Unit *u, FindingVec *out)
{
	for (size_t k = u->tgt; k < u->tgt + u->tgt_n; k++) {
		const Block *tb = &u->d->tb->v[k];
		if (tb->kind != BK_PARAGRAPH && tb->kind != BK_LIST_ITEM && tb->kind != BK_FIELD &&
		    !admonition(tb))
			continue;
		/* the last block of the unit only, or a block of its own */
		if (k + 1 < u->tgt + u->tgt_n)
			continue;
		Joined tj;
		joined_block(u->d->tgt, tb, &tj);
		size_t tat;
		int32_t tc = last_mark(tj.text.p, tj.text.len, &tat);
		int32_t sc = -1;
		if (u->src_n == 1 && u->tgt_n == 1 && u->d->sb->v[u->src].kind == tb->kind) {
			Joined sj;
			size_t sat;
			joined_block(u->d->src, &u->d->sb->v[u->src], &sj);
			sc = last_mark(sj.text.p, sj.text.len, &sat);
			joined_release(&sj);
		}
		bool src_mark = sc == '.' || sc == '?' || sc == '!';
		bool sentence = tc == 0xb2e4 /* 다 */ || tc == 0xc694 /* 요 */ ||
		                tc == 0xc8e0 /* 죠 */ || tc == 0xae4c /* 까 */ ||
		                (tc == 0xc624 /* 오 */ && tat >= 6 &&
		                 check_prev_cp(tj.text.p, tat - 3) == 0xc2dc /* 시오 */);
		/* a list item follows Korean punctuation, not the English's: a
		 * noun phrase ("학습 루프 작성하기", "모델의 정확도") takes no period,
		 * a sentence does (a question keeps its '?': "TorchScript란?") */
		bool phrase_ok = tb->kind == BK_LIST_ITEM && !sentence && sc == '.';
		if (tc >= 0 && !terminal(tc) && !phrase_ok &&
		    ((src_mark && ko_syllable(tc)) || sentence)) {
			bool korean = false;
			for (size_t i = 0; i + 2 < tj.text.len && !korean; i++)
				korean = ko_syllable(check_cp_at(tj.text.p, tj.text.len, i));
			if (korean) {
				size_t line, byte;
				joined_pos(&tj, tat, &line, &byte);
				char mark[2] = {(char)(src_mark ? sc : '.'), 0};
				Finding *f;
				if (src_mark)
					f = finding_add(u, out, CK_PUNCTUATION, SEV_INFO, line, byte,
					                "the sentence ends without '%s' (the source ends with "
					                "'%s') (rule final-mark)", mark, mark);
				else
					f = finding_add(u, out, CK_PUNCTUATION, SEV_INFO, line, byte,
					                "a Korean sentence ends without a period (rule "
					                "final-mark)");
				finding_set_fix(f, line, byte, byte, mark);
				f->suggestion = xstrdup(mark);
			}
		}
		joined_release(&tj);
	}
}

static void punct_text(Text *t, FindingVec *out)
{
	const char *m = t->m, *s = t->s;
	for (size_t i = 1; i < t->n; i++) {
		char c = s[i];
		size_t l;
		/* doubled-mark: "입니다.**." "작동합니다.:" (not "..." ) */
		if ((c == '.' || c == '?' || c == '!') && m[i] != 1 && !t->comment) {
			size_t k = i + 1;
			while (k < t->n && (s[k] == '*' || s[k] == '`'))
				k++;
			bool ellipsis = (i > 0 && s[i - 1] == '.') || (k < t->n && s[k] == '.' &&
			                                                  k + 1 < t->n && s[k + 1] == '.');
			if (k < t->n && (s[k] == '.' || s[k] == ':' || s[k] == ',') && !ellipsis &&
			    ko_syllable(syl_before(s, i)) && (k + 1 >= t->n || !ascii_alnum(s[k + 1]))) {
				Finding *f = add(t, out, CK_PUNCTUATION, SEV_WARNING, k, "doubled-mark",
				                 "'%.*s' — two sentence marks in a row", (int)(k + 1 - i),
				                 s + i);
				fix_range(t, f, k, k + 1, "");
			}
		}
		/* colon-sentence: "...줍니다:" -> "...줍니다." (also -요:, -기:) */
		if (c == ':' && m[i] == ':' && ko_syllable(syl_before(s, i)) &&
		    (memcmp(s + i - 3, "다", 3) == 0 || memcmp(s + i - 3, "요", 3) == 0 ||
		     memcmp(s + i - 3, "기", 3) == 0) &&
		    (i + 1 >= t->n || s[i + 1] == '\n' || s[i + 1] == ' ')) {
			size_t k = i + 1;
			while (k < t->n && s[k] == ' ')
				k++;
			if (k >= t->n || s[k] == '\n') {
				Finding *f = add(t, out, CK_PUNCTUATION, SEV_INFO, i, "colon-sentence",
				                 "'%.*s:' — a Korean sentence ends with a period (the "
				                 "repository's reviews replace the English list colon: "
				                 "'다:' -> '다.' 9 times of 10)", 3, s + i - 3);
				fix_range(t, f, i, i + 1, ".");
			}
		}
		/* semicolon: "작업 부하가 큼; 전파될" */
		if (c == ';' && m[i] == ';' && ko_syllable(syl_before(s, i)) && i + 2 < t->n &&
		    s[i + 1] == ' ' && ko_syllable(cp_at(s, t->n, i + 2, &l))) {
			Finding *f = add(t, out, CK_PUNCTUATION, SEV_INFO, i, "semicolon",
			                 "';' between Korean clauses — Korean uses ',' or ends the "
			                 "sentence");
			fix_range(t, f, i, i + 1, ",");
		}
		/* stray-apostrophe: "Meta’의" */
		if (ascii_letter(s[i - 1]) && m[i] != 1 && (c == '\'' || (unsigned char)c == 0xe2)) {
			int32_t cp = cp_at(s, t->n, i, &l);
			size_t l2;
			if ((cp == '\'' || cp == 0x2019) && ko_syllable(cp_at(s, t->n, i + l, &l2))) {
				Finding *f = add(t, out, CK_PUNCTUATION, SEV_WARNING, i, "stray-apostrophe",
				                 "'%.*s' — an English possessive apostrophe before a Korean "
				                 "particle", (int)(l + l2), s + i);
				fix_range(t, f, i, i + l, "");
			}
		}
	}
}

void check_punctuation(const Unit *u, FindingVec *out)
{
	if (!check_doc_is_korean(u->d))
		return;
	rule_final_mark(u, out);
	each_text(u, out, true, punct_text);
}
