/* The English of many files at once (see include/yeok/source.h). */
#include "yeok/source.h"

#include <limits.h>
#include <sys/stat.h>

#include "yeok/text.h"
#include "yeok/vcs.h"
#include "yeok/stats.h"

/* A change of the log, sorted by path (newest first within a path). */
typedef struct PathChange {
	const char *path; /* borrowed from the log */
	size_t change;    /* index into log.changes */
} PathChange;

/* The English of one path as source_history_english found it at a HEAD:
 * remembered in the cache of source_history_open_files. */
typedef struct Answer {
	char *rel;
	bool found;              /* false: no English version */
	char commit[41], blob[41];
	long long time;          /* the commit's author date (as the log gives it) */
	char *author;            /* its author (owned) */
} Answer;
typedef VEC(Answer) AnswerVec;

struct SourceHistory {
	VcsLog log;
	VEC(PathChange) by_path;
	VcsBatch *batch;
	char *top;
	char *real_top; /* realpath of top, or NULL (then no path is inside) */
	char *cache;    /* source_history_open_files' cache file, or NULL */
	char head[41];  /* the commit its answers are for */
	AnswerVec known; /* from the cache, sorted by rel */
	AnswerVec fresh; /* found since (not in known) */
};

/* What the histories cost this process: STAT_HISTORY_PATHS and
 * STAT_HISTORY_VERSIONS (stats.h). */

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

static void answers_free(AnswerVec *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->v[i].rel);
		free(v->v[i].author);
	}
	VEC_FREE(v);
}

static int cmp_answer(const void *a, const void *b)
{
	return strcmp(((const Answer *)a)->rel, ((const Answer *)b)->rel);
}

static const Answer *answer_of(const SourceHistory *h, const char *rel)
{
	Answer key = {.rel = (char *)(uintptr_t)rel};
	const Answer *a = h->known.n ? bsearch(&key, h->known.v, h->known.n, sizeof(Answer),
	                                       cmp_answer) : NULL;
	for (size_t i = 0; !a && i < h->fresh.n; i++)
		if (!strcmp(h->fresh.v[i].rel, rel))
			a = &h->fresh.v[i];
	return a;
}

#define ENGLISH_CACHE_VERSION "yeok-english 2" /* a new one when text_is_english changes */

static bool hex_id(Str s)
{
	if (s.n != 40)
		return false;
	for (size_t i = 0; i < 40; i++)
		if (!((s.p[i] >= '0' && s.p[i] <= '9') || (s.p[i] >= 'a' && s.p[i] <= 'f')))
			return false;
	return true;
}

/* The cache's answers for h->head into h->known (none when it was made at
 * another commit, or cannot be read).  Lines: "Y\tCOMMIT\tBLOB\tTIME\tAUTHOR\tPATH",
 * "N\tPATH". */
static void read_answers(SourceHistory *h)
{
	Buf b = BUF_INIT;
	if (!h->cache || !file_exists(h->cache) || !file_read(h->cache, &b, NULL)) {
		buf_release(&b);
		return;
	}
	Str all = buf_str(&b);
	size_t line_no = 0;
	while (all.n) {
		const char *nl = memchr(all.p, '\n', all.n);
		size_t l = nl ? (size_t)(nl - all.p) : all.n;
		Str line = {all.p, l};
		all = str_slice(all, nl ? l + 1 : l, all.n);
		line_no++;
		if (line_no == 1 && !str_eq_cstr(line, ENGLISH_CACHE_VERSION))
			break;
		if (line_no == 2 && !(str_starts_with(line, "head ") &&
		                      str_eq_cstr(str_slice(line, 5, line.n), h->head)))
			break;
		if (line_no <= 2)
			continue;
		Answer a = {0};
		if (str_starts_with(line, "Y\t") && line.n > 2 + 41 + 41 &&
		    hex_id(str_slice(line, 2, 42)) && line.p[42] == '\t' &&
		    hex_id(str_slice(line, 43, 83)) && line.p[83] == '\t') {
			Str rest = str_slice(line, 84, line.n);
			const char *t1 = memchr(rest.p, '\t', rest.n);
			const char *t2 = t1 ? memchr(t1 + 1, '\t', (size_t)(rest.p + rest.n - t1 - 1)) : NULL;
			if (!t2)
				continue;
			a.found = true;
			memcpy(a.commit, line.p + 2, 40);
			memcpy(a.blob, line.p + 43, 40);
			for (const char *p = rest.p; p < t1 && *p >= '0' && *p <= '9'; p++)
				a.time = a.time * 10 + (*p - '0');
			a.author = xmemdup0(t1 + 1, (size_t)(t2 - t1 - 1));
			a.rel = xmemdup0(t2 + 1, (size_t)(rest.p + rest.n - t2 - 1));
		} else if (str_starts_with(line, "N\t") && line.n > 2) {
			a.rel = str_dup(str_slice(line, 2, line.n));
		} else {
			continue;
		}
		VEC_PUSH(&h->known, a);
	}
	buf_release(&b);
	if (h->known.n > 1)
		qsort(h->known.v, h->known.n, sizeof(Answer), cmp_answer);
}

/* Write the answers (known and fresh) when some are fresh. */
static void write_answers(const SourceHistory *h)
{
	if (!h->cache || !h->fresh.n)
		return;
	Buf out = BUF_INIT;
	buf_addf(&out, "%s\nhead %s\n", ENGLISH_CACHE_VERSION, h->head);
	const AnswerVec *vs[] = {&h->known, &h->fresh};
	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; i < vs[k]->n; i++) {
			const Answer *a = &vs[k]->v[i];
			if (a->found)
				buf_addf(&out, "Y\t%s\t%s\t%lld\t%s\t%s\n", a->commit, a->blob, a->time,
				         a->author ? a->author : "", a->rel);
			else
				buf_addf(&out, "N\t%s\n", a->rel);
		}
	cache_file_write(h->cache, out.p ? out.p : "", out.len);
	buf_release(&out);
}

bool source_history_open_files(const char *top, const char *head, const char *const *rels,
                               size_t n, SourceHistory **out, Err *e)
{
	SourceHistory *h = xcalloc(1, sizeof(*h));
	vcs_log_init(&h->log);
	h->top = xstrdup(top);
	h->real_top = realpath(top, NULL);
	memcpy(h->head, head, 40);
	h->cache = cache_file_path("english", top);
	read_answers(h);
	VEC(char *) specs = {0};
	for (size_t i = 0; i < n; i++)
		if (!answer_of(h, rels[i]))
			VEC_PUSH(&specs, xasprintf(":(literal)%s", rels[i]));
	bool ok = true;
	if (specs.n) {
		VEC_PUSH(&specs, NULL);
		stat_add(STAT_HISTORY_PATHS, specs.n - 1);
		ok = vcs_log_changes(top, h->head, (const char *const *)specs.v, &h->log, e);
		for (size_t i = 0; ok && i < h->log.changes.n; i++) {
			PathChange pc = {h->log.changes.v[i].path, i};
			VEC_PUSH(&h->by_path, pc);
		}
		if (ok && h->by_path.n)
			qsort(h->by_path.v, h->by_path.n, sizeof(PathChange), cmp_path_change);
		for (size_t i = 0; i < specs.n; i++)
			free(specs.v[i]);
	}
	VEC_FREE(&specs);
	if (!ok) {
		source_history_close(h);
		return false;
	}
	*out = h;
	return true;
}

void source_history_close(SourceHistory *h)
{
	if (!h)
		return;
	write_answers(h);
	answers_free(&h->known);
	answers_free(&h->fresh);
	free(h->cache);
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

/* Remember what was found for rel (h opened with a cache). */
static void remember(SourceHistory *h, const char *rel, const VcsCommit *c, const char *blob)
{
	if (!h->cache || strpbrk(rel, "\t\n") || answer_of(h, rel) ||
	    (c && c->author && strpbrk(c->author, "\t\n")))
		return;
	Answer a = {.rel = xstrdup(rel), .found = c != NULL};
	if (c) {
		memcpy(a.commit, c->id, 41);
		memcpy(a.blob, blob, 41);
		a.time = c->time;
		a.author = xstrdup(c->author ? c->author : "");
	}
	VEC_PUSH(&h->fresh, a);
}

/* The commit of an answer in h's log (a log of a cached run has it too:
 * whoever reads the log for a commit's date finds it). */
static void log_commit(SourceHistory *h, const Answer *a)
{
	for (size_t i = 0; i < h->log.commits.n; i++)
		if (!strcmp(h->log.commits.v[i].id, a->commit))
			return;
	VcsCommit c;
	memcpy(c.id, a->commit, 41);
	c.time = a->time;
	c.author = xstrdup(a->author ? a->author : "");
	VEC_PUSH(&h->log.commits, c);
}

bool source_history_english(SourceHistory *h, const char *rel, size_t max, bool *found,
                            char id[41], Buf *text, Err *e)
{
	*found = false;
	const Answer *a = h->cache ? answer_of(h, rel) : NULL;
	if (a && !a->found) {
		buf_clear(text);
		return true;
	}
	if (a) { /* the version found before at this commit */
		bool got = false;
		if (!source_history_read(h, a->blob, max, text, &got, e))
			return false;
		if (got) {
			memcpy(id, a->commit, 41);
			*found = true;
			log_commit(h, a);
			return true;
		}
		/* gone (pruned) or over max: the log was not read for rel: none */
		buf_clear(text);
		return true;
	}
	for (size_t i = first_of(h, rel); i < h->by_path.n && !strcmp(h->by_path.v[i].path, rel);
	     i++) {
		const VcsChange *c = &h->log.changes.v[h->by_path.v[i].change];
		/* A deletion has no version; a symlink or submodule is no text. */
		if (c->mode != 0100644 && c->mode != 0100755)
			continue;
		bool got = false;
		stat_add(STAT_HISTORY_VERSIONS, 1);
		if (!source_history_read(h, c->blob, max, text, &got, e))
			return false;
		if (got && text_is_english(text->p ? text->p : "", text->len)) {
			memcpy(id, h->log.commits.v[c->commit].id, 41);
			*found = true;
			remember(h, rel, &h->log.commits.v[c->commit], c->blob);
			return true;
		}
	}
	remember(h, rel, NULL, NULL);
	buf_clear(text);
	return true;
}
