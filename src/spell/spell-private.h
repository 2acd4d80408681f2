/*
 * Private to src/spell/: the checker's state (struct Spell, its two
 * dictionaries, the worker's jobs), shared by spell.c (lifecycle),
 * check.c, lists.c, worker.c and memo.c.
 *
 * Locks (never taken in another order than this):
 *   Spell.mu        queue, results, word set, flags, load errors
 *   Dict.lock       the hunspell handle (held during a check, an add, a
 *                   suggestion: the only long hold, up to ~0.25 s)
 *   Dict.cache_mu   the cache (short holds only)
 * Spell.mu is never held while a Dict.lock is taken, except by nobody:
 * the worker releases mu before it touches a dictionary.
 */
#ifndef YEOK_SPELL_PRIVATE_H
#define YEOK_SPELL_PRIVATE_H

#include "yeok/spell.h"

#include <hunspell.h>
#include <pthread.h>
#include <stdatomic.h>

/* True when s is ASCII and precomposed Hangul only (NFC without work). */
bool spell_is_nfc_fast(const char *s, size_t n);
/* (*p, *np) = the NFC form of s: s itself, or tmp's bytes. */
void spell_nfc_view(const char *s, size_t n, Buf *tmp, const char **p,
                    size_t *np);

/* The set operations on a word already in NFC. */
bool spell_words_add_nfc(SpellWords *w, const char *s, size_t n);
bool spell_words_has_nfc(const SpellWords *w, const char *s, size_t n);

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
	char *aff, *dic;          /* the files h was loaded from */
	SpellWords cased_adds;    /* the words added with a capital or a dash
	                             (en_quick_suggest) */
	struct EnQuick *quick;    /* English: en_quick_suggest's tables, made
	                             at the first suggestion (under lock) */
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
	bool exiting;                  /* spell_exiting: the handles are left */
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

/* Word lists are side files: regular, at most this big; the project's
 * (from the repository) is never followed through a link. */
#define SPELL_LIST_MAX_BYTES (16u << 20)

/* load_list's flags besides file_read_limit's: the words only (the
 * dictionaries are not loaded yet), and no error said (said by the pass
 * of words_only). */
#define LIST_WORDS_ONLY (1u << 30)
#define LIST_QUIET (1u << 29)

/* spell.c */
void bump(Spell *sp);
uint64_t hash_more(uint64_t h, const void *s, size_t n);
bool is_hangul_word(const char *s, size_t n);
bool find_dict(const char *name, char **aff, char **dic);
void load_error(Spell *sp, const char *fmt, ...) PRINTF_LIKE(2, 3);
void dict_load(Spell *sp, Dict *d, const char *name);
void dict_add(Dict *d, bool korean, const char *word, const char *model);
void demand(Spell *sp, bool block);
void queue_add(Spell *sp, const char *word, const char *model);

/* check.c */
int glue_kind(const char *s, size_t n);

/* lists.c */
void apply_add(Spell *sp, const char *word, const char *model);
void load_list(Spell *sp, const char *path, unsigned flags);

/* worker.c */
void job_free(Job *j);
void *worker_main(void *arg);

/* suggest-en.c: hunspell's first English suggestion when its edits find
 * one (see there).  en_quick_new reads the .aff (and the .dic's NOSUGGEST
 * words); added: the words added to h with a capital or a dash (Dict's
 * cased_adds).  en_quick_suggest returns the suggestion (caller frees), or NULL
 * when hunspell must be asked. */
typedef struct EnQuick EnQuick;
EnQuick *en_quick_new(const char *aff, const char *dic);
void en_quick_free(EnQuick *q);
char *en_quick_suggest(const EnQuick *q, Hunhandle *h, const SpellWords *added,
                       const char *word);

/* memo.c */
void memo_write(Spell *sp);

#endif
