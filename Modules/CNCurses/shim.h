#ifndef TRENDING_CNCURSES_SHIM_H
#define TRENDING_CNCURSES_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/// The standard screen; Swift 6 rejects the mutable global.
static inline WINDOW *shim_stdscr(void) { return stdscr; }
static inline int shim_lines(void) { return LINES; }
static inline int shim_cols(void) { return COLS; }
static inline int shim_colors(void) { return COLORS; }
static inline FILE *shim_stdin(void) { return stdin; }
static inline FILE *shim_stdout(void) { return stdout; }

static inline attr_t shim_a_normal(void) { return A_NORMAL; }
static inline attr_t shim_a_bold(void) { return A_BOLD; }
static inline attr_t shim_a_dim(void) { return A_DIM; }
static inline attr_t shim_a_reverse(void) { return A_REVERSE; }
static inline attr_t shim_a_underline(void) { return A_UNDERLINE; }
static inline attr_t shim_a_italic(void) { return A_ITALIC; }

/// Puts one cell (a character and up to four combining marks, zero-terminated) on the standard
/// screen at a row and column, with attributes and an extended colour pair.
static inline int shim_put_cell(int row, int column, const wchar_t *text, attr_t attrs, int pair) {
  cchar_t cell;
  if (setcchar(&cell, text, attrs, 0, &pair) == ERR) return ERR;
  return mvwadd_wch(stdscr, row, column, &cell);
}

/// Checks a terminal type without taking the terminal: 0 usable, 1 unknown to terminfo, 2 no
/// cursor addressing.
static inline int shim_terminal_check(const char *term) {
  // setupterm makes the entry current: the terminal current before (a screen's) is put back.
  TERMINAL *before = cur_term;
  int status = 0;
  if (setupterm((char *)term, -1, &status) != OK) {
    set_curterm(before);
    return 1;
  }
  char *cup = tigetstr("cup");
  int result = (cup == NULL || cup == (char *)-1) ? 2 : 0;
  del_curterm(cur_term);
  set_curterm(before);
  return result;
}

/// The colours a terminal type reports (`colors`; 0 when it has none), or -2 when terminfo does
/// not know it; takes no terminal.
static inline int shim_terminal_colors(const char *term) {
  TERMINAL *before = cur_term;
  int status = 0;
  if (setupterm((char *)term, -1, &status) != OK) {
    set_curterm(before);
    return -2;
  }
  int colors = tigetnum("colors");
  del_curterm(cur_term);
  set_curterm(before);
  return colors < 0 ? 0 : colors;
}

/// The strings array ncurses reads the current terminal's capabilities from (in ncurses 6 the
/// private `type2` of `cur_term`, not the public copy in `type`), or NULL when it cannot be found
/// for sure. Its place depends on ncurses' build, so it is looked for: two equal pointers (the
/// names and the string table they start) just below the string `tigetstr` gives for `cup`, and
/// three words on an array holding exactly the `cup` and `csr` strings `tigetstr` gives.
static inline char **shim_scrolling_strings(void) {
  if (cur_term == NULL) return NULL;
  char *cup = tigetstr("cup");
  char *csr = tigetstr("csr");
  if (cup == NULL || cup == (char *)-1 || csr == (char *)-1) return NULL;
  char **words = (char **)cur_term;
  size_t start = sizeof(TERMTYPE) / sizeof(char *);
  for (size_t index = start; index < start + 256; index++) {
    char *table = words[index];
    if (table == NULL || words[index + 1] != table || (uintptr_t)cup < (uintptr_t)table ||
        (uintptr_t)cup - (uintptr_t)table > 65536)
      continue;
    char **strings = (char **)words[index + 4];
    if (strings != NULL && strings[10] == cup && strings[3] == csr) return strings;
    return NULL;
  }
  return NULL;
}

/// The capabilities that move the screen's contents: scrolling regions, index and reverse index
/// (one line and many), insert and delete line, set window, and erase to the end of the screen
/// (which ncurses uses to clear a screen's blank bottom in one go).
#define SHIM_SCROLLING_COUNT 11
static const int shim_scrolling_indices[SHIM_SCROLLING_COUNT] = {3, 129, 130, 109, 113, 53, 22, 110, 106, 7, 133};

/// Takes the capabilities that move the screen's contents away from ncurses (`off` nonzero),
/// keeping them in `kept` (SHIM_SCROLLING_COUNT pointers), or puts back what `kept` holds: with
/// them gone, ncurses rewrites lines instead of scrolling them. Returns 0 when it cannot.
static inline int shim_scrolling(int off, char **kept) {
  char **strings = shim_scrolling_strings();
  if (strings == NULL) return 0;
  for (int index = 0; index < SHIM_SCROLLING_COUNT; index++) {
    char **string = &strings[shim_scrolling_indices[index]];
    if (off) {
      kept[index] = *string;
      *string = NULL;
    } else {
      *string = kept[index];
    }
  }
  return 1;
}

static inline int shim_scrolling_count(void) { return SHIM_SCROLLING_COUNT; }

/// Mouse masks (function-like macros in curses.h).
static inline mmask_t shim_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t shim_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t shim_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t shim_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline int shim_key_mouse(void) { return KEY_MOUSE; }

#endif
