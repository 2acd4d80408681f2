/*
 * Private to src/doc/: what the files of the document call of each other
 * (statuses.c, realign.c, edit.c, doc.c).
 */
#ifndef YEOK_DOC_PRIVATE_H
#define YEOK_DOC_PRIVATE_H

#include "yeok/doc.h"

/* doc.c */
void change_release(Change *c);
int style_level(Doc *d, char adorn, bool over);
void learn_styles(Doc *d);

/* statuses.c */
void apply_user(Doc *d, size_t from, size_t to);
void prog_account(const Segment *s, DocProgress *p, int sign);
void status_apply(Doc *d, const Change *c, bool back);

/* realign.c */
void all_new(Doc *d);
void log_change(Doc *d, bool full, size_t k0, size_t k1, size_t wn);
void mark_dirty(Doc *d, size_t k0, size_t k1, size_t wn);
size_t block_at(const RstDoc *tb, size_t line);
void settle(Doc *d);
void realign_window(Doc *d, size_t a, size_t old_last, long delta);

/* edit.c */
const char *eol_str(Eol e);
void eols_recount(Doc *d);
void truncate_redo(Doc *d);

#endif
