/* doc: the crash-recovery journal and the file on disk (include/yeok/doc.h). */
#include "yeok/doc.h"

#include <sys/stat.h>

void doc_journal_start(Doc *d)
{
	doc_journal_end(d, false);
	Buf base = BUF_INIT;
	lines_serialize(&d->tgt, &base);
	d->journal = xmalloc(sizeof(*d->journal));
	journal_init(d->journal, d->path, base.p ? base.p : "", base.len);
	buf_release(&base);
}

void doc_journal_take(Doc *d, Journal *j)
{
	doc_journal_end(d, false);
	d->journal = j;
}

void doc_journal_end(Doc *d, bool remove)
{
	if (!d->journal)
		return;
	if (remove)
		journal_remove(d->journal);
	journal_release(d->journal);
	free(d->journal);
	d->journal = NULL;
}

static bool disk_stat(Doc *d)
{
	struct stat st;
	memset(&d->disk, 0, sizeof(d->disk));
	if (!d->path || stat(d->path, &st) != 0)
		return false;
	d->disk.known = true;
	d->disk.size = (long long)st.st_size;
	d->disk.mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	d->disk.ino = (long long)st.st_ino;
	return true;
}

void doc_disk_remember(Doc *d, const char *bytes, size_t n)
{
	if (disk_stat(d))
		sha256_hex(bytes, n, d->disk.sha256);
}

void doc_disk_remember_lazy(Doc *d, const char *bytes, size_t n)
{
	if (!disk_stat(d))
		return;
	d->disk.hashing = true;
	d->disk.hash_p = bytes ? bytes : "";
	d->disk.hash_n = n;
	sha256_init(&d->disk.hash_ctx);
}

bool doc_disk_hash_step(Doc *d, size_t max_bytes)
{
	DocDisk *k = &d->disk;
	if (!k->hashing)
		return true;
	size_t n = MIN(max_bytes, k->hash_n - k->hash_done);
	sha256_update(&k->hash_ctx, k->hash_p + k->hash_done, n);
	k->hash_done += n;
	if (k->hash_done < k->hash_n)
		return false;
	sha256_final_hex(&k->hash_ctx, k->sha256);
	k->hashing = false;
	k->hash_p = NULL;
	if (d->journal)
		journal_set_base_sha256(d->journal, k->sha256);
	return true;
}

bool doc_disk_changed(const Doc *d)
{
	if (!d->disk.known)
		return false; /* a new file, or unknown: nothing to protect */
	struct stat st;
	if (stat(d->path, &st) != 0)
		return true; /* removed or renamed behind our back */
	long long mt = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
	if ((long long)st.st_size == d->disk.size && mt == d->disk.mtime_ns &&
	    (long long)st.st_ino == d->disk.ino)
		return false;
	/* Touched or rewritten: changed only when the bytes differ. */
	char was[65];
	memcpy(was, d->disk.sha256, sizeof(was));
	if (d->disk.hashing) { /* the rest of the hash of the bytes as loaded */
		Sha256 c = d->disk.hash_ctx;
		sha256_update(&c, d->disk.hash_p + d->disk.hash_done, d->disk.hash_n - d->disk.hash_done);
		sha256_final_hex(&c, was);
	}
	Buf b = BUF_INIT;
	Err e;
	err_init(&e);
	bool changed = true;
	if (file_read(d->path, &b, &e)) {
		char hex[65];
		sha256_hex(b.p ? b.p : "", b.len, hex);
		changed = strcmp(hex, was) != 0;
	}
	buf_release(&b);
	return changed;
}
