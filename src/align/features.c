/*
 * A block's features, computed once per block: its text's hash, a code
 * block's lines, the ASCII tokens that survive translation, its length
 * (see align-private.h for what is kept of them, and when).
 */
#include "align-private.h"
#include "yeok/text.h"

/* ---- features ---------------------------------------------------------- */

static size_t sort_unique(uint32_t *v, size_t n)
{
	if (!n)
		return 0;
	if (n <= 24) {
		/* most blocks: a few tokens; insertion sort beats qsort's calls */
		for (size_t i = 1; i < n; i++) {
			uint32_t x = v[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
	} else {
		/* radix sort, 8 bits a pass (no comparison calls) */
		uint32_t *tmp = xmalloc(n * sizeof(*tmp)), *from = v, *to = tmp;
		for (int shift = 0; shift < 32; shift += 8) {
			size_t cnt[257] = {0};
			for (size_t i = 0; i < n; i++)
				cnt[((from[i] >> shift) & 0xff) + 1]++;
			for (size_t b = 1; b < 257; b++)
				cnt[b] += cnt[b - 1];
			for (size_t i = 0; i < n; i++)
				to[cnt[(from[i] >> shift) & 0xff]++] = from[i];
			uint32_t *x = from;
			from = to;
			to = x;
		}
		/* four passes: the sorted values are back in v */
		free(tmp);
	}
	size_t k = 1;
	for (size_t i = 1; i < n; i++)
		if (v[i] != v[k - 1])
			v[k++] = v[i];
	return k;
}

static bool is_word_byte(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Words that say nothing about which block is which (w is lowercase). */
static bool stopword(const char *w, size_t n)
{
	static const char *const stop[] = {
		"the", "an", "of", "to", "in", "is", "and", "or", "for", "on", "with", "as", "by",
		"be", "it", "at", "this", "that", "we", "you", "are", "can", "from", "http", "https",
		"www", "com", "org", "html", "rst", "github", "io", "if", "not", "will", "which",
	};
	if (n > 6)
		return false;
	for (size_t i = 0; i < ARRAY_LEN(stop); i++)
		if (stop[i][0] == w[0] && strncmp(stop[i], w, n) == 0 && stop[i][n] == '\0')
			return true;
	return false;
}

/* The end of the name of code that starts at s[i] (a letter): a dotted
 * name (nn.Flatten, torch.nn.Module), a name with a digit or an
 * underscore (cuda_tensor, fp16), a camel-case one (DataLoader,
 * PyTorch) or a call (view()); 0 for a word of prose. */
static size_t code_name_end(const char *s, size_t n, size_t i)
{
	size_t j = i;
	bool code = false;
	while (j < n) {
		if (is_word_byte(s[j])) {
			if (s[j] == '_' || (s[j] >= '0' && s[j] <= '9'))
				code = true;
			else if (j > i && s[j] >= 'A' && s[j] <= 'Z' && s[j - 1] >= 'a' && s[j - 1] <= 'z')
				code = true;
			j++;
		} else if (s[j] == '.' && j + 1 < n && j > i && is_word_byte(s[j + 1]) &&
		           is_word_byte(s[j - 1])) {
			code = true;
			j++;
		} else {
			break;
		}
	}
	if (j < n && s[j] == '(' && j + 1 < n && s[j + 1] == ')')
		code = true;
	return code ? j : 0;
}

bool align_has_words(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		char c = s[i];
		/* ``literal``, |substitution|, <target> */
		const char *close = NULL;
		size_t skip = 0;
		if (c == '`' && i + 1 < n && s[i + 1] == '`') {
			close = "``";
			skip = 2;
		} else if (c == '|') {
			close = "|";
			skip = 1;
		} else if (c == '<') {
			close = ">";
			skip = 1;
		} else if (c == ':' && i + 1 < n && is_word_byte(s[i + 1])) {
			/* :role:`target` */
			size_t j = i + 1;
			while (j < n && (is_word_byte(s[j]) || s[j] == '-' || s[j] == ':'))
				j++;
			if (j < n && s[j] == '`' && j > i + 1 && s[j - 1] == ':') {
				close = "`";
				skip = j - i + 1;
			}
		} else if (c == 'h' && (i == 0 || !is_word_byte(s[i - 1])) &&
		           (str_starts_with((Str){s + i, n - i}, "https://") ||
		            str_starts_with((Str){s + i, n - i}, "http://"))) {
			while (i < n && s[i] != ' ' && s[i] != '\n')
				i++;
			continue;
		}
		if (close) {
			size_t cn = strlen(close), j = i + skip;
			while (j + cn <= n && memcmp(s + j, close, cn) != 0)
				j++;
			if (j + cn <= n) {
				i = j + cn;
				continue;
			}
		}
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
			if (i > 0 && is_word_byte(s[i - 1])) { /* inside x2y, a_b */
				i++;
				continue;
			}
			size_t e = code_name_end(s, n, i);
			if (e) { /* nn.Flatten, torch.nn, DataLoader, view(): an API's name */
				i = e;
				continue;
			}
			size_t j = i;
			while (j < n && ((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= 'A' && s[j] <= 'Z')))
				j++;
			if (j - i >= 2 && (j >= n || !is_word_byte(s[j])))
				return true;
			while (j < n && is_word_byte(s[j]))
				j++;
			i = j;
			continue;
		}
		i++;
	}
	return false;
}

void hash_bits(const uint32_t *v, size_t n, uint64_t bits[2])
{
	bits[0] = bits[1] = 0;
	for (size_t k = 0; k < n; k++)
		bits[(v[k] >> 6) & 1] |= 1ull << (v[k] & 63);
}

/* Code: each line without its comment (# or //) and blanks. */
static void code_features(const char *s, size_t n, Feat *f)
{
	VEC(uint32_t) lv = {0};
	uint64_t h = 1469598103934665603ull;
	size_t i = 0;
	while (i <= n) {
		const char *nl = i < n ? memchr(s + i, '\n', n - i) : NULL;
		size_t e = nl ? (size_t)(nl - s) : n;
		size_t ce = e;
		for (size_t k = i; k < e; k++) {
			/* the rare bytes first, then where they stand */
			if ((s[k] == '#' || (s[k] == '/' && k + 1 < e && s[k + 1] == '/')) &&
			    (k == i || s[k - 1] == ' ' || s[k - 1] == '\t')) {
				ce = k;
				break;
			}
		}
		Str line = str_trim((Str){s + i, ce - i});
		if (line.n) {
			uint32_t lh = (uint32_t)hash_words(line.p, line.n);
			VEC_PUSH(&lv, lh);
			h = (h ^ lh) * 1099511628211ull;
		}
		i = e + 1;
	}
	f->code_hash = h;
	size_t nl = sort_unique(lv.v, lv.n);
	BUG_ON(f->nlines || f->ntok || nl > UINT32_MAX);
	f->nlines = (uint32_t)nl;
	if (feat_inline(f)) {
		if (nl)
			memcpy(f->u.in, lv.v, nl * sizeof(*lv.v));
		free(lv.v);
	} else {
		f->u.h = xrealloc(lv.v, nl * sizeof(*lv.v));
	}
}

/* The tokens, length, Hangul and words of text s[0..n). */
static void token_features(const Block *b, const char *s, size_t n, Feat *f)
{
	f->words = rst_kind_is_prose(b->kind) && align_has_words(s, n);
	VEC(uint32_t) tok = {0};
	char low[64];
	for (size_t i = 0; i < n;) {
		unsigned char c = (unsigned char)s[i];
		if ((c & 0xc0) != 0x80)
			f->len++;
		if (c >= 0x80) {
			/* once Hangul is seen only the length matters: one count
			 * per byte that is not a continuation byte (as decoding) */
			if (f->hangul) {
				i++;
				continue;
			}
			int32_t cp;
			size_t k = text_decode(s + i, n - i, &cp);
			if (cp >= 0 && text_is_hangul(cp))
				f->hangul = true;
			i += k;
			continue;
		}
		/* A URL is one token and no length: it is the same on both sides. */
		if (c == 'h' && (i == 0 || !is_word_byte(s[i - 1])) &&
		    (str_starts_with((Str){s + i, n - i}, "https://") ||
		     str_starts_with((Str){s + i, n - i}, "http://"))) {
			size_t j = i;
			while (j < n && s[j] != ' ' && s[j] != '\n' && s[j] != '>' && s[j] != '`' &&
			       s[j] != '"' && s[j] != ')')
				j++;
			VEC_PUSH(&tok, (uint32_t)hash_fnv1a(s + i, j - i));
			f->len--; /* the 'h' counted above */
			i = j;
			continue;
		}
		if (!is_word_byte((char)c)) {
			i++;
			continue;
		}
		size_t j = i;
		bool digit = false;
		while (j < n && is_word_byte(s[j])) {
			digit |= s[j] >= '0' && s[j] <= '9';
			j++;
		}
		size_t wn = j - i;
		if ((wn >= 2 || digit) && wn < sizeof(low)) {
			for (size_t k = 0; k < wn; k++)
				low[k] = (char)((s[i + k] >= 'A' && s[i + k] <= 'Z') ? s[i + k] + 32 : s[i + k]);
			if (!stopword(low, wn))
				VEC_PUSH(&tok, (uint32_t)hash_fnv1a(low, wn));
		}
		f->len += wn - 1;
		i = j;
	}
	size_t nt = sort_unique(tok.v, tok.n);
	BUG_ON(f->ntok || nt > UINT32_MAX - f->nlines);
	size_t nl = f->nlines, all = nl + nt;
	if (all <= FEAT_IN) {
		if (nt) /* after the code's lines, here too */
			memcpy(f->u.in + nl, tok.v, nt * sizeof(*tok.v));
	} else {
		uint32_t *h = xmalloc(all * sizeof(*h));
		if (nl)
			memcpy(h, feat_lines(f), nl * sizeof(*h));
		if (nt) /* none: tok.v is NULL */
			memcpy(h + nl, tok.v, nt * sizeof(*h));
		feat_free(f);
		f->u.h = h;
	}
	f->ntok = (uint32_t)nt;
	free(tok.v);
}

/* The features of block b into f (what is not there yet): all of them,
 * or (!all) of code only what the anchors' pass reads. */
void features(const Lines *l, const Block *b, Feat *f, bool all, Buf *tmp)
{
	bool code_only = !all && b->kind == BK_LITERAL;
	if (f->have || (code_only && f->keyed))
		return;
	f->kind = b->kind;
	f->title_level = b->title_level;
	buf_clear(tmp);
	rst_block_text(l, b, tmp);
	const char *s = tmp->p ? tmp->p : "";
	size_t n = tmp->len;
	if (!f->keyed) {
		f->text_hash = hash_words(s, n);
		if (b->kind == BK_LITERAL)
			code_features(s, n, f);
		f->keyed = true;
	}
	if (code_only)
		return;
	token_features(b, s, n, f);
	f->have = true;
}

/* What need_features computes again, dropped from a block whose region
 * is aligned: its tokens, length, Hangul and words (kept for the session,
 * they were 1.6 MB of arrays at 100k lines, 15.6 MB at 1M, read again
 * only when an edit makes align_update align the region anew; push_seg
 * reads the words, so a region is trimmed only after its segments are
 * pushed); of a block that is no anchor, all of it (its record keeps the
 * kind and level).  Kept: a code block's hashes and lines (the anchors'
 * pass), all of a title (the anchors' pass reads its tokens and
 * length). */
void feat_trim(Side *sd, size_t k)
{
	FeatRec *r = side_r(sd, k);
	if (!r->at)
		return;
	Feat *f = pool_at(sd->pool, r->at);
	if (!is_anchor_kind(f->kind)) {
		pool_give(sd->pool, r->at);
		r->at = 0;
		return;
	}
	if (!f->have || f->kind == BK_TITLE)
		return;
	if (f->kind == BK_LITERAL && f->nlines) {
		if (!feat_inline(f)) {
			uint32_t *h = f->u.h;
			if (f->nlines <= FEAT_IN) {
				memcpy(f->u.in, h, f->nlines * sizeof(*h));
				free(h);
			} else {
				f->u.h = xrealloc(h, f->nlines * sizeof(*h));
			}
		}
	} else {
		feat_free(f);
		memset(&f->u, 0, sizeof(f->u));
	}
	f->ntok = 0;
	f->len = 0;
	f->hangul = false;
	f->words = false;
	f->have = false;
}
