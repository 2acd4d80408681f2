/* A pull request's review comments from GitHub, read and placed on a
 * document (see include/yeok/comments.h). */
#include "yeok/comments.h"

#include <limits.h>

#include "yeok/diff.h"
#include "yeok/json.h"
#include "yeok/pair.h"

void comments_init(GhComments *gc)
{
	memset(gc, 0, sizeof(*gc));
	buf_init(&gc->notes);
}

static void comment_release(GhComment *c)
{
	free(c->path);
	free(c->body);
	free(c->user);
	free(c->url);
	free(c->created);
}

void comments_release(GhComments *gc)
{
	for (size_t i = 0; i < gc->v.n; i++)
		comment_release(&gc->v.v[i]);
	VEC_FREE(&gc->v);
	for (size_t i = 0; i < gc->threads.n; i++)
		free(gc->threads.v[i].replies);
	VEC_FREE(&gc->threads);
	buf_release(&gc->notes);
	free(gc->name);
	comments_init(gc);
}

static void note(GhComments *gc, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void note(GhComments *gc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vaddf(&gc->notes, fmt, ap);
	va_end(ap);
	buf_addc(&gc->notes, '\n');
}

/* A line number member: absent or null is 0; a positive integer is it;
 * anything else is refused (*bad). */
static long line_of(const JsonNode *o, const char *key, bool *bad)
{
	const JsonNode *v = json_get(o, key);
	long long x;
	if (!v || v->kind == JSON_NULL)
		return 0;
	if (!json_integer(v, &x) || x < 1 || x > (long long)(LONG_MAX / 2)) {
		*bad = true;
		return 0;
	}
	return (long)x;
}

static void commit_of(const JsonNode *o, const char *key, char out[41])
{
	const char *s = json_string(json_get(o, key));
	out[0] = '\0';
	if (!s || strlen(s) != 40)
		return;
	for (size_t k = 0; k < 40; k++)
		if (!strchr("0123456789abcdef", s[k]))
			return;
	memcpy(out, s, 41);
}

static char *str_or_empty(const char *s)
{
	return xstrdup(s ? s : "");
}

/* One entry of the array (k: its position, 1-based); false when it is not
 * a review comment (said in the notes). */
static bool read_comment(GhComments *gc, const JsonNode *o, size_t k, GhComment *c)
{
	memset(c, 0, sizeof(*c));
	const char *why = NULL;
	long long id = 0;
	if (o->kind != JSON_OBJECT)
		why = "not an object";
	else if (!json_integer(json_get(o, "id"), &id) || id <= 0)
		why = "no integer 'id'";
	else if (!json_string(json_get(o, "path")) || !*json_string(json_get(o, "path")))
		why = "no 'path'";
	else if (!json_string(json_get(o, "body")))
		why = "no 'body'";
	bool bad = false;
	if (!why) {
		c->line = line_of(o, "line", &bad);
		c->start_line = line_of(o, "start_line", &bad);
		c->original_line = line_of(o, "original_line", &bad);
		c->original_start_line = line_of(o, "original_start_line", &bad);
		if (bad)
			why = "a line that is not a positive integer";
	}
	const char *side = why ? NULL : json_string(json_get(o, "side"));
	if (!why && side && strcmp(side, "RIGHT") != 0 && strcmp(side, "LEFT") != 0)
		why = "a 'side' other than RIGHT or LEFT";
	if (why) {
		note(gc, "%s:%zu: comment %zu: %s: not a GitHub review comment (skipped)", gc->name,
		     o->line, k, why);
		gc->skipped++;
		return false;
	}
	long long rt = 0;
	c->id = id;
	c->reply_to = json_integer(json_get(o, "in_reply_to_id"), &rt) && rt > 0 ? rt : 0;
	c->left = side && !strcmp(side, "LEFT");
	c->path = xstrdup(json_string(json_get(o, "path")));
	c->body = xstrdup(json_string(json_get(o, "body")));
	c->user = str_or_empty(json_string(json_get(json_get(o, "user"), "login")));
	c->url = str_or_empty(json_string(json_get(o, "html_url")));
	c->created = str_or_empty(json_string(json_get(o, "created_at")));
	commit_of(o, "commit_id", c->commit_id);
	commit_of(o, "original_commit_id", c->original_commit_id);
	c->json_line = o->line;
	return true;
}

static long find_id(const GhComments *gc, long long id)
{
	for (size_t i = 0; i < gc->v.n; i++)
		if (gc->v.v[i].id == id)
			return (long)i;
	return -1;
}

/* The first comment of i's thread: follow in_reply_to_id (GitHub points
 * replies at the thread's first comment; a chain is followed, bounded). */
static long thread_root(const GhComments *gc, size_t i)
{
	long at = (long)i;
	for (size_t hops = 0; hops <= gc->v.n; hops++) {
		const GhComment *c = &gc->v.v[at];
		if (!c->reply_to)
			return at;
		long up = find_id(gc, c->reply_to);
		if (up < 0 || up == at)
			return -1;
		at = up;
	}
	return -1;
}

static void make_threads(GhComments *gc)
{
	size_t *of = xcalloc(gc->v.n + 1, sizeof(size_t));
	bool *keep = xcalloc(gc->v.n + 1, sizeof(bool));
	for (size_t i = 0; i < gc->v.n; i++) {
		GhComment *c = &gc->v.v[i];
		if (c->reply_to)
			continue;
		GhThread t = {i, NULL, 0};
		c->thread = gc->threads.n;
		of[i] = gc->threads.n;
		keep[i] = true;
		VEC_PUSH(&gc->threads, t);
	}
	for (size_t i = 0; i < gc->v.n; i++) {
		GhComment *c = &gc->v.v[i];
		if (!c->reply_to)
			continue;
		long r = thread_root(gc, i);
		if (r < 0) {
			Buf d = BUF_INIT;
			comments_describe(gc, i, &d);
			note(gc, "%s:%zu: %s answers comment %lld, which is not in the file (skipped)",
			     gc->name, c->json_line, d.p, c->reply_to);
			buf_release(&d);
			gc->skipped++;
			continue;
		}
		GhThread *t = &gc->threads.v[of[r]];
		t->replies = xrealloc(t->replies, (t->n_replies + 1) * sizeof(size_t));
		t->replies[t->n_replies++] = i;
		c->thread = of[r];
		keep[i] = true;
	}
	/* drop the replies without a thread (indexes move: renumber) */
	size_t *to = xcalloc(gc->v.n + 1, sizeof(size_t));
	size_t k = 0;
	for (size_t i = 0; i < gc->v.n; i++) {
		if (!keep[i]) {
			comment_release(&gc->v.v[i]);
			continue;
		}
		to[i] = k;
		gc->v.v[k++] = gc->v.v[i];
	}
	gc->v.n = k;
	for (size_t t = 0; t < gc->threads.n; t++) {
		GhThread *th = &gc->threads.v[t];
		th->first = to[th->first];
		for (size_t r = 0; r < th->n_replies; r++)
			th->replies[r] = to[th->replies[r]];
	}
	free(to);
	free(of);
	free(keep);
}

bool comments_parse(GhComments *gc, const char *data, size_t n, const char *name, Err *e)
{
	comments_release(gc);
	gc->name = xstrdup(name ? name : "comments.json");
	JsonLimits lim = json_limits_comments();
	JsonNode *root = NULL;
	if (!json_parse(data, n, gc->name, &lim, &root, e))
		return false;
	/* one array, or (--paginate) several back to back: root is their list */
	bool arrays = root->nkids > 0;
	for (size_t i = 0; i < root->nkids; i++)
		arrays = arrays && root->kids[i]->kind == JSON_ARRAY;
	if (!arrays) {
		const JsonNode *v = root->nkids ? root->kids[0] : root;
		bool msg = v->kind == JSON_OBJECT && json_get(v, "message");
		err_set(e, EXIT_DATAERR,
		        "%s:%zu: not GitHub's review comments: %s where an array of comments was "
		        "expected%s%s (save them with gh api repos/OWNER/REPO/pulls/N/comments "
		        "--paginate)",
		        gc->name, v->line, json_kind_name(v->kind), msg ? ": " : "",
		        msg && json_string(json_get(v, "message")) ? json_string(json_get(v, "message"))
		                                                   : "");
		json_free(root);
		return false;
	}
	size_t k = 0;
	for (size_t a = 0; a < root->nkids; a++)
		for (size_t i = 0; i < root->kids[a]->nkids; i++) {
			GhComment c;
			if (read_comment(gc, root->kids[a]->kids[i], ++k, &c)) {
				if (find_id(gc, c.id) >= 0) {
					note(gc, "%s:%zu: comment %zu: id %lld twice (the second skipped)",
					     gc->name, c.json_line, k, c.id);
					gc->skipped++;
					comment_release(&c);
					continue;
				}
				VEC_PUSH(&gc->v, c);
			}
		}
	json_free(root);
	make_threads(gc);
	return true;
}

bool comments_load(GhComments *gc, const char *path, Err *e)
{
	Buf b = BUF_INIT;
	JsonLimits lim = json_limits_comments();
	bool ok = file_read_limit(path, lim.max_bytes, 0, &b, e) &&
	          comments_parse(gc, b.p ? b.p : "", b.len, path, e);
	buf_release(&b);
	return ok;
}

void comments_describe(const GhComments *gc, size_t i, Buf *out)
{
	const GhComment *c = &gc->v.v[i];
	buf_addf(out, "comment %lld", c->id);
	if (c->user[0])
		buf_addf(out, " by %s", c->user);
	if (c->url[0])
		buf_addf(out, " (%s)", c->url);
}

/* ---- placing ----------------------------------------------------------------- */

/* A version of the document (the file at one commit) against the document
 * as it is: the line diff, and its pair with the English (made when a
 * changed line needs it). */
typedef struct Version {
	char commit[41];
	bool ok;           /* the file could be read */
	Lines lines;
	long *same;        /* per line: the document's line when unchanged, else -1 */
	size_t *region;    /* per line: the document's line where its region is */
	DocPair pair;
	bool paired;
} Version;

typedef struct Placer {
	GhComments *gc;
	HostFormat fmt;
	Lines doc;
	const char *doc_text;
	size_t doc_n;
	const char *src;
	size_t src_n;
	DocPair pair;      /* the document with its English (when src_n) */
	bool paired;
	GhReadFn read;
	void *ctx;
	VEC(Version) vers;
} Placer;

static uint64_t *hashes(const Lines *l)
{
	uint64_t *h = xcalloc(l->n + 1, sizeof(uint64_t));
	for (size_t i = 0; i < l->n; i++) {
		Str s = lines_get(l, i);
		h[i] = hash_fnv1a(s.p, s.n);
	}
	return h;
}

static void version_diff(Placer *pl, Version *v)
{
	size_t vn = v->lines.n, dn = pl->doc.n;
	v->same = xcalloc(vn + 1, sizeof(long));
	v->region = xcalloc(vn + 1, sizeof(size_t));
	uint64_t *a = hashes(&v->lines), *b = hashes(&pl->doc);
	Diff d = {0};
	diff_seq(a, vn, b, dn, 20000, &d);
	for (size_t i = 0; i < d.n; i++) {
		const DiffOp *op = &d.v[i];
		for (size_t k = 0; op->kind != DIFF_INS && k < op->len; k++) {
			v->same[op->a_pos + k] = op->kind == DIFF_SAME ? (long)(op->b_pos + k) : -1;
			v->region[op->a_pos + k] = MIN(op->b_pos + (op->kind == DIFF_SAME ? k : 0),
			                               dn ? dn - 1 : 0);
		}
	}
	diff_release(&d);
	free(a);
	free(b);
}

static Version *version_of(Placer *pl, const char *commit)
{
	for (size_t i = 0; i < pl->vers.n; i++)
		if (!strcmp(pl->vers.v[i].commit, commit))
			return &pl->vers.v[i];
	Version v;
	memset(&v, 0, sizeof(v));
	memcpy(v.commit, commit, 41);
	lines_init(&v.lines);
	pair_init(&v.pair);
	Buf b = BUF_INIT;
	v.ok = pl->read && pl->read(pl->ctx, commit, &b);
	if (v.ok) {
		lines_parse(&v.lines, b.p ? b.p : "", b.len);
		version_diff(pl, &v);
	}
	buf_release(&b);
	VEC_PUSH(&pl->vers, v);
	return &pl->vers.v[pl->vers.n - 1];
}

static void version_release(Version *v)
{
	lines_release(&v->lines);
	free(v->same);
	free(v->region);
	pair_release(&v->pair);
}

/* The segment of pair p whose target lines hold line (-1), its first line. */
static long seg_at(const DocPair *p, size_t line, size_t *first)
{
	for (size_t s = 0; s < p->al.n; s++) {
		size_t f, l;
		if (align_tgt_lines(&p->al.v[s], p->tb, &f, &l) && line >= f && line <= l) {
			*first = f;
			return (long)s;
		}
	}
	return -1;
}

/* Through the English: the document's line of the segment line (of
 * version v) was made on, nearest to near; false when there is none. */
static bool by_segment(Placer *pl, Version *v, size_t line, size_t near, size_t *out)
{
	if (!pl->src_n)
		return false;
	if (!pl->paired) {
		pair_from_texts(&pl->pair, pl->fmt, pl->doc_text, pl->doc_n, pl->src, pl->src_n);
		pl->paired = true;
	}
	if (!v->paired) {
		Buf t = BUF_INIT;
		lines_serialize(&v->lines, &t);
		pair_from_texts(&v->pair, pl->fmt, t.p ? t.p : "", t.len, pl->src, pl->src_n);
		buf_release(&t);
		v->paired = true;
	}
	size_t vf;
	long s = seg_at(&v->pair, line, &vf);
	if (s < 0 || !v->pair.al.v[s].src_n)
		return false;
	const Segment *vs = &v->pair.al.v[s];
	SidecarKey key = pair_blocks_key(v->pair.src_lines, v->pair.sb, vs->src, vs->src_n);
	bool found = false;
	size_t best = 0, best_d = SIZE_MAX;
	for (size_t k = 0; k < pl->pair.al.n; k++) {
		const Segment *ds = &pl->pair.al.v[k];
		size_t f, l;
		if (!ds->src_n || !align_tgt_lines(ds, pl->pair.tb, &f, &l))
			continue;
		SidecarKey dk = pair_blocks_key(pl->pair.src_lines, pl->pair.sb, ds->src, ds->src_n);
		if (strcmp(dk.hex, key.hex) != 0)
			continue;
		size_t at = MIN(f + (line - vf), l);
		size_t d = at > near ? at - near : near - at;
		if (d < best_d) {
			best_d = d;
			best = at;
			found = true;
		}
	}
	*out = best;
	return found;
}

static void short_id(const char *commit, char out[8])
{
	snprintf(out, 8, "%.7s", commit);
}

/* Place line (1-based) of the file at commit; false when that version
 * cannot be read.  *bad: the line is outside that file. */
static bool place_at(Placer *pl, const char *commit, long line, GhPlace *p, bool *bad)
{
	if (!commit[0] || line <= 0)
		return false;
	Version *v = version_of(pl, commit);
	if (!v->ok)
		return false;
	if ((size_t)line > v->lines.n) {
		*bad = true;
		return false;
	}
	size_t l = (size_t)line - 1;
	char sid[8];
	short_id(commit, sid);
	if (v->same[l] >= 0) {
		p->line = (size_t)v->same[l];
		p->moved = p->line != l;
		if (p->moved)
			snprintf(p->how, sizeof(p->how), "made on line %ld of %s, line %zu now", line, sid,
			         p->line + 1);
		return true;
	}
	size_t near = v->region[l], at;
	if (by_segment(pl, v, l, near, &at)) {
		p->line = at;
		snprintf(p->how, sizeof(p->how),
		         "made on line %ld of %s, which changed since: on the segment it was made on",
		         line, sid);
	} else {
		p->line = near;
		snprintf(p->how, sizeof(p->how),
		         "made on line %ld of %s, which changed since: where that text was", line, sid);
	}
	p->moved = true;
	return true;
}

static void place_thread(Placer *pl, size_t t, GhPlaces *out)
{
	GhComments *gc = pl->gc;
	const GhComment *c = &gc->v.v[gc->threads.v[t].first];
	GhPlace p;
	memset(&p, 0, sizeof(p));
	p.thread = t;
	bool bad = false, placed = false;
	long span = 0;
	if (c->left) {
		/* a line of the base: the document has it no more; near the line */
	} else if (place_at(pl, c->original_commit_id, c->original_line, &p, &bad)) {
		placed = true;
		span = c->original_start_line ? c->original_line - c->original_start_line : 0;
	} else if (!bad && place_at(pl, c->commit_id, c->line, &p, &bad)) {
		placed = true;
		span = c->start_line ? c->line - c->start_line : 0;
	}
	long line = c->line ? c->line : c->original_line;
	if (!placed && !bad && line > 0 && (size_t)line <= pl->doc.n) {
		placed = true;
		p.line = (size_t)line - 1;
		if (c->left)
			snprintf(p.how, sizeof(p.how), "on line %ld of the base, which the pull request "
			         "deleted: placed at line %ld", line, line);
		else
			snprintf(p.how, sizeof(p.how), "its commit is not in this repository: placed at "
			         "line %ld as GitHub gave it", line);
	}
	if (!placed) {
		Buf d = BUF_INIT;
		comments_describe(gc, gc->threads.v[t].first, &d);
		note(gc, "%s:%zu: %s: line %ld is outside %s (skipped)", gc->name, c->json_line, d.p,
		     line, c->path);
		buf_release(&d);
		gc->skipped++;
		return;
	}
	/* a multi-line comment ends at its line: it starts span lines before */
	p.last = p.line;
	if (span > 0)
		p.line = p.line >= (size_t)span ? p.line - (size_t)span : 0;
	VEC_PUSH(out, p);
}

static int place_cmp(const void *a, const void *b)
{
	const GhPlace *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->thread < y->thread ? -1 : x->thread > y->thread;
}

static void place_all(GhComments *gc, const char *relpath, HostFormat fmt, const char *doc,
                      size_t doc_n, const char *src, size_t src_n, GhReadFn read, void *ctx,
                      GhPlaces *out, bool note_others)
{
	Placer pl;
	memset(&pl, 0, sizeof(pl));
	pl.gc = gc;
	pl.fmt = fmt;
	pl.src = src;
	pl.src_n = src_n;
	pl.read = read;
	pl.ctx = ctx;
	lines_init(&pl.doc);
	pl.doc_text = doc ? doc : "";
	pl.doc_n = doc_n;
	lines_parse(&pl.doc, pl.doc_text, doc_n);
	pair_init(&pl.pair);
	size_t other = 0;
	for (size_t t = 0; t < gc->threads.n; t++) {
		const GhComment *c = &gc->v.v[gc->threads.v[t].first];
		if (strcmp(c->path, relpath) != 0 && !note_others)
			continue;
		if (strcmp(c->path, relpath) != 0) {
			Buf d = BUF_INIT;
			comments_describe(gc, gc->threads.v[t].first, &d);
			note(gc, "%s:%zu: %s is on %s, not on %s (skipped)", gc->name, c->json_line, d.p,
			     c->path, relpath);
			buf_release(&d);
			other++;
			continue;
		}
		place_thread(&pl, t, out);
	}
	gc->skipped += other;
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(out->v[0]), place_cmp);
	for (size_t i = 0; i < pl.vers.n; i++)
		version_release(&pl.vers.v[i]);
	VEC_FREE(&pl.vers);
	pair_release(&pl.pair);
	lines_release(&pl.doc);
}

void comments_place(GhComments *gc, const char *relpath, HostFormat fmt, const char *doc,
                    size_t doc_n, const char *src, size_t src_n, GhReadFn read, void *ctx,
                    GhPlaces *out)
{
	place_all(gc, relpath, fmt, doc, doc_n, src, src_n, read, ctx, out, true);
}

void comments_place_quiet(GhComments *gc, const char *relpath, HostFormat fmt, const char *doc,
                          size_t doc_n, const char *src, size_t src_n, GhReadFn read,
                          void *ctx, GhPlaces *out)
{
	place_all(gc, relpath, fmt, doc, doc_n, src, src_n, read, ctx, out, false);
}

bool comments_check(const GhComments *gc, Err *e)
{
	for (size_t i = 0; i < gc->v.n; i++) {
		const GhComment *c = &gc->v.v[i];
		if (!c->path || !c->body || !c->user || !c->url || c->thread >= gc->threads.n)
			return err_set(e, EXIT_DATAERR, "comments: comment %zu malformed", i);
	}
	for (size_t t = 0; t < gc->threads.n; t++) {
		const GhThread *th = &gc->threads.v[t];
		if (th->first >= gc->v.n || gc->v.v[th->first].thread != t)
			return err_set(e, EXIT_DATAERR, "comments: thread %zu malformed", t);
		for (size_t r = 0; r < th->n_replies; r++)
			if (th->replies[r] >= gc->v.n || gc->v.v[th->replies[r]].thread != t)
				return err_set(e, EXIT_DATAERR, "comments: thread %zu's reply malformed", t);
	}
	return true;
}
