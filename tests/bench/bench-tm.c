/* The translation memory: lookup time on a synthetic memory of N segments
 * and on a real one.  Prints rows for tests/bench/run.sh; asserts nothing.
 *   bench-tm synth N DIR   make DIR/tm-synth-N.sqlite (a generated TMX
 *                          imported), then time lookups
 *   bench-tm db PATH       time lookups of a memory's own English, as is
 *                          and with words changed
 * Lookups: a third exact copies of stored English, a third with 1-3 words
 * changed, a third new sentences from the same vocabulary.  Times are the
 * thread's CPU time and the wall clock per lookup (p50, p99). */
#include <sys/stat.h>

#include "yeok/tm.h"

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* A vocabulary with a Zipf-like use: English function words first, then
 * the words of the hunspell en_US dictionary (so that the trigrams of the
 * text are those of English), else made-up words. */
#define VOCAB 20000
static char vocab[VOCAB][24];

static void make_vocab(void)
{
	static const char *const common[] = {
		"the", "of", "to", "and", "a", "in", "is", "it", "you", "that", "for", "with", "on",
		"this", "we", "as", "be", "are", "can", "model", "tensor", "by", "an", "from", "use",
		"data", "training", "which", "will", "or", "not", "at", "function", "have", "each"};
	size_t n = 0;
	for (; n < ARRAY_LEN(common); n++)
		snprintf(vocab[n], sizeof(vocab[n]), "%s", common[n]);
	Buf dic = BUF_INIT;
	Err e;
	err_init(&e);
	if (file_read("/usr/share/hunspell/en_US.dic", &dic, &e)) {
		/* every k-th word, so that the sample spans the alphabet */
		size_t lines = 0;
		for (size_t i = 0; i < dic.len; i++)
			lines += dic.p[i] == '\n';
		size_t step = MAX(1, lines / VOCAB), k = 0;
		for (char *p = dic.p, *end = dic.p + dic.len; p < end && n < VOCAB; k++) {
			char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
			char *slash = memchr(p, '/', len);
			size_t wl = slash ? (size_t)(slash - p) : len;
			bool alpha = wl >= 2 && wl < sizeof(vocab[0]);
			for (size_t i = 0; i < wl && alpha; i++)
				alpha = (p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z');
			if (alpha && k % step == 0) {
				memcpy(vocab[n], p, wl);
				vocab[n++][wl] = '\0';
			}
			p = nl ? nl + 1 : end;
		}
	}
	buf_release(&dic);
	/* shuffle the dictionary words so that rank is not alphabetical */
	for (size_t i = n; i-- > ARRAY_LEN(common) + 1;) {
		size_t j = ARRAY_LEN(common) + next() % (i - ARRAY_LEN(common));
		char t[24];
		memcpy(t, vocab[i], sizeof(t));
		memcpy(vocab[i], vocab[j], sizeof(t));
		memcpy(vocab[j], t, sizeof(t));
	}
	static const char cons[] = "bcdfghklmnprstvz", vow[] = "aeiou";
	for (; n < VOCAB; n++) {
		int syl = 2 + (int)(next() % 3);
		char *p = vocab[n];
		for (int s = 0; s < syl; s++) {
			*p++ = cons[next() % (sizeof(cons) - 1)];
			*p++ = vow[next() % (sizeof(vow) - 1)];
		}
		*p = '\0';
	}
}

static const char *word(void)
{
	/* rank ~ 1/u: small ranks are frequent */
	double u = (double)(next() % 1000000 + 1) / 1000000.0;
	size_t r = (size_t)((double)VOCAB * u * u * u);
	return vocab[MIN(r, VOCAB - 1)];
}

static void sentence(Buf *b)
{
	int n = 5 + (int)(next() % 40);
	for (int i = 0; i < n; i++) {
		if (i)
			buf_addc(b, ' ');
		buf_adds(b, word());
		if (next() % 23 == 0)
			buf_addf(b, " ``x%u``", (unsigned)(next() % 100));
	}
	buf_addc(b, '.');
}

typedef struct Texts {
	VEC(char *) v;
} Texts;

static bool keep_en(const TmxUnit *u, void *ctx)
{
	Texts *t = ctx;
	if (u->en)
		VEC_PUSH(&t->v, xstrdup(u->en));
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* s with k of its words replaced by vocabulary words. */
static char *perturb(const char *s, int k)
{
	VEC(Str) w = {0};
	for (const char *p = s; *p;) {
		const char *sp = strchr(p, ' ');
		size_t n = sp ? (size_t)(sp - p) : strlen(p);
		VEC_PUSH(&w, ((Str){p, n}));
		p += n + (sp != NULL);
	}
	for (int i = 0; i < k && w.n; i++)
		w.v[next() % w.n] = str_from(word());
	Buf b = BUF_INIT;
	for (size_t i = 0; i < w.n; i++) {
		if (i)
			buf_addc(&b, ' ');
		buf_addstr(&b, w.v[i]);
	}
	VEC_FREE(&w);
	return buf_detach(&b);
}

static void time_lookups(const char *db, const Texts *t, int n)
{
	Err e;
	err_init(&e);
	Tm *tm = tm_open(db, false, &e);
	if (!tm) {
		fprintf(stderr, "bench-tm: %s\n", e.msg);
		exit(1);
	}
	uint64_t *cpu = xcalloc((size_t)n, sizeof(uint64_t));
	uint64_t *wall = xcalloc((size_t)n, sizeof(uint64_t));
	size_t hits100 = 0, hits = 0;
	TmMatches m = {0};
	/* warm the page cache and the statements once */
	tm_lookup(tm, "warm up the model", 17, NULL, &m, &e);
	for (int i = 0; i < n; i++) {
		char *q;
		Buf b = BUF_INIT;
		int kind = i % 3;
		if (kind == 2 || !t->v.n) {
			sentence(&b);
			q = buf_detach(&b);
		} else {
			q = perturb(t->v.v[next() % t->v.n], kind == 0 ? 0 : 1 + (int)(next() % 3));
		}
		uint64_t c0 = cpu_ns(true), w0 = now_ns();
		if (!tm_lookup(tm, q, strlen(q), NULL, &m, &e)) {
			fprintf(stderr, "bench-tm: %s\n", e.msg);
			exit(1);
		}
		cpu[i] = cpu_ns(true) - c0;
		wall[i] = now_ns() - w0;
		hits += m.n > 0;
		hits100 += m.n > 0 && m.v[0].score == 100;
		free(q);
	}
	tm_matches_release(&m);
	qsort(cpu, (size_t)n, sizeof(uint64_t), cmp_u64);
	qsort(wall, (size_t)n, sizeof(uint64_t), cmp_u64);
	int p99 = n * 99 / 100;
	printf("lookup cpu us p50 p99 max %.0f %.0f %.0f\n", (double)cpu[n / 2] / 1e3,
	       (double)cpu[p99] / 1e3, (double)cpu[n - 1] / 1e3);
	printf("lookup wall us p50 p99 max %.0f %.0f %.0f\n", (double)wall[n / 2] / 1e3,
	       (double)wall[p99] / 1e3, (double)wall[n - 1] / 1e3);
	printf("lookups with a match %zu of %d, 100%% %zu\n", hits, n, hits100);
	free(cpu);
	free(wall);
	tm_close(tm);
}

static void own_texts(const char *db, const char *dir, Texts *t)
{
	Err e;
	err_init(&e);
	Tm *tm = tm_open(db, false, &e);
	char *tmx = path_join(dir, "tm-own.tmx");
	size_t n = 0;
	Buf data = BUF_INIT;
	if (!tm || !tm_export_tmx(tm, tmx, &n, &e) || !file_read(tmx, &data, &e) ||
	    !tm_tmx_parse(data.p, data.len, tmx, keep_en, t, &e)) {
		fprintf(stderr, "bench-tm: %s\n", e.msg);
		exit(1);
	}
	tm_close(tm);
	remove(tmx);
	free(tmx);
	buf_release(&data);
}

int main(int argc, char **argv)
{
	make_vocab();
	Texts t = {{0}};
	int lookups = getenv("BENCH_TM_LOOKUPS") ? atoi(getenv("BENCH_TM_LOOKUPS")) : 3000;
	if (argc == 4 && !strcmp(argv[1], "synth")) {
		long n = atol(argv[2]);
		char *tmx = xasprintf("%s/tm-synth-%ld.tmx", argv[3], n);
		char *db = xasprintf("%s/tm-synth-%ld.sqlite", argv[3], n);
		remove(db);
		FILE *f = fopen(tmx, "w");
		if (!f)
			return 1;
		fputs("<tmx version=\"1.4\"><header srclang=\"en\"/><body>\n", f);
		Buf b = BUF_INIT;
		for (long i = 0; i < n; i++) {
			buf_clear(&b);
			sentence(&b);
			VEC_PUSH(&t.v, xstrdup(b.p));
			fprintf(f, "<tu><prop type=\"x-file\">f%ld.rst</prop><tuv xml:lang=\"en\"><seg>%s"
			           "</seg></tuv><tuv xml:lang=\"ko\"><seg>번역 %ld 입니다</seg></tuv></tu>\n",
			        i % 300, b.p, i);
		}
		buf_release(&b);
		fputs("</body></tmx>\n", f);
		fclose(f);
		Err e;
		err_init(&e);
		uint64_t t0 = now_ns();
		Tm *tm = tm_open(db, true, &e);
		TmImportStats st;
		if (!tm || !tm_import_tmx(tm, tmx, &st, &e)) {
			fprintf(stderr, "bench-tm: %s\n", e.msg);
			return 1;
		}
		tm_close(tm);
		struct stat sb;
		stat(db, &sb);
		printf("segments %zu\n", st.added);
		printf("import ms %.0f\n", (double)(now_ns() - t0) / 1e6);
		printf("db size MB %.1f\n", (double)sb.st_size / 1048576.0);
		remove(tmx);
		time_lookups(db, &t, lookups);
		free(tmx);
		free(db);
	} else if (argc == 3 && !strcmp(argv[1], "db")) {
		char *dir = path_dirname(argv[2]);
		own_texts(argv[2], dir, &t);
		free(dir);
		printf("segments %zu\n", t.v.n);
		time_lookups(argv[2], &t, lookups);
	} else {
		fprintf(stderr, "usage: bench-tm synth N DIR | bench-tm db PATH\n");
		return 64;
	}
	for (size_t i = 0; i < t.v.n; i++)
		free(t.v.v[i]);
	VEC_FREE(&t.v);
	return 0;
}
