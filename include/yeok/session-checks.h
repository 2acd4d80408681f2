/*
 * session-checks — the glossary, the findings of the checks and spelling in
 * the editor (owners: src/session/gloss.c, findings.c, spelling.c).
 * Part of session.h (included there; session_slot_ready is there, after
 * the Session it reads).
 */
#ifndef YEOK_SESSION_CHECKS_H
#define YEOK_SESSION_CHECKS_H

#include "yeok/check.h"
#include "yeok/context.h"
#include "yeok/glossary.h"
#include "yeok/session-view.h"
#include "yeok/source.h"
#include "yeok/spell.h"

typedef struct Session Session;

/* Findings of one segment; lines relative to the segment's base line
 * (session_seg_base) so that edits elsewhere need no update.  h: a hash
 * of the segment's text on both sides when they were computed (a
 * re-aligned segment with the same text keeps its findings). */
typedef struct SegFindings {
	Finding *v;       /* n findings, the array cut to them (32 bytes a
	                     segment: at 1M lines ~285k slots, their tail
	                     moved when an edit adds or removes a segment) */
	uint64_t h;
	uint32_t n;
	uint32_t epoch; /* SessionFindings.epoch when it was checked: an older
	                   one is not ready (run_all marks every slot stale by
	                   one increment, not a pass over 285k slots at 1M) */
	bool ready;   /* false: not checked yet (session_checks_step); true
	                 counts only with the current epoch (session_slot_ready) */
	bool partial; /* ready, but only the lines around the edits of a long
	                 paragraph were checked again (the rest kept, moved):
	                 the whole segment is due in idle time (counted in
	                 chk.pending) */
} SegFindings;
_Static_assert(sizeof(SegFindings) == 32, "SegFindings stays 32 bytes");

/* The glossary (owner: src/session/gloss.c): loaded on first use. */
typedef struct SessionGloss {
	Glossary glossary;    /* the glossary (empty: no hints) */
	bool loaded;          /* glossary has terms (session_glossary_load) */
	/* the hints of one segment, kept between frames (the status line asks
	 * for them on every frame) */
	GlossHintVec hint;    /* session_hints of segment hint_k ... */
	long hint_k;          /* (-1: none) */
	size_t hint_src, hint_src_n; /* ... whose source blocks these were ... */
	uint64_t hint_gen;    /* ... at doc.gen and side.allow_gen */
	uint64_t hint_allow;
	bool hint_due;        /* hint is of an older text of a long segment
	                         (typing in a long paragraph does not match the
	                         glossary over all of it on every key): idle
	                         time computes it again (session_checks_step) */
	/* the painter's glossary marks per line by content (session_gloss_line):
	 * a line whose pane, bytes and glossary generation are those of a slot
	 * is not matched again (slot: the line's hash modulo SESSION_GLOSS_MEMO) */
	struct SessionGlossMemo *memo; /* SESSION_GLOSS_MEMO slots, or NULL */
	uint64_t gen;         /* grows when terms are loaded */
} SessionGloss;
#define SESSION_GLOSS_MEMO 512

/* The findings of the checks (owner: src/session/findings.c): per
 * segment, re-checked in idle steps where the text changed. */
typedef struct SessionFindings {
	CheckDoc check_doc;   /* the checks' view of the document */
	SourceStale stale;    /* the English against the Korean as opened
	                         (measured in idle slices before check_doc's
	                         first index: stale_run; then check_doc.stale) */
	bool stale_measured;
	SourceStaleRun *stale_run; /* the measurement under way (owned), or NULL */
	uint64_t stale_gen;   /* doc.gen_edit its Korean items are of */
	bool on;              /* false: checks off (no findings) */
	bool check_doc_built; /* check_doc is initialized (on first use) */
	bool spell_in;        /* with a context: the spelling check is in the
	                         findings (the dictionaries were loaded when
	                         check_doc was set up; session_spell_findings)
	                         ... */
	uint64_t spell_gen;   /* ... at this spell_generation */
	SpellWords en_words;  /* the English document's words (check_doc.en_words),
	                         added in idle slices once the dictionaries are
	                         loaded; spelling waits for them */
	size_t en_words_at;   /* the next English line to add */
	bool en_words_done;
	bool check_doc_stale; /* check_doc's index (reference names) predates an
	                         edit of a title or target: rebuilt in the next
	                         idle step */
	bool off;             /* --no-checks: no findings at all */
	CheckSet cset;        /* the checks that run */
	VEC(SegFindings) seg; /* findings per segment (al.n entries) */
	StrPool msgs;         /* the slots' messages, one copy of each (most
	                         findings repeat a message: 3.5 MB of them at
	                         100k lines, 0.5 MB distinct) */
	size_t n;             /* errors + warnings over the ready slots of seg */
	size_t pending;       /* slots of seg not checked yet, or partial */
	uint64_t edit_gen;    /* doc.gen_edit at the last session_sync */
	size_t key_bytes;     /* target bytes the last session_sync checked
	                         (tests and the bench: a key in a long
	                         paragraph checks its lines, not the paragraph) */
	size_t scan;          /* where session_checks_step looks next */
	uint32_t epoch;       /* the slots checked since the last "every segment
	                         again" (run_all); never 0 once there are slots */
	size_t run_all_writes; /* slots run_all wrote, all told (tests: marking
	                         every slot stale writes only the new ones) */
	size_t scan_looks;    /* slots session_checks_step looked at, all told
	                         (tests: a step looks at SESSION_CHECK_SCAN at most) */
	uint64_t gen;         /* doc.gen the slots of seg match (doc_changed_since) */
	uint64_t tm_gen;      /* tm.cons_gen the findings were checked with */
	size_t allow_gen;     /* side.allow_gen the findings were checked with */
} SessionFindings;

/* Spelling in the editor (owner: src/session/spelling.c): the
 * dictionaries load in the background; F7 asks for suggestions. */
typedef struct SessionSpelling {
	Spell *sp;            /* spelling (NULL: off); loads in the background */
	bool borrowed;        /* sp is the context's (context_spell), not freed */
	uint64_t req;         /* the pending F7 suggestion request, 0: none */
	Pos at;               /* the word F7 is about: its start ... */
	size_t len;           /* ... and length in bytes */
	char *word;           /* ... and text (owned) */
	char **sugg;          /* its suggestions once ready (owned) */
	size_t nsugg;
	SpellWords src_words; /* the words of source blocks [src_block,
	                         src_block + src_nblocks): the source is never
	                         edited, so they stay valid while typing, until
	                         a document is loaded */
	long src_block;       /* -1: none */
	size_t src_nblocks;
	/* The misspelled words of lines already checked, by content: a line
	 * whose bytes, source blocks and spell_generation() are those of a slot
	 * is not checked again (slot: the line's hash modulo
	 * SESSION_SPELL_MEMO; lines with pending words are not kept). */
	struct SessionSpellMemo *memo; /* SESSION_SPELL_MEMO slots, or NULL */
	uint64_t shown_gen;   /* spell_generation() as session_idle last saw it */
} SessionSpelling;
#define SESSION_SPELL_MEMO 512

/* ---- glossary and checks ------------------------------------------------- */
/* Load the shipped glossary (shipped, or glossary_default_path() when
 * NULL; a missing shipped file is no error) and then each of paths;
 * false (message in e) on the first that fails, the terms before it
 * stay. */
bool session_glossary_load(Session *s, const char *shipped, const char *const *paths, size_t n,
                           Err *e);
/* The glossary in use (session_glossary_load's), or NULL when none. */
Glossary *session_glossary(Session *s);
/* The glossary marks the painter draws on line `line` of pane p (the
 * caller asks for prose lines only): in the English every hit, in the
 * translation the avoided variants (GH_AVOID); appended to out in text
 * order with offsets into the line.  Kept per line by content (pane,
 * bytes, gloss.gen): a line drawn again unchanged is not matched again
 * (STAT_GLOSS_LINE_MATCHES counts the lines matched). */
size_t session_gloss_line(Session *s, Pane p, size_t line, GlossHitVec *out);
/* The glossary hints of segment k (glossary_hints over its prose); an
 * avoided variant the document allows (the sidecar's `allow:`) is no
 * violation.  Kept for the segment until its text changes; after an edit
 * of a segment with more than 16 KiB of target text the hints of its
 * text before the edit are given and gloss.hint_due set (the next
 * session_checks_step computes them again).  The positions in the hints
 * are then those of the older text: session_hint_avoided computes afresh. */
size_t session_hints(Session *s, long k, GlossHintVec *out);
/* The avoided variant of term that segment k's translation uses (the
 * hint's violation), appended to out; false when it uses none. */
bool session_hint_avoided(Session *s, long k, size_t term, Buf *out);
/* F3 "allow here": the avoided variant of term used in segment k is
 * allowed in this document (added to the sidecar's `allow:`, saved with
 * the file); the glossary check and the hints stop flagging it.  False
 * with a message when the segment uses none. */
bool session_glossary_allow(Session *s, long k, size_t term);
/* Turn the checks on (all available checks but spelling).  now: run
 * them over the whole document at once; else segments are checked by
 * session_checks_step (the UI does it between keys, so the first frame
 * never waits) and the current segment whenever it is shown. */
void session_checks_on(Session *s, bool now);
/* Idle work: first what a phased open left pending (session_align_idle),
 * then the document's index when an edit left it stale
 * (chk.check_doc_stale: then every segment is checked again, those on
 * screen first), then up to max segments not checked yet (looking at
 * SESSION_CHECK_SCAN slots at most); returns how many remain.  The UI
 * calls it while no key waits and chk.pending or chk.check_doc_stale is
 * set. */
size_t session_checks_step(Session *s, size_t max);
/* Bring the findings up to date after edits: only the re-aligned
 * segments are checked again (never a whole-document pass: an edit of a
 * title or target sets chk.check_doc_stale for session_checks_step).
 * Called before drawing and by commands. */
void session_sync(Session *s);
/* The findings of segment k (checked now when they were not yet); NULL
 * when the checks are off. */
const SegFindings *session_seg_findings(Session *s, size_t k);

/* The slots session_checks_step looks at in one step at most, found
 * pending or not (a few pending slots far apart in 285k at 1M were a walk
 * of 9 MB: the rest are found in the next steps). */
#define SESSION_CHECK_SCAN 4096u
/* The first target line of segment k, the base of its findings' lines. */
size_t session_seg_base(Session *s, size_t k);
/* All findings with absolute lines, sorted (copies; release with
 * findings_clear). */
void session_findings_list(Session *s, FindingVec *out);

/* ---- spelling ----------------------------------------------------------- */
/* Start loading the dictionaries (never waits); glossary terms and the
 * word lists never flag; the project list is .yeok-words at the git top
 * level of the document.  opt may be NULL (the defaults). */
void session_spell_start(Session *s, const SpellOptions *opt);
/* Use the context ctx (borrowed; it outlives s): its glossary, its rules and
 * repository for the checks, its checks (spelling once the dictionaries are
 * loaded: session_spell_start makes the spell checker from it), so the
 * findings are `yeok check`'s.  Call session_context_changed after
 * context_load_repo. */
void session_use_context(Session *s, Context *ctx);
/* The context learnt something (the repository's words): the findings are
 * computed again in idle time. */
void session_context_changed(Session *s);
/* With a context whose checks spell: once the dictionaries are loaded, or
 * a word was added to a list, the findings are computed again with the
 * spelling check (as check waits for the dictionaries), and the English's
 * words are in (a slice of them a call until then).  True when they were
 * (idle time calls it). */
bool session_spell_findings(Session *s);
/* Is the spelling waiting for the English's words only (idle work now)? */
bool session_en_words_pending(const Session *s);
/* The misspelled (SPELL_BAD) words of target line `line`, when it is in
 * a prose segment; appended to out with offsets into the line.  Never
 * waits: nothing while the dictionary is loading. */
size_t session_spell_line(Session *s, size_t line, SpellMisses *out);
/* F7: the flagged word at the cursor; requests its suggestions (computed
 * off this thread) and opens a pick list (then "spell-choose") with the
 * suggestions (once ready) and the two word lists.  False with a message
 * when the cursor is on no misspelled word. */
bool session_spell_at_cursor(Session *s);
/* Fill the pick list with the suggestions when they are ready (block:
 * wait for them).  True when the list changed. */
bool session_spell_poll(Session *s, bool block);
/* Add the word at the cursor (or F7's word) to a list. */
bool session_spell_add(Session *s, SpellList list);
/* An item of F7's list (its pick data): a suggestion replaces the word
 * (one undo step); the list items add it. */
bool session_spell_choose(Session *s, long v);

#endif
