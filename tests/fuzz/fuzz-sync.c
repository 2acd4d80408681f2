/* Fuzz yeok sync: the input is three texts, OLD_EN, FILE and NEW_EN,
 * separated by lines holding a single \x01.  Any bytes sync (sync_texts
 * never fails), the result passes sync_check, its sidecar passes
 * sidecar_check and round-trips, and an upstream that did not change
 * (NEW_EN = OLD_EN) leaves no stale or dropped block. */
#include "yeok/sync.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Str cut(const char **p, const char *end)
{
	const char *s = *p;
	const char *m = s;
	while (m + 2 < end && !(m[0] == '\n' && m[1] == '\x01' && m[2] == '\n'))
		m++;
	if (m + 2 >= end) {
		*p = end;
		return (Str){s, (size_t)(end - s)};
	}
	*p = m + 3;
	return (Str){s, (size_t)(m + 1 - s)};
}

static void one(Str old_en, Str tgt, Str new_en, bool same)
{
	SyncResult r;
	sync_result_init(&r);
	Err e;
	err_init(&e);
	if (!sync_texts("f.rst", old_en, tgt, new_en, NULL, &r, &e))
		__builtin_trap();
	Lines l;
	lines_init(&l);
	lines_parse(&l, new_en.p ? new_en.p : "", new_en.n);
	RstDoc d;
	rst_init(&d);
	rst_segment(&l, &d);
	if (!sync_check(&r, d.n, &e) || !sidecar_check(&r.sc, &e))
		__builtin_trap();
	if (same && (r.count.stale || r.count.dropped))
		__builtin_trap();
	Buf a = BUF_INIT;
	sidecar_emit(&r.sc, &a);
	Sidecar back;
	sidecar_init(&back);
	if (!sidecar_parse(a.p, a.len, "again", &back, &e))
		__builtin_trap();
	sidecar_release(&back);
	buf_release(&a);
	rst_release(&d);
	lines_release(&l);
	sync_result_release(&r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 20000)
		return 0;
	const char *p = (const char *)data, *end = p + size;
	Str old_en = cut(&p, end), tgt = cut(&p, end), new_en = cut(&p, end);
	one(old_en, tgt, new_en, false);
	one(old_en, tgt, old_en, true);
	return 0;
}
