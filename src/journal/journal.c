/* The crash-recovery journal (see include/yeok/journal.h). */
#include "yeok/journal.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A journal larger than this is not read (a long session of a 5 MB
 * document stays far below it). */
#define JOURNAL_MAX_BYTES (512u << 20)

int journal_inject_flock_errno;
long journal_inject_write_budget = -1;

char *journal_path(const char *file)
{
	return xasprintf("%s.yeok.journal", file);
}

/* ---- who wrote it --------------------------------------------------------- */

static void host_name(char *out, size_t n)
{
	if (gethostname(out, n) != 0)
		snprintf(out, n, "-");
	out[n - 1] = '\0';
	for (char *p = out; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			*p = '_';
	if (!out[0])
		snprintf(out, n, "-");
}

/* /etc/machine-id (32 hex digits), "-" when there is none: a repository
 * cannot know it, so a committed journal never passes for this machine's. */
static void machine_id(char *out, size_t n)
{
	snprintf(out, n, "-");
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	if (file_read_limit("/etc/machine-id", 256, 0, &b, &e)) {
		Str s = str_trim(buf_str(&b));
		bool hex = s.n >= 16;
		for (size_t i = 0; i < s.n; i++)
			hex &= (s.p[i] >= '0' && s.p[i] <= '9') || (s.p[i] >= 'a' && s.p[i] <= 'f');
		if (hex)
			snprintf(out, n, "%.*s", (int)MIN(s.n, n - 1), s.p);
	}
	buf_release(&b);
}

void journal_here(char *out, size_t n)
{
	char host[128], mid[80];
	host_name(host, sizeof(host));
	machine_id(mid, sizeof(mid));
	snprintf(out, n, "host %s machine %s uid %ld", host, mid, (long)geteuid());
}

static void header(Journal *j, Buf *b)
{
	char host[128], mid[80];
	host_name(host, sizeof(host));
	machine_id(mid, sizeof(mid));
	buf_addf(b, "yeok-journal 2\nsha256 %s\nsize %zu\nstarted %lld\nhost %s\nmachine %s\nuid %ld\n"
	         "pid %ld\n", j->sha256, j->base_size, (long long)time(NULL), host, mid,
	         (long)geteuid(), (long)getpid());
}

/* ---- the lock ------------------------------------------------------------- */

void journal_init_hashed(Journal *j, const char *file, const char *sha256, size_t n)
{
	memset(j, 0, sizeof(*j));
	j->path = journal_path(file);
	j->fd = -1;
	memcpy(j->sha256, sha256, sizeof(j->sha256) - 1);
	j->sha256[sizeof(j->sha256) - 1] = '\0';
	j->base_size = n;
	err_init(&j->err);
}

void journal_init_lazy(Journal *j, const char *file, const char *base, size_t n)
{
	char zeros[65];
	memset(zeros, '0', 64);
	zeros[64] = '\0';
	journal_init_hashed(j, file, zeros, n);
	j->lazy_base = base ? base : "";
}

void journal_set_base_sha256(Journal *j, const char *sha256)
{
	if (!j->lazy_base)
		return;
	memcpy(j->sha256, sha256, sizeof(j->sha256) - 1);
	j->sha256[sizeof(j->sha256) - 1] = '\0';
	j->lazy_base = NULL;
	j->begun = false; /* a header written so far names 64 zeros */
}

void journal_init(Journal *j, const char *file, const char *base, size_t n)
{
	char hex[65];
	sha256_hex(base, n, hex);
	journal_init_hashed(j, file, hex, n);
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

/* The value of header line KEY in text (a journal's first lines), or "". */
static void header_value(const char *p, size_t n, const char *key, char *out, size_t on)
{
	out[0] = '\0';
	size_t k = strlen(key);
	for (size_t i = 0, line = 0; i < n && line < 12; line++) {
		const char *nl = memchr(p + i, '\n', n - i);
		size_t end = nl ? (size_t)(nl - p) : n;
		if (end - i > k && !memcmp(p + i, key, k) && p[i + k] == ' ') {
			size_t vn = MIN(end - i - k - 1, on - 1);
			memcpy(out, p + i + k + 1, vn);
			out[vn] = '\0';
			for (char *q = out; *q; q++)
				if ((unsigned char)*q < ' ' || *q == 0x7f)
					*q = '?';
			return;
		}
		i = end + 1;
	}
}

/* "process 123 on host x" from the header of the journal open as fd. */
static void describe_holder(int fd, char *out, size_t n)
{
	char head[1024];
	ssize_t r = pread(fd, head, sizeof(head), 0);
	char pid[32], host[128];
	header_value(head, r > 0 ? (size_t)r : 0, "pid", pid, sizeof(pid));
	header_value(head, r > 0 ? (size_t)r : 0, "host", host, sizeof(host));
	if (pid[0] && host[0])
		snprintf(out, n, "process %s on host %s", pid, host);
	else
		snprintf(out, n, "another process");
}

static JournalLock fail(Journal *j, JournalLock st, const char *fmt, ...) PRINTF_LIKE(3, 4);
static JournalLock fail(Journal *j, JournalLock st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	err_set(&j->err, EXIT_IOERR, "%s", msg);
	free(msg);
	j->lock = st;
	return st;
}

JournalLock journal_open(Journal *j)
{
	if (j->lock == JOURNAL_LOCKED)
		return j->lock;
	for (int attempt = 0; attempt < 5; attempt++) {
		const int flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
		bool created = true;
		int fd = open(j->path, flags | O_CREAT | O_EXCL, 0600);
		if (fd < 0 && errno == EEXIST) {
			created = false;
			fd = open(j->path, flags);
		}
		if (fd < 0) {
			if (errno == ENOENT)
				continue; /* removed between the two opens */
			if (errno == ELOOP)
				return fail(j, JOURNAL_FAILED, "%s: a symbolic link: crash recovery is off "
				            "(yeok never follows its side files through links)", j->path);
			return fail(j, JOURNAL_FAILED, "%s: cannot create the journal (%s): crash "
			            "recovery is off", j->path, strerror(errno));
		}
		struct stat st;
		if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
			bool reg = S_ISREG(st.st_mode);
			close(fd);
			return fail(j, JOURNAL_FAILED, "%s: %s: crash recovery is off", j->path,
			            reg ? "belongs to another user" : "not a regular file");
		}
		int r = journal_inject_flock_errno ? -1 : flock(fd, LOCK_EX | LOCK_NB);
		int err = journal_inject_flock_errno ? journal_inject_flock_errno : errno;
		if (r != 0 && err == EWOULDBLOCK) {
			describe_holder(fd, j->holder, sizeof(j->holder));
			close(fd);
			return fail(j, JOURNAL_BUSY, "%s: in use by another yeok (%s)", j->path, j->holder);
		}
		if (r != 0) {
			if (created)
				unlink(j->path); /* ours, empty, useless: leave no trace */
			close(fd);
			return fail(j, JOURNAL_NOLOCK, "crash recovery is off: %s cannot be locked on this "
			            "file system (flock: %s)", j->path, strerror(err));
		}
		/* The editor that held it may have removed it on its clean exit
		 * between our open and our lock: then lock the file at the path. */
		struct stat now;
		if (stat(j->path, &now) != 0 || now.st_ino != st.st_ino || now.st_dev != st.st_dev) {
			close(fd);
			continue;
		}
		int fl = fcntl(fd, F_GETFL);
		if (fl >= 0)
			fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
		j->fd = fd;
		j->good = st.st_size;
		j->lock = JOURNAL_LOCKED;
		j->begun = false;
		return j->lock;
	}
	return fail(j, JOURNAL_FAILED, "%s: keeps changing: crash recovery is off", j->path);
}

/* write(2) of the journal, with the test hook of a disk that fills up:
 * once journal_inject_write_budget bytes are written, ENOSPC. */
static ssize_t jwrite(int fd, const char *p, size_t n, off_t at)
{
	if (journal_inject_write_budget >= 0) {
		if (journal_inject_write_budget == 0) {
			errno = ENOSPC;
			return -1;
		}
		n = MIN(n, (size_t)journal_inject_write_budget);
	}
	ssize_t w = pwrite(fd, p, n, at);
	if (w > 0 && journal_inject_write_budget >= 0)
		journal_inject_write_budget -= w;
	return w;
}

/* Write p[0..n) at offset at of fd and make it durable. */
static bool write_at(Journal *j, int fd, const char *p, size_t n, off_t at)
{
	size_t done = 0;
	while (done < n) {
		ssize_t w = jwrite(fd, p + done, n - done, at + (off_t)done);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return err_set(&j->err, EXIT_IOERR, "%s: cannot write the journal: %s", j->path,
			               strerror(errno));
		}
		done += (size_t)w;
	}
	if (fdatasync(fd) != 0 && errno != EINVAL && errno != EROFS)
		return err_set(&j->err, EXIT_IOERR, "%s: cannot write the journal: %s", j->path,
		               strerror(errno));
	return true;
}

/* Append p[0..n) after the journal's last whole record (j->good).  A write
 * that fails part-way (a full disk) is cut off again — shrinking needs no
 * space — so the journal still ends with its last whole record and every
 * record written before stays; the caller keeps the new ones pending. */
static bool append(Journal *j, const char *p, size_t n)
{
	if (write_at(j, j->fd, p, n, j->good)) {
		j->good += (off_t)n;
		return true;
	}
	if (ftruncate(j->fd, j->good) == 0)
		fdatasync(j->fd);
	/* else the torn tail stays: recovery stops at it, and the next append
	 * writes over it from j->good */
	j->failed = true;
	return false;
}

/* Replace the journal by one holding p[0..n) (a new header for a new
 * base), atomically: a temporary file beside it, locked before it takes
 * the journal's name (the one-editor guarantee holds throughout: an
 * editor that opens the path meets our lock on either file), written,
 * flushed and renamed into place; only then is the old file closed.  When
 * the disk refuses, the old journal stays as it was. */
static bool replace(Journal *j, const char *p, size_t n)
{
	char *dir = path_dirname(j->path);
	char *tmp = xasprintf("%s/.%s" FILE_TEMP_INFIX "XXXXXX", dir, path_basename(j->path));
	int fd = mkstemp(tmp);
	bool ok = fd >= 0;
	if (ok)
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (!ok)
		err_set(&j->err, EXIT_IOERR, "%s: cannot write the journal: %s", j->path,
		        strerror(errno));
	if (ok && (fchmod(fd, 0600) != 0 || flock(fd, LOCK_EX | LOCK_NB) != 0))
		ok = err_set(&j->err, EXIT_IOERR, "%s: cannot lock the new journal: %s", j->path,
		             strerror(errno));
	ok = ok && write_at(j, fd, p, n, 0);
	if (ok && rename(tmp, j->path) != 0)
		ok = err_set(&j->err, EXIT_IOERR, "%s: cannot write the journal: %s", j->path,
		             strerror(errno));
	if (!ok) {
		if (fd >= 0) {
			unlink(tmp);
			close(fd);
		}
	} else {
		file_sync_dir(dir);
		close(j->fd); /* the old journal's lock: the new one is held already */
		j->fd = fd;
		j->good = (off_t)n;
	}
	free(tmp);
	free(dir);
	return ok;
}

bool journal_begin(Journal *j)
{
	if (j->lock != JOURNAL_LOCKED)
		return false;
	if (j->lazy_base && j->pending.len) { /* a record follows: the base's hash now */
		sha256_hex(j->lazy_base, j->base_size, j->sha256);
		j->lazy_base = NULL;
	}
	Buf h = BUF_INIT;
	header(j, &h);
	/* an empty journal (just made by journal_open) is written in place;
	 * one that holds anything is replaced whole, never emptied first */
	struct stat st;
	bool empty = fstat(j->fd, &st) == 0 && st.st_size == 0;
	bool ok;
	if (empty) {
		j->good = 0;
		ok = append(j, h.p, h.len);
	} else {
		ok = replace(j, h.p, h.len);
	}
	buf_release(&h);
	j->begun = ok;
	j->failed = !ok;
	return ok;
}

/* ---- records -------------------------------------------------------------- */

void journal_replace(Journal *j, size_t first, size_t count, const Lines *after, size_t new_count)
{
	Buf bytes = BUF_INIT;
	static const char *eols[] = {"", "\n", "\r\n"};
	for (size_t i = first; i < first + new_count; i++) {
		buf_add(&bytes, lines_get(after, i).p, lines_line(after, i)->n);
		buf_adds(&bytes, eols[lines_line(after, i)->eol]);
	}
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

void journal_state(Journal *j, const char *p, size_t n)
{
	buf_addf(&j->pending, "M %zu %lld\n", n, (long long)time(NULL));
	buf_add(&j->pending, p, n);
	buf_addc(&j->pending, '\n');
	j->last_pending = false; /* the next text record does not merge over it */
	j->records++;
}

bool journal_flush(Journal *j)
{
	j->last_flush_ns = now_ns();
	if (j->pending.len == 0)
		return true;
	if (j->lock == JOURNAL_UNOPENED)
		journal_open(j);
	if (j->lock != JOURNAL_LOCKED) {
		j->failed = true;
		return false; /* j->err says why (busy, no locks, cannot create) */
	}
	if ((!j->begun || j->lazy_base) && !journal_begin(j))
		return false;
	if (!append(j, j->pending.p, j->pending.len)) {
		/* the journal ends with its last whole record: these stay pending
		 * (no longer mergeable) for the next try */
		j->last_pending = false;
		return false;
	}
	buf_clear(&j->pending);
	j->last_pending = false;
	j->failed = false;
	j->said = false;
	return true;
}

bool journal_tick(Journal *j)
{
	if (j->pending.len && now_ns() - j->last_flush_ns >= 1000000000ull)
		return journal_flush(j);
	return !j->failed;
}

bool journal_saving(Journal *j, const char *data, size_t n)
{
	char hex[65];
	sha256_hex(data, n, hex);
	buf_addf(&j->pending, "S %s\n", hex);
	j->last_pending = false;
	return journal_flush(j);
}

bool journal_save(Journal *j, const char *path, const char *data, size_t n, Err *e)
{
	if (j)
		journal_saving(j, data, n);
	bool ok = file_write_atomic(path, data, n, e);
	if (ok && j)
		journal_rebase(j, data, n);
	else if (j)
		journal_flush(j); /* the edits are safe at least there */
	return ok;
}

void journal_rebase(Journal *j, const char *base, size_t n)
{
	sha256_hex(base, n, j->sha256);
	j->lazy_base = NULL;
	j->base_size = n;
	buf_clear(&j->pending);
	j->last_pending = false;
	j->records = 0;
	j->failed = false;
	if (j->lock == JOURNAL_LOCKED)
		journal_begin(j);
}

void journal_remove(Journal *j)
{
	buf_clear(&j->pending);
	j->last_pending = false;
	j->records = 0;
	if (j->lock != JOURNAL_LOCKED)
		return; /* never remove a journal this editor does not hold */
	unlink(j->path);
	/* durable: a crash right after must not bring the journal back */
	char *dir = path_dirname(j->path);
	file_sync_dir(dir);
	free(dir);
	close(j->fd);
	j->fd = -1;
	j->lock = JOURNAL_UNOPENED;
	j->begun = false;
}

bool journal_in_use(const char *file, char *holder, size_t n)
{
	char *path = journal_path(file);
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY);
	free(path);
	if (holder && n)
		holder[0] = '\0';
	if (fd < 0)
		return false;
	bool busy = false;
	struct stat st;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
		if (flock(fd, LOCK_SH | LOCK_NB) != 0)
			busy = errno == EWOULDBLOCK;
		else
			flock(fd, LOCK_UN);
		if (busy && holder && n)
			describe_holder(fd, holder, n);
	}
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

/* A decimal number without sign that fits: the whole of s. */
static bool number(Str s, uint64_t *out)
{
	uint64_t v = 0;
	if (!s.n || s.n > 20)
		return false;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return false;
		unsigned d = (unsigned)(s.p[i] - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* "R first count nbytes when": four numbers separated by single spaces. */
static bool record_header(Str line, size_t *first, size_t *count, size_t *len, long long *when)
{
	if (line.n < 2 || line.p[0] != 'R' || line.p[1] != ' ')
		return false;
	uint64_t v[4];
	size_t at = 2;
	for (int i = 0; i < 4; i++) {
		size_t end = at;
		while (end < line.n && line.p[end] != ' ')
			end++;
		if (!number(str_slice(line, at, end), &v[i]) || (i < 3 && end >= line.n) ||
		    (i == 3 && end != line.n))
			return false;
		at = end + 1;
	}
	if (v[0] > SIZE_MAX || v[1] > SIZE_MAX || v[2] > SIZE_MAX || v[3] > (uint64_t)LLONG_MAX)
		return false;
	*first = (size_t)v[0];
	*count = (size_t)v[1];
	*len = (size_t)v[2];
	*when = (long long)v[3];
	return true;
}

static bool is_hex64(Str s)
{
	if (s.n != 64)
		return false;
	for (size_t i = 0; i < 64; i++)
		if (!((s.p[i] >= '0' && s.p[i] <= '9') || (s.p[i] >= 'a' && s.p[i] <= 'f')))
			return false;
	return true;
}

/* Printable ASCII of s (anything else becomes '?'), for messages. */
static void add_clean(Buf *b, Str s, size_t max)
{
	for (size_t i = 0; i < s.n && i < max; i++)
		buf_addc(b, (unsigned char)s.p[i] > ' ' && (unsigned char)s.p[i] < 0x7f ? s.p[i] : '?');
}

/* Written by this user on this machine?  (else who[] says by whom) */
static bool written_here(Str host, Str machine, Str uid, char *who, size_t n)
{
	char my_host[128], my_mid[80];
	host_name(my_host, sizeof(my_host));
	machine_id(my_mid, sizeof(my_mid));
	char *u = str_dup(uid);
	long v;
	bool uid_ok = parse_long(u, 0, LONG_MAX, &v) && v == (long)geteuid();
	free(u);
	bool ok = uid_ok && str_eq_cstr(host, my_host) && str_eq_cstr(machine, my_mid);
	if (!ok) {
		Buf b = BUF_INIT;
		buf_adds(&b, "host ");
		add_clean(&b, host, 64);
		buf_adds(&b, ", uid ");
		add_clean(&b, uid, 20);
		if (!str_eq_cstr(machine, my_mid))
			buf_adds(&b, ", another machine");
		snprintf(who, n, "%s", b.p);
		buf_release(&b);
	}
	return ok;
}

static int corrupt_header(const char *path, Err *e)
{
	err_set(e, EXIT_DATAERR, "%s:1: not a yeok journal (corrupt header)", path);
	return -1;
}

/* Read the journal's header.  Returns 1 with *sha and *started set when
 * its records are to be replayed, 0 when they are not (an older format
 * or written elsewhere: info says by whom), -1 with e set when the
 * header is corrupt. */
static int read_header(Reader *r, const char *path, JournalInfo *info, Str *sha, Str *started,
                       Err *e)
{
	Str magic, size, host, machine, uid, pid;
	if (!read_line(r, &magic) || (!str_eq_cstr(magic, "yeok-journal 2") &&
	                              !str_eq_cstr(magic, "yeok-journal 1")))
		return corrupt_header(path, e);
	if (str_eq_cstr(magic, "yeok-journal 1")) {
		/* no host or user to check: never replayed */
		info->foreign = true;
		snprintf(info->who, sizeof(info->who), "an older yeok (no host or user recorded)");
		return 0;
	}
	if (!header_field(r, "sha256", sha) || !is_hex64(*sha) || !header_field(r, "size", &size) ||
	    !header_field(r, "started", started) || !header_field(r, "host", &host) ||
	    !header_field(r, "machine", &machine) || !header_field(r, "uid", &uid) ||
	    !header_field(r, "pid", &pid))
		return corrupt_header(path, e);
	if (!written_here(host, machine, uid, info->who, sizeof(info->who))) {
		info->foreign = true;
		return 0;
	}
	return 1;
}

/* Replay the records after the header onto doc, counting them in info;
 * a torn end stops the replay (info->torn).  *saving: the last record is
 * an S for the text on disk.  False with e set when a record does not fit
 * the document. */
/* "M nbytes when": an M record's header. */
static bool state_header(Str line, size_t *len, long long *when)
{
	if (line.n < 2 || line.p[0] != 'M' || line.p[1] != ' ')
		return false;
	const char *sp = memchr(line.p + 2, ' ', line.n - 2);
	uint64_t a, b;
	if (!sp || !number((Str){line.p + 2, (size_t)(sp - line.p - 2)}, &a) ||
	    !number((Str){sp + 1, (size_t)(line.p + line.n - sp - 1)}, &b) || a > SIZE_MAX ||
	    b > (uint64_t)LLONG_MAX)
		return false;
	*len = (size_t)a;
	*when = (long long)b;
	return true;
}

static bool replay(Reader *r, const char *path, Lines *doc, JournalInfo *info, bool *saving,
                   Buf *state, Err *e)
{
	bool first_rec = true;
	*saving = false;
	while (r->p != r->end) {
		Str line;
		if (!read_line(r, &line)) {
			info->torn = true;
			break;
		}
		if (line.n == 66 && line.p[0] == 'S' && line.p[1] == ' ' &&
		    is_hex64(str_slice(line, 2, 66))) {
			*saving = true;
			memcpy(info->saving_sha, line.p + 2, 64);
			info->saving_sha[64] = '\0';
			continue;
		}
		size_t first, count, len;
		long long when;
		if (state_header(line, &len, &when)) {
			size_t avail = (size_t)(r->end - r->p);
			if (avail == 0 || len > avail - 1 || r->p[len] != '\n' || memchr(r->p, '\n', len)) {
				info->torn = true;
				break;
			}
			if (state) {
				buf_add(state, r->p, len);
				buf_addc(state, '\n');
			}
			r->p += len + 1;
			info->records++;
			info->states++;
			if (first_rec)
				info->started = when;
			first_rec = false;
			info->last_edit = when;
			*saving = false;
			info->saving_sha[0] = '\0';
			continue;
		}
		if (!record_header(line, &first, &count, &len, &when)) {
			/* garbage after the last good record: a torn write */
			info->torn = true;
			break;
		}
		size_t avail = (size_t)(r->end - r->p);
		if (avail == 0 || len > avail - 1 || r->p[len] != '\n') {
			info->torn = true;
			break;
		}
		if (!lines_replace(doc, first, count, r->p, len))
			return err_set(e, EXIT_DATAERR,
			               "%s: record %zu does not fit the document (lines %zu+%zu of %zu)",
			               path, info->records + 1, first < SIZE_MAX ? first + 1 : first,
			               count, doc->n);
		r->p += len + 1;
		info->records++;
		if (first_rec)
			info->started = when;
		first_rec = false;
		info->last_edit = when;
		*saving = false;
		info->saving_sha[0] = '\0';
	}
	return true;
}

/* Replay the records of a journal written here onto base into info and
 * out.  hex: base's SHA-256. */
static bool recover_records(Reader *r, const char *path, const char *base, size_t n,
                            const char *hex, JournalInfo *info, Buf *out, Buf *state, Err *e)
{
	Lines doc;
	lines_init(&doc);
	lines_parse(&doc, base, n);
	bool saving;
	if (!replay(r, path, &doc, info, &saving, state, e)) {
		lines_release(&doc);
		return false;
	}
	Buf rec = BUF_INIT;
	lines_serialize(&doc, &rec);
	lines_release(&doc);
	/* The file on disk already holds the journal's end state: a crash
	 * after a save's rename (an S record of this text), or edits that
	 * came back to the text as it was. */
	info->saved = saving && memcmp(info->saving_sha, hex, 64) == 0;
	if (info->saved || !saving)
		info->saving_sha[0] = '\0';
	bool same = info->base_matches && rec.len == n && (!n || !memcmp(rec.p, base, n));
	info->exists = info->records > 0 && !info->saved && (!same || info->states > 0);
	if (out) {
		buf_clear(out);
		buf_addstr(out, buf_str(&rec));
	}
	buf_release(&rec);
	return true;
}

bool journal_recover(const char *file, const char *base, size_t n, JournalInfo *info, Buf *out,
                     Err *e)
{
	return journal_recover_all(file, base, n, info, out, NULL, e);
}

bool journal_recover_all(const char *file, const char *base, size_t n, JournalInfo *info,
                         Buf *out, Buf *state, Err *e)
{
	memset(info, 0, sizeof(*info));
	if (state)
		buf_clear(state);
	char *path = journal_path(file);
	Buf data = BUF_INIT;
	Err why;
	err_init(&why);
	bool ok = true;
	if (!file_read_limit(path, JOURNAL_MAX_BYTES, FILE_NOFOLLOW, &data, &why)) {
		struct stat st;
		if (lstat(path, &st) == 0)
			ok = err_set(e, EXIT_DATAERR, "%s", why.msg); /* there, but not readable as one */
		/* else no journal: nothing to recover */
	} else if (data.len > 0) { /* empty: an editor opened the file and wrote nothing yet */
		Reader r = {data.p, data.p + data.len};
		Str sha, started;
		int h = read_header(&r, path, info, &sha, &started, e);
		ok = h >= 0;
		if (h > 0) {
			char hex[65];
			sha256_hex(base, n, hex);
			info->base_matches = memcmp(hex, sha.p, 64) == 0;
			uint64_t t0 = 0;
			number(started, &t0);
			info->started = t0 > (uint64_t)LLONG_MAX ? 0 : (long long)t0;
			info->last_edit = info->started;
			ok = recover_records(&r, path, base, n, hex, info, out, state, e);
		}
	}
	buf_release(&data);
	free(path);
	return ok;
}
