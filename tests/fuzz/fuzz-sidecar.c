/* Fuzz the sidecar reader: any bytes either parse into a model that passes
 * sidecar_check and round-trips (emit -> parse -> emit gives the same
 * bytes), or fail with a "NAME:LINE:COL: ..." message.  Never a crash,
 * never alias expansion. */
#include "yeok/sidecar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Sidecar sc, back;
	sidecar_init(&sc);
	sidecar_init(&back);
	Err e;
	err_init(&e);
	if (!sidecar_parse((const char *)data, size, "f.yeok.yaml", &sc, &e)) {
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
