/*
 * Translations kept in a tree of their own (see include/yeok/source.h,
 * "Separate trees"): the English at the same place of the English tree.
 */
#include <sys/stat.h>

#include "yeok/source.h"
#include "yeok/vcs.h"

typedef struct Map {
	char *target; /* a folder prefix ("files/ko/"), '/'-terminated */
	char *source;
} Map;

static VEC(Map) maps;

void source_add_map(const char *target, const char *source)
{
	Map m = {NULL, NULL};
	size_t tn = strlen(target), sn = strlen(source);
	m.target = xasprintf("%s%s", target, tn && target[tn - 1] == '/' ? "" : "/");
	m.source = xasprintf("%s%s", source, sn && source[sn - 1] == '/' ? "" : "/");
	VEC_PUSH(&maps, m);
}

void source_clear_maps(void)
{
	for (size_t i = 0; i < maps.n; i++) {
		free(maps.v[i].target);
		free(maps.v[i].source);
	}
	VEC_FREE(&maps);
}

static bool regular_file(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The component of path that names the Korean tree ("ko", "ko-KR",
 * "ko_KR"; the last such one): its start, or NULL. */
static const char *ko_component(const char *path, size_t *len)
{
	const char *found = NULL;
	for (const char *p = path; *p; p++) {
		if (p != path && p[-1] != '/')
			continue;
		size_t n = strcspn(p, "/");
		if (!p[n])
			break; /* the file's own name */
		if ((n == 2 && !strncmp(p, "ko", 2)) ||
		    (n == 5 && (!strncmp(p, "ko-KR", 5) || !strncmp(p, "ko_KR", 5)))) {
			found = p;
			*len = n;
		}
	}
	return found;
}

/* Where a mapped target's English is: the mapping whose target prefix
 * the document's path (relative to its work tree's top level, else as
 * given) starts with. */
static char *mapped(const char *target_path)
{
	if (!maps.n)
		return NULL;
	char *top = NULL, *rel = NULL;
	Err quiet;
	err_init(&quiet);
	/* a new page's folders may not exist yet: ask git about the nearest
	 * folder that does, the rest of the path follows it */
	char *base = path_dirname(target_path);
	struct stat st;
	while (stat(base, &st) != 0 && strcmp(base, ".") && strcmp(base, "/")) {
		char *up = path_dirname(base);
		free(base);
		base = up;
	}
	const char *rest = target_path + strlen(base);
	while (*rest == '/')
		rest++;
	char *probe = path_join(base, "x");
	char *brel = NULL;
	if (vcs_toplevel(probe, &top, &quiet) && vcs_relpath(probe, &brel, &quiet)) {
		/* brel: "below/base/x" */
		size_t bn = strlen(brel);
		rel = xasprintf("%.*s%s", (int)(bn > 0 ? bn - 1 : 0), brel, rest);
		free(brel);
	} else {
		free(brel);
		free(top);
		top = xstrdup(".");
		rel = xstrdup(target_path[0] == '.' && target_path[1] == '/' ? target_path + 2
		                                                              : target_path);
	}
	free(probe);
	free(base);
	char *found = NULL;
	for (size_t i = 0; i < maps.n && !found; i++) {
		const Map *m = &maps.v[i];
		const char *t = m->target;
		bool abs = t[0] == '/';
		const char *p = abs ? target_path : rel;
		char *real = abs ? realpath(target_path, NULL) : NULL;
		if (real)
			p = real;
		size_t tn = strlen(t);
		if (!strncmp(p, t, tn) && p[tn]) {
			char *src = m->source[0] == '/' ? xasprintf("%s%s", m->source, p + tn)
			            : m->source[0] == '~' && m->source[1] == '/'
			                ? xasprintf("%s%s%s", getenv("HOME") ? getenv("HOME") : "",
			                            m->source + 1, p + tn)
			                : xasprintf("%s/%s%s", top, m->source, p + tn);
			found = src;
		}
		free(real);
	}
	free(top);
	free(rel);
	return found;
}

char *source_tree_path(const char *target_path, bool must_exist)
{
	char *m = mapped(target_path);
	if (m) {
		if (!must_exist || regular_file(m))
			return m;
		free(m);
		return NULL;
	}
	size_t kn = 0;
	const char *ko = ko_component(target_path, &kn);
	if (!ko)
		return NULL;
	static const char *const en[] = {"en", "en-us", "en-US", "en_US"};
	for (size_t i = 0; i < ARRAY_LEN(en); i++) {
		char *p = xasprintf("%.*s%s%s", (int)(ko - target_path), target_path, en[i], ko + kn);
		if (regular_file(p))
			return p;
		free(p);
	}
	return NULL;
}

bool source_in_tree(const char *target_path)
{
	size_t kn;
	if (ko_component(target_path, &kn))
		return true;
	char *m = mapped(target_path);
	free(m);
	return m != NULL;
}
