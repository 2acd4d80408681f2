/*
 * The checker: two hunspell handles, one worker thread (loading, word
 * additions, suggestions), a per-word cache, the exclusion sets.  This
 * file: the small helpers, the dictionaries' loading and the lifecycle;
 * checking in check.c, the word lists in lists.c, the worker and the
 * suggestions in worker.c, the answers kept across runs in memo.c (the
 * state and its locks: spell-private.h).
 */
#include "spell-private.h"
#include "yeok/text.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- small helpers ------------------------------------------------------ */

void bump(Spell *sp)
{
	atomic_fetch_add(&sp->generation, 1);
	char c = 1;
	ssize_t r = write(sp->notify[1], &c, 1);
	(void)r; /* a full pipe is already readable */
}

/* FNV-1a of s[0..n) continued from h (then a separator). */
uint64_t hash_more(uint64_t h, const void *s, size_t n)
{
	const unsigned char *p = s;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return (h ^ 0xffu) * 1099511628211ull;
}

bool is_hangul_word(const char *s, size_t n)
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
bool find_dict(const char *name, char **aff, char **dic)
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

void load_error(Spell *sp, const char *fmt, ...)
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
	d->aff = d->dic = NULL;
	d->quick = NULL;
	atomic_init(&d->loaded, false);
	pthread_mutex_init(&d->lock, NULL);
	pthread_mutex_init(&d->cache_mu, NULL);
	spell_words_init(&d->good);
	spell_words_init(&d->bad);
	spell_words_init(&d->morph_good);
	spell_words_init(&d->morph_bad);
	spell_words_init(&d->cased_adds);
}

static void dict_release(Dict *d, bool leave)
{
	if (d->h && !leave)
		Hunspell_destroy(d->h);
	d->h = NULL;
	free(d->aff);
	free(d->dic);
	spell_words_release(&d->cased_adds);
	en_quick_free(d->quick);
	pthread_mutex_destroy(&d->lock);
	pthread_mutex_destroy(&d->cache_mu);
	spell_words_release(&d->good);
	spell_words_release(&d->bad);
	spell_words_release(&d->morph_good);
	spell_words_release(&d->morph_bad);
}

void dict_load(Spell *sp, Dict *d, const char *name)
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
	if (!h) {
		free(aff);
		free(dic);
		load_error(sp, "cannot load the %s dictionary '%s'", d->what, name);
		return;
	}
	pthread_mutex_lock(&d->lock);
	d->h = h;
	d->aff = aff;
	d->dic = dic;
	pthread_mutex_unlock(&d->lock);
	atomic_store(&d->loaded, true);
	atomic_fetch_add(&sp->dicts_loaded, 1);
	bump(sp);
}

/* Add word (NFC) to dictionary d, modelled on model (NFC, may be NULL).
 * The ko dictionary stores decomposed Hangul: a composed word added
 * plainly has no effect, so both strings go in as NFD. */
void dict_add(Dict *d, bool korean, const char *word,
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
	if (!korean && (strpbrk(w.p, "-") || strcspn(w.p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") < w.len))
		spell_words_add(&d->cased_adds, w.p, w.len);
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
	dict_release(&sp->ko, sp->exiting);
	dict_release(&sp->en, sp->exiting);
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

void spell_exiting(Spell *sp)
{
#ifdef NDEBUG
	if (sp)
		sp->exiting = true;
#else
	(void)sp;
#endif
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
void demand(Spell *sp, bool block)
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
void queue_add(Spell *sp, const char *word, const char *model)
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
