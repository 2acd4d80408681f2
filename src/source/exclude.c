/* What is no tutorial: build output and generated files (include/yeok/
 * source.h, "What is a tutorial"). */
#include <fnmatch.h>
#include <pthread.h>

#include "yeok/source.h"

static const char *const defaults[] = {
	"_build/", "_downloads/", "_sources/", "_static/", "_images/", "_templates/",
	"gen_modules/", "auto_examples/", "sg_execution_times.rst", NULL,
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **set;   /* NULL: the defaults */
static size_t set_n;

void source_set_excludes(const char *const *patterns, size_t n)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < set_n; i++)
		free(set[i]);
	free(set);
	set = NULL;
	set_n = 0;
	if (patterns) {
		set = xcalloc(n + 1, sizeof(char *));
		for (size_t i = 0; i < n; i++)
			set[i] = xstrdup(patterns[i]);
		set_n = n;
	}
	pthread_mutex_unlock(&lock);
}

/* Does one pattern match rel (a '/'-separated path below the top)? */
static bool matches(const char *pat, const char *rel)
{
	size_t pn = strlen(pat);
	bool dir = pn && pat[pn - 1] == '/';
	char *p = xmemdup0(pat, dir ? pn - 1 : pn);
	bool anchored = strchr(p, '/') != NULL || pat[0] == '/';
	const char *q = p[0] == '/' ? p + 1 : p;
	bool hit = false;
	if (anchored) {
		/* from the top: the path itself, or a folder on its way */
		hit = fnmatch(q, rel, FNM_PATHNAME) == 0;
		for (const char *s = strchr(rel, '/'); !hit && s; s = strchr(s + 1, '/')) {
			char *pre = xmemdup0(rel, (size_t)(s - rel));
			hit = fnmatch(q, pre, FNM_PATHNAME) == 0;
			free(pre);
		}
	} else {
		/* any component: a folder's (dir/) or any one's */
		for (const char *c = rel; c && *c && !hit;) {
			const char *s = strchr(c, '/');
			char *comp = xmemdup0(c, s ? (size_t)(s - c) : strlen(c));
			hit = (s || !dir) && fnmatch(q, comp, 0) == 0;
			free(comp);
			c = s ? s + 1 : NULL;
		}
	}
	free(p);
	return hit;
}

bool source_excluded(const char *rel)
{
	while (rel[0] == '.' && rel[1] == '/')
		rel += 2;
	pthread_mutex_lock(&lock);
	const char *const *v = set ? (const char *const *)set : defaults;
	bool hit = false;
	for (size_t i = 0; v[i] && !hit; i++)
		hit = matches(v[i], rel);
	pthread_mutex_unlock(&lock);
	return hit;
}

bool source_is_site_marker(const char *name)
{
	return !strcmp(name, "objects.inv") || !strcmp(name, "searchindex.js") ||
	       !strcmp(name, ".nojekyll") || !strcmp(name, ".buildinfo");
}
