/* Whole-file reads and atomic writes. */
#include "yeok/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int file_inject_write_errno;

bool file_read(const char *path, Buf *out, Err *e)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return err_set(e, errno == ENOENT || errno == EACCES || errno == ENOTDIR
		                      ? EXIT_NOINPUT : EXIT_IOERR,
		               "%s: cannot open: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int saved = errno;
		close(fd);
		return err_set(e, EXIT_IOERR, "%s: %s", path, strerror(saved));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return err_set(e, EXIT_NOINPUT, "%s: is a directory", path);
	}
	buf_clear(out);
	if (S_ISREG(st.st_mode) && st.st_size > 0)
		buf_grow(out, (size_t)st.st_size);
	for (;;) {
		buf_grow(out, 65536);
		ssize_t r = read(fd, out->p + out->len, out->cap - out->len - 1);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int saved = errno;
			close(fd);
			return err_set(e, EXIT_IOERR, "%s: read error: %s", path, strerror(saved));
		}
		if (r == 0)
			break;
		out->len += (size_t)r;
	}
	out->p[out->len] = '\0';
	close(fd);
	return true;
}

static bool write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		p += w;
		n -= (size_t)w;
	}
	return true;
}

/* The file a save must replace: path itself, or what its symlink chain
 * points at (a symlink stays a symlink).  Caller frees. */
static char *resolve_target(const char *path)
{
	char *cur = xstrdup(path);
	for (int depth = 0; depth < 40; depth++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		char link[PATH_MAX];
		ssize_t n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0)
			return cur;
		link[n] = '\0';
		char *next;
		if (link[0] == '/') {
			next = xstrdup(link);
		} else {
			char *dir = path_dirname(cur);
			next = path_join(dir, link);
			free(dir);
		}
		free(cur);
		cur = next;
	}
	return cur;
}

bool file_write_atomic(const char *path, const void *data, size_t n, Err *e)
{
	if (file_inject_write_errno)
		return err_set(e, EXIT_IOERR, "%s: cannot save: %s", path,
		               strerror(file_inject_write_errno));
	char *target = resolve_target(path);
	char *dir = path_dirname(target);
	char *tmp = xasprintf("%s/.%s.yeok-XXXXXX", dir, path_basename(target));
	bool ok = false;
	int saved = 0;
	int fd = mkstemp(tmp);
	if (fd < 0) {
		saved = errno;
		err_set(e, EXIT_IOERR, "%s: cannot save: %s", path, strerror(saved));
		goto out;
	}
	struct stat st;
	mode_t mode = 0644;
	if (stat(target, &st) == 0) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) != 0 || !write_all(fd, data, n) || fsync(fd) != 0) {
		saved = errno;
		close(fd);
		unlink(tmp);
		err_set(e, EXIT_IOERR, "%s: cannot save: %s", path, strerror(saved));
		goto out;
	}
	if (close(fd) != 0) {
		saved = errno;
		unlink(tmp);
		err_set(e, EXIT_IOERR, "%s: cannot save: %s", path, strerror(saved));
		goto out;
	}
	if (rename(tmp, target) != 0) {
		saved = errno;
		unlink(tmp);
		err_set(e, EXIT_IOERR, "%s: cannot save: %s", path, strerror(saved));
		goto out;
	}
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd); /* best effort: some file systems refuse */
		close(dfd);
	}
	ok = true;
out:
	free(tmp);
	free(dir);
	free(target);
	return ok;
}

bool file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

char *path_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xmemdup0(path, (size_t)(slash - path));
}

const char *path_basename(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

char *path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	if (n && dir[n - 1] == '/')
		return xasprintf("%s%s", dir, name);
	return xasprintf("%s/%s", dir, name);
}

bool parse_long(const char *s, long min, long max, long *out)
{
	if (!s || !*s)
		return false;
	if (min >= 0 && (*s == '-' || *s == '+'))
		return false;
	errno = 0;
	char *end;
	long v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min || v > max)
		return false;
	*out = v;
	return true;
}

const char *argv_opt_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
	size_t n = strlen(name);
	const char *a = argv[*i];
	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = true;
		return "";
	}
	return argv[++*i];
}

uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
