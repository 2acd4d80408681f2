/* The repository a document belongs to, from the Korean text of its
 * translated files: the words they use (for spelling) and the CheckRepo
 * (하다 stems, 한글(English) renderings).  Scanned from HEAD through git
 * and cached per repository and HEAD in $XDG_CACHE_HOME/yeok/vocab/,
 * updated incrementally: a file whose blob did not change is not read
 * again. */
#include <sys/stat.h>

#include "check-private.h"
#include "yeok/text.h"
#include "yeok/vcs.h"
#include "yeok/stats.h"

#define VOCAB_VERSION "yeok-vocab 1"

typedef struct FileEntry {
	char *blob;
	char *path;
	VEC(char *) words;   /* distinct Hangul words */
	VEC(char *) glosses; /* "en\tko" */
	bool translated;
	bool used;
} FileEntry;

typedef VEC(FileEntry) FileVec;

static void entry_free(FileEntry *f)
{
	free(f->blob);
	free(f->path);
	for (size_t i = 0; i < f->words.n; i++)
		free(f->words.v[i]);
	for (size_t i = 0; i < f->glosses.n; i++)
		free(f->glosses.v[i]);
	VEC_FREE(&f->words);
	VEC_FREE(&f->glosses);
}

static char *cache_path(const char *top)
{
	const char *x = getenv("XDG_CACHE_HOME");
	char *base = x && *x == '/' ? xasprintf("%s/yeok/vocab", x) :
	             getenv("HOME") ? xasprintf("%s/.cache/yeok/vocab", getenv("HOME")) : NULL;
	if (!base)
		return NULL;
	char hex[17];
	uint64_t h = hash_fnv1a(top, strlen(top));
	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
	char *p = xasprintf("%s/%s.txt", base, hex);
	free(base);
	return p;
}

static bool mkdirs(const char *path)
{
	char *d = xstrdup(path);
	for (char *p = d + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		mkdir(d, 0700);
		*p = '/';
	}
	free(d);
	return true;
}

/* The Hangul words and glosses of one file. */
static void scan_text(FileEntry *f, const char *s, size_t n)
{
	f->translated = !text_is_english(s, n);
	if (!f->translated)
		return;
	SpellWords seen = {0};
	SpellTokens t = {0};
	spell_tokenize(s, n, &t);
	for (size_t i = 0; i < t.n; i++) {
		if (t.v[i].script != SPELL_HANGUL)
			continue;
		if (spell_words_add(&seen, s + t.v[i].off, t.v[i].len))
			VEC_PUSH(&f->words, xmemdup0(s + t.v[i].off, t.v[i].len));
	}
	VEC_FREE(&t);
	spell_words_release(&seen);
	CheckRepo one;
	check_repo_init(&one);
	check_repo_add_file(&one, s, n);
	for (size_t i = 0; i < one.rend.n; i++)
		VEC_PUSH(&f->glosses, xasprintf("%s\t%s", one.rend.v[i].en, one.rend.v[i].ko));
	for (size_t i = 0; i < one.hada.cap; i++)
		if (one.hada.slot[i])
			VEC_PUSH(&f->glosses, xasprintf("\t%s", one.hada.slot[i]));
	check_repo_release(&one);
}

static void read_cache(const char *path, char **head, FileVec *files)
{
	Buf b = BUF_INIT;
	if (!path || !file_exists(path) || !file_read(path, &b, NULL)) {
		buf_release(&b);
		return;
	}
	Str all = buf_str(&b);
	bool ok_version = false;
	FileEntry *cur = NULL;
	while (all.n) {
		const char *nl = memchr(all.p, '\n', all.n);
		size_t l = nl ? (size_t)(nl - all.p) : all.n;
		Str line = {all.p, l};
		all = str_slice(all, nl ? l + 1 : l, all.n);
		if (!ok_version) {
			if (!str_eq_cstr(line, VOCAB_VERSION))
				break;
			ok_version = true;
		} else if (str_starts_with(line, "head ")) {
			free(*head);
			*head = str_dup(str_slice(line, 5, line.n));
		} else if (str_starts_with(line, "F ") && line.n > 44) {
			FileEntry f = {0};
			f.blob = str_dup(str_slice(line, 2, 42));
			f.path = str_dup(str_slice(line, 43, line.n));
			f.translated = true;
			VEC_PUSH(files, f);
			cur = &files->v[files->n - 1];
		} else if (str_starts_with(line, "E ") && line.n > 44) {
			FileEntry f = {0};
			f.blob = str_dup(str_slice(line, 2, 42));
			f.path = str_dup(str_slice(line, 43, line.n));
			VEC_PUSH(files, f);
			cur = NULL;
		} else if (cur && str_starts_with(line, "W ")) {
			VEC_PUSH(&cur->words, str_dup(str_slice(line, 2, line.n)));
		} else if (cur && str_starts_with(line, "G ")) {
			VEC_PUSH(&cur->glosses, str_dup(str_slice(line, 2, line.n)));
		}
	}
	buf_release(&b);
}

static void write_cache(const char *path, const char *head, const FileVec *files)
{
	if (!path)
		return;
	Buf out = BUF_INIT;
	buf_addf(&out, "%s\nhead %s\n", VOCAB_VERSION, head);
	for (size_t i = 0; i < files->n; i++) {
		const FileEntry *f = &files->v[i];
		buf_addf(&out, "%s %s %s\n", f->translated ? "F" : "E", f->blob, f->path);
		for (size_t k = 0; f->translated && k < f->words.n; k++)
			buf_addf(&out, "W %s\n", f->words.v[k]);
		for (size_t k = 0; f->translated && k < f->glosses.n; k++)
			buf_addf(&out, "G %s\n", f->glosses.v[k]);
	}
	mkdirs(path);
	Err e;
	err_init(&e);
	file_write_atomic(path, out.p ? out.p : "", out.len, &e); /* a cache: failures are fine */
	buf_release(&out);
}

static bool tutorial_path(Str p)
{
	/* Markdown: the pages of a Korean tree (a README.md is not one) */
	bool md = str_ends_with(p, ".md") && (str_starts_with(p, "ko/") || str_find(p, STR_LIT("/ko/")) >= 0);
	return (str_ends_with(p, ".rst") || str_ends_with(p, ".py") || str_ends_with(p, ".txt") || md) &&
	       !str_ends_with(p, "/CMakeLists.txt");
}

static void files_release(FileVec *v)
{
	for (size_t i = 0; i < v->n; i++)
		entry_free(&v->v[i]);
	VEC_FREE(v);
}

/* The cached entries by blob: an open-addressing table of entry + 1 (0:
 * empty), a power of two at least twice their number, so that finding the
 * entries of 100k files is linear (a scan of the cache for each was
 * quadratic). */
typedef struct BlobIndex {
	size_t *v;
	size_t cap;
} BlobIndex;

static size_t blob_slot(const BlobIndex *x, const char *blob, size_t n)
{
	return (size_t)hash_fnv1a(blob, n) & (x->cap - 1);
}

static void blob_index(BlobIndex *x, const FileVec *cached)
{
	x->cap = 16;
	while (x->cap < 2 * cached->n + 2)
		x->cap *= 2;
	x->v = xcalloc(x->cap, sizeof(size_t));
	for (size_t i = 0; i < cached->n; i++) {
		const char *b = cached->v[i].blob;
		size_t h = blob_slot(x, b, strlen(b));
		while (x->v[h])
			h = (h + 1) & (x->cap - 1);
		x->v[h] = i + 1;
	}
}

/* The entry of one tutorial at HEAD: the cached one of the same blob
 * (taken from cached), else the blob read (through the one cat-file
 * process, *batch, opened at the first) and scanned. */
static FileEntry head_entry(const char *top, Str blob, Str path, FileVec *cached,
                            const BlobIndex *ix, VcsBatch **batch)
{
	FileEntry f = {0};
	size_t h = blob_slot(ix, blob.p, blob.n);
	for (; ix->v[h] && !f.blob; h = (h + 1) & (ix->cap - 1)) {
		FileEntry *c = &cached->v[ix->v[h] - 1];
		if (!c->used && str_eq_cstr(blob, c->blob)) {
			f = *c;
			free(f.path);
			f.path = str_dup(path);
			memset(c, 0, sizeof(*c));
			c->used = true; /* its slot stays, passed over */
		}
	}
	if (!f.blob) {
		f.blob = str_dup(blob);
		f.path = str_dup(path);
		Buf text = BUF_INIT;
		Err ve;
		err_init(&ve);
		bool found = false, too_big = false;
		if (!*batch)
			*batch = vcs_batch_open(top, &ve);
		if (*batch &&
		    vcs_batch_read(*batch, f.blob, FILE_MAX_BYTES, &text, &found, &too_big, &ve) &&
		    found) {
			stat_add(STAT_REPO_FILES_SCANNED, 1);
			scan_text(&f, text.p ? text.p : "", text.len);
		}
		buf_release(&text);
	}
	return f;
}

/* The entries of the tutorials at HEAD into now, reusing cached ones. */
static bool scan_head(const char *top, FileVec *cached, FileVec *now, Err *e)
{
	Buf ls = BUF_INIT;
	const char *argv[] = {"ls-tree", "-r", "-z", "HEAD", NULL};
	if (!vcs_git(top, argv, &ls, NULL, e)) {
		buf_release(&ls);
		return false;
	}
	BlobIndex ix;
	blob_index(&ix, cached);
	VcsBatch *batch = NULL;
	/* "MODE TYPE BLOB\tPATH\0" */
	Str all = buf_str(&ls);
	while (all.n) {
		const char *z = memchr(all.p, 0, all.n);
		size_t l = z ? (size_t)(z - all.p) : all.n;
		Str rec = {all.p, l};
		all = str_slice(all, z ? l + 1 : l, all.n);
		const char *tab = memchr(rec.p, '\t', rec.n);
		if (!tab || (size_t)(tab - rec.p) < 41)
			continue;
		Str meta = {rec.p, (size_t)(tab - rec.p)}, path = str_slice(rec, meta.n + 1, rec.n);
		if (!str_find(meta, STR_LIT(" blob ")) || str_find(meta, STR_LIT(" blob ")) < 0 ||
		    !tutorial_path(path))
			continue;
		Str blob = str_slice(meta, meta.n - 40, meta.n);
		VEC_PUSH(now, head_entry(top, blob, path, cached, &ix, &batch));
	}
	vcs_batch_close(batch);
	free(ix.v);
	buf_release(&ls);
	return true;
}

/* Add the words and glosses of the translated files to r. */
static void add_totals(CheckRepo *r, const FileVec *now)
{
	if (!r->words)
		r->words = xcalloc(1, sizeof(CountMap));
	for (size_t i = 0; i < now->n; i++) {
		const FileEntry *f = &now->v[i];
		if (!f->translated)
			continue;
		r->files++;
		for (size_t k = 0; k < f->words.n; k++)
			countmap_add(r->words, f->words.v[k], strlen(f->words.v[k]), 1);
		for (size_t k = 0; k < f->glosses.n; k++) {
			const char *g = f->glosses.v[k];
			const char *tab = strchr(g, '\t');
			if (!tab)
				continue;
			if (tab == g) {
				spell_words_add(&r->hada, g + 1, strlen(g + 1));
				continue;
			}
			char *en = xmemdup0(g, (size_t)(tab - g));
			check_repo_add_rendering(r, en, tab + 1, 1);
			free(en);
		}
	}
}

bool check_repo_load(const char *file, CheckRepo *r, Err *e)
{
	char *top = NULL;
	Err ve;
	err_init(&ve);
	if (vcs_outside_work_tree(file) || !vcs_toplevel(file, &top, &ve))
		return true; /* not in a work tree: nothing to know */
	char head[41];
	if (!vcs_commit(top, "HEAD", head, &ve)) {
		free(top);
		return true; /* no commit yet */
	}
	char *cpath = cache_path(top);
	char *cached_head = NULL;
	FileVec cached = {0}, now = {0};
	read_cache(cpath, &cached_head, &cached);
	bool ok = true;
	if (cached_head && strcmp(cached_head, head) == 0) {
		now = cached;
		cached = (FileVec){0};
	} else if ((ok = scan_head(top, &cached, &now, e))) {
		write_cache(cpath, head, &now);
	}
	if (ok) {
		add_totals(r, &now);
		check_repo_finish(r);
	}
	files_release(&now);
	files_release(&cached);
	free(cached_head);
	free(cpath);
	free(top);
	return ok;
}


/* The particles a noun stem is found with (트레이너는, 트레이너의). */
static size_t particle_tail(const char *w, size_t n)
{
	for (size_t k = 6; k < n; k += 3)
		if (ko_is_particle(w + k, n - k))
			return k;
	return 0;
}

void check_repo_teach_spell(const CheckRepo *r, Spell *sp, size_t min_files)
{
	if (!r->words)
		return;
	const CountMap *vw = r->words;
	VEC(const char *) known = {0};
	VEC(size_t) counts = {0};
	CountMap stems = {0}, hada = {0};
	for (size_t i = 0; i < vw->cap; i++) {
		const char *w = countmap_key(vw, vw->key[i]);
		if (!w)
			continue;
		size_t c = vw->count[i];
		VEC_PUSH(&known, w);
		VEC_PUSH(&counts, c);
		size_t n = strlen(w), st;
		size_t k = particle_tail(w, n);
		if (k)
			countmap_add(&stems, w, k, c);
		else if (check_is_hada_form(w, n, &st))
			countmap_add(&hada, w, st, c);
	}
	spell_set_vocabulary(sp, known.v, counts.v, known.n);
	/* words of several files pass as they are */
	VEC(const char *) often = {0};
	for (size_t i = 0; i < known.n; i++)
		if (counts.v[i] >= min_files)
			VEC_PUSH(&often, known.v[i]);
	spell_add_known(sp, often.v, often.n);
	for (size_t i = 0; i < stems.cap; i++) {
		const char *w = countmap_key(&stems, stems.key[i]);
		if (w && stems.count[i] >= min_files)
			spell_add_stem(sp, w, countmap_get(&hada, w, strlen(w)) > 0);
	}
	for (size_t i = 0; i < hada.cap; i++)
		if (hada.key[i] && hada.count[i] >= min_files)
			spell_add_stem(sp, countmap_key(&hada, hada.key[i]), true);
	countmap_release(&stems);
	countmap_release(&hada);
	VEC_FREE(&often);
	VEC_FREE(&known);
	VEC_FREE(&counts);
}
