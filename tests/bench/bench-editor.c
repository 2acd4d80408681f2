/*
 * bench-editor — the editor's costs on one pair, headless, on a fixed-size
 * fake terminal (ncurses newterm on /dev/null):
 *   bench-editor SOURCE.en.rst TARGET.ko.rst
 *   bench-editor --make-sidecar SOURCE TARGET   (only write the sidecar)
 * prints the time to the first frame twice, then the per-keystroke cost
 * (p50/p99/max over 10,000 scripted edits, each with its redraw) and the
 * peak RSS.  Reports; asserts nothing.
 *
 * "bare": what `yeok --source EN KO` does for a file opened the first time
 * (no sidecar): session_open_phased, then the first draw (the idle work
 * after it is not timed).
 * "real": what `yeok FILE` does before its first frame (src/ui/ui.c
 * ui_main): a copy of the pair in BENCH_DIR/real-N/, reopened after one
 * session saved it with a realistic sidecar (a status for every segment
 * with a source: 7 of 10 done, 1 reviewed, the rest draft; the cursor in
 * the middle; 200 review comments; the English recorded as `file:` with
 * its sha256), so the open resolves the source from the record, loads the
 * shipped glossary, checks the input (safety_input_ok, twice as ui_main
 * does), starts the journal (ui_safe_open) and the checks, then draws,
 * then starts spelling (after the first frame, as ui_edit does).  The keys
 * run on the real session.
 *
 * Times are given twice: wall clock, and the CPU time of the editor's
 * thread (CLOCK_THREAD_CPUTIME_ID).  On a shared machine the wall clock
 * of a short step is mostly the wait for a core; the CPU time is what the
 * step costs.  "full re-alignments" counts the keys whose edit fell back
 * to aligning the whole document (doc.h last_was_full).
 *
 * As in the editor (src/ui/ui.c): the checks are on (not run before the
 * first frame) and spelling starts in its thread after the first frame;
 * BENCH_NO_CHECKS=1 and BENCH_NO_SPELL=1 leave them out.  A typist leaves time between keys:
 * after each key one idle step of the checks runs (64 segments, as the
 * editor's loop does), timed apart from the key.  The keys, ten at a
 * time: four insertions, a backspace, a newline, undo, a space, the next
 * segment, a cursor move right (BENCH_SCRIPT=left: left; BENCH_SCRIPT=para:
 * the ninth key moves down a row instead of to the next segment, so all
 * keys stay in the long paragraph of `gen --paragraph`).
 */
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <sys/resource.h>
#include <sys/stat.h>

#include <unistd.h>

#include "yeok/stats.h"
#include "../../src/ui/safe.h"
#include "../../src/ui/ui-private.h"
#include "yeok/pair.h"
#include "yeok/safety.h"
#include "yeok/command.h"
#include "yeok/session.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* p50/p99/max of n costs (sorted in place), in microseconds. */
static void report(const char *what, uint64_t *v, size_t n)
{
	qsort(v, n, sizeof(uint64_t), cmp_u64);
	printf("%-28s %10.1f %10.1f %10.1f\n", what, (double)v[n / 2] / 1e3,
	       (double)v[n * 99 / 100] / 1e3, (double)v[n - 1] / 1e3);
}


/* One command to perf's control fifo, and its ack; nothing without one. */
static void perf_ctl(FILE *ctl, FILE *ack, const char *cmd)
{
	char line[16];
	if (!ctl)
		return;
	fprintf(ctl, "%s\n", cmd);
	fflush(ctl);
	if (!fgets(line, sizeof line, ack))
		fprintf(stderr, "bench-editor: no ack from perf\n");
}

/* Copy src to dst (the bench's private copy of the pair). */
static void copy_file(const char *src, const char *dst)
{
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	if (!file_read(src, &b, &e) || !file_write_atomic(dst, b.p ? b.p : "", b.len, &e)) {
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		exit(1);
	}
	buf_release(&b);
}

/* Open dir/ko.rst against dir/en.rst (ko.py, en.py for a .py) once and save it with a realistic
 * sidecar (see the top of this file). */
static void make_sidecar(const char *en, const char *ko)
{
	Session s;
	session_init(&s);
	SourceOpts so = {.path = en};
	Err e;
	err_init(&e);
	if (!session_open(&s, ko, &so, &e)) {
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		exit(1);
	}
	for (size_t k = 0; k < s.doc.al.n; k++) {
		if (!s.doc.al.v[k].src_n)
			continue;
		SegStatus st = k % 10 < 7 ? ST_DONE : k % 10 == 7 ? ST_REVIEWED : ST_DRAFT;
		session_set_status(&s, k, st);
	}
	for (int i = 0; i < 200; i++) {
		size_t k = (size_t)i * s.doc.al.n / 200;
		const Segment *g = &s.doc.al.v[k];
		SidecarKey key = pair_blocks_key(s.doc.src_host.text, &s.doc.src_host.blocks, g->src, g->src_n);
		size_t line = g->tgt_n ? s.doc.tgt_host.blocks.v[g->tgt].first + 1 : 1;
		sidecar_add_comment(&s.side.sc, (long)line, key, "조사를 확인해 주세요.",
		                    i % 3 ? "open" : "resolved");
	}
	sidecar_set_translator(&s.side.sc, "홍길동", "https://github.com/hong");
	s.caret.cur = (Pos){s.doc.tgt.n / 2, 0};
	if (!session_save(&s)) {
		fprintf(stderr, "bench-editor: %s\n", s.shell.msg.text);
		exit(1);
	}
	session_release(&s);
}

static Ui g_ui;

/* The end of a run that types no keys: the session closed, the real
 * copy removed (kept when profiling: BENCH_PROFILE). */
static void quit_early(Session *s, const char *dir, bool prof)
{
	ui_safe_quit(s);
	session_release(s);
	if (!prof) {
		char *rm = xasprintf("rm -rf '%s'", dir);
		if (system(rm) != 0)
			fprintf(stderr, "bench-editor: could not remove %s\n", dir);
		free(rm);
	}
}

/* What ui_main does from its start to the first frame, minus the terminal
 * checks (src/ui/ui.c: open_session, ui_safe_open, the theme, keys and
 * the first ui_draw). */
static bool open_like_ui(Session *s, const char *ko, bool checks)
{
	session_init(s);
	SourceOpts so = {.history = true, .self_fallback = true};
	Err e;
	err_init(&e);
	if (!session_open_phased(s, ko, &so, &e)) {
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		return false;
	}
	if (!session_glossary_load(s, "glossary/ko.yaml", NULL, 0, &e)) {
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		return false;
	}
	if (!safety_input_ok(s, NULL, &e)) {
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		return false;
	}
	if (checks)
		session_checks_on(s, false);
	s->chk.off = !checks;
	if (!ui_safe_open(s))
		return false;
	return true;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--make-sidecar")) {
		/* tests/bench/first-screen.sh: the realistic sidecar of a pair */
		setlocale(LC_ALL, "C.UTF-8");
		make_sidecar(argv[2], argv[3]);
		return 0;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: bench-editor SOURCE TARGET\n");
		return EXIT_USAGE;
	}
	setlocale(LC_ALL, "C.UTF-8");
#ifdef __GLIBC__
	if (!getenv("BENCH_FASTBINS")) {
		/* as src/main.c does (BENCH_FASTBINS=1: glibc's defaults) */
		mallopt(M_MXFAST, 0);
		mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	}
#endif
	setenv("COLUMNS", "160", 1);
	setenv("LINES", "50", 1);
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr = newterm("xterm-256color", out, in);
	if (!scr) {
		fprintf(stderr, "bench-editor: newterm failed\n");
		return 1;
	}
	set_term(scr);
	resizeterm(50, 160);
	bool checks = !getenv("BENCH_NO_CHECKS"), spell = !getenv("BENCH_NO_SPELL");

	/* bare: the session alone (BENCH_PROFILE=DIR: skipped, and the real
	 * copy and its sidecar are kept in DIR and reused: a profile of the
	 * real open only) */
	const char *prof = getenv("BENCH_PROFILE");
	uint64_t t0 = now_ns(), c0 = cpu_ns(true);
	Session s;
	session_init(&s);
	SourceOpts so = {.path = argv[1]};
	Err e;
	err_init(&e);
	if (prof) {
		/* nothing: the bare figures are 0 */
	} else if (!session_open_phased(&s, argv[2], &so, &e)) {
		endwin();
		fprintf(stderr, "bench-editor: %s\n", e.msg);
		return 1;
	}
	uint64_t open_wall = now_ns() - t0, open_cpu = cpu_ns(true) - c0;
	Ui *bu = &g_ui;
	memset(bu, 0, sizeof(*bu));
	bu->s = &s;
	keymap_init(&bu->keys);
	theme_default(&bu->theme);
	if (!prof) {
		session_resize(&s, COLS, LINES);
		ui_draw(bu);
	}
	uint64_t first = now_ns() - t0, first_cpu = cpu_ns(true) - c0;
	keymap_release(&bu->keys);
	ui_paint_release(bu);
	session_release(&s);

	/* real: a saved sidecar, the open path of ui_main */
	const char *dir0 = getenv("BENCH_DIR") ? getenv("BENCH_DIR") : "build/bench";
	char *dir = prof ? xstrdup(prof) : xasprintf("%s/real-%zu", dir0, (size_t)getpid());
	/* the copy keeps the target's format (a .py is read as a .py) */
	bool py = str_ends_with(str_from(argv[2]), ".py");
	char *en = path_join(dir, py ? "en.py" : "en.rst"), *ko = path_join(dir, py ? "ko.py" : "ko.rst");
	char *mk = xasprintf("mkdir -p '%s'", dir);
	if (system(mk) != 0)
		return 1;
	free(mk);
	char *scp = sidecar_path(ko);
	if (!prof || !file_exists(scp)) {
		copy_file(argv[1], en);
		copy_file(argv[2], ko);
		make_sidecar(en, ko);
	}
	struct stat scst;
	long long sc_bytes = stat(scp, &scst) == 0 ? (long long)scst.st_size : 0;
	uint64_t r0 = now_ns(), rc0 = cpu_ns(true);
	if (!open_like_ui(&s, ko, checks)) {
		endwin();
		return 1;
	}
	uint64_t ropen_wall = now_ns() - r0, ropen_cpu = cpu_ns(true) - rc0;
	Ui u;
	memset(&u, 0, sizeof(u));
	u.s = &s;
	keymap_init(&u.keys);
	theme_default(&u.theme);
	session_resize(&s, COLS, LINES);
	ui_draw(&u);
	uint64_t rfirst = now_ns() - r0, rfirst_cpu = cpu_ns(true) - rc0;
	if (spell)
		session_spell_start(&s, NULL);
	/* BENCH_SCRIPT=left: the tenth key moves left, off the segment's start
	 * onto the blank line before it, so the next keys type there and unmake
	 * the title below (see tests/bench/PERF.md); by default it moves right */
	bool left = getenv("BENCH_SCRIPT") && !strcmp(getenv("BENCH_SCRIPT"), "left");
	bool para = getenv("BENCH_SCRIPT") && !strcmp(getenv("BENCH_SCRIPT"), "para");
	bool debug = getenv("BENCH_DEBUG") != NULL, first_only = getenv("BENCH_FIRST_ONLY") != NULL;
	/* BENCH_DEBUG=US: the keys over US microseconds of CPU (default 3,000) */
	uint64_t debug_ns = debug && atoi(getenv("BENCH_DEBUG")) > 1 ? (uint64_t)atoi(getenv("BENCH_DEBUG")) * 1000
	                                                              : 3000000;

	const int KEYS = getenv("BENCH_KEYS") ? atoi(getenv("BENCH_KEYS")) : 10000;
	if (getenv("BENCH_FIRST")) {
		/* BENCH_FIRST=key: one key typed right after the first frame (the
		 * idle work not started), then the idle work to done;
		 * BENCH_FIRST=idle: the idle work to done alone.  The idle loop
		 * is ui.c's editor_idle: alignment and statuses, then checks. */
		uint64_t key_cpu = 0;
		if (!strcmp(getenv("BENCH_FIRST"), "key")) {
			uint64_t kc = cpu_ns(true);
			session_insert(&s, "가", strlen("가"));
			ui_draw(&u);
			key_cpu = cpu_ns(true) - kc;
		}
		uint64_t ic = cpu_ns(true), big = 0, al_big = 0, al_cpu = 0;
		size_t slices = 0, al_slices = 0, al_over = 0;
		while (!first_only && (session_align_pending(&s) || s.chk.pending || s.chk.check_doc_stale ||
		       s.gloss.hint_due)) {
			uint64_t i0 = cpu_ns(true), ga = s.doc.gen_align;
			bool al = session_align_pending(&s);
			if (al)
				session_align_idle(&s, SESSION_SLICE_NS);
			else
				session_checks_step(&s, 64);
			uint64_t d = cpu_ns(true) - i0;
			if (debug && d > 2000000)
				fprintf(stderr, "slice %zu: %.1f ms cpu (%s%s, statuses phase %d; checks pending %zu, "
				        "index stale %d)\n", slices,
				        (double)d / 1e6, al ? "alignment" : "checks",
				        s.doc.gen_align != ga ? " spliced" : "", (int)s.side.apply.phase,
				        s.chk.pending, (int)s.chk.check_doc_stale);
			if (al) {
				al_cpu = cpu_ns(true) - ic;
				al_big = MAX(al_big, d);
				al_slices++;
				al_over += d > 2000000;
			}
			big = MAX(big, d);
			slices++;
		}
		uint64_t idle_cpu = cpu_ns(true) - ic;
		endwin();
		printf("first frame %.1f ms cpu; first key %.1f ms cpu; idle to done %.1f ms cpu "
		       "(alignment and statuses %.1f) in %zu slices, largest %.2f ms (alignment's "
		       "%.2f, %zu of its %zu over 2 ms)\n",
		       (double)rfirst_cpu / 1e6, (double)key_cpu / 1e6, (double)idle_cpu / 1e6,
		       (double)al_cpu / 1e6, slices, (double)big / 1e6, (double)al_big / 1e6, al_over,
		       al_slices);
		quit_early(&s, dir, prof != NULL);
		return 0;
	}
	if (KEYS == 0) { /* BENCH_KEYS=0: the first frames only (profiling) */
		endwin();
		printf("bare first frame %.1f ms cpu; real first frame %.1f ms cpu\n",
		       (double)first_cpu / 1e6, (double)rfirst_cpu / 1e6);
		quit_early(&s, dir, prof != NULL);
		return 0;
	}
	if (KEYS < 100) {
		fprintf(stderr, "bench-editor: BENCH_KEYS must be at least 100\n");
		return EXIT_USAGE;
	}
	uint64_t *cost = xcalloc((size_t)KEYS, sizeof(uint64_t));
	uint64_t *cpu = xcalloc((size_t)KEYS, sizeof(uint64_t));
	/* per kind of key (CPU time): 0 typing, 1 backspace, 2 newline,
	 * 3 undo, 4 segment-next, 5 cursor move */
	static const int kind_of[10] = {0, 0, 0, 0, 1, 2, 3, 0, 4, 5};
	static const char *const kind_name[6] = {"type", "backspace", "newline",
	                                         "undo", "segment-next", "move"};
	uint64_t *per[6];
	size_t per_n[6] = {0};
	for (int i = 0; i < 6; i++)
		per[i] = xcalloc((size_t)KEYS, sizeof(uint64_t));
	size_t full = 0, win_n = 0, win_lines = 0, win_max = 0;
	uint64_t *idle = xcalloc((size_t)KEYS + 1, sizeof(uint64_t));
	size_t idle_n = 0;
	enum { SLICES = 1 << 20 };
	uint64_t *slice = xcalloc(SLICES, sizeof(uint64_t));
	size_t slice_n = 0, reindexed = 0;
	/* the editor's loop: after the first frame, idle steps while no key
	 * waits; the first one builds the checks' index (until it is
	 * complete: IDLE_STEPS only bounds a bug; the slices are 2 ms or less,
	 * so a rebuild at 100k takes over 1,000 of them) */
	enum { IDLE_STEPS = 1 << 16 };
	for (int j = 0; checks && (s.chk.check_doc_stale || !s.chk.check_doc_built) && j < IDLE_STEPS; j++) {
		uint64_t i0 = cpu_ns(true);
		session_checks_step(&s, 64);
		uint64_t sl = cpu_ns(true) - i0;
		slice[slice_n++ % SLICES] = sl;
		if (debug && sl > debug_ns)
			fprintf(stderr, "first index, slice %d: %.2f ms cpu\n", j, (double)sl / 1e6);
	}
	/* BENCH_PERF_CTL=CTL,ACK: the fifos of `perf record -D -1
	 * --control=fifo:CTL,ACK`; sampling is enabled around each key only
	 * (with its redraw), so a profile shows the key path alone;
	 * BENCH_PERF_KEY=I (0-9): only around the keys of that place in the
	 * script of ten (8: segment-next). */
	FILE *pctl = NULL, *pack = NULL;
	if (getenv("BENCH_PERF_CTL")) {
		char *names = xstrdup(getenv("BENCH_PERF_CTL")), *comma = strchr(names, ',');
		if (comma) {
			*comma = '\0';
			pctl = fopen(names, "w");
			pack = fopen(comma + 1, "r");
		}
		if (!pctl || !pack) {
			fprintf(stderr, "bench-editor: BENCH_PERF_CTL wants CTL,ACK fifos\n");
			return EXIT_USAGE;
		}
		free(names);
	}
	/* and the target's hash, a megabyte an idle step, as the editor takes
	 * it after its first frame (else the first key would take it all) */
	while (s.doc.disk.hashing)
		ui_safe_idle(&s);
	uint64_t keys_wall = now_ns();
	/* Start in the middle of the document, in a prose line. */
	session_goto_line(&s, (long)(s.doc.tgt.n / 2));
	for (int k = 0; k < KEYS; k++) {
		bool sampled = !getenv("BENCH_PERF_KEY") || atoi(getenv("BENCH_PERF_KEY")) == k % 10;
		perf_ctl(sampled ? pctl : NULL, pack, "enable");
		uint64_t k0 = now_ns(), kc = cpu_ns(true);
		size_t edits = s.doc.gen_edit, structs = s.doc.gen_struct;
		switch (k % 10) {
		case 0:
		case 1:
		case 2:
		case 3:
			session_insert(&s, "가", strlen("가"));
			break;
		case 4:
			session_backspace(&s);
			break;
		case 5:
			session_newline(&s);
			break;
		case 6:
			command_run(&s, "undo", NULL);
			break;
		case 7:
			session_insert(&s, " ", 1);
			break;
		case 8: {
			if (para) {
				session_move(&s, MV_DOWN);
				break;
			}
			/* at the last segment, start again at the top (the small
			 * pair has fewer segments than the script has moves) */
			long at = session_cur_seg(&s);
			command_run(&s, "segment-next", NULL);
			if (session_cur_seg(&s) == at)
				session_goto_line(&s, 1);
			break;
		}
		default:
			session_move(&s, left ? MV_LEFT : MV_RIGHT);
			break;
		}
		session_clear_msg(&s);
		ui_draw(&u);
		cost[k] = now_ns() - k0;
		cpu[k] = cpu_ns(true) - kc;
		perf_ctl(sampled ? pctl : NULL, pack, "disable");
		if (debug && cpu[k] > debug_ns)
			fprintf(stderr, "key %d kind %d: %.2f ms cpu (%s%s, checks pending %zu)\n", k, k % 10,
			        (double)cpu[k] / 1e6, s.doc.gen_struct != structs ? "re-segmented" : "text",
			        s.chk.check_doc_stale ? ", index stale" : "", s.chk.pending);
		int kd = kind_of[k % 10];
		per[kd][per_n[kd]++] = cpu[k];
		full += s.doc.gen_edit != edits && stat_get(STAT_DOC_WINDOW_FULL);
		if (s.doc.gen_struct != structs && !stat_get(STAT_DOC_WINDOW_FULL)) {
			win_n++;
			win_lines += stat_get(STAT_DOC_WINDOW_LINES);
			win_max = MAX(win_max, stat_get(STAT_DOC_WINDOW_LINES));
		}
		/* idle time between keys: the index rebuild's slices until it is
		 * complete (a typist leaves more than their 20 ms at 100k), then
		 * one step of segments */
		for (int j = 0; checks && s.chk.check_doc_stale && j < IDLE_STEPS; j++) {
			uint64_t i0 = cpu_ns(true);
			session_checks_step(&s, 64);
			uint64_t sl = cpu_ns(true) - i0;
			slice[slice_n++ % SLICES] = sl;
			reindexed += !s.chk.check_doc_stale;
			if (debug && sl > debug_ns)
				fprintf(stderr, "key %d, index slice %d: %.2f ms cpu%s\n", k, j, (double)sl / 1e6,
				        s.chk.check_doc_stale ? "" : " (the last)");
		}
		if (checks && (s.chk.pending || s.chk.check_doc_stale)) {
			uint64_t i0 = cpu_ns(true);
			session_checks_step(&s, 64);
			idle[idle_n++] = cpu_ns(true) - i0;
		}
	}
	keys_wall = now_ns() - keys_wall;
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	endwin();
	delscreen(scr);
	printf("%-28s %10s %10s\n", "", "wall", "cpu");
	printf("%-28s %10.1f %10.1f\n", "bare open (ms)", (double)open_wall / 1e6,
	       (double)open_cpu / 1e6);
	printf("%-28s %10.1f %10.1f\n", "bare first frame (ms)", (double)first / 1e6,
	       (double)first_cpu / 1e6);
	printf("%-28s %10.1f %10.1f\n", "real open (ms)", (double)ropen_wall / 1e6,
	       (double)ropen_cpu / 1e6);
	printf("%-28s %10.1f %10.1f\n", "first frame (ms)", (double)rfirst / 1e6,
	       (double)rfirst_cpu / 1e6);
	printf("%-28s %10.1f\n", "sidecar (KB)", (double)sc_bytes / 1024.0);
	printf("%-28s %10s %10s %10s\n", "keystroke (us)", "p50", "p99", "max");
	report("  wall", cost, (size_t)KEYS);
	report("  cpu", cpu, (size_t)KEYS);
	for (int i = 0; i < 6; i++) {
		char name[40];
		snprintf(name, sizeof(name), "  cpu: %s", kind_name[i]);
		if (per_n[i])
			report(name, per[i], per_n[i]);
		free(per[i]);
	}
	if (idle_n)
		report("  cpu: idle check step", idle, idle_n);
	if (slice_n)
		report("  cpu: idle index slice", slice, MIN(slice_n, (size_t)SLICES));
	printf("%-28s %10zu\n", "index rebuilds (keys)", reindexed);
	free(idle);
	free(slice);
	printf("%-28s %10zu\n", "full re-alignments (keys)", full);
	printf("%-28s %10zu %10.1f %10zu\n", "window re-seg (keys, mean, max lines)", win_n,
	       win_n ? (double)win_lines / (double)win_n : 0.0, win_max);
	printf("%-28s %10.1f\n", "all keys, wall (s)", (double)keys_wall / 1e9);
	printf("%-28s %10.1f\n", "peak RSS (MB)", (double)ru.ru_maxrss / 1024.0);
	free(cost);
	free(cpu);
	keymap_release(&u.keys);
	ui_paint_release(&u);
	ui_safe_quit(&s);
	session_release(&s);
	char *rm = xasprintf("rm -rf '%s'", dir);
	if (system(rm) != 0)
		fprintf(stderr, "bench-editor: could not remove %s\n", dir);
	free(rm);
	free(dir);
	free(en);
	free(ko);
	free(scp);
	fclose(out);
	fclose(in);
	return 0;
}
