/* yeok sync: the result, the sidecar entries, files in and out, the hint
 * for the editor, the carried segments for review (include/yeok/sync.h). */
#include "sync-private.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yeok/journal.h"
#include "yeok/text.h"

void sync_result_init(SyncResult *r)
{
	memset(r, 0, sizeof(*r));
	buf_init(&r->orig);
	buf_init(&r->text);
	buf_init(&r->new_en);
	sidecar_init(&r->sc);
}

void sync_result_release(SyncResult *r)
{
	buf_release(&r->orig);
	buf_release(&r->text);
	buf_release(&r->new_en);
	sidecar_release(&r->sc);
	VEC_FREE(&r->blocks);
	VEC_FREE(&r->dropped);
	free(r->old_desc);
	free(r->new_desc);
	sync_result_init(r);
}

const char *sync_fate_name(SyncFate f)
{
	static const char *const names[] = {"kept", "stale", "new"};
	return (unsigned)f < ARRAY_LEN(names) ? names[f] : "?";
}

static SidecarMark mark_of(SegStatus st, const ProgressSeg *ps)
{
	if (st == ST_REVIEWED || (st == ST_STALE && ps->mark == SIDECAR_REVIEWED))
		return SIDECAR_REVIEWED;
	if (st == ST_DONE || (st == ST_STALE && ps->mark == SIDECAR_DONE))
		return SIDECAR_DONE;
	return SIDECAR_DRAFT;
}

/* The sidecar entries of the result, and how many of its segments do not
 * get the status sync meant when the result is opened. */
static void store_entries(const char *name, const Match *m, const SyncPair *p,
                          Str new_en, SyncResult *r)
{
	/* NEW_EN ↔ the result: NEW_EN read again (the same blocks as neu's) */
	SyncPair res;
	sync_pair_read(&res, name, new_en, buf_str(&r->text));
	const SyncText *en = &res.en, *out = &res.tgt;
	Alignment *al = &res.dp.al; /* progress_apply sets its statuses */
	Sidecar none;
	sidecar_init(&none);
	Progress keys;
	progress_init(&keys);
	progress_apply(&none, en->text, en->blocks, out->text, out->blocks, al, &keys);
	sidecar_release(&none);

	sidecar_clear_segs(&r->sc);
	Buf tmp = BUF_INIT;
	for (size_t i = 0; i < al->n; i++) {
		const Segment *s = &al->v[i];
		if (!s->src_n)
			continue;
		const Elem *x = &m->elems.v[m->elem_of[s->src]];
		if (x->unit < 0 || x->fate == SYNC_NEW)
			continue;
		const Unit *u = &m->units.v[x->unit];
		SegStatus st = p->al->v[u->seg].status;
		const ProgressSeg *op = &p->pr.v[u->seg];
		const ProgressSeg *k = &keys.v[i];
		if (x->fate == SYNC_KEPT) {
			if (st == ST_DONE || st == ST_REVIEWED || st == ST_DRAFT) {
				sidecar_add_seg(&r->sc, k->source, k->target, mark_of(st, op), NULL);
			} else if (st == ST_STALE) {
				sidecar_add_seg(&r->sc, op->old_key, k->target, op->mark, op->old);
				if (op->hint)
					sidecar_set_seg_hint(&r->sc, r->sc.segs.n - 1, op->hint);
			}
			continue;
		}
		/* stale: the old English and the old Korean go with the entry */
		buf_clear(&tmp);
		sync_blocks_text(&p->en, u->src, u->src_n, &tmp);
		SidecarKey old = u->key;
		if (!strcmp(old.hex, k->source.hex)) {
			/* the same English in a block of another kind: a key of its
			 * own (the old kind's), so that it reopens stale, not done */
			Buf kk = BUF_INIT;
			buf_addf(&kk, "%s\n", rst_kind_name(u->kind));
			buf_add(&kk, tmp.p ? tmp.p : "", tmp.len);
			old = sidecar_key(kk.p, kk.len);
			buf_release(&kk);
		}
		sidecar_add_seg(&r->sc, old, k->target, mark_of(st, op), tmp.p ? tmp.p : "");
		char *hint = sync_unit_hint(p, u);
		sidecar_set_seg_hint(&r->sc, r->sc.segs.n - 1, hint);
		free(hint);
	}
	buf_release(&tmp);
	progress_release(&keys);

	/* reopen it as the editor would, count what is not as meant, and store
	 * the entries in the form the editor writes them */
	Progress pr;
	progress_init(&pr);
	progress_apply(&r->sc, en->text, en->blocks, out->text, out->blocks, al, &pr);
	r->mismatched = 0;
	for (size_t i = 0; i < al->n; i++) {
		const Segment *s = &al->v[i];
		if (!s->src_n)
			continue;
		const Elem *x = &m->elems.v[m->elem_of[s->src]];
		bool translated = x->unit >= 0 && m->units.v[x->unit].translated;
		bool ok = true;
		switch (x->fate) {
		case SYNC_KEPT:
			ok = !translated || s->status != ST_UNTRANSLATED;
			break;
		case SYNC_STALE:
			ok = s->status == ST_STALE;
			break;
		case SYNC_NEW:
			ok = s->status != ST_STALE && s->status != ST_DONE && s->status != ST_REVIEWED;
			break;
		}
		r->mismatched += !ok;
	}
	progress_store(&r->sc, al, &pr);
	progress_release(&pr);
	sync_pair_release(&res);
}

bool sync_texts(const char *name, Str old_en, Str tgt, Str new_en, const Sidecar *sc,
                SyncResult *r, Err *e)
{
	(void)e;
	sync_result_release(r);
	if (sc)
		sidecar_copy(&r->sc, sc);
	else
		sidecar_release(&r->sc);
	SyncPair p;
	sync_pair_build(&p, name, old_en, tgt, sc);
	SyncPair np; /* NEW_EN, read alone */
	sync_pair_read(&np, name, (Str){"", 0}, new_en);
	const SyncText *neu = &np.tgt;
	Match m;
	sync_match(&m, &p, neu);
	sync_compose(&m, &p, neu, r);
	store_entries(name, &m, &p, new_en, r);
	buf_addstr(&r->orig, tgt);
	r->changed = r->text.len != tgt.n || (tgt.n && memcmp(r->text.p, tgt.p, tgt.n));
	r->new_blocks = neu->blocks->n;
	r->new_cr_only = new_en.n && !memchr(new_en.p, '\n', new_en.n) && memchr(new_en.p, '\r', new_en.n);
	sync_match_release(&m);
	sync_pair_release(&np);
	sync_pair_release(&p);
	return true;
}

bool sync_sane(const char *path, const SyncResult *r, Err *e)
{
	const SyncCount *c = &r->count;
	if (r->new_cr_only)
		return err_set(e, EXIT_DATAERR, "%s: the new English's lines end in CR alone: it reads "
		               "as one line and the sync would drop %zu of %zu translated blocks "
		               "(convert its line endings; --force syncs anyway)", path,
		               c->dropped_translated, c->translated);
	if (r->new_blocks == 0 && c->translated)
		return err_set(e, EXIT_DATAERR, "%s: the new English has no blocks (empty or blank): "
		               "the sync would drop all %zu translated blocks (--force syncs anyway)",
		               path, c->translated);
	if (c->dropped_translated * 2 > c->translated)
		return err_set(e, EXIT_DATAERR, "%s: the sync would drop %zu of %zu translated blocks "
		               "(their Korean has no place in the new English, not even as a hint): "
		               "is it the right English? (--force syncs anyway)", path,
		               c->dropped_translated, c->translated);
	return true;
}

/* ---- files ------------------------------------------------------------------ */

static bool not_binary(const char *what, Str s, Err *e)
{
	const char *nul = s.n ? memchr(s.p, '\0', s.n) : NULL;
	if (!nul)
		return true;
	size_t line = 1;
	for (const char *q = s.p; q < nul; q++)
		line += *q == '\n';
	return err_set(e, EXIT_DATAERR, "%s:%zu: a NUL byte: not a text file", what, line);
}

bool sync_file(const char *path, const SyncOpts *o, SyncResult *r, Err *e)
{
	sync_result_release(r);
	if (!!o->to == !!o->to_rev)
		return err_set(e, EXIT_USAGE, "sync: give the new English with --to NEW_EN or --to-rev REV");
	if (o->from && o->from_rev)
		return err_set(e, EXIT_USAGE, "sync: --from and --from-rev exclude each other");
	char *jp = journal_path(path);
	bool journal = file_exists(jp);
	free(jp);
	if (journal)
		return err_set(e, EXIT_DATAERR, "%s: has unsaved editor work (%s%s): open it in yeok "
		               "to recover or discard it first", path, path_basename(path), ".yeok.journal");
	Buf tgt = BUF_INIT;
	Sidecar sc;
	sidecar_init(&sc);
	bool had_sidecar = false;
	Source old, neu;
	source_init(&old);
	source_init(&neu);
	bool ok = file_read(path, &tgt, e) && not_binary(path, buf_str(&tgt), e);
	if (ok) {
		char *sp = sidecar_path(path);
		bool corrupt = false;
		had_sidecar = file_exists(sp);
		ok = sidecar_load(sp, &sc, &corrupt, e);
		if (!ok && corrupt) {
			char *msg = xstrdup(e->msg);
			err_set(e, EXIT_DATAERR, "%s (corrupt sidecar: fix it by hand, or open the "
			        "document in yeok, which sets it aside)", msg);
			free(msg);
		}
		free(sp);
	}
	SourceRecord rec;
	bool have_rec = ok && source_record_from_sidecar(&sc.source, &rec);
	ok = ok && sync_old_english(path, o, have_rec ? &rec : NULL, buf_str(&tgt), &old, e) &&
	     not_binary(old.desc, buf_str(&old.text), e);
	if (ok) {
		SourceOpts so = {.path = o->to, .rev = o->to_rev, .recorded = NULL,
		                 .self_fallback = false};
		ok = source_resolve(path, &so, &neu, e) && not_binary(neu.desc, buf_str(&neu.text), e);
	}
	if (ok && !text_is_english(neu.text.p ? neu.text.p : "", neu.text.len))
		ok = err_set(e, EXIT_DATAERR, "%s: the new English is not English (5%% or more of "
		             "its lines hold Hangul)", neu.desc);
	if (ok)
		ok = sync_texts(path, buf_str(&old.text), buf_str(&tgt), buf_str(&neu.text), &sc, r, e);
	if (ok) {
		/* an English outside the work tree (an upstream checkout elsewhere)
		 * cannot be recorded as a path a later open may read
		 * (source_path_inside): it is recorded as a snapshot beside FILE */
		Err outside;
		err_init(&outside);
		if (neu.origin == SOURCE_PATH && !source_path_inside(path, neu.path, &outside)) {
			char *name = xasprintf("%s%s", path_basename(path), SIDECAR_SNAPSHOT_SUFFIX);
			sidecar_set_source(&r->sc, SIDECAR_SRC_SNAPSHOT, NULL, name, neu.sha256);
			free(name);
			r->snapshot = true;
			buf_add(&r->new_en, neu.text.p ? neu.text.p : "", neu.text.len);
		} else {
			ok = source_record_into_sidecar(path, &neu, &r->sc, e);
		}
	}
	if (ok) {
		r->had_sidecar = had_sidecar;
		r->old_desc = xstrdup(old.desc);
		r->new_desc = xstrdup(neu.desc);
	} else {
		sync_result_release(r);
	}
	source_release(&old);
	source_release(&neu);
	sidecar_release(&sc);
	buf_release(&tgt);
	return ok;
}

void (*sync_test_before_file)(const char *path);

/* A side file as it was before the write, to put back. */
typedef struct Before {
	char *path;
	bool existed;
	Buf bytes;
} Before;

static bool before_take(Before *b, char *path, size_t max, Err *e)
{
	b->path = path;
	buf_init(&b->bytes);
	struct stat st;
	b->existed = lstat(path, &st) == 0;
	return !b->existed || file_read_limit(path, max, FILE_NOFOLLOW, &b->bytes, e);
}

/* Put the side file back as it was (best effort: the caller reports). */
static void before_restore(const Before *b)
{
	Err quiet;
	err_init(&quiet);
	if (b->existed)
		file_write_side(b->path, b->bytes.p ? b->bytes.p : "", b->bytes.len, &quiet);
	else
		unlink(b->path);
}

static void before_release(Before *b)
{
	free(b->path);
	buf_release(&b->bytes);
}

/* FILE still holds what sync read (another program may have saved it
 * while the sync computed): else EXIT_IOERR, nothing written. */
static bool unchanged(const char *path, const SyncResult *r, Err *e)
{
	Buf now = BUF_INIT;
	Err why;
	err_init(&why);
	bool same = file_read(path, &now, &why) && now.len == r->orig.len &&
	            (!now.len || !memcmp(now.p, r->orig.p, now.len));
	buf_release(&now);
	return same || err_set(e, EXIT_IOERR, "%s: changed on disk by another program since yeok "
	                       "sync read it: not overwritten (run the sync again)", path);
}

bool sync_write(const char *path, const SyncResult *r, Err *e)
{
	if (!r->changed && !r->had_sidecar)
		return true;
	if (r->changed && !unchanged(path, r, e))
		return false;
	/* The side files first, FILE last: the Korean of a stale block lives
	 * only in the sidecar's hint once FILE holds the new English, so an
	 * interruption between the two (kill -9: the caller holds the other
	 * signals) must find the hints written and FILE as it was, never the
	 * reverse.  When FILE cannot be written the side files are put back. */
	Before snap = {0}, side = {0};
	char *sp = sidecar_path(path);
	bool ok = before_take(&side, sp, sidecar_max_bytes_at(sp), e);
	if (ok && r->snapshot)
		ok = before_take(&snap, xasprintf("%s%s", path, SIDECAR_SNAPSHOT_SUFFIX), FILE_MAX_BYTES, e);
	bool snap_written = false, side_written = false;
	if (ok && r->snapshot)
		ok = snap_written = file_write_side(snap.path, r->new_en.p ? r->new_en.p : "",
		                                    r->new_en.len, e);
	if (ok) {
		Sidecar out; /* (sidecar_save may merge into what it writes) */
		sidecar_init(&out);
		sidecar_copy(&out, &r->sc);
		ok = side_written = sidecar_save(sp, &out, e);
		sidecar_release(&out);
	}
	if (ok && r->changed && sync_test_before_file)
		sync_test_before_file(path);
	/* FILE again: the side files took a moment */
	if (ok && r->changed)
		ok = unchanged(path, r, e) &&
		     file_write_atomic(path, r->text.p ? r->text.p : "", r->text.len, e);
	if (!ok) {
		if (side_written)
			before_restore(&side);
		if (snap_written)
			before_restore(&snap);
	}
	if (!side.path)
		free(sp);
	before_release(&side);
	before_release(&snap);
	return ok;
}

/* ---- the hint ----------------------------------------------------------------- */

void sync_hint_text(const char *hint, Str indent, Eol eol, Buf *out)
{
	const char *p = hint ? hint : "";
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		Str line = {p, n};
		if (str_trim(line).n)
			buf_addstr(out, indent);
		buf_addstr(out, line);
		buf_adds(out, eol == EOL_CRLF ? "\r\n" : "\n");
		if (!nl)
			break;
		p = nl + 1;
	}
}

/* ---- review ------------------------------------------------------------------- */

typedef struct Carry {
	SidecarKey key;   /* of the English */
	uint64_t target;  /* hash of the target text */
	bool used;
} Carry;

static int cmp_carry(const void *a, const void *b)
{
	return strcmp(((const Carry *)a)->key.hex, ((const Carry *)b)->key.hex);
}

static uint64_t target_hash(const Lines *l, const RstDoc *d, const Segment *s, Buf *tmp)
{
	buf_clear(tmp);
	pair_blocks_text(l, d, s->tgt, s->tgt_n, tmp);
	return hash_fnv1a(tmp->p ? tmp->p : "", tmp->len);
}

size_t sync_carried(const Lines *src, const RstDoc *sb, const Lines *head, const RstDoc *hb,
                    const Alignment *al, const Lines *base_src, const Lines *base,
                    HostFormat fmt, bool *carried)
{
	HostDoc hs, hbase;
	host_init(&hs);
	host_init(&hbase);
	host_segment(base_src, fmt, &hs);
	host_segment(base, fmt, &hbase);
	const Lines *bst = hs.text, *bt = hbase.text;
	const RstDoc *bs = &hs.blocks, *bb = &hbase.blocks;
	Alignment ba;
	align_init(&ba);
	align_docs(bst, bs, bt, bb, &ba);
	Buf tmp = BUF_INIT;
	Carry *c = xmalloc(MAX(ba.n, 1) * sizeof(*c));
	size_t nc = 0;
	for (size_t i = 0; i < ba.n; i++) {
		const Segment *s = &ba.v[i];
		if (!s->src_n || !s->tgt_n)
			continue;
		buf_clear(&tmp);
		pair_blocks_text(bst, bs, s->src, s->src_n, &tmp);
		c[nc].key = sidecar_key(tmp.p ? tmp.p : "", tmp.len);
		c[nc].target = target_hash(bt, bb, s, &tmp);
		c[nc].used = false;
		nc++;
	}
	qsort(c, nc, sizeof(*c), cmp_carry);
	size_t n = 0;
	for (size_t i = 0; i < al->n; i++) {
		const Segment *s = &al->v[i];
		carried[i] = false;
		if (!s->src_n || !s->tgt_n)
			continue;
		buf_clear(&tmp);
		pair_blocks_text(src, sb, s->src, s->src_n, &tmp);
		Carry probe = {sidecar_key(tmp.p ? tmp.p : "", tmp.len), 0, false};
		Carry *hit = bsearch(&probe, c, nc, sizeof(*c), cmp_carry);
		if (!hit)
			continue;
		while (hit > c && !strcmp(hit[-1].key.hex, probe.key.hex))
			hit--;
		uint64_t t = target_hash(head, hb, s, &tmp);
		for (; hit < c + nc && !strcmp(hit->key.hex, probe.key.hex); hit++)
			if (!hit->used && hit->target == t) {
				hit->used = true;
				carried[i] = true;
				n++;
				break;
			}
	}
	free(c);
	buf_release(&tmp);
	align_release(&ba);
	host_release(&hs);
	host_release(&hbase);
	return n;
}

bool sync_check(const SyncResult *r, size_t new_blocks, Err *e)
{
	size_t next = 0, line = 0;
	size_t by[3] = {0};
	for (size_t i = 0; i < r->blocks.n; i++) {
		const SyncBlock *b = &r->blocks.v[i];
		if (b->block != next || !b->count)
			return err_set(e, EXIT_DATAERR, "sync: block %zu: expected NEW_EN block %zu", i, next);
		next += b->count;
		if (b->out_first < line)
			return err_set(e, EXIT_DATAERR, "sync: block %zu: result lines out of order", i);
		line = b->out_first + b->out_n;
		if ((unsigned)b->fate > SYNC_NEW)
			return err_set(e, EXIT_DATAERR, "sync: block %zu: bad fate", i);
		by[b->fate]++;
	}
	if (next != new_blocks)
		return err_set(e, EXIT_DATAERR, "sync: %zu of %zu NEW_EN blocks covered", next, new_blocks);
	if (by[SYNC_KEPT] != r->count.kept || by[SYNC_STALE] != r->count.stale ||
	    by[SYNC_NEW] != r->count.fresh || r->dropped.n != r->count.dropped)
		return err_set(e, EXIT_DATAERR, "sync: counts do not add up");
	return true;
}
