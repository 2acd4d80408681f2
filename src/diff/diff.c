/* Myers' O(ND) difference algorithm with a trace of the V arrays (only
 * the diagonals each step reached, so memory is O(D^2), bounded by max_d). */
#include "yeok/diff.h"

void diff_release(Diff *d)
{
	VEC_FREE(d);
}

static void push(Diff *d, DiffKind kind, size_t a_pos, size_t b_pos, size_t len)
{
	if (len == 0)
		return;
	if (d->n) {
		DiffOp *last = &d->v[d->n - 1];
		if (last->kind == kind && last->a_pos + (kind == DIFF_INS ? 0 : last->len) == a_pos &&
		    last->b_pos + (kind == DIFF_DEL ? 0 : last->len) == b_pos) {
			last->len += len;
			return;
		}
	}
	DiffOp op = {kind, a_pos, b_pos, len};
	VEC_PUSH(d, op);
}

void diff_seq(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, size_t max_d, Diff *d)
{
	d->n = 0;
	/* Common prefix and suffix first: cheap and makes D small. */
	size_t pre = 0;
	while (pre < na && pre < nb && a[pre] == b[pre])
		pre++;
	size_t suf = 0;
	while (suf < na - pre && suf < nb - pre && a[na - 1 - suf] == b[nb - 1 - suf])
		suf++;
	push(d, DIFF_SAME, 0, 0, pre);
	/* (empty input may come as NULL: no arithmetic on it) */
	const uint64_t *A = na ? a + pre : a, *B = nb ? b + pre : b;
	long N = (long)(na - pre - suf), M = (long)(nb - pre - suf);
	long limit = N + M;
	if (max_d && (long)max_d < limit)
		limit = (long)max_d;
	long off = N + M + 1;
	size_t width = (size_t)(2 * (N + M) + 3);
	/* trace[k] holds V after step D = k. */
	VEC(long *) trace = {0};
	long *v = xcalloc(width, sizeof(long));
	long found = -1;
	for (long D = 0; D <= limit && N + M > 0; D++) {
		for (long k = -D; k <= D; k += 2) {
			long x;
			if (k == -D || (k != D && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			long y = x - k;
			while (x < N && y < M && A[x] == B[y])
				x++, y++;
			v[off + k] = x;
			if (x >= N && y >= M) {
				found = D;
				break;
			}
		}
		/* keep only the diagonals -D..D of this step: O(D^2) memory */
		long *snap = xmalloc((size_t)(2 * D + 1) * sizeof(long));
		memcpy(snap, v + off - D, (size_t)(2 * D + 1) * sizeof(long));
		VEC_PUSH(&trace, snap);
		if (found >= 0)
			break;
	}
	free(v);
	if (N + M > 0 && found < 0) {
		/* too different: one replacement of the middle */
		push(d, DIFF_DEL, pre, pre, (size_t)N);
		push(d, DIFF_INS, pre + (size_t)N, pre, (size_t)M);
	} else if (N + M > 0) {
		/* Walk the trace back into a reversed list of ops. */
		Diff rev = {0};
		long x = N, y = M;
		for (long D = found; D > 0; D--) {
			/* V after step D-1, indexed by diagonal: pv(k) = trace[D-1][k + D-1] */
			long *pv = trace.v[D - 1] + (D - 1);
			long k = x - y;
			long pk = (k == -D || (k != D && pv[k - 1] < pv[k + 1])) ? k + 1 : k - 1;
			long px = pv[pk], py = px - pk;
			/* snake from the move's end to (x, y) */
			long sx = pk == k + 1 ? px : px + 1;
			long sy = sx - k;
			if (x > sx) {
				DiffOp op = {DIFF_SAME, (size_t)sx, (size_t)sy, (size_t)(x - sx)};
				VEC_PUSH(&rev, op);
			}
			if (pk == k + 1) {
				DiffOp op = {DIFF_INS, (size_t)px, (size_t)py, 1};
				VEC_PUSH(&rev, op);
			} else {
				DiffOp op = {DIFF_DEL, (size_t)px, (size_t)py, 1};
				VEC_PUSH(&rev, op);
			}
			x = px;
			y = py;
		}
		if (x > 0) { /* the first snake, at D = 0 */
			DiffOp op = {DIFF_SAME, 0, 0, (size_t)x};
			VEC_PUSH(&rev, op);
		}
		/* Emit in order, deletions before insertions within a change. */
		for (size_t i = rev.n; i-- > 0;) {
			DiffOp *op = &rev.v[i];
			push(d, op->kind, pre + op->a_pos, pre + op->b_pos, op->len);
		}
		VEC_FREE(&rev);
	}
	for (size_t i = 0; i < trace.n; i++)
		free(trace.v[i]);
	VEC_FREE(&trace);
	push(d, DIFF_SAME, na - suf, nb - suf, suf);
}

static void diff_words_split(const char *s, size_t n, DiffWords *out)
{
	out->n = 0;
	for (size_t i = 0; i < n;) {
		bool sp = s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r';
		size_t j = i + 1;
		while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r') == sp)
			j++;
		DiffWord w = {i, j - i};
		VEC_PUSH(out, w);
		i = j;
	}
}

static uint64_t *hashes(const char *s, const DiffWords *w)
{
	uint64_t *h = xcalloc(w->n + 1, sizeof(uint64_t));
	for (size_t i = 0; i < w->n; i++)
		h[i] = hash_fnv1a(s + w->v[i].off, w->v[i].len);
	return h;
}

void diff_words(const char *a, size_t na, const char *b, size_t nb, DiffWords *wa, DiffWords *wb,
                Diff *d)
{
	diff_words_split(a, na, wa);
	diff_words_split(b, nb, wb);
	uint64_t *ha = hashes(a, wa), *hb = hashes(b, wb);
	diff_seq(ha, wa->n, hb, wb->n, 0, d);
	free(ha);
	free(hb);
}

/* Hashes of the lines of s (split at '\n'). */
static uint64_t *line_hashes(const char *s, size_t n, size_t *count)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	k += n && s[n - 1] != '\n';
	uint64_t *h = xmalloc((k ? k : 1) * sizeof(uint64_t));
	size_t at = 0, m = 0;
	while (at < n) {
		const char *nl = memchr(s + at, '\n', n - at);
		size_t end = nl ? (size_t)(nl - s) : n;
		/* with its newline: a last line that lost or gained one changed */
		h[m++] = hash_fnv1a(s + at, end - at + (nl != NULL));
		at = end + 1;
	}
	*count = m;
	return h;
}

/* A deletion before line at of b (kb lines): the nearest line with text
 * on each side of it (where Myers puts a deleted block among blank lines
 * is arbitrary: after "A\n\nB\n\nC" lost B, either blank line may be
 * the one kept). */
static void mark_deletion(const uint64_t *hb, size_t kb, size_t at, bool *ch)
{
	uint64_t blank = hash_fnv1a("\n", 1), cr = hash_fnv1a("\r\n", 2);
	size_t i = at;
	while (i < kb && (hb[i] == blank || hb[i] == cr))
		i++;
	if (i < kb)
		ch[i] = true;
	i = at;
	while (i > 0 && (hb[i - 1] == blank || hb[i - 1] == cr))
		i--;
	if (i > 0)
		ch[i - 1] = true;
}

void diff_changed_lines(const char *a, size_t na, const char *b, size_t nb, bool **lines,
                        size_t *nlines)
{
	size_t ka, kb;
	uint64_t *ha = line_hashes(a, na, &ka), *hb = line_hashes(b, nb, &kb);
	Diff d = {0};
	diff_seq(ha, ka, hb, kb, 20000, &d);
	bool *ch = xcalloc(kb ? kb : 1, sizeof(bool));
	for (size_t i = 0; i < d.n; i++) {
		const DiffOp *op = &d.v[i];
		if (op->kind == DIFF_INS) {
			for (size_t k = 0; k < op->len; k++)
				ch[op->b_pos + k] = true;
		} else if (op->kind == DIFF_DEL && kb) {
			/* a deletion beside an insertion is a replacement: the
			 * inserted lines are marked already, unless more went than
			 * came (a block lost beside an edited line) */
			size_t after = 0, before = 0; /* lines inserted beside it */
			if (i + 1 < d.n && d.v[i + 1].kind == DIFF_INS)
				after = d.v[i + 1].len;
			if (i > 0 && d.v[i - 1].kind == DIFF_INS)
				before = d.v[i - 1].len;
			if (op->len > after + before) /* beyond the lines inserted */
				mark_deletion(hb, kb, op->b_pos + after, ch);
		}
	}
	diff_release(&d);
	free(ha);
	free(hb);
	*lines = ch;
	*nlines = kb;
}
