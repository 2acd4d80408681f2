/* session: the findings of the checks, kept per segment and re-checked
 * where the text changed (include/yeok/session.h). */
#include "session-private.h"

#include "yeok/text.h"

/* Bytes of the target one idle slice of the index rebuild reads (about
 * 1.2 ms at 100k lines: 64 KiB took 2.2-2.8 ms of CPU). */
enum { REINDEX_SLICE = 32 * 1024 };
/* The blocks one step of it aligns, and those it holds before one splice
 * (a splice moves every later segment: ~29 MB at 1M lines, about the
 * cost of aligning 300 blocks) in a step of its own: 256 in a short
 * document, al.n / 256 in a long one (about 2,300 blocks at 1M lines: a
 * splice per ~10 steps). */
enum { ALIGN_SLICE_BLOCKS = 256 };

static size_t align_splice_blocks(const Session *s)
{
	return MAX(s->doc.al.n / 256, (size_t)ALIGN_SLICE_BLOCKS);
}

/* A finding of a slot released: its message is the pool's. */
static void slot_finding_release(Session *s, Finding *f)
{
	strpool_drop(&s->chk.msgs, f->message);
	f->message = NULL;
	finding_release(f);
}

/* The findings of slot f freed (f emptied; no counts changed). */
static void slot_free(Session *s, SegFindings *f)
{
	for (size_t j = 0; j < f->n; j++)
		slot_finding_release(s, &f->v[j]);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* The findings of v, cut to their number, into slot f's array (most
 * segments have one or two: a vector's first eight slots of 96 bytes each
 * were most of the findings' memory), v emptied; their messages the
 * pool's (those moved from another slot are already). */
static void slot_take(Session *s, SegFindings *f, FindingVec *v)
{
	if (!v->n) {
		VEC_FREE(v);
	} else if (v->cap > v->n) {
		/* a copy, and the vector freed whole: cut in place, each
		 * vector of eight left a hole that the next one did not fit,
		 * so the findings' run grew the process past the index
		 * build's high-water mark instead of filling what the build
		 * gave back (1M lines: VmHWM settled 270 -> 256 MiB) */
		Finding *c = xmalloc(v->n * sizeof(*c));
		memcpy(c, v->v, v->n * sizeof(*c));
		free(v->v);
		v->v = c;
	}
	for (size_t i = 0; i < v->n; i++)
		v->v[i].message = strpool_take(&s->chk.msgs, v->v[i].message);
	BUG_ON(v->n > UINT32_MAX);
	f->v = v->v;
	f->n = (uint32_t)v->n;
	*v = (FindingVec){0};
}

static void uf_clear(Session *s)
{
	s->chk.pending = 0;
	s->chk.scan = 0;
	for (size_t i = 0; i < s->chk.seg.n; i++)
		slot_free(s, &s->chk.seg.v[i]);
	VEC_FREE(&s->chk.seg);
	BUG_ON(s->chk.msgs.n); /* every slot gave its messages back */
	strpool_release(&s->chk.msgs);
	s->chk.n = 0;
}

size_t session_seg_base(Session *s, size_t k)
{
	const Segment *g = &s->doc.al.v[k];
	size_t f, l;
	if (align_tgt_lines(g, &s->doc.tgt_host.blocks, &f, &l))
		return f;
	return 0;
}

/* The target lines between blocks that segment k's findings cover (the
 * blank lines check_between_blocks reads): after its target lines up to the
 * next segment's, and for the first segment with target lines those before
 * it.  Up to two ranges [r[i][0], r[i][1]); returns how many. */
static size_t seg_between(Session *s, size_t k, size_t r[2][2])
{
	const Alignment *al = &s->doc.al;
	const RstDoc *tb = &s->doc.tgt_host.blocks;
	size_t f, l, nf, nl, n = 0;
	if (!align_tgt_lines(&al->v[k], tb, &f, &l))
		return 0;
	bool first = true; /* no segment before k has target lines */
	for (size_t j = k; j-- > 0 && first;)
		first = !al->v[j].tgt_n;
	if (first && f > 0) {
		r[n][0] = 0;
		r[n++][1] = f;
	}
	size_t to = s->doc.tgt.n;
	for (size_t j = k + 1; j < al->n; j++)
		if (align_tgt_lines(&al->v[j], tb, &nf, &nl)) {
			to = nf;
			break;
		}
	if (l + 1 < to) {
		r[n][0] = l + 1;
		r[n++][1] = to;
	}
	return n;
}

/* A hash of both sides' lines of segment k, its kind and status. */
static uint64_t seg_hash(Session *s, size_t k)
{
	const Segment *g = &s->doc.al.v[k];
	/* the status too: some checks depend on it (untranslated) */
	uint64_t h = 1469598103934665603ull ^ (uint64_t)g->kind ^ ((uint64_t)g->status << 8);
	size_t f, l;
	if (align_tgt_lines(g, &s->doc.tgt_host.blocks, &f, &l))
		for (size_t i = f; i <= l; i++) {
			Str x = lines_get(&s->doc.tgt, i);
			h = (h ^ hash_fnv1a(x.p, x.n)) * 1099511628211ull;
		}
	size_t r[2][2], nr = seg_between(s, k, r);
	/* and the blank lines just above it (a finding may be on them) */
	if (align_tgt_lines(g, &s->doc.tgt_host.blocks, &f, &l))
		for (size_t i = f; i-- > 0 && !str_trim(lines_get(&s->doc.tgt, i)).n;) {
			Str y = lines_get(&s->doc.tgt, i);
			h = (h ^ hash_fnv1a(y.p, y.n) ^ 0xab0e) * 1099511628211ull;
		}
	for (size_t x = 0; x < nr; x++)
		for (size_t i = r[x][0]; i < r[x][1]; i++) {
			Str y = lines_get(&s->doc.tgt, i);
			h = (h ^ hash_fnv1a(y.p, y.n) ^ 0xb1a7) * 1099511628211ull;
		}
	h = (h ^ 0x5eed) * 1099511628211ull;
	if (align_src_lines(g, &s->doc.src_host.blocks, &f, &l))
		for (size_t i = f; i <= l; i++) {
			Str x = lines_get(&s->doc.src, i);
			h = (h ^ hash_fnv1a(x.p, x.n)) * 1099511628211ull;
		}
	return h;
}

static size_t counted(const SegFindings *f)
{
	size_t n = 0;
	for (size_t i = 0; i < f->n; i++)
		n += f->v[i].sev >= SEV_WARNING;
	return n;
}

static void seg_release(Session *s, SegFindings *f)
{
	bool ready = session_slot_ready(s, f);
	if (ready)
		s->chk.n -= counted(f);
	if (!ready || f->partial)
		s->chk.pending--;
	slot_free(s, f);
}

/* The checks' document, set up on first use (not before the first
 * frame) without its index: that is built in idle slices
 * (session_checks_step). */
static void cd_start(Session *s)
{
	if (s->chk.check_doc_built)
		return;
	Doc *d = &s->doc;
	check_doc_init_unindexed(&s->chk.check_doc, d->tgt_host.text, &d->tgt_host.blocks, d->src_host.text, &d->src_host.blocks,
	                         &d->al, session_glossary(s));
	s->chk.check_doc.tgt_host = &d->tgt_host;
	s->chk.check_doc.src_host = &d->src_host;
	if (s->ctx) {
		/* check's rules, repository and checks; spelling once the
		 * dictionaries are there (spell_ready: what check waits for) */
		context_check_doc(s->ctx, &s->chk.check_doc);
		s->chk.cset = s->ctx->set;
		bool spell = s->ctx->set.on[CK_SPELLING] && s->spell.sp && spell_ready(s->spell.sp) &&
		             s->chk.en_words_done;
		s->chk.cset.on[CK_SPELLING] = spell;
		s->chk.check_doc.spell = spell ? s->spell.sp : NULL;
		s->chk.check_doc.en_words = spell ? &s->chk.en_words : NULL;
		s->chk.spell_in = spell;
		s->chk.spell_gen = spell ? spell_generation(s->spell.sp) : 0;
	}
	s->chk.check_doc.stale = s->chk.stale_measured ? &s->chk.stale : NULL;
	s->chk.check_doc_built = true;
}

/* The stale English measured (re-verified at every open, a recorded
 * English too) before the first index: max units of it (SIZE_MAX: all of
 * it now); true once measured (or nothing to measure).  The checks wait
 * for the index, so none runs without it. */
static bool stale_step(Session *s, size_t max)
{
	if (s->chk.stale_measured || s->side.src.origin == SOURCE_NONE)
		return true;
	Doc *d = &s->doc;
	if (!s->chk.stale_run) {
		s->chk.stale_run = source_stale_run_new();
		s->chk.stale_gen = d->gen_edit;
	}
	if (s->chk.stale_gen != d->gen_edit) {
		/* the Korean edited while its items were being gathered */
		source_stale_run_korean_changed(s->chk.stale_run);
		s->chk.stale_gen = d->gen_edit;
	}
	if (!source_stale_run_step(s->chk.stale_run, d->src_host.text, &d->src_host.blocks, d->tgt_host.text,
	                           &d->tgt_host.blocks, max, &s->chk.stale))
		return false;
	source_stale_run_free(s->chk.stale_run);
	s->chk.stale_run = NULL;
	s->chk.stale_measured = true;
	if (s->chk.stale.stale)
		source_stale_what(&s->side.src, d->path, NULL, s->chk.stale.what,
		                  sizeof(s->chk.stale.what));
	if (s->chk.check_doc_built)
		s->chk.check_doc.stale = &s->chk.stale;
	return true;
}

void session_use_context(Session *s, Context *ctx)
{
	s->ctx = ctx;
	s->chk.cset = ctx->set;
	s->chk.cset.on[CK_SPELLING] = false; /* until the dictionaries are loaded */
	s->gloss.hint_k = -1; /* the kept hints are of the glossary before */
	s->gloss.gen++;
}

void session_context_changed(Session *s)
{
	if (s->chk.on && !s->chk.off)
		session_checks_on(s, false);
}

/* English lines added to chk.en_words in one idle slice (about a
 * millisecond of tokenizing) */
#define EN_WORDS_SLICE 2048

static bool spell_wanted(const Session *s)
{
	return s->ctx && s->ctx->set.on[CK_SPELLING] && s->spell.sp && s->chk.on && !s->chk.off;
}

bool session_en_words_pending(const Session *s)
{
	return spell_wanted(s) && spell_ready(s->spell.sp) && !s->chk.en_words_done;
}

/* A slice of the English's words into chk.en_words; true once all are. */
static bool en_words_step(Session *s)
{
	if (s->chk.en_words_done)
		return true;
	const Lines *l = s->side.src.origin == SOURCE_NONE ? NULL : s->doc.src_host.text;
	size_t to = l ? MIN(s->chk.en_words_at + EN_WORDS_SLICE, l->n) : 0;
	if (l)
		check_en_words_add(&s->chk.en_words, l, s->chk.en_words_at, to);
	s->chk.en_words_at = to;
	s->chk.en_words_done = !l || to >= l->n;
	return s->chk.en_words_done;
}

bool session_spell_findings(Session *s)
{
	Spell *sp = s->spell.sp;
	if (!spell_wanted(s) || !spell_ready(sp) || !en_words_step(s))
		return false;
	if (s->chk.spell_in && spell_generation(sp) == s->chk.spell_gen)
		return false;
	session_context_changed(s); /* with the dictionaries, or a word added */
	return true;
}

const SourceStale *session_stale_english(const Session *s)
{
	return s->chk.stale_measured && s->chk.stale.stale ? &s->chk.stale : NULL;
}

/* The same with an index: what a check needs now (the rest of a first
 * build done at once). */
static void cd_ensure(Session *s)
{
	cd_start(s);
	stale_step(s, SIZE_MAX);
	if (!check_doc_indexed(&s->chk.check_doc))
		check_doc_reindex(&s->chk.check_doc);
}

/* (Re)compute the findings of segment k into slot f (empty). */
static void seg_run(Session *s, size_t k, SegFindings *f)
{
	cd_ensure(s);
	FindingVec v = {0};
	/* the sidecar's allow list (the sidecar may have been read again) */
	s->chk.check_doc.allow = (const char *const *)s->side.sc.allow.v;
	s->chk.check_doc.allow_n = s->side.sc.allow.n;
	check_unit(&s->chk.check_doc, &s->chk.cset, k, &v);
	size_t r[2][2], nr = seg_between(s, k, r); /* the blank lines after it */
	for (size_t x = 0; x < nr; x++)
		check_between_blocks(&s->chk.check_doc, &s->chk.cset, r[x][0], r[x][1], &v);
	session_tm_consistency(s, k, &v); /* the repository's renderings (info) */
	size_t base = session_seg_base(s, k);
	/* relative to the base (modulo 2^64: a finding on the blank line just
	 * above the segment, as py-structure makes, comes back where it was) */
	for (size_t i = 0; i < v.n; i++) {
		v.v[i].line -= base;
		if (v.v[i].has_fix)
			v.v[i].fix.line -= base;
	}
	slot_take(s, f, &v);
	f->h = seg_hash(s, k);
	f->ready = true;
	f->epoch = s->chk.epoch;
	f->partial = false;
	s->chk.n += counted(f);
	s->chk.key_bytes += session_seg_target_bytes(s, k, SIZE_MAX);
}

/* The whole of slot k checked again when only part of it was (idle time). */
static void seg_complete(Session *s, size_t k)
{
	SegFindings *f = &s->chk.seg.v[k];
	if (!session_slot_ready(s, f) || !f->partial)
		return;
	seg_release(s, f); /* pending-- */
	s->chk.pending++;
	session_seg_ready(s, k);
}

/* Slot k checked now if it was not yet. */
void session_seg_ready(Session *s, size_t k)
{
	SegFindings *f = &s->chk.seg.v[k];
	if (session_slot_ready(s, f))
		return;
	slot_free(s, f); /* the findings before run_all, if any */
	s->chk.pending--;
	seg_run(s, k, f);
}

/* Every segment to be checked again (now: at once).  The old findings
 * stay in their slots, not counted, until each is checked again (freeing
 * all of them here was a 1 ms step of its own at 100k lines); the slots
 * are made stale by a new epoch, not written one by one (285k slots at 1M
 * lines: 1.6-2.2 ms; the first time, a fresh table zeroed page by page,
 * 10 ms: now calloc's, touched as the slots are checked).  While a
 * phased open's alignment is partial there are no slots (nothing is
 * checked before it is aligned: session_checks_step; a table for the
 * placeholders was 17 MB at 1M lines): one pending, the alignment's
 * splices bring run_all back with the segments. */
static void run_all(Session *s, bool now)
{
	bool partial = doc_align_partial(&s->doc);
	size_t n = partial ? 0 : s->doc.al.n, old = s->chk.seg.n;
	for (size_t k = n; k < old; k++)
		slot_free(s, &s->chk.seg.v[k]);
	if (s->chk.seg.cap < n) {
		/* exactly, with a sixteenth spare; a table without slots is
		 * taken fresh from calloc (its pages are zero when first read) */
		size_t cap = n + n / 16 + 16;
		if (!old) {
			free(s->chk.seg.v);
			s->chk.seg.v = xcalloc(cap, sizeof(*s->chk.seg.v));
			old = n; /* zero already */
		} else {
			s->chk.seg.v = xrealloc(s->chk.seg.v, cap * sizeof(*s->chk.seg.v));
		}
		s->chk.seg.cap = cap;
	}
	if (n > old) {
		memset(s->chk.seg.v + old, 0, (n - old) * sizeof(*s->chk.seg.v));
		s->chk.run_all_writes += n - old;
	}
	/* every slot stale at once (an epoch is never 0: a zeroed slot is
	 * never ready).  When the count wraps, a slot last checked 2^32 runs
	 * ago would read as current: then every slot is made stale by hand,
	 * once (its findings stay until it is checked again). */
	if (++s->chk.epoch == 0) {
		s->chk.epoch = 1;
		for (size_t k = 0; k < n; k++)
			s->chk.seg.v[k].ready = false;
	}
	s->chk.seg.n = n;
	VEC_FIT(&s->chk.seg);
	s->chk.pending = partial ? 1 : n;
	s->chk.n = 0;
	s->chk.scan = 0;
	if (now)
		for (size_t k = 0; k < n; k++)
			session_seg_ready(s, k);
}

const SegFindings *session_seg_findings(Session *s, size_t k)
{
	session_sync(s);
	if (!s->chk.on || k >= s->chk.seg.n)
		return NULL;
	if (!session_slot_ready(s, &s->chk.seg.v[k]) &&
	    (!s->chk.check_doc_built || !check_doc_indexed(&s->chk.check_doc)))
		return NULL; /* the first index is being built in idle time */
	session_seg_ready(s, k);
	return &s->chk.seg.v[k];
}

/* The idle work of a phased open (session_open_phased, src/session/session.c;
 * the statuses: src/session/statuses.c). */
bool session_align_pending(const Session *s)
{
	return doc_align_partial(&s->doc) || s->side.statuses_pending;
}

bool session_align_idle(Session *s, uint64_t max_ns)
{
	uint64_t t0 = now_ns();
	if (doc_align_partial(&s->doc)) {
		s->side.in_idle = true; /* the last stretch starts the statuses' slices */
		/* a step more only when one twice as long as the last still
		 * fits (the steps vary) */
		size_t hold = align_splice_blocks(s);
		for (uint64_t t = t0, last = 0; doc_align_partial(&s->doc);) {
			/* the splice starts a slice */
			if (t > t0 && (t - t0 + 2 * last > max_ns || doc_align_splice_due(&s->doc, hold)))
				break;
			if (!doc_align_idle_step(&s->doc, ALIGN_SLICE_BLOCKS, hold))
				break;
			uint64_t t1 = now_ns();
			last = t1 - t;
			t = t1;
		}
		s->side.in_idle = false;
		if (doc_align_partial(&s->doc)) {
			/* the keys the splices took, in what the slice has left */
			uint64_t spent = now_ns() - t0;
			session_keys_hash_step(s, spent < max_ns ? max_ns - spent : 0);
			return true;
		}
	}
	uint64_t spent = now_ns() - t0;
	session_statuses_step(s, spent < max_ns ? max_ns - spent : 0);
	return session_align_pending(s);
}

void session_align_finish(Session *s)
{
	doc_align_stretches(&s->doc);
	session_statuses_finish(s);
}

size_t session_checks_step(Session *s, size_t max)
{
	/* a phased open: the alignment first, in slices (the checks would
	 * read placeholders) */
	if (session_align_pending(s)) {
		if (max == SIZE_MAX) {
			doc_align_finish(&s->doc);
			session_statuses_finish(s);
		} else {
			/* the slice is the alignment's (and the statuses'): the
			 * checks start in the next one */
			session_align_idle(s, SESSION_SLICE_NS);
			return s->chk.pending + 1;
		}
	}
	session_sync(s);
	if (s->chk.on && s->chk.seg.n != s->doc.al.n)
		run_all(s, false); /* the slots a partial alignment had none of */
	if (session_hints_step(s))
		return s->chk.pending + 1; /* the glossary hints were one step */
	if (!s->chk.on)
		return 0;
	if (!s->chk.check_doc_built || !check_doc_indexed(&s->chk.check_doc)) {
		/* the first index, in slices too, after the stale English's
		 * measure (in slices: 0.45 s at 1M lines) */
		cd_start(s);
		s->chk.check_doc_stale = true;
		if (!stale_step(s, max == SIZE_MAX ? SIZE_MAX : SESSION_STALE_SLICE_UNITS))
			return s->chk.pending + 1;
	}
	if (s->chk.check_doc_stale) {
		/* the index first, in slices (max SIZE_MAX: at once); what was
		 * checked against the old one again, starting with the segments on
		 * screen (the next frame needs them) */
		if (check_doc_reindex_step(&s->chk.check_doc, max == SIZE_MAX ? SIZE_MAX : REINDEX_SLICE))
			return s->chk.pending + 1;
		s->chk.check_doc_stale = false;
		run_all(s, false);
		/* the segment at the top of the view; else the target caret's,
		 * from the document (a view to be built is the next frame's:
		 * session_cur_seg would build it here, 285k view segments at 1M
		 * lines, 8-9 ms in one idle slice) */
		long k = session_top_seg(s);
		if (k < 0)
			k = doc_segment_of_tgt_line(&s->doc, s->caret.cur.line);
		s->chk.scan = k > 0 ? (size_t)k : 0;
		if (max != SIZE_MAX)
			return s->chk.pending; /* the old index freed: a slice; the checks next */
	}
	size_t done = 0, bytes = 0;
	size_t n = s->chk.seg.n, start = n ? s->chk.scan % n : 0;
	for (size_t i = 0; i < n && done < max && s->chk.pending; i++) {
		size_t k = (start + i) % n;
		if (max != SIZE_MAX && i >= SESSION_CHECK_SCAN) {
			s->chk.scan = k; /* the next step looks on from here */
			break;
		}
		s->chk.scan_looks++;
		bool ready = session_slot_ready(s, &s->chk.seg.v[k]);
		if (!ready || s->chk.seg.v[k].partial) {
			if (max != SIZE_MAX && done && bytes >= SESSION_CHECK_SLICE_BYTES)
				break; /* the text of one slice checked */
			size_t kb = s->chk.key_bytes;
			if (ready)
				seg_complete(s, k);
			else
				session_seg_ready(s, k);
			bytes += s->chk.key_bytes - kb;
			done++;
			s->chk.scan = k;
		}
	}
	return s->chk.pending;
}

void session_checks_on(Session *s, bool now)
{
	if (s->chk.check_doc_built)
		check_doc_release(&s->chk.check_doc);
	s->chk.check_doc_built = false;
	s->chk.check_doc_stale = false;
	Doc *d = &s->doc;
	s->chk.on = true;
	if (now)
		cd_ensure(s);
	s->chk.gen = d->gen;
	run_all(s, now);
}

/* A long paragraph (SESSION_LONG_SEG) is checked on the key path only
 * around the edit (seg_window), with lines of context each side. */
enum { WINDOW_MARGIN = 3 };

/* Segment k (new slot f) after one edit inside its one long paragraph,
 * old its slot before (NULL: none, a paragraph the edit made): the lines
 * around the edit checked alone (check_unit_lines), the old findings
 * elsewhere kept (those after the edit moved by its lines), the slot
 * marked partial so idle time checks the whole paragraph again.  False (nothing done) when that does not
 * apply: the caller checks the segment whole. */
static bool seg_window(Session *s, size_t k, SegFindings *old, SegFindings *f, uint64_t prev_edit)
{
	const Doc *d = &s->doc;
	size_t a, b;
	if ((old && !session_slot_ready(s, old)) || d->gen_edit != prev_edit + 1 || !s->chk.check_doc_built ||
	    !check_doc_indexed(&s->chk.check_doc) || !align_tgt_lines(&d->al.v[k], &d->tgt_host.blocks, &a, &b))
		return false;
	long delta = d->edit_delta;
	if ((long)d->edit_line + delta < (long)d->edit_first)
		return false;
	size_t e0 = d->edit_first, e1 = (size_t)((long)d->edit_line + delta);
	/* with the old findings the edit must be inside (they are moved by
	 * it); a new paragraph (one split off, two joined) is checked near
	 * the edit only, the rest in idle time */
	if (old ? e0 < a || e1 > b : e1 + 2 * WINDOW_MARGIN < a || e0 > b + 2 * WINDOW_MARGIN)
		return false;
	if (session_seg_target_bytes(s, k, SESSION_LONG_SEG) < SESSION_LONG_SEG)
		return false;
	/* the window stays in the block of the edit (the segment may hold
	 * more than one: a line the edit made into a block of its own) */
	const Segment *g = &d->al.v[k];
	size_t ba = a, bb = b;
	for (size_t i = g->tgt; i < g->tgt + g->tgt_n; i++) {
		const Block *x = &d->tgt_host.blocks.v[i];
		if (x->first <= MAX(e0, a) && MAX(e0, a) <= x->last) {
			ba = x->first;
			bb = x->last;
		}
	}
	if (old && e1 > bb)
		return false;
	size_t w0 = e0 > ba + WINDOW_MARGIN ? MIN(bb, e0 - WINDOW_MARGIN) : ba;
	size_t w1 = MAX(w0, MIN(bb, e1 + WINDOW_MARGIN));
	FindingVec v = {0};
	s->chk.check_doc.allow = (const char *const *)s->side.sc.allow.v;
	s->chk.check_doc.allow_n = s->side.sc.allow.n;
	if (!check_unit_lines(&s->chk.check_doc, &s->chk.cset, k, w0, w1, &v)) {
		VEC_FREE(&v);
		return false;
	}
	/* old findings, lines relative to a (the paragraph's first line did
	 * not move): before the window kept, in it replaced (except those
	 * of the checks the window does not run), after it moved */
	size_t r0 = w0 - a, r1 = (size_t)((long)(w1 - a) - delta), last_old = d->edit_line - a;
	FindingVec out = {0};
	for (size_t i = 0; old && i < old->n; i++) {
		Finding o = old->v[i];
		if (o.line >= r0 && o.line <= r1 && check_runs_on_lines(o.check)) {
			slot_finding_release(s, &o);
			continue;
		}
		if (o.line > last_old)
			o.line = (size_t)((long)o.line + delta);
		if (o.has_fix && o.fix.line > last_old)
			o.fix.line = (size_t)((long)o.fix.line + delta);
		VEC_PUSH(&out, o);
	}
	for (size_t i = 0; i < v.n; i++) {
		Finding o = v.v[i];
		o.line = o.line >= a ? o.line - a : 0;
		if (o.has_fix)
			o.fix.line = o.fix.line >= a ? o.fix.line - a : 0;
		VEC_PUSH(&out, o);
	}
	VEC_FREE(&v);
	findings_sort(&out);
	if (old) {
		s->chk.n -= counted(old);
		if (old->partial)
			s->chk.pending--;
		free(old->v);
		memset(old, 0, sizeof(*old));
	}
	*f = (SegFindings){.ready = true, .partial = true, .epoch = s->chk.epoch};
	slot_take(s, f, &out);
	s->chk.n += counted(f);
	s->chk.pending++;
	for (size_t i = w0; i <= w1; i++)
		s->chk.key_bytes += lines_get(&d->tgt, i).n + 1;
	return true;
}

void session_sync(Session *s)
{
	uint64_t prev_edit = s->chk.edit_gen;
	s->chk.edit_gen = s->doc.gen_edit;
	if ((s->chk.tm_gen != s->tm.cons_gen || s->chk.allow_gen != s->side.allow_gen) && s->chk.on) {
		/* the translation memory's consistency data came, or the allow
		 * list changed: every segment checked again, in idle time */
		s->chk.tm_gen = s->tm.cons_gen;
		s->chk.allow_gen = s->side.allow_gen;
		s->chk.gen = s->doc.gen;
		run_all(s, false);
		return;
	}
	DocDirty dd;
	bool changed = doc_changed_since(&s->doc, s->chk.gen, &dd);
	s->chk.gen = s->doc.gen;
	if (!changed || !s->chk.on)
		return;
	s->chk.key_bytes = 0;
	if (s->chk.check_doc_built)
		check_doc_reindex_cancel(&s->chk.check_doc); /* a rebuild under way starts again */
	size_t n = s->doc.al.n;
	size_t old_n = (size_t)((long)n - dd.dk);
	/* Segments moved or renamed: every segment is checked again in idle
	 * time, after the document index is rebuilt there too (a whole-document
	 * pass: never on the key path).  Until then the segments drawn are
	 * checked against the old index. */
	if (dd.full || old_n != s->chk.seg.n || dd.k1 > n || dd.k0 > dd.k1) {
		s->chk.check_doc_stale = s->chk.check_doc_built;
		if (s->chk.check_doc_built)
			check_doc_reindex_again(&s->chk.check_doc); /* the index in place too */
		run_all(s, false);
		return;
	}
	/* A title or an explicit target edited: reference names changed, so
	 * the document index is rebuilt and every segment checked again (in
	 * idle time). */
	for (size_t k = dd.k0; k < dd.k1; k++) {
		const Segment *g = &s->doc.al.v[k];
		if (g->kind == BK_TITLE || g->kind == BK_TARGET) {
			size_t f, l;
			if (align_tgt_lines(g, &s->doc.tgt_host.blocks, &f, &l) &&
			    (s->caret.cur.line < f || s->caret.cur.line > l))
				continue; /* not where the edit was */
			/* the edited segments are checked now (against the old
			 * names); the index and everything else in idle time */
			s->chk.check_doc_stale = s->chk.check_doc_built;
			if (s->chk.check_doc_built)
				check_doc_reindex_again(&s->chk.check_doc);
			break;
		}
	}
	size_t old_k1 = (size_t)((long)dd.k1 - dd.dk);
	size_t nold = old_k1 - dd.k0, nnew = dd.k1 - dd.k0;
	/* keep the old slots of the window aside, matched by hash */
	SegFindings *old = xcalloc(MAX(nold, 1), sizeof(*old));
	memcpy(old, s->chk.seg.v + dd.k0, nold * sizeof(*old));
	VEC_RESERVE(&s->chk.seg, MAX(n, 1));
	if (nnew != nold)
		memmove(s->chk.seg.v + dd.k0 + nnew, s->chk.seg.v + old_k1,
		        (s->chk.seg.n - old_k1) * sizeof(*old));
	s->chk.seg.n = n;
	bool *taken = xcalloc(MAX(nold, 1), sizeof(*taken));
	size_t j = 0;
	for (size_t k = dd.k0; k < dd.k1; k++) {
		SegFindings *f = &s->chk.seg.v[k];
		memset(f, 0, sizeof(*f));
		if (nold == nnew && !taken[k - dd.k0] &&
		    seg_window(s, k, &old[k - dd.k0], f, prev_edit)) {
			taken[k - dd.k0] = true;
			j = k - dd.k0 + 1;
			continue;
		}
		uint64_t h = seg_hash(s, k);
		/* the old slots come in the same order: look a little ahead */
		size_t hit = SIZE_MAX;
		for (size_t t = j; t < nold && t < j + 4; t++)
			if (!taken[t] && old[t].h == h) {
				hit = t;
				break;
			}
		if (hit != SIZE_MAX && session_slot_ready(s, &old[hit])) {
			*f = old[hit];
			taken[hit] = true;
			j = hit + 1;
		} else if (!s->chk.check_doc_built || !check_doc_indexed(&s->chk.check_doc)) {
			s->chk.pending++; /* checked after the first index, in idle time */
		} else if (!seg_window(s, k, NULL, f, prev_edit)) {
			seg_run(s, k, f);
		}
	}
	for (size_t t = 0; t < nold; t++)
		if (!taken[t])
			seg_release(s, &old[t]);
	free(taken);
	free(old);
}

void session_findings_list(Session *s, FindingVec *out)
{
	session_sync(s);
	session_checks_step(s, SIZE_MAX);
	for (size_t k = 0; k < s->chk.seg.n; k++) {
		size_t base = session_seg_base(s, k);
		for (size_t i = 0; i < s->chk.seg.v[k].n; i++) {
			const Finding *f = &s->chk.seg.v[k].v[i];
			Finding c = *f;
			c.line = f->line + base;
			c.unit = k;
			c.message = xstrdup(f->message);
			c.suggestion = f->suggestion ? xstrdup(f->suggestion) : NULL;
			if (f->has_fix) {
				c.fix.line = f->fix.line + base;
				c.fix.text = xstrdup(f->fix.text ? f->fix.text : "");
			}
			VEC_PUSH(out, c);
		}
	}
	findings_sort(out);
}

bool session_next_finding(Session *s, int dir)
{
	if (!s->chk.on)
		return session_error(s, "The checks are off");
	FindingVec v = {0};
	session_findings_list(s, &v);
	if (!v.n) {
		VEC_FREE(&v);
		return session_error(s, "No findings");
	}
	Pos c = s->caret.focus == PANE_TARGET ? s->caret.cur : (Pos){s->caret.cur.line, 0};
	size_t at = dir > 0 ? 0 : v.n - 1; /* wrapped */
	bool wrapped = true;
	for (size_t i = 0; i < v.n; i++) {
		size_t j = dir > 0 ? i : v.n - 1 - i;
		const Finding *f = &v.v[j];
		bool after = f->line > c.line || (f->line == c.line && f->byte > c.col);
		bool before = f->line < c.line || (f->line == c.line && f->byte < c.col);
		if (dir > 0 ? after : before) {
			at = j;
			wrapped = false;
			break;
		}
	}
	const Finding *f = &v.v[at];
	size_t line = MIN(f->line, s->doc.tgt.n ? s->doc.tgt.n - 1 : 0);
	Str ln = lines_get(&s->doc.tgt, line);
	size_t col = 0;
	while (col < ln.n && col < f->byte)
		col = text_next_grapheme(ln.p, ln.n, col);
	s->caret.focus = PANE_TARGET;
	s->caret.cur = (Pos){line, col};
	s->caret.goal_col = -1;
	doc_break_merge(&s->doc);
	session_follow_center(s, true);
	session_msg(s, "%sFinding %zu/%zu: %s: %s [%s]", wrapped ? "Search wrapped. " : "", at + 1,
	            v.n, check_severity_name(f->sev), f->message, check_info(f->check)->id);
	findings_clear(&v);
	VEC_FREE(&v);
	return true;
}

void session_findings_release(Session *s)
{
	if (s->chk.check_doc_built)
		check_doc_release(&s->chk.check_doc);
	s->chk.check_doc_built = false;
	source_stale_release(&s->chk.stale);
	spell_words_release(&s->chk.en_words);
	s->chk.en_words_at = 0;
	s->chk.en_words_done = false;
	source_stale_run_free(s->chk.stale_run);
	s->chk.stale_run = NULL;
	s->chk.stale_measured = false;
	uf_clear(s);
}

void session_findings_saved(Session *s)
{
	if (s->chk.check_doc_built)
		check_doc_reindex(&s->chk.check_doc);
}
