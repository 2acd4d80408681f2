/*
 * text — Unicode text as yeok sees it: UTF-8 decoding that keeps invalid
 * bytes, grapheme clusters (UAX #29, through utf8proc), display widths,
 * a terminal-safe rendering, NFC/NFD, case folding and character classes.
 *
 * The only module that includes <utf8proc.h>.  Depends on util only.
 *
 * Positions are byte offsets.  Every function takes (s, n) and never reads
 * past n; s need not be NUL-terminated.  Invalid UTF-8 bytes are never
 * dropped: each is its own cluster, 4 columns wide, drawn as "<ff>".
 * Control characters are drawn as "^X" (C0, DEL) or "<U+0085>" (C1), and
 * format characters (zero-width space, bidi overrides, BOM) as "<U+200B>":
 * nothing a document contains reaches the terminal as a control sequence.
 */
#ifndef YEOK_TEXT_H
#define YEOK_TEXT_H

#include "yeok/util.h"

/* Tab stops for drawing: every 8 columns. */
#define TEXT_TABSTOP 8

/* Decode the code point at s (n > 0).  Returns the bytes consumed (1..4);
 * *cp is the code point, or -1 for an invalid byte (then 1 is consumed).
 * Overlong forms, surrogates and values above U+10FFFF are invalid. */
size_t text_decode(const char *s, size_t n, int32_t *cp);

/* Append the UTF-8 encoding of cp (a valid scalar value) to b. */
void text_encode(Buf *b, int32_t cp);

/* True when all of s is valid UTF-8. */
bool text_valid(const char *s, size_t n);

/* End of the grapheme cluster that starts at pos (pos < n). */
size_t text_next_grapheme(const char *s, size_t n, size_t pos);
/* Start of the grapheme cluster that ends at pos (0 < pos <= n). */
size_t text_prev_grapheme(const char *s, size_t n, size_t pos);
/* Number of grapheme clusters in s. */
size_t text_count_graphemes(const char *s, size_t n);

/* Display width of the one cluster s[0..n) when drawn at column col (col
 * matters only for a tab).  Hangul and East Asian Wide/Fullwidth 2,
 * combining marks 0 (they ride on their base), an emoji ZWJ, modifier or
 * tag sequence as its first character (and it is drawn as that character
 * alone: terminals disagree on the width of the whole), a flag (two
 * regional indicators) 2, decomposed Hangul as its composed form; control
 * and format characters and invalid bytes as their placeholders. */
int text_cluster_width(const char *s, size_t n, int col);

/* The length of the cluster at s[i] (i < n) when it is printable ASCII
 * (*cw 1) or a precomposed Hangul syllable (*cw 2) that the next
 * character cannot join (ASCII, another syllable, or the end): the same
 * bytes, width and cell as text_next_grapheme, text_cluster_width and
 * text_render_cluster give, without the grapheme walk.  0: anything else
 * (take the walk). */
size_t text_plain_cluster(const char *s, size_t n, size_t i, int *cw);

/* Display width of s drawn from column 0 (tabs expanded). */
int text_width(const char *s, size_t n);

/* Bytes of the longest prefix of whole clusters of s that fits in cols
 * columns when drawn from column start_col.  *used (may be NULL) gets the
 * columns that prefix takes; *trimmed (may be NULL) is set when a cluster
 * did not fit (so the caller can draw a marker).  */
size_t text_fit(const char *s, size_t n, int start_col, int cols, int *used,
                bool *trimmed);

/* Append to out what the cluster s[0..n), drawn at column col, looks like
 * on the terminal: NFC text for printable clusters, "^X", "<ff>",
 * "<U+200B>" or spaces for a tab.  The result is safe to send to a
 * terminal and its width equals text_cluster_width(s, n, col). */
void text_render_cluster(const char *s, size_t n, int col, Buf *out);

/* Append a terminal-safe copy of s drawn from column 0: every cluster
 * rendered as above (tabs expanded). */
void text_render(const char *s, size_t n, Buf *out);

/* Replace control and format characters and invalid bytes by their
 * placeholders, keeping everything else byte for byte (no NFC).  Use on
 * any outside text printed by the CLI (file names, git messages). */
void text_sanitize(const char *s, size_t n, Buf *out);
/* The same for text that must stay on one line of output (a file name in
 * `FILE:LINE: message`, a row of `yeok stats`): a line feed is replaced
 * too ("^J"), so a name cannot forge a line of its own (a finding, a
 * GitHub `::error` command). */
void text_sanitize_line(const char *s, size_t n, Buf *out);

/* s for another program's clipboard (OSC 52): what a terminal or a shell
 * would act on when it is pasted — C0 controls but tab and line feed (ESC,
 * so no `ESC[201~` ends a bracketed paste; a lone CR, which is Enter),
 * DEL, C1 controls and invalid bytes (0x9b is CSI to some terminals) —
 * each become U+FFFD; the CR of a CRLF line end is dropped. */
void text_clipboard_safe(const char *s, size_t n, Buf *out);

/* True when s holds a character that must never reach a document or a
 * terminal from a side file: a C0 control (tab and newline included), DEL,
 * a C1 control, or an invalid byte. */
bool text_has_controls(const char *s, size_t n);

/* Append the NFC (or NFD) form of s.  Valid runs are normalized; invalid
 * bytes are copied unchanged between them. */
void text_nfc(const char *s, size_t n, Buf *out);
void text_nfd(const char *s, size_t n, Buf *out);
/* Append the case-folded NFC form (for case-insensitive matching). */
void text_casefold(const char *s, size_t n, Buf *out);

/* Character classes (cp >= 0). */
bool text_is_hangul(int32_t cp);  /* syllables and all jamo blocks */
bool text_is_wide(int32_t cp);    /* 2 columns */
bool text_is_letter(int32_t cp);  /* Unicode L* (Hangul included) */
bool text_is_digit(int32_t cp);   /* Unicode Nd */
bool text_is_space(int32_t cp);   /* Unicode Zs, tab, newline */
bool text_is_punct(int32_t cp);   /* Unicode P* and S* */
bool text_is_combining(int32_t cp); /* Unicode M* */

/* Is the text English (DESIGN.md §2 "Source")?  True when fewer than 5% of
 * its non-blank lines (split at LF) contain a Hangul character; an empty
 * or all-blank text is English.  The one rule for "this revision is the
 * English original" (source resolution, review, the translation memory). */
bool text_is_english(const char *s, size_t n);

/* Word motion (cursor Ctrl-Left/Right): a word is a run of letters, digits,
 * '_' and combining marks; other runs of punctuation count as words too.
 * next: the start of the next word after pos (or n); prev: the start of
 * the word before pos (or 0).  Always returns cluster boundaries. */
size_t text_word_next(const char *s, size_t n, size_t pos);
size_t text_word_prev(const char *s, size_t n, size_t pos);

#endif
