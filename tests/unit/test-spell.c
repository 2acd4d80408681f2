/* spell: tokenizer, word sets, Korean and English checks, exclusions,
 * add-word with an affix model, suggestions, background loading.
 * The Korean dictionary is loaded once for the whole binary (group setup). */
#include "testutil.h"

#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>

#include "yeok/spell.h"

#include <stdatomic.h>

#define S(lit) lit, sizeof(lit) - 1

static Spell *g_sp; /* Korean + English, no word lists */

/* ---- helpers -------------------------------------------------------------- */

/* The tokens of s as "word|word|..." with a '+' before glued ones. */
static char *toks(const char *s)
{
	SpellTokens t = {0};
	spell_tokenize(s, strlen(s), &t);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < t.n; i++) {
		if (i)
			buf_addc(&b, '|');
		if (t.v[i].glued)
			buf_addc(&b, '+');
		buf_add(&b, s + t.v[i].off, t.v[i].len);
	}
	VEC_FREE(&t);
	return buf_detach(&b);
}

#define assert_toks(text, expect)                    \
	do {                                         \
		char *got_ = toks(text);             \
		assert_string_equal(got_, (expect)); \
		free(got_);                          \
	} while (0)

/* The flagged words of a prose text as "word|word". */
static char *misses(Spell *sp, const char *s, const SpellWords *source)
{
	SpellMisses m = {0};
	spell_check_text(sp, s, strlen(s), source, SPELL_BLOCK, &m);
	Buf b = BUF_INIT;
	for (size_t i = 0; i < m.n; i++) {
		if (i)
			buf_addc(&b, '|');
		assert_int_equal(m.v[i].status, SPELL_BAD);
		buf_add(&b, s + m.v[i].off, m.v[i].len);
	}
	VEC_FREE(&m);
	return buf_detach(&b);
}

#define assert_misses(sp, text, source, expect)            \
	do {                                               \
		char *got_ = misses((sp), (text), (source)); \
		assert_string_equal(got_, (expect));       \
		free(got_);                                \
	} while (0)

static SpellStatus word(const char *w)
{
	return spell_check_word(g_sp, w, strlen(w), SPELL_BLOCK);
}

/* The first "frame" (a non-blocking check of a screenful of Korean
 * text) must not wait for the Korean dictionary. */
static const char k_screen[] =
	"DeviceMesh는 분산 학습을 위한 상위 수준의 추상화입니다. "
	"매개변수를 여러 장치에 나누어 저장합니다.";

typedef struct Timing {
	double t_new, t_frame, t_ready, t_first_use; /* ms after spell_new */
	bool ready_at_frame;
	size_t pending_at_frame, bad_after;
} Timing;

static Timing g_timing; /* of g_sp, measured by the group setup */

static double ms_since(uint64_t t0)
{
	return (double)(now_ns() - t0) / 1e6;
}

static Spell *timed_open(const SpellOptions *o, Timing *tm)
{
	uint64_t t0 = now_ns();
	Spell *sp = spell_new(o);
	tm->t_new = ms_since(t0);
	SpellMisses m = {0};
	spell_check_text(sp, k_screen, sizeof k_screen - 1, NULL, SPELL_NOWAIT, &m);
	tm->t_frame = ms_since(t0);
	tm->ready_at_frame = spell_ready(sp);
	tm->pending_at_frame = 0;
	for (size_t i = 0; i < m.n; i++)
		tm->pending_at_frame += m.v[i].status == SPELL_PENDING;
	spell_wait(sp);
	tm->t_ready = ms_since(t0);
	m.n = 0;
	tm->bad_after = spell_check_text(sp, k_screen, sizeof k_screen - 1, NULL,
	                                 SPELL_NOWAIT, &m);
	tm->t_first_use = ms_since(t0);
	VEC_FREE(&m);
	return sp;
}

static int group_setup(void **state)
{
	(void)state;
	SpellOptions o = {.personal_words = ""};
	g_sp = timed_open(&o, &g_timing);
	Err e;
	err_init(&e);
	if (!spell_load_error(g_sp, &e)) {
		fprintf(stderr, "# %s\n", e.msg);
		return -1;
	}
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	spell_free(g_sp);
	return 0;
}

/* ---- tokenizer -------------------------------------------------------------- */

static void test_tokenize_plain(void **state)
{
	(void)state;
	assert_toks("모델을 학습합니다.", "모델을|학습합니다");
	assert_toks("(모델) 「텐서」", "모델|텐서");
	assert_toks("state-of-the-art non-zero Re-run", "state|of|the|art|zero|run");
	assert_toks("Hello, world! It's pre-trained.", "Hello|world|It's|trained");
	/* names and code-like words are not English prose */
	assert_toks("PyTorch GPU x fp16 torch.nn f() a=b --flag my_var self.x",
	            "");
	/* Hangul glued to a Latin word or a number is an ending */
	assert_toks("PyTorch를 2.0에서 torch.nn을", "+를|+에서|+을");
	/* markup or a Latin word, a space, then a particle: still its ending */
	assert_toks("PyTorch 로 ``x`` 를 (GPU) 가", "+로|+를|+가");
	/* but not after sentence punctuation and a space */
	assert_toks("Hello. 다음, 그리고 x.다음", "Hello|다음|그리고|+다음");
	assert_toks("**모델**은 *중요*합니다", "모델|+은|중요|+합니다");
	/* invalid bytes split words, never crash */
	assert_toks("모델\xff" "입니다 ab\xff" "cd", "모델|+입니다|ab|cd");
}

static void test_tokenize_markup(void **state)
{
	(void)state;
	assert_toks("``tnesor``를 쓰세요", "+를|쓰세요");
	assert_toks("모델의``tensor``를", "모델의|+를");
	assert_toks(":func:`torch.optim.adm` 함수와 :class:`Foo <bar.Baz>`",
	            "+함수와");
	assert_toks(":py:meth:`frobnicate`", "");
	assert_toks("`default role text` 기본", "+기본");
	assert_toks("`Getting Started`_ 문서", "+문서");
	/* the text of an embedded-URL link is prose, the URL is not */
	assert_toks("`파이토치 튜토리얼 <https://tutorials.pytorch.kr/abcdefg>`__을",
	            "파이토치|튜토리얼|+을");
	assert_toks("https://github.com/pytorch/tutorail 에서 www.exmaple.com 참고",
	            "+에서|+참고");
	assert_toks("https://pytorch.org/docs에서", "+에서");
	assert_toks("|substitutn| 와 |br|_ 대체", "+와|+대체");
	assert_toks("각주 [#footnte]_ 와 [1]_ 인용 [Smith2020]_", "각주|+와|+인용");
	assert_toks("_`inline targt` 목표", "+목표");
	assert_toks("see word_ and name__ here", "see|and|here");
	assert_toks("``a`` \\ 는 `x`:math: 뒤", "+는|+뒤");
	assert_toks("``tensor``\\ 를 이스케이프", "+를|이스케이프");
	/* multi-line literal and a literal left open */
	assert_toks("앞 ``a\nb`` 뒤 ``열린", "앞|+뒤|+열린");
}

static void test_tokenize_offsets(void **state)
{
	(void)state;
	const char *s = "**번역**: `홍길동 <https://github.com/x>`_ (모델)을";
	SpellTokens t = {0};
	spell_tokenize(s, strlen(s), &t);
	assert_int_equal(t.n, 4);
	for (size_t i = 0; i < t.n; i++) {
		assert_true(t.v[i].off + t.v[i].len <= strlen(s));
		assert_int_equal(t.v[i].script, SPELL_HANGUL);
	}
	assert_memory_equal(s + t.v[0].off, "번역", t.v[0].len);
	assert_memory_equal(s + t.v[1].off, "홍길동", t.v[1].len);
	assert_memory_equal(s + t.v[2].off, "모델", t.v[2].len);
	assert_false(t.v[2].glued);
	assert_memory_equal(s + t.v[3].off, "을", t.v[3].len);
	assert_true(t.v[3].glued);
	VEC_FREE(&t);
}

static void test_tokenize_corpus_never_crashes(void **state)
{
	(void)state;
	char **pairs = tu_corpus_pairs();
	size_t total = 0;
	for (char **p = pairs; *p; p++) {
		char *name = xasprintf("%s.ko.rst", *p);
		size_t n;
		char *data = tu_corpus_file(name, &n);
		SpellTokens t = {0};
		spell_tokenize(data, n, &t);
		size_t last = 0;
		for (size_t i = 0; i < t.n; i++) {
			assert_true(t.v[i].off >= last);
			assert_true(t.v[i].len > 0);
			assert_true(t.v[i].off + t.v[i].len <= n);
			last = t.v[i].off + t.v[i].len;
		}
		total += t.n;
		VEC_FREE(&t);
		free(data);
		free(name);
	}
	assert_true(total > 1000);
	tu_free_list(pairs);
}

/* ---- word sets -------------------------------------------------------------- */

static void test_words_set(void **state)
{
	(void)state;
	SpellWords w;
	spell_words_init(&w);
	Err e;
	err_init(&e);
	assert_false(spell_words_has(&w, S("모델")));
	for (int i = 0; i < 500; i++) {
		char buf[32];
		int n = snprintf(buf, sizeof buf, "word%d", i);
		assert_true(spell_words_add(&w, buf, (size_t)n));
		assert_true(spell_words_check(&w, &e));
	}
	assert_false(spell_words_add(&w, S("word7")));
	assert_int_equal(w.n, 500);
	/* decomposed and composed Hangul are one word */
	assert_true(spell_words_add(&w, S("한국")));
	assert_true(spell_words_has(&w, S("\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab국")));
	assert_false(spell_words_add(&w, S("\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab국")));
	spell_words_add_text(&w, S("Use ``torch.compile`` with torchrun."));
	assert_true(spell_words_has(&w, S("torchrun")));
	assert_false(spell_words_has(&w, S("compile")));
	assert_true(spell_words_check(&w, &e));
	spell_words_clear(&w);
	assert_int_equal(w.n, 0);
	assert_true(spell_words_check(&w, &e));
	spell_words_release(&w);
}

/* ---- checking ------------------------------------------------------------------ */

static void test_korean(void **state)
{
	(void)state;
	assert_int_equal(word("매개변수를"), SPELL_OK);
	assert_int_equal(word("학습합니다"), SPELL_OK);
	assert_int_equal(word("모델의"), SPELL_OK);
	assert_int_equal(word("학습합니댜"), SPELL_BAD);
	assert_int_equal(word("모댈을"), SPELL_BAD);
	/* forms hunspell's affix flags lack, made of pieces its analysis
	 * knows: two particles (항목만을, 장치들보다), a 하다/되다 form of a noun it
	 * has without them (렌더링하기, 필터링됩니다), a verb and an auxiliary
	 * (알려줄, 합쳐질: 알려주다, 합쳐지다) */
	assert_int_equal(word("항목만을"), SPELL_OK);
	assert_int_equal(word("현재까지의"), SPELL_OK);
	assert_int_equal(word("장치들보다"), SPELL_OK);
	assert_int_equal(word("렌더링하기"), SPELL_OK);
	assert_int_equal(word("필터링됩니다"), SPELL_OK);
	assert_int_equal(word("알려줄"), SPELL_OK);
	assert_int_equal(word("합쳐질"), SPELL_OK);
	/* and not a particle doubled, after the wrong sound, or after a
	 * misspelt stem */
	assert_int_equal(word("모델을을"), SPELL_BAD);
	assert_int_equal(word("모델에에"), SPELL_BAD);
	assert_int_equal(word("벡터으로"), SPELL_BAD);
	assert_int_equal(word("정확도과"), SPELL_BAD);
	assert_int_equal(word("항목만를"), SPELL_BAD);
	assert_int_equal(word("하숑합니다"), SPELL_BAD);
	assert_int_equal(word("가르키도록"), SPELL_BAD);
	/* decomposed input gives the same answers */
	Buf b = BUF_INIT;
	buf_adds(&b, "\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab국어");
	assert_int_equal(spell_check_word(g_sp, b.p, b.len, SPELL_BLOCK), SPELL_OK);
	buf_release(&b);
}

static void test_english(void **state)
{
	(void)state;
	assert_int_equal(word("receive"), SPELL_OK);
	assert_int_equal(word("Receive"), SPELL_OK);
	assert_int_equal(word("recieve"), SPELL_BAD);
	assert_int_equal(word("don't"), SPELL_OK);
	assert_int_equal(word("don’t"), SPELL_OK);
}

static void test_prose_block(void **state)
{
	(void)state;
	/* deliberate misspellings in mixed prose are flagged, in order */
	assert_misses(g_sp,
	              "이 튜토리얼에서는 모델을 학습합니댜. We recieve the "
	              "parameters and train the model.",
	              NULL, "튜토리얼에서는|학습합니댜|recieve");
	/* correct inflected forms pass */
	assert_misses(g_sp, "매개변수를 학습합니다. (모델)의 출력은 "
	              "\"정확도\"입니다.", NULL, "");
	/* code, literals, roles, URLs, substitutions never flag */
	assert_misses(g_sp,
	              "``tnesor``\\ 를 :func:`torch.optim.adm`\\ 로 "
	              "호출하고 |subst| 와 https://exmple.com/tutorail 참고. "
	              "Call torch.nn.functinal.relu() or my_functoin.",
	              NULL, "");
	/* glued endings pass after any word; a bad ending does not */
	assert_misses(g_sp, "PyTorch를 Tensor는 2.0에서 ``x``\\ 로", NULL, "");
	assert_misses(g_sp, "PyTorch를릏", NULL, "를릏");
}

static void test_source_words(void **state)
{
	(void)state;
	const char *src = "Launch it with torchrun and nproc settings.";
	const char *tgt = "torchrun으로 실행하며 nproc 값을 정합니다.";
	assert_misses(g_sp, tgt, NULL, "torchrun|nproc");
	SpellWords w = {0};
	spell_words_add_text(&w, src, strlen(src));
	assert_misses(g_sp, tgt, &w, "");
	spell_words_release(&w);
}

static void test_glossary_terms(void **state)
{
	(void)state;
	const char *text = "역전파를 하고 학습률은 작게, 데이터셋이 크면 "
	                   "dataloader를 씁니다.";
	assert_misses(g_sp, text, NULL, "역전파를|학습률은|데이터셋이|dataloader");
	const char *terms[] = {"역전파", "학습률", "데이터셋", "dataloader", NULL};
	spell_add_terms(g_sp, terms, 5);
	spell_wait(g_sp);
	/* glossary terms never flag, with any particle */
	assert_misses(g_sp, text, NULL, "");
	assert_misses(g_sp, "역전파는 학습률과 데이터셋의 dataloaders", NULL, "");
}

static void test_cache(void **state)
{
	(void)state;
	SpellStats a, b;
	spell_stats(g_sp, &a);
	const char *text = "모델을 모델을 모델을 정확도가 정확도가";
	assert_misses(g_sp, text, NULL, "");
	spell_stats(g_sp, &b);
	assert_int_equal(b.lookups - a.lookups, 5);
	/* at most the two distinct words reach hunspell */
	assert_true(b.dict_calls - a.dict_calls <= 2);
	assert_true(b.cache_hits - a.cache_hits >= 3);
}

/* ---- benchmark: words per second on the Korean corpus ----------------------------- */

/* The Hangul words of every *.ko.rst of the corpus (whole files, as the
 * tokenizer sees them), NUL-separated in words; returns the count. */
static size_t corpus_hangul_words(Buf *words)
{
	char **pairs = tu_corpus_pairs();
	size_t count = 0;
	for (char **p = pairs; *p; p++) {
		char *name = xasprintf("%s.ko.rst", *p);
		size_t n;
		char *data = tu_corpus_file(name, &n);
		SpellTokens t = {0};
		spell_tokenize(data, n, &t);
		for (size_t i = 0; i < t.n; i++) {
			if (t.v[i].script != SPELL_HANGUL)
				continue;
			buf_add(words, data + t.v[i].off, t.v[i].len);
			buf_addc(words, '\n');
			count++;
		}
		VEC_FREE(&t);
		free(data);
		free(name);
	}
	tu_free_list(pairs);
	return count;
}

/* One pass over the words; returns the misspelled count, *secs the time. */
static size_t check_all(const Buf *words, double *secs)
{
	size_t bad = 0;
	uint64_t t0 = now_ns();
	for (size_t i = 0; i < words->len;) {
		const char *nl = memchr(words->p + i, '\n', words->len - i);
		size_t l = (size_t)(nl - (words->p + i));
		bad += spell_check_word(g_sp, words->p + i, l, SPELL_BLOCK) == SPELL_BAD;
		i += l + 1;
	}
	*secs = (double)(now_ns() - t0) / 1e9;
	return bad;
}

/* Run hunspell -l -d ko_KR on a file; returns its output lines or -1. */
static long run_hunspell(const char *path, double *secs)
{
	char *cmd = xasprintf("hunspell -l -d ko_KR < '%s' 2>/dev/null | wc -l", path);
	uint64_t t0 = now_ns();
	FILE *f = popen(cmd, "r");
	free(cmd);
	if (!f)
		return -1;
	long lines = -1;
	if (fscanf(f, "%ld", &lines) != 1)
		lines = -1;
	int rc = pclose(f);
	*secs = (double)(now_ns() - t0) / 1e9;
	return rc == 0 ? lines : -1;
}

/* Prints, never asserts a speed.  Asserted: the C API (with no
 * exclusions) flags no word the hunspell program accepts, and fewer
 * (the forms made of pieces hunspell's analysis knows: 항목만을). */
static void test_bench_corpus(void **state)
{
	(void)state;
	Buf words = BUF_INIT;
	size_t n = corpus_hangul_words(&words);
	assert_true(n > 1000);
	double t_off, t_cold, t_warm;
	spell_set_cache(g_sp, false);
	size_t bad = check_all(&words, &t_off);
	spell_set_cache(g_sp, true);
	size_t bad_cold = check_all(&words, &t_cold);
	size_t bad_warm = check_all(&words, &t_warm);
	assert_int_equal(bad, bad_cold);
	assert_int_equal(bad, bad_warm);
	SpellStats st;
	spell_stats(g_sp, &st);
#ifdef __SANITIZE_ADDRESS__
	const char *build = "ASan build: slow, see the release build";
#else
	const char *build = "release build";
#endif
	printf("# spell bench (%s): %zu Hangul words of the corpus, %zu misspelled\n",
	       build, n, bad);
	printf("#   no cache:        %8.0f words/s (%.3f s)\n", n / t_off, t_off);
	printf("#   cache, cold:     %8.0f words/s (%.3f s)\n", n / t_cold, t_cold);
	printf("#   cache, warm:     %8.0f words/s (%.3f s)\n", n / t_warm, t_warm);
	/* hunspell -l on the same words, and on them 5 times over: the
	 * difference is its checking speed without the loading */
	char *dir = tu_tmpdir();
	char *path = tu_write(dir, "words.txt", words.p, words.len);
	Buf five = BUF_INIT;
	for (int i = 0; i < 5; i++)
		buf_addstr(&five, buf_str(&words));
	char *path5 = tu_write(dir, "words5.txt", five.p, five.len);
	buf_release(&five);
	double t1, t5;
	long flagged = run_hunspell(path, &t1);
	long flagged5 = run_hunspell(path5, &t5);
	if (flagged < 0 || flagged5 < 0) {
		printf("#   hunspell -l -d ko_KR: not available\n");
	} else {
		double per_word = (t5 - t1) / (4.0 * (double)n);
		printf("#   hunspell -l -d ko_KR: %8.0f words/s (%.3f s, with its "
		       "loading), %.0f words/s without loading (from a 5x run: "
		       "%.3f s), %ld misspelled\n", n / t1, t1,
		       per_word > 0 ? 1.0 / per_word : 0.0, t5, flagged);
		assert_true(bad <= (size_t)flagged);
	}
	free(path5);
	free(path);
	free(dir);
	buf_release(&words);
}

/* ---- adding words ------------------------------------------------------------- */

static void test_add_word_affix_model(void **state)
{
	(void)state;
	Err e;
	err_init(&e);
	assert_int_equal(word("파이토치를"), SPELL_BAD);
	uint64_t g = spell_generation(g_sp);
	assert_true(spell_add_word(g_sp, "파이토치", "파이썬", SPELL_LIST_SESSION, &e));
	/* the exclusion set knows it at once */
	assert_int_equal(word("파이토치"), SPELL_OK);
	spell_wait(g_sp);
	assert_true(spell_generation(g_sp) > g);
	/* the dictionary knows its forms after the worker applied it */
	assert_int_equal(word("파이토치를"), SPELL_OK);
	assert_int_equal(word("파이토치는"), SPELL_OK);
	assert_int_equal(word("파이토치에서"), SPELL_OK);
	assert_int_equal(word("파이토치을"), SPELL_BAD);
	/* no model: a plain noun */
	assert_true(spell_add_word(g_sp, "텐서플로", NULL, SPELL_LIST_SESSION, &e));
	spell_wait(g_sp);
	assert_int_equal(word("텐서플로를"), SPELL_OK);
	assert_int_equal(word("텐서플로가"), SPELL_OK);
	/* bad words are refused */
	assert_false(spell_add_word(g_sp, "두 단어", NULL, SPELL_LIST_SESSION, &e));
	assert_int_equal(e.code, EXIT_USAGE);
	assert_false(spell_add_word(g_sp, "", NULL, SPELL_LIST_SESSION, &e));
	assert_false(spell_add_word(g_sp, "a/b", NULL, SPELL_LIST_SESSION, &e));
	/* no project top: no project list */
	assert_null(spell_list_path(g_sp, SPELL_LIST_PROJECT));
	assert_false(spell_add_word(g_sp, "foo", NULL, SPELL_LIST_PROJECT, &e));
}

static void test_word_lists(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *top = path_join(dir, "repo");
	char *personal = path_join(dir, "data/yeok/words");
	/* the project list exists; the personal one does not yet */
	assert_int_equal(mkdir(top, 0700), 0);
	free(tu_write(dir, "repo/.yeok-words", S("# project words\nnproc\n\ntorchrunner/runner\n")));
	SpellOptions o = {.korean = "", .personal_words = personal,
	                  .project_top = top};
	Spell *sp = spell_new(&o);
	spell_wait(sp);
	Err e;
	err_init(&e);
	assert_true(spell_load_error(sp, &e));
	assert_misses(sp, "Set nproc and torchrunners; frobnicate.", NULL, "frobnicate");
	/* add to the personal list: written, and in effect */
	assert_true(spell_add_word(sp, "frobnicate", NULL, SPELL_LIST_PERSONAL, &e));
	spell_wait(sp);
	assert_misses(sp, "Frobnicate it; frobnicates.", NULL, "");
	assert_true(spell_add_word(sp, "quuxify", NULL, SPELL_LIST_PROJECT, &e));
	spell_free(sp);
	char *got = tu_read(personal, NULL);
	assert_string_equal(got, "frobnicate\n");
	free(got);
	char *proj = path_join(top, ".yeok-words");
	got = tu_read(proj, NULL);
	assert_string_equal(got, "# project words\nnproc\n\ntorchrunner/runner\nquuxify\n");
	free(got);
	/* a new checker reads both lists */
	sp = spell_new(&o);
	assert_misses(sp, "frobnicate quuxify nproc blarg", NULL, "blarg");
	spell_free(sp);
	free(proj);
	free(personal);
	free(top);
	free(dir);
}


/* Issue 14 items 11 and 13: a .yeok-words that is a link (to a victim
 * file, to /dev/zero) is never followed: not read, not rewritten. */
static void test_project_list_link_refused(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *top = path_join(dir, "repo");
	assert_int_equal(mkdir(top, 0700), 0);
	free(tu_write(dir, "victim", S("precious\n")));
	tu_sh(dir, "ln -s ../victim repo/.yeok-words");
	SpellOptions o = {.korean = "", .personal_words = NULL, .project_top = top};
	Spell *sp = spell_new(&o);
	spell_wait(sp);
	Err e;
	err_init(&e);
	assert_false(spell_load_error(sp, &e));
	assert_non_null(strstr(e.msg, "a symbolic link"));
	assert_false(spell_add_word(sp, "quuxify", NULL, SPELL_LIST_PROJECT, &e));
	assert_non_null(strstr(e.msg, "a symbolic link"));
	spell_free(sp);
	char *v = path_join(dir, "victim");
	char *got = tu_read(v, NULL);
	assert_string_equal(got, "precious\n");
	free(got);
	free(v);
	tu_sh(dir, "rm repo/.yeok-words && ln -s /dev/zero repo/.yeok-words");
	sp = spell_new(&o);
	spell_wait(sp);
	assert_false(spell_load_error(sp, &e)); /* refused, at once */
	spell_free(sp);
	free(top);
	free(dir);
}

static void test_default_personal_path(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	setenv("XDG_DATA_HOME", dir, 1);
	SpellOptions o = {.korean = "", .english = ""};
	Spell *sp = spell_new(&o);
	char *want = xasprintf("%s/yeok/words", dir);
	assert_string_equal(spell_list_path(sp, SPELL_LIST_PERSONAL), want);
	spell_free(sp);
	unsetenv("XDG_DATA_HOME");
	free(want);
	free(dir);
}

/* ---- suggestions ---------------------------------------------------------------- */

static bool contains(char **list, size_t n, const char *w)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], w))
			return true;
	return false;
}

static void test_suggest(void **state)
{
	(void)state;
	uint64_t id = spell_suggest_request(g_sp, S("recieve"));
	assert_true(id > 0);
	char **list;
	size_t n;
	SpellSuggestState st = spell_suggest_wait(g_sp, id, &list, &n);
	assert_int_equal(st, SPELL_SUGGEST_DONE);
	assert_true(contains(list, n, "receive"));
	spell_list_free(list, n);
	/* taken: unknown now */
	assert_int_equal(spell_suggest_poll(g_sp, id, &list, &n), SPELL_SUGGEST_UNKNOWN);

	id = spell_suggest_request(g_sp, S("학습합니댜"));
	/* polling never blocks; eventually done */
	while ((st = spell_suggest_poll(g_sp, id, &list, &n)) == SPELL_SUGGEST_PENDING) {
		struct pollfd p = {spell_notify_fd(g_sp), POLLIN, 0};
		poll(&p, 1, 1000);
		spell_notify_drain(g_sp);
	}
	assert_int_equal(st, SPELL_SUGGEST_DONE);
	assert_true(contains(list, n, "학습합니다"));
	spell_list_free(list, n);

	char *first = spell_suggest_first(g_sp, S("recieve"));
	assert_non_null(first);
	assert_string_equal(first, "receive");
	free(first);
	/* Korean: the quick suggestion (one jamo off, or a missing space) */
	static const char *const quick[][2] = {
		{"학습합니댜", "학습합니다"}, {"씀니다", "씁니다"},
		{"모댈을", "모델을"}, {"매개변수를학습합니다", "매개변수를 학습합니다"},
	};
	for (size_t i = 0; i < ARRAY_LEN(quick); i++) {
		first = spell_suggest_first(g_sp, quick[i][0], strlen(quick[i][0]));
		assert_non_null(first);
		assert_string_equal(first, quick[i][1]);
		free(first);
		/* and it leads the editor's list */
		id = spell_suggest_request(g_sp, quick[i][0], strlen(quick[i][0]));
		assert_int_equal(spell_suggest_wait(g_sp, id, &list, &n), SPELL_SUGGEST_DONE);
		assert_true(n >= 1);
		assert_string_equal(list[0], quick[i][1]);
		spell_list_free(list, n);
	}
	/* a word the dictionary lacks has no quick suggestion */
	assert_null(spell_suggest_first(g_sp, S("디바이스를")));

	/* a newer request drops older ones that have not started */
	uint64_t ids[4];
	for (int i = 0; i < 4; i++)
		ids[i] = spell_suggest_request(g_sp, S("모댈을"));
	st = spell_suggest_wait(g_sp, ids[3], &list, &n);
	assert_int_equal(st, SPELL_SUGGEST_DONE);
	spell_list_free(list, n);
	for (int i = 0; i < 3; i++) {
		st = spell_suggest_wait(g_sp, ids[i], &list, &n);
		assert_true(st == SPELL_SUGGEST_DONE || st == SPELL_SUGGEST_UNKNOWN);
		spell_list_free(list, n);
	}
}

/* One lazy, remembering checker's answers for text and its first
 * suggestions (added: the terms given to it before spell_remember). */
static char *memo_run(const char *memo, const char *added, SpellStats *st)
{
	SpellOptions o = {.personal_words = "", .lazy = true};
	Spell *sp = spell_new(&o);
	const char *terms[] = {added};
	spell_add_terms(sp, terms, 1);
	spell_remember(sp, memo);
	spell_wait(sp);
	static const char text[] = "모델을 학습합니댜. 씀니다 recieve 트랜스포머를 잘 합니다.";
	char *got = misses(sp, text, NULL);
	Buf b = BUF_INIT;
	buf_adds(&b, got);
	free(got);
	static const char *const bad[] = {"학습합니댜", "씀니다", "recieve"};
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		char *f = spell_suggest_first(sp, bad[i], strlen(bad[i]));
		buf_addf(&b, " %s", f ? f : "-");
		free(f);
	}
	spell_stats(sp, st);
	spell_free(sp); /* writes what was learnt */
	return buf_detach(&b);
}

/* spell_remember: a second run with the same inputs gives the same
 * answers and suggestions without loading a dictionary; another addition
 * (a new key) loads them again and answers for it. */
static void test_remember(void **state)
{
	(void)state;
	char *dir = tu_tmpdir();
	char *memo = path_join(dir, "sub/memo.txt");
	SpellStats a, b, c;
	char *first = memo_run(memo, "트랜스포머", &a);
	assert_true(file_exists(memo));
	char *second = memo_run(memo, "트랜스포머", &b);
	assert_string_equal(second, first);
	assert_int_equal(a.dicts_loaded, 2);
	assert_int_equal(b.dicts_loaded, 0);
	assert_int_equal(b.dict_calls, 0);
	assert_int_equal(b.suggestions, 0);
	assert_true(a.suggestions > 0);
	char *other = memo_run(memo, "텐서", &c);
	assert_int_equal(c.dicts_loaded, 2);
	assert_non_null(strstr(other, "트랜스포머를")); /* no longer a term */
	assert_null(strstr(first, "트랜스포머를"));
	/* no memo at all: lazy still answers */
	SpellStats d;
	char *none = memo_run(NULL, "트랜스포머", &d);
	assert_string_equal(none, first);
	free(none);
	free(other);
	free(second);
	free(first);
	free(memo);
	free(dir);
}

static void test_free_with_pending_work(void **state)
{
	(void)state;
	SpellOptions o = {.personal_words = "", .korean = ""};
	Spell *sp = spell_new(&o);
	for (int i = 0; i < 5; i++)
		spell_suggest_request(sp, S("recieve"));
	Err e;
	err_init(&e);
	assert_true(spell_add_word(sp, "zorble", NULL, SPELL_LIST_SESSION, &e));
	spell_free(sp); /* clean shutdown, no leak (ASan) */
}

/* The editor thread checks without waiting while the worker computes
 * suggestions and applies additions: answers are OK, BAD or PENDING,
 * never wrong for a word nobody added, and nothing races (ASan/UBSan). */
static atomic_bool g_stop_checker;

static void *checker(void *arg)
{
	size_t *pending = arg;
	const char *text = "모델을 학습합니댜. We recieve 매개변수를.";
	while (!atomic_load(&g_stop_checker)) {
		SpellMisses m = {0};
		spell_check_text(g_sp, text, strlen(text), NULL, SPELL_NOWAIT, &m);
		for (size_t i = 0; i < m.n; i++) {
			if (m.v[i].status == SPELL_PENDING) {
				(*pending)++;
				continue;
			}
			/* only the two misspellings can ever be BAD */
			bool ok = !strncmp(text + m.v[i].off, "학습합니댜", m.v[i].len) ||
			          !strncmp(text + m.v[i].off, "recieve", m.v[i].len);
			if (!ok)
				abort();
		}
		VEC_FREE(&m);
	}
	return NULL;
}

static void test_threads(void **state)
{
	(void)state;
	size_t pending = 0;
	pthread_t th;
	atomic_store(&g_stop_checker, false);
	assert_int_equal(pthread_create(&th, NULL, checker, &pending), 0);
	Err e;
	err_init(&e);
	for (int i = 0; i < 3; i++) {
		uint64_t id = spell_suggest_request(g_sp, S("모댈을"));
		char **list;
		size_t n;
		assert_int_equal(spell_suggest_wait(g_sp, id, &list, &n), SPELL_SUGGEST_DONE);
		spell_list_free(list, n);
		const char *w = i == 0 ? "쿼크" : i == 1 ? "글루온" : "렙톤";
		assert_true(spell_add_word(g_sp, w, NULL, SPELL_LIST_SESSION, &e));
	}
	spell_wait(g_sp);
	atomic_store(&g_stop_checker, true);
	pthread_join(th, NULL);
	printf("# threads: %zu words were pending while the worker was busy\n", pending);
	assert_int_equal(word("글루온을"), SPELL_OK);
}

/* ---- loading in the background ----------------------------------------------------- */

static void print_timing(const char *label, const Timing *tm)
{
	printf("# open-to-first-frame, %s: spell_new %.3f ms, first frame "
	       "%.3f ms (dictionary ready then: %s, %zu words pending), "
	       "loaded %.1f ms, first usable check %.1f ms\n", label,
	       tm->t_new, tm->t_frame, tm->ready_at_frame ? "yes" : "no",
	       tm->pending_at_frame, tm->t_ready, tm->t_first_use);
}

/* Timings are printed, not asserted: what is asserted is that the first
 * frame did its work without the dictionary (pending words) and that the
 * same check gives real answers once loaded. */
static void test_first_frame_does_not_wait(void **state)
{
	(void)state;
	print_timing("with the Korean dictionary", &g_timing);
	if (!g_timing.ready_at_frame)
		assert_true(g_timing.pending_at_frame > 0);
	assert_int_equal(g_timing.bad_after, 0);

	Timing tm;
	SpellOptions o = {.personal_words = "", .korean = "/nonexistent/ko"};
	Spell *sp = timed_open(&o, &tm);
	print_timing("without it", &tm);
	assert_int_equal(tm.bad_after, 0);
	Err e;
	err_init(&e);
	assert_false(spell_load_error(sp, &e));
	spell_free(sp);
}

static void test_missing_dictionary(void **state)
{
	(void)state;
	SpellOptions o = {.personal_words = "", .korean = "/nonexistent/ko",
	                  .english = "no_SUCH"};
	Spell *sp = spell_new(&o);
	/* a Hangul word is pending until loading has finished, then OK */
	SpellStatus st = spell_check_word(sp, S("학습합니댜"), SPELL_NOWAIT);
	assert_true(st == SPELL_PENDING || st == SPELL_OK);
	spell_wait(sp);
	assert_int_equal(spell_check_word(sp, S("학습합니댜"), SPELL_NOWAIT), SPELL_OK);
	assert_int_equal(spell_check_word(sp, S("recieve"), SPELL_NOWAIT), SPELL_OK);
	assert_false(spell_has_dict(sp, SPELL_HANGUL));
	assert_false(spell_has_dict(sp, SPELL_LATIN));
	Err e;
	err_init(&e);
	assert_false(spell_load_error(sp, &e));
	assert_non_null(strstr(e.msg, "no Korean dictionary '/nonexistent/ko'"));
	assert_non_null(strstr(e.msg, "no English dictionary 'no_SUCH'"));
	spell_free(sp);
}

static void test_notify_fd(void **state)
{
	(void)state;
	SpellOptions o = {.personal_words = "", .korean = ""};
	Spell *sp = spell_new(&o);
	spell_wait(sp);
	struct pollfd p = {spell_notify_fd(sp), POLLIN, 0};
	assert_int_equal(poll(&p, 1, 0), 1);
	spell_notify_drain(sp);
	assert_int_equal(poll(&p, 1, 0), 0);
	assert_true(spell_generation(sp) >= 1);
	spell_free(sp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tokenize_plain),
		cmocka_unit_test(test_tokenize_markup),
		cmocka_unit_test(test_tokenize_offsets),
		cmocka_unit_test(test_tokenize_corpus_never_crashes),
		cmocka_unit_test(test_words_set),
		cmocka_unit_test(test_korean),
		cmocka_unit_test(test_english),
		cmocka_unit_test(test_prose_block),
		cmocka_unit_test(test_source_words),
		cmocka_unit_test(test_bench_corpus),
		cmocka_unit_test(test_glossary_terms),
		cmocka_unit_test(test_cache),
		cmocka_unit_test(test_add_word_affix_model),
		cmocka_unit_test(test_word_lists),
		cmocka_unit_test(test_project_list_link_refused),
		cmocka_unit_test(test_default_personal_path),
		cmocka_unit_test(test_suggest),
		cmocka_unit_test(test_remember),
		cmocka_unit_test(test_free_with_pending_work),
		cmocka_unit_test(test_threads),
		cmocka_unit_test(test_first_frame_does_not_wait),
		cmocka_unit_test(test_missing_dictionary),
		cmocka_unit_test(test_notify_fd),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
