/* Fuzz the YAML the editor reads besides documents: theme files and the
 * key bindings of config.yaml.  Any bytes give a theme (or the default
 * with a FILE:LINE message) and a usable keymap, never a crash. */
#include "yeok/keymap.h"
#include "yeok/theme.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data;
	Theme t;
	Err e;
	err_init(&e);
	if (!theme_parse(&t, "fuzz.yaml", p, size, &e)) {
		Theme d;
		theme_default(&d);
		if (memcmp(&t.slot, &d.slot, sizeof(d.slot)) != 0 || strncmp(e.msg, "fuzz.yaml:", 10) != 0)
			__builtin_trap();
	}
	for (int s = 0; s < TS_COUNT; s++)
		if (t.slot[s].fg < -1 || t.slot[s].fg > 255 || t.slot[s].bg < -1 || t.slot[s].bg > 255)
			__builtin_trap();
	Keymap k;
	keymap_init(&k);
	err_init(&e);
	if (!keymap_parse(&k, "config.yaml", p, size, &e) && strncmp(e.msg, "config.yaml:", 12) != 0)
		__builtin_trap();
	for (size_t i = 0; i < k.b.n; i++)
		if (k.b.v[i].cmd && !command_find(k.b.v[i].cmd))
			__builtin_trap();
	keymap_release(&k);
	return 0;
}
