/*
 * The worker thread (loading, word additions, suggestions), the quick
 * Korean suggestion, and the suggestions' requests and results.
 */
#include "spell-private.h"
#include "yeok/text.h"
#include "spell-private.h"

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
	if (!full && !korean) { /* hunspell's first, when its edits find it */
		if (!d->quick)
			d->quick = en_quick_new(d->aff, d->dic);
		char *q = en_quick_suggest(d->quick, d->h, &d->cased_adds, j->word);
		if (q)
			VEC_PUSH(&out, q);
	}
	if (full || (!korean && !out.n)) {
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

void job_free(Job *j)
{
	free(j->word);
	free(j->model);
	j->word = j->model = NULL;
}

void *worker_main(void *arg)
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
