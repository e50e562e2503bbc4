/* SPDX-License-Identifier: MIT */
/*
 * Collectives behind a project's one-line wrappers.  Libraries of the
 * CUDA 9 transition wrapped the primitives (AMGX's utils::syncwarp,
 * utils::any, utils::ballot, with a default mask of utils::activemask()),
 * so that the mask a collective gets is written at the wrapper's call.
 * Recognised from libclang's AST of the wrapper's definition, wherever
 * it is (a header the model does not hold): its body is the one call of
 * a collective whose mask is one of the wrapper's parameters.
 */
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/maskval.h"
#include "rules/maskrules.h"

struct params {
	CXCursor v[16];
	unsigned nr;
};

static enum CXChildVisitResult collect_param(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct params *ps = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ParmDecl && ps->nr < 16)
		ps->v[ps->nr++] = c;
	return CXChildVisit_Continue;
}

bool wl_coll_wrapper_of(struct wl_ctx *ctx, struct wl_node *call,
			struct wl_coll_wrapper *out)
{
	CXCursor def, inner, mask, ref;
	const struct wl_collective *c;
	struct params ps = { { { 0 } }, 0 };
	CXString name;
	int arg;
	unsigned i;

	(void)ctx;
	def = wl_cursor_call_definition(call->cursor);
	if (clang_Cursor_isNull(def))
		return false;
	inner = wl_cursor_returned(def);
	if (clang_getCursorKind(inner) != CXCursor_CallExpr)
		return false;
	name = clang_getCursorSpelling(inner);
	c = wl_collective_named(clang_getCString(name));
	clang_disposeString(name);
	arg = c ? wl_coll_mask_arg(c) : -1;
	if (arg < 0 || (unsigned)arg >= (unsigned)clang_Cursor_getNumArguments(inner))
		return false;
	mask = clang_Cursor_getArgument(inner, (unsigned)arg);
	while (clang_getCursorKind(mask) == CXCursor_UnexposedExpr &&
	       !clang_Cursor_isNull(wl_cursor_only_child(mask)))
		mask = wl_cursor_only_child(mask);
	if (clang_getCursorKind(mask) != CXCursor_DeclRefExpr)
		return false;
	ref = clang_getCursorReferenced(mask);
	clang_visitChildren(def, collect_param, &ps);
	for (i = 0; i < ps.nr; i++)
		if (wl_cursor_equal(ps.v[i], ref)) {
			out->coll = c;
			out->param = ps.v[i];
			out->mask_param = i;
			return true;
		}
	return false;
}
