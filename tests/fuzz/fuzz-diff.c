/* Fuzz the difference engine (and the unified diff of the recovery
 * prompt).  Input: two texts separated by a NUL byte.  The edit script of
 * their lines must rebuild both sides exactly (SAME runs equal, positions
 * contiguous); empty sides arrive as NULL arrays, as the callers pass
 * them (clang's UBSan flags any arithmetic on those). */
#include "yeok/diff.h"
#include "yeok/safety.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t split(const char *p, size_t n, uint64_t **out)
{
	VEC(uint64_t) v = {0};
	size_t start = 0;
	for (size_t i = 0; i < n; i++)
		if (p[i] == '\n') {
			uint64_t h = hash_fnv1a(p + start, i - start);
			VEC_PUSH(&v, h);
			start = i + 1;
		}
	if (start < n) {
		uint64_t h = hash_fnv1a(p + start, n - start);
		VEC_PUSH(&v, h);
	}
	*out = v.v; /* NULL when empty */
	return v.n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	const char *nul = memchr(p, 0, size);
	size_t na = nul ? (size_t)(nul - p) : size;
	const char *b = nul ? nul + 1 : p + size;
	size_t nb = nul ? size - na - 1 : 0;
	uint64_t *ha, *hb;
	size_t la = split(p, na, &ha), lb = split(b, nb, &hb);
	for (size_t max_d = 0; max_d <= 3; max_d += 3) {
		Diff d = {0};
		diff_seq(ha, la, hb, lb, max_d, &d);
		size_t ia = 0, ib = 0;
		for (size_t i = 0; i < d.n; i++) {
			const DiffOp *o = &d.v[i];
			if (o->a_pos != ia || o->b_pos != ib)
				__builtin_trap();
			if (o->kind == DIFF_SAME)
				for (size_t k = 0; k < o->len; k++)
					if (ha[ia + k] != hb[ib + k])
						__builtin_trap();
			if (o->kind != DIFF_INS)
				ia += o->len;
			if (o->kind != DIFF_DEL)
				ib += o->len;
		}
		if (ia != la || ib != lb)
			__builtin_trap();
		diff_release(&d);
	}
	Diff w = {0};
	DiffWords wa = {0}, wb = {0};
	diff_words(na ? p : NULL, na, nb ? b : NULL, nb, &wa, &wb, &w);
	diff_release(&w);
	free(wa.v);
	free(wb.v);
	Buf u = BUF_INIT;
	safety_udiff(na ? p : NULL, na, nb ? b : NULL, nb, "a", "b", &u);
	buf_release(&u);
	free(ha);
	free(hb);
	return 0;
}
