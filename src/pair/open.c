/* pair: the editor's open — pair_build's steps with what an editor needs
 * besides (include/yeok/pair.h, PairOpening). */
#include "yeok/pair.h"

#include <errno.h>
#include <pthread.h>

/* ---- the target, read on a thread ----------------------------------------
 * While the caller reads the sidecar (and this resolves the English),
 * neither of which touches the target's bytes or its error. */
static void *tgt_read_run(void *arg)
{
	PairOpening *o = arg;
	o->read_ok = file_read(o->path, &o->tgt, &o->read_err);
	return NULL;
}

void pair_open_start(PairOpening *o, const char *path)
{
	memset(o, 0, sizeof(*o));
	o->path = path;
	buf_init(&o->tgt);
	err_init(&o->read_err);
	o->is_new = !file_exists(path) && errno == ENOENT;
	if (o->is_new)
		return;
	o->reading = pthread_create(&o->reader, NULL, tgt_read_run, o) == 0;
	if (!o->reading)
		tgt_read_run(o);
}

/* The read's result; its error (naming the file) into e. */
static bool tgt_read_join(PairOpening *o, Err *e)
{
	if (o->reading)
		pthread_join(o->reader, NULL);
	o->reading = false;
	if (!o->read_ok && e)
		*e = o->read_err;
	return o->read_ok;
}

/* ---- the English's SHA-256, on a thread ----------------------------------
 * Taken while the target is parsed, segmented and aligned
 * (source_hash_check compares it after): a large English only, a small
 * one is hashed at once. */
#define EN_HASH_THREAD_BYTES (1u << 20)
typedef struct EnHash {
	const char *p;
	size_t n;
	char hex[65];
	pthread_t t;
	bool running;
} EnHash;

static void *en_hash_run(void *arg)
{
	EnHash *h = arg;
	sha256_hex(h->p, h->n, h->hex);
	return NULL;
}

/* p[0..n) stays unchanged until en_hash_join (the lines adopt it). */
static void en_hash_start(EnHash *h, const char *p, size_t n)
{
	h->p = p ? p : "";
	h->n = n;
	(void)sha256_accelerated(); /* the block function chosen here, before the thread reads it */
	h->running = n >= EN_HASH_THREAD_BYTES && pthread_create(&h->t, NULL, en_hash_run, h) == 0;
	if (!h->running)
		en_hash_run(h);
}

static void en_hash_join(EnHash *h)
{
	if (h->running)
		pthread_join(h->t, NULL);
	h->running = false;
}

/* ---- the English ---------------------------------------------------------- */

/* The recorded English could not be used (e says why): the document
 * itself instead, said in note. */
static bool without_record(const char *path, SourceOpts *so, Source *src, Buf *note, Err *e)
{
	buf_addf(note, "%s%s; the document itself is shown as the source", note->len ? "; " : "",
	         e->msg);
	so->recorded = NULL;
	so->history = false;
	err_init(e);
	source_release(src);
	return source_resolve_unhashed(path, so, src, e);
}

/* The English of path into src (source_resolve, hashed later).  A
 * recorded English (so->recorded == rec) that cannot be read opens against
 * the document itself, said in note (the record stays as it is). */
static bool resolve(const char *path, SourceOpts *so, const SourceRecord *rec, Source *src,
                    Buf *note, Err *e)
{
	source_release(src);
	if (source_resolve_unhashed(path, so, src, e))
		return true;
	if (!rec || so->recorded != rec)
		return false;
	return without_record(path, so, src, note, e);
}

bool pair_open_finish(PairOpening *o, DocPair *p, const SourceOpts *so_in,
                      const SourceRecord *rec, Buf *note, Err *e)
{
	const char *path = o->path;
	SourceOpts so = *so_in;
	if (rec && !so.path && !so.rev && !so.recorded)
		so.recorded = rec;
	Source src;
	source_init(&src);
	bool ok = true;
	/* a new translation starts as a copy of its English: --source, or
	 * the English tree's file at the same place (source_tree_path) */
	char *tree = o->is_new && !so.path && !so.rev && !so.no_tree ? source_tree_path(path, true)
	                                                              : NULL;
	if (o->is_new && !so.path && !so.rev && !tree)
		ok = err_set(e, EXIT_NOINPUT, "%s: no such file (give --source to start it "
		             "as a copy of the English)", path);
	free(tree);
	ok = ok && resolve(path, &so, rec, &src, note, e);
	/* a target that could not be read is the error, whatever the English
	 * gave (the English resolved for it is let go) */
	if (!o->is_new && !tgt_read_join(o, e))
		ok = false;
	for (bool done = false; ok && !done;) {
		if (o->is_new)
			buf_addstr(&o->tgt, buf_str(&src.text));
		/* the lines adopt both read buffers: the English is kept once,
		 * in the lines (src.text is empty from here on), but for the
		 * document itself as its English: a save writes that as first
		 * opened into the snapshot (source_record_into_sidecar) */
		Buf en = BUF_INIT;
		if (src.origin == SOURCE_SELF) {
			buf_addstr(&en, buf_str(&src.text));
		} else {
			en = src.text;
			buf_init(&src.text);
		}
		buf_fit(&en); /* the lines' own trim, done here: the bytes stay put */
		EnHash h;
		en_hash_start(&h, en.p, en.len);
		bool keep_memo = p->keep_memo, phased = p->phased;
		pair_release(p);
		p->keep_memo = keep_memo;
		p->phased = phased;
		pair_from_bufs_take(p, host_format_of_path(path), &o->tgt, &en);
		en_hash_join(&h);
		buf_release(&en);
		done = source_hash_check(path, &so, &src, h.hex, e);
		/* the recorded English changed: what resolve does when
		 * source_resolve refuses it, on the target read again */
		if (!done)
			ok = rec && so.recorded == rec && !o->is_new && file_read(path, &o->tgt, e) &&
			     without_record(path, &so, &src, note, e);
	}
	if (ok) {
		source_release(&p->src);
		p->src = src;
	} else {
		source_release(&src);
		pair_release(p);
	}
	tgt_read_join(o, NULL); /* an open refused before the join */
	buf_release(&o->tgt);
	return ok;
}
