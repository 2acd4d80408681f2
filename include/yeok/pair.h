/*
 * pair — the read-only pair that every command works on: the target's and
 * the source's lines, their blocks (segmented by the host format of the
 * target, host.h), and the alignment into segments.  One function builds
 * it for every command (editor, check, align, stats, pr, review), after
 * the one source resolution (source_resolve(): --source, --source-rev, the
 * sidecar's record, the English from the git history, the document
 * itself), so that they all see the same English and the same segments.
 *
 * The editor takes the pair over (doc_load_pair, `.rst` reading) and
 * keeps it current as it is edited; the CLI reads it and releases it.
 *
 * Depends on util, stats, lines, rst, host, align, source, sidecar.  Never prints.
 * Invariant (pair_check): the blocks are those of the lines, the
 * alignment is over both block lists (empty when there is no source).
 */
#ifndef YEOK_PAIR_H
#define YEOK_PAIR_H

#include <pthread.h>

#include "yeok/align.h"
#include "yeok/host.h"
#include "yeok/lines.h"
#include "yeok/rst.h"
#include "yeok/sidecar.h"
#include "yeok/source.h"

struct Sidecar;

typedef struct DocPair {
	HostFormat host;  /* how both sides were read (the target's type) */
	Source src;       /* where the English came from (origin SOURCE_NONE:
	                     there is none; then the source side is empty) */
	Lines tgt_file, src_file; /* the files' lines (owned) */
	HostDoc tgt_host, src_host; /* their host reading (host.h): RST text and blocks */
	/* What align, check and progress read: each side's RST text and blocks
	 * (for `.rst` the file's lines themselves).  Point into the pair: a
	 * DocPair is never copied or moved once built. */
	const Lines *tgt, *src_lines;
	const RstDoc *tb, *sb;
	Alignment al;     /* segments over sb and tb */
	bool keep_memo;   /* set before pair_from_texts: keep memo (the editor) */
	bool phased;      /* with keep_memo: align_docs_phased (the stretches
	                     between anchors pending) */
	AlignMemo *memo;  /* align_docs_memo's memo of al, or NULL (owned) */
	SourceStale stale; /* pair_build: the English against the Korean
	                     (source_stale_measure; its `what` filled when
	                     stale); empty otherwise.  Give &stale to
	                     CheckDoc.stale */
} DocPair;

void pair_init(DocPair *p);
void pair_release(DocPair *p);

/* Read both texts in host format fmt (host_format_of_path of the target
 * for every command; the editor reads HOST_RST) and align them (no I/O;
 * p->src is left as it is).  The bytes are copied into the lines. */
void pair_from_texts(DocPair *p, HostFormat fmt, const char *tgt, size_t tgt_n,
                     const char *src, size_t src_n);
/* The same with the bytes of tgt and src adopted by the lines, not copied
 * (lines_parse_buf_take: both are left empty). */
void pair_from_bufs_take(DocPair *p, HostFormat fmt, Buf *tgt, Buf *src);
/* Both: a source of PAIR_SOURCE_THREAD_BYTES or more has its lines,
 * blocks and anchor features (align_features_new) read on a thread of its
 * own while the calling thread reads the target's lines, blocks and
 * anchor features (joined before the alignment; the same pair as read one
 * after the other).  STAT_PAIR_SOURCE_THREADS counts those threads. */
#define PAIR_SOURCE_THREAD_BYTES (1u << 20)

/* The pair of the document at path: the target bytes tgt[0..tgt_n) (NULL:
 * read from path), the source resolved by source_resolve() with opts,
 * taking the sidecar's record from sc (may be NULL) unless opts names one
 * or a flag was given.  SOURCE_NONE (no self_fallback and nothing found)
 * gives the target's blocks and an empty source and alignment.  Errors as
 * source_resolve() and file_read(); p is then released. */
bool pair_build(DocPair *p, const char *path, const char *tgt, size_t tgt_n,
                const SourceOpts *opts, const struct Sidecar *sc, Err *e);
/* The same with the source resolved by source_resolve_in() through bulk
 * (borrowed, may be NULL): the repository view and `yeok stats DIR`. */
bool pair_build_in(DocPair *p, struct SourceHistory *bulk, const char *path, const char *tgt,
                   size_t tgt_n, const SourceOpts *opts, const struct Sidecar *sc, Err *e);

/* The editor's open: pair_build's steps with what an editor needs besides.
 * pair_open_start reads the target on a thread of its own while the
 * caller reads the sidecar (whose record it passes on); pair_open_finish
 * resolves the English (source_resolve, the record rec used unless opts
 * name another; rec may be NULL), hashes it on a thread while both sides
 * are read and aligned (keep_memo and phased as set in p before), and
 * checks it against the record (source_hash_check).  A recorded English
 * that cannot be used (gone, or changed since it was recorded) gives the
 * document itself as the source, said in note.  A target that does not
 * exist (is_new) starts as a copy of its English (--source or the English
 * tree), else it is an error.  On success p->src is the English (its text
 * empty, adopted by the lines, but for the document itself).  Errors as
 * pair_build's; p is then released.  Depends on util's threads too. */
typedef struct PairOpening {
	const char *path; /* borrowed */
	bool is_new;      /* no such file: started from its English */
	Buf tgt;          /* the target's bytes being read */
	Err read_err;
	bool read_ok, reading;
	pthread_t reader;
} PairOpening;

void pair_open_start(PairOpening *o, const char *path);
bool pair_open_finish(PairOpening *o, DocPair *p, const SourceOpts *opts,
                      const SourceRecord *rec, Buf *note, Err *e);

/* True when there is an English source to compare with. */
static inline bool pair_has_source(const DocPair *p)
{
	return p->src.origin != SOURCE_NONE;
}

/* The text of count blocks of d from first: the rst_block_text of each,
 * joined with "\n\n"; appended to out. */
void pair_blocks_text(const Lines *l, const RstDoc *d, size_t first, size_t count, Buf *out);
/* A segment's identity, computed here only: the key of that text
 * (sidecar_key, the sidecar's persisted form, DESIGN.md §4.1); "" when
 * count is 0.  The sidecar's statuses, the editor's own statuses, stale
 * detection and review entries all key segments by it. */
SidecarKey pair_blocks_key(const Lines *l, const RstDoc *d, size_t first, size_t count);

bool pair_check(const DocPair *p, Err *e);

#endif
