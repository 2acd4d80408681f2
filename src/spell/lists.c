/*
 * The word lists: reading the shipped, project and personal lists into the
 * dictionaries, and adding a word to one (spell_add_word).
 */
#include "spell-private.h"
#include "yeok/text.h"
#include <errno.h>
#include <sys/stat.h>
#include "spell-private.h"

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

void apply_add(Spell *sp, const char *word, const char *model)
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

void load_list(Spell *sp, const char *path, unsigned flags)
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
