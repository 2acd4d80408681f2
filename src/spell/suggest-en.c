/*
 * hunspell's first English suggestion, found without hunspell's n-gram
 * pass.  Hunspell_suggest on en_US takes 15–45 ms a word: it tries the
 * edits of its suggest() (REP table, swaps, a key hit beside, a letter
 * too many or missing, moved or replaced, two words run together), then
 * scans the whole dictionary for n-gram neighbours, and `yeok check`
 * only keeps the first suggestion, which comes from the edits whenever
 * they find one.  en_quick_suggest tries the same edits in hunspell's
 * order (SuggestMgr::suggest of hunspell 1.7: its first pass, without
 * compounds) with Hunspell_spell, stopping at the first that passes
 * (about 1–3 ms): the same first suggestion.  It answers only when it can
 * say what hunspell would: a lower-case or capitalized word of ASCII
 * letters, an .aff whose options it follows, and an edit found; else the
 * caller asks hunspell.
 *
 * The .aff options read: TRY, KEY, REP, NOSUGGEST (its words are read
 * from the .dic: never suggested), NOSPLITSUGS; any of MAP, FLAG,
 * COMPLEXPREFIXES, FORCEUCASE, IGNORE, ICONV of other than the
 * apostrophe, KEEPCASE and a SET other than UTF-8 make it answer nothing.
 */
#include "spell-private.h"

#include <ctype.h>

typedef struct EnRep {
	char *from, *to; /* '_' already a space */
	int anchor;      /* 1: at the word's start (^), 2: at its end ($), 3: both */
} EnRep;

struct EnQuick {
	bool usable;
	char **try_chars;        /* TRY's characters (UTF-8), in order */
	size_t ntry;
	char *key;               /* KEY, or hunspell's default rows */
	VEC(EnRep) rep;
	bool nosplit;            /* NOSPLITSUGS */
	SpellWords nosuggest;    /* stems of the .dic with the NOSUGGEST flag */
	SpellWords cased;        /* stems of the .dic with a capital or a dash
	                            (not the capitalized forms hunspell hides
	                            beside GitHub or BASIC, which it never
	                            suggests) */
};

/* ---- reading the .aff and the .dic ------------------------------------------ */

static char *field(const char **p)
{
	const char *s = *p;
	while (*s == ' ' || *s == '\t')
		s++;
	const char *e = s;
	while (*e && *e != ' ' && *e != '\t' && *e != '\r' && *e != '\n')
		e++;
	*p = e;
	return e > s ? xmemdup0(s, (size_t)(e - s)) : NULL;
}

static void underscores(char *s)
{
	for (; *s; s++)
		if (*s == '_')
			*s = ' ';
}

static bool is_key(const char *line, const char *key)
{
	size_t n = strlen(key);
	return !strncmp(line, key, n) && (line[n] == ' ' || line[n] == '\t');
}

static void add_rep(EnQuick *q, char *from, char *to)
{
	EnRep r = {from, to, 0};
	size_t n = strlen(from);
	if (n > 1 && from[n - 1] == '$') {
		from[--n] = '\0';
		r.anchor |= 2;
	}
	if (from[0] == '^') {
		memmove(from, from + 1, n);
		r.anchor |= 1;
	}
	underscores(from);
	underscores(to);
	VEC_PUSH(&q->rep, r);
}

static void split_try(EnQuick *q, const char *s)
{
	size_t n = strlen(s);
	q->try_chars = xcalloc(n ? n : 1, sizeof(char *));
	for (size_t i = 0; i < n;) {
		size_t l = 1;
		while (i + l < n && ((unsigned char)s[i + l] & 0xc0) == 0x80)
			l++;
		q->try_chars[q->ntry++] = xmemdup0(s + i, l);
		i += l;
	}
}

/* One line of the .aff; false when it has an option not followed. */
static bool aff_line(EnQuick *q, const char *line, char *nosuggest_flag)
{
	static const char *const refused[] = {"MAP", "FLAG", "COMPLEXPREFIXES", "FORCEUCASE",
	                                      "IGNORE", "KEEPCASE"};
	for (size_t i = 0; i < ARRAY_LEN(refused); i++)
		if (is_key(line, refused[i]) || !strcmp(line, refused[i]))
			return false;
	const char *p = line;
	if (is_key(line, "SET")) {
		p += 3;
		char *v = field(&p);
		bool ok = v && !strcmp(v, "UTF-8");
		free(v);
		return ok;
	}
	if (is_key(line, "ICONV")) { /* ICONV 1 / ICONV ’ ': the apostrophe only */
		p += 5;
		char *a = field(&p), *b = field(&p);
		bool ok = a && (!b ? strspn(a, "0123456789") == strlen(a)
		                   : !strcmp(a, "\xe2\x80\x99") && !strcmp(b, "'"));
		free(a);
		free(b);
		return ok;
	}
	if (is_key(line, "TRY") && !q->try_chars) {
		p += 3;
		char *v = field(&p);
		split_try(q, v ? v : "");
		free(v);
	} else if (is_key(line, "KEY")) {
		p += 3;
		free(q->key);
		q->key = field(&p);
	} else if (is_key(line, "NOSUGGEST")) {
		p += 9;
		char *v = field(&p);
		if (v && strlen(v) == 1)
			*nosuggest_flag = v[0];
		bool ok = v && strlen(v) == 1;
		free(v);
		return ok;
	} else if (!strncmp(line, "NOSPLITSUGS", 11)) {
		q->nosplit = true;
	} else if (is_key(line, "REP")) {
		p += 3;
		char *a = field(&p), *b = field(&p);
		if (a && b)
			add_rep(q, a, b);
		else {
			free(a);
			free(b);
		}
	}
	return true;
}

static bool cased_word(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (isupper((unsigned char)s[i]) || s[i] == '-')
			return true;
	return false;
}

/* The .dic's stems with a capital or a dash, and those whose flags have
 * c (NOSUGGEST; 0: none). */
static void read_dic(EnQuick *q, const char *dic, char c)
{
	Buf b = BUF_INIT;
	if (!file_read(dic, &b, NULL)) {
		q->usable = false;
		buf_release(&b);
		return;
	}
	for (const char *s = b.p ? b.p : "", *end; *s; s = *end ? end + 1 : end) {
		end = strchr(s, '\n');
		if (!end)
			end = s + strlen(s);
		const char *slash = memchr(s, '/', (size_t)(end - s));
		size_t n = slash ? (size_t)(slash - s) : (size_t)(end - s);
		while (n && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (cased_word(s, n))
			spell_words_add(&q->cased, s, n);
		if (c && slash && memchr(slash, c, (size_t)(end - slash)))
			spell_words_add(&q->nosuggest, s, n);
	}
	buf_release(&b);
}

EnQuick *en_quick_new(const char *aff, const char *dic)
{
	EnQuick *q = xcalloc(1, sizeof(*q));
	spell_words_init(&q->nosuggest);
	spell_words_init(&q->cased);
	Buf b = BUF_INIT;
	q->usable = aff && dic && file_read(aff, &b, NULL);
	char nosuggest_flag = 0;
	const char *s = b.p ? b.p : "";
	bool set_utf8 = false;
	while (q->usable && *s) {
		const char *end = strchr(s, '\n');
		size_t n = end ? (size_t)(end - s) : strlen(s);
		char *line = xmemdup0(s, n);
		if (n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		set_utf8 |= is_key(line, "SET");
		q->usable = aff_line(q, line, &nosuggest_flag);
		free(line);
		s += n + (end != NULL);
	}
	buf_release(&b);
	/* REP's first line is its count */
	if (q->rep.n && strspn(q->rep.v[0].from, "0123456789") == strlen(q->rep.v[0].from) &&
	    !*q->rep.v[0].to) {
		free(q->rep.v[0].from);
		free(q->rep.v[0].to);
		memmove(q->rep.v, q->rep.v + 1, (q->rep.n - 1) * sizeof(EnRep));
		q->rep.n--;
	}
	q->usable = q->usable && set_utf8 && q->try_chars;
	if (!q->key)
		q->key = xstrdup("qwertyuiop|asdfghjkl|zxcvbnm");
	if (q->usable)
		read_dic(q, dic, nosuggest_flag);
	return q;
}

void en_quick_free(EnQuick *q)
{
	if (!q)
		return;
	for (size_t i = 0; i < q->ntry; i++)
		free(q->try_chars[i]);
	free(q->try_chars);
	free(q->key);
	for (size_t i = 0; i < q->rep.n; i++) {
		free(q->rep.v[i].from);
		free(q->rep.v[i].to);
	}
	VEC_FREE(&q->rep);
	spell_words_release(&q->nosuggest);
	spell_words_release(&q->cased);
	free(q);
}

/* How far longswap and move take a letter (hunspell's MAX_CHAR_DISTANCE). */
#define MAX_CHAR_DISTANCE 4

/* ---- the edits ----------------------------------------------------------------- */

/* One search: the word's candidates are tested in order until one passes. */
typedef struct Search {
	const EnQuick *q;
	Hunhandle *h;
	const SpellWords *added; /* the words added with a capital or a dash */
	Buf found;      /* the candidate that passed */
	bool done;
} Search;

static bool spell_ok(Search *s, const char *w)
{
	return Hunspell_spell(s->h, w) != 0;
}

static void lower_all(Buf *out, const char *w)
{
	buf_clear(out);
	for (; *w; w++)
		buf_addc(out, (char)tolower((unsigned char)*w));
}

/* A stem of w as written, a word of the dictionary with its capitals
 * (GitHub for GitHub's; not Github, not Basic, which hunspell keeps
 * beside GitHub and BASIC for GITHUB and BASIC'S but never suggests). */
static bool stem_as_written(const Search *s, const char *stem, const char *w)
{
	size_t n = strlen(stem);
	return n <= strlen(w) && !strncmp(stem, w, n) &&
	       (spell_words_has(&s->q->cased, stem, n) ||
	        (s->added && spell_words_has(s->added, stem, n)));
}

/* The candidate is a word that hunspell suggests (its checkword: the
 * dictionary's word as written, no break at a dash, no compound), not a
 * NOSUGGEST one.  Hunspell_spell takes more: Word and WORD for word,
 * GITHUB for GitHub, data-loader for data and loader; such a candidate
 * passes only when one of its stems is a dictionary word written so. */
static bool word_ok(Search *s, const char *w)
{
	if (!*w || !spell_ok(s, w))
		return false;
	bool strict = cased_word(w, strlen(w));
	if (!strict && !s->q->nosuggest.n)
		return true;
	char **stems = NULL;
	int k = Hunspell_stem(s->h, &stems, w);
	bool written = !strict, bad = spell_words_has(&s->q->nosuggest, w, strlen(w));
	for (int i = 0; i < k; i++) {
		written |= strict && stem_as_written(s, stems[i], w);
		bad |= spell_words_has(&s->q->nosuggest, stems[i], strlen(stems[i]));
	}
	if (stems)
		Hunspell_free_list(s->h, &stems, k);
	return written && !bad;
}

/* testsug: true (and the search done) when cand passes. */
static bool test(Search *s, const char *cand)
{
	if (s->done)
		return true;
	if (!word_ok(s, cand))
		return false;
	buf_clear(&s->found);
	buf_adds(&s->found, cand);
	s->done = true;
	return true;
}

/* REP: each occurrence of each pattern replaced (its anchors kept); one
 * with a space passes when each part is a word. */
static void rep_stage(Search *s, const char *w)
{
	size_t wl = strlen(w);
	Buf c = BUF_INIT;
	for (size_t i = 0; i < s->q->rep.n && !s->done; i++) {
		const EnRep *r = &s->q->rep.v[i];
		size_t pl = strlen(r->from);
		if (!pl)
			continue;
		for (const char *at = strstr(w, r->from); at && !s->done; at = strstr(at + 1, r->from)) {
			int where = (at == w ? 1 : 0) | ((size_t)(at - w) + pl == wl ? 2 : 0);
			if ((r->anchor & where) != r->anchor)
				continue;
			buf_clear(&c);
			buf_add(&c, w, (size_t)(at - w));
			buf_adds(&c, r->to);
			buf_adds(&c, at + pl);
			if (!strchr(c.p, ' ')) {
				test(s, c.p);
				continue;
			}
			/* "alot" -> "a lot": every part a word */
			bool all = true;
			char *dup = xstrdup(c.p);
			for (char *part = dup, *sp; part && all; part = sp ? sp + 1 : NULL) {
				sp = strchr(part, ' ');
				if (sp)
					*sp = '\0';
				all = word_ok(s, part);
			}
			free(dup);
			if (all) {
				buf_clear(&s->found);
				buf_adds(&s->found, c.p);
				s->done = true;
			}
		}
	}
	buf_release(&c);
}

static void swap_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	char *c = xstrdup(w);
	for (size_t i = 0; i + 1 < n && !s->done; i++) {
		char t = c[i];
		c[i] = c[i + 1];
		c[i + 1] = t;
		test(s, c);
		c[i + 1] = c[i];
		c[i] = t;
	}
	if (!s->done && (n == 4 || n == 5)) { /* ahev -> have, owudl -> would */
		c[0] = w[1];
		c[1] = w[0];
		c[2] = w[2];
		c[n - 2] = w[n - 1];
		c[n - 1] = w[n - 2];
		test(s, c);
		if (n == 5) {
			c[0] = w[0];
			c[1] = w[2];
			c[2] = w[1];
			test(s, c);
		}
	}
	free(c);
}

static void longswap_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	char *c = xstrdup(w);
	for (size_t p = 0; p < n && !s->done; p++) {
		for (size_t k = 0; k < n && !s->done; k++) {
			size_t dist = p > k ? p - k : k - p;
			if (dist > 1 && dist <= MAX_CHAR_DISTANCE) {
				char t = c[p];
				c[p] = c[k];
				c[k] = t;
				test(s, c);
				c[k] = c[p];
				c[p] = t;
			}
		}
	}
	free(c);
}

static void key_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	const char *key = s->q->key;
	char *c = xstrdup(w);
	for (size_t i = 0; i < n && !s->done; i++) {
		char t = c[i];
		c[i] = (char)toupper((unsigned char)t);
		if (c[i] != t)
			test(s, c);
		c[i] = t;
		for (const char *loc = strchr(key, t); loc && !s->done; loc = strchr(loc + 1, t)) {
			if (loc > key && loc[-1] != '|') {
				c[i] = loc[-1];
				test(s, c);
			}
			if (loc[1] != '|' && loc[1] != '\0') {
				c[i] = loc[1];
				test(s, c);
			}
		}
		c[i] = t;
	}
	free(c);
}

static void extra_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	if (n < 2)
		return;
	Buf c = BUF_INIT;
	for (size_t i = 0; i < n && !s->done; i++) {
		size_t at = n - 1 - i;
		buf_clear(&c);
		buf_add(&c, w, at);
		buf_adds(&c, w + at + 1);
		test(s, c.p);
	}
	buf_release(&c);
}

static void forgot_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	Buf c = BUF_INIT;
	for (size_t k = 0; k < s->q->ntry && !s->done; k++) {
		for (size_t i = 0; i <= n && !s->done; i++) {
			size_t at = n - i;
			buf_clear(&c);
			buf_add(&c, w, at);
			buf_adds(&c, s->q->try_chars[k]);
			buf_adds(&c, w + at);
			test(s, c.p);
		}
	}
	buf_release(&c);
}

static void move_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	if (n < 2)
		return;
	char *c = xstrdup(w);
	for (size_t p = 0; p < n && !s->done; p++) {
		for (size_t q = p + 1; q < n && q - p <= MAX_CHAR_DISTANCE && !s->done; q++) {
			char t = c[q];
			c[q] = c[q - 1];
			c[q - 1] = t;
			if (q - p >= 2)
				test(s, c);
		}
		memcpy(c, w, n);
	}
	for (size_t p = n - 1; p > 0 && !s->done; p--) {
		for (size_t q = p; q-- > 0 && p - q <= MAX_CHAR_DISTANCE && !s->done;) {
			char t = c[q];
			c[q] = c[q + 1];
			c[q + 1] = t;
			if (p - q >= 2)
				test(s, c);
		}
		memcpy(c, w, n);
	}
	free(c);
}

static void bad_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	Buf c = BUF_INIT;
	for (size_t k = 0; k < s->q->ntry && !s->done; k++) {
		const char *t = s->q->try_chars[k];
		for (size_t i = n; i-- > 0 && !s->done;) {
			if (strlen(t) == 1 && w[i] == t[0])
				continue;
			buf_clear(&c);
			buf_add(&c, w, i);
			buf_adds(&c, t);
			buf_adds(&c, w + i + 1);
			test(s, c.p);
		}
	}
	buf_release(&c);
}

static void doubletwo_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	if (n < 5)
		return;
	int state = 0;
	Buf c = BUF_INIT;
	for (size_t i = 2; i < n && !s->done; i++) {
		if (w[i] != w[i - 2]) {
			state = 0;
			continue;
		}
		if (++state == 3) {
			buf_clear(&c);
			buf_add(&c, w, i - 1);
			buf_adds(&c, w + i + 1);
			test(s, c.p);
			state = 0;
		}
	}
	buf_release(&c);
}

static void twowords_stage(Search *s, const char *w)
{
	size_t n = strlen(w);
	if (n < 3 || s->q->nosplit)
		return;
	Buf a = BUF_INIT;
	for (size_t k = 1; k < n && !s->done; k++) {
		buf_clear(&a);
		buf_add(&a, w, k);
		if (!word_ok(s, a.p) || !word_ok(s, w + k))
			continue;
		buf_clear(&s->found);
		buf_add(&s->found, w, k);
		buf_addc(&s->found, ' ');
		buf_adds(&s->found, w + k);
		s->done = true;
	}
	buf_release(&a);
}

/* SuggestMgr::suggest's first pass over w: its first candidate, or false. */
static bool edits(Search *s, const char *w)
{
	Buf up = BUF_INIT;
	for (const char *p = w; *p; p++)
		buf_addc(&up, (char)toupper((unsigned char)*p));
	test(s, up.p); /* html -> HTML */
	buf_release(&up);
	if (strlen(w) >= 2)
		rep_stage(s, w);
	void (*const stages[])(Search *, const char *) = {
		swap_stage, longswap_stage, key_stage, extra_stage, forgot_stage,
		move_stage, bad_stage, doubletwo_stage, twowords_stage,
	};
	for (size_t i = 0; i < ARRAY_LEN(stages) && !s->done; i++)
		stages[i](s, w);
	return s->done;
}

char *en_quick_suggest(const EnQuick *q, Hunhandle *h, const SpellWords *added, const char *w)
{
	if (!q || !q->usable)
		return NULL;
	size_t n = strlen(w);
	if (n < 2 || n > 40)
		return NULL;
	/* lower-case (NOCAP) or capitalized (INITCAP) ASCII letters only */
	for (size_t i = 0; i < n; i++)
		if (!isalpha((unsigned char)w[i]) || (i > 0 && isupper((unsigned char)w[i])))
			return NULL;
	bool cap = isupper((unsigned char)w[0]) != 0;
	Search s = {q, h, added, BUF_INIT, false};
	char *out = NULL;
	bool found = edits(&s, w);
	if (!found && cap) { /* hunspell's second pass: the word in lower case */
		Buf low = BUF_INIT;
		lower_all(&low, w);
		found = edits(&s, low.p);
		buf_release(&low);
	}
	if (found) {
		out = buf_detach(&s.found);
		if (cap)
			out[0] = (char)toupper((unsigned char)out[0]);
		/* hunspell then drops a capitalized suggestion it rejects */
		if (cap && !strchr(out, ' ') && !Hunspell_spell(h, out)) {
			free(out);
			out = NULL;
		}
	}
	buf_release(&s.found);
	return out;
}
