/* The English of many files at once (see include/yeok/source.h). */
#include "yeok/source.h"

#include <limits.h>
#include <sys/stat.h>

#include "yeok/text.h"
#include "yeok/vcs.h"

/* A change of the log, sorted by path (newest first within a path). */
typedef struct PathChange {
	const char *path; /* borrowed from the log */
	size_t change;    /* index into log.changes */
} PathChange;

struct SourceHistory {
	VcsLog log;
	VEC(PathChange) by_path;
	VcsBatch *batch;
	char *top;
	char *real_top; /* realpath of top, or NULL (then no path is inside) */
};

static int cmp_path_change(const void *a, const void *b)
{
	const PathChange *x = a, *y = b;
	int c = strcmp(x->path, y->path);
	if (c)
		return c;
	return x->change < y->change ? -1 : x->change > y->change;
}

bool source_history_open(const char *top, const char *const *pathspecs, SourceHistory **out,
                         Err *e)
{
	SourceHistory *h = xcalloc(1, sizeof(*h));
	vcs_log_init(&h->log);
	if (!vcs_log_changes(top, "HEAD", pathspecs, &h->log, e)) {
		free(h);
		return false;
	}
	for (size_t i = 0; i < h->log.changes.n; i++) {
		PathChange pc = {h->log.changes.v[i].path, i};
		VEC_PUSH(&h->by_path, pc);
	}
	if (h->by_path.n)
		qsort(h->by_path.v, h->by_path.n, sizeof(PathChange), cmp_path_change);
	h->top = xstrdup(top);
	h->real_top = realpath(top, NULL);
	*out = h;
	return true;
}

void source_history_close(SourceHistory *h)
{
	if (!h)
		return;
	vcs_batch_close(h->batch);
	vcs_log_release(&h->log);
	VEC_FREE(&h->by_path);
	free(h->top);
	free(h->real_top);
	free(h);
}

const char *source_history_top(const SourceHistory *h)
{
	return h->top;
}

char *source_history_path_of(const SourceHistory *h, const char *target_path)
{
	if (!h->real_top)
		return NULL;
	char *dir = path_dirname(target_path);
	char *real = realpath(dir, NULL);
	free(dir);
	size_t tn = strlen(h->real_top);
	if (!real || strncmp(real, h->real_top, tn) != 0 || (real[tn] != '/' && real[tn] != '\0')) {
		free(real);
		return NULL;
	}
	/* a folder below the top with its own .git is another work tree */
	bool nested = false;
	for (size_t i = strlen(real); i > tn && !nested; i--) {
		if (real[i] != '/' && real[i] != '\0')
			continue;
		char save = real[i];
		real[i] = '\0';
		char *g = path_join(real, ".git");
		struct stat st;
		nested = lstat(g, &st) == 0;
		free(g);
		real[i] = save;
	}
	const char *base = path_basename(target_path);
	char *rel = NULL;
	if (!nested && base[0] && strcmp(base, ".") && strcmp(base, ".."))
		rel = real[tn] ? xasprintf("%s/%s", real + tn + 1, base) : xstrdup(base);
	free(real);
	return rel;
}

const struct VcsLog *source_history_log(const SourceHistory *h)
{
	return &h->log;
}

/* Index of the first by_path entry of rel, or by_path.n. */
static size_t first_of(const SourceHistory *h, const char *rel)
{
	size_t lo = 0, hi = h->by_path.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(h->by_path.v[mid].path, rel) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < h->by_path.n && !strcmp(h->by_path.v[lo].path, rel) ? lo : h->by_path.n;
}

long source_history_last_commit(const SourceHistory *h, const char *rel)
{
	size_t i = first_of(h, rel);
	if (i == h->by_path.n)
		return -1;
	return (long)h->log.changes.v[h->by_path.v[i].change].commit;
}

const struct VcsChange *source_history_change(const SourceHistory *h, const char *rel,
                                              size_t k)
{
	size_t i = first_of(h, rel);
	if (i == h->by_path.n || i + k >= h->by_path.n || strcmp(h->by_path.v[i + k].path, rel))
		return NULL;
	return &h->log.changes.v[h->by_path.v[i + k].change];
}

bool source_history_read(SourceHistory *h, const char *spec, size_t max, Buf *out,
                         bool *found, Err *e)
{
	*found = false;
	if (!h->batch && !(h->batch = vcs_batch_open(h->top, e)))
		return false;
	bool too_big = false;
	return vcs_batch_read(h->batch, spec, max, out, found, &too_big, e);
}

bool source_history_english(SourceHistory *h, const char *rel, size_t max, bool *found,
                            char id[41], Buf *text, Err *e)
{
	*found = false;
	for (size_t i = first_of(h, rel); i < h->by_path.n && !strcmp(h->by_path.v[i].path, rel);
	     i++) {
		const VcsChange *c = &h->log.changes.v[h->by_path.v[i].change];
		/* A deletion has no version; a symlink or submodule is no text. */
		if (c->mode != 0100644 && c->mode != 0100755)
			continue;
		bool got = false;
		if (!source_history_read(h, c->blob, max, text, &got, e))
			return false;
		if (got && text_is_english(text->p ? text->p : "", text->len)) {
			memcpy(id, h->log.commits.v[c->commit].id, 41);
			*found = true;
			return true;
		}
	}
	buf_clear(text);
	return true;
}
