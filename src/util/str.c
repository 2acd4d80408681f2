/* Str (borrowed slices) and Buf (owning buffers). */
#include "yeok/util.h"

Str str_from(const char *s)
{
	return s ? (Str){s, strlen(s)} : (Str){"", 0};
}

Str str_slice(Str s, size_t from, size_t to)
{
	BUG_ON(from > to || to > s.n);
	return (Str){s.p + from, to - from};
}

bool str_eq(Str a, Str b)
{
	return a.n == b.n && (a.n == 0 || memcmp(a.p, b.p, a.n) == 0);
}

bool str_eq_cstr(Str a, const char *b)
{
	return str_eq(a, str_from(b));
}

bool str_starts_with(Str s, const char *prefix)
{
	size_t n = strlen(prefix);
	return s.n >= n && memcmp(s.p, prefix, n) == 0;
}

bool str_ends_with(Str s, const char *suffix)
{
	size_t n = strlen(suffix);
	return s.n >= n && memcmp(s.p + s.n - n, suffix, n) == 0;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

Str str_trim_right(Str s)
{
	while (s.n && is_blank(s.p[s.n - 1]))
		s.n--;
	return s;
}

Str str_trim(Str s)
{
	while (s.n && is_blank(s.p[0])) {
		s.p++;
		s.n--;
	}
	return str_trim_right(s);
}

ptrdiff_t str_find(Str s, Str needle)
{
	if (needle.n == 0)
		return 0;
	if (needle.n > s.n)
		return -1;
	for (size_t i = 0; i + needle.n <= s.n; i++) {
		const char *hit = memchr(s.p + i, needle.p[0], s.n - needle.n + 1 - i);
		if (!hit)
			return -1;
		i = (size_t)(hit - s.p);
		if (memcmp(hit, needle.p, needle.n) == 0)
			return (ptrdiff_t)i;
	}
	return -1;
}

char *str_dup(Str s)
{
	return xmemdup0(s.p, s.n);
}

void buf_init(Buf *b)
{
	b->p = NULL;
	b->len = b->cap = 0;
}

void buf_release(Buf *b)
{
	free(b->p);
	buf_init(b);
}

void buf_clear(Buf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

void buf_grow(Buf *b, size_t extra)
{
	if (extra > SIZE_MAX - b->len - 1)
		fatal("buffer overflow");
	b->p = xgrow(b->p, &b->cap, b->len + extra + 1, 1);
}

void buf_add(Buf *b, const void *p, size_t n)
{
	buf_grow(b, n);
	if (n)
		memcpy(b->p + b->len, p, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void buf_adds(Buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_addstr(Buf *b, Str s)
{
	buf_add(b, s.p, s.n);
}

void buf_addc(Buf *b, char c)
{
	buf_add(b, &c, 1);
}

void buf_vaddf(Buf *b, const char *fmt, va_list ap)
{
	/* one pass when it fits the room there is (after a first growth),
	 * else a second into room of its size */
	buf_grow(b, 64);
	size_t room = b->cap - b->len; /* with the NUL's byte */
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(b->p + b->len, room, fmt, cp);
	va_end(cp);
	if (n < 0)
		fatal("vsnprintf failed");
	if ((size_t)n >= room) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	}
	b->len += (size_t)n;
}

void buf_addf(Buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(b, fmt, ap);
	va_end(ap);
}

void buf_insert(Buf *b, size_t at, const void *p, size_t n)
{
	BUG_ON(at > b->len);
	buf_grow(b, n);
	memmove(b->p + at + n, b->p + at, b->len - at);
	if (n)
		memcpy(b->p + at, p, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void buf_remove(Buf *b, size_t at, size_t n)
{
	BUG_ON(at > b->len || n > b->len - at);
	if (!b->p)
		return;
	memmove(b->p + at, b->p + at + n, b->len - at - n);
	b->len -= n;
	b->p[b->len] = '\0';
}

char *buf_detach(Buf *b)
{
	char *p = b->p ? b->p : xstrdup("");
	buf_init(b);
	return p;
}

void buf_fit(Buf *b)
{
	if (b->p && b->cap > b->len + b->len / 8 + 4096) {
		b->p = xrealloc(b->p, b->len + 1);
		b->cap = b->len + 1;
	}
}

Str buf_str(const Buf *b)
{
	return (Str){b->p ? b->p : "", b->len};
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid. */
static size_t utf8_valid_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	uint32_t cp;
	if (c < 0x80)
		return 1;
	else if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void buf_add_json_str(Buf *b, Str s)
{
	buf_addc(b, '"');
	for (size_t i = 0; i < s.n;) {
		unsigned char c = (unsigned char)s.p[i];
		if (c == '"' || c == '\\') {
			buf_addc(b, '\\');
			buf_addc(b, (char)c);
			i++;
		} else if (c == '\n') {
			buf_adds(b, "\\n"), i++;
		} else if (c == '\t') {
			buf_adds(b, "\\t"), i++;
		} else if (c == '\r') {
			buf_adds(b, "\\r"), i++;
		} else if (c < 0x20 || c == 0x7f) {
			buf_addf(b, "\\u%04x", c), i++;
		} else {
			size_t len = utf8_valid_len((const unsigned char *)s.p + i, s.n - i);
			if (len == 0) {
				buf_adds(b, "\\ufffd");
				i++;
			} else {
				buf_add(b, s.p + i, len);
				i += len;
			}
		}
	}
	buf_addc(b, '"');
}
