#include "testutil.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tu_corpus(void)
{
	const char *c = getenv("CORPUS");
	return c && *c ? c : "../shared/corpus";
}

char *tu_read(const char *path, size_t *n)
{
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
