/* Reviewer mode without a terminal (see include/yeok/review.h): revisions,
 * source, findings, the current change, and the reviewer's entries saved in
 * the sidecar as they are made. */
#include "yeok/journal.h"
#include "yeok/pair.h"
#include "yeok/progress.h"
#include "yeok/review.h"
#include "yeok/source.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

static const struct {
	const char *name, *event, *label;
} verdicts[REVIEW_VERDICT_COUNT] = {
	[REVIEW_VERDICT_NONE] = {"", "COMMENT", "no verdict"},
	[REVIEW_APPROVE] = {"approve", "APPROVE", "approve"},
	[REVIEW_REQUEST_CHANGES] = {"request-changes", "REQUEST_CHANGES", "request changes"},
	[REVIEW_COMMENT] = {"comment", "COMMENT", "comment"},
};

static const char *review_verdict_name(ReviewVerdict v)
{
	return verdicts[v < REVIEW_VERDICT_COUNT ? v : 0].name;
}

const char *review_verdict_event(ReviewVerdict v)
{
	return verdicts[v < REVIEW_VERDICT_COUNT ? v : 0].event;
}

const char *review_verdict_label(ReviewVerdict v)
{
	return verdicts[v < REVIEW_VERDICT_COUNT ? v : 0].label;
}

bool review_verdict_parse(const char *s, ReviewVerdict *out)
{
	for (int v = REVIEW_APPROVE; v < REVIEW_VERDICT_COUNT; v++)
		if (s && !strcmp(s, verdicts[v].name)) {
			*out = (ReviewVerdict)v;
			return true;
		}
	return false;
}

static const char *const mark_states[] = {
	[REVIEW_MARK_NONE] = "", [REVIEW_MARK_APPROVED] = "approved",
	[REVIEW_MARK_CHANGES] = "changes",
};

void review_session_init(ReviewSession *rs)
{
	memset(rs, 0, sizeof(*rs));
	buf_init(&rs->base_src);
	review_init(&rs->r);
	sidecar_init(&rs->sc);
}

static void free_per_change(ReviewSession *rs)
{
	if (rs->findings)
		for (size_t i = 0; i < rs->r.n; i++) {
			findings_clear(&rs->findings[i]);
			VEC_FREE(&rs->findings[i]);
		}
	free(rs->findings);
	free(rs->keys);
	free(rs->texts);
	rs->findings = NULL;
	rs->keys = NULL;
	rs->texts = NULL;
}

bool review_session_msg(ReviewSession *rs, bool error, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = shell_msgv(&rs->shell, error, fmt, ap);
	va_end(ap);
	return ok;
}

void review_session_ask(ReviewSession *rs, ShellAskKind kind, const char *title,
                        const char *initial, const char *then)
{
	shell_ask(&rs->shell, kind, title, initial, then);
}

void review_session_release(ReviewSession *rs)
{
	shell_release(&rs->shell);
	free_per_change(rs);
	review_release(&rs->r);
	sidecar_release(&rs->sc);
	if (rs->own_ctx) {
		context_release(rs->own_ctx);
		free(rs->own_ctx);
	}
	free(rs->path);
	free(rs->sc_path);
	free(rs->relpath);
	free(rs->base_desc);
	free(rs->head_desc);
	free(rs->source_desc);
	free(rs->top);
	for (size_t i = 0; i < rs->n_heads_in; i++)
		free(rs->heads_in[i]);
	free(rs->heads_in);
	free(rs->git_hunks.v);
	VEC_FREE(&rs->gh_places);
	source_stale_release(&rs->stale);
	buf_release(&rs->base_src);
	review_session_init(rs);
}

/* True when the text is English: at most 1% of its lines (and at most 2)
 * hold Hangul. */
static bool review_text_is_english(const Lines *l)
{
	size_t with = 0;
	for (size_t i = 0; i < l->n; i++) {
		Str s = lines_get(l, i);
		for (size_t k = 0; k < s.n;) {
			int32_t cp;
			k += text_decode(s.p + k, s.n - k, &cp);
			if (cp >= 0 && text_is_hangul(cp)) {
				with++;
				break;
			}
		}
	}
	return with <= 2 && with * 100 <= l->n;
}

/* The key of change i: its source text's key (as the sidecar's segments
 * use), or the head text's when the segment has no source side. */
static SidecarKey change_key(const Review *r, size_t i, Buf *tmp)
{
	const ReviewChange *c = &r->v[i];
	if (c->seg == REVIEW_NO_SEG) {
		/* a deleted block without English: the key of its old text */
		buf_clear(tmp);
		for (size_t l = c->base_first; l <= c->base_last && l < r->base.n; l++) {
			buf_addstr(tmp, lines_get(&r->base, l));
			buf_addc(tmp, '\n');
		}
		return sidecar_key(tmp->p ? tmp->p : "", tmp->len);
	}
	const Segment *s = &r->al.v[c->seg];
	if (s->src_n)
		return pair_blocks_key(r->src_host.text, &r->src_host.blocks, s->src, s->src_n);
	return pair_blocks_key(r->head_host.text, &r->head_host.blocks, s->tgt, s->tgt_n);
}

/* The key of change i's text now: its head lines (a deletion's base lines). */
static SidecarKey text_key(const Review *r, size_t i, Buf *tmp)
{
	const ReviewChange *c = &r->v[i];
	const Lines *l = c->deleted ? &r->base : &r->head;
	size_t f = c->deleted ? c->base_first : c->head_first;
	size_t t = c->deleted ? c->base_last : c->head_last;
	buf_clear(tmp);
	for (size_t k = f; k <= t && k < l->n; k++) {
		buf_addstr(tmp, lines_get(l, k));
		buf_addc(tmp, '\n');
	}
	return sidecar_key(tmp->p ? tmp->p : "", tmp->len);
}

/* The lines (1-based) of change i an entry is on: the head's, or for a
 * deletion the base's. */
static void change_lines(const ReviewChange *c, long *first, long *last)
{
	*first = (long)(c->deleted ? c->base_first : c->head_first) + 1;
	*last = (long)(c->deleted ? c->base_last : c->head_last) + 1;
}

static long entry_change(const ReviewSession *rs, const SidecarComment *c)
{
	long by_key = -1;
	for (size_t i = 0; i < rs->r.n; i++) {
		if (rs->r.v[i].deleted != c->deleted || strcmp(rs->keys[i].hex, c->segment.hex) != 0)
			continue;
		long f, l;
		change_lines(&rs->r.v[i], &f, &l);
		if (c->line >= f && c->line <= l)
			return (long)i;
		if (by_key < 0)
			by_key = (long)i;
	}
	if (by_key >= 0)
		return by_key;
	if (c->segment.hex[0] || c->line <= 0)
		return -1;
	if (!c->deleted)
		return review_find_line(&rs->r, (size_t)c->line - 1);
	for (size_t i = 0; i < rs->r.n; i++)
		if (rs->r.v[i].deleted && c->line >= (long)rs->r.v[i].base_first + 1 &&
		    c->line <= (long)rs->r.v[i].base_last + 1)
			return (long)i;
	return -1;
}

long review_session_entry_change(const ReviewSession *rs, const SidecarComment *c)
{
	return entry_change(rs, c);
}

bool review_session_in_range(const ReviewSession *rs, const SidecarComment *c)
{
	if (!c->base && !c->head && !c->pr)
		return true;
	if (rs->pr)
		return c->pr == rs->pr;
	if (c->pr || !c->base || strcmp(c->base, rs->base_id) != 0 || !c->head)
		return false;
	if (!strcmp(c->head, rs->head_id))
		return true;
	for (size_t i = 0; i < rs->n_heads_in; i++)
		if (!strcmp(rs->heads_in[i], c->head))
			return true;
	return false;
}

bool review_session_outdated(const ReviewSession *rs, const SidecarComment *c)
{
	if (!c->target.hex[0] || (c->head && !strcmp(c->head, rs->head_id) && !rs->head_worktree))
		return false;
	long ch = entry_change(rs, c);
	return ch < 0 || strcmp(rs->texts[ch].hex, c->target.hex) != 0;
}

/* The entries of this review of kind `kind` ("mark", "verdict"). */
static bool is_kind(const SidecarComment *c, const char *kind)
{
	return c->kind && !strcmp(c->kind, kind);
}

static bool is_mark(const SidecarComment *c)
{
	return is_kind(c, "mark");
}

static bool resume_target(const ReviewSession *rs, size_t i)
{
	return review_session_mark_of(rs, i) == REVIEW_MARK_NONE;
}

/* The context the checks read when the caller gave none (tests, a review
 * made from texts): one of the review's own, the glossaries of o (the
 * shipped one when o names none), or none at all without o. */
static bool own_context(ReviewSession *rs, const ReviewOpts *o, Err *e)
{
	if (rs->ctx)
		return true;
	size_t n = 0;
	while (o && o->glossaries && o->glossaries[n])
		n++;
	ContextOpts co = {.glossaries = o ? o->glossaries : NULL, .n_glossaries = n,
	                  .no_spell = true, .no_glossary = !o};
	rs->own_ctx = xcalloc(1, sizeof(*rs->own_ctx));
	context_init(rs->own_ctx);
	if (!context_load(rs->own_ctx, &co, e))
		return false;
	rs->ctx = rs->own_ctx;
	return true;
}

bool review_session_setup(ReviewSession *rs, const char *path, const char *sc_path,
                          const char *src, size_t src_n, const char *base, size_t base_n,
                          const char *head, size_t head_n, Err *e)
{
	if (!rs->path)
		rs->path = xstrdup(path);
	if (!rs->here[0])
		journal_here(rs->here, sizeof(rs->here)); /* what this reviewer's stamps hold */
	if (sc_path && !rs->sc_path)
		rs->sc_path = xstrdup(sc_path);
	if (rs->sc_path) {
		bool corrupt = false;
		if (!sidecar_load(rs->sc_path, &rs->sc, &corrupt, e))
			return false;
	}
	review_compute(&rs->r, path, src, src_n, base, base_n, head, head_n);
	rs->carried = rs->base_src.len ? review_drop_carried(&rs->r, rs->base_src.p, rs->base_src.len)
	                               : 0;
	Lines bl;
	lines_init(&bl);
	lines_parse(&bl, base, base_n);
	rs->base_english = review_text_is_english(&bl);
	lines_release(&bl);

	if (!own_context(rs, NULL, e))
		return false;
	/* the checks' document, as check's (context_check_doc): rules, words,
	 * the checks that run and spelling; read while the findings are made */
	char what[sizeof(rs->stale.what)];
	memcpy(what, rs->stale.what, sizeof(what));
	source_stale_measure(rs->r.src_host.text, &rs->r.src_host.blocks, rs->r.head_host.text, &rs->r.head_host.blocks,
	                     &rs->stale);
	memcpy(rs->stale.what, what, sizeof(what));
	CheckDoc cd;
	check_doc_init_unindexed(&cd, rs->r.head_host.text, &rs->r.head_host.blocks, rs->r.src_host.text,
	                         &rs->r.src_host.blocks, &rs->r.al, context_glossary(rs->ctx));
	cd.stale = &rs->stale; /* before the index: it may compare nothing */
	check_doc_reindex(&cd);
	cd.tgt_host = &rs->r.head_host;
	cd.src_host = &rs->r.src_host;
	context_check_doc(rs->ctx, &cd);
	cd.spell = context_spell(rs->ctx, path, true);
	SpellWords en = {0};
	if (cd.spell) {
		check_en_words_add(&en, rs->r.src_host.text, 0, rs->r.src_host.text->n);
		cd.en_words = &en;
	}
	free_per_change(rs);
	rs->keys = xcalloc(rs->r.n + 1, sizeof(SidecarKey));
	rs->texts = xcalloc(rs->r.n + 1, sizeof(SidecarKey));
	rs->findings = xcalloc(rs->r.n + 1, sizeof(FindingVec));
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < rs->r.n; i++) {
		rs->keys[i] = change_key(&rs->r, i, &tmp);
		rs->texts[i] = text_key(&rs->r, i, &tmp);
		if (rs->r.v[i].seg != REVIEW_NO_SEG)
			check_unit(&cd, &rs->ctx->set, rs->r.v[i].seg, &rs->findings[i]);
		findings_sort(&rs->findings[i]);
	}
	buf_release(&tmp);
	check_doc_release(&cd);
	spell_words_release(&en);
	rs->cur = 0;
	for (size_t i = 0; i < rs->r.n; i++)
		if (resume_target(rs, i)) {
			rs->cur = i;
			break;
		}
	return true;
}

/* ---- opening from git ------------------------------------------------------ */

static char *short_id(const char *id)
{
	return xmemdup0(id, 7);
}

/* The default base: the merge base with origin's default branch, else
 * HEAD~1. */
static bool default_base(const char *path, char id[41], char **desc, Err *e)
{
	char *dir = path_dirname(path);
	const char *argv[] = {"symbolic-ref", "--quiet", "refs/remotes/origin/HEAD", NULL};
	Buf out = BUF_INIT;
	Err ignore;
	err_init(&ignore);
	bool found = false;
	if (vcs_git(dir, argv, &out, NULL, &ignore) && out.len) {
		while (out.len && (out.p[out.len - 1] == '\n' || out.p[out.len - 1] == '\r'))
			out.p[--out.len] = '\0';
		const char *ref = out.p;
		if (!strncmp(ref, "refs/remotes/", 13))
			ref += 13;
		if (vcs_merge_base(path, ref, id, &ignore)) {
			char *s = short_id(id);
			*desc = xasprintf("%s (merge base with %s)", s, ref);
			free(s);
			found = true;
		}
	}
	buf_release(&out);
	free(dir);
	if (found)
		return true;
	if (!vcs_commit(path, "HEAD~1", id, e)) {
		err_set(e, EXIT_NOINPUT,
		        "%s: no default base (origin has no default branch and there is no HEAD~1): "
		        "give --base REV", path);
		return false;
	}
	char *s = short_id(id);
	*desc = xasprintf("%s (HEAD~1)", s);
	free(s);
	return true;
}

/* The head is the working tree: HEAD's commit stands for it (entries are
 * stored with it), and whether the file there is HEAD's. */
static void worktree_head(ReviewSession *rs, const Buf *head)
{
	Err ignore;
	err_init(&ignore);
	Buf at = BUF_INIT;
	if (vcs_commit(rs->path, "HEAD", rs->head_id, &ignore) &&
	    vcs_show(rs->path, rs->head_id, &at, &ignore))
		rs->worktree_differs = at.len != head->len || (at.len && memcmp(at.p, head->p, at.len));
	else
		rs->head_id[0] = '\0';
	buf_release(&at);
}

/* The hunks of `git diff BASE HEAD` of the file (when the head is the
 * working tree and differs from HEAD, they are not the review's). */
static void git_hunks(ReviewSession *rs)
{
	if (rs->head_worktree && rs->worktree_differs)
		return;
	Buf d = BUF_INIT;
	Err ignore;
	err_init(&ignore);
	if (vcs_diff_commits(rs->top, rs->base_id, rs->head_id, rs->relpath, &d, &ignore)) {
		review_hunks_parse(d.p ? d.p : "", d.len, &rs->git_hunks);
		rs->have_git_hunks = true;
	}
	buf_release(&d);
}

/* The heads of this base's entries that are ancestors of the head: those
 * entries belong to this review too (one git call per distinct head). */
static void find_heads_in(ReviewSession *rs)
{
	if (!rs->top || !rs->head_id[0])
		return;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (!c->head || !c->base || c->pr || strcmp(c->base, rs->base_id) != 0 ||
		    !strcmp(c->head, rs->head_id))
			continue;
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = rs->sc.comments.v[k].head && !strcmp(rs->sc.comments.v[k].head, c->head);
		if (!seen && vcs_is_ancestor(rs->top, c->head, rs->head_id)) {
			rs->heads_in = xrealloc(rs->heads_in, (rs->n_heads_in + 1) * sizeof(char *));
			rs->heads_in[rs->n_heads_in++] = xstrdup(c->head);
		}
	}
}

bool review_session_open(ReviewSession *rs, const char *path, const ReviewOpts *o, Err *e)
{
	review_session_release(rs);
	rs->path = xstrdup(path);
	rs->sc_path = sidecar_path(path);
	if (!vcs_relpath(path, &rs->relpath, e))
		return false;
	rs->ctx = o->ctx;
	if (!own_context(rs, o, e))
		return false;
	char id[41];
	if (o->base) {
		if (!vcs_commit(path, o->base, id, e))
			return false;
		char *s = short_id(id);
		rs->base_desc = xasprintf("%s (%s)", s, o->base);
		free(s);
	} else if (!default_base(path, id, &rs->base_desc, e)) {
		return false;
	}
	Buf base = BUF_INIT, head = BUF_INIT;
	Source src;
	source_init(&src);
	memcpy(rs->base_id, id, 41);
	rs->pr = o->pr;
	bool ok = vcs_toplevel(path, &rs->top, e);
	if (ok && !vcs_show(path, id, &base, e)) {
		/* a file the range adds: everything in it is new */
		ok = o->absent_empty && e->code == EXIT_NOINPUT;
		if (ok)
			err_init(e);
		buf_clear(&base);
	}
	if (ok && o->head) {
		char hid[41];
		ok = vcs_commit(path, o->head, hid, e) && vcs_show(path, hid, &head, e);
		if (ok) {
			memcpy(rs->head_id, hid, 41);
			char *s = short_id(hid);
			rs->head_desc = xasprintf("%s (%s)", s, o->head);
			free(s);
		}
	} else if (ok) {
		ok = file_read(path, &head, e);
		rs->head_desc = xstrdup("working tree");
		rs->head_worktree = true;
		worktree_head(rs, &head);
	}
	if (ok && rs->head_id[0])
		git_hunks(rs);
	/* the sidecar first: its source record is the third choice */
	bool corrupt = false;
	if (ok)
		ok = sidecar_load(rs->sc_path, &rs->sc, &corrupt, e);
	if (ok && corrupt)
		ok = err_set(e, EXIT_DATAERR, "%s: corrupt sidecar (not touched)", rs->sc_path);
	if (ok)
		find_heads_in(rs);
	if (ok) {
		SourceRecord rec;
		bool have_rec = source_record_from_sidecar(&rs->sc.source, &rec);
		Lines bl;
		lines_init(&bl);
		lines_parse(&bl, base.p ? base.p : "", base.len);
		bool base_en = review_text_is_english(&bl);
		lines_release(&bl);
		/* The one source resolution; a base that is still English is the
		 * English before the history is searched (a translation PR). */
		SourceOpts so = {.path = o->source_path, .rev = o->source_rev,
		                 .recorded = have_rec ? &rec : NULL, .history = !base_en};
		if (so.path || so.rev || have_rec || !base_en)
			ok = source_resolve(path, &so, &src, e);
		/* a Korean base: the English it was made from, so that what a sync
		 * carried unchanged is not shown as a change */
		bool found = false;
		char eid[41];
		if (ok && !base_en)
			ok = source_english_at(path, id, &found, eid, &rs->base_src, e);
		if (ok && src.origin != SOURCE_NONE && (so.path || so.rev || have_rec || !base_en)) {
			rs->source_desc = xstrdup(src.desc ? src.desc : "");
		} else if (ok) {
			source_release(&src);
			buf_add(&src.text, base.p ? base.p : "", base.len);
			rs->source_desc = xasprintf(base_en ? "the base revision %s"
			                                    : "the base revision %s (already Korean, and "
			                                      "no English revision in the history: give "
			                                      "--source for the English)",
			                            rs->base_desc);
		}
	}
	if (ok) {
		/* the sidecar is loaded already: setup must not load it again */
		char *scp = rs->sc_path;
		rs->sc_path = NULL;
		if (src.origin != SOURCE_NONE)
			snprintf(rs->stale.what, sizeof(rs->stale.what), "%s", src.desc ? src.desc : "");
		ok = review_session_setup(rs, path, NULL, src.text.p ? src.text.p : "", src.text.len,
		                          base.p ? base.p : "", base.len, head.p ? head.p : "",
		                          head.len, e);
		rs->sc_path = scp;
	}
	if (ok && rs->stale.stale && src.origin != SOURCE_NONE) {
		/* said in check's words, and with the first message */
		source_stale_what(&src, path, NULL, rs->stale.what, sizeof(rs->stale.what));
		if (!rs->shell.note[0])
			snprintf(rs->shell.note, sizeof(rs->shell.note), "the English (%.120s) is older than the "
			         "Korean: %zu blocks differ [source-stale]", rs->stale.what,
			         rs->stale.differ);
	}
	source_release(&src);
	buf_release(&base);
	buf_release(&head);
	return ok;
}

/* ---- moving and recording --------------------------------------------------- */

size_t review_session_count(const ReviewSession *rs)
{
	return rs->r.n;
}

const ReviewChange *review_session_change(const ReviewSession *rs, size_t i)
{
	return i < rs->r.n ? &rs->r.v[i] : NULL;
}

bool review_session_move(ReviewSession *rs, int dir)
{
	if (dir > 0 && rs->cur + 1 < rs->r.n) {
		rs->cur++;
		return true;
	}
	if (dir < 0 && rs->cur > 0) {
		rs->cur--;
		return true;
	}
	return false;
}

static bool save(ReviewSession *rs, Err *e)
{
	if (!rs->sc_path || rs->read_only)
		return true;
	if (!rs->excluded) {
		/* the sidecar stays out of `git status` (DESIGN.md §4.5), said once */
		rs->excluded = true;
		bool added = false;
		Err xe;
		err_init(&xe);
		if (!vcs_exclude_side_files(rs->path, &added, &xe))
			snprintf(rs->shell.note, sizeof(rs->shell.note), "%.250s", xe.msg);
		else if (added)
			snprintf(rs->shell.note, sizeof(rs->shell.note), "yeok's side files are now listed in "
			         ".git/info/exclude: git status shows only your documents");
	}
	return sidecar_save(rs->sc_path, &rs->sc, e);
}

/* An entry of this review: stored with its range. */
static void set_range(const ReviewSession *rs, SidecarComment *m)
{
	m->base = rs->base_id[0] ? xstrdup(rs->base_id) : NULL;
	m->head = rs->head_id[0] ? xstrdup(rs->head_id) : NULL;
	m->pr = rs->pr;
}

static bool add_entry(ReviewSession *rs, const char *text, const char *kind, const char *state,
                      Err *e)
{
	if (rs->cur >= rs->r.n)
		return err_set(e, EXIT_USAGE, "no change to comment on");
	const ReviewChange *c = &rs->r.v[rs->cur];
	long first, last;
	change_lines(c, &first, &last);
	sidecar_add_comment(&rs->sc, first, rs->keys[rs->cur], text, state);
	SidecarComment *m = &rs->sc.comments.v[rs->sc.comments.n - 1];
	if (last > first)
		m->last = last;
	m->kind = kind ? xstrdup(kind) : NULL;
	m->deleted = c->deleted;
	m->target = rs->texts[rs->cur];
	set_range(rs, m);
	review_stamp(rs, m); /* this reviewer's, made here */
	return save(rs, e);
}

static bool blank(const char *s)
{
	for (; s && *s; s++)
		if (!strchr(" \t\r\n", *s))
			return false;
	return true;
}

bool review_session_comment(ReviewSession *rs, const char *text, Err *e)
{
	if (blank(text))
		return err_set(e, EXIT_USAGE, "empty comment: nothing saved");
	return add_entry(rs, text, NULL, NULL, e);
}

bool review_session_suggest(ReviewSession *rs, const char *text, Err *e)
{
	if (!text || !*text)
		return err_set(e, EXIT_USAGE, "empty suggestion: nothing saved");
	return add_entry(rs, text, "suggestion", NULL, e);
}

bool review_session_mark(ReviewSession *rs, ReviewMark m, Err *e)
{
	if (rs->cur >= rs->r.n)
		return err_set(e, EXIT_USAGE, "no change to mark");
	ReviewMark old = review_session_mark_of(rs, rs->cur);
	for (size_t i = rs->sc.comments.n; i-- > 0;) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (is_mark(c) && review_session_in_range(rs, c) && entry_change(rs, c) == (long)rs->cur)
			sidecar_remove_comment(&rs->sc, i);
	}
	if (m != REVIEW_MARK_NONE && m != old)
		return add_entry(rs, "", "mark", mark_states[m], e);
	return save(rs, e);
}

bool review_session_finding_comment(ReviewSession *rs, size_t k, Err *e)
{
	if (rs->cur >= rs->r.n || k >= rs->findings[rs->cur].n)
		return err_set(e, EXIT_USAGE, "no finding here");
	const Finding *f = &rs->findings[rs->cur].v[k];
	char *text = f->suggestion
	        ? xasprintf("[%s] line %zu: %s (suggested: %s)", check_info(f->check)->id,
	                    f->line + 1, f->message, f->suggestion)
	        : xasprintf("[%s] line %zu: %s", check_info(f->check)->id, f->line + 1,
	                    f->message);
	bool ok = review_session_comment(rs, text, e);
	free(text);
	return ok;
}

/* The verdict of this review is an entry with its range; the sidecar's
 * top-level verdict (written before ranges) counts where there is none,
 * and is taken into the range when a verdict is set. */
bool review_session_set_verdict(ReviewSession *rs, ReviewVerdict v, Err *e)
{
	for (size_t i = rs->sc.comments.n; i-- > 0;) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (is_kind(c, "verdict") && review_session_in_range(rs, c))
			sidecar_remove_comment(&rs->sc, i);
	}
	sidecar_set_verdict(&rs->sc, NULL);
	if (v != REVIEW_VERDICT_NONE) {
		sidecar_add_comment(&rs->sc, 0, (SidecarKey){""}, "", review_verdict_name(v));
		SidecarComment *m = &rs->sc.comments.v[rs->sc.comments.n - 1];
		m->kind = xstrdup("verdict");
		set_range(rs, m);
		review_stamp(rs, m);
	}
	return save(rs, e);
}

ReviewVerdict review_session_verdict(const ReviewSession *rs)
{
	ReviewVerdict v = REVIEW_VERDICT_NONE;
	bool found = false;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (is_kind(c, "verdict") && review_session_in_range(rs, c)) {
			found = true;
			v = REVIEW_VERDICT_NONE;
			review_verdict_parse(c->state, &v);
		}
	}
	if (!found && rs->sc.verdict)
		review_verdict_parse(rs->sc.verdict, &v);
	return v;
}

ReviewVerdict review_session_verdict_by(const ReviewSession *rs, bool *mine)
{
	ReviewVerdict v = REVIEW_VERDICT_NONE;
	*mine = false;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (is_kind(c, "verdict") && review_session_in_range(rs, c) &&
		    review_entry_mine(rs, c)) {
			*mine = true;
			v = REVIEW_VERDICT_NONE;
			review_verdict_parse(c->state, &v);
		}
	}
	if (*mine)
		return v;
	v = review_session_verdict(rs);
	*mine = v == REVIEW_VERDICT_NONE; /* nothing to claim */
	return v;
}

ReviewMark review_session_mark_of(const ReviewSession *rs, size_t change)
{
	return review_session_mark_by(rs, change, true);
}

ReviewMark review_session_mark_by(const ReviewSession *rs, size_t change, bool others)
{
	ReviewMark m = REVIEW_MARK_NONE;
	for (size_t i = 0; i < rs->sc.comments.n; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (!is_mark(c) || !review_session_in_range(rs, c) || entry_change(rs, c) != (long)change)
			continue;
		if (!others && !review_entry_mine(rs, c))
			continue;
		if (!strcmp(c->state, mark_states[REVIEW_MARK_APPROVED]))
			m = REVIEW_MARK_APPROVED;
		else if (!strcmp(c->state, mark_states[REVIEW_MARK_CHANGES]))
			m = REVIEW_MARK_CHANGES;
	}
	return m;
}

/* A comment, suggestion or reply of the reviewer (not a mark, a verdict,
 * nor the translator's answers to GitHub). */
static bool is_remark(const SidecarComment *c)
{
	return !c->kind || is_kind(c, "comment") || is_kind(c, "suggestion") ||
	       (is_kind(c, "reply") && !c->github);
}

static bool replies_to(const SidecarComment *r, const SidecarComment *c)
{
	return is_kind(r, "reply") && r->reply_to && r->reply_to == c->id;
}

size_t review_session_entries(const ReviewSession *rs, size_t change, size_t *idx, size_t max)
{
	size_t n = 0, nc = rs->sc.comments.n;
	bool *mine = xcalloc(nc + 1, sizeof(bool)), *done = xcalloc(nc + 1, sizeof(bool));
	for (size_t i = 0; i < nc; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		mine[i] = is_remark(c) && review_session_in_range(rs, c) &&
		          entry_change(rs, c) == (long)change;
	}
	/* each entry, then its replies (a reply to a reply under it too) */
	for (size_t i = 0; i < nc; i++) {
		const SidecarComment *c = &rs->sc.comments.v[i];
		if (!mine[i] || done[i])
			continue;
		bool orphan = true;
		for (size_t k = 0; k < nc && is_kind(c, "reply") && orphan; k++)
			orphan = !(mine[k] && replies_to(c, &rs->sc.comments.v[k]));
		if (!orphan)
			continue;
		size_t stack[64], sp = 0;
		stack[sp++] = i;
		while (sp) {
			size_t at = stack[--sp];
			if (done[at])
				continue;
			done[at] = true;
			if (n < max)
				idx[n] = at;
			n++;
			for (size_t k = nc; k-- > 0;)
				if (mine[k] && !done[k] && sp < ARRAY_LEN(stack) &&
				    replies_to(&rs->sc.comments.v[k], &rs->sc.comments.v[at]))
					stack[sp++] = k;
		}
	}
	free(mine);
	free(done);
	return n;
}

static bool own_entry(const ReviewSession *rs, size_t k, Err *e)
{
	if (k >= rs->sc.comments.n || !is_remark(&rs->sc.comments.v[k]) ||
	    !review_session_in_range(rs, &rs->sc.comments.v[k]))
		return err_set(e, EXIT_USAGE, "no comment selected (Up/Down selects one)");
	return true;
}

bool review_session_edit(ReviewSession *rs, size_t k, const char *text, Err *e)
{
	if (!own_entry(rs, k, e))
		return false;
	if (blank(text))
		return err_set(e, EXIT_USAGE, "empty text: the comment is unchanged (D deletes it)");
	SidecarComment *c = &rs->sc.comments.v[k];
	free(c->text);
	c->text = xstrdup(text);
	review_stamp(rs, c); /* rewritten here: this reviewer's text now */
	return save(rs, e);
}

bool review_session_delete(ReviewSession *rs, size_t k, Err *e)
{
	if (!own_entry(rs, k, e))
		return false;
	long id = rs->sc.comments.v[k].id;
	sidecar_remove_comment(&rs->sc, k);
	/* its replies, and theirs */
	for (bool again = id > 0; again;) {
		again = false;
		for (size_t i = rs->sc.comments.n; i-- > 0;) {
			SidecarComment *c = &rs->sc.comments.v[i];
			if (!is_kind(c, "reply") || !c->reply_to)
				continue;
			bool parent = false;
			for (size_t p = 0; p < rs->sc.comments.n && !parent; p++)
				parent = rs->sc.comments.v[p].id == c->reply_to && p != i;
			if (!parent) {
				sidecar_remove_comment(&rs->sc, i);
				again = true;
			}
		}
	}
	return save(rs, e);
}

bool review_session_resolve(ReviewSession *rs, size_t k, Err *e)
{
	if (!own_entry(rs, k, e))
		return false;
	SidecarComment *c = &rs->sc.comments.v[k];
	bool res = !strcmp(c->state, "resolved"), mine = review_entry_mine(rs, c);
	free(c->state);
	c->state = xstrdup(res ? "open" : "resolved");
	if (mine) /* resolving another's comment does not make it this reviewer's */
		review_stamp(rs, c);
	return save(rs, e);
}

bool review_session_reply(ReviewSession *rs, size_t k, const char *text, Err *e)
{
	if (!own_entry(rs, k, e))
		return false;
	if (blank(text))
		return err_set(e, EXIT_USAGE, "empty reply: nothing saved");
	if (!rs->sc.comments.v[k].id)
		rs->sc.comments.v[k].id = sidecar_next_comment_id(&rs->sc);
	SidecarComment r = rs->sc.comments.v[k];
	r.text = (char *)text;
	r.state = (char *)"open";
	r.kind = (char *)"reply";
	r.reply_to = r.id;
	r.id = 0;
	r.extra = NULL;
	sidecar_push_comment(&rs->sc, &r);
	SidecarComment *m = &rs->sc.comments.v[rs->sc.comments.n - 1];
	free(m->base);
	free(m->head);
	set_range(rs, m);
	review_stamp(rs, m);
	return save(rs, e);
}

bool review_session_move_finding(ReviewSession *rs, int dir)
{
	for (size_t i = rs->cur; dir > 0 ? i + 1 < rs->r.n : i > 0;) {
		i = dir > 0 ? i + 1 : i - 1;
		if (rs->findings[i].n) {
			rs->cur = i;
			return true;
		}
	}
	return false;
}

void review_session_header(const ReviewSession *rs, Buf *out)
{
	size_t ok = 0, changes = 0;
	for (size_t i = 0; i < rs->r.n; i++) {
		ReviewMark m = review_session_mark_of(rs, i);
		ok += m == REVIEW_MARK_APPROVED;
		changes += m == REVIEW_MARK_CHANGES;
	}
	if (rs->r.n)
		buf_addf(out, "change %zu of %zu", rs->cur + 1, rs->r.n);
	else
		buf_adds(out, "no changes");
	buf_addf(out, " · %s · %zu approved, %zu need%s changes",
	         review_verdict_label(review_session_verdict(rs)), ok, changes,
	         changes == 1 ? "s" : "");
}

void review_session_entry_lines(const ReviewSession *rs, const SidecarComment *c, long *first,
                                long *last)
{
	long ch = entry_change(rs, c);
	if (ch >= 0) {
		change_lines(&rs->r.v[ch], first, last);
		return;
	}
	*first = c->line;
	*last = c->last > c->line ? c->last : c->line;
}

bool review_session_check(const ReviewSession *rs, Err *e)
{
	if (rs->r.n && rs->cur >= rs->r.n)
		return err_set(e, EXIT_DATAERR, "review: current change %zu of %zu", rs->cur,
		               rs->r.n);
	for (size_t i = 0; i < rs->r.n; i++) {
		const ReviewChange *c = &rs->r.v[i];
		if (c->head_first > c->head_last || c->head_last >= rs->r.head.n ||
		    (c->seg >= rs->r.al.n && !(c->deleted && c->seg == REVIEW_NO_SEG)) ||
		    (c->deleted && (c->base_first > c->base_last || c->base_last >= rs->r.base.n)) ||
		    (i && rs->r.v[i - 1].head_first > c->head_first))
			return err_set(e, EXIT_DATAERR, "review: change %zu malformed", i);
	}
	return sidecar_check(&rs->sc, e);
}

size_t review_session_gh_threads(const ReviewSession *rs, size_t change, size_t *idx, size_t max)
{
	const ReviewChange *c = review_session_change(rs, change);
	size_t n = 0;
	for (size_t i = 0; c && !c->deleted && i < rs->gh_places.n; i++) {
		const GhPlace *p = &rs->gh_places.v[i];
		if (p->last < c->head_first || p->line > c->head_last)
			continue;
		if (n < max)
			idx[n] = i;
		n++;
	}
	return n;
}
