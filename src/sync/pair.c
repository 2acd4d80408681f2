/* The pairs sync reads, all from pair_from_texts (the pipeline's one pair
 * builder), and finding OLD_EN through the one source resolution. */
#include "sync-private.h"

#include "yeok/text.h"

static void side(SyncText *t, const Lines *file, const Lines *text, const RstDoc *blocks,
                 HostFormat fmt)
{
	*t = (SyncText){.file = file, .text = text, .blocks = blocks, .fmt = fmt};
}

void sync_pair_read(SyncPair *p, const char *path, Str en, Str tgt)
{
	pair_init(&p->dp);
	pair_from_texts(&p->dp, host_format_of_path(path), tgt.p ? tgt.p : "", tgt.n,
	                en.p ? en.p : "", en.n);
	side(&p->en, &p->dp.src_file, p->dp.src_lines, p->dp.sb, p->dp.host);
	side(&p->tgt, &p->dp.tgt_file, p->dp.tgt, p->dp.tb, p->dp.host);
	p->al = &p->dp.al;
	progress_init(&p->pr);
}

void sync_pair_build(SyncPair *p, const char *path, Str old_en, Str tgt, const Sidecar *sc)
{
	sync_pair_read(p, path, old_en, tgt);
	Sidecar none;
	sidecar_init(&none);
	progress_apply(sc ? sc : &none, p->en.text, p->en.blocks, p->tgt.text, p->tgt.blocks,
	               &p->dp.al, &p->pr);
	sidecar_release(&none);
}

void sync_pair_release(SyncPair *p)
{
	progress_release(&p->pr);
	pair_release(&p->dp);
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
