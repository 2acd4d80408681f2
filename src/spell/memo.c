/*
 * The answers kept across runs (spell_remember): the memo's key, reading
 * and writing it.
 */
#include "spell-private.h"
#include <sys/stat.h>
#include "spell-private.h"

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
void memo_write(Spell *sp)
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
