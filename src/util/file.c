/* Whole-file reads and atomic writes. */
#include "yeok/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int file_inject_write_errno;

/* What a non-regular file is, for messages. */
static const char *kind_of(mode_t m)
{
	return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
	       : S_ISSOCK(m) ? "a socket" : S_ISLNK(m) ? "a symbolic link" : S_ISDIR(m) ? "a directory"
	       : "not a regular file";
}

static bool refuse_link(const char *path, Err *e)
{
	return err_set(e, EXIT_NOINPUT, "%s: a symbolic link: yeok never follows its side files "
	               "through links (remove the link)", path);
}

/* Open path for reading as file_read_limit does (O_NONBLOCK cleared after
 * the checks); *size gets its size.  Returns the descriptor or -1 (e). */
static int file_open_read(const char *path, size_t max, unsigned flags, size_t *size, Err *e)
{
	int of = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY;
	if (flags & FILE_NOFOLLOW)
		of |= O_NOFOLLOW;
	int fd = open(path, of);
	if (fd < 0) {
		int saved = errno;
		struct stat ls;
		if ((flags & FILE_NOFOLLOW) && saved == ELOOP && lstat(path, &ls) == 0 &&
		    S_ISLNK(ls.st_mode)) {
			refuse_link(path, e);
			return -1;
		}
		err_set(e, saved == ENOENT || saved == EACCES || saved == ENOTDIR || saved == ELOOP ||
		                   saved == ENXIO
		               ? EXIT_NOINPUT : EXIT_IOERR,
		        "%s: cannot open: %s", path, strerror(saved));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int saved = errno;
		close(fd);
		err_set(e, EXIT_IOERR, "%s: %s", path, strerror(saved));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		err_set(e, EXIT_NOINPUT, "%s: is a directory", path);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		err_set(e, EXIT_NOINPUT, "%s: not a regular file (%s): not read", path,
		        kind_of(st.st_mode));
		return -1;
	}
	if ((uintmax_t)st.st_size > (uintmax_t)max) {
		close(fd);
		err_set(e, EXIT_DATAERR, "%s: too large (%jd bytes; at most %zu): not read", path,
		        (intmax_t)st.st_size, max);
		return -1;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	if (size)
		*size = (size_t)st.st_size;
	return fd;
}

bool file_read_limit(const char *path, size_t max, unsigned flags, Buf *out, Err *e)
{
	size_t size = 0;
	int fd = file_open_read(path, max, flags, &size, e);
	if (fd < 0)
		return false;
	buf_clear(out);
	/* a regular file's size is known: the buffer is that size (and room
	 * for the read that sees the end), not the next power of two */
	if (size && out->cap < size + 2) {
		out->p = xrealloc(out->p, size + 2);
		out->cap = size + 2;
		xprefault(out->p, size); /* read() would fault them in a page at a time */
	}
	for (;;) {
		if (out->cap - out->len < 2)
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
		if (out->len > max) { /* it grew while being read */
			close(fd);
			buf_clear(out);
			return err_set(e, EXIT_DATAERR, "%s: too large (more than %zu bytes): not read",
			               path, max);
		}
	}
	out->p[out->len] = '\0';
	close(fd);
	return true;
}

bool file_read(const char *path, Buf *out, Err *e)
{
	return file_read_limit(path, FILE_MAX_BYTES, 0, out, e);
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

static bool pwrite_all(int fd, const char *p, size_t n)
{
	off_t at = 0;
	while (n) {
		ssize_t w = pwrite(fd, p, n, at);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		p += w;
		n -= (size_t)w;
		at += w;
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

void file_sync_dir(const char *dir)
{
	int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd); /* best effort: some file systems refuse */
		close(dfd);
	}
}

static bool save_error(Err *e, const char *path, int saved)
{
	return err_set(e, EXIT_IOERR, "%s: cannot save: %s", path, err_errno_text(saved));
}

/* The new text in a temporary file beside target, flushed to the disk,
 * with the owner, group and mode of `like` (NULL: a new file's).  *tmp
 * gets its path (caller frees); false (nothing left behind) on failure. */
static bool write_temp(const char *shown, const char *target, const struct stat *like,
                       const void *data, size_t n, char **tmp, Err *e)
{
	char *dir = path_dirname(target);
	*tmp = xasprintf("%s/.%s" FILE_TEMP_INFIX "XXXXXX", dir, path_basename(target));
	free(dir);
	int fd = mkstemp(*tmp);
	if (fd < 0) {
		int saved = errno;
		free(*tmp);
		*tmp = NULL;
		return save_error(e, shown, saved);
	}
	mode_t mode;
	if (like) {
		mode = like->st_mode & 07777;
		/* the owner and group stay where permitted (root; a group of ours) */
		if (fchown(fd, like->st_uid, like->st_gid) != 0 &&
		    fchown(fd, (uid_t)-1, like->st_gid) != 0) {
			/* not permitted: the file becomes ours, as any editor's save */
		}
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) != 0 || !write_all(fd, data, n) || fsync(fd) != 0) {
		int saved = errno;
		close(fd);
		unlink(*tmp);
		free(*tmp);
		*tmp = NULL;
		return save_error(e, shown, saved);
	}
	if (close(fd) != 0) {
		int saved = errno;
		unlink(*tmp);
		free(*tmp);
		*tmp = NULL;
		return save_error(e, shown, saved);
	}
	return true;
}

/* rename tmp over target and make it durable. */
static bool replace_with(const char *shown, const char *tmp, const char *target, Err *e)
{
	if (rename(tmp, target) != 0) {
		int saved = errno;
		unlink(tmp);
		return save_error(e, shown, saved);
	}
	char *dir = path_dirname(target);
	file_sync_dir(dir);
	free(dir);
	return true;
}

/* A file with several hard links keeps its inode: tmp (already holding
 * the complete new text) is the safety copy while target is overwritten. */
static bool write_in_place(const char *shown, const char *target, const struct stat *st,
                           const char *tmp, const void *data, size_t n, Err *e)
{
	int fd = open(target, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	struct stat now;
	if (fd < 0 || fstat(fd, &now) != 0 || now.st_ino != st->st_ino ||
	    now.st_dev != st->st_dev || !S_ISREG(now.st_mode)) {
		int saved = fd < 0 ? errno : EBUSY;
		if (fd >= 0)
			close(fd);
		unlink(tmp);
		return save_error(e, shown, saved);
	}
	if ((uintmax_t)n > (uintmax_t)now.st_size) {
		/* reserve the space first: a full disk fails here, before any byte changes */
		int r = posix_fallocate(fd, 0, (off_t)n);
		if (r != 0 && r != EOPNOTSUPP && r != EINVAL) {
			close(fd);
			unlink(tmp);
			return save_error(e, shown, r);
		}
	}
	if (!pwrite_all(fd, data, n) || ftruncate(fd, (off_t)n) != 0 || fsync(fd) != 0) {
		int saved = errno;
		close(fd);
		return err_set(e, EXIT_IOERR, "%s: saved only in part (%s): the complete text is in %s",
		               shown, strerror(saved), tmp);
	}
	close(fd);
	unlink(tmp);
	char *dir = path_dirname(target);
	file_sync_dir(dir);
	free(dir);
	return true;
}

char *path_worktree_top(const char *path)
{
	char *dir = path_dirname(path);
	char *real = realpath(dir, NULL);
	free(dir);
	if (!real)
		return NULL;
	char *cur = xstrdup(real);
	free(real);
	for (;;) {
		char *git = path_join(cur, ".git");
		struct stat st;
		bool found = lstat(git, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode));
		free(git);
		if (found)
			return cur;
		if (!strcmp(cur, "/")) {
			free(cur);
			return NULL;
		}
		char *up = path_dirname(cur);
		free(cur);
		cur = up;
	}
}

bool path_real_inside(const char *real_top, const char *p)
{
	char *rp = realpath(p, NULL);
	if (!rp) { /* not there yet: its folder */
		char *dir = path_dirname(p);
		rp = realpath(dir, NULL);
		free(dir);
	}
	if (!rp)
		return false;
	size_t n = strlen(real_top);
	bool in = !strncmp(rp, real_top, n) && (rp[n] == '/' || rp[n] == '\0' || !strcmp(real_top, "/"));
	free(rp);
	return in;
}

bool path_link_leaves_tree(const char *path, Err *e)
{
	struct stat st;
	if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
		return false;
	char *top = path_worktree_top(path);
	char *target = resolve_target(path);
	bool out = top && !path_real_inside(top, target);
	if (out)
		err_set(e, EXIT_NOINPUT, "%s: a symbolic link to %s, outside the work tree %s: never "
		        "written through", path, target, top);
	free(target);
	free(top);
	return out;
}

bool file_write_atomic(const char *path, const void *data, size_t n, Err *e)
{
	if (file_inject_write_errno)
		return save_error(e, path, file_inject_write_errno);
	Err why;
	err_init(&why);
	if (path_link_leaves_tree(path, &why))
		return err_set(e, EXIT_NOINPUT, "%s: not saved", why.msg);
	char *target = resolve_target(path);
	struct stat st;
	bool exists = lstat(target, &st) == 0;
	bool ok = false;
	char *tmp = NULL;
	if (exists && !S_ISREG(st.st_mode)) {
		err_set(e, EXIT_NOINPUT, "%s: not a regular file (%s): not saved", path,
		        kind_of(st.st_mode));
		goto out;
	}
	if (!write_temp(path, target, exists ? &st : NULL, data, n, &tmp, e))
		goto out;
	if (exists && st.st_nlink > 1)
		ok = write_in_place(path, target, &st, tmp, data, n, e);
	else
		ok = replace_with(path, tmp, target, e);
out:
	free(tmp);
	free(target);
	return ok;
}

bool file_write_side(const char *path, const void *data, size_t n, Err *e)
{
	if (file_inject_write_errno)
		return save_error(e, path, file_inject_write_errno);
	struct stat st;
	bool exists = lstat(path, &st) == 0;
	if (exists && S_ISLNK(st.st_mode))
		return refuse_link(path, e);
	if (exists && !S_ISREG(st.st_mode))
		return err_set(e, EXIT_NOINPUT, "%s: not a regular file (%s): not written", path,
		               kind_of(st.st_mode));
	char *tmp = NULL;
	/* rename replaces the name itself: a link made meanwhile is replaced,
	 * never followed */
	bool ok = write_temp(path, path, exists ? &st : NULL, data, n, &tmp, e) &&
	          replace_with(path, tmp, path, e);
	free(tmp);
	return ok;
}

/* `.NAME` + suffix + FILE_TEMP_INFIX + 6 characters of mkstemp. */
static bool is_temp_of(const char *entry, const char *base, const char *suffix)
{
	size_t bn = strlen(base), sn = strlen(suffix), in = strlen(FILE_TEMP_INFIX);
	if (entry[0] != '.' || strncmp(entry + 1, base, bn) != 0 ||
	    strncmp(entry + 1 + bn, suffix, sn) != 0 ||
	    strncmp(entry + 1 + bn + sn, FILE_TEMP_INFIX, in) != 0)
		return false;
	const char *x = entry + 1 + bn + sn + in;
	if (strlen(x) != 6)
		return false;
	for (int i = 0; i < 6; i++)
		if (!((x[i] >= 'a' && x[i] <= 'z') || (x[i] >= 'A' && x[i] <= 'Z') ||
		      (x[i] >= '0' && x[i] <= '9')))
			return false;
	return true;
}

size_t file_remove_stale_temps(const char *path, const char *const *suffixes)
{
	char *dir = path_dirname(path);
	const char *base = path_basename(path);
	DIR *d = opendir(dir);
	free(dir);
	if (!d)
		return 0;
	size_t removed = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		bool mine = is_temp_of(de->d_name, base, "");
		for (size_t i = 0; !mine && suffixes && suffixes[i]; i++)
			mine = is_temp_of(de->d_name, base, suffixes[i]);
		struct stat st;
		if (!mine || fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISREG(st.st_mode) || st.st_uid != geteuid())
			continue;
		if (unlinkat(dirfd(d), de->d_name, 0) == 0)
			removed++;
	}
	closedir(d);
	return removed;
}

char *cache_file_path(const char *folder, const char *key)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *base = x && *x == '/' ? xasprintf("%s/yeok/%s", x, folder) :
	             home && *home == '/' ? xasprintf("%s/.cache/yeok/%s", home, folder) : NULL;
	if (!base)
		return NULL;
	char *p = xasprintf("%s/%016llx.txt", base,
	                    (unsigned long long)hash_fnv1a(key, strlen(key)));
	free(base);
	return p;
}

bool cache_file_write(const char *path, const void *data, size_t n)
{
	char *d = xstrdup(path);
	for (char *p = d + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(d, 0700); /* an existing one is fine; a failure shows below */
		*p = '/';
	}
	free(d);
	Err e;
	err_init(&e);
	return file_write_atomic(path, data, n, &e);
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

static uint64_t clock_ns(clockid_t c)
{
	struct timespec ts;
	if (clock_gettime(c, &ts) != 0)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t now_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

uint64_t cpu_ns(bool thread)
{
	return clock_ns(thread ? CLOCK_THREAD_CPUTIME_ID : CLOCK_PROCESS_CPUTIME_ID);
}
