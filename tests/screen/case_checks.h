/* expect-cell, expect-cursor and expect-find (syntax in README.md). */
#ifndef CASE_CHECKS_H
#define CASE_CHECKS_H

#include "case_expect.h"

void case_expect_cell(case_ctx *c, const lex_line *l);
void case_expect_cursor(case_ctx *c, const lex_line *l);
void case_expect_find(case_ctx *c, const lex_line *l);

#endif
