/* Key names (keymap.h) for what get_wch() returns, and the decoder of
 * the escape sequences terminals send for keys (ui-private.h). */
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
	{KEY_SIC, "S-Insert"},
	/* VT220 Find and Select sit where Home and End are (rxvt's terminfo
	 * names ESC [ 1 ~ and ESC [ 4 ~ so; PuTTY sends them for Home/End) */
	{KEY_FIND, "Home"},     {KEY_SELECT, "End"},
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
		if (c >= UI_KEY_SEQ0 && c < UI_KEY_SEQ0 + (int)ui_seq_count()) {
			UiSeq k = ui_seq_decode(ui_seq_at((size_t)(c - UI_KEY_SEQ0)) + 1,
			                        strlen(ui_seq_at((size_t)(c - UI_KEY_SEQ0)) + 1), out, n);
			return k == UI_SEQ_KEY;
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

/* ---- escape sequences ------------------------------------------------------
 * What a terminal sends for a key that its terminfo entry (TERM) may not
 * describe: xterm (CSI H/F, SS3 H/F, CSI 1;5H, CSI 3;5~), rxvt (CSI 7~ 8~,
 * CSI 7$ Shift, CSI 7^ Ctrl, CSI 7@ Ctrl-Shift, CSI a Shift-Up, SS3 a
 * Ctrl-Up), the Linux console (CSI 1~ 4~, CSI [A..E for F1..F5), PuTTY
 * (CSI 1~ 4~, ESC before a key for Alt), screen and tmux (CSI 1~ 4~, the
 * xterm modifiers).  ECMA-48 §5.4: CSI, parameter bytes 0x30-0x3F,
 * intermediate bytes 0x20-0x2F, a final byte 0x40-0x7E; SS3, one final
 * byte. */

/* Modifier bits as xterm counts them (its parameter is 1 + these). */
enum { MOD_S = 1, MOD_M = 2, MOD_C = 4 };

/* base with the modifiers, in the keymap's order: "C-S-M-Home". */
static void mod_name(unsigned mb, const char *base, char *out, size_t n)
{
	snprintf(out, n, "%s%s%s%s", mb & MOD_C ? "C-" : "", mb & MOD_S ? "S-" : "",
	         mb & MOD_M ? "M-" : "", base);
}

/* xterm's modifier parameter (1: none; 9-16 add Meta, taken as Alt). */
static unsigned xterm_mods(long m)
{
	if (m < 2 || m > 16)
		return 0;
	unsigned b = (unsigned)(m - 1);
	return (b & 7) | (b & 8 ? MOD_M : 0);
}

/* The key of CSI n ~ (and rxvt's $ ^ @ forms), or NULL. */
static const char *tilde_key(long n)
{
	static const char *const k[] = {NULL, "Home", "Insert", "Delete", "End", "PageUp",
	                                "PageDown", "Home", "End"};
	static const char *const f[] = {"F1", "F2", "F3", "F4", "F5", NULL, "F6", "F7", "F8",
	                                "F9", "F10", NULL, "F11", "F12"};
	if (n >= 1 && n <= 8)
		return k[n];
	if (n >= 11 && n <= 24)
		return f[n - 11];
	return NULL;
}

/* The key of a final letter (CSI 1;m X and SS3 X), or NULL. */
static const char *letter_key(char c)
{
	switch (c) {
	case 'A': return "Up";
	case 'B': return "Down";
	case 'C': return "Right";
	case 'D': return "Left";
	case 'H': return "Home";
	case 'F': return "End";
	case 'P': return "F1";
	case 'Q': return "F2";
	case 'R': return "F3";
	case 'S': return "F4";
	default: return NULL;
	}
}

/* rxvt's lower-case arrows (CSI a: Shift-Up, SS3 a: Ctrl-Up), or NULL. */
static const char *rxvt_arrow(char c)
{
	switch (c) {
	case 'a': return "Up";
	case 'b': return "Down";
	case 'c': return "Right";
	case 'd': return "Left";
	default: return NULL;
	}
}

/* Up to 4 numeric parameters of p[0..n) ("1;5"); false for anything else
 * (a private marker, sub-parameters).  An empty parameter is absent (0). */
static bool params(const char *p, size_t n, long *v, size_t *count)
{
	*count = 0;
	v[0] = v[1] = v[2] = v[3] = 0;
	if (n == 0)
		return true;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == ';') {
			if (++k >= 4)
				return false;
		} else if (p[i] >= '0' && p[i] <= '9') {
			if (v[k] > 100000)
				return false;
			v[k] = v[k] * 10 + (p[i] - '0');
		} else {
			return false;
		}
	}
	*count = k + 1;
	return true;
}

/* A complete CSI sequence: parameters p[0..np), intermediates (ni of
 * them), final byte f. */
static UiSeq csi_key(const char *p, size_t np, size_t ni, char f, char *out, size_t n)
{
	if (np > 0 && p[0] == '<' && (f == 'M' || f == 'm'))
		return UI_SEQ_IGNORE; /* an SGR mouse report ncurses did not take */
	if (np == 0 && ni == 0 && (f == 'I' || f == 'O'))
		return UI_SEQ_IGNORE; /* focus in / out */
	long v[4];
	size_t c;
	if (ni > 0 || !params(p, np, v, &c))
		return UI_SEQ_UNKNOWN;
	const char *base = NULL;
	unsigned mb = 0;
	if (f == '~' || f == '$' || f == '^' || f == '@') {
		if (c == 1 && (v[0] == 200 || v[0] == 201) && f == '~')
			return UI_SEQ_IGNORE; /* a stray bracketed-paste marker */
		if (c < 1 || c > 2 || (c == 2 && f != '~'))
			return UI_SEQ_UNKNOWN;
		base = tilde_key(v[0]);
		mb = f == '$' ? MOD_S : f == '^' ? MOD_C : f == '@' ? MOD_C | MOD_S : 0;
		if (c == 2)
			mb = xterm_mods(v[1]);
	} else if (f == 'Z' && c <= 1) {
		base = "S-Tab";
	} else if (rxvt_arrow(f) && c == 0) {
		base = rxvt_arrow(f);
		mb = MOD_S;
	} else if (letter_key(f) && (c == 0 || (c == 2 && v[0] <= 1))) {
		base = letter_key(f);
		mb = c == 2 ? xterm_mods(v[1]) : 0;
	}
	if (!base)
		return UI_SEQ_UNKNOWN;
	mod_name(mb, base, out, n);
	return UI_SEQ_KEY;
}

/* A complete SS3 sequence: an optional modifier (old xterm: SS3 5 H,
 * SS3 1;5 H), final byte f. */
static UiSeq ss3_key(const char *p, size_t np, char f, char *out, size_t n)
{
	long v[4];
	size_t c;
	if (!params(p, np, v, &c) || c > 2)
		return UI_SEQ_UNKNOWN;
	unsigned mb = c ? xterm_mods(v[c - 1]) : 0;
	/* the application keypad: Enter, operators, digits */
	static const char keypad[] = "*+,-./0123456789"; /* SS3 j..y */
	if (f == 'M') {
		mod_name(mb, "Enter", out, n);
		return UI_SEQ_KEY;
	}
	if (f >= 'j' && f <= 'y') {
		snprintf(out, n, "%c", keypad[f - 'j']);
		return UI_SEQ_TEXT;
	}
	if (f == 'X') {
		snprintf(out, n, "=");
		return UI_SEQ_TEXT;
	}
	const char *base = letter_key(f);
	if (!base && rxvt_arrow(f) && c == 0) {
		base = rxvt_arrow(f);
		mb = MOD_C;
	}
	if (!base)
		return UI_SEQ_UNKNOWN;
	mod_name(mb, base, out, n);
	return UI_SEQ_KEY;
}

/* An ESC before the key: Alt (PuTTY, rxvt). */
void ui_key_add_alt(char *name, size_t n)
{
	unsigned mb = MOD_M;
	const char *p = name;
	for (;; p += 2) {
		if (p[0] == 'C' && p[1] == '-' && p[2])
			mb |= MOD_C;
		else if (p[0] == 'S' && p[1] == '-' && p[2])
			mb |= MOD_S;
		else if (p[0] == 'M' && p[1] == '-' && p[2])
			mb |= MOD_M;
		else
			break;
	}
	char base[64];
	snprintf(base, sizeof(base), "%s", p);
	mod_name(mb, base, name, n);
}

static bool is_final(unsigned char c)
{
	return c >= 0x40 && c <= 0x7E;
}

UiSeq ui_seq_decode(const char *s, size_t n, char *out, size_t size)
{
	if (n == 0)
		return UI_SEQ_MORE;
	const unsigned char *u = (const unsigned char *)s;
	if (u[0] == 27) { /* ESC before a sequence: Alt with that key */
		if (n >= 2 && u[1] == 27)
			return UI_SEQ_BROKEN; /* one ESC more: Esc pressed again */
		UiSeq k = ui_seq_decode(s + 1, n - 1, out, size);
		if (k == UI_SEQ_KEY || k == UI_SEQ_TEXT) {
			ui_key_add_alt(out, size);
			return UI_SEQ_KEY;
		}
		return k;
	}
	if (n == 1)
		return u[0] == '[' || u[0] == 'O' ? UI_SEQ_MORE : UI_SEQ_BROKEN;
	if (u[0] == 'O') { /* SS3: parameters, then one final byte */
		size_t i = 1;
		while (i < n && u[i] >= 0x30 && u[i] <= 0x3F)
			i++;
		if (i == n)
			return n > 8 ? UI_SEQ_UNKNOWN : UI_SEQ_MORE;
		if (i != n - 1 || !is_final(u[i]))
			return UI_SEQ_BROKEN;
		return ss3_key(s + 1, i - 1, s[i], out, size);
	}
	if (u[0] != '[')
		return UI_SEQ_BROKEN;
	if (u[1] == '[') { /* the Linux console's F1..F5: CSI [ A..E */
		if (n == 2)
			return UI_SEQ_MORE;
		if (n != 3 || !is_final(u[2]))
			return UI_SEQ_BROKEN;
		if (u[2] < 'A' || u[2] > 'E')
			return UI_SEQ_UNKNOWN;
		snprintf(out, size, "F%d", u[2] - 'A' + 1);
		return UI_SEQ_KEY;
	}
	if (u[1] == 'M') /* an X10 mouse report: CSI M and three bytes */
		return n < 5 ? UI_SEQ_MORE : UI_SEQ_IGNORE;
	size_t i = 1, np, ni;
	while (i < n && u[i] >= 0x30 && u[i] <= 0x3F)
		i++;
	np = i - 1;
	/* rxvt ends Shift forms with '$', an intermediate byte by the
	 * grammar: taken as final after plain parameters */
	if (i < n && u[i] == '$' && (np == 0 || (u[1] >= '0' && u[1] <= '9'))) {
		if (i != n - 1)
			return UI_SEQ_BROKEN;
		return csi_key(s + 1, np, 0, '$', out, size);
	}
	while (i < n && u[i] >= 0x20 && u[i] <= 0x2F)
		i++;
	ni = i - 1 - np;
	if (i == n)
		return UI_SEQ_MORE;
	if (i != n - 1 || !is_final(u[i]))
		return UI_SEQ_BROKEN;
	return csi_key(s + 1, np, ni, s[i], out, size);
}

/* The sequences given to define_key() at start (term.c) where TERM's
 * terminfo has none: every key above in the forms the terminals send. */
static Buf seqs;        /* NUL-separated */
static size_t seq_n;
static size_t seq_off[512];

static void seq_add(const char *s)
{
	if (seq_n >= ARRAY_LEN(seq_off))
		return;
	seq_off[seq_n++] = seqs.len;
	buf_adds(&seqs, s);
	buf_addc(&seqs, '\0');
}

static void seq_build(void)
{
	if (seq_n)
		return;
	char t[32];
	for (int k = 1; k <= 8; k++) {
		snprintf(t, sizeof(t), "\033[%d~", k);
		seq_add(t);
		for (int m = 2; m <= 8; m++) {
			snprintf(t, sizeof(t), "\033[%d;%d~", k, m);
			seq_add(t);
		}
		for (const char *f = "$^@"; *f; f++) {
			snprintf(t, sizeof(t), "\033[%d%c", k, *f);
			seq_add(t);
		}
	}
	for (const char *l = "ABCDHF"; *l; l++) {
		snprintf(t, sizeof(t), "\033[%c", *l);
		seq_add(t);
		snprintf(t, sizeof(t), "\033O%c", *l);
		seq_add(t);
		for (int m = 2; m <= 8; m++) {
			snprintf(t, sizeof(t), "\033[1;%d%c", m, *l);
			seq_add(t);
		}
	}
	for (const char *l = "abcd"; *l; l++) {
		snprintf(t, sizeof(t), "\033[%c", *l);
		seq_add(t);
		snprintf(t, sizeof(t), "\033O%c", *l);
		seq_add(t);
	}
	for (const char *l = "ABCDE"; *l; l++) {
		snprintf(t, sizeof(t), "\033[[%c", *l);
		seq_add(t);
	}
	for (int k = 11; k <= 24; k++) {
		if (tilde_key(k)) {
			snprintf(t, sizeof(t), "\033[%d~", k);
			seq_add(t);
		}
	}
}

size_t ui_seq_count(void)
{
	seq_build();
	return seq_n;
}

const char *ui_seq_at(size_t i)
{
	seq_build();
	BUG_ON(i >= seq_n);
	return seqs.p + seq_off[i];
}

void ui_keys_define(void)
{
	for (size_t i = 0; i < ui_seq_count(); i++)
		if (key_defined(ui_seq_at(i)) == 0)
			define_key(ui_seq_at(i), UI_KEY_SEQ0 + (int)i);
}
