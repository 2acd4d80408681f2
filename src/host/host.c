/* host: the reader of each host format (include/yeok/host.h). */
#include "yeok/host.h"

typedef struct HostReader {
	const char *name;
	const char *const *suffixes; /* NULL-terminated; the last row takes the rest */
	void (*segment)(const Lines *lines, RstDoc *out);
	void (*segment_range)(const Lines *lines, size_t from, size_t to, RstDoc *out);
} HostReader;

static const char *const rst_suffixes[] = {".rst", NULL};

/* One row per reader, in HostFormat order; the first whose suffix the
 * file has is its format, else HOST_RST. */
static const HostReader readers[HOST_COUNT] = {
	[HOST_RST] = {"rst", rst_suffixes, rst_segment, rst_segment_range},
};

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && strcmp(s + n - k, suffix) == 0;
}

HostFormat host_format_of(const char *path)
{
	for (int f = 0; path && f < HOST_COUNT; f++)
		for (const char *const *x = readers[f].suffixes; x && *x; x++)
			if (ends_with(path, *x))
				return (HostFormat)f;
	return HOST_RST;
}

const char *host_format_name(HostFormat f)
{
	BUG_ON((unsigned)f >= HOST_COUNT);
	return readers[f].name;
}

void host_segment(HostFormat f, const Lines *lines, RstDoc *out)
{
	BUG_ON((unsigned)f >= HOST_COUNT);
	readers[f].segment(lines, out);
}

void host_segment_range(HostFormat f, const Lines *lines, size_t from, size_t to, RstDoc *out)
{
	BUG_ON((unsigned)f >= HOST_COUNT);
	readers[f].segment_range(lines, from, to, out);
}
