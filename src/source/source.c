/* Source resolution (see include/yeok/source.h). */
#include "source-private.h"
#include "yeok/host.h"
#include "yeok/text.h"
#include "yeok/vcs.h"

void source_init(Source *s)
{
	memset(s, 0, sizeof(*s));
	buf_init(&s->text);
	s->behind = -1;
}

void source_release(Source *s)
{
	buf_release(&s->text);
	free(s->desc);
	free(s->path);
	free(s->rev);
	free(s->repo);
	source_init(s);
}

const char *source_origin_name(SourceOrigin o)
{
	static const char *const names[] = {"--source", "--source-rev", "sidecar", "history",
	                                    "self", "tree", "upstream", "none"};
	return (unsigned)o < ARRAY_LEN(names) ? names[o] : "?";
}

/* A path from the sidecar is relative to the target's folder. */
static char *relative_to_target(const char *target_path, const char *p)
{
	if (p[0] == '/')
		return xstrdup(p);
	char *dir = path_dirname(target_path);
	char *r = path_join(dir, p);
	free(dir);
	return r;
}

/* Sidecar records may only name files inside the document's work tree
 * (when it is in one): a cloned repository cannot point yeok at
 * /dev/zero, a FIFO or ~/.ssh.  Absolute paths are never recorded. */
bool source_path_inside(const char *target_path, const char *p, Err *e)
{
	/* the work tree by the file system, from the real path of the
	 * document's own folder: git's word would follow a repository's
	 * core.worktree (`/` makes everything "inside") */
	char *top = path_worktree_top(target_path);
	if (!top)
		return true; /* no work tree: nothing to stay inside */
	bool ok = path_real_inside(top, p);
	free(top);
	if (!ok)
		return err_set(e, EXIT_DATAERR, "%s: outside the work tree of the document: not read",
		               p);
	return true;
}

static bool read_file_source(Source *out, SourceOrigin o, const char *path, Err *e)
{
	if (!file_read(path, &out->text, e))
		return false;
	out->origin = o;
	out->path = xstrdup(path);
	out->desc = xstrdup(path);
	return true;
}

/* The text of the target (or of repo_path, relative to the target's work
 * tree top level) at rev; *shown_path gets the repository-relative path. */
static bool source_read_rev(const char *target_path, const char *rev, const char *repo_path,
                            Buf *out, char **shown_path, Err *e)
{
	char *file = NULL;
	if (repo_path) {
		char *top = NULL;
		if (!vcs_toplevel(target_path, &top, e))
			return false;
		file = path_join(top, repo_path);
		free(top);
	} else {
		file = xstrdup(target_path);
	}
	char *rel = NULL;
	bool ok = vcs_relpath(file, &rel, e) && vcs_show(file, rev, out, e);
	if (ok)
		*shown_path = rel;
	else
		free(rel);
	free(file);
	return ok;
}

static bool from_record(const char *target_path, const SourceRecord *r, Source *out, Err *e)
{
	if (r->git) {
		if (r->path && (r->path[0] == '/' || !strcmp(r->path, "..") ||
		                !strncmp(r->path, "../", 3) || strstr(r->path, "/../")))
			return err_set(e, EXIT_DATAERR, "%s.yeok.yaml: source.path: must be a path inside "
			               "the repository", target_path);
		char *shown = NULL;
		if (!source_read_rev(target_path, r->git, r->path, &out->text, &shown, e)) {
			err_prefix(e, "%s.yeok.yaml: source", target_path);
			return false;
		}
		out->origin = SOURCE_SIDECAR;
		out->rev = xstrdup(r->git);
		out->path = shown;
		out->desc = xasprintf("git %s:%s", r->git, shown);
	} else if (r->file || r->snapshot) {
		const char *rp = r->file ? r->file : r->snapshot;
		if (rp[0] == '/')
			return err_set(e, EXIT_DATAERR, "%s.yeok.yaml: source: an absolute path is not "
			               "allowed (the English must be inside the work tree)", target_path);
		if (r->snapshot && strchr(rp, '/'))
			return err_set(e, EXIT_DATAERR, "%s.yeok.yaml: source.snapshot: must be a file "
			               "beside the document", target_path);
		char *p = relative_to_target(target_path, rp);
		bool ok = source_path_inside(target_path, p, e);
		if (ok && r->snapshot) {
			/* a snapshot is a side file: never followed through a link */
			ok = file_read_limit(p, FILE_MAX_BYTES, FILE_NOFOLLOW, &out->text, e);
			if (ok) {
				out->origin = SOURCE_SIDECAR;
				out->path = xstrdup(p);
				out->desc = xstrdup(p);
			}
		} else if (ok) {
			ok = read_file_source(out, SOURCE_SIDECAR, p, e);
		}
		free(p);
		if (!ok) {
			err_prefix(e, "%s.yeok.yaml: source", target_path);
			return false;
		}
	} else {
		return err_set(e, EXIT_DATAERR, "%s.yeok.yaml: source record names no git, file or snapshot",
		               target_path);
	}
	return true;
}

/* Step 3 for a `git:` record through the batch of bulk: true when it
 * read the text; false (nothing set) to read it the per-file way, which
 * also gives the message when the record cannot be read. */
static bool from_bulk_record(const char *target_path, const SourceRecord *r, SourceHistory *bulk,
                             Source *out)
{
	if (!bulk || !r->git || !r->git[0] || strchr(r->git, ':'))
		return false;
	char *rel = source_history_path_of(bulk, target_path);
	if (!rel)
		return false;
	const char *p = r->path ? r->path : rel;
	/* only a path the per-file way would name the same (its folder there,
	 * below the top level, no `.`, `..` or link on the way) */
	char *full = path_join(source_history_top(bulk), p);
	char *back = source_history_path_of(bulk, full);
	bool got = false;
	if (back && !strcmp(back, p)) {
		/* REV^{commit}:PATH: the blob of the path at the commit REV
		 * names, as vcs_show() finds it */
		char *spec = xasprintf("%s^{commit}:%s", r->git, p);
		Err quiet;
		err_init(&quiet);
		bool found = false;
		got = source_history_read(bulk, spec, SIZE_MAX, &out->text, &found, &quiet) && found;
		free(spec);
	}
	if (got) {
		out->origin = SOURCE_SIDECAR;
		out->rev = xstrdup(r->git);
		out->path = xstrdup(p);
		out->desc = xasprintf("git %s:%s", r->git, p);
	} else {
		buf_clear(&out->text);
	}
	free(back);
	free(full);
	free(rel);
	return got;
}

bool source_english_in_history(const char *target_path, bool *found, char id[41], Buf *text,
                               Err *e)
{
	return source_english_at(target_path, "HEAD", found, id, text, e);
}

bool source_english_at(const char *target_path, const char *upto, bool *found, char id[41],
                       Buf *text, Err *e)
{
	*found = false;
	Err quiet;
	err_init(&quiet);
	char *top = NULL;
	if (!vcs_toplevel(target_path, &top, &quiet))
		return true; /* not in a work tree: no history */
	free(top);
	Buf log = BUF_INIT;
	bool ok = vcs_file_log_at(target_path, upto, &log, e);
	for (size_t i = 0; ok && i + 40 < log.len + 1 && !*found; i += 41) {
		char rev[41];
		memcpy(rev, log.p + i, 40);
		rev[40] = '\0';
		Err at;
		err_init(&at);
		/* A commit that deleted the file has no version of it: skip it. */
		if (!vcs_show(target_path, rev, text, &at)) {
			if (at.code == EXIT_IOERR)
				ok = err_set(e, at.code, "%s", at.msg);
			continue;
		}
		if (text_is_english(text->p ? text->p : "", text->len)) {
			memcpy(id, rev, 41);
			*found = true;
		}
	}
	if (!*found)
		buf_clear(text);
	buf_release(&log);
	return ok;
}

/* Step 4: the newest English revision of the file (out->origin stays
 * unset when there is none); through bulk when it holds the file. */
static bool from_history(const char *target_path, SourceHistory *bulk, Source *out, Err *e)
{
	bool found = false;
	char id[41];
	char *rel = bulk ? source_history_path_of(bulk, target_path) : NULL;
	if (rel) {
		if (!source_history_english(bulk, rel, SIZE_MAX, &found, id, &out->text, e)) {
			free(rel);
			return false;
		}
		if (!found) {
			free(rel);
			return true;
		}
	} else {
		if (!source_english_in_history(target_path, &found, id, &out->text, e))
			return false;
		if (!found)
			return true;
		Err quiet;
		err_init(&quiet);
		if (!vcs_relpath(target_path, &rel, &quiet)) {
			buf_clear(&out->text);
			return true;
		}
	}
	out->origin = SOURCE_HISTORY;
	out->rev = xstrdup(id);
	out->path = rel;
	out->desc = xasprintf("git %.12s:%s (the newest English revision)", id, rel);
	return true;
}

/* Step 3c: the upstream English (out->origin stays unset when none). */
static bool from_upstream(const char *target_path, SourceHistory *bulk, Source *out, Err *e)
{
	bool found = false;
	if (!source_upstream_find(target_path, bulk, NULL, NULL, out, &found, e))
		return false;
	if (!found)
		source_release(out);
	return true;
}

/* Step 3a: a Markdown page whose front matter names the English commit
 * (MDN's `l10n: sourceCommit:`) and whose English tree's file is in a
 * work tree that has that commit. */
static bool front_matter_english(const char *target_path, Source *out)
{
	if (host_format_of_path(target_path) != HOST_MD)
		return false;
	Buf ko = BUF_INIT;
	char id[41];
	bool named = file_read_limit(target_path, 64u << 10, 0, &ko, NULL) &&
	             source_front_matter_commit(ko.p ? ko.p : "", ko.len, id);
	buf_release(&ko);
	char *en = named ? source_tree_path(target_path, false) : NULL;
	Err quiet;
	err_init(&quiet);
	char *top = NULL, *rel = NULL;
	bool ok = en && vcs_toplevel(en, &top, &quiet) && vcs_relpath(en, &rel, &quiet) &&
	          vcs_show(en, id, &out->text, &quiet);
	if (ok) {
		out->origin = SOURCE_TREE;
		out->rev = xstrdup(id);
		out->path = rel;
		out->repo = top;
		out->desc = xasprintf("git %s:%s (its front matter's sourceCommit)", id, rel);
	} else {
		buf_clear(&out->text);
		free(rel);
		free(top);
	}
	free(en);
	return ok;
}

bool source_resolve(const char *target_path, const SourceOpts *opts, Source *out, Err *e)
{
	return source_resolve_in(target_path, opts, NULL, out, e);
}

static bool resolve(const char *target_path, const SourceOpts *opts, SourceHistory *bulk,
                    Source *out, bool hash, Err *e);

bool source_resolve_in(const char *target_path, const SourceOpts *opts, SourceHistory *bulk,
                       Source *out, Err *e)
{
	return resolve(target_path, opts, bulk, out, true, e);
}

bool source_resolve_unhashed(const char *target_path, const SourceOpts *opts, Source *out,
                             Err *e)
{
	return resolve(target_path, opts, NULL, out, false, e);
}

static bool resolve(const char *target_path, const SourceOpts *opts, SourceHistory *bulk,
                    Source *out, bool hash, Err *e)
{
	source_release(out);
	bool ok;
	char *tree = NULL;
	if (opts->path && opts->rev)
		return err_set(e, EXIT_USAGE, "--source and --source-rev exclude each other");
	if (opts->path) {
		ok = read_file_source(out, SOURCE_PATH, opts->path, e);
	} else if (opts->rev) {
		char *shown = NULL;
		ok = source_read_rev(target_path, opts->rev, NULL, &out->text, &shown, e);
		if (ok) {
			out->origin = SOURCE_REV;
			out->rev = xstrdup(opts->rev);
			out->path = shown;
			out->desc = xasprintf("git %s:%s", opts->rev, shown);
		}
	} else if (opts->recorded && opts->recorded->upstream) {
		bool found = false;
		ok = source_upstream_find(target_path, bulk, opts->recorded->upstream,
		                          opts->recorded->path, out, &found, e);
	} else if (opts->recorded && !(opts->recorded->git && (ok = from_upstream(target_path, bulk,
	                                                                           out, e)) &&
	                               out->origin == SOURCE_UPSTREAM)) {
		/* a `git:` record gives way to the upstream English */
		ok = ok && (from_bulk_record(target_path, opts->recorded, bulk, out) ||
		            from_record(target_path, opts->recorded, out, e));
	} else if (opts->recorded) {
		/* the upstream English, found above */
	} else if (!opts->no_tree && front_matter_english(target_path, out)) {
		/* MDN: the English tree's file at the commit the Korean names */
	} else if (!opts->no_tree && (tree = source_tree_path(target_path, true))) {
		ok = read_file_source(out, SOURCE_TREE, tree, e);
		if (ok) {
			free(out->desc);
			out->desc = xasprintf("%s (the English tree)", tree);
		}
		free(tree);
	} else if (opts->history && !(ok = from_upstream(target_path, bulk, out, e))) {
		/* git failed: the error stands */
	} else if (out->origin == SOURCE_UPSTREAM) {
		/* found */
	} else if (opts->history && !(ok = from_history(target_path, bulk, out, e))) {
		/* git failed: the error stands */
	} else if (out->origin == SOURCE_HISTORY) {
		/* found */
	} else if (opts->self_fallback) {
		ok = file_read(target_path, &out->text, e);
		if (ok) {
			out->origin = SOURCE_SELF;
			out->path = xstrdup(target_path);
			out->desc = xstrdup("the document itself");
		}
	} else {
		out->origin = SOURCE_NONE;
		out->desc = xstrdup("no English source");
		ok = true;
	}
	if (!ok) {
		source_release(out);
		return false;
	}
	if (!hash)
		return true;
	char hex[65];
	sha256_hex(out->text.p ? out->text.p : "", out->text.len, hex);
	if (!source_hash_check(target_path, opts, out, hex, e)) {
		source_release(out);
		return false;
	}
	return true;
}

bool source_hash_check(const char *target_path, const SourceOpts *opts, Source *out,
                       const char *hex, Err *e)
{
	memcpy(out->sha256, hex, sizeof(out->sha256) - 1);
	out->sha256[sizeof(out->sha256) - 1] = '\0';
	if (out->origin == SOURCE_SIDECAR && opts->recorded->sha256 &&
	    strcmp(opts->recorded->sha256, out->sha256) != 0)
		return err_set(e, EXIT_DATAERR, "%s.yeok.yaml: the recorded source %s has changed (sha256 %.12s, recorded %.12s)",
		               target_path, out->desc, out->sha256, opts->recorded->sha256);
	return true;
}
