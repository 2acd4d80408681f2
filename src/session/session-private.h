/* Private to src/session: what its files share.  The files call each
 * other only downwards (tests/layering.sh checks there is no cycle):
 *   statuses.c, msg.c, dialog.c, breaks.c  <- view.c <- edit.c <- replace.c <- prose.c <- hint.c
 *   <- tm.c <- gloss.c <- findings.c <- spelling.c <- remarks.c <- status.c <- session.c
 *   (lifecycle: init, open, save)
 * Each part of the Session struct is changed by the file that owns it. */
#ifndef YEOK_SESSION_PRIVATE_H
#define YEOK_SESSION_PRIVATE_H

#include "yeok/session.h"

/* statuses.c: the sidecar's statuses applied to the segments.  place:
 * at once, or (a phased open) when the last stretch is aligned; step: a
 * slice of an application under way (max_ns; UINT64_MAX: all), true while
 * some remains; finish: the rest of it now (what an edit, a status set,
 * a save or a full check start from); release: none under way. */
void session_statuses_place(Session *s);
bool session_statuses_step(Session *s, uint64_t max_ns);
void session_statuses_finish(Session *s);
void session_statuses_release(Session *s);
/* The phased open's keys taken at the splices hashed, for about max_ns. */
void session_keys_hash_step(Session *s, uint64_t max_ns);
/* The stale segments found at open forgotten. */
void session_stale_clear(Session *s);

/* edit.c: the end of the list marker ("- ", "1. ", "#. ") at byte i of
 * ln and the blanks after it; i when there is none. */
size_t session_list_marker_end(Str ln, size_t i);

/* view.c: the bytes of segment k's target lines (LF included), counted
 * up to cap at most.  A segment of SESSION_LONG_SEG or more is long: a key
 * in it checks and matches the glossary near the edit only, the rest in
 * idle time (findings.c, gloss.c). */
#define SESSION_LONG_SEG (16 * 1024)
size_t session_seg_target_bytes(const Session *s, size_t k, size_t cap);

/* view.c: make the cursor visible; center: put it a third down when it
 * is far away. */
void session_follow_center(Session *s, bool center);
/* The kept glossary hints computed again when gloss.hint_due (idle time,
 * src/session/gloss.c); false when they were current. */
bool session_hints_step(Session *s);
/* edit.c: the offset in ln of the first (dir > 0: at or after from;
 * dir < 0: last before `from`) match of q (casefolded when fold), or -1;
 * *len gets the matched bytes. */
long session_find_in_line(Str ln, const char *q, size_t qn, bool fold, size_t from, int dir,
                          size_t *len);
/* replace.c: the replace mode's state released. */
void session_replace_release(Session *s);
/* findings.c: segment k checked now if it was not yet; the findings
 * released; the checks' index rebuilt after a save. */
void session_seg_ready(Session *s, size_t k);
void session_findings_release(Session *s);
void session_findings_saved(Session *s);
/* gloss.c: the painter's kept glossary marks freed. */
void session_gloss_forget(Session *s);
/* remarks.c: the comments released. */
void session_remarks_release(Session *s);
/* spelling.c */
void session_spell_release(Session *s);
/* Another document: forget the source words and the lines checked. */
void session_spell_forget(Session *s);

#endif
