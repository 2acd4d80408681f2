/* Key names (keymap.h) for what get_wch() returns. */
#include "ui-private.h"

static const struct {
	int code;
	const char *name;
} keys[] = {
	{KEY_UP, "Up"},         {KEY_DOWN, "Down"},      {KEY_LEFT, "Left"},
	{KEY_RIGHT, "Right"},   {KEY_HOME, "Home"},      {KEY_END, "End"},
	{KEY_PPAGE, "PageUp"},  {KEY_NPAGE, "PageDown"}, {KEY_DC, "Delete"},
	{KEY_IC, "Insert"},     {KEY_BACKSPACE, "Backspace"}, {KEY_ENTER, "Enter"},
	{KEY_BTAB, "S-Tab"},    {KEY_SLEFT, "S-Left"},   {KEY_SRIGHT, "S-Right"},
	{KEY_SHOME, "S-Home"},  {KEY_SEND, "S-End"},     {KEY_SDC, "S-Delete"},
	/* terminfo names Shift-Down/Up "scroll forward/back" (kind, kri) */
	{KEY_SF, "S-Down"},     {KEY_SR, "S-Up"},
	{KEY_SNEXT, "S-PageDown"}, {KEY_SPREVIOUS, "S-PageUp"},
};

/* Extended keys are named by terminfo: "kLFT5" is Ctrl-Left. */
static const struct {
	const char *ti;
	const char *name;
} ext[] = {
	{"kLFT", "Left"}, {"kRIT", "Right"}, {"kUP", "Up"},       {"kDN", "Down"},
	{"kHOM", "Home"}, {"kEND", "End"},   {"kPRV", "PageUp"},  {"kNXT", "PageDown"},
	{"kDC", "Delete"}, {"kIC", "Insert"},
};
static const char *const mods[] = {"", "", "S-", "M-", "S-M-", "C-", "C-S-", "C-M-", "C-S-M-"};

bool ui_key_name(int r, wint_t ch, char *out, size_t n)
{
	if (r == KEY_CODE_YES) {
		int c = (int)ch;
		for (size_t i = 0; i < ARRAY_LEN(keys); i++) {
			if (keys[i].code == c) {
				snprintf(out, n, "%s", keys[i].name);
				return true;
			}
		}
		if (c >= KEY_F(1) && c <= KEY_F(12)) {
			snprintf(out, n, "F%d", c - KEY_F0);
			return true;
		}
		if (c >= KEY_F(13) && c <= KEY_F(24)) {
			snprintf(out, n, "S-F%d", c - KEY_F0 - 12);
			return true;
		}
		const char *kn = keyname(c);
		if (kn) {
			for (size_t i = 0; i < ARRAY_LEN(ext); i++) {
				size_t l = strlen(ext[i].ti);
				if (strncmp(kn, ext[i].ti, l) == 0 && kn[l] >= '2' && kn[l] <= '8' && !kn[l + 1]) {
					snprintf(out, n, "%s%s", mods[kn[l] - '0'], ext[i].name);
					return true;
				}
			}
			snprintf(out, n, "%s", kn);
			return true;
		}
		snprintf(out, n, "key-%d", c);
		return true;
	}
	if (ch == '\r' || ch == '\n') {
		snprintf(out, n, "Enter");
		return true;
	}
	if (ch == '\t') {
		snprintf(out, n, "Tab");
		return true;
	}
	if (ch == 127 || ch == 8) {
		snprintf(out, n, "Backspace");
		return true;
	}
	if (ch == 27) {
		snprintf(out, n, "Esc");
		return true;
	}
	if (ch == 0) {
		snprintf(out, n, "C-Space");
		return true;
	}
	if (ch < 32) {
		snprintf(out, n, "C-%c", ch < 27 ? (char)('a' + (int)ch - 1) : "\\]^_"[ch - 28]);
		return true;
	}
	return false;
}
