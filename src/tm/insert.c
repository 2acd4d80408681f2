/* The Korean of a match with its placeables made those of the current
 * English (inline literals, roles, URLs, numbers), the way OmegaT puts the
 * current segment's tags into an inserted fuzzy match. */
#include "tm-private.h"

static void placeables(const char *s, size_t n, TokVec *out)
{
	TokVec all = {0};
	tm_tokenize(s, n, &all);
	out->n = 0;
	for (size_t i = 0; i < all.n; i++)
		if (all.v[i].kind == TOK_PLACE || all.v[i].kind == TOK_NUM)
			VEC_PUSH(out, all.v[i]);
	VEC_FREE(&all);
}

/* One kind of placeable for pairing: a number only stands for a number. */
static int place_class(const char *s, const Tok *t)
{
	if (t->kind == TOK_NUM)
		return 0;
	if (t->len >= 2 && s[t->off] == '`')
		return 1; /* ``literal`` */
	if (s[t->off] == ':')
		return 2; /* :role:`x` */
	return 3;     /* URL */
}

typedef struct Repl {
	size_t off, len; /* in the Korean */
	const char *with;
	size_t with_n;
} Repl;

static int cmp_repl(const void *a, const void *b)
{
	const Repl *x = a, *y = b;
	return x->off < y->off ? -1 : x->off > y->off;
}

char *tm_insert_text(const TmMatch *m, const char *cur, size_t n)
{
	const char *en = m->en, *ko = m->ko;
	size_t en_n = strlen(en), ko_n = strlen(ko);
	TokVec a = {0}, b = {0}, k = {0};
	placeables(en, en_n, &a);
	placeables(cur, n, &b);
	placeables(ko, ko_n, &k);
	size_t na = a.n, nb = b.n;
	VEC(Repl) repl = {0};
	if (na && nb && (na + 1) * (nb + 1) <= (1u << 20)) {
		/* Edit distance over the two placeable lists; a substitution only
		 * between placeables of one class. */
		uint32_t *d = xmalloc((na + 1) * (nb + 1) * sizeof(uint32_t));
#define D(i, j) d[(i) * (nb + 1) + (j)]
		for (size_t i = 0; i <= na; i++)
			D(i, 0) = (uint32_t)i;
		for (size_t j = 0; j <= nb; j++)
			D(0, j) = (uint32_t)j;
		for (size_t i = 1; i <= na; i++)
			for (size_t j = 1; j <= nb; j++) {
				const Tok *x = &a.v[i - 1], *y = &b.v[j - 1];
				uint32_t sub = x->h == y->h ? 0
				               : place_class(en, x) == place_class(cur, y) ? 1
				                                                           : 3;
				uint32_t v = MIN(D(i - 1, j) + 1, D(i, j - 1) + 1);
				D(i, j) = MIN(v, D(i - 1, j - 1) + sub);
			}
		/* Walk back; collect (old, new) substitutions in reverse order. */
		VEC(size_t) pi = {0}, pj = {0};
		for (size_t i = na, j = nb; i > 0 && j > 0;) {
			const Tok *x = &a.v[i - 1], *y = &b.v[j - 1];
			uint32_t sub = x->h == y->h ? 0
			               : place_class(en, x) == place_class(cur, y) ? 1
			                                                           : 3;
			if (D(i, j) == D(i - 1, j - 1) + sub) {
				if (sub == 1) {
					VEC_PUSH(&pi, i - 1);
					VEC_PUSH(&pj, j - 1);
				}
				i--;
				j--;
			} else if (D(i, j) == D(i - 1, j) + 1) {
				i--;
			} else {
				j--;
			}
		}
#undef D
		free(d);
		bool *used = xcalloc(k.n + 1, 1);
		for (size_t s = pi.n; s-- > 0;) {
			const Tok *x = &a.v[pi.v[s]], *y = &b.v[pj.v[s]];
			for (size_t t = 0; t < k.n; t++) {
				if (used[t] || k.v[t].len != x->len ||
				    memcmp(ko + k.v[t].off, en + x->off, x->len) != 0)
					continue;
				used[t] = true;
				Repl r = {k.v[t].off, k.v[t].len, cur + y->off, y->len};
				VEC_PUSH(&repl, r);
				break;
			}
		}
		free(used);
		VEC_FREE(&pi);
		VEC_FREE(&pj);
	}
	if (repl.n)
		qsort(repl.v, repl.n, sizeof(Repl), cmp_repl);
	Buf out = BUF_INIT;
	size_t at = 0;
	for (size_t i = 0; i < repl.n; i++) {
		buf_add(&out, ko + at, repl.v[i].off - at);
		buf_add(&out, repl.v[i].with, repl.v[i].with_n);
		at = repl.v[i].off + repl.v[i].len;
	}
	buf_add(&out, ko + at, ko_n - at);
	VEC_FREE(&repl);
	VEC_FREE(&a);
	VEC_FREE(&b);
	VEC_FREE(&k);
	return buf_detach(&out);
}
