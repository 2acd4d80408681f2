/* Private to src/session: what session.c and assist.c share. */
#ifndef YEOK_SESSION_PRIVATE_H
#define YEOK_SESSION_PRIVATE_H

#include "yeok/session.h"

/* The sidecar, glossary and findings parts of a Session (assist.c). */
void session_assist_init(Session *s);
void session_assist_release(Session *s);
/* Spelling (spelling.c). */
void session_spell_release(Session *s);

#endif
