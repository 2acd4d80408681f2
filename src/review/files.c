/* A whole pull request in reviewer mode: one ReviewSession per tutorial
 * changed in the range (see include/yeok/review.h). */
#include "yeok/repo.h"
#include "yeok/review.h"
#include "yeok/vcs.h"

void review_files_init(ReviewFiles *f)
{
	memset(f, 0, sizeof(*f));
	buf_init(&f->notes);
	comments_init(&f->gh);
}

void review_files_release(ReviewFiles *f)
{
	for (size_t i = 0; i < f->n; i++)
		review_session_release(&f->v[i]);
	free(f->v);
	buf_release(&f->notes);
	comments_release(&f->gh);
	review_files_init(f);
}

static ReviewSession *add(ReviewFiles *f)
{
	f->v = xrealloc(f->v, (f->n + 1) * sizeof(ReviewSession));
	ReviewSession *rs = &f->v[f->n++];
	review_session_init(rs);
	return rs;
}

/* The back pointers, once the array no longer moves. */
static void link_files(ReviewFiles *f)
{
	for (size_t i = 0; i < f->n; i++) {
		f->v[i].files = f->n > 1 ? f : NULL;
		f->v[i].file_no = i;
	}
}

bool review_files_open_one(ReviewFiles *f, const char *path, const ReviewOpts *o, Err *e)
{
	review_files_release(f);
	ReviewSession *rs = add(f);
	if (!review_session_open(rs, path, o, e)) {
		review_files_release(f);
		return false;
	}
	link_files(f);
	return true;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

bool review_files_open(ReviewFiles *f, const char *dir, const ReviewOpts *o, Err *e)
{
	review_files_release(f);
	char *top = NULL;
	if (!vcs_toplevel(dir, &top, e))
		return false;
	char base[41], head[41];
	const char *hrev = o->head ? o->head : "HEAD";
	char *probe = path_join(top, ".");
	bool ok = o->base && vcs_commit(probe, o->base, base, e) && vcs_commit(probe, hrev, head, e);
	if (!o->base && !e->code)
		ok = err_set(e, EXIT_USAGE, "review of a whole pull request: give --base REV");
	free(probe);
	Buf names = BUF_INIT;
	ok = ok && vcs_changed_files(top, base, head, &names, e);
	VEC(char *) paths = {0};
	for (size_t at = 0; ok && at < names.len;) {
		const char *name = names.p + at;
		size_t len = strnlen(name, names.len - at);
		at += len + 1;
		if (len && repo_is_tutorial(name)) {
			char *p = xmemdup0(name, len);
			VEC_PUSH(&paths, p);
		}
	}
	buf_release(&names);
	if (paths.n > 1)
		qsort(paths.v, paths.n, sizeof(char *), cmp_str);
	ReviewOpts one = *o;
	one.absent_empty = true;
	for (size_t i = 0; ok && i < paths.n; i++) {
		char *path = path_join(top, paths.v[i]);
		Buf at = BUF_INIT;
		Err why;
		err_init(&why);
		ReviewSession *rs = add(f);
		/* deleted at the head: nothing to review */
		if (!vcs_show(path, head, &at, &why)) {
			buf_addf(&f->notes, "%s: not in %.7s (deleted): left out\n", paths.v[i], head);
			review_session_release(rs);
			f->n--;
		} else if (!review_session_open(rs, path, &one, &why)) {
			if (why.code == EXIT_DATAERR)
				ok = err_set(e, why.code, "%s", why.msg);
			else
				buf_addf(&f->notes, "%s: left out: %s\n", paths.v[i], why.msg);
			review_session_release(rs);
			f->n--;
		}
		buf_release(&at);
		free(path);
	}
	if (ok && !f->n)
		ok = err_set(e, EXIT_NOINPUT, "%s: no tutorial (.rst, .py) changed between %.7s and %.7s",
		             top, base, head);
	for (size_t i = 0; i < paths.n; i++)
		free(paths.v[i]);
	VEC_FREE(&paths);
	free(top);
	if (!ok) {
		review_files_release(f);
		return false;
	}
	link_files(f);
	return true;
}

ReviewSession **review_files_list(ReviewFiles *f)
{
	ReviewSession **v = xcalloc(f->n + 1, sizeof(ReviewSession *));
	for (size_t i = 0; i < f->n; i++)
		v[i] = &f->v[i];
	return v;
}

bool review_files_go(ReviewFiles *f, size_t i)
{
	if (i >= f->n)
		return false;
	f->cur = i;
	return true;
}

void review_files_label(const ReviewFiles *f, size_t i, Buf *out)
{
	const ReviewSession *rs = &f->v[i];
	size_t findings = 0;
	for (size_t k = 0; k < rs->r.n; k++)
		findings += rs->findings[k].n;
	buf_addf(out, "%s: %zu change%s, %zu finding%s", rs->relpath && *rs->relpath ? rs->relpath
	                                                                             : rs->path,
	         rs->r.n, rs->r.n == 1 ? "" : "s", findings, findings == 1 ? "" : "s");
}

bool review_files_set_verdict(ReviewFiles *f, ReviewVerdict v, Err *e)
{
	bool ok = true;
	for (size_t i = 0; i < f->n; i++)
		ok = review_session_set_verdict(&f->v[i], v, e) && ok;
	return ok;
}

/* A file at a commit, through git. */
static bool read_at(void *ctx, const char *commit, Buf *out)
{
	Err e;
	err_init(&e);
	return vcs_show(ctx, commit, out, &e);
}

bool review_files_comments(ReviewFiles *f, const char *json_path, Err *e)
{
	if (!comments_load(&f->gh, json_path, e))
		return false;
	for (size_t i = 0; i < f->n; i++) {
		ReviewSession *rs = &f->v[i];
		Buf head = BUF_INIT, src = BUF_INIT;
		lines_serialize(&rs->r.head, &head);
		lines_serialize(&rs->r.src, &src);
		rs->gh = &f->gh;
		comments_place_quiet(&f->gh, rs->relpath ? rs->relpath : "", rs->r.head_host.fmt,
		                     head.p ? head.p : "", head.len, src.p ? src.p : "", src.len, read_at,
		                     rs->path, &rs->gh_places);
		buf_release(&head);
		buf_release(&src);
	}
	/* the threads on no file of this review */
	for (size_t t = 0; t < f->gh.threads.n; t++) {
		const GhComment *c = &f->gh.v.v[f->gh.threads.v[t].first];
		bool ours = false;
		for (size_t i = 0; i < f->n && !ours; i++)
			ours = f->v[i].relpath && !strcmp(f->v[i].relpath, c->path);
		if (ours)
			continue;
		Buf d = BUF_INIT;
		comments_describe(&f->gh, f->gh.threads.v[t].first, &d);
		buf_addf(&f->gh.notes, "%s:%zu: %s is on %s, a file this review does not have "
		         "(skipped)\n", f->gh.name, c->json_line, d.p, c->path);
		f->gh.skipped++;
		buf_release(&d);
	}
	return true;
}
