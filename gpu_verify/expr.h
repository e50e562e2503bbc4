/* SPDX-License-Identifier: MIT */
/*
 * Size expressions of a plan ("n", "max(n, threads)", "block * 4"):
 * integers, + - * / %, parentheses, min() and max(), and the variables of
 * one launch.  Libc only, like data.c, for the runner.
 */
#ifndef WL_GPU_VERIFY_EXPR_H
#define WL_GPU_VERIFY_EXPR_H

struct gv_vars {
	long long n;	   /* the element count of the shape */
	long long grid;	   /* blocks (x * y) */
	long long block;   /* threads per block (x * y) */
	long long threads; /* grid * block */
	long long warps; /* threads per block rounded up to warps, times grid */
};

/* Evaluate @text into *@out.  Returns 0, or -1 on a syntax error. */
int gv_expr_eval(const char *text, const struct gv_vars *vars, long long *out);

#endif
