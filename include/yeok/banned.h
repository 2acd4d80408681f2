/*
 * banned — libc functions that invite buffer overflows become compile
 * errors (after git's banned.h).  Included at the end of yeok/util.h, after
 * the system headers that declare them, so later includes are no-ops.
 */
#ifndef YEOK_BANNED_H
#define YEOK_BANNED_H

#define BANNED(func) sorry_##func##_is_banned_in_yeok

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef gets
#define gets(x) BANNED(gets)

#endif
