/*
 * ui — the terminal editor on ncursesw: the only module that includes
 * curses.  It drives the headless session/command layer.
 */
#ifndef YEOK_UI_H
#define YEOK_UI_H

/* `yeok [OPTIONS] FILE` and `yeok review [OPTIONS] FILE` (interactive).
 * Returns the exit status. */
int ui_main(int argc, char **argv);

#endif
