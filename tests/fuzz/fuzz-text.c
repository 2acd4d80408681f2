/* Fuzz the text core: the line store must round-trip any bytes, and the
 * rendering must never emit a control byte and must match the width. */
#include "yeok/lines.h"
#include "yeok/text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	Lines l;
	lines_init(&l);
	lines_parse(&l, s, size);
	Buf out = BUF_INIT;
	lines_serialize(&l, &out);
	if (out.len != size || (size && memcmp(out.p, s, size) != 0))
		__builtin_trap();
	for (size_t i = 0; i < l.n; i++) {
		Str line = lines_get(&l, i);
		buf_clear(&out);
		text_render(line.p, line.n, &out);
		for (size_t k = 0; k < out.len; k++) {
			unsigned char c = (unsigned char)out.p[k];
			if (c < 0x20 || c == 0x7f)
				__builtin_trap();
		}
		if (text_width(line.p, line.n) < 0)
			__builtin_trap();
		size_t pos = 0;
		while (pos < line.n) {
			size_t next = text_next_grapheme(line.p, line.n, pos);
			if (next <= pos || next > line.n)
				__builtin_trap();
			pos = next;
		}
		if (line.n && text_prev_grapheme(line.p, line.n, line.n) >= line.n)
			__builtin_trap();
		buf_clear(&out);
		text_casefold(line.p, line.n, &out);
	}
	buf_release(&out);
	lines_release(&l);
	return 0;
}
