/* The adapter between sync and the rest of yeok: reading (the host
 * format: .rst, sphinx-gallery .py), the old pair
 * (OLD_EN ↔ FILE with the sidecar's statuses) and finding OLD_EN.  When
 * the pipeline's one source resolution and one pair builder land, they
 * replace the bodies here and nothing else in src/sync changes. */
#include "sync-private.h"

#include "yeok/text.h"

void sync_text_init(SyncText *t, const char *path, Str bytes)
{
	lines_init(&t->l);
	lines_parse(&t->l, bytes.p ? bytes.p : "", bytes.n);
	host_init(&t->h);
	host_segment(&t->l, host_format_of_path(path), &t->h);
}

void sync_text_release(SyncText *t)
{
	host_release(&t->h);
	lines_release(&t->l);
}

void sync_pair_build(SyncPair *p, const char *path, Str old_en, Str tgt, const Sidecar *sc)
{
	sync_text_init(&p->en, path, old_en);
	sync_text_init(&p->tgt, path, tgt);
	align_init(&p->al);
	align_docs(ST_TEXT(&p->en), ST_BLOCKS(&p->en), ST_TEXT(&p->tgt), ST_BLOCKS(&p->tgt), &p->al);
	progress_init(&p->pr);
	Sidecar none;
	sidecar_init(&none);
	progress_apply(sc ? sc : &none, ST_TEXT(&p->en), ST_BLOCKS(&p->en), ST_TEXT(&p->tgt),
	               ST_BLOCKS(&p->tgt), &p->al, &p->pr);
	sidecar_release(&none);
}

void sync_pair_release(SyncPair *p)
{
	progress_release(&p->pr);
	align_release(&p->al);
	sync_text_release(&p->tgt);
	sync_text_release(&p->en);
}

bool sync_old_english(const char *path, const SyncOpts *o, const SourceRecord *rec, Str tgt,
                      Source *out, Err *e)
{
	SourceOpts so = {.path = o->from, .rev = o->from_rev, .recorded = NULL,
	                 .self_fallback = false};
	if (o->from || o->from_rev || rec) {
		if (!o->from && !o->from_rev)
			so.recorded = rec;
		return source_resolve(path, &so, out, e);
	}
	/* the English from history: the newest revision of FILE that is English */
	bool found = false;
	char id[41];
	source_release(out);
	if (!source_english_in_history(path, &found, id, &out->text, e))
		return false;
	if (found) {
		so.rev = id;
		return source_resolve(path, &so, out, e);
	}
	if (text_is_english(tgt.p ? tgt.p : "", tgt.n)) {
		so.self_fallback = true;
		return source_resolve(path, &so, out, e);
	}
	return err_set(e, EXIT_USAGE,
	               "%s: no English original found (no source in its sidecar, no English "
	               "revision in its git history): give --from OLD_EN or --from-rev REV",
	               path);
}
