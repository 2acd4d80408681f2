/* Korean text helpers for the checks: syllable finals, how Latin words and
 * numbers end when read, particles, masked prose, code comments. */
#include <strings.h>

#include "check-private.h"
#include "yeok/text.h"

void ko_each_run(const char *m, size_t n, KoRunFn fn, void *ctx)
{
	for (size_t i = 0; i < n;) {
		/* check_syl_at: ko_syllable(check_cp_at()) without decoding; the
		 * one before, a syllable three bytes back */
		if (!check_syl_at(m, n, i) || (i >= 3 && check_syl_at(m, i, i - 3))) {
			i++;
			continue;
		}
		size_t e = i;
		while (check_syl_at(m, n, e))
			e += 3;
		fn(ctx, m + i, e - i);
		i = e;
	}
}

int ko_final(int32_t cp)
{
	return ko_syllable(cp) ? (int)((cp - 0xac00) % 28) : -1;
}

SoundEnd ko_sound_end(int32_t cp)
{
	int f = ko_final(cp);
	return f < 0 ? SE_UNKNOWN : f == 0 ? SE_VOWEL : f == KO_RIEUL ? SE_RIEUL : SE_CONSONANT;
}

/* Letter names: A 에이 ... L 엘 M 엠 N 엔 R 알 ... */
static SoundEnd letter_name_end(char c)
{
	c = (char)(c | 0x20);
	return c == 'l' || c == 'r' ? SE_RIEUL : c == 'm' || c == 'n' ? SE_CONSONANT : SE_VOWEL;
}

/* Korean readings of the last digit: 0 영/십/백/천 1 일 2 이 3 삼 4 사 5 오
 * 6 육 7 칠 8 팔 9 구. */
static SoundEnd digit_end(char d)
{
	switch (d) {
	case '1': case '7': case '8': return SE_RIEUL;
	case '0': case '3': case '6': return SE_CONSONANT;
	default: return SE_VOWEL;
	}
}

static bool is_vowel_letter(char c)
{
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u';
}

static bool ends_with(const char *w, size_t n, const char *sfx)
{
	size_t l = strlen(sfx);
	return n >= l && memcmp(w + n - l, sfx, l) == 0;
}

/* A lowercase English word's last sound, by its spelling (loanword
 * readings: 텐서, 모델, 펑션, 파이토치, 클래스, 이미지, 라인...). */
static SoundEnd word_end(const char *w, size_t n)
{
	char z = w[n - 1], y = n > 1 ? w[n - 2] : 0;
	switch (z) {
	case 'a': case 'i': case 'o': case 'u': case 'y': case 'w': case 'r':
	case 's': case 'x': case 'z': case 'f': case 'v': case 'd':
		return SE_VOWEL;
	case 'l':
		return SE_RIEUL;
	case 'm': case 'n':
		return SE_CONSONANT;
	case 'g':
		return y == 'n' ? SE_CONSONANT : SE_UNKNOWN; /* -ing 트레이닝; log 로그 but bag 백 */
	case 'h':
		return SE_VOWEL; /* -ch 파이토치, -sh 해시, -ph 그래프, -th 매스 */
	case 'e':
		if (y == 'l')
			return SE_RIEUL; /* module 모듈, table 테이블, file 파일 */
		if (y == 'm' || y == 'n')
			return SE_CONSONANT; /* frame 프레임, pipeline 파이프라인 */
		if (y == 'p' && n > 2 && w[n - 3] == 'y')
			return SE_CONSONANT; /* type 타입, dtype (but pipe 파이프) */
		if (y == 'k' && n > 2 && is_vowel_letter(w[n - 3]))
			return SE_UNKNOWN; /* make 메이크, take */
		return y ? SE_VOWEL : SE_UNKNOWN; /* image 이미지, cache 캐시, code 코드 */
	case 't':
		if (y && !is_vowel_letter(y))
			return SE_VOWEL; /* list 리스트, script, default, point */
		if (ends_with(w, n, "out") || ends_with(w, n, "put"))
			return SE_CONSONANT; /* layout 레이아웃, input 인풋 */
		return SE_UNKNOWN;  /* set 셋 but bit 비트 */
	case 'p':
		if (y == 'p')
			return SE_CONSONANT; /* app 앱 */
		if (y && !is_vowel_letter(y))
			return SE_VOWEL; /* dump 덤프, help 헬프 */
		if (ends_with(w, n, "oop"))
			return SE_VOWEL; /* loop 루프 */
		return SE_CONSONANT;    /* map 맵, setup 셋업, step 스텝, group 그룹 */
	case 'c':
		return y == 'i' ? SE_CONSONANT : SE_UNKNOWN; /* magic 매직, logic 로직 */
	default:
		return SE_UNKNOWN; /* k (block 블록, network 네트워크), b (hub, web), j, q */
	}
}

SoundEnd latin_sound_end(const char *s, size_t n)
{
	/* The last part of an identifier: torch.nn.Module, no_grad(), LinearFunction. */
	while (n && (s[n - 1] == ')' || s[n - 1] == '(' || s[n - 1] == '_'))
		n--;
	if (!n)
		return SE_UNKNOWN;
	size_t a = n;
	while (a > 0 && ((s[a - 1] >= 'a' && s[a - 1] <= 'z') || (s[a - 1] >= 'A' && s[a - 1] <= 'Z') ||
	                 (s[a - 1] >= '0' && s[a - 1] <= '9')))
		a--;
	if (a == n)
		return SE_UNKNOWN;
	const char *w = s + a;
	size_t wn = n - a;
	bool digits = true, letters = false;
	for (size_t i = 0; i < wn; i++) {
		digits &= w[i] >= '0' && w[i] <= '9';
		letters |= !(w[i] >= '0' && w[i] <= '9');
	}
	if (digits) {
		/* a number on its own (not v2, resnet50: English or Korean reading) */
		if (a > 0 && ((s[a - 1] >= 'a' && s[a - 1] <= 'z') || (s[a - 1] >= 'A' && s[a - 1] <= 'Z') ||
		              s[a - 1] == '_'))
			return SE_UNKNOWN; /* P_3, v2: English or Korean reading */
		return digit_end(w[wn - 1]);
	}
	if (letters && w[wn - 1] >= '0' && w[wn - 1] <= '9')
		return SE_UNKNOWN; /* float32, Llama2 */
	/* camelCase and PascalCase: the last part (LinearFunction -> Function). */
	size_t k = wn;
	while (k > 1 && !(w[k - 1] >= 'A' && w[k - 1] <= 'Z' && w[k - 2] >= 'a' && w[k - 2] <= 'z'))
		k--;
	if (k > 1) {
		w += k - 1;
		wn -= k - 1;
	}
	bool upper = true;
	for (size_t i = 0; i < wn; i++)
		upper &= w[i] >= 'A' && w[i] <= 'Z';
	if (wn == 1 || (upper && wn <= 5))
		return letter_name_end(w[wn - 1]); /* GPU, LSTM, x */
	char low[64];
	if (wn >= sizeof(low) || wn <= 3)
		return SE_UNKNOWN; /* aar, ptr, fn: letters or a word? */
	for (size_t i = 0; i < wn; i++)
		low[i] = (char)(w[i] | 0x20);
	return word_end(low, wn);
}

/* ---- particles --------------------------------------------------------- */

static const ParticleForm choices[] = {
	{"을", "를", false},     {"이", "가", false},     {"은", "는", false},
	{"과", "와", false},     {"으로", "로", true},    {"이나", "나", false},
	{"이라는", "라는", false}, {"이란", "란", false},   {"이라고", "라고", false},
};

/* What may follow one of the choice particles in the same word. */
static const char *const tails[] = {"", "는", "도", "의", "만", "서", "써"};

bool ko_particle_choice(const char *s, size_t n, const ParticleForm **pf, bool *consonant_form,
                        size_t *len)
{
	size_t best = 0;
	for (size_t i = 0; i < ARRAY_LEN(choices); i++) {
		for (int form = 0; form < 2; form++) {
			const char *p = form ? choices[i].after_vowel : choices[i].after_consonant;
			size_t l = strlen(p);
			if (l <= best || n < l || memcmp(s, p, l) != 0)
				continue;
			for (size_t t = 0; t < ARRAY_LEN(tails); t++) {
				size_t tl = strlen(tails[t]);
				if (n == l + tl && memcmp(s + l, tails[t], tl) == 0) {
					best = l;
					*pf = &choices[i];
					*consonant_form = form == 0;
					*len = l;
					break;
				}
			}
		}
	}
	return best > 0;
}

static const char *const particles[] = {
	"은", "는", "이", "가", "을", "를", "의", "에", "에서", "에게", "에서의", "에서는",
	"에서도", "에는", "에도", "에의", "로", "으로", "로는", "으로는", "로도", "으로도",
	"로서", "으로서", "로써", "으로써", "와", "과", "와의", "과의", "와는", "과는", "도",
	"만", "만을", "만이", "처럼", "보다", "까지", "부터", "마다", "이나", "나", "이며",
	"이고", "라는", "이라는", "란", "이란", "라고", "이라고", "에게서", "한테", "이랑", "랑",
	"같이", "만큼", "뿐", "조차", "밖에", "이다", "입니다", "이었다", "였다", "인", "일",
	"이면", "라면", "이라면", "으로의", "로의", "까지의", "부터의", "에서부터",
};

bool ko_is_particle(const char *s, size_t n)
{
	/* hashed: called for every split of every word */
	static WordSet set = WORD_SET(particles);
	return n && word_set_has(&set, s, n);
}

/* ---- masked prose ------------------------------------------------------ */

static bool url_at(const char *s, size_t n, size_t i)
{
	static const char *const schemes[] = {"https://", "http://", "ftp://", "mailto:", "www."};
	if (i > 0 && ((s[i - 1] >= 'a' && s[i - 1] <= 'z') || (s[i - 1] >= 'A' && s[i - 1] <= 'Z')))
		return false;
	for (size_t k = 0; k < ARRAY_LEN(schemes); k++) {
		size_t l = strlen(schemes[k]);
		if (n - i >= l && memcmp(s + i, schemes[k], l) == 0)
			return true;
	}
	return false;
}

static void mask_markup(const char *s, size_t n, Buf *out, InlineVec *inl);

void prose_mask(const char *s, size_t n, Buf *out, InlineVec *inl)
{
	/* the text's entry found once (a hit looked it up twice, a miss three
	 * times: a hash and a comparison of the whole text each) */
	CheckMemo *m = check_memo_find(s, n, true);
	const char *kept = check_memo_mask(m);
	if (kept && check_memo_inlines(m, s, inl)) {
		buf_clear(out);
		buf_add(out, kept, n);
		return;
	}
	mask_markup(s, n, out, inl); /* its inline_scan finds m again */
	check_memo_keep_mask(m, out->p);
}

static void mask_markup(const char *s, size_t n, Buf *out, InlineVec *inl)
{
	buf_clear(out);
	buf_add(out, s, n);
	if (!out->p)
		buf_grow(out, 1);
	inline_scan(s, n, inl);
	for (size_t i = 0; i < inl->n; i++) {
		const Inline *in = &inl->v[i];
		if (in->unterminated)
			continue;
		if (in->kind == IN_STRONG || in->kind == IN_EMPHASIS ||
		    (in->kind == IN_REFERENCE && in->target.p && in->target.p > s + in->in_start)) {
			/* prose inside: only the markup (and a link's <url>) is masked */
			memset(out->p + in->start, 1, in->in_start - in->start);
			size_t txt_end = in->in_end;
			if (in->kind == IN_REFERENCE) {
				txt_end = (size_t)(in->target.p - s);
				if (txt_end > in->in_start)
					txt_end--; /* the '<' */
				while (txt_end > in->in_start && s[txt_end - 1] == ' ')
					txt_end--;
			}
			memset(out->p + txt_end, 1, in->end - txt_end);
			continue;
		}
		memset(out->p + in->start, 1, in->end - in->start);
	}
	for (size_t i = 0; i < n; i++) {
		char c = out->p[i];
		if (c == '\\' && i + 1 < n) {
			out->p[i] = 1;
			if (out->p[i + 1] == ' ')
				out->p[i + 1] = 1;
			continue;
		}
		/* Markdown: `{{macro(...)}}`, `[[anchor]]` and a link's `](target)`
		 * are markup, not prose (none occurs in RST prose) */
		if ((c == '{' || c == '[') && i + 1 < n && out->p[i + 1] == c) {
			char e = c == '{' ? '}' : ']';
			size_t k = i + 2;
			while (k + 1 < n && out->p[k] != '\n' && !(out->p[k] == e && out->p[k + 1] == e))
				k++;
			if (k + 1 < n && out->p[k] == e) {
				memset(out->p + i, 1, k + 2 - i);
				i = k + 1;
				continue;
			}
		}
		if (c == ']' && i + 1 < n && out->p[i + 1] == '(') {
			size_t k = i + 2;
			while (k < n && out->p[k] != ')' && out->p[k] != '\n' && out->p[k] != ' ')
				k++;
			if (k < n && out->p[k] == ')') {
				memset(out->p + i + 1, 1, k + 1 - (i + 1));
				i = k;
				continue;
			}
		}
		/* an assignment written in prose (TORCH_LOGS="graph", OMP_NUM_THREADS=4):
		 * code, the name and its value */
		if (c == '=' && i > 0 && i + 1 < n && out->p[i + 1] != ' ' && out->p[i + 1] != '=' &&
		    out->p[i + 1] != 1) {
			size_t b = i;
			while (b > 0 && (out->p[b - 1] == '_' || ascii_alnum(out->p[b - 1])))
				b--;
			bool name = i - b >= 2 && !(out->p[b] >= '0' && out->p[b] <= '9') &&
			            (b == 0 || out->p[b - 1] == ' ' || out->p[b - 1] == '\n' ||
			             out->p[b - 1] == 1);
			if (name) {
				size_t e = i + 1;
				char q = out->p[e] == '"' || out->p[e] == '\'' ? out->p[e] : 0;
				if (q) {
					e++;
					while (e < n && out->p[e] != q && out->p[e] != '\n')
						e++;
					if (e < n && out->p[e] == q)
						e++;
				} else {
					while (e < n && out->p[e] != ' ' && out->p[e] != '\n' && out->p[e] != 1)
						e++;
				}
				memset(out->p + b, 1, e - b);
				i = e - 1;
				continue;
			}
		}
		if ((c == 'h' || c == 'f' || c == 'm' || c == 'w') && url_at(out->p, n, i)) {
			size_t e = i;
			while (e < n && out->p[e] != ' ' && out->p[e] != '\n' && out->p[e] != 1 &&
			       out->p[e] != '>' && out->p[e] != ')')
				e++;
			memset(out->p + i, 1, e - i);
			i = e;
		}
	}
}

/* ---- code comments ----------------------------------------------------- */

int comment_lang(const RstDoc *d, const Block *b)
{
	static const char *const hash[] = {"python", "py", "python3", "pycon", "ipython", "bash",
	                                   "sh", "shell", "console", "yaml", "toml", "cmake", "r"};
	static const char *const slashes[] = {"c", "cpp", "c++", "cxx", "java", "javascript", "js",
	                                      "kotlin", "swift", "objc", "objective-c", "cuda",
	                                      "rust", "go", "typescript", "ts", "scala"};
	if (b->kind != BK_LITERAL)
		return 0;
	Str lang = rst_block_arg(b);
	if (!lang.n && b->parent >= 0 && (size_t)b->parent < d->n)
		lang = rst_block_arg(&d->v[b->parent]);
	lang = str_trim(lang);
	/* a bare '::' block: Sphinx highlights it as Python by default; only
	 * whole '# ' lines count as comments there (output may hold '#') */
	if (!lang.n)
		return 3;
	for (size_t i = 0; i < ARRAY_LEN(hash); i++)
		if (str_eq_cstr(lang, hash[i]))
			return 1;
	for (size_t i = 0; i < ARRAY_LEN(slashes); i++)
		if (str_eq_cstr(lang, slashes[i]))
			return 2;
	return 0;
}

/* Offset of the comment's text in line s (after '#' or '//' and the spaces
 * after them), or SIZE_MAX: quotes are followed so that '#' in a string is
 * no comment. */
static size_t comment_start(Str s, int lang)
{
	char q = 0;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		if (q) {
			if (c == '\\')
				i++;
			else if (c == q)
				q = 0;
			continue;
		}
		if (lang == 3) {
			if (c == ' ')
				continue;
			if (c != '#' || (i + 1 < s.n && s.p[i + 1] != ' '))
				return SIZE_MAX;
		}
		if (c == '"' || c == '\'') {
			q = c;
		} else if (((lang == 1 || lang == 3) && c == '#') ||
		           (lang == 2 && c == '/' && i + 1 < s.n && s.p[i + 1] == '/')) {
			size_t k = i + (lang == 2 ? 2 : 1);
			while (k < s.n && (s.p[k] == '#' || s.p[k] == '/' || s.p[k] == ' '))
				k++;
			if (k < s.n && s.p[k] == '!' && i == 0)
				return SIZE_MAX; /* #!/usr/bin/env */
			return k;
		}
	}
	return SIZE_MAX;
}

bool comment_text(const Lines *lines, const RstDoc *d, const Block *b, Joined *j)
{
	/* .py code cells: their comments are checked by check_py_comments */
	if (host_block_is_cell(b))
		return false;
	int lang = comment_lang(d, b);
	if (!lang)
		return false;
	Joined t;
	joined_block(lines, b, &t);
	bool any = false;
	/* a block's comments found once (eight checks ask for them) */
	CheckMemo *m = check_memo_find(t.text.p, t.text.len, true);
	if (check_memo_comment(m, lang, t.text.p, &any)) {
		if (!any) {
			joined_release(&t);
			return false;
		}
		*j = t;
		return true;
	}
	const char *doc = NULL; /* inside a Python docstring: its quotes */
	for (size_t k = 0; k < t.nlines; k++) {
		size_t from = t.start[k];
		size_t to = k + 1 < t.nlines ? t.start[k + 1] - 1 : t.text.len;
		Str s = {t.text.p + from, to - from};
		if (lang == 1) {
			/* docstrings are prose too: """ text """ lines */
			Str tr = str_trim(s);
			const char *q = str_starts_with(tr, "\"\"\"") ? "\"\"\"" :
			                str_starts_with(tr, "'''") ? "'''" : NULL;
			if (doc || q) {
				size_t a = (size_t)(tr.p - s.p) + (doc ? 0 : 3);
				if (a > s.n)
					a = s.n;
				Str rest = str_slice(s, a, s.n);
				ptrdiff_t close = str_find(rest, str_from(doc ? doc : q));
				size_t z = close >= 0 ? a + (size_t)close : s.n;
				memset(t.text.p + from, ' ', a);
				memset(t.text.p + from + z, ' ', s.n - z);
				any |= z > a;
				doc = close >= 0 ? NULL : (doc ? doc : q);
				continue;
			}
		}
		size_t c = comment_start(s, lang);
		if (c == SIZE_MAX)
			c = s.n;
		else
			any |= c < s.n;
		memset(t.text.p + from, ' ', c);
	}
	check_memo_keep_comment(m, lang, t.text.p, any);
	if (!any) {
		joined_release(&t);
		return false;
	}
	*j = t;
	return true;
}

bool admonition_text(const Lines *lines, const Block *b, Joined *j)
{
	static const char *const names[] = {"note", "warning", "tip", "important", "caution",
	                                    "attention", "danger", "error", "hint", "seealso"};
	if (b->kind != BK_DIRECTIVE)
		return false;
	bool adm = false;
	for (size_t i = 0; i < ARRAY_LEN(names) && !adm; i++)
		adm = b->name_n == strlen(names[i]) && strncasecmp(b->name_p, names[i], b->name_n) == 0;
	if (!adm)
		return false;
	joined_lines(lines, b->first, b->last, j);
	for (size_t k = 0; k < j->nlines; k++) {
		size_t from = j->start[k];
		size_t to = k + 1 < j->nlines ? j->start[k + 1] - 1 : j->text.len;
		Str s = {j->text.p + from, to - from};
		size_t blank = 0;
		if (k == 0) {
			ptrdiff_t c = str_find(s, STR_LIT("::"));
			blank = c >= 0 ? (size_t)c + 2 : s.n;
		} else if (str_trim(s).n && str_trim(s).p[0] == ':') {
			blank = s.n; /* an option */
		}
		memset(j->text.p + from, ' ', blank);
	}
	return true;
}

/* ---- transliteration ----------------------------------------------------
 * A loanword and the English word it transliterates (컨볼루션, convolution)
 * are both reduced to their consonants as Korean transliteration hears
 * them, vowels dropped: K N P L S N. */

/* One consonant class a position; S and J (ㅅ/ㅈ for s, z, ch) match,
 * 'Q' (English th) matches S or T, 'X' (English g before e, i, y) K or J. */
enum { SKEL_MAX = KO_SKEL_MAX };
typedef KoSkel Skel;

static void skel_add(Skel *k, char c)
{
	if (k->n && k->c[k->n - 1] == c)
		return; /* ㄹㄹ of 볼루, ll of hello */
	if (k->n < SKEL_MAX)
		k->c[k->n++] = c;
}

static void skel_hangul(const char *w, size_t n, Skel *k)
{
	static const char ini[] = "KKNTTLMPPSS-JJJKTPH";
	static const char fin[] = "-KKKNNNTLLLLLLLLMPPTTGTTKTPT";
	k->n = 0;
	for (size_t i = 0; i < n;) {
		int32_t cp;
		size_t l = text_decode(w + i, n - i, &cp);
		i += l ? l : 1;
		if (cp < 0xac00 || cp > 0xd7a3)
			continue;
		int x = cp - 0xac00;
		if (ini[x / 588] != '-')
			skel_add(k, ini[x / 588]);
		if (fin[x % 28] != '-')
			skel_add(k, fin[x % 28]);
	}
}

static bool en_vowel(char c)
{
	return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'y';
}

/* w: lower-case ASCII letters. */
static void skel_english(const char *w, size_t n, Skel *k)
{
	k->n = 0;
	for (size_t i = 0; i < n; i++) {
		char c = w[i], d = i + 1 < n ? w[i + 1] : 0, e = i + 2 < n ? w[i + 2] : 0;
		if (en_vowel(c) || c == 'w')
			continue;
		if ((c == 'c' && d == 'h') || (c == 't' && d == 'c' && e == 'h')) {
			skel_add(k, 'J');
			i += c == 't' ? 2 : 1;
		} else if (c == 't' && d == 'u' && e == 'r' && i > 0) {
			skel_add(k, 'J'); /* -ture: 피처, feature; 픽처, picture */
		} else if (c == 'g' && d == 'g') {
			continue; /* 태깅, tagging: one g, heard as the second */
		} else if ((c == 's' && d == 'h') || (c == 't' && d == 'h')) {
			skel_add(k, c == 's' ? 'S' : 'Q');
			i++;
		} else if (c == 'p' && d == 'h') {
			skel_add(k, 'P');
			i++;
		} else if (c == 'g' && d == 'h') {
			i++;
		} else if (c == 'c' && (d == 'k' || d == 'q')) {
			skel_add(k, 'K');
			i++;
		} else if (c == 'q' && d == 'u') {
			skel_add(k, 'K');
			i++;
		} else if (c == 'x') {
			skel_add(k, 'K');
			skel_add(k, 'S');
		} else if (c == 'c') {
			skel_add(k, d == 'e' || d == 'i' || d == 'y' ? 'S' : 'K');
		} else if (c == 'g') {
			skel_add(k, d == 'e' || d == 'i' || d == 'y' ? 'X' : 'K');
		} else if (c == 'n' && (d == 'g' || d == 'k')) {
			skel_add(k, 'G');
			if (d == 'g' && !en_vowel(e) && e != 'l' && e != 'r')
				i++;
		} else if (c == 't' && d == 'i' && en_vowel(e)) {
			skel_add(k, 'S'); /* -tion, -tial */
		} else if (c == 'r') {
			if (en_vowel(d))
				skel_add(k, 'L'); /* before a consonant or at the end: silent */
		} else if (c == 'h') {
			if (en_vowel(d) && (i == 0 || en_vowel(w[i - 1])))
				skel_add(k, 'H');
		} else {
			static const char from[] = "bdfjklmnpstvz", to[] = "PTPJKLMNPSTPJ";
			const char *at = strchr(from, c);
			if (at)
				skel_add(k, to[at - from]);
		}
	}
}

static bool skel_same(char h, char e)
{
	if (h == e)
		return true;
	if ((h == 'S' || h == 'J') && (e == 'S' || e == 'J'))
		return true;
	return (e == 'Q' && (h == 'S' || h == 'T')) || (e == 'X' && (h == 'K' || h == 'J'));
}

static bool skel_match(const Skel *h, const Skel *e)
{
	/* the English may end in one consonant the Korean drops (컨셉, concept) */
	if (h->n < 2 || (e->n != h->n && e->n != h->n + 1))
		return false;
	for (size_t i = 0; i < h->n; i++)
		if (!skel_same(h->c[i], e->c[i]))
			return false;
	return true;
}

void ko_skel_hangul(const char *h, size_t hn, KoSkel *out)
{
	skel_hangul(h, hn, out);
}

bool ko_skel_english(const char *en, size_t en_n, KoSkel *out)
{
	char low[SKEL_MAX * 4];
	size_t n = 0;
	for (size_t i = 0; i < en_n && n < sizeof(low); i++) {
		char c = (char)(en[i] | 0x20);
		if (c >= 'a' && c <= 'z')
			low[n++] = c;
		else if (en[i] != ' ' && en[i] != '-')
			return false;
	}
	if (n == sizeof(low))
		return false;
	skel_english(low, n, out);
	return true;
}

bool ko_skel_match(const KoSkel *h, const KoSkel *e, size_t min)
{
	return h->n >= 2 && h->n >= min && skel_match(h, e);
}

bool ko_transliterates(const char *h, size_t hn, const char *en, size_t en_n, size_t min)
{
	Skel hs, es;
	skel_hangul(h, hn, &hs);
	if (hs.n < 2 || hs.n < min)
		return false;
	return ko_skel_english(en, en_n, &es) && skel_match(&hs, &es);
}
