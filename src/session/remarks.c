/* session: a pull request's review comments from GitHub in the editor
 * (include/yeok/session.h, "GitHub's review comments"): placed on the
 * document, kept on their segments through edits, stepped through,
 * shown, resolved and answered (sidecar entries). */
#include "session-private.h"

#include "yeok/vcs.h"

void session_remarks_release(Session *s)
{
	comments_release(&s->rem.gc);
	VEC_FREE(&s->rem.v);
	memset(&s->rem, 0, sizeof(s->rem));
}

/* The document's file at a commit, through git. */
static bool read_at(void *ctx, const char *commit, Buf *out)
{
	Err e;
	err_init(&e);
	return vcs_show(ctx, commit, out, &e);
}

static int remark_cmp(const void *a, const void *b)
{
	const SessionRemark *x = a, *y = b;
	return x->line < y->line ? -1 : x->line > y->line ? 1 : x->thread < y->thread ? -1
	                                                                             : x->thread > y->thread;
}

/* The segment of a line and the line's offset in it. */
static void anchor(Session *s, SessionRemark *r)
{
	r->seg = s->doc.al.n ? doc_segment_of_tgt_line(&s->doc, r->line) : -1;
	size_t base = r->seg >= 0 ? session_seg_base(s, (size_t)r->seg) : 0;
	r->off = r->line >= base ? r->line - base : 0;
}

bool session_remarks_load(Session *s, const char *json_path, Err *e)
{
	session_remarks_release(s);
	if (!comments_load(&s->rem.gc, json_path, e)) {
		comments_release(&s->rem.gc);
		return false;
	}
	s->rem.on = true;
	s->rem.cur = SIZE_MAX;
	char *rel = NULL;
	Err ignore;
	err_init(&ignore);
	if (!vcs_relpath(s->doc.path, &rel, &ignore))
		rel = xstrdup(path_basename(s->doc.path));
	/* every segment aligned: the threads go on the segments as they are */
	doc_align_finish(&s->doc);
	Buf doc = BUF_INIT, src = BUF_INIT;
	lines_serialize(&s->doc.tgt, &doc);
	if (s->side.src.origin != SOURCE_SELF)
		lines_serialize(&s->doc.src, &src);
	GhPlaces pl = {0};
	comments_place(&s->rem.gc, rel, s->doc.tgt_host.fmt, doc.p ? doc.p : "", doc.len,
	               src.p ? src.p : "", src.len, read_at, s->doc.path, &pl);
	for (size_t i = 0; i < pl.n; i++) {
		SessionRemark r;
		memset(&r, 0, sizeof(r));
		r.thread = pl.v[i].thread;
		r.line = MIN(pl.v[i].line, s->doc.tgt.n ? s->doc.tgt.n - 1 : 0);
		snprintf(r.how, sizeof(r.how), "%s", pl.v[i].how);
		anchor(s, &r);
		VEC_PUSH(&s->rem.v, r);
	}
	s->rem.gen = s->doc.gen;
	VEC_FREE(&pl);
	buf_release(&doc);
	buf_release(&src);
	free(rel);
	return true;
}

void session_remarks_sync(Session *s)
{
	if (!s->rem.v.n || s->rem.gen == s->doc.gen)
		return;
	DocDirty dd;
	bool changed = doc_changed_since(&s->doc, s->rem.gen, &dd);
	s->rem.gen = s->doc.gen;
	if (!changed)
		return;
	size_t n = s->doc.tgt.n;
	for (size_t i = 0; i < s->rem.v.n; i++) {
		SessionRemark *r = &s->rem.v.v[i];
		if (dd.full || r->seg < 0) {
			/* the line as it was, then its segment again */
			r->line = MIN(r->line, n ? n - 1 : 0);
			anchor(s, r);
			continue;
		}
		size_t k = (size_t)r->seg, old_k1 = (size_t)((long)dd.k1 - dd.dk);
		if (k >= old_k1)
			k = (size_t)((long)k + dd.dk);
		else if (k >= dd.k0)
			k = dd.k1 > dd.k0 ? MIN(k, dd.k1 - 1) : dd.k0;
		if (k >= s->doc.al.n) {
			r->seg = -1;
			r->line = MIN(r->line, n ? n - 1 : 0);
			continue;
		}
		r->seg = (long)k;
		size_t f, l;
		if (!align_tgt_lines(&s->doc.al.v[k], &s->doc.tgt_host.blocks, &f, &l))
			f = l = session_seg_base(s, k);
		r->line = MIN(f + r->off, l);
	}
	if (s->rem.v.n > 1)
		qsort(s->rem.v.v, s->rem.v.n, sizeof(SessionRemark), remark_cmp);
}

long session_remark_on_line(const Session *s, size_t line)
{
	size_t lo = 0, hi = s->rem.v.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (s->rem.v.v[mid].line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->rem.v.n && s->rem.v.v[lo].line == line ? (long)lo : -1;
}

long session_remark_here(const Session *s)
{
	size_t line = s->caret.cur.line;
	long i = session_remark_on_line(s, line);
	if (i >= 0)
		return i;
	long k = doc_segment_of_tgt_line(&s->doc, line);
	if (k < 0)
		return -1;
	for (size_t j = 0; j < s->rem.v.n; j++)
		if (s->rem.v.v[j].seg == k)
			return (long)j;
	return -1;
}

static const GhComment *first_of(const Session *s, size_t i)
{
	const GhThread *t = &s->rem.gc.threads.v[s->rem.v.v[i].thread];
	return &s->rem.gc.v.v[t->first];
}

/* The sidecar entry that keeps thread i's state, or -1. */
static long state_entry(const Session *s, size_t i)
{
	long long id = first_of(s, i)->id;
	for (size_t k = 0; k < s->side.sc.comments.n; k++) {
		const SidecarComment *c = &s->side.sc.comments.v[k];
		if (c->kind && !strcmp(c->kind, "github") && c->github == id)
			return (long)k;
	}
	return -1;
}

bool session_remark_resolved(const Session *s, size_t i)
{
	long k = state_entry(s, i);
	return k >= 0 && !strcmp(s->side.sc.comments.v[k].state, "resolved");
}

/* The replies written here to thread i: sidecar entries. */
static size_t own_replies(const Session *s, size_t i)
{
	long long id = first_of(s, i)->id;
	size_t n = 0;
	for (size_t k = 0; k < s->side.sc.comments.n; k++) {
		const SidecarComment *c = &s->side.sc.comments.v[k];
		n += c->kind && !strcmp(c->kind, "reply") && c->github == id;
	}
	return n;
}

/* Text on one line, at most max characters. */
static void one_line(Buf *out, const char *t, size_t max)
{
	size_t chars = 0;
	for (const char *p = t; *p; p++) {
		if (chars >= max) {
			buf_adds(out, "…");
			return;
		}
		if (*p == '\n' || *p == '\r' || *p == '\t') {
			if (out->len && out->p[out->len - 1] != ' ')
				buf_addc(out, ' ');
			continue;
		}
		buf_addc(out, *p);
		chars += ((unsigned char)*p & 0xc0) != 0x80;
	}
}

void session_remark_summary(const Session *s, size_t i, Buf *out)
{
	const GhThread *t = &s->rem.gc.threads.v[s->rem.v.v[i].thread];
	const GhComment *c = first_of(s, i);
	size_t replies = t->n_replies + own_replies(s, i);
	buf_addf(out, "comment %zu/%zu · %s: ", i + 1, s->rem.v.n, c->user[0] ? c->user : "?");
	one_line(out, c->body, 60);
	bool res = session_remark_resolved(s, i);
	if (replies && res)
		buf_addf(out, " (%zu repl%s · resolved)", replies, replies == 1 ? "y" : "ies");
	else if (replies)
		buf_addf(out, " (%zu repl%s)", replies, replies == 1 ? "y" : "ies");
	else if (res)
		buf_adds(out, " (resolved)");
}

bool session_remark_step(Session *s, int dir)
{
	session_remarks_sync(s);
	size_t n = s->rem.v.n;
	if (!n)
		return session_error(s, s->rem.on ? "no review comment is on this document"
		                                  : "no review comments (yeok --comments FILE.json FILE)");
	size_t line = s->caret.cur.line, at = 0;
	if (dir > 0) {
		at = 0;
		while (at < n && s->rem.v.v[at].line <= line)
			at++;
		if (at == n)
			at = 0;
	} else {
		at = n - 1;
		while (at > 0 && s->rem.v.v[at].line >= line)
			at--;
		if (s->rem.v.v[at].line >= line)
			at = n - 1;
	}
	s->rem.cur = at;
	session_goto_line(s, (long)s->rem.v.v[at].line + 1);
	Buf b = BUF_INIT;
	session_remark_summary(s, at, &b);
	session_msg(s, "%s", b.p);
	buf_release(&b);
	return true;
}

static void quoted(Buf *out, const char *body)
{
	for (const char *p = body; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		buf_adds(out, "    ");
		buf_add(out, p, n);
		buf_addc(out, '\n');
		p = nl ? nl + 1 : p + n;
	}
}

bool session_remark_view(Session *s)
{
	session_remarks_sync(s);
	long i = session_remark_here(s);
	if (i < 0)
		return session_error(s, "no review comment here (F8 goes to the next)");
	const SessionRemark *r = &s->rem.v.v[i];
	const GhThread *t = &s->rem.gc.threads.v[r->thread];
	const GhComments *gc = &s->rem.gc;
	Buf b = BUF_INIT;
	const GhComment *c = &gc->v.v[t->first];
	buf_addf(&b, "%s, line %zu%s%s%s\n", c->path, r->line + 1, r->how[0] ? " (" : "", r->how,
	         r->how[0] ? ")" : "");
	if (c->url[0])
		buf_addf(&b, "%s\n", c->url);
	buf_addf(&b, "%s\n\n", session_remark_resolved(s, (size_t)i) ? "resolved" : "open");
	for (size_t k = 0; k <= t->n_replies; k++) {
		const GhComment *m = &gc->v.v[k ? t->replies[k - 1] : t->first];
		buf_addf(&b, "%s%s%s:\n", m->user[0] ? m->user : "?", m->created[0] ? ", " : "",
		         m->created);
		quoted(&b, m->body);
		buf_addc(&b, '\n');
	}
	for (size_t k = 0; k < s->side.sc.comments.n; k++) {
		const SidecarComment *m = &s->side.sc.comments.v[k];
		if (m->kind && !strcmp(m->kind, "reply") && m->github == c->id) {
			buf_adds(&b, "your reply (yeok review --export github-replies FILE):\n");
			quoted(&b, m->text);
			buf_addc(&b, '\n');
		}
	}
	free(s->dlg.view_title);
	free(s->dlg.view_text);
	char title[128];
	snprintf(title, sizeof(title), " Review comment %ld of %zu (any key closes)", i + 1,
	         s->rem.v.n);
	s->dlg.view_title = xstrdup(title);
	s->dlg.view_text = buf_detach(&b);
	return true;
}

bool session_remark_resolve(Session *s)
{
	session_remarks_sync(s);
	long i = session_remark_here(s);
	if (i < 0)
		return session_error(s, "no review comment here (F8 goes to the next)");
	long k = state_entry(s, (size_t)i);
	bool now = !session_remark_resolved(s, (size_t)i);
	if (k < 0) {
		sidecar_add_comment(&s->side.sc, (long)s->rem.v.v[i].line + 1, (SidecarKey){""}, "",
		                    "open");
		k = (long)s->side.sc.comments.n - 1;
		SidecarComment *c = &s->side.sc.comments.v[k];
		c->kind = xstrdup("github");
		c->github = first_of(s, (size_t)i)->id;
	}
	SidecarComment *c = &s->side.sc.comments.v[k];
	free(c->state);
	c->state = xstrdup(now ? "resolved" : "open");
	s->side.dirty = true;
	session_msg(s, "comment %ld %s (kept in the sidecar when saved)", i + 1,
	            now ? "resolved" : "open again");
	return true;
}

bool session_remark_reply(Session *s, const char *text)
{
	session_remarks_sync(s);
	long i = session_remark_here(s);
	if (i < 0)
		return session_error(s, "no review comment here (F8 goes to the next)");
	bool blank = true;
	for (const char *p = text; p && *p && blank; p++)
		blank = strchr(" \t\r\n", *p) != NULL;
	if (blank)
		return session_error(s, "empty reply: nothing kept");
	sidecar_add_comment(&s->side.sc, (long)s->rem.v.v[i].line + 1, (SidecarKey){""}, text,
	                    "open");
	SidecarComment *c = &s->side.sc.comments.v[s->side.sc.comments.n - 1];
	c->kind = xstrdup("reply");
	c->github = first_of(s, (size_t)i)->id;
	s->side.dirty = true;
	session_msg(s, "reply kept (saved with the document; yeok review --export github-replies "
	               "prints it for GitHub)");
	return true;
}
