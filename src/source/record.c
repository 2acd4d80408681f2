/* The sidecar's source record as a SourceRecord (step 3 of resolution). */
#include "yeok/sidecar.h"
#include "yeok/source.h"

#include <limits.h>
#include <stdlib.h>

#include "yeok/vcs.h"

bool source_record_from_sidecar(const SidecarSource *s, SourceRecord *r)
{
	memset(r, 0, sizeof(*r));
	switch (s->kind) {
	case SIDECAR_SRC_GIT:
		r->git = s->commit;
		r->path = s->path;
		break;
	case SIDECAR_SRC_FILE:
		r->file = s->path;
		break;
	case SIDECAR_SRC_SNAPSHOT:
		r->snapshot = s->path;
		break;
	case SIDECAR_SRC_UPSTREAM:
		r->upstream = s->commit;
		r->path = s->path;
		break;
	case SIDECAR_SRC_NONE:
		return false;
	}
	r->sha256 = s->sha256[0] ? s->sha256 : NULL;
	return true;
}

/* The canonical absolute form of an existing path; NULL when it cannot be
 * resolved. */
static char *real(const char *p)
{
	return realpath(p, NULL);
}

/* file relative to folder dir (both resolved); absolute when impossible. */
static char *relative_path(const char *dir, const char *file)
{
	char *d = real(dir), *f = real(file);
	if (!d || !f) {
		free(d);
		char *r = f ? f : xstrdup(file);
		return r;
	}
	/* The longest common prefix that ends at a folder boundary of both. */
	size_t common = 0;
	for (size_t i = 0;; i++) {
		if ((d[i] == '\0' || d[i] == '/') && f[i] == '/')
			common = i;
		if (d[i] == '\0' || f[i] == '\0' || d[i] != f[i])
			break;
	}
	Buf b = BUF_INIT;
	if (strcmp(d, "/") != 0)
		for (const char *q = d + common; *q; q++)
			if (*q == '/')
				buf_adds(&b, "../");
	buf_adds(&b, f + common + 1);
	free(d);
	free(f);
	return buf_detach(&b);
}

bool source_record_into_sidecar(const char *target_path, const Source *src, Sidecar *sc,
                                Err *e)
{
	char *dir = path_dirname(target_path);
	bool ok = true;
	switch (src->origin) {
	case SOURCE_SIDECAR:
	case SOURCE_NONE:
	case SOURCE_TREE: /* found again by the layout each time */
		break;
	case SOURCE_HISTORY:
		sidecar_set_source(sc, SIDECAR_SRC_GIT, src->rev, src->path, src->sha256);
		break;
	case SOURCE_UPSTREAM:
		sidecar_set_source(sc, SIDECAR_SRC_UPSTREAM, src->rev, src->path, src->sha256);
		break;
	case SOURCE_PATH: {
		/* only what a later `yeok FILE` may read back (source_path_inside) */
		char *rel = relative_path(dir, src->path);
		if (rel[0] == '/')
			ok = err_set(e, EXIT_DATAERR, "%s: cannot be recorded as a relative path (give "
			             "--source each time)", src->path);
		else if (!source_path_inside(target_path, src->path, e))
			err_prefix(e, "not recorded (give --source each time)"), ok = false;
		else
			sidecar_set_source(sc, SIDECAR_SRC_FILE, NULL, rel, src->sha256);
		free(rel);
		break;
	}
	case SOURCE_REV: {
		char id[41];
		if ((ok = vcs_commit(target_path, src->rev, id, e)))
			sidecar_set_source(sc, SIDECAR_SRC_GIT, id, src->path, src->sha256);
		break;
	}
	case SOURCE_SELF: {
		bool clean = false;
		char id[41];
		char *rel = NULL;
		Err ignore;
		err_init(&ignore);
		if (vcs_is_clean(target_path, &clean, &ignore) && clean &&
		    vcs_commit(target_path, "HEAD", id, &ignore) &&
		    vcs_relpath(target_path, &rel, &ignore)) {
			sidecar_set_source(sc, SIDECAR_SRC_GIT, id, rel, src->sha256);
			free(rel);
			break;
		}
		free(rel);
		char *snap = xasprintf("%s%s", target_path, SIDECAR_SNAPSHOT_SUFFIX);
		if ((ok = file_write_side(snap, src->text.p ? src->text.p : "", src->text.len, e))) {
			char *name = xasprintf("%s%s", path_basename(target_path), SIDECAR_SNAPSHOT_SUFFIX);
			sidecar_set_source(sc, SIDECAR_SRC_SNAPSHOT, NULL, name, src->sha256);
			free(name);
		}
		free(snap);
		break;
	}
	}
	free(dir);
	return ok;
}
