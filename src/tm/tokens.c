/* Text for the memory: the exact-match key, the tokenizer (words,
 * numbers, placeables, punctuation), OmegaT's similarity, the word
 * frequency table. */
#include "tm-private.h"
#include "yeok/text.h"

void tm_key(const char *s, size_t n, Buf *out)
{
	Buf nfc = BUF_INIT;
	text_nfc(s, n, &nfc);
	bool space = false;
	size_t start = out->len;
	for (size_t i = 0; i < nfc.len; i++) {
		char c = nfc.p[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = true;
			continue;
		}
		if (space && out->len > start)
			buf_addc(out, ' ');
		space = false;
		buf_addc(out, c);
	}
	buf_release(&nfc);
}

int64_t tm_key_hash(const char *key, size_t n)
{
	return (int64_t)hash_fnv1a(key, n);
}

bool tm_text_storable(const char *s, size_t n)
{
	if (!text_valid(s, n))
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
			return false;
		/* C1 controls: U+0080..U+009F are C2 80..C2 9F */
		if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] < 0xa0)
			return false;
	}
	return true;
}

/* ---- tokenizer ------------------------------------------------------------ */

static bool is_space_byte(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool ascii_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* ``literal``: the whole construct, or 0. */
static size_t literal_len(const char *s, size_t n, size_t i)
{
	if (i + 5 > n || s[i] != '`' || s[i + 1] != '`' || is_space_byte(s[i + 2]))
		return 0;
	size_t lim = MIN(n, i + 2048);
	for (size_t j = i + 3; j + 1 < lim; j++)
		if (s[j] == '`' && s[j + 1] == '`' && !is_space_byte(s[j - 1])) {
			size_t end = j + 2;
			while (end < n && s[end] == '`') /* ``a``` keeps the last backquote */
				end++;
			return end - i;
		}
	return 0;
}

static bool role_name_char(char c)
{
	return ascii_alnum(c) || c == '_' || c == '-' || c == '.' || c == '+' || c == ':';
}

/* :role:`text` (role names may hold ':' as in :py:func:), or 0. */
static size_t role_len(const char *s, size_t n, size_t i)
{
	if (s[i] != ':' || (i > 0 && ascii_alnum(s[i - 1])))
		return 0;
	size_t j = i + 1;
	while (j < n && j < i + 64 && role_name_char(s[j]))
		j++;
	if (j >= n || s[j] != '`' || j < i + 3 || s[j - 1] != ':')
		return 0;
	size_t lim = MIN(n, j + 2048);
	for (size_t k = j + 2; k < lim; k++)
		if (s[k] == '`')
			return k + 1 - i;
	return 0;
}

/* http://, https://, ftp:// URLs, without trailing punctuation. */
static size_t url_len(const char *s, size_t n, size_t i)
{
	static const char *const schemes[] = {"https://", "http://", "ftp://"};
	if (i > 0 && ascii_alnum(s[i - 1]))
		return 0;
	size_t k = 0;
	for (size_t x = 0; x < ARRAY_LEN(schemes) && !k; x++) {
		size_t l = strlen(schemes[x]);
		if (n - i > l && !strncmp(s + i, schemes[x], l))
			k = l;
	}
	if (!k)
		return 0;
	size_t j = i + k;
	while (j < n && !is_space_byte(s[j]) && s[j] != '<' && s[j] != '>' && s[j] != '`' &&
	       s[j] != '"')
		j++;
	while (j > i + k && strchr(".,;:!?)'", s[j - 1]))
		j--;
	return j > i + k ? j - i : 0;
}

static uint64_t fold_hash(const char *s, size_t n, Buf *tmp)
{
	bool ascii = true;
	for (size_t i = 0; i < n && ascii; i++)
		ascii = (unsigned char)s[i] < 0x80;
	if (ascii) {
		uint64_t h = 1469598103934665603ULL;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i];
			if (c >= 'A' && c <= 'Z')
				c = (unsigned char)(c - 'A' + 'a');
			h = (h ^ c) * 1099511628211ULL;
		}
		return h;
	}
	buf_clear(tmp);
	text_casefold(s, n, tmp);
	return hash_fnv1a(tmp->p ? tmp->p : "", tmp->len);
}

static bool is_digit_cp(int32_t cp)
{
	return cp >= 0 && text_is_digit(cp);
}

static bool is_word_cp(int32_t cp)
{
	return cp >= 0 && (text_is_letter(cp) || text_is_combining(cp));
}

void tm_tokenize(const char *s, size_t n, TokVec *out)
{
	out->n = 0;
	Buf tmp = BUF_INIT;
	size_t i = 0;
	while (i < n) {
		if (is_space_byte(s[i])) {
			i++;
			continue;
		}
		Tok t = {i, 0, TOK_PUNCT, 0};
		size_t k;
		if ((k = literal_len(s, n, i)) || (k = role_len(s, n, i)) || (k = url_len(s, n, i))) {
			t.kind = TOK_PLACE;
			t.len = k;
		} else {
			int32_t cp;
			size_t l = text_decode(s + i, n - i, &cp);
			if (is_digit_cp(cp)) {
				size_t j = i + l;
				while (j < n) {
					size_t m = text_decode(s + j, n - j, &cp);
					if (is_digit_cp(cp)) {
						j += m;
						continue;
					}
					/* 1,000 and 3.14: a separator between digits */
					if ((s[j] == '.' || s[j] == ',') && j + 1 < n && s[j + 1] >= '0' &&
					    s[j + 1] <= '9') {
						j++;
						continue;
					}
					break;
				}
				t.kind = TOK_NUM;
				t.len = j - i;
			} else if (is_word_cp(cp)) {
				size_t j = i + l;
				while (j < n) {
					size_t m = text_decode(s + j, n - j, &cp);
					if (is_word_cp(cp)) {
						j += m;
						continue;
					}
					/* don't, it’s: an apostrophe between letters */
					int32_t next = -1;
					if ((cp == '\'' || cp == 0x2019) && j + m < n)
						text_decode(s + j + m, n - j - m, &next);
					if (next >= 0 && text_is_letter(next)) {
						j += m;
						continue;
					}
					break;
				}
				t.kind = TOK_WORD;
				t.len = j - i;
			} else if (cp >= 0 && text_is_space(cp)) {
				i += l;
				continue;
			} else {
				t.len = l;
			}
		}
		t.h = t.kind == TOK_WORD ? fold_hash(s + i, t.len, &tmp) : hash_fnv1a(s + i, t.len);
		VEC_PUSH(out, t);
		i += t.len;
	}
	buf_release(&tmp);
}

size_t tm_word_count(const TokVec *t)
{
	size_t c = 0;
	for (size_t i = 0; i < t->n; i++)
		c += t->v[i].kind == TOK_WORD;
	return c;
}

int tm_similarity(const TokVec *a, const TokVec *b, bool words_only)
{
	size_t na = 0, nb = 0;
	uint64_t *x = xmalloc((a->n + 1) * sizeof(uint64_t));
	uint64_t *y = xmalloc((b->n + 1) * sizeof(uint64_t));
	for (size_t i = 0; i < a->n; i++)
		if (!words_only || a->v[i].kind == TOK_WORD)
			x[na++] = a->v[i].h;
	for (size_t i = 0; i < b->n; i++)
		if (!words_only || b->v[i].kind == TOK_WORD)
			y[nb++] = b->v[i].h;
	int sim = 0;
	size_t mx = MAX(na, nb);
	if (mx > 0) {
		/* Levenshtein distance over the two lists, two rows. */
		size_t *p = xmalloc((na + 1) * sizeof(size_t));
		size_t *d = xmalloc((na + 1) * sizeof(size_t));
		for (size_t i = 0; i <= na; i++)
			p[i] = i;
		for (size_t j = 1; j <= nb; j++) {
			d[0] = j;
			for (size_t i = 1; i <= na; i++) {
				size_t cost = x[i - 1] == y[j - 1] ? 0 : 1;
				size_t v = MIN(d[i - 1] + 1, p[i] + 1);
				d[i] = MIN(v, p[i - 1] + cost);
			}
			size_t *t = p;
			p = d;
			d = t;
		}
		size_t ld = p[na];
		sim = (int)((100 * (mx - ld)) / mx);
		free(p);
		free(d);
	}
	free(x);
	free(y);
	return sim;
}

void tm_score(const char *a, size_t an, const char *b, size_t bn, int *score, int *score_all)
{
	TokVec ta = {0}, tb = {0};
	tm_tokenize(a, an, &ta);
	tm_tokenize(b, bn, &tb);
	Buf ka = BUF_INIT, kb = BUF_INIT;
	tm_key(a, an, &ka);
	tm_key(b, bn, &kb);
	bool same = str_eq(buf_str(&ka), buf_str(&kb));
	*score = tm_similarity(&ta, &tb, true);
	*score_all = tm_similarity(&ta, &tb, false);
	if (!same) {
		*score = MIN(*score, 99);
		*score_all = MIN(*score_all, 99);
	} else {
		*score = *score_all = 100;
	}
	buf_release(&ka);
	buf_release(&kb);
	VEC_FREE(&ta);
	VEC_FREE(&tb);
}

/* ---- word frequencies ----------------------------------------------------- */

char **tm_words_of(const char *s, size_t n, size_t *count)
{
	TokVec t = {0};
	tm_tokenize(s, n, &t);
	VEC(char *) words = {0};
	VEC(uint64_t) seen = {0};
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < t.n; i++) {
		const Tok *k = &t.v[i];
		if (k->kind != TOK_WORD || k->len < 3)
			continue;
		bool dup = false;
		for (size_t j = 0; j < seen.n && !dup; j++)
			dup = seen.v[j] == k->h;
		if (dup)
			continue;
		VEC_PUSH(&seen, k->h);
		buf_clear(&tmp);
		bool ascii = true;
		for (size_t j = 0; j < k->len && ascii; j++)
			ascii = (unsigned char)s[k->off + j] < 0x80;
		if (ascii) {
			for (size_t j = 0; j < k->len; j++) {
				char c = s[k->off + j];
				buf_addc(&tmp, c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c);
			}
		} else {
			text_casefold(s + k->off, k->len, &tmp);
		}
		VEC_PUSH(&words, buf_detach(&tmp));
	}
	buf_release(&tmp);
	VEC_FREE(&seen);
	VEC_FREE(&t);
	*count = words.n;
	return words.v;
}

void tm_strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* An open-addressing map from word to count. */
typedef struct WordSlot {
	char *w; /* NULL: empty */
	uint64_t h;
	size_t count;
} WordSlot;

struct TmWords {
	WordSlot *v;
	size_t n, cap; /* cap is a power of two */
};

TmWords *tm_words_new(void)
{
	TmWords *w = xcalloc(1, sizeof(*w));
	w->cap = 1024;
	w->v = xcalloc(w->cap, sizeof(WordSlot));
	return w;
}

void tm_words_free(TmWords *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->cap; i++)
		free(w->v[i].w);
	free(w->v);
	free(w);
}

static void words_put(TmWords *w, char *word_take, uint64_t h, size_t count)
{
	if ((w->n + 1) * 2 > w->cap) {
		WordSlot *old = w->v;
		size_t oc = w->cap;
		w->cap *= 2;
		w->v = xcalloc(w->cap, sizeof(WordSlot));
		w->n = 0;
		for (size_t i = 0; i < oc; i++)
			if (old[i].w)
				words_put(w, old[i].w, old[i].h, old[i].count);
		free(old);
	}
	size_t i = (size_t)h & (w->cap - 1);
	while (w->v[i].w) {
		if (w->v[i].h == h && !strcmp(w->v[i].w, word_take)) {
			w->v[i].count += count;
			free(word_take);
			return;
		}
		i = (i + 1) & (w->cap - 1);
	}
	w->v[i] = (WordSlot){word_take, h, count};
	w->n++;
}

void tm_words_add_text(TmWords *w, const char *s, size_t n)
{
	size_t k = 0;
	char **v = tm_words_of(s, n, &k);
	for (size_t i = 0; i < k; i++)
		words_put(w, v[i], hash_fnv1a(v[i], strlen(v[i])), 1);
	free(v);
}

bool tm_words_flush(TmWords *w, Tm *tm, Err *e)
{
	for (size_t i = 0; i < w->cap; i++) {
		if (!w->v[i].w || !w->v[i].count)
			continue;
		sqlite3_stmt *st = tm_stmt(tm, Q_DF_ADD, e);
		if (!st)
			return false;
		sqlite3_bind_text(st, 1, w->v[i].w, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 2, (sqlite3_int64)w->v[i].count);
		int rc = sqlite3_step(st);
		if (rc != SQLITE_DONE)
			return tm_sql_err(tm, rc, "words", e);
		w->v[i].count = 0;
	}
	return true;
}
