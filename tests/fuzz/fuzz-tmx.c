/* Fuzz the TMX reader: any bytes either parse (every unit's text is valid
 * UTF-8 and bounded) or fail with an "f.tmx:LINE: ..." message.  Never a
 * crash, never an entity expanded (the output is never longer than the
 * input). */
#include "yeok/text.h"
#include "yeok/tm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t input_size;

static bool unit(const TmxUnit *u, void *ctx)
{
	(void)ctx;
	const char *s[] = {u->en, u->ko, u->file, u->commit, u->author, u->kind};
	for (size_t i = 0; i < ARRAY_LEN(s); i++) {
		if (!s[i])
			continue;
		size_t n = strlen(s[i]);
		if (!text_valid(s[i], n) || n > input_size * 4 + 16 || n > TM_MAX_SEG_BYTES + 4)
			__builtin_trap();
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Err e;
	err_init(&e);
	input_size = size;
	if (!tm_tmx_parse((const char *)data, size, "f.tmx", unit, NULL, &e)) {
		if (strncmp(e.msg, "f.tmx:", 6) != 0 || e.code != EXIT_DATAERR)
			__builtin_trap();
	}
	return 0;
}
