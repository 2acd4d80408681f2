/* The crash-recovery journal (see include/yeok/journal.h). */
#include "yeok/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

char *journal_path(const char *file)
{
	return xasprintf("%s.yeok.journal", file);
}

static void header(Journal *j, Buf *b)
{
	buf_addf(b, "yeok-journal 1\nsha256 %s\nsize %zu\nstarted %lld\n", j->sha256, j->base_size,
	         (long long)time(NULL));
}

void journal_init(Journal *j, const char *file, const char *base, size_t n)
{
	memset(j, 0, sizeof(*j));
	j->path = journal_path(file);
	j->fd = -1;
	sha256_hex(base, n, j->sha256);
	j->base_size = n;
	err_init(&j->err);
}

void journal_release(Journal *j)
{
	if (j->fd >= 0)
		close(j->fd);
	buf_release(&j->pending);
	free(j->path);
	memset(j, 0, sizeof(*j));
	j->fd = -1;
}

void journal_replace(Journal *j, size_t first, size_t count, const Lines *after, size_t new_count)
{
	Buf bytes = BUF_INIT;
	static const char *eols[] = {"", "\n", "\r\n"};
	for (size_t i = first; i < first + new_count; i++) {
		buf_add(&bytes, after->v[i].p, after->v[i].n);
		buf_adds(&bytes, eols[after->v[i].eol]);
	}
	if (j->records == 0 && j->pending.len == 0 && j->fd < 0)
		header(j, &j->pending);
	if (j->last_pending && first == j->last_first && count == j->last_new &&
	    j->last_off <= j->pending.len) {
		/* replaces what the last pending record produced: one record */
		j->pending.len = j->last_off;
		count = j->last_count;
		j->records--;
	} else {
		j->last_count = count;
	}
	j->last_pending = true;
	j->last_off = j->pending.len;
	j->last_first = first;
	j->last_new = new_count;
	buf_addf(&j->pending, "R %zu %zu %zu %lld\n", first, count, bytes.len, (long long)time(NULL));
	buf_add(&j->pending, bytes.p ? bytes.p : "", bytes.len);
	buf_addc(&j->pending, '\n');
	j->records++;
	buf_release(&bytes);
}

bool journal_flush(Journal *j)
{
	j->last_flush_ns = now_ns();
	if (j->pending.len == 0)
		return true;
	if (j->fd < 0) {
		j->fd = open(j->path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		if (j->fd < 0) {
			j->failed = true;
			return err_set(&j->err, EXIT_IOERR, "%s: cannot write the journal: %s", j->path,
			               strerror(errno));
		}		/* held while this editor runs: journal_in_use() for another one;
		 * never truncate the journal of an editor that is still running */
		if (flock(j->fd, LOCK_EX | LOCK_NB) != 0 || ftruncate(j->fd, 0) != 0) {
			close(j->fd);
			j->fd = -1;
			j->failed = true;
			return err_set(&j->err, EXIT_IOERR, "%s: in use by another yeok editing the same "
			               "file", j->path);
		}
	}
	size_t done = 0;
	while (done < j->pending.len) {
		ssize_t w = write(j->fd, j->pending.p + done, j->pending.len - done);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			buf_remove(&j->pending, 0, done);
			j->last_pending = false;
			j->failed = true;
			return err_set(&j->err, EXIT_IOERR, "%s: cannot write the journal: %s", j->path,
			               strerror(errno));
		}
		done += (size_t)w;
	}
	buf_clear(&j->pending);
	j->last_pending = false;
	fdatasync(j->fd);
	j->failed = false;
	return true;
}

bool journal_tick(Journal *j)
{
	if (j->pending.len && now_ns() - j->last_flush_ns >= 1000000000ull)
		return journal_flush(j);
	return !j->failed;
}

void journal_rebase(Journal *j, const char *base, size_t n)
{
	journal_remove(j);
	sha256_hex(base, n, j->sha256);
	j->base_size = n;
}

void journal_remove(Journal *j)
{
	if (j->fd >= 0) {
		close(j->fd);
		j->fd = -1;
	}
	buf_clear(&j->pending);
	j->last_pending = false;
	j->records = 0;
	unlink(j->path);
}

bool journal_in_use(const char *file)
{
	char *path = journal_path(file);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return false;
	bool busy = false;
	if (flock(fd, LOCK_SH | LOCK_NB) != 0)
		busy = errno == EWOULDBLOCK;
	else
		flock(fd, LOCK_UN);
	close(fd);
	return busy;
}

/* ---- recovery ---------------------------------------------------------- */

typedef struct Reader {
	const char *p, *end;
} Reader;

/* The next LF-terminated line (without the LF); false at a torn end. */
static bool read_line(Reader *r, Str *line)
{
	const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	if (!nl)
		return false;
	*line = (Str){r->p, (size_t)(nl - r->p)};
	r->p = nl + 1;
	return true;
}

static bool header_field(Reader *r, const char *key, Str *value)
{
	Str line;
	size_t k = strlen(key);
	if (!read_line(r, &line) || line.n <= k || memcmp(line.p, key, k) != 0 || line.p[k] != ' ')
		return false;
	*value = str_slice(line, k + 1, line.n);
	return true;
}

bool journal_recover(const char *file, const char *base, size_t n, JournalInfo *info, Buf *out,
                     Err *e)
{
	memset(info, 0, sizeof(*info));
	char *path = journal_path(file);
	Buf data = BUF_INIT;
	Err ignore;
	if (!file_read(path, &data, &ignore)) {
		free(path);
		buf_release(&data);
		return true; /* no journal: nothing to recover */
	}
	Reader r = {data.p, data.p + data.len};
	Str magic, sha, size, started;
	bool ok = true;
	if (!read_line(&r, &magic) || !str_eq_cstr(magic, "yeok-journal 1") ||
	    !header_field(&r, "sha256", &sha) || sha.n != 64 || !header_field(&r, "size", &size) ||
	    !header_field(&r, "started", &started)) {
		ok = err_set(e, EXIT_DATAERR, "%s:1: not a yeok journal (corrupt header)", path);
		goto out;
	}
	char hex[65];
	sha256_hex(base, n, hex);
	info->base_matches = memcmp(hex, sha.p, 64) == 0;
	char *num = str_dup(started);
	info->started = atoll(num);
	info->last_edit = info->started;
	free(num);

	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, base, n);
	for (;;) {
		Str line;
		if (r.p == r.end)
			break;
		if (!read_line(&r, &line)) {
			info->torn = true;
			break;
		}
		char *hdr = str_dup(line);
		size_t first, count, len;
		long long when;
		int used = 0;
		if (sscanf(hdr, "R %zu %zu %zu %lld%n", &first, &count, &len, &when, &used) != 4 ||
		    (size_t)used != line.n) {
			free(hdr);
			/* garbage after the last good record: a torn write */
			info->torn = true;
			break;
		}
		free(hdr);
		if ((size_t)(r.end - r.p) < len + 1 || r.p[len] != '\n') {
			info->torn = true;
			break;
		}
		if (!lines_replace(&doc, first, count, r.p, len)) {
			ok = err_set(e, EXIT_DATAERR,
			             "%s: record %zu does not fit the document (lines %zu+%zu of %zu)",
			             path, info->records + 1, first + 1, count, doc.n);
			lines_release(&doc);
			goto out;
		}
		r.p += len + 1;
		info->records++;
		info->last_edit = when;
	}
	info->exists = info->records > 0;
	if (out) {
		buf_clear(out);
		lines_serialize(&doc, out);
	}
	lines_release(&doc);
out:
	buf_release(&data);
	free(path);
	return ok;
}
