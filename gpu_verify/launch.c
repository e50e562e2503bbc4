/* SPDX-License-Identifier: MIT */
/*
 * A launch's block size (launch.h).  clang shows `k<<<g, b>>>(args)` as
 * a call whose kids are the callee, the configuration call (the runtime's
 * cudaConfigureCall() or __cudaPushCallConfiguration(), grid and block
 * as dim3) and the arguments; a dim3 built from integers shows as a
 * constructor call over them.
 */
#include "gpu_verify/launch.h"

#include <string.h>

#include "analyzer/cursor.h"

static bool named(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(clang_getCursorReferenced(c));
	bool same = !strcmp(clang_getCString(s), name);

	clang_disposeString(s);
	return same;
}

/* @c's value as an integer constant; false when it is none. */
static bool constant(CXCursor c, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;

	if (ok)
		*v = clang_EvalResult_getAsLongLong(r);
	if (r)
		clang_EvalResult_dispose(r);
	return ok;
}

/* Threads in the block argument @arg: an integer, or dim3(x[, 1[, 1]]). */
static unsigned block_threads(CXCursor arg)
{
	struct wl_cursor_kids k;
	long long x, rest;
	unsigned i;

	/* conversions and casts (`dim3(64)`), down to the constructor */
	while (!constant(arg, &x)) {
		enum CXCursorKind kind = clang_getCursorKind(arg);

		k = wl_cursor_kids(arg);
		if (k.nr != 1 || (kind != CXCursor_UnexposedExpr &&
				  kind != CXCursor_CXXFunctionalCastExpr &&
				  kind != CXCursor_CStyleCastExpr &&
				  kind != CXCursor_CXXStaticCastExpr))
			break;
		arg = k.v[0];
	}
	if (constant(arg, &x))
		return x > 0 && x <= 1024 ? (unsigned)x : 0;
	k = wl_cursor_kids(arg);
	/* dim3's three parameters: every one kept */
	if (clang_getCursorKind(arg) != CXCursor_CallExpr ||
	    !named(arg, "dim3") || k.nr == 0 || k.nr > 3 ||
	    !constant(k.v[0], &x))
		return 0;
	for (i = 1; i < k.nr; i++)
		if (!constant(k.v[i], &rest) || rest != 1)
			return 0;
	return x > 0 && x <= 1024 ? (unsigned)x : 0;
}

unsigned gv_launch_block(CXCursor call)
{
	struct wl_cursor_kids k;
	CXCursor cfg;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return 0;
	/* the callee, then the configuration */
	k = wl_cursor_kids(call);
	if (k.nr < 2)
		return 0;
	cfg = k.v[1];
	if (clang_getCursorKind(cfg) != CXCursor_CallExpr ||
	    !(named(cfg, "cudaConfigureCall") ||
	      named(cfg, "__cudaPushCallConfiguration")) ||
	    clang_Cursor_getNumArguments(cfg) < 2)
		return 0;
	return block_threads(clang_Cursor_getArgument(cfg, 1));
}
