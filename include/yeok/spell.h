/*
 * spell — spell-checking Korean and English prose with hunspell.
 *
 * Owns: the hunspell dictionaries (Korean for Hangul runs, English for
 * Latin words), a background thread that loads them and computes
 * suggestions, a per-word cache, the exclusion sets (glossary terms, the
 * personal word list $XDG_DATA_HOME/yeok/words, the project word list
 * .yeok-words at the git top level) and the tokenizer that finds the
 * words of one prose block while skipping RST inline markup that is not
 * prose.
 *
 * The only module that includes <hunspell.h>.  Depends on util and text.
 * It does not parse blocks (rst does) nor run git (the caller passes the
 * top-level folder).
 *
 * Threads.  spell_new() returns at once; one worker thread loads the
 * dictionaries (English first, 0.02 s; Korean 0.35 s and 55 MB), then
 * applies word additions and computes suggestions in request order.
 * Every function below may be called from any thread, except that
 * spell_free() must not race with the others.  A hunspell handle is not
 * thread-safe, so each dictionary has a lock; the non-blocking calls
 * (SPELL_NOWAIT) never wait for it: a word whose dictionary is loading or
 * busy with a suggestion is SPELL_PENDING, and the caller asks again when
 * spell_generation() changes (the editor watches spell_notify_fd()).
 *
 * Use.  The editor: spell_new() when a document opens, spell_add_terms()
 * with the glossary; per frame, for each prose block on screen and the
 * edited one, spell_check_text(..., source_words, SPELL_NOWAIT, &misses)
 * and underline the SPELL_BAD words (cached words cost about 0.3 µs);
 * redraw when spell_generation() changes.  F7: spell_suggest_request(),
 * then spell_suggest_poll() when spell_notify_fd() is readable; adding a
 * word: spell_add_word().  The CLI: the check table's spelling row
 * (CheckDoc.spell) calls spell_check_text(..., SPELL_BLOCK, ...) and
 * spell_suggest_first().
 *
 * Word lists.  One word per line; `word/model` gives an affix model
 * (hunspell's personal-dictionary convention): 파이토치/파이썬 makes
 * 파이토치를 pass the way 파이썬을 does.  Korean words without a model get
 * SPELL_KO_NOUN_MODEL (a plain noun), so particles work.  Lines starting
 * with '#' and blank lines are ignored.
 */
#ifndef YEOK_SPELL_H
#define YEOK_SPELL_H

#include "yeok/util.h"

/* ---- tokenizer (pure, no dictionary) ------------------------------------ */

typedef enum SpellScript {
	SPELL_LATIN,  /* a run of Latin letters (with inner ' or ’): English */
	SPELL_HANGUL, /* a run of Hangul syllables and jamo: Korean */
} SpellScript;

typedef struct SpellToken {
	size_t off;         /* byte offset of the word in the text */
	size_t len;         /* bytes */
	SpellScript script;
	bool glued;         /* Hangul after a Latin word, a number, markup
	                       or a closing bracket, even with spaces between
	                       ("PyTorch를", "``x`` 를", "(GPU)를"): it may be
	                       a particle or ending of that word */
} SpellToken;

typedef VEC(SpellToken) SpellTokens;

/* Append to out the words of one prose block's text (the block's lines
 * joined with '\n').  Skipped, never returned: inline literals
 * (``x``), interpreted text and roles with their targets (:func:`x`,
 * `x`), hyperlink references `name`_ (but the text of
 * `text <url>`_ is prose and is returned, the <url> is not), inline
 * targets _`x`, substitution references |x|, footnote and citation
 * references [#x]_, simple references word_, URLs and e-mail addresses,
 * and code-like Latin words (with digits or '_', inside a.b, a/b, a::b,
 * f() or x=y, ALL CAPS, or camelCase).  Punctuation and brackets are never
 * part of a word: (모델) gives 모델.  Invalid UTF-8 splits words. */
void spell_tokenize(const char *s, size_t n, SpellTokens *out);

/* ---- word sets ----------------------------------------------------------- */

/* A set of words (NFC bytes); for the per-block exclusion of the words of
 * the source block.  Zero-initialize or spell_words_init(). */
typedef struct SpellWords {
	char **slot;  /* open addressing; NULL = empty; owned strings */
	size_t n;     /* words in the set */
	size_t cap;   /* slots: 0 or a power of two, kept > 2n */
} SpellWords;

void spell_words_init(SpellWords *w);
void spell_words_release(SpellWords *w);
void spell_words_clear(SpellWords *w);
/* Add one word (copied, NFC).  Returns false when it was already there. */
bool spell_words_add(SpellWords *w, const char *s, size_t n);
bool spell_words_has(const SpellWords *w, const char *s, size_t n);
/* Add every token of text (spell_tokenize) to w: the words of a source
 * block, so that a name kept from the English never flags. */
void spell_words_add_text(SpellWords *w, const char *s, size_t n);
/* Invariant check (count matches, no duplicates, load factor). */
bool spell_words_check(const SpellWords *w, Err *e);

/* ---- the checker --------------------------------------------------------- */

/* The noun every Korean word without a model is modelled on. */
#define SPELL_KO_NOUN_MODEL "사람"

typedef struct SpellOptions {
	/* A dictionary is a name looked up in $DICPATH then
	 * /usr/share/hunspell, /usr/share/myspell ("ko", "en_US"), or a path
	 * without the .aff/.dic ending ("/opt/dict/ko").  NULL: the default
	 * ("ko", "en_US"); "": no dictionary (those words are never checked). */
	const char *korean;
	const char *english;
	/* The personal list; NULL: $XDG_DATA_HOME/yeok/words
	 * (~/.local/share/yeok/words); "": none. */
	const char *personal_words;
	/* The git top-level folder; the project list is TOP/.yeok-words.
	 * NULL: no project list. */
	const char *project_top;
	/* A list of established technical loanwords (the shipped
	 * glossary/loanwords.txt, same format as the word lists); NULL: none. */
	const char *loanwords;
	/* The dictionaries load only when a word needs them (a word the
	 * answers of spell_remember lack, a suggestion); until then
	 * spell_wait and spell_ready wait for the word lists only. */
	bool lazy;
} SpellOptions;

typedef struct Spell Spell;

/* Start loading (never blocks, never fails: a missing dictionary or word
 * list is reported by spell_load_error() once loading is done). */
Spell *spell_new(const SpellOptions *opt);
/* Stop the worker (a suggestion in progress finishes first), free all. */
void spell_free(Spell *sp);
/* The process ends after spell_free (yeok check): it leaves the
 * dictionaries' memory to the exit, which frees it at once (hunspell
 * frees its Korean tables a node at a time: about 0.1 s).  Builds without
 * NDEBUG (debug, sanitizer: leak checkers) free all as before. */
void spell_exiting(Spell *sp);

/* True once both dictionaries and the word lists are loaded (or failed). */
bool spell_ready(Spell *sp);
/* Block until spell_ready() and every queued word addition is applied. */
void spell_wait(Spell *sp);
/* After loading: false with the reasons (missing dictionary, unreadable
 * list with its path and line) joined by "; " in e.  A missing word-list
 * file is normal, not an error. */
bool spell_load_error(Spell *sp, Err *e);
/* Whether the dictionary of a script is loaded and usable. */
bool spell_has_dict(Spell *sp, SpellScript script);

/* A counter that grows whenever results may have changed (a dictionary
 * finished loading, a word was added, a suggestion is ready). */
uint64_t spell_generation(Spell *sp);
/* A file descriptor that becomes readable when the generation changes
 * (for poll() in the editor's main loop).  Read and discard its bytes
 * with spell_notify_drain(). */
int spell_notify_fd(Spell *sp);
void spell_notify_drain(Spell *sp);

/* Glossary terms (Korean and English, plain strings, may hold several
 * words): their words never flag.  Each word is also added to its
 * dictionary as a noun (Korean modelled on SPELL_KO_NOUN_MODEL so that
 * 용어를 and 용어는 pass; English on "layer" so that plurals pass),
 * applied by the worker; spell_wait() waits for it. */
void spell_add_terms(Spell *sp, const char *const *terms, size_t n);

/* Words that never flag, as they are (no inflections, no dictionary
 * change): the words a repository uses in several translated files. */
void spell_add_known(Spell *sp, const char *const *words, size_t n);
/* A Korean noun of the repository: it and its particles pass (modelled on
 * a noun that ends the same way); hada: also X하다 and X되다 with every
 * ending (modelled on 학습하다, 학습되다).  Applied by the worker. */
void spell_add_stem(Spell *sp, const char *noun, bool hada);
/* The repository's words with the number of its files that use each
 * (copied), for ranking suggestions: spell_suggest_first() prefers the
 * most used word one jamo away from the misspelling. */
void spell_set_vocabulary(Spell *sp, const char *const *words, const size_t *files, size_t n);

typedef enum SpellStatus {
	SPELL_OK,      /* correct, excluded, or no dictionary for it */
	SPELL_BAD,     /* the dictionary rejects it */
	SPELL_PENDING, /* SPELL_NOWAIT and the dictionary is loading/busy */
} SpellStatus;

typedef enum SpellWait {
	SPELL_NOWAIT, /* the editor: never wait for a dictionary */
	SPELL_BLOCK,  /* the CLI: wait for loading and for the lock */
} SpellWait;


/* Check one word on its own (a Latin word or a Hangul run). */
SpellStatus spell_check_word(Spell *sp, const char *s, size_t n,
                             SpellWait wait);

typedef struct SpellMiss {
	size_t off, len;     /* the word, bytes into the text */
	SpellStatus status;  /* SPELL_BAD or SPELL_PENDING */
} SpellMiss;
typedef VEC(SpellMiss) SpellMisses;

/* Tokenize and check one prose block's text; append to out the words that
 * are SPELL_BAD or SPELL_PENDING.  Returns the number of BAD words. */
size_t spell_check_text(Spell *sp, const char *s, size_t n,
                        const SpellWords *source, SpellWait wait,
                        SpellMisses *out);

/* Turn the per-word cache on (the default) or off (emptying it); for
 * benchmarks. */
void spell_set_cache(Spell *sp, bool on);

/* Statistics of the cache (for the benchmark and tests). */
typedef struct SpellStats {
	uint64_t lookups;     /* dictionary-bound checks */
	uint64_t cache_hits;
	uint64_t dict_calls;  /* Hunspell_spell calls */
	uint64_t suggestions; /* spell_suggest_first's computed (not kept) */
	unsigned dicts_loaded;
} SpellStats;
void spell_stats(Spell *sp, SpellStats *out);

/* (yeok check) Keep the dictionaries' answers and spell_suggest_first's
 * suggestions in the file path (a cache) across runs: call after every
 * addition (terms, stems, vocabulary).  Its answers are used when it was
 * written with the same inputs (the dictionaries' files, the word lists'
 * bytes, every addition and the vocabulary, in order, and the version of
 * these rules), so that with SpellOptions.lazy a run whose words are all
 * there loads no dictionary; spell_free writes what was learnt.  An
 * addition after it turns it off.  NULL: none. */
void spell_remember(Spell *sp, const char *path);

/* ---- adding words -------------------------------------------------------- */

typedef enum SpellList {
	SPELL_LIST_PERSONAL, /* $XDG_DATA_HOME/yeok/words */
	SPELL_LIST_PROJECT,  /* TOP/.yeok-words */
	SPELL_LIST_SESSION,  /* this Spell only, nothing written */
} SpellList;

/* Add word (NFC) to a list: append `word` or `word/model` to its file
 * (creating the file and folders), add it to the exclusion set at once,
 * and queue it for the dictionary with its affix model (when model is
 * NULL: SPELL_KO_NOUN_MODEL for Korean, the noun "layer" for English; a
 * model the dictionary does not know adds the bare word).
 * Errors: EXIT_USAGE (empty word, a word with spaces or '/', no project
 * top for SPELL_LIST_PROJECT), EXIT_IOERR (cannot write the file). */
bool spell_add_word(Spell *sp, const char *word, const char *model,
                    SpellList list, Err *e);

/* Path of a list (NULL when there is none); borrowed. */
const char *spell_list_path(Spell *sp, SpellList list);

/* ---- suggestions --------------------------------------------------------- */

/* Queue a suggestion request for a word; returns its id (> 0).  Older
 * requests that have not started are dropped (only the latest matters to
 * an editor).  Computed by the worker, never on the caller's thread:
 * hunspell's suggestions, and for Korean the quick one (see
 * spell_suggest_first) in front when it differs. */
uint64_t spell_suggest_request(Spell *sp, const char *s, size_t n);

typedef enum SpellSuggestState {
	SPELL_SUGGEST_PENDING,
	SPELL_SUGGEST_DONE,
	SPELL_SUGGEST_UNKNOWN, /* no such id (dropped, or already taken) */
} SpellSuggestState;

/* Poll request id.  When DONE, *out gets the suggestions (NFC strings,
 * best first, caller frees each and the array with spell_list_free(); may
 * be empty) and the result is forgotten. */
SpellSuggestState spell_suggest_poll(Spell *sp, uint64_t id, char ***out,
                                     size_t *nout);
/* Block until request id is done, then as spell_suggest_poll. */
SpellSuggestState spell_suggest_wait(Spell *sp, uint64_t id, char ***out,
                                     size_t *nout);
/* The first suggestion for a word, computed now on this thread (blocking;
 * for `yeok check`).  NULL when there is none; caller frees.  First the
 * repository's most used word one jamo away (spell_set_vocabulary);
 * Korean: else the quick suggestion only (one jamo replaced, or a space inserted, about
 * 1–5 ms; hunspell's own Korean suggestions take 2–350 ms); English:
 * hunspell's first (10–30 ms).  Remembered per word. */
char *spell_suggest_first(Spell *sp, const char *s, size_t n);

void spell_list_free(char **list, size_t n);

#endif
