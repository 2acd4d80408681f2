/*
 * The checker: two hunspell handles, one worker thread (loading, word
 * additions, suggestions), a per-word cache, the exclusion sets.
 *
 * Locks (never taken in another order than this):
 *   Spell.mu        queue, results, word set, flags, load errors
 *   Dict.lock       the hunspell handle (held during a check, an add, a
 *                   suggestion: the only long hold, up to ~0.25 s)
 *   Dict.cache_mu   the cache (short holds only)
 * Spell.mu is never held while a Dict.lock is taken, except by nobody:
 * the worker releases mu before it touches a dictionary.
 */
#include "yeok/spell.h"
#include "yeok/text.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hunspell.h>

#include "spell-private.h"

/* The English noun additions are modelled on (layer/CSM: plural and
 * possessive). */
#define SPELL_EN_NOUN_MODEL "layer"
/* Placeholder nouns to check the ending of a word whose stem hunspell
 * does not know: a Hangul run glued to a Latin word or to markup
 * ("PyTorch를", "``x``\ 를") or following a glossary term.  The particle
 * depends on the stem's last sound (을/를, 이/가, 으로/로): one noun per
 * kind of ending. */
enum { GLUE_CONSONANT, GLUE_RIEUL, GLUE_VOWEL, GLUE_ANY };
static const char *const glue_nouns[] = {"사람", "하늘", "나무"};
/* The cache is emptied when it reaches this many words. */
#define CACHE_MAX (1u << 20)

typedef struct Dict {
	const char *what;         /* "Korean", "English" (for messages) */
	Hunhandle *h;             /* NULL until loaded (or when missing) */
	atomic_bool loaded;       /* h is set and usable */
	pthread_mutex_t lock;     /* guards h */
	pthread_mutex_t cache_mu; /* guards good, bad */
	SpellWords good, bad;     /* the cache */
	SpellWords morph_good, morph_bad; /* the cache of ko_morph_cached */
} Dict;

typedef enum JobKind { JOB_ADD, JOB_SUGGEST } JobKind;

typedef struct Job {
	JobKind kind;
	uint64_t id;   /* suggestions */
	char *word;    /* NFC */
	char *model;   /* JOB_ADD: NFC model word, or NULL */
} Job;

typedef struct Result {
	uint64_t id;
	char **list;
	size_t n;
} Result;

#define RESULTS_MAX 16

struct Spell {
	atomic_bool no_cache;          /* spell_set_cache(sp, false) */
	char *korean, *english;        /* dictionary names or paths */
	char *personal_path;           /* NULL: none */
	char *project_path;            /* NULL: none */
	char *loanwords_path;          /* the shipped loanword list; NULL: none */
	Dict ko, en;

	pthread_t worker;
	pthread_mutex_t mu;
	pthread_cond_t work_cv;        /* the worker waits for jobs */
	pthread_cond_t done_cv;        /* others wait for progress */
	bool loading_done;
	bool stop;
	VEC(Job) queue;                /* FIFO; head at index 0 */
	Job running;                   /* kind/id of the job in progress */
	bool busy;
	size_t pending_adds;           /* queued or running JOB_ADDs */
	VEC(Result) results;
	uint64_t next_id;
	SpellWords words;              /* glossary terms, lists, session */
	char **vocab;                  /* the repository's words (NFC), for
	                                  ranking suggestions */
	size_t *vocab_files;           /* in how many of its files each is */
	size_t vocab_n;
	VEC(Result) firsts;            /* spell_suggest_first cache: list[0]
	                                  is the word, list[1] the suggestion
	                                  (NULL), n unused */
	Buf load_errors;

	atomic_uint_fast64_t generation;
	atomic_uint_fast64_t lookups, cache_hits, dict_calls, suggestions;
	int notify[2];                 /* pipe: [0] read, [1] write */

	/* SpellOptions.lazy: the worker reads the word lists' words, then
	 * loads the dictionaries only once a word needs them (demanded) */
	bool lazy;
	bool lists_done;               /* lazy: the lists' words are in list_words */
	SpellWords list_words;         /* lazy: the lists' words before the
	                                  dictionaries load them (apart from
	                                  words: a term's addition must not
	                                  depend on which came first) */
	bool demanded;                 /* lazy: the dictionaries are wanted */
	atomic_uint dicts_loaded;
	/* spell_remember: the dictionaries' answers kept across runs (under
	 * mu).  memo_key fingerprints what they depend on; every addition
	 * and the vocabulary feed it (adds_hash), and one after
	 * spell_remember turns the memo off */
	uint64_t adds_hash;
	char *memo_path;               /* NULL: no memo */
	bool memo_on;
	bool memo_dirty;               /* answers learnt: written by spell_free */
	uint64_t memo_key;
	SpellWords memo_good[3], memo_bad[3]; /* [0] Korean, [1] English, [2] the Korean
	                                         morphology (ko_morph_cached) */
};

/* ---- small helpers ------------------------------------------------------ */

static void bump(Spell *sp)
{
	atomic_fetch_add(&sp->generation, 1);
	char c = 1;
	ssize_t r = write(sp->notify[1], &c, 1);
	(void)r; /* a full pipe is already readable */
}

/* FNV-1a of s[0..n) continued from h (then a separator). */
static uint64_t hash_more(uint64_t h, const void *s, size_t n)
{
	const unsigned char *p = s;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return (h ^ 0xffu) * 1099511628211ull;
}

static bool is_hangul_word(const char *s, size_t n)
{
	int32_t cp;
	if (n == 0)
		return false;
	text_decode(s, n, &cp);
	return cp >= 0 && text_is_hangul(cp);
}

static bool file_ok(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Resolve a dictionary name or path to its .aff/.dic; false when absent. */
static bool find_dict(const char *name, char **aff, char **dic)
{
	VEC(char *) dirs = {0};
	if (strchr(name, '/')) {
		VEC_PUSH(&dirs, xstrdup(""));
	} else {
		const char *dp = getenv("DICPATH");
		while (dp && *dp) {
			const char *c = strchr(dp, ':');
			size_t l = c ? (size_t)(c - dp) : strlen(dp);
			if (l)
				VEC_PUSH(&dirs, xasprintf("%.*s/", (int)l, dp));
			dp = c ? c + 1 : NULL;
		}
		VEC_PUSH(&dirs, xstrdup("/usr/share/hunspell/"));
		VEC_PUSH(&dirs, xstrdup("/usr/share/myspell/"));
		VEC_PUSH(&dirs, xstrdup("/usr/share/myspell/dicts/"));
	}
	bool found = false;
	for (size_t i = 0; i < dirs.n && !found; i++) {
		char *a = xasprintf("%s%s.aff", dirs.v[i], name);
		char *d = xasprintf("%s%s.dic", dirs.v[i], name);
		if (file_ok(a) && file_ok(d)) {
			*aff = a;
			*dic = d;
			found = true;
		} else {
			free(a);
			free(d);
		}
	}
	for (size_t i = 0; i < dirs.n; i++)
		free(dirs.v[i]);
	VEC_FREE(&dirs);
	return found;
}

static void load_error(Spell *sp, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void load_error(Spell *sp, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pthread_mutex_lock(&sp->mu);
	if (sp->load_errors.len)
		buf_adds(&sp->load_errors, "; ");
	buf_vaddf(&sp->load_errors, fmt, ap);
	pthread_mutex_unlock(&sp->mu);
	va_end(ap);
}

static void dict_init(Dict *d, const char *what)
{
	d->what = what;
	d->h = NULL;
	atomic_init(&d->loaded, false);
	pthread_mutex_init(&d->lock, NULL);
	pthread_mutex_init(&d->cache_mu, NULL);
	spell_words_init(&d->good);
	spell_words_init(&d->bad);
	spell_words_init(&d->morph_good);
	spell_words_init(&d->morph_bad);
}

static void dict_release(Dict *d)
{
	if (d->h)
		Hunspell_destroy(d->h);
	d->h = NULL;
	pthread_mutex_destroy(&d->lock);
	pthread_mutex_destroy(&d->cache_mu);
	spell_words_release(&d->good);
	spell_words_release(&d->bad);
	spell_words_release(&d->morph_good);
	spell_words_release(&d->morph_bad);
}

static void dict_load(Spell *sp, Dict *d, const char *name)
{
	if (!name || !*name)
		return; /* disabled */
	char *aff = NULL, *dic = NULL;
	if (!find_dict(name, &aff, &dic)) {
		load_error(sp, "no %s dictionary '%s' (%s.aff and %s.dic in $DICPATH, /usr/share/hunspell or /usr/share/myspell)",
		           d->what, name, name, name);
		return;
	}
	Hunhandle *h = Hunspell_create(aff, dic);
	free(aff);
	free(dic);
	if (!h) {
		load_error(sp, "cannot load the %s dictionary '%s'", d->what, name);
		return;
	}
	pthread_mutex_lock(&d->lock);
	d->h = h;
	pthread_mutex_unlock(&d->lock);
	atomic_store(&d->loaded, true);
	atomic_fetch_add(&sp->dicts_loaded, 1);
	bump(sp);
}

/* Add word (NFC) to dictionary d, modelled on model (NFC, may be NULL).
 * The ko dictionary stores decomposed Hangul: a composed word added
 * plainly has no effect, so both strings go in as NFD. */
static void dict_add(Dict *d, bool korean, const char *word,
                     const char *model)
{
	if (!atomic_load(&d->loaded))
		return;
	Buf w = BUF_INIT, m = BUF_INIT;
	if (korean) {
		text_nfd(word, strlen(word), &w);
		text_nfd(model, strlen(model), &m);
	} else {
		buf_adds(&w, word);
		if (model)
			buf_adds(&m, model);
	}
	pthread_mutex_lock(&d->lock);
	/* a model the dictionary does not know gives the word no affixes */
	if (m.len && Hunspell_spell(d->h, m.p))
		Hunspell_add_with_affix(d->h, w.p, m.p);
	else
		Hunspell_add(d->h, w.p);
	/* an added word changes the answers for its inflections: forget all
	 * (while holding the lock, so no check stores an older answer) */
	pthread_mutex_lock(&d->cache_mu);
	spell_words_clear(&d->good);
	spell_words_clear(&d->bad);
	spell_words_clear(&d->morph_good);
	spell_words_clear(&d->morph_bad);
	pthread_mutex_unlock(&d->cache_mu);
	pthread_mutex_unlock(&d->lock);
	buf_release(&w);
	buf_release(&m);
}

/* ---- word lists ---------------------------------------------------------- */

/* Split a list line "word" or "word/model" (trimmed); false for blank
 * lines and comments. */
static bool parse_list_line(Str line, Str *word, Str *model)
{
	line = str_trim(line);
	if (line.n == 0 || line.p[0] == '#')
		return false;
	const char *slash = memchr(line.p, '/', line.n);
	if (slash) {
		*word = str_trim((Str){line.p, (size_t)(slash - line.p)});
		*model = str_trim((Str){slash + 1, line.n - (size_t)(slash + 1 - line.p)});
	} else {
		*word = line;
		*model = (Str){NULL, 0};
	}
	return word->n > 0;
}

/* Add a word (NFC) to the exclusion set and its dictionary.  Runs on the
 * worker (or under spell_wait in the caller's thread via the queue). */
static int glue_kind(const char *s, size_t n);

static void apply_add(Spell *sp, const char *word, const char *model)
{
	size_t n = strlen(word);
	/* a noun without a model takes the particles of a noun that ends the
	 * same way (을/를 follow the model: 디바이스 like 나무, 모델 like 하늘) */
	int kind = glue_kind(word, n);
	if (is_hangul_word(word, n))
		dict_add(&sp->ko, true, word, model ? model : kind < GLUE_ANY ? glue_nouns[kind] :
		                                             SPELL_KO_NOUN_MODEL);
	else
		dict_add(&sp->en, false, word, model ? model : SPELL_EN_NOUN_MODEL);
}

/* Word lists are side files: regular, at most this big; the project's
 * (from the repository) is never followed through a link. */
#define SPELL_LIST_MAX_BYTES (16u << 20)

/* load_list's flags besides file_read_limit's: the words only (the
 * dictionaries are not loaded yet), and no error said (said by the pass
 * of words_only). */
#define LIST_WORDS_ONLY (1u << 30)
#define LIST_QUIET (1u << 29)

static void load_list(Spell *sp, const char *path, unsigned flags)
{
	if (!path || !file_exists(path))
		return;
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	bool quiet = flags & LIST_QUIET, words_only = flags & LIST_WORDS_ONLY;
	flags &= ~(LIST_QUIET | LIST_WORDS_ONLY);
	if (!file_read_limit(path, SPELL_LIST_MAX_BYTES, flags, &b, &e)) {
		if (!quiet)
			load_error(sp, "%s", e.msg);
		return;
	}
	Str all = buf_str(&b);
	size_t lineno = 0;
	while (all.n) {
		const char *nl = memchr(all.p, '\n', all.n);
		size_t l = nl ? (size_t)(nl - all.p) : all.n;
		Str line = {all.p, l};
		all = str_slice(all, nl ? l + 1 : l, all.n);
		lineno++;
		Str w, m;
		if (!parse_list_line(line, &w, &m))
			continue;
		if (!text_valid(line.p, line.n)) {
			if (!quiet)
				load_error(sp, "%s:%zu: not UTF-8", path, lineno);
			continue;
		}
		Buf wn = BUF_INIT, mn = BUF_INIT;
		text_nfc(w.p, w.n, &wn);
		if (m.n)
			text_nfc(m.p, m.n, &mn);
		pthread_mutex_lock(&sp->mu);
		spell_words_add_nfc(words_only ? &sp->list_words : &sp->words, wn.p, wn.len);
		pthread_mutex_unlock(&sp->mu);
		if (!words_only)
			apply_add(sp, wn.p, m.n ? mn.p : NULL);
		buf_release(&wn);
		buf_release(&mn);
	}
	buf_release(&b);
}

/* ---- a quick Korean suggestion ---------------------------------------------
 * hunspell's Korean suggestions take 2–350 ms a word and, for words the
 * dictionary lacks, propose look-alikes (디바이스를 → 파라다이스를).  Most
 * real Korean typos are one jamo off (학습합니댜, 씀니다) or a missing
 * space: try those edits with Hunspell_spell (a few hundred checks, about
 * 1–5 ms) and take the first that passes.  Caller holds d->lock. */

static void encode_cps(const int32_t *cp, size_t n, Buf *out)
{
	buf_clear(out);
	for (size_t i = 0; i < n; i++)
		text_encode(out, cp[i]);
}

static bool spell_cps(Hunhandle *h, const int32_t *cp, size_t n, Buf *tmp)
{
	encode_cps(cp, n, tmp);
	return Hunspell_spell(h, tmp->p) != 0;
}

static char *ko_quick_suggest(Hunhandle *h, const char *w, size_t n)
{
	VEC(int32_t) cp = {0};
	for (size_t i = 0; i < n;) {
		int32_t c;
		i += text_decode(w + i, n - i, &c);
		if (c < 0) {
			VEC_FREE(&cp);
			return NULL;
		}
		VEC_PUSH(&cp, c);
	}
	Buf tmp = BUF_INIT;
	char *found = NULL;
	/* one jamo replaced: vowels, then finals, then initials; the last
	 * syllables first (endings are where typos hurt) */
	static const int parts[3][2] = {{1, 21}, {2, 28}, {0, 19}};
	for (size_t p = 0; p < 3 && !found; p++) {
		for (size_t k = cp.n; k-- > 0 && !found;) {
			int32_t c = cp.v[k];
			if (c < 0xac00 || c > 0xd7a3)
				continue;
			int jamo[3] = {(c - 0xac00) / 588, (c - 0xac00) % 588 / 28, (c - 0xac00) % 28};
			int which = parts[p][0];
			for (int alt = 0; alt < parts[p][1] && !found; alt++) {
				if (alt == jamo[which])
					continue;
				int j2[3] = {jamo[0], jamo[1], jamo[2]};
				j2[which] = alt;
				cp.v[k] = 0xac00 + j2[0] * 588 + j2[1] * 28 + j2[2];
				if (spell_cps(h, cp.v, cp.n, &tmp))
					found = xstrdup(tmp.p);
			}
			cp.v[k] = c;
		}
	}
	/* a missing space: both halves are words */
	for (size_t k = cp.n - 1; k >= 1 && !found; k--) {
		if (!spell_cps(h, cp.v + k, cp.n - k, &tmp))
			continue;
		Buf right = BUF_INIT;
		buf_addstr(&right, buf_str(&tmp));
		if (spell_cps(h, cp.v, k, &tmp))
			found = xasprintf("%s %s", tmp.p, right.p);
		buf_release(&right);
	}
	buf_release(&tmp);
	VEC_FREE(&cp);
	return found;
}

/* ---- the worker ----------------------------------------------------------- */

/* The suggestions for j->word: hunspell's (NFC), with the quick Korean
 * suggestion first when there is one (full: false gives only that). */
static void run_suggest(Spell *sp, const Job *j, Result *r, bool full)
{
	size_t n = strlen(j->word);
	bool korean = is_hangul_word(j->word, n);
	Dict *d = korean ? &sp->ko : &sp->en;
	r->id = j->id;
	r->list = NULL;
	r->n = 0;
	if (!atomic_load(&d->loaded))
		return;
	VEC(char *) out = {0};
	pthread_mutex_lock(&d->lock);
	if (korean) {
		char *q = ko_quick_suggest(d->h, j->word, n);
		if (q)
			VEC_PUSH(&out, q);
	}
	if (full || !korean) {
		char **list = NULL;
		int k = Hunspell_suggest(d->h, &list, j->word);
		for (int i = 0; i < k; i++) {
			Buf b = BUF_INIT;
			text_nfc(list[i], strlen(list[i]), &b);
			bool dup = false;
			for (size_t x = 0; x < out.n; x++)
				dup = dup || !strcmp(out.v[x], b.p);
			if (dup)
				buf_release(&b);
			else
				VEC_PUSH(&out, buf_detach(&b));
		}
		if (list)
			Hunspell_free_list(d->h, &list, k);
	}
	pthread_mutex_unlock(&d->lock);
	r->list = out.v;
	r->n = out.n;
}

static void job_free(Job *j)
{
	free(j->word);
	free(j->model);
	j->word = j->model = NULL;
}

static void *worker_main(void *arg)
{
	Spell *sp = arg;
	unsigned quiet = 0;
	if (sp->lazy) { /* the lists' words now, the dictionaries when wanted */
		load_list(sp, sp->loanwords_path, LIST_WORDS_ONLY);
		load_list(sp, sp->personal_path, LIST_WORDS_ONLY);
		load_list(sp, sp->project_path, FILE_NOFOLLOW | LIST_WORDS_ONLY);
		pthread_mutex_lock(&sp->mu);
		sp->lists_done = true;
		pthread_cond_broadcast(&sp->done_cv);
		while (!sp->demanded && !sp->stop)
			pthread_cond_wait(&sp->work_cv, &sp->mu);
		bool stop = sp->stop;
		pthread_mutex_unlock(&sp->mu);
		if (stop) {
			bump(sp);
			return NULL;
		}
		quiet = LIST_QUIET;
	}
	dict_load(sp, &sp->en, sp->english);
	dict_load(sp, &sp->ko, sp->korean);
	load_list(sp, sp->loanwords_path, quiet);
	load_list(sp, sp->personal_path, quiet);
	load_list(sp, sp->project_path, FILE_NOFOLLOW | quiet);
	pthread_mutex_lock(&sp->mu);
	sp->loading_done = true;
	pthread_cond_broadcast(&sp->done_cv);
	for (;;) {
		while (!sp->stop && sp->queue.n == 0)
			pthread_cond_wait(&sp->work_cv, &sp->mu);
		if (sp->stop)
			break;
		Job j = sp->queue.v[0];
		memmove(sp->queue.v, sp->queue.v + 1,
		        (sp->queue.n - 1) * sizeof(Job));
		sp->queue.n--;
		sp->busy = true;
		sp->running = j;
		pthread_mutex_unlock(&sp->mu);

		Result r = {0, NULL, 0};
		if (j.kind == JOB_ADD)
			apply_add(sp, j.word, j.model);
		else
			run_suggest(sp, &j, &r, true);

		pthread_mutex_lock(&sp->mu);
		if (j.kind == JOB_ADD) {
			sp->pending_adds--;
		} else {
			if (sp->results.n == RESULTS_MAX) {
				spell_list_free(sp->results.v[0].list, sp->results.v[0].n);
				memmove(sp->results.v, sp->results.v + 1,
				        (RESULTS_MAX - 1) * sizeof(Result));
				sp->results.n--;
			}
			VEC_PUSH(&sp->results, r);
		}
		sp->busy = false;
		job_free(&j);
		pthread_cond_broadcast(&sp->done_cv);
		pthread_mutex_unlock(&sp->mu);
		bump(sp);
		pthread_mutex_lock(&sp->mu);
	}
	pthread_mutex_unlock(&sp->mu);
	bump(sp);
	return NULL;
}

/* ---- lifecycle ------------------------------------------------------------ */

static char *default_personal_path(void)
{
	const char *x = getenv("XDG_DATA_HOME");
	if (x && *x == '/')
		return xasprintf("%s/yeok/words", x);
	const char *home = getenv("HOME");
	if (home && *home)
		return xasprintf("%s/.local/share/yeok/words", home);
	return NULL;
}

Spell *spell_new(const SpellOptions *opt)
{
	SpellOptions none = {0};
	if (!opt)
		opt = &none;
	Spell *sp = xcalloc(1, sizeof(*sp));
	atomic_init(&sp->no_cache, false);
	sp->korean = xstrdup(opt->korean ? opt->korean : "ko");
	sp->english = xstrdup(opt->english ? opt->english : "en_US");
	if (!opt->personal_words)
		sp->personal_path = default_personal_path();
	else if (*opt->personal_words)
		sp->personal_path = xstrdup(opt->personal_words);
	if (opt->project_top && *opt->project_top)
		sp->project_path = path_join(opt->project_top, ".yeok-words");
	if (opt->loanwords && *opt->loanwords)
		sp->loanwords_path = xstrdup(opt->loanwords);
	sp->lazy = opt->lazy;
	dict_init(&sp->ko, "Korean");
	dict_init(&sp->en, "English");
	pthread_mutex_init(&sp->mu, NULL);
	pthread_cond_init(&sp->work_cv, NULL);
	pthread_cond_init(&sp->done_cv, NULL);
	spell_words_init(&sp->words);
	buf_init(&sp->load_errors);
	atomic_init(&sp->generation, 0);
	atomic_init(&sp->lookups, 0);
	atomic_init(&sp->cache_hits, 0);
	atomic_init(&sp->dict_calls, 0);
	atomic_init(&sp->suggestions, 0);
	atomic_init(&sp->dicts_loaded, 0);
	sp->next_id = 1;
	if (pipe(sp->notify) != 0)
		fatal("spell: pipe: %s", strerror(errno));
	for (int i = 0; i < 2; i++) {
		fcntl(sp->notify[i], F_SETFL, fcntl(sp->notify[i], F_GETFL) | O_NONBLOCK);
		fcntl(sp->notify[i], F_SETFD, FD_CLOEXEC);
	}
	int rc = pthread_create(&sp->worker, NULL, worker_main, sp);
	if (rc != 0)
		fatal("spell: cannot start a thread: %s", strerror(rc));
	return sp;
}

static void memo_write(Spell *sp);

void spell_free(Spell *sp)
{
	if (!sp)
		return;
	memo_write(sp);
	pthread_mutex_lock(&sp->mu);
	sp->stop = true;
	pthread_cond_broadcast(&sp->work_cv);
	pthread_mutex_unlock(&sp->mu);
	pthread_join(sp->worker, NULL);
	for (size_t i = 0; i < sp->queue.n; i++)
		job_free(&sp->queue.v[i]);
	VEC_FREE(&sp->queue);
	for (size_t i = 0; i < sp->results.n; i++)
		spell_list_free(sp->results.v[i].list, sp->results.v[i].n);
	VEC_FREE(&sp->results);
	for (size_t i = 0; i < sp->firsts.n; i++)
		spell_list_free(sp->firsts.v[i].list, 2);
	VEC_FREE(&sp->firsts);
	dict_release(&sp->ko);
	dict_release(&sp->en);
	pthread_mutex_destroy(&sp->mu);
	pthread_cond_destroy(&sp->work_cv);
	pthread_cond_destroy(&sp->done_cv);
	spell_words_release(&sp->words);
	spell_words_release(&sp->list_words);
	for (size_t i = 0; i < sp->vocab_n; i++)
		free(sp->vocab[i]);
	free(sp->vocab);
	free(sp->vocab_files);
	buf_release(&sp->load_errors);
	close(sp->notify[0]);
	close(sp->notify[1]);
	free(sp->korean);
	free(sp->english);
	free(sp->personal_path);
	free(sp->project_path);
	free(sp->loanwords_path);
	free(sp->memo_path);
	for (int i = 0; i < 3; i++) {
		spell_words_release(&sp->memo_good[i]);
		spell_words_release(&sp->memo_bad[i]);
	}
	free(sp);
}

/* Lazy and not wanted yet: only the lists' words are waited for (caller
 * holds mu). */
static bool dicts_deferred(const Spell *sp)
{
	return sp->lazy && !sp->demanded;
}

bool spell_ready(Spell *sp)
{
	pthread_mutex_lock(&sp->mu);
	bool r = dicts_deferred(sp) ? sp->lists_done : sp->loading_done;
	pthread_mutex_unlock(&sp->mu);
	return r;
}

void spell_wait(Spell *sp)
{
	pthread_mutex_lock(&sp->mu);
	while (dicts_deferred(sp) ? !sp->lists_done : !sp->loading_done || sp->pending_adds > 0)
		pthread_cond_wait(&sp->done_cv, &sp->mu);
	pthread_mutex_unlock(&sp->mu);
}

/* The dictionaries are wanted (lazy): loaded, with every addition queued
 * applied, when it returns (block) or later. */
static void demand(Spell *sp, bool block)
{
	pthread_mutex_lock(&sp->mu);
	if (sp->lazy && !sp->demanded) {
		sp->demanded = true;
		pthread_cond_broadcast(&sp->work_cv);
	}
	while (block && (!sp->loading_done || sp->pending_adds > 0))
		pthread_cond_wait(&sp->done_cv, &sp->mu);
	pthread_mutex_unlock(&sp->mu);
}

bool spell_load_error(Spell *sp, Err *e)
{
	pthread_mutex_lock(&sp->mu);
	bool ok = sp->load_errors.len == 0;
	if (!ok)
		err_set(e, EXIT_CONFIG, "%s", sp->load_errors.p);
	pthread_mutex_unlock(&sp->mu);
	return ok;
}

bool spell_has_dict(Spell *sp, SpellScript script)
{
	return atomic_load(script == SPELL_HANGUL ? &sp->ko.loaded : &sp->en.loaded);
}

uint64_t spell_generation(Spell *sp)
{
	return atomic_load(&sp->generation);
}

int spell_notify_fd(Spell *sp)
{
	return sp->notify[0];
}

void spell_notify_drain(Spell *sp)
{
	char buf[64];
	while (read(sp->notify[0], buf, sizeof(buf)) > 0)
		;
}

void spell_set_cache(Spell *sp, bool on)
{
	atomic_store(&sp->no_cache, !on);
	Dict *ds[] = {&sp->ko, &sp->en};
	for (size_t i = 0; i < ARRAY_LEN(ds); i++) {
		pthread_mutex_lock(&ds[i]->cache_mu);
		spell_words_clear(&ds[i]->good);
		spell_words_clear(&ds[i]->bad);
		spell_words_clear(&ds[i]->morph_good);
		spell_words_clear(&ds[i]->morph_bad);
		pthread_mutex_unlock(&ds[i]->cache_mu);
	}
}

void spell_stats(Spell *sp, SpellStats *out)
{
	out->lookups = atomic_load(&sp->lookups);
	out->cache_hits = atomic_load(&sp->cache_hits);
	out->dict_calls = atomic_load(&sp->dict_calls);
	out->suggestions = atomic_load(&sp->suggestions);
	out->dicts_loaded = atomic_load(&sp->dicts_loaded);
}

/* Queue an addition (caller holds mu). */
static void queue_add(Spell *sp, const char *word, const char *model)
{
	sp->adds_hash = hash_more(hash_more(sp->adds_hash, word, strlen(word)), model ? model : "",
	                          model ? strlen(model) : 0);
	sp->memo_on = false; /* the answers change: those kept are not these */
	Job j = {JOB_ADD, 0, xstrdup(word), model ? xstrdup(model) : NULL};
	VEC_PUSH(&sp->queue, j);
	sp->pending_adds++;
	pthread_cond_signal(&sp->work_cv);
}

void spell_add_terms(Spell *sp, const char *const *terms, size_t n)
{
	SpellTokens t = {0};
	Buf w = BUF_INIT;
	pthread_mutex_lock(&sp->mu);
	for (size_t i = 0; i < n; i++) {
		if (!terms[i])
			continue;
		t.n = 0;
		spell_tokenize(terms[i], strlen(terms[i]), &t);
		for (size_t k = 0; k < t.n; k++) {
			buf_clear(&w);
			text_nfc(terms[i] + t.v[k].off, t.v[k].len, &w);
			if (spell_words_add_nfc(&sp->words, w.p, w.len))
				queue_add(sp, w.p, NULL);
		}
	}
	pthread_mutex_unlock(&sp->mu);
	buf_release(&w);
	VEC_FREE(&t);
}

void spell_add_known(Spell *sp, const char *const *words, size_t n)
{
	Buf w = BUF_INIT;
	pthread_mutex_lock(&sp->mu);
	for (size_t i = 0; i < n; i++) {
		buf_clear(&w);
		text_nfc(words[i], strlen(words[i]), &w);
		if (w.len)
			spell_words_add_nfc(&sp->words, w.p, w.len);
	}
	pthread_mutex_unlock(&sp->mu);
	buf_release(&w);
	bump(sp);
}

void spell_add_stem(Spell *sp, const char *noun, bool hada)
{
	Buf w = BUF_INIT;
	text_nfc(noun, strlen(noun), &w);
	if (!w.len || !is_hangul_word(w.p, w.len)) {
		buf_release(&w);
		return;
	}
	pthread_mutex_lock(&sp->mu);
	spell_words_add_nfc(&sp->words, w.p, w.len);
	queue_add(sp, w.p, NULL);
	if (hada) {
		/* X하다, X되다 conjugated as 학습하다, 학습되다 (FACTS.md) */
		char *a = xasprintf("%s하다", w.p), *b = xasprintf("%s되다", w.p);
		queue_add(sp, a, "학습하다");
		queue_add(sp, b, "학습되다");
		free(a);
		free(b);
	}
	pthread_mutex_unlock(&sp->mu);
	buf_release(&w);
}

void spell_set_vocabulary(Spell *sp, const char *const *words, const size_t *files, size_t n)
{
	pthread_mutex_lock(&sp->mu);
	for (size_t i = 0; i < sp->vocab_n; i++)
		free(sp->vocab[i]);
	free(sp->vocab);
	free(sp->vocab_files);
	sp->vocab = xcalloc(n ? n : 1, sizeof(char *));
	sp->vocab_files = xcalloc(n ? n : 1, sizeof(size_t));
	sp->vocab_n = 0;
	sp->memo_on = false; /* the suggestions change */
	Buf w = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		buf_clear(&w);
		text_nfc(words[i], strlen(words[i]), &w);
		sp->adds_hash = hash_more(hash_more(sp->adds_hash, w.p ? w.p : "", w.len), &files[i],
		                          sizeof(files[i]));
		if (!w.len)
			continue;
		sp->vocab[sp->vocab_n] = buf_detach(&w);
		sp->vocab_files[sp->vocab_n++] = files[i];
	}
	buf_release(&w);
	pthread_mutex_unlock(&sp->mu);
}

/* ---- checking -------------------------------------------------------------- */

/* Inside ko_morph_cached: its checks of the pieces are no lookups of
 * their own (spell_stats counts the word once, computed or remembered). */
static _Thread_local int morph_depth;

/* Check one NUL-terminated NFC word against d.  Thread-safe. */
/* The memo's answer for w in d: 1 good, 0 bad, -1 none (off, or not
 * there). */
static int memo_get_k(Spell *sp, int k, const char *w, size_t n)
{
	pthread_mutex_lock(&sp->mu);
	int r = !sp->memo_on ? -1 : spell_words_has_nfc(&sp->memo_good[k], w, n) ? 1 :
	        spell_words_has_nfc(&sp->memo_bad[k], w, n) ? 0 : -1;
	pthread_mutex_unlock(&sp->mu);
	return r;
}

static void memo_put_k(Spell *sp, int k, const char *w, size_t n, bool ok)
{
	pthread_mutex_lock(&sp->mu);
	if (sp->memo_on && !memchr(w, '\n', n) &&
	    spell_words_add_nfc(ok ? &sp->memo_good[k] : &sp->memo_bad[k], w, n))
		sp->memo_dirty = true;
	pthread_mutex_unlock(&sp->mu);
}

static int memo_get(Spell *sp, Dict *d, const char *w, size_t n)
{
	return memo_get_k(sp, d == &sp->en, w, n);
}

static void memo_put(Spell *sp, Dict *d, const char *w, size_t n, bool ok)
{
	memo_put_k(sp, d == &sp->en, w, n, ok);
}

static SpellStatus dict_check(Spell *sp, Dict *d, const char *w, size_t n,
                              SpellWait wait)
{
	int kept = memo_get(sp, d, w, n);
	if (kept >= 0) {
		atomic_fetch_add(&sp->lookups, 1);
		atomic_fetch_add(&sp->cache_hits, 1);
		return kept ? SPELL_OK : SPELL_BAD;
	}
	if (sp->lazy)
		demand(sp, wait == SPELL_BLOCK);
	if (!atomic_load(&d->loaded)) {
		pthread_mutex_lock(&sp->mu);
		if (wait == SPELL_BLOCK)
			while (!sp->loading_done)
				pthread_cond_wait(&sp->done_cv, &sp->mu);
		bool done = sp->loading_done;
		pthread_mutex_unlock(&sp->mu);
		if (!atomic_load(&d->loaded))
			return done ? SPELL_OK : SPELL_PENDING; /* no dictionary */
	}
	if (!morph_depth)
		atomic_fetch_add(&sp->lookups, 1);
	if (!atomic_load(&sp->no_cache)) {
		pthread_mutex_lock(&d->cache_mu);
		int hit = spell_words_has_nfc(&d->good, w, n) ? 1 :
		          spell_words_has_nfc(&d->bad, w, n) ? 0 : -1;
		pthread_mutex_unlock(&d->cache_mu);
		if (hit >= 0) {
			atomic_fetch_add(&sp->cache_hits, 1);
			return hit ? SPELL_OK : SPELL_BAD;
		}
	}
	if (wait == SPELL_BLOCK)
		pthread_mutex_lock(&d->lock);
	else if (pthread_mutex_trylock(&d->lock) != 0)
		return SPELL_PENDING;
	atomic_fetch_add(&sp->dict_calls, 1);
	bool ok = Hunspell_spell(d->h, w) != 0;
	memo_put(sp, d, w, n, ok);
	if (!atomic_load(&sp->no_cache)) {
		pthread_mutex_lock(&d->cache_mu);
		if (d->good.n + d->bad.n >= CACHE_MAX) {
			spell_words_clear(&d->good);
			spell_words_clear(&d->bad);
		}
		spell_words_add_nfc(ok ? &d->good : &d->bad, w, n);
		pthread_mutex_unlock(&d->cache_mu);
	}
	pthread_mutex_unlock(&d->lock);
	return ok ? SPELL_OK : SPELL_BAD;
}

static bool in_words(Spell *sp, const SpellWords *source, const char *w,
                     size_t n)
{
	if (source && spell_words_has_nfc(source, w, n))
		return true;
	pthread_mutex_lock(&sp->mu);
	bool r = spell_words_has_nfc(&sp->words, w, n) || spell_words_has_nfc(&sp->list_words, w, n);
	pthread_mutex_unlock(&sp->mu);
	return r;
}

/* Which placeholder fits a stem that ends with s[0..n). */
static int glue_kind(const char *s, size_t n)
{
	if (n == 0)
		return GLUE_ANY;
	size_t p = text_prev_grapheme(s, n, n);
	int32_t cp;
	text_decode(s + p, n - p, &cp);
	if (cp < 0xac00 || cp > 0xd7a3)
		return GLUE_ANY;
	int final = (cp - 0xac00) % 28;
	return final == 0 ? GLUE_VOWEL : final == 8 ? GLUE_RIEUL : GLUE_CONSONANT;
}

/* A Hangul run that is the ending of a stem hunspell does not know: it
 * passes when placeholder + run passes (kind: which placeholder, or
 * GLUE_ANY when the stem's sound is unknown, as after a Latin word). */
static SpellStatus check_ending(Spell *sp, const char *w, size_t n, int kind,
                                SpellWait wait)
{
	SpellStatus worst = SPELL_BAD;
	Buf b = BUF_INIT;
	for (int i = 0; i < (int)ARRAY_LEN(glue_nouns); i++) {
		if (kind != GLUE_ANY && kind != i)
			continue;
		buf_clear(&b);
		buf_adds(&b, glue_nouns[i]);
		buf_add(&b, w, n);
		SpellStatus st = dict_check(sp, &sp->ko, b.p, b.len, wait);
		if (st == SPELL_OK) {
			worst = SPELL_OK;
			break;
		}
		if (st == SPELL_PENDING)
			worst = SPELL_PENDING;
	}
	buf_release(&b);
	return worst;
}

typedef VEC(char *) VecStr;

/* ---- morphology -------------------------------------------------------------
 * hunspell-ko knows a word's particles and endings only where its affix
 * flags say so: it rejects 항목만을 (a noun, 만 and 을), 렌더링하기 (a noun it
 * has without 하다), 알려줄 (알리다 + 주다, though it takes 알려주다).  Its
 * morphological analysis (Hunspell_analyze: st: the stem, pa: a part of a
 * compound) names the pieces; the rules below accept a word made of pieces
 * hunspell accepts, joined as Korean joins them. */

/* The st: values of hunspell's analysis of w (NFC, NUL-terminated) as NFC
 * strings appended to out (distinct; caller frees).  *partial: the
 * analysis is of a part (pa:) only. */
static SpellStatus dict_stems(Spell *sp, Dict *d, const char *w, SpellWait wait,
                              VecStr *out, bool *partial)
{
	if (partial)
		*partial = false;
	if (!atomic_load(&d->loaded)) {
		SpellStatus st = dict_check(sp, d, w, strlen(w), wait); /* waits for loading */
		if (!atomic_load(&d->loaded))
			return st;
	}
	if (wait == SPELL_BLOCK)
		pthread_mutex_lock(&d->lock);
	else if (pthread_mutex_trylock(&d->lock) != 0)
		return SPELL_PENDING;
	char **list = NULL;
	int k = Hunspell_analyze(d->h, &list, w);
	Buf nfc = BUF_INIT;
	for (int i = 0; i < k; i++) {
		for (const char *p = list[i]; (p = strstr(p, "st:")) != NULL;) {
			p += 3;
			size_t l = strcspn(p, " \t");
			buf_clear(&nfc);
			text_nfc(p, l, &nfc);
			p += l;
			bool dup = !nfc.len;
			for (size_t x = 0; x < out->n && !dup; x++)
				dup = !strcmp(out->v[x], nfc.p);
			if (!dup)
				VEC_PUSH(out, xstrdup(nfc.p));
		}
		if (partial && strstr(list[i], "pa:"))
			*partial = true;
	}
	if (list)
		Hunspell_free_list(d->h, &list, k);
	pthread_mutex_unlock(&d->lock);
	buf_release(&nfc);
	return SPELL_OK;
}

static void stems_free(VecStr *v)
{
	for (size_t i = 0; i < v->n; i++)
		free(v->v[i]);
	VEC_FREE(v);
}

/* Is s[0..n) a whole word of the dictionary that is its own stem (a noun,
 * an adverb: 항목, 상호), not an inflected form (알려 of 알리다)? */
static SpellStatus ko_base(Spell *sp, const char *s, size_t n, SpellWait wait)
{
	char *w = xmemdup0(s, n);
	SpellStatus st = dict_check(sp, &sp->ko, w, n, wait);
	if (st == SPELL_OK) {
		VecStr stems = {0};
		bool partial;
		st = dict_stems(sp, &sp->ko, w, wait, &stems, &partial);
		if (st == SPELL_OK) {
			st = SPELL_BAD;
			for (size_t i = 0; i < stems.n && st != SPELL_OK; i++)
				if (!strcmp(stems.v[i], w))
					st = SPELL_OK;
		}
		stems_free(&stems);
	}
	free(w);
	return st;
}

/* The first syllable of a 하다/되다/시키다 ending (합니다, 된, 시켜): after a
 * noun, hunspell knows these only for the nouns flagged for them. */
static bool hada_start(const char *t, size_t n)
{
	static const char *const first[] = {"하", "한", "할", "함", "합", "해", "했", "되", "된",
	                                    "될", "됨", "됩", "돼", "됐", "시키", "시켜", "시킨",
	                                    "시킬", "시킵", "시켰"};
	for (size_t i = 0; i < ARRAY_LEN(first); i++)
		if (n >= strlen(first[i]) && memcmp(t, first[i], strlen(first[i])) == 0)
			return true;
	return false;
}

/* Case particles: nothing follows them (모델을을 is a typo, not 을 + 을). */
static bool final_particle(const char *t, size_t n)
{
	static const char *const fin[] = {"은", "는", "이", "가", "을", "를", "의", "도", "에",
	                                  "와", "과", "로", "으로"};
	for (size_t i = 0; i < ARRAY_LEN(fin); i++)
		if (strlen(fin[i]) == n && memcmp(t, fin[i], n) == 0)
			return true;
	return false;
}

/* t[0..n) as what follows a noun of the given kind: a particle or ending
 * (placeholder + t), a 하다/되다 form (학습 + t), or two particles stacked
 * (만 + 을, 까지 + 의, 들 + 보다), each piece one hunspell accepts. */
static SpellStatus ko_tail(Spell *sp, const char *t, size_t n, int kind, SpellWait wait,
                           bool stack)
{
	SpellStatus st = check_ending(sp, t, n, kind, wait);
	if (st != SPELL_BAD)
		return st;
	bool pending = false;
	if (hada_start(t, n)) {
		char *w = xasprintf("학습%.*s", (int)n, t);
		st = dict_check(sp, &sp->ko, w, strlen(w), wait);
		free(w);
		if (st == SPELL_OK)
			return st;
		pending = st == SPELL_PENDING;
	}
	for (size_t j = 3; stack && j + 3 <= n; j += 3) {
		if (final_particle(t, j) || (n - j == j && memcmp(t, t + j, j) == 0))
			continue;
		st = check_ending(sp, t, j, kind, wait);
		if (st == SPELL_OK)
			st = ko_tail(sp, t + j, n - j, glue_kind(t, j), wait, false);
		if (st == SPELL_OK)
			return st;
		pending = pending || st == SPELL_PENDING;
	}
	return pending ? SPELL_PENDING : SPELL_BAD;
}

/* A verb's -어/-아 form and an auxiliary verb written together, in a form
 * hunspell lacks (알려줄, 합쳐질, 채워진): both pieces are words, and the
 * first with the second's dictionary form is one (알려주다). */
static SpellStatus ko_aux(Spell *sp, const char *w, size_t n, SpellWait wait)
{
	bool pending = false;
	for (size_t k = 3; k + 3 <= n; k += 3) {
		char *a = xmemdup0(w, k), *b = xmemdup0(w + k, n - k);
		VecStr as = {0}, bs = {0};
		SpellStatus st = dict_check(sp, &sp->ko, a, k, wait);
		if (st == SPELL_OK)
			st = dict_check(sp, &sp->ko, b, n - k, wait);
		if (st == SPELL_OK)
			st = dict_stems(sp, &sp->ko, a, wait, &as, NULL);
		if (st == SPELL_OK)
			st = dict_stems(sp, &sp->ko, b, wait, &bs, NULL);
		bool verb = false;
		for (size_t i = 0; st == SPELL_OK && i < as.n && !verb; i++)
			verb = strcmp(as.v[i], a) != 0 && str_ends_with(str_from(as.v[i]), "다");
		SpellStatus r = SPELL_BAD;
		for (size_t i = 0; verb && i < bs.n && r != SPELL_OK; i++) {
			if (!str_ends_with(str_from(bs.v[i]), "다") || strlen(bs.v[i]) < 6)
				continue;
			char *c = xasprintf("%s%s", a, bs.v[i]);
			r = dict_check(sp, &sp->ko, c, strlen(c), wait);
			pending = pending || r == SPELL_PENDING;
			free(c);
		}
		pending = pending || st == SPELL_PENDING;
		stems_free(&as);
		stems_free(&bs);
		free(a);
		free(b);
		if (r == SPELL_OK)
			return r;
	}
	return pending ? SPELL_PENDING : SPELL_BAD;
}

/* A word of the dictionary's pieces (a base form and its particles or
 * endings, a verb and its auxiliary), remembered per word as hunspell's
 * own answers are (the lists do not change it). */
static SpellStatus ko_morph_cached(Spell *sp, const char *w, size_t n, SpellWait wait)
{
	Dict *d = &sp->ko;
	/* spell_remember's answer (the analysis needs the dictionary loaded:
	 * a lazy one is loaded for a word not there) */
	int kept = memo_get_k(sp, 2, w, n);
	if (kept >= 0) {
		atomic_fetch_add(&sp->lookups, 1);
		atomic_fetch_add(&sp->cache_hits, 1);
		return kept ? SPELL_OK : SPELL_BAD;
	}
	if (sp->lazy)
		demand(sp, wait == SPELL_BLOCK);
	if (!atomic_load(&d->loaded))
		return dict_check(sp, d, w, n, wait);
	atomic_fetch_add(&sp->lookups, 1);
	bool cache = !atomic_load(&sp->no_cache);
	if (cache) {
		pthread_mutex_lock(&d->cache_mu);
		int hit = spell_words_has_nfc(&d->morph_good, w, n) ? 1 :
		          spell_words_has_nfc(&d->morph_bad, w, n) ? 0 : -1;
		pthread_mutex_unlock(&d->cache_mu);
		if (hit >= 0)
			return hit ? SPELL_OK : SPELL_BAD;
	}
	SpellStatus st = SPELL_BAD;
	bool pending = false;
	morph_depth++;
	for (size_t k = n; k > 0 && st != SPELL_OK;) {
		k = text_prev_grapheme(w, n, k);
		if (k < 6)
			break;
		st = ko_base(sp, w, k, wait);
		if (st == SPELL_OK)
			st = ko_tail(sp, w + k, n - k, glue_kind(w, k), wait, true);
		pending = pending || st == SPELL_PENDING;
	}
	if (st != SPELL_OK)
		st = ko_aux(sp, w, n, wait);
	morph_depth--;
	if (st == SPELL_BAD && pending)
		st = SPELL_PENDING;
	if (st != SPELL_PENDING)
		memo_put_k(sp, 2, w, n, st == SPELL_OK);
	if (cache && st != SPELL_PENDING) {
		pthread_mutex_lock(&d->cache_mu);
		if (d->morph_good.n + d->morph_bad.n >= CACHE_MAX) {
			spell_words_clear(&d->morph_good);
			spell_words_clear(&d->morph_bad);
		}
		spell_words_add_nfc(st == SPELL_OK ? &d->morph_good : &d->morph_bad, w, n);
		pthread_mutex_unlock(&d->cache_mu);
	}
	return st;
}

/* w, n: NFC, NUL-terminated at n. */
static SpellStatus check_nfc(Spell *sp, const char *w, size_t n,
                             SpellScript script, bool glued,
                             const SpellWords *source, SpellWait wait)
{
	if (in_words(sp, source, w, n))
		return SPELL_OK;
	if (script == SPELL_LATIN) {
		/* a sentence-initial capital: the lowercase word may be listed */
		if (n > 1 && w[0] >= 'A' && w[0] <= 'Z') {
			char *low = xmemdup0(w, n);
			low[0] = (char)(low[0] - 'A' + 'a');
			bool r = in_words(sp, source, low, n);
			free(low);
			if (r)
				return SPELL_OK;
		}
		return dict_check(sp, &sp->en, w, n, wait);
	}
	SpellStatus st = dict_check(sp, &sp->ko, w, n, wait);
	if (st != SPELL_BAD)
		return st;
	if (glued) {
		st = check_ending(sp, w, n, GLUE_ANY, wait);
		if (st != SPELL_BAD)
			return st;
	}
	/* a known word plus a particle or ending: a listed word (glossary
	 * term, source word, the repository's) or a base form of the
	 * dictionary; not a one-syllable word (the repository's 두 would pass
	 * 두야 of 해두야) */
	bool pending = false;
	for (size_t k = n; k > 0;) {
		k = text_prev_grapheme(w, n, k);
		if (k < 6)
			break;
		if (!in_words(sp, source, w, k))
			continue;
		st = ko_tail(sp, w + k, n - k, glue_kind(w, k), wait, true);
		if (st == SPELL_OK)
			return st;
		pending = pending || st == SPELL_PENDING;
	}
	st = ko_morph_cached(sp, w, n, wait);
	if (st == SPELL_BAD && pending)
		st = SPELL_PENDING;
	return st;
}

/* Check one token of text (as returned by spell_tokenize on that text).
 * source (may be NULL): the words of the source block. */
static SpellStatus spell_check_token(Spell *sp, const char *text,
                              const SpellToken *t, const SpellWords *source,
                              SpellWait wait)
{
	Buf b = BUF_INIT;
	if (spell_is_nfc_fast(text + t->off, t->len)) /* NFC already: a copy (NUL-ended) */
		buf_add(&b, text + t->off, t->len);
	else
		text_nfc(text + t->off, t->len, &b);
	SpellStatus st = b.len ? check_nfc(sp, b.p, b.len, t->script, t->glued,
	                                   source, wait)
	                       : SPELL_OK;
	buf_release(&b);
	return st;
}

SpellStatus spell_check_word(Spell *sp, const char *s, size_t n,
                             SpellWait wait)
{
	SpellToken t = {0, n, is_hangul_word(s, n) ? SPELL_HANGUL : SPELL_LATIN,
	                false};
	return spell_check_token(sp, s, &t, NULL, wait);
}

size_t spell_check_text(Spell *sp, const char *s, size_t n,
                        const SpellWords *source, SpellWait wait,
                        SpellMisses *out)
{
	SpellTokens t = {0};
	spell_tokenize(s, n, &t);
	size_t bad = 0;
	for (size_t i = 0; i < t.n; i++) {
		SpellStatus st = spell_check_token(sp, s, &t.v[i], source, wait);
		if (st == SPELL_OK)
			continue;
		SpellMiss m = {t.v[i].off, t.v[i].len, st};
		VEC_PUSH(out, m);
		bad += st == SPELL_BAD;
	}
	VEC_FREE(&t);
	return bad;
}

/* ---- the answers kept across runs (spell_remember) -------------------------- */

#define MEMO_VERSION "yeok-spell 2" /* a new one when the checking rules change */

/* What a dictionary's answers depend on besides the additions: its files
 * (path, size, time, inode), or its absence. */
static uint64_t dict_key(uint64_t h, const char *name)
{
	char *aff = NULL, *dic = NULL;
	if (!name || !*name || !find_dict(name, &aff, &dic))
		return hash_more(h, "-", 1);
	const char *files[] = {aff, dic};
	for (size_t i = 0; i < 2; i++) {
		struct stat st;
		h = hash_more(h, files[i], strlen(files[i]));
		if (stat(files[i], &st) == 0) {
			int64_t v[] = {(int64_t)st.st_size, (int64_t)st.st_mtim.tv_sec,
			               (int64_t)st.st_mtim.tv_nsec, (int64_t)st.st_ino, (int64_t)st.st_dev};
			h = hash_more(h, v, sizeof(v));
		}
	}
	free(aff);
	free(dic);
	return h;
}

/* A word list's bytes (its additions), or its absence. */
static uint64_t list_key(uint64_t h, const char *path)
{
	Buf b = BUF_INIT;
	if (path && file_exists(path) && file_read_limit(path, SPELL_LIST_MAX_BYTES, 0, &b, NULL))
		h = hash_more(h, b.p ? b.p : "", b.len);
	else
		h = hash_more(h, "-", 1);
	buf_release(&b);
	return h;
}

void spell_remember(Spell *sp, const char *path)
{
	uint64_t h = hash_more(1469598103934665603ull, MEMO_VERSION, strlen(MEMO_VERSION));
	h = dict_key(dict_key(h, sp->korean), sp->english);
	h = list_key(list_key(list_key(h, sp->loanwords_path), sp->personal_path), sp->project_path);
	pthread_mutex_lock(&sp->mu);
	h = hash_more(h, &sp->adds_hash, sizeof(sp->adds_hash));
	sp->memo_key = h;
	free(sp->memo_path);
	sp->memo_path = path ? xstrdup(path) : NULL;
	sp->memo_on = path != NULL;
	pthread_mutex_unlock(&sp->mu);
	Buf b = BUF_INIT;
	if (!path || !file_exists(path) || !file_read(path, &b, NULL)) {
		buf_release(&b);
		return;
	}
	/* "yeok-spell 2", "key HEX", then "K+ w" "K- w" "E+ w" "E- w" (the
	 * Korean and English dictionaries' answers), "M+ w" "M- w" (the
	 * Korean morphology's), "S w\tsuggestion", "S w" (none) */
	char want[40];
	snprintf(want, sizeof(want), "key %016llx", (unsigned long long)h);
	Str all = buf_str(&b);
	size_t no = 0;
	pthread_mutex_lock(&sp->mu);
	while (all.n && sp->memo_on) {
		const char *nl = memchr(all.p, '\n', all.n);
		size_t l = nl ? (size_t)(nl - all.p) : all.n;
		Str line = {all.p, l};
		all = str_slice(all, nl ? l + 1 : l, all.n);
		no++;
		if ((no == 1 && !str_eq_cstr(line, MEMO_VERSION)) || (no == 2 && !str_eq_cstr(line, want)))
			break;
		if (no <= 2 || line.n < 3)
			continue;
		Str w = str_slice(line, 3, line.n);
		if ((line.p[0] == 'K' || line.p[0] == 'E' || line.p[0] == 'M') &&
		    (line.p[1] == '+' || line.p[1] == '-') && line.p[2] == ' ') {
			int k = line.p[0] == 'E' ? 1 : line.p[0] == 'M' ? 2 : 0;
			spell_words_add_nfc(line.p[1] == '+' ? &sp->memo_good[k] : &sp->memo_bad[k], w.p,
			                    w.n);
		} else if (line.p[0] == 'S' && line.p[1] == ' ') {
			w = str_slice(line, 2, line.n);
			const char *tab = memchr(w.p, '\t', w.n);
			Result c = {0, xcalloc(2, sizeof(char *)), 2};
			c.list[0] = xmemdup0(w.p, tab ? (size_t)(tab - w.p) : w.n);
			c.list[1] = tab ? xmemdup0(tab + 1, w.n - (size_t)(tab - w.p) - 1) : NULL;
			VEC_PUSH(&sp->firsts, c);
		}
	}
	pthread_mutex_unlock(&sp->mu);
	buf_release(&b);
}

static void memo_words(Buf *out, const char *tag, const SpellWords *w)
{
	for (size_t i = 0; i < w->cap; i++)
		if (w->slot[i])
			buf_addf(out, "%s %s\n", tag, w->slot[i]);
}

/* Write what was learnt (spell_free). */
static void memo_write(Spell *sp)
{
	pthread_mutex_lock(&sp->mu);
	bool go = sp->memo_on && sp->memo_dirty && sp->memo_path;
	Buf out = BUF_INIT;
	if (go) {
		buf_addf(&out, "%s\nkey %016llx\n", MEMO_VERSION, (unsigned long long)sp->memo_key);
		memo_words(&out, "K+", &sp->memo_good[0]);
		memo_words(&out, "K-", &sp->memo_bad[0]);
		memo_words(&out, "E+", &sp->memo_good[1]);
		memo_words(&out, "E-", &sp->memo_bad[1]);
		memo_words(&out, "M+", &sp->memo_good[2]);
		memo_words(&out, "M-", &sp->memo_bad[2]);
		for (size_t i = 0; i < sp->firsts.n; i++) {
			const char *w = sp->firsts.v[i].list[0], *f = sp->firsts.v[i].list[1];
			if (strpbrk(w, "\t\n") || (f && strpbrk(f, "\t\n")))
				continue;
			buf_addf(&out, f ? "S %s\t%s\n" : "S %s\n", w, f);
		}
	}
	pthread_mutex_unlock(&sp->mu);
	if (go)
		cache_file_write(sp->memo_path, out.p, out.len);
	buf_release(&out);
}

/* ---- adding words ------------------------------------------------------------ */

const char *spell_list_path(Spell *sp, SpellList list)
{
	switch (list) {
	case SPELL_LIST_PERSONAL: return sp->personal_path;
	case SPELL_LIST_PROJECT: return sp->project_path;
	default: return NULL;
	}
}

static bool mkdirs(const char *dir, Err *e)
{
	char *d = xstrdup(dir);
	for (char *p = d + 1; ; p++) {
		bool end = *p == '\0';
		if (*p == '/' || end) {
			*p = '\0';
			if (mkdir(d, 0777) != 0 && errno != EEXIST) {
				bool r = err_set(e, EXIT_IOERR, "%s: cannot create: %s", d, strerror(errno));
				free(d);
				return r;
			}
			if (end)
				break;
			*p = '/';
		}
	}
	free(d);
	return true;
}

static bool append_line(const char *path, const char *line, bool side, Err *e)
{
	Buf b = BUF_INIT;
	if (file_exists(path) &&
	    !file_read_limit(path, SPELL_LIST_MAX_BYTES, side ? FILE_NOFOLLOW : 0, &b, e)) {
		buf_release(&b);
		return false;
	}
	char *dir = path_dirname(path);
	bool ok = mkdirs(dir, e);
	free(dir);
	if (ok) {
		if (b.len && b.p[b.len - 1] != '\n')
			buf_addc(&b, '\n');
		buf_adds(&b, line);
		buf_addc(&b, '\n');
		ok = side ? file_write_side(path, b.p, b.len, e) : file_write_atomic(path, b.p, b.len, e);
	}
	buf_release(&b);
	return ok;
}

static bool valid_word(const char *s)
{
	if (!*s || !text_valid(s, strlen(s)))
		return false;
	for (const char *p = s; *p; p++)
		if (*p == '/' || *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '#')
			return false;
	return true;
}

bool spell_add_word(Spell *sp, const char *word, const char *model,
                    SpellList list, Err *e)
{
	if (!word || !valid_word(word))
		return err_set(e, EXIT_USAGE, "cannot add '%s' to the word list: a word is one UTF-8 word without spaces, '/' or '#'",
		               word ? word : "");
	if (model && !*model)
		model = NULL;
	if (model && !valid_word(model))
		return err_set(e, EXIT_USAGE, "bad model word '%s'", model);
	Buf w = BUF_INIT, m = BUF_INIT;
	text_nfc(word, strlen(word), &w);
	if (model)
		text_nfc(model, strlen(model), &m);
	bool ok = true;
	if (list != SPELL_LIST_SESSION) {
		const char *path = spell_list_path(sp, list);
		if (!path) {
			ok = err_set(e, EXIT_USAGE, list == SPELL_LIST_PROJECT
			             ? "no project word list: the file is not in a git work tree"
			             : "no personal word list: set XDG_DATA_HOME or HOME");
		} else {
			char *line = model ? xasprintf("%s/%s", w.p, m.p) : xstrdup(w.p);
			ok = append_line(path, line, list == SPELL_LIST_PROJECT, e);
			free(line);
		}
	}
	if (ok) {
		pthread_mutex_lock(&sp->mu);
		spell_words_add_nfc(&sp->words, w.p, w.len);
		queue_add(sp, w.p, model ? m.p : NULL);
		for (size_t i = 0; i < sp->firsts.n; i++) /* may change now */
			spell_list_free(sp->firsts.v[i].list, 2);
		sp->firsts.n = 0;
		pthread_mutex_unlock(&sp->mu);
		bump(sp);
	}
	buf_release(&w);
	buf_release(&m);
	return ok;
}

/* ---- suggestions ------------------------------------------------------------- */

uint64_t spell_suggest_request(Spell *sp, const char *s, size_t n)
{
	demand(sp, false);
	Buf b = BUF_INIT;
	text_nfc(s, n, &b);
	pthread_mutex_lock(&sp->mu);
	/* drop suggestion requests that have not started */
	size_t k = 0;
	for (size_t i = 0; i < sp->queue.n; i++) {
		if (sp->queue.v[i].kind == JOB_SUGGEST)
			job_free(&sp->queue.v[i]);
		else
			sp->queue.v[k++] = sp->queue.v[i];
	}
	sp->queue.n = k;
	uint64_t id = sp->next_id++;
	Job j = {JOB_SUGGEST, id, buf_detach(&b), NULL};
	VEC_PUSH(&sp->queue, j);
	pthread_cond_signal(&sp->work_cv);
	pthread_mutex_unlock(&sp->mu);
	return id;
}

static bool is_queued(Spell *sp, uint64_t id)
{
	if (sp->busy && sp->running.kind == JOB_SUGGEST && sp->running.id == id)
		return true;
	for (size_t i = 0; i < sp->queue.n; i++)
		if (sp->queue.v[i].kind == JOB_SUGGEST && sp->queue.v[i].id == id)
			return true;
	return false;
}

/* Caller holds mu. */
static SpellSuggestState take_result(Spell *sp, uint64_t id, char ***out,
                                     size_t *nout)
{
	for (size_t i = 0; i < sp->results.n; i++) {
		if (sp->results.v[i].id != id)
			continue;
		*out = sp->results.v[i].list;
		*nout = sp->results.v[i].n;
		memmove(sp->results.v + i, sp->results.v + i + 1,
		        (sp->results.n - i - 1) * sizeof(Result));
		sp->results.n--;
		return SPELL_SUGGEST_DONE;
	}
	return is_queued(sp, id) ? SPELL_SUGGEST_PENDING : SPELL_SUGGEST_UNKNOWN;
}

SpellSuggestState spell_suggest_poll(Spell *sp, uint64_t id, char ***out,
                                     size_t *nout)
{
	*out = NULL;
	*nout = 0;
	pthread_mutex_lock(&sp->mu);
	SpellSuggestState st = take_result(sp, id, out, nout);
	pthread_mutex_unlock(&sp->mu);
	return st;
}

SpellSuggestState spell_suggest_wait(Spell *sp, uint64_t id, char ***out,
                                     size_t *nout)
{
	*out = NULL;
	*nout = 0;
	pthread_mutex_lock(&sp->mu);
	SpellSuggestState st;
	while ((st = take_result(sp, id, out, nout)) == SPELL_SUGGEST_PENDING &&
	       !sp->stop)
		pthread_cond_wait(&sp->done_cv, &sp->mu);
	pthread_mutex_unlock(&sp->mu);
	return st;
}

/* Code points of an NFC string (at most max); returns how many, or
 * max + 1 when longer. */
static size_t cps_of(const char *s, int32_t *cp, size_t max)
{
	size_t n = 0, len = strlen(s);
	for (size_t i = 0; i < len;) {
		int32_t c;
		i += text_decode(s + i, len - i, &c);
		if (n == max)
			return max + 1;
		cp[n++] = c;
	}
	return n;
}

/* Two syllables one jamo apart (초성, 중성 or 종성). */
static bool one_jamo(int32_t a, int32_t b)
{
	if (a < 0xac00 || a > 0xd7a3 || b < 0xac00 || b > 0xd7a3)
		return false;
	a -= 0xac00;
	b -= 0xac00;
	int d = (a / 588 != b / 588) + ((a / 28) % 21 != (b / 28) % 21) + (a % 28 != b % 28);
	return d == 1;
}

/* The repository's word closest to w (one jamo of one syllable apart),
 * the most used first; NULL when none. */
static char *vocab_neighbour(Spell *sp, const char *w)
{
	int32_t a[32], b[32];
	size_t na = cps_of(w, a, 32);
	if (na > 32)
		return NULL;
	const char *best = NULL;
	size_t best_files = 0;
	pthread_mutex_lock(&sp->mu);
	for (size_t i = 0; i < sp->vocab_n; i++) {
		if (sp->vocab_files[i] <= best_files)
			continue;
		size_t nb = cps_of(sp->vocab[i], b, 32);
		if (nb != na)
			continue;
		size_t diff = 0, at = 0;
		for (size_t k = 0; k < na && diff < 2; k++)
			if (a[k] != b[k])
				diff++, at = k;
		if (diff == 1 && one_jamo(a[at], b[at])) {
			best = sp->vocab[i];
			best_files = sp->vocab_files[i];
		}
	}
	char *r = best ? xstrdup(best) : NULL;
	pthread_mutex_unlock(&sp->mu);
	return r;
}

char *spell_suggest_first(Spell *sp, const char *s, size_t n)
{
	spell_wait(sp);
	Buf b = BUF_INIT;
	text_nfc(s, n, &b);
	char *first = NULL;
	/* `yeok check` asks again for every repeat of a misspelling */
	pthread_mutex_lock(&sp->mu);
	for (size_t i = 0; i < sp->firsts.n; i++) {
		if (!strcmp(sp->firsts.v[i].list[0], b.p)) {
			const char *f = sp->firsts.v[i].list[1];
			pthread_mutex_unlock(&sp->mu);
			buf_release(&b);
			return f ? xstrdup(f) : NULL;
		}
	}
	pthread_mutex_unlock(&sp->mu);
	Job j = {JOB_SUGGEST, 0, buf_detach(&b), NULL};
	first = vocab_neighbour(sp, j.word);
	if (!first) {
		Result r;
		demand(sp, true);
		atomic_fetch_add(&sp->suggestions, 1);
		run_suggest(sp, &j, &r, false);
		if (r.n)
			first = xstrdup(r.list[0]);
		spell_list_free(r.list, r.n);
	}
	Result c = {0, xcalloc(2, sizeof(char *)), 2};
	c.list[0] = j.word;
	c.list[1] = first ? xstrdup(first) : NULL;
	pthread_mutex_lock(&sp->mu);
	VEC_PUSH(&sp->firsts, c);
	sp->memo_dirty |= sp->memo_on;
	pthread_mutex_unlock(&sp->mu);
	return first;
}

void spell_list_free(char **list, size_t n)
{
	if (!list)
		return;
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}
