/* The editor's document on sphinx-gallery `.py` tutorials (the 20 pairs of
 * ../shared/corpus/py): it reads both sides as the CLI does (the blocks
 * and segments of pair_build), the keys it saves in the sidecar are the
 * ones the CLI reads back, code cells sit beside code and text blocks
 * beside text, and after edits of every kind the locally re-read blocks,
 * regions and line tables are what reading the whole file gives. */
#include "yeok/stats.h"
#include "testutil.h"


#include "yeok/doc.h"
#include "yeok/pair.h"
#include "yeok/progress.h"
#include "yeok/session.h"

static void check_doc(const Doc *d, const char *what)
{
	Err e;
	err_init(&e);
	if (!doc_check(d, &e))
		fail_msg("%s: %s", what, e.msg);
}

/* The doc's reading of the target equals host_segment of its lines. */
static void assert_as_read(const Doc *d, const char *what)
{
	HostDoc h;
	host_init(&h);
	host_segment(&d->tgt, HOST_PY, &h);
	const HostDoc *g = &d->tgt_host;
	if (h.blocks.n != g->blocks.n)
		fail_msg("%s: %zu blocks, a full reading gives %zu", what, g->blocks.n, h.blocks.n);
	size_t i;
	if (!tu_blocks_equal(&h.blocks, &g->blocks, &i)) /* every field: the tail moved, shifted */
		fail_msg("%s: block %zu (line %zu) differs from a full reading (line %zu)", what, i,
		         (size_t)g->blocks.v[i].first + 1, (size_t)h.blocks.v[i].first + 1);
	if (h.regions.n != g->regions.n)
		fail_msg("%s: %zu regions, a full reading gives %zu", what, g->regions.n, h.regions.n);
	for (i = 0; i < h.regions.n; i++) {
		const HostRegion *a = &h.regions.v[i], *b = &g->regions.v[i];
		if (a->kind != b->kind || a->first != b->first || a->last != b->last ||
		    a->prefix != b->prefix || a->block != b->block || a->nblocks != b->nblocks)
			fail_msg("%s: region %zu differs from a full reading", what, i);
	}
	for (i = 0; i < d->tgt.n; i++) {
		Str x = lines_get(h.text, i), y = lines_get(g->text, i);
		if (host_line_kind(&h, i) != host_line_kind(g, i) ||
		    host_line_prefix(&h, i) != host_line_prefix(g, i) || x.n != y.n ||
		    (x.n && x.p != y.p))
			fail_msg("%s: line %zu is read otherwise than by a full reading", what, i + 1);
	}
	host_release(&h);
}

/* Segments of d equal those of a full alignment of its current lines. */
static bool same_segments(const Doc *d)
{
	Alignment al;
	align_init(&al);
	align_docs(d->src_host.text, &d->src_host.blocks, d->tgt_host.text, &d->tgt_host.blocks, &al);
	bool same = al.n == d->al.n;
	for (size_t k = 0; same && k < al.n; k++)
		same = al.v[k].src == d->al.v[k].src && al.v[k].src_n == d->al.v[k].src_n &&
		       al.v[k].tgt == d->al.v[k].tgt && al.v[k].tgt_n == d->al.v[k].tgt_n;
	align_release(&al);
	return same;
}

/* ---- reading: the editor sees what the CLI sees ---------------------------- */

static void test_reads_as_cli(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char **pairs = tu_py_pairs();
	size_t files = 0, cells = 0, texts = 0, wrong = 0;
	for (char **p = pairs; *p; p++) {
		size_t sn, tn;
		char *en = tu_py_file(*p, "en", &sn), *ko = tu_py_file(*p, "ko", &tn);
		char *what = xasprintf("%s.ko.py", *p);
		Doc d;
		doc_init(&d);
		doc_load(&d, what, ko, tn, "en", en, sn);
		check_doc(&d, what);
		assert_int_equal(d.tgt_host.fmt, HOST_PY);
		DocPair pr;
		pair_init(&pr);
		pair_from_texts(&pr, host_format_of_path(what), ko, tn, en, sn);
		assert_int_equal(pr.al.n, d.al.n);
		for (size_t k = 0; k < d.al.n; k++) {
			const Segment *a = &pr.al.v[k], *b = &d.al.v[k];
			assert_true(a->src == b->src && a->src_n == b->src_n && a->tgt == b->tgt &&
			            a->tgt_n == b->tgt_n && a->status == b->status);
		}
		/* beside each other: a code cell and code, a text block and text */
		for (size_t k = 0; k < d.al.n; k++) {
			const Segment *g = &d.al.v[k];
			if (!g->src_n || !g->tgt_n)
				continue;
			bool tc = host_block_is_cell(&d.tgt_host.blocks.v[g->tgt]);
			bool sc = host_block_is_cell(&d.src_host.blocks.v[g->src]);
			cells += tc && sc;
			texts += !tc && !sc;
			wrong += tc != sc;
			if (tc != sc)
				print_message("# %s: segment %zu: target line %zu is %s, source line %zu %s\n",
				              what, k, (size_t)d.tgt_host.blocks.v[g->tgt].first + 1, tc ? "code" : "text",
				              (size_t)d.src_host.blocks.v[g->src].first + 1, sc ? "code" : "text");
		}
		pair_release(&pr);
		doc_release(&d);
		free(what);
		free(en);
		free(ko);
		files++;
	}
	print_message("# %zu .py pairs: %zu code cells beside code, %zu text segments beside "
	              "text, %zu mixed\n", files, cells, texts, wrong);
	assert_int_equal(files, 20);
	/* model_parallel_tutorial.ko.py has two text blocks that a blank line
	 * ends early: the rest of each is Python code (a syntax error
	 * py-structure reports), shown beside the English text it replaced */
	assert_int_equal(wrong, 2);
	tu_free_list(pairs);
}

/* The keys the editor stores are those the CLI's progress finds: a file
 * marked done in the editor counts as done in `yeok stats`. */
static void test_sidecar_keys_as_cli(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char *dir = tu_tmpdir();
	char **pairs = tu_py_pairs();
	size_t files = 0;
	for (char **p = pairs; *p; p++) {
		size_t sn, tn;
		char *en = tu_py_file(*p, "en", &sn), *ko = tu_py_file(*p, "ko", &tn);
		char *ename = xasprintf("%s.en.py", *p), *kname = xasprintf("%s.ko.py", *p);
		char *epath = tu_write(dir, ename, en, sn), *kpath = tu_write(dir, kname, ko, tn);
		Session s;
		session_init(&s);
		SourceOpts so = {epath, NULL, NULL, false, true, false};
		Err e;
		err_init(&e);
		if (!session_open(&s, kpath, &so, &e))
			fail_msg("%s: %s", kname, e.msg);
		size_t marked = 0;
		for (size_t k = 0; k < s.doc.al.n; k++) {
			const Segment *g = &s.doc.al.v[k];
			if (g->src_n && g->tgt_n && rst_kind_is_prose(g->kind)) {
				session_set_status(&s, k, ST_DONE);
				marked++;
			}
		}
		assert_true(marked > 0);
		assert_true(session_save(&s));
		session_release(&s);
		/* what the CLI reads: the pair of pair_build, the sidecar's statuses */
		Sidecar sc;
		sidecar_init(&sc);
		char *scp = sidecar_path(kpath);
		assert_true(sidecar_load(scp, &sc, NULL, &e));
		DocPair pr;
		pair_init(&pr);
		SourceOpts cli = {.history = true, .self_fallback = false};
		if (!pair_build(&pr, kpath, NULL, 0, &cli, &sc, &e))
			fail_msg("%s: %s", kname, e.msg);
		Progress pg;
		progress_init(&pg);
		progress_apply(&sc, pr.src_lines, pr.sb, pr.tgt, pr.tb, &pr.al, &pg);
		size_t done = 0;
		for (size_t k = 0; k < pr.al.n; k++) {
			const Segment *g = &pr.al.v[k];
			if (g->src_n && g->tgt_n && rst_kind_is_prose(g->kind)) {
				if (g->status != ST_DONE)
					fail_msg("%s: segment %zu (%s) is %s for the CLI", kname, k,
					         rst_kind_name(g->kind), align_status_name(g->status));
				done++;
			}
		}
		assert_int_equal(done, marked);
		/* every stored key is a segment key of the CLI's pair */
		for (size_t i = 0; i < sc.segs.n; i++) {
			bool found = false;
			for (size_t k = 0; k < pg.n && !found; k++)
				found = !strcmp(pg.v[k].source.hex, sc.segs.v[i].source.hex);
			if (!found)
				fail_msg("%s: stored key %s is no segment of the CLI's", kname,
				         sc.segs.v[i].source.hex);
		}
		progress_release(&pg);
		pair_release(&pr);
		sidecar_release(&sc);
		free(scp);
		free(epath);
		free(kpath);
		free(ename);
		free(kname);
		free(en);
		free(ko);
		files++;
	}
	assert_int_equal(files, 20);
	tu_free_list(pairs);
	free(dir);
}

/* ---- editing: the local re-reading is a full one ----------------------------- */

static uint32_t rnd_state;
static uint32_t rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 8;
}

/* A line of the kind wanted (HL_RST text, HL_CODE code, HL_SEP), or any. */
static size_t pick_line(const Doc *d, int kind)
{
	for (int tries = 0; tries < 64; tries++) {
		size_t i = rnd() % d->tgt.n;
		if (kind < 0 || (int)host_line_kind(&d->tgt_host, i) == kind)
			return i;
	}
	return rnd() % d->tgt.n;
}

/* One edit of a kind a translator (or a slip of one) makes. */
static void one_edit(Doc *d, int what)
{
	size_t i;
	Str ln;
	switch (what) {
	case 0: /* type Korean into a text line */
		i = pick_line(d, HL_RST);
		ln = lines_get(&d->tgt, i);
		doc_replace(d, (Pos){i, ln.n}, (Pos){i, ln.n}, " 번역", strlen(" 번역"), CH_TYPE);
		break;
	case 1: /* Enter and a new text line */
		i = pick_line(d, HL_RST);
		ln = lines_get(&d->tgt, i);
		doc_replace(d, (Pos){i, ln.n}, (Pos){i, ln.n}, "\n# 새 줄", strlen("\n# 새 줄"),
		            CH_OTHER);
		break;
	case 2: /* a text line loses its `#` */
		i = pick_line(d, HL_RST);
		if (lines_line(&d->tgt, i)->n && lines_get(&d->tgt, i).p[0] == '#')
			doc_replace(d, (Pos){i, 0}, (Pos){i, 1}, "", 0, CH_DEL_FWD);
		break;
	case 3: /* a new separator in a code cell */
		i = pick_line(d, HL_CODE);
		doc_replace(d, (Pos){i, 0}, (Pos){i, 0}, "####################\n# 글\n",
		            strlen("####################\n# 글\n"), CH_OTHER);
		break;
	case 4: /* a separator damaged */
		i = pick_line(d, HL_SEP);
		if (lines_line(&d->tgt, i)->n > 2)
			doc_replace(d, (Pos){i, 0}, (Pos){i, 1}, "x", 1, CH_OTHER);
		break;
	case 5: /* lines deleted */
		i = pick_line(d, -1);
		if (i + 2 < d->tgt.n)
			doc_replace(d, (Pos){i, 0}, (Pos){i + 2, 0}, "", 0, CH_OTHER);
		break;
	case 6: /* a code comment translated */
		i = pick_line(d, HL_CODE);
		ln = lines_get(&d->tgt, i);
		doc_replace(d, (Pos){i, ln.n}, (Pos){i, ln.n}, "  # 주석", strlen("  # 주석"),
		            CH_TYPE);
		break;
	default: /* a title underline */
		i = pick_line(d, HL_RST);
		ln = lines_get(&d->tgt, i);
		doc_replace(d, (Pos){i, ln.n}, (Pos){i, ln.n}, "\n#\n# 제목\n# ----\n#",
		            strlen("\n#\n# 제목\n# ----\n#"), CH_OTHER);
		break;
	}
}

static void test_edits_reread_locally(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char **pairs = tu_py_pairs();
	size_t edits = 0, local = 0, realigned_same = 0, realigned_other = 0;
	rnd_state = 15;
	for (char **p = pairs; *p; p++) {
		size_t sn, tn;
		char *en = tu_py_file(*p, "en", &sn), *ko = tu_py_file(*p, "ko", &tn);
		char *what = xasprintf("%s.ko.py", *p);
		Doc d;
		doc_init(&d);
		doc_load(&d, what, ko, tn, "en", en, sn);
		for (int k = 0; k < 40; k++) {
			one_edit(&d, (int)(rnd() % 8));
			char *w = xasprintf("%s, edit %d", what, k);
			check_doc(&d, w);
			assert_as_read(&d, w);
			if (same_segments(&d))
				realigned_same++;
			else
				realigned_other++;
			free(w);
			edits++;
			local += stat_get(STAT_DOC_WINDOW_LINES) < d.tgt.n;
		}
		/* undo all: the bytes come back */
		Pos c;
		while (doc_undo(&d, &c))
			check_doc(&d, what);
		assert_as_read(&d, what);
		Buf b = BUF_INIT;
		lines_serialize(&d.tgt, &b);
		assert_true(b.len == tn && memcmp(b.p, ko, tn) == 0);
		buf_release(&b);
		doc_release(&d);
		free(what);
		free(en);
		free(ko);
	}
	print_message("# %zu edits of .py files: %zu re-read locally; segments as a full "
	              "alignment after %zu, otherwise after %zu\n", edits, local, realigned_same,
	              realigned_other);
	/* most edits are read again locally; the segments are always a full
	 * alignment's (align_update is exact) */
	assert_true(local * 2 > edits);
	assert_int_equal(realigned_other, 0);
	tu_free_list(pairs);
}

/* ---- the module docstring: read whole, re-aligned locally ------------------ */

/* d's segments, field by field, and its alignment memo equal those of a
 * document loaded from its current text with its user statuses. */
static void assert_as_loaded(const Doc *d, const char *en, size_t sn, const char *what)
{
	Buf b = BUF_INIT;
	lines_serialize(&d->tgt, &b);
	Doc f;
	doc_init(&f);
	f.user.cap = d->user.cap;
	f.user.n = d->user.n;
	f.user.v = d->user.cap ? xmalloc(d->user.cap * sizeof(UserStatus)) : NULL;
	if (d->user.cap)
		memcpy(f.user.v, d->user.v, d->user.cap * sizeof(UserStatus));
	doc_load(&f, d->path, b.p ? b.p : "", b.len, "en", en, sn);
	if (f.al.n != d->al.n)
		fail_msg("%s: %zu segments, loading the text gives %zu", what, d->al.n, f.al.n);
	for (size_t k = 0; k < f.al.n; k++) {
		const Segment *x = &f.al.v[k], *y = &d->al.v[k];
		if (x->src != y->src || x->src_n != y->src_n || x->tgt != y->tgt ||
		    x->tgt_n != y->tgt_n || x->kind != y->kind || x->status != y->status ||
		    x->no_prose != y->no_prose)
			fail_msg("%s: segment %zu differs from loading the text: src %zu+%zu/%zu+%zu tgt "
			         "%zu+%zu/%zu+%zu kind %d/%d status %d/%d no_prose %d/%d",
			         what, k, y->src, y->src_n, x->src, x->src_n, y->tgt, y->tgt_n, x->tgt,
			         x->tgt_n, y->kind, x->kind, y->status, x->status, y->no_prose,
			         x->no_prose);
	}
	if (!align_memo_same(f.am, d->am))
		fail_msg("%s: the alignment memo differs from loading the text", what);
	doc_release(&f);
	buf_release(&b);
}

/* A docstring line (HL_RST inside the module docstring), or SIZE_MAX. */
static size_t docstring_line(const Doc *d)
{
	if (!d->tgt_host.doc.present)
		return SIZE_MAX;
	for (int tries = 0; tries < 64; tries++) {
		size_t i = rnd() % (d->tgt_host.doc.close_line + 1);
		if (host_line_kind(&d->tgt_host, i) == HL_RST)
			return i;
	}
	return SIZE_MAX;
}

static void test_docstring_edits_realign_locally(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char **pairs = tu_py_pairs();
	size_t edits = 0, typed = 0, typed_full = 0;
	rnd_state = 29;
	for (char **p = pairs; *p; p++) {
		size_t sn, tn;
		char *en = tu_py_file(*p, "en", &sn), *ko = tu_py_file(*p, "ko", &tn);
		char *what = xasprintf("%s.ko.py", *p);
		Doc d;
		doc_init(&d);
		doc_load(&d, what, ko, tn, "en", en, sn);
		/* a status for every segment, by its key (the same text, the same) */
		for (size_t k = 0; k < d.al.n; k++) {
			const Segment *g = &d.al.v[k];
			if (!g->src_n)
				continue;
			SidecarKey key = pair_blocks_key(d.src_host.text, &d.src_host.blocks, g->src, g->src_n);
			doc_set_status(&d, k, key.hex[0] < '8' ? ST_DONE : ST_REVIEWED);
		}
		for (int k = 0; k < 16 && d.tgt_host.doc.present; k++) {
			size_t i = docstring_line(&d);
			if (i == SIZE_MAX)
				break;
			Str ln = lines_get(&d.tgt, i);
			int what_edit = (int)(rnd() % 6);
			Pos c;
			switch (what_edit) {
			case 0: /* typing */
			case 1:
				doc_replace(&d, (Pos){i, ln.n}, (Pos){i, ln.n}, "번", strlen("번"), CH_TYPE);
				typed++;
				typed_full += stat_get(STAT_DOC_WINDOW_FULL);
				break;
			case 2: /* a new paragraph */
				doc_replace(&d, (Pos){i, ln.n}, (Pos){i, ln.n}, "\n\n새 문단",
				            strlen("\n\n새 문단"), CH_OTHER);
				break;
			case 3: /* a title made */
				doc_replace(&d, (Pos){i, ln.n}, (Pos){i, ln.n}, "\n\n제목\n----\n",
				            strlen("\n\n제목\n----\n"), CH_OTHER);
				break;
			case 4: /* a line deleted (the closing quotes too, at times) */
				if (i + 1 < d.tgt.n)
					doc_replace(&d, (Pos){i, 0}, (Pos){i + 1, 0}, "", 0, CH_OTHER);
				break;
			default:
				doc_undo(&d, &c);
				break;
			}
			char *w = xasprintf("%s, docstring edit %d (%d, line %zu)", what, k, what_edit,
			                    i + 1);
			check_doc(&d, w);
			assert_as_read(&d, w);
			assert_as_loaded(&d, en, sn, w);
			free(w);
			edits++;
		}
		doc_release(&d);
		free(what);
		free(en);
		free(ko);
	}
	print_message("# %zu docstring edits, %zu typed (%zu of them a full re-alignment)\n",
	              edits, typed, typed_full);
	assert_true(edits >= 100 && typed >= 20);
	/* typing in the docstring re-aligns locally (before, every one was a
	 * full re-alignment); only typing that unmade a title's adornment
	 * (the styles' order changed) aligns everything */
	assert_true(typed_full * 10 <= typed);
	tu_free_list(pairs);
}

/* The status keys of the source's blocks are hashed once: typing in a
 * segment hashes no key again, and the statuses stay a fresh load's. */
static void test_typing_hashes_no_key_again(void **state)
{
	(void)state;
	if (!tu_have_py_corpus())
		skip();
	char **pairs = tu_py_pairs();
	size_t files = 0;
	rnd_state = 41;
	for (char **p = pairs; *p; p++) {
		size_t sn, tn;
		char *en = tu_py_file(*p, "en", &sn), *ko = tu_py_file(*p, "ko", &tn);
		char *what = xasprintf("%s.ko.py", *p);
		Doc d;
		doc_init(&d);
		doc_load(&d, what, ko, tn, "en", en, sn);
		for (size_t k = 0; k < d.al.n; k++)
			if (d.al.v[k].src_n)
				doc_set_status(&d, k, ST_DONE);
		size_t i = pick_line(&d, HL_RST);
		Str ln = lines_get(&d.tgt, i);
		doc_replace(&d, (Pos){i, ln.n}, (Pos){i, ln.n}, "번", strlen("번"), CH_TYPE);
		uint64_t hashed = stat_get(STAT_DOC_KEY_HASHES);
		for (int k = 0; k < 20; k++) {
			ln = lines_get(&d.tgt, i);
			doc_replace(&d, (Pos){i, ln.n}, (Pos){i, ln.n}, "역", strlen("역"), CH_TYPE);
		}
		if (stat_get(STAT_DOC_KEY_HASHES) != hashed)
			fail_msg("%s: 20 keys hashed %llu status keys again", what,
			         (unsigned long long)(stat_get(STAT_DOC_KEY_HASHES) - hashed));
		assert_as_loaded(&d, en, sn, what);
		doc_release(&d);
		free(what);
		free(en);
		free(ko);
		files++;
	}
	assert_int_equal(files, 20);
	tu_free_list(pairs);
}

/* A docstring that lost its closing quotes ends before the first separator
 * line (host.h); the edit that gives them back, below that line, is read
 * with the whole file again, not as an edit after the docstring (the
 * property test of issue 36 found the docstring left open after an undo). */
static void test_docstring_closed_again_reads_whole(void **state)
{
	(void)state;
	const char *t = "\"\"\"\nTitle\n=====\n\n######################\n# inside the docstring\n"
	                "Text.\n\"\"\"\nimport torch\n\n######################\n# A block.\n\nx = 1\n";
	Doc d;
	doc_init(&d);
	doc_load(&d, "t.py", t, strlen(t), "en", t, strlen(t));
	assert_true(d.tgt_host.doc.closed);
	assert_int_equal(d.tgt_host.doc.close_line, 7);
	/* the closing quotes broken: the docstring is open */
	doc_replace(&d, (Pos){7, 0}, (Pos){7, 1}, "", 0, CH_OTHER);
	assert_false(d.tgt_host.doc.closed);
	assert_as_read(&d, "quotes broken");
	/* and back */
	Pos c;
	assert_true(doc_undo(&d, &c));
	assert_true(d.tgt_host.doc.closed);
	assert_int_equal(d.tgt_host.doc.close_line, 7);
	assert_as_read(&d, "quotes back by undo");
	doc_replace(&d, (Pos){7, 0}, (Pos){7, 1}, "", 0, CH_OTHER);
	doc_replace(&d, (Pos){7, 0}, (Pos){7, 0}, "\"", 1, CH_OTHER);
	assert_true(d.tgt_host.doc.closed);
	assert_as_read(&d, "quotes typed back");
	check_doc(&d, "closed again");
	doc_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_as_cli),
		cmocka_unit_test(test_sidecar_keys_as_cli),
		cmocka_unit_test(test_edits_reread_locally),
		cmocka_unit_test(test_docstring_edits_realign_locally),
		cmocka_unit_test(test_typing_hashes_no_key_again),
		cmocka_unit_test(test_docstring_closed_again_reads_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
