/* Allocation that never returns NULL, and fatal(). */
#include "yeok/util.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

static void (*fatal_hook)(void);

void fatal_set_hook(void (*hook)(void))
{
	fatal_hook = hook;
}

noreturn void fatal(const char *fmt, ...)
{
	void (*hook)(void) = fatal_hook;
	fatal_hook = NULL; /* a fatal error inside the hook must not loop */
	if (hook)
		hook();
	va_list ap;
	va_start(ap, fmt);
	fputs("yeok: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(70); /* EX_SOFTWARE */
}

static void *check(void *p, size_t n)
{
	if (!p && n)
		fatal("out of memory (%zu bytes)", n);
	return p;
}

void *xmalloc(size_t n)
{
	return check(malloc(n ? n : 1), n);
}

void *xcalloc(size_t nmemb, size_t size)
{
	if (size && nmemb > SIZE_MAX / size)
		fatal("allocation overflow (%zu x %zu)", nmemb, size);
	return check(calloc(nmemb ? nmemb : 1, size ? size : 1), nmemb * size);
}

void *xrealloc(void *p, size_t n)
{
	return check(realloc(p, n ? n : 1), n);
}

void *xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : 8;
	while (c < need) {
		if (c > SIZE_MAX / 2)
			fatal("allocation overflow");
		c *= 2;
	}
	if (size && c > SIZE_MAX / size)
		fatal("allocation overflow (%zu x %zu)", c, size);
	p = xrealloc(p, c * size);
	*cap = c;
	return p;
}

void *xgrow_eighth(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t c = *cap + *cap / 8 + 16;
	if (c < need)
		c = need;
	if (size && c > SIZE_MAX / size)
		fatal("allocation overflow (%zu x %zu)", c, size);
	p = xrealloc(p, c * size);
	*cap = c;
	return p;
}

void *xfit(void *p, size_t n, size_t *cap, size_t size)
{
	if (*cap <= n + n / 8 + 64)
		return p;
	*cap = XFIT_ROOM(n);
	return xrealloc(p, *cap * size);
}

char *xstrdup(const char *s)
{
	return xmemdup0(s, strlen(s));
}

char *xmemdup0(const void *p, size_t n)
{
	char *d = xmalloc(n + 1);
	if (n)
		memcpy(d, p, n);
	d[n] = '\0';
	return d;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	/* one pass when it fits a line (most messages do), else two */
	char line[512];
	va_list cp;
	va_copy(cp, ap);
	int n = vsnprintf(line, sizeof(line), fmt, cp);
	va_end(cp);
	if (n < 0)
		fatal("vsnprintf: %s", strerror(errno));
	if ((size_t)n < sizeof(line))
		return xmemdup0(line, (size_t)n);
	char *s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void xprefault(void *p, size_t n)
{
#ifdef MADV_POPULATE_WRITE
	if (n < XPREFAULT_MIN || !p)
		return;
	long ps = sysconf(_SC_PAGESIZE); /* asked each time: threads call this (pair.c) */
	uintptr_t page = ps > 0 ? (uintptr_t)ps : 4096;
	/* the whole pages inside p[0..n): madvise wants a page-aligned start */
	uintptr_t a = ((uintptr_t)p + page - 1) & ~(page - 1), b = ((uintptr_t)p + n) & ~(page - 1);
	if (a < b) {
		int saved = errno;
		(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE); /* a hint: EINVAL before 5.14 */
		errno = saved;
	}
#else
	(void)p;
	(void)n;
#endif
}
