/* Fuzz the sidecar reader: any bytes either parse into a model that passes
 * sidecar_check and round-trips (emit -> parse -> emit gives the same
 * bytes), or fail with a "NAME:LINE:COL: ..." message.  The reader's fast
 * path for the writer's segment lines agrees with libyaml's whole reading:
 * both read the bytes into the same model, or both refuse them with the
 * same message.  Never a crash, never alias expansion. */
#include "yeok/sidecar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Sidecar sc, back;
	sidecar_init(&sc);
	sidecar_init(&back);
	Err e;
	err_init(&e);
	Sidecar ly;
	sidecar_init(&ly);
	Err le;
	err_init(&le);
	bool ok = sidecar_parse((const char *)data, size, "f.yeok.yaml", &sc, &e);
	if (sidecar_parse_libyaml((const char *)data, size, "f.yeok.yaml", &ly, &le) != ok ||
	    (!ok && strcmp(e.msg, le.msg) != 0))
		__builtin_trap();
	if (ok) {
		Buf x = BUF_INIT, y = BUF_INIT;
		sidecar_emit(&sc, &x);
		sidecar_emit(&ly, &y);
		if (x.len != y.len || memcmp(x.p, y.p, x.len) != 0)
			__builtin_trap();
		buf_release(&x);
		buf_release(&y);
	}
	sidecar_release(&ly);
	if (!ok) {
		if (strncmp(e.msg, "f.yeok.yaml:", 12) != 0 || e.code != EXIT_DATAERR)
			__builtin_trap();
		if (sc.segs.n || sc.comments.n || sc.extra)
			__builtin_trap(); /* a failed parse leaves the model empty */
		return 0;
	}
	if (!sidecar_check(&sc, &e))
		__builtin_trap();
	Buf a = BUF_INIT, b = BUF_INIT;
	sidecar_emit(&sc, &a);
	if (!sidecar_parse(a.p, a.len, "again", &back, &e))
		__builtin_trap();
	sidecar_emit(&back, &b);
	if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0)
		__builtin_trap();
	Buf cl = BUF_INIT;
	sidecar_checklist_text(&sc.checklist, &cl);
	buf_release(&cl);
	buf_release(&a);
	buf_release(&b);
	sidecar_release(&sc);
	sidecar_release(&back);
	return 0;
}
