/* The upstream English (include/yeok/source.h, "upstream"): the commit a
 * sync commit names, else the upstream revision that matches best. */
#include <limits.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>

#include "source-private.h"
#include "yeok/host.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

typedef struct Map {
	char *target, *source; /* '/'-terminated prefixes */
} Map;

/* One first-parent commit of the translation's history. */
typedef struct Sync {
	char id[41];
	char named[41]; /* the upstream commit its message names, "" */
} Sync;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
	char *path;          /* as written, NULL: no upstream */
	regex_t ref;
	bool have_ref;
	VEC(Map) maps;
	/* the translation repository last asked about, its clone */
	char *top, *utop;    /* utop NULL: none there */
	VEC(Sync) syncs;     /* of top, newest first */
	bool syncs_read;
	VcsBatch *batch;     /* in utop */
	SourceHistory *hist; /* utop's history, for many files (bulk) */
	bool hist_tried;
} up;

static void forget_repo(void)
{
	free(up.top);
	free(up.utop);
	up.top = up.utop = NULL;
	VEC_FREE(&up.syncs);
	up.syncs_read = false;
	vcs_batch_close(up.batch);
	up.batch = NULL;
	source_history_close(up.hist);
	up.hist = NULL;
	up.hist_tried = false;
}

void source_clear_upstream(void)
{
	pthread_mutex_lock(&lock);
	forget_repo();
	free(up.path);
	up.path = NULL;
	if (up.have_ref)
		regfree(&up.ref);
	up.have_ref = false;
	for (size_t i = 0; i < up.maps.n; i++) {
		free(up.maps.v[i].target);
		free(up.maps.v[i].source);
	}
	VEC_FREE(&up.maps);
	pthread_mutex_unlock(&lock);
}

bool source_set_upstream(const char *path, const char *ref, Err *e)
{
	regex_t re;
	int rc = regcomp(&re, ref ? ref : SOURCE_UPSTREAM_REF, REG_EXTENDED);
	if (rc != 0) {
		char msg[200];
		regerror(rc, &re, msg, sizeof(msg));
		return err_set(e, EXIT_CONFIG, "upstream.ref: '%s': %s", ref ? ref : "", msg);
	}
	if (re.re_nsub == 0 && ref) {
		regfree(&re);
		return err_set(e, EXIT_CONFIG, "upstream.ref: '%s': needs a group (...) around the "
		               "commit", ref);
	}
	source_clear_upstream();
	pthread_mutex_lock(&lock);
	up.path = xstrdup(path);
	up.ref = re;
	up.have_ref = true;
	pthread_mutex_unlock(&lock);
	return true;
}

static char *with_slash(const char *s)
{
	size_t n = strlen(s);
	return xasprintf("%s%s", s, n && s[n - 1] == '/' ? "" : "/");
}

void source_add_upstream_map(const char *target, const char *upstream)
{
	pthread_mutex_lock(&lock);
	Map m = {with_slash(target), with_slash(upstream)};
	VEC_PUSH(&up.maps, m);
	pthread_mutex_unlock(&lock);
}

static bool source_upstream_configured(void)
{
	pthread_mutex_lock(&lock);
	bool yes = up.path != NULL;
	pthread_mutex_unlock(&lock);
	return yes;
}

char *source_upstream_path(const char *rel)
{
	pthread_mutex_lock(&lock);
	char *p = NULL;
	for (size_t i = 0; i < up.maps.n && !p; i++) {
		size_t n = strlen(up.maps.v[i].target);
		if (!strncmp(rel, up.maps.v[i].target, n))
			p = xasprintf("%s%s", up.maps.v[i].source, rel + n);
	}
	pthread_mutex_unlock(&lock);
	return p ? p : xstrdup(rel);
}

/* ---- the clone of a repository (lock held) --------------------------------- */

/* The clone for the translation at top (cached): NULL when none. */
static const char *clone_of(const char *top)
{
	if (!up.path)
		return NULL;
	if (up.top && !strcmp(up.top, top))
		return up.utop;
	forget_repo();
	up.top = xstrdup(top);
	char *p = up.path[0] == '/' ? xstrdup(up.path)
	          : up.path[0] == '~' && up.path[1] == '/'
	              ? xasprintf("%s%s", getenv("HOME") ? getenv("HOME") : "", up.path + 1)
	              : path_join(top, up.path);
	Err quiet;
	err_init(&quiet);
	char *utop = NULL;
	if (vcs_toplevel(p, &utop, &quiet)) {
		char *a = realpath(utop, NULL), *b = realpath(top, NULL);
		if (a && b && !strcmp(a, b)) { /* the translation itself is no upstream */
			free(utop);
			utop = NULL;
		}
		free(a);
		free(b);
	}
	free(p);
	up.utop = utop;
	return up.utop;
}

/* The commit a message names (the last group of ref that matched, 7 to
 * 40 hex digits), into named; false when none. */
static bool message_names(const char *msg, char named[41])
{
	regmatch_t m[10];
	size_t nm = up.ref.re_nsub + 1 < 10 ? up.ref.re_nsub + 1 : 10;
	const char *p = msg;
	while (regexec(&up.ref, p, nm, m, p == msg ? 0 : REG_NOTBOL) == 0) {
		for (size_t g = nm; g-- > 0;) {
			if (m[g].rm_so < 0)
				continue;
			size_t n = (size_t)(m[g].rm_eo - m[g].rm_so);
			const char *s = p + m[g].rm_so;
			bool hex = n >= 7 && n <= 40;
			for (size_t k = 0; hex && k < n; k++)
				hex = (s[k] >= '0' && s[k] <= '9') || (s[k] >= 'a' && s[k] <= 'f');
			if (hex) {
				memcpy(named, s, n);
				named[n] = '\0';
				return true;
			}
			break; /* the last group is the commit */
		}
		if (m[0].rm_eo <= 0)
			break;
		p += m[0].rm_eo;
	}
	return false;
}

/* The first-parent commits of top's HEAD with the upstream commit each
 * names (one `git log`, cached). */
static void read_syncs(const char *top)
{
	if (up.syncs_read)
		return;
	up.syncs_read = true;
	Buf out = BUF_INIT;
	const char *argv[] = {"log", "--first-parent", "-z", "--format=%H%n%B", "HEAD", "--", NULL};
	if (vcs_git(top, argv, &out, NULL, NULL)) {
		for (size_t i = 0; i + 40 <= out.len;) {
			const char *rec = out.p + i;
			size_t n = strnlen(rec, out.len - i);
			Sync s;
			memcpy(s.id, rec, 40);
			s.id[40] = '\0';
			s.named[0] = '\0';
			if (n > 41)
				message_names(rec + 41, s.named);
			VEC_PUSH(&up.syncs, s);
			i += n + 1;
		}
	}
	buf_release(&out);
}

bool source_upstream_named(const char *top, const char *last_change, char named[41])
{
	pthread_mutex_lock(&lock);
	bool found = false;
	if (up.have_ref) {
		if (!up.top || strcmp(up.top, top))
			clone_of(top);
		read_syncs(top);
		size_t from = 0;
		bool located = !last_change;
		for (size_t i = 0; last_change && i < up.syncs.n && !located; i++)
			if (!strcmp(up.syncs.v[i].id, last_change))
				from = i, located = true;
		for (size_t i = from; i < up.syncs.n && !found; i++) {
			/* a last change off the first-parent chain: the syncs it descends from */
			if (up.syncs.v[i].named[0] &&
			    (located || vcs_is_ancestor(top, up.syncs.v[i].id, last_change))) {
				memcpy(named, up.syncs.v[i].named, 41);
				found = true;
			}
		}
	}
	pthread_mutex_unlock(&lock);
	return found;
}

/* ---- reading the clone (lock held) ---------------------------------------- */

static bool read_at(const char *utop, const char *id, const char *upath, Buf *out, bool *found,
                    Err *e)
{
	*found = false;
	if (strchr(upath, '\n'))
		return true;
	char *spec = xasprintf("%s:%s", id, upath);
	bool ok;
	if (up.hist) {
		ok = source_history_read(up.hist, spec, FILE_MAX_BYTES, out, found, e);
	} else {
		if (!up.batch)
			up.batch = vcs_batch_open(utop, e);
		bool big = false;
		ok = up.batch && vcs_batch_read(up.batch, spec, FILE_MAX_BYTES, out, found, &big, e);
		if (!ok) {
			vcs_batch_close(up.batch);
			up.batch = NULL;
		}
	}
	free(spec);
	return ok;
}

/* The newest commits of the clone that changed upath (at most max), into
 * ids; how many. */
static size_t candidates(const char *utop, const char *upath, char (*ids)[41], size_t max)
{
	size_t n = 0;
	if (up.hist) {
		const VcsLog *log = source_history_log(up.hist);
		for (size_t k = 0; n < max; k++) {
			const VcsChange *ch = source_history_change(up.hist, upath, k);
			if (!ch)
				break;
			if (ch->mode == 0100644 || ch->mode == 0100755)
				memcpy(ids[n++], log->commits.v[ch->commit].id, 41);
		}
		return n;
	}
	char lim[16];
	snprintf(lim, sizeof(lim), "-n%zu", max);
	const char *argv[] = {"log", "--format=%H", "--no-renames", lim, "--end-of-options", "HEAD",
	                      "--", upath, NULL};
	Buf out = BUF_INIT;
	if (vcs_git(utop, argv, &out, NULL, NULL))
		for (size_t i = 0; i + 40 <= out.len && n < max; i += 41) {
			memcpy(ids[n], out.p + i, 40);
			ids[n++][40] = '\0';
		}
	buf_release(&out);
	return n;
}

/* Upstream commits that changed upath since id (-1: not known). */
static long behind_of(const char *utop, const char *id, const char *upath)
{
	if (up.hist) {
		const VcsLog *log = source_history_log(up.hist);
		size_t pos = log->commits.n;
		for (size_t i = 0; i < log->commits.n && pos == log->commits.n; i++)
			if (!strcmp(log->commits.v[i].id, id))
				pos = i;
		if (pos < log->commits.n) {
			long n = 0;
			for (size_t k = 0;; k++) {
				const VcsChange *ch = source_history_change(up.hist, upath, k);
				if (!ch || ch->commit >= pos)
					break;
				n++;
			}
			return n;
		}
	}
	char *not = xasprintf("^%s", id);
	const char *argv[] = {"rev-list", "--count", "--end-of-options", "HEAD", not, "--", upath,
	                      NULL};
	Buf out = BUF_INIT;
	long n = -1;
	if (vcs_git(utop, argv, &out, NULL, NULL)) {
		while (out.len && out.p[out.len - 1] == '\n')
			out.p[--out.len] = '\0';
		if (!parse_long(out.p ? out.p : "", 0, LONG_MAX, &n))
			n = -1;
	}
	buf_release(&out);
	free(not);
	return n;
}

/* The Korean read for matching: its host reading. */
typedef struct Korean {
	Lines l;
	HostDoc h;
	HostFormat fmt;
} Korean;

static int match_score(const Korean *ko, const Buf *en)
{
	Lines sl;
	lines_init(&sl);
	lines_parse(&sl, en->p ? en->p : "", en->len);
	HostDoc sh;
	host_init(&sh);
	host_segment(&sl, ko->fmt, &sh);
	SourceStaleScore sc;
	source_stale_score(sh.text, &sh.blocks, ko->h.text, &ko->h.blocks, &sc);
	host_release(&sh);
	lines_release(&sl);
	return (int)MIN(sc.lonely_en + sc.lonely_ko, (size_t)1 << 30);
}

/* The candidate whose items match the Korean's best: of equal ones, the
 * oldest of the newest run (the English a translation was made from, not
 * a later one that changed prose only).  id gets it, text its bytes. */
static bool best_match(const char *target_path, const char *utop, const char *upath,
                       char id[41], Buf *text, size_t *tried, Err *e)
{
	char (*ids)[41] = xmalloc(SOURCE_UPSTREAM_CANDIDATES * sizeof(*ids));
	size_t n = candidates(utop, upath, ids, SOURCE_UPSTREAM_CANDIDATES);
	*tried = n;
	Korean ko;
	ko.fmt = host_format_of_path(target_path);
	lines_init(&ko.l);
	host_init(&ko.h);
	Buf kb = BUF_INIT, cand = BUF_INIT;
	bool ok = true, have = false;
	if (n && file_read(target_path, &kb, NULL)) {
		lines_parse(&ko.l, kb.p ? kb.p : "", kb.len);
		host_segment(&ko.l, ko.fmt, &ko.h);
		int best = -1;
		bool in_run = false;
		for (size_t i = 0; ok && i < n; i++) {
			bool found = false;
			if (!(ok = read_at(utop, ids[i], upath, &cand, &found, e)) || !found)
				continue;
			int s = match_score(&ko, &cand);
			if (best < 0 || s < best || (s == best && in_run)) {
				in_run = true;
				best = s;
				memcpy(id, ids[i], 41);
				buf_clear(text);
				buf_add(text, cand.p ? cand.p : "", cand.len);
				have = true;
			} else {
				in_run = false;
			}
		}
	}
	host_release(&ko.h);
	lines_release(&ko.l);
	buf_release(&kb);
	buf_release(&cand);
	free(ids);
	return ok && have;
}

/* ---- the step ------------------------------------------------------------- */

/* The document's repository path and its last change (through bulk when
 * it holds it). */
static char *locate(const char *target_path, SourceHistory *bulk, char **top, char last[41])
{
	Err quiet;
	err_init(&quiet);
	last[0] = '\0';
	char *rel = bulk ? source_history_path_of(bulk, target_path) : NULL;
	if (rel) {
		*top = xstrdup(source_history_top(bulk));
		long c = source_history_last_commit(bulk, rel);
		if (c >= 0)
			memcpy(last, source_history_log(bulk)->commits.v[c].id, 41);
		return rel;
	}
	if (!vcs_toplevel(target_path, top, &quiet))
		return NULL;
	if (!vcs_relpath(target_path, &rel, &quiet)) {
		free(*top);
		*top = NULL;
		return NULL;
	}
	Buf log = BUF_INIT;
	if (vcs_file_log(target_path, &log, &quiet) && log.len >= 40) {
		memcpy(last, log.p, 40);
		last[40] = '\0';
	}
	buf_release(&log);
	return rel;
}

static void fill(Source *out, SourceOrigin o, const char *utop, const char *id,
                 const char *upath, const char *why)
{
	out->origin = o;
	out->upstream = true;
	out->rev = xstrdup(id);
	out->path = xstrdup(upath);
	out->repo = xstrdup(utop);
	out->desc = xasprintf("upstream %.12s:%s (%s)", id, upath, why);
	out->behind = behind_of(utop, id, upath);
}

/* long: one step in order (the record, the sync's commit, the best match),
 * each falling through to the next, under one lock */
bool source_upstream_find(const char *target_path, SourceHistory *bulk, const char *recorded,
                          const char *recorded_path, Source *out, bool *found, Err *e)
{
	*found = false;
	if (!source_upstream_configured())
		return !recorded || err_set(e, EXIT_CONFIG, "%s.yeok.yaml: source: an upstream English "
		                            "is recorded, but config.yaml's upstream: is not set",
		                            target_path);
	char *top = NULL, last[41];
	char *rel = locate(target_path, bulk, &top, last);
	if (!rel)
		return !recorded || err_set(e, EXIT_DATAERR, "%s.yeok.yaml: source: an upstream "
		                            "English is recorded, but the document is in no git work "
		                            "tree", target_path);
	char named[41];
	bool has_named = source_upstream_named(top, last[0] ? last : NULL, named);
	char *upath = recorded && recorded_path ? xstrdup(recorded_path) : source_upstream_path(rel);
	pthread_mutex_lock(&lock);
	const char *utop = clone_of(top);
	bool ok = true;
	if (utop && bulk && !up.hist_tried) {
		/* many files: the clone's history read once */
		up.hist_tried = true;
		static const char *const specs[] = {"*.rst", "*.py", "*.md", NULL};
		Err quiet;
		err_init(&quiet);
		if (!source_history_open(utop, specs, &up.hist, &quiet))
			up.hist = NULL;
	}
	char full[41] = "";
	Err quiet;
	err_init(&quiet);
	if (utop && has_named && !vcs_commit(utop, named, full, &quiet))
		full[0] = '\0'; /* the clone lacks it (fetch): matched instead */
	if (utop && recorded) {
		/* the record stands unless a newer sync names a descendant of it */
		bool newer = full[0] && strcmp(full, recorded) &&
		             vcs_is_ancestor(utop, recorded, full);
		ok = read_at(utop, newer ? full : recorded, upath, &out->text, found, e);
		if (ok && *found)
			fill(out, newer ? SOURCE_UPSTREAM : SOURCE_SIDECAR, utop, newer ? full : recorded,
			     upath, newer ? "named by a sync newer than the sidecar's record"
			                  : "the sidecar's record");
		else if (ok)
			ok = err_set(e, EXIT_NOINPUT, "%s.yeok.yaml: source: no %s at upstream commit %.12s",
			             target_path, upath, recorded);
	} else if (utop) {
		if (full[0]) {
			ok = read_at(utop, full, upath, &out->text, found, e);
			if (ok && *found) {
				char *why = xasprintf("named by a sync: %s", named);
				fill(out, SOURCE_UPSTREAM, utop, full, upath, why);
				free(why);
			}
		}
		size_t tried = 0;
		char id[41];
		if (ok && !*found && best_match(target_path, utop, upath, id, &out->text, &tried, e)) {
			*found = true;
			char *why = xasprintf("the best match of %zu upstream revision%s", tried,
			                      tried == 1 ? "" : "s");
			fill(out, SOURCE_UPSTREAM, utop, id, upath, why);
			free(why);
		}
		if (!*found)
			buf_clear(&out->text);
	} else if (recorded) {
		ok = err_set(e, EXIT_CONFIG, "%s.yeok.yaml: source: an upstream English is recorded, but "
		             "config.yaml's upstream: %s is no git work tree", target_path, up.path);
	}
	pthread_mutex_unlock(&lock);
	free(upath);
	free(rel);
	free(top);
	return ok;
}

/* ---- MDN's front matter ----------------------------------------------------- */

bool source_front_matter_commit(const char *text, size_t n, char id[41])
{
	if (n < 4 || strncmp(text, "---", 3) || (text[3] != '\n' && text[3] != '\r'))
		return false;
	const char *p = text + 4, *end = text + n;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		Str line = str_trim((Str){p, len});
		if (str_eq(line, str_from("---")))
			return false;
		if (str_starts_with(line, "sourceCommit:")) {
			Str v = str_trim((Str){line.p + 13, line.n - 13});
			if (v.n && (v.p[0] == '"' || v.p[0] == '\'') && v.n >= 2)
				v = (Str){v.p + 1, v.n - 2};
			bool hex = v.n >= 7 && v.n <= 40;
			for (size_t k = 0; hex && k < v.n; k++)
				hex = (v.p[k] >= '0' && v.p[k] <= '9') || (v.p[k] >= 'a' && v.p[k] <= 'f');
			if (!hex)
				return false;
			memcpy(id, v.p, v.n);
			id[v.n] = '\0';
			return true;
		}
		p += len + 1;
	}
	return false;
}
