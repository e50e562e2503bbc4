/* SPDX-License-Identifier: MIT */
/*
 * Assembling inline PTX with ptxas, to prove that a rewrite is valid PTX:
 * each asm statement whose template names shfl or vote becomes the body
 * of a minimal .entry for .target sm_90, with a register of the operand's
 * type for each %N.  Written apart from the rules on purpose (its own
 * small lexer), so that it checks their output rather than repeating it.
 */
#ifndef WL_TESTS_PTXCHECK_H
#define WL_TESTS_PTXCHECK_H

#include <stddef.h>

struct wl_ptxcheck_result {
	unsigned checked;	/* statements assembled */
	unsigned rejected;	/* ...that ptxas rejected */
	unsigned skipped;	/* templates or constraints built by macros */
};

/*
 * Assemble the asm statements of @text (@len bytes, named @name in
 * messages) that name shfl or vote and whose text does not occur in
 * @before (NULL: all of them).  Each rejection is explained on stderr.
 * Returns 0, or -1 when ptxas could not be run at all.
 */
int wl_ptxcheck(const char *ptxas, const char *name, const char *text,
		size_t len, const char *before, struct wl_ptxcheck_result *res);

#endif
