#include "testutil.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tu_corpus(void)
{
	const char *c = getenv("CORPUS");
	return c && *c ? c : "../shared/corpus";
}

/* The corpus is not there at all (a fresh clone without ../shared): the
 * test that needs it is skipped, saying so (a file missing from a corpus
 * that is there is a failure). */
static void need_corpus(void)
{
	struct stat st;
	if (stat(tu_corpus(), &st) == 0 && S_ISDIR(st.st_mode))
		return;
	print_message("skipped: no corpus at %s (CORPUS= points at it)\n", tu_corpus());
	skip();
}

char *tu_read(const char *path, size_t *n)
{
	size_t cl = strlen(tu_corpus());
	if (!strncmp(path, tu_corpus(), cl) && path[cl] == '/')
		need_corpus();
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	if (!file_read(path, &b, &e))
		fail_msg("%s", e.msg);
	if (n)
		*n = b.len;
	return buf_detach(&b);
}

char *tu_corpus_file(const char *name, size_t *n)
{
	char *path = path_join(tu_corpus(), name);
	char *data = tu_read(path, n);
	free(path);
	return data;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **tu_corpus_pairs(void)
{
	need_corpus();
	DIR *d = opendir(tu_corpus());
	if (!d)
		fail_msg("cannot open the corpus at %s", tu_corpus());
	VEC(char *) v = {0};
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (len > 7 && !strcmp(de->d_name + len - 7, ".en.rst"))
			VEC_PUSH(&v, xmemdup0(de->d_name, len - 7));
	}
	closedir(d);
	qsort(v.v, v.n, sizeof(char *), cmp);
	VEC_PUSH(&v, NULL);
	return v.v;
}

bool tu_have_corpus(void)
{
	char *m = path_join(tu_corpus(), "MANIFEST.tsv");
	struct stat st;
	bool ok = stat(m, &st) == 0 && S_ISREG(st.st_mode);
	free(m);
	if (!ok)
		print_message("skipped: no corpus at %s (CORPUS= points at it)\n", tu_corpus());
	return ok;
}

bool tu_have_py_corpus(void)
{
	char *d = path_join(tu_corpus(), "py");
	struct stat st;
	bool ok = stat(d, &st) == 0 && S_ISDIR(st.st_mode);
	free(d);
	if (!ok)
		print_message("skipped: no corpus (%s/py)\n", tu_corpus());
	return ok;
}

char **tu_py_pairs(void)
{
	need_corpus();
	char *dir = path_join(tu_corpus(), "py");
	DIR *d = opendir(dir);
	if (!d)
		fail_msg("cannot open %s", dir);
	VEC(char *) v = {0};
	struct dirent *de;
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (len > 6 && !strcmp(de->d_name + len - 6, ".en.py"))
			VEC_PUSH(&v, xmemdup0(de->d_name, len - 6));
	}
	closedir(d);
	free(dir);
	qsort(v.v, v.n, sizeof(char *), cmp);
	VEC_PUSH(&v, NULL);
	return v.v;
}

char *tu_py_file(const char *name, const char *side, size_t *n)
{
	char *f = xasprintf("py/%s.%s.py", name, side);
	char *data = tu_corpus_file(f, n);
	free(f);
	return data;
}

void tu_free_list(char **list)
{
	for (char **p = list; p && *p; p++)
		free(*p);
	free(list);
}

static VEC(char *) tmp_dirs;

static void rm_tmp(void)
{
	for (size_t i = 0; i < tmp_dirs.n; i++) {
		char *cmd = xasprintf("rm -rf '%s'", tmp_dirs.v[i]);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", tmp_dirs.v[i]);
		free(cmd);
		free(tmp_dirs.v[i]);
	}
	VEC_FREE(&tmp_dirs);
}

char *tu_tmpdir(void)
{
	char tmpl[] = "/tmp/yeok-test-XXXXXX";
	char *d = mkdtemp(tmpl);
	if (!d)
		fail_msg("mkdtemp failed");
	if (tmp_dirs.n == 0)
		atexit(rm_tmp);
	VEC_PUSH(&tmp_dirs, xstrdup(d));
	return xstrdup(d);
}

char *tu_write(const char *dir, const char *name, const char *data, size_t n)
{
	char *path = path_join(dir, name);
	FILE *f = fopen(path, "wb");
	if (!f)
		fail_msg("cannot write %s", path);
	if (n && fwrite(data, 1, n, f) != n)
		fail_msg("short write %s", path);
	fclose(f);
	return path;
}

void tu_sh(const char *dir, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *cmd = xvasprintf(fmt, ap);
	va_end(ap);
	char *full = xasprintf("cd '%s' && { %s ; } >/dev/null 2>&1", dir, cmd);
	if (system(full) != 0)
		fail_msg("command failed: %s", cmd);
	free(full);
	free(cmd);
}

/* A generated pair of about n blocks a side: titles of three levels,
 * prose, lists and code; the translation drops, adds, joins and retitles
 * some (a deterministic mess, for the DPs' odd paths). */
void tu_gen_pair(size_t n, uint64_t seed, Buf *en, Buf *ko)
{
	static const char *const ad = "=-~";
	uint64_t r = seed;
	for (size_t k = 0; k < n; k++) {
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		unsigned x = (unsigned)(r >> 33) % 100;
		if (x < 10) {
			char u = ad[k % 3];
			buf_addf(en, "Section %zu\n", k);
			for (int i = 0; i < 12; i++)
				buf_addc(en, u);
			buf_adds(en, "\n\n");
			buf_addf(ko, x < 2 ? "다른 절 %zu 제목\n" : "절 %zu\n", x < 1 ? k + 1 : k);
			for (int i = 0; i < 14; i++)
				buf_addc(ko, u);
			buf_adds(ko, "\n\n");
		} else if (x < 20) {
			buf_addf(en, "::\n\n    y = f(%zu)  # comment\n    z = y\n\n", k);
			if (x != 19)
				buf_addf(ko, "::\n\n    y = f(%zu)  # 주석\n    z = y\n\n", x < 12 ? k + 1 : k);
		} else if (x < 30) {
			buf_addf(en, "- item %zu with ``x_%zu``\n- another item\n\n", k, k);
			buf_addf(ko, "- 항목 %zu ``x_%zu``\n- 다른 항목\n\n", k, k);
		} else if (x < 35) {
			buf_addf(en, "Dropped paragraph %zu about the model.\n\n", k);
		} else if (x < 40) {
			buf_addf(ko, "번역에만 있는 문단 %zu.\n\n", k);
		} else if (x < 45) {
			buf_addf(en, "First half %zu of the :func:`torch.mm` call.\n\nSecond half %zu.\n\n", k, k);
			buf_addf(ko, "%zu 번 :func:`torch.mm` 호출의 앞과 뒤 %zu.\n\n", k, k);
		} else if (x < 48) {
			buf_addf(en, "Same text %zu in both.\n\n", k);
			buf_addf(ko, "Same text %zu in both.\n\n", k);
		} else {
			buf_addf(en, "The paragraph %zu uses ``tensor_%zu`` and https://pytorch.org/%zu "
			             "for the training loop.\n\n", k, k, k % 7);
			buf_addf(ko, "문단 %zu 은 ``tensor_%zu`` 와 https://pytorch.org/%zu 를 학습 루프에 "
			             "씁니다.\n\n", k, k, k % 7);
		}
	}
}

bool tu_blocks_equal(const RstDoc *a, const RstDoc *b, size_t *at)
{
	size_t n = MIN(a->n, b->n);
	for (size_t i = 0; i < n; i++) {
		const Block *x = &a->v[i], *y = &b->v[i];
		if (x->first != y->first || x->last != y->last || x->text_line != y->text_line ||
		    x->indent != y->indent || x->parent != y->parent || x->first_off != y->first_off ||
		    x->kind != y->kind || x->depth != y->depth || x->title_level != y->title_level ||
		    x->overline != y->overline || x->adornment != y->adornment ||
		    memcmp(x->bullet, y->bullet, sizeof(x->bullet)) != 0 ||
		    !str_eq(rst_block_name(x), rst_block_name(y)) ||
		    !str_eq(rst_block_arg(x), rst_block_arg(y))) {
			*at = i;
			return false;
		}
	}
	*at = n;
	return a->n == b->n;
}
