/* SPDX-License-Identifier: MIT */
/*
 * The value of a compile-time constant that a template defines from its
 * parameters: `enum { NUM_ELEMENTS = 1 << LOG_NUM_ELEMENTS };` or
 * `static const int kMinus1 = NumWarpQ - 1;`.  clang folds none of them
 * inside the template, yet they size and index a warp's storage
 * (`warpscan[1][NUM_ELEMENTS - 1]`, the last lane's total).
 *
 * The initializer is read from libclang's cursors (the model holds only
 * function bodies), with the template parameters the walk has bound:
 * `Reduce<5>::Total(...)` gives the exact value.  A parameter left
 * unbound is an opaque uniform.  A size defined as a power of two of one
 * (`1 << LOG`) is taken as a warp's width, still opaque: the same
 * plausible instance memwalk.c takes for a tree loop's unknown start,
 * so that the lanes' indices meet as they would in the instance a
 * warp-synchronous library is written for, while no condition is
 * decided on the value.
 */
#include "analyzer/cursor.h"
#include "analyzer/memint.h"
#include "analyzer/model.h"

/* log2 of a warp's width: the shift a size `1 << LOG` is sampled with. */
#define MA_LOG_WARP 5

bool ma_is_integer_type(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
	       t.kind == CXType_Enum;
}

static bool is_integer_cursor(CXCursor d)
{
	return ma_is_integer_type(clang_getCursorType(d));
}

static bool constant_init(struct ma_eval *ev, CXCursor decl,
			  const struct ma_env *env, long long *out);

static bool const_expr(struct ma_eval *ev, CXCursor c,
		       const struct ma_env *env, long long *out);

static bool const_declref(struct ma_eval *ev, CXCursor c,
			  const struct ma_env *env, long long *out)
{
	CXCursor d = clang_getCursorReferenced(c);
	bool opaque = false;

	if (clang_Cursor_isNull(d))
		return false;
	if (ma_bound(env, d, out, &opaque)) {
		ev->opaque |= opaque;
		return true;
	}
	switch (clang_getCursorKind(d)) {
	case CXCursor_NonTypeTemplateParameter:
		ev->opaque = true;
		*out = ma_opaque_value(d);
		return true;
	case CXCursor_EnumConstantDecl:
	case CXCursor_VarDecl:
		return is_integer_cursor(d) && constant_init(ev, d, env, out);
	default:
		return false;
	}
}

/*
 * The operator of `a - 1` that a template leaves an unresolved operator
 * call (kids: a, the callee, 1) when an operand's type is dependent, as
 * a class template's enumerator is.
 */
static enum CXBinaryOperatorKind operator_call(const struct wl_cursor_kids *k)
{
	CXCursor c;
	struct wl_cursor_kids down;

	if (k->nr != 3)
		return CXBinaryOperator_Invalid;
	for (c = k->v[1]; clang_getCursorKind(c) != CXCursor_OverloadedDeclRef;
	     c = down.v[0]) {
		down = wl_cursor_kids(c);
		if (down.nr != 1)
			return CXBinaryOperator_Invalid;
	}
	return wl_operator_kind(c);
}

/* @a is kids->v[0], @b the last kid: a BinaryOperator or operator call. */
static bool const_binop(struct ma_eval *ev, enum CXBinaryOperatorKind op,
			const struct wl_cursor_kids *k, const struct ma_env *env,
			long long *out)
{
	struct ma_eval l = *ev, r = *ev;
	long long a, b;

	l.opaque = r.opaque = false;
	if (op == CXBinaryOperator_Invalid ||
	    !const_expr(&l, k->v[0], env, &a) ||
	    !const_expr(&r, k->v[k->nr - 1], env, &b))
		return false;
	ev->opaque |= l.opaque | r.opaque;
	if (op == CXBinaryOperator_Shl && r.opaque && !l.opaque)
		b = MA_LOG_WARP;
	return wl_binop_fold(op, a, b, out);
}

static bool const_expr(struct ma_eval *ev, CXCursor c,
		       const struct ma_env *env, long long *out)
{
	struct wl_cursor_kids k;
	bool ok = false;

	if (ev->depth > MA_MAX_EVAL_DEPTH)
		return false;
	if (wl_cursor_int_value(c, out))
		return true;
	ev->depth++;
	k = wl_cursor_kids(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclRefExpr:
		ok = const_declref(ev, c, env, out);
		break;
	case CXCursor_BinaryOperator:
		ok = k.nr == 2 &&
		     const_binop(ev, clang_getCursorBinaryOperatorKind(c), &k,
				 env, out);
		break;
	case CXCursor_CallExpr:
		ok = const_binop(ev, operator_call(&k), &k, env, out);
		break;
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		ok = k.nr == 1 && const_expr(ev, k.v[0], env, out);
		break;
	default:
		break;
	}
	ev->depth--;
	return ok;
}

/* The expression that initializes enumerator or constant @decl. */
static CXCursor initializer(CXCursor decl)
{
	struct wl_cursor_kids k;

	if (clang_getCursorKind(decl) == CXCursor_VarDecl) {
		if (!clang_isConstQualifiedType(clang_getCursorType(decl)))
			return clang_getNullCursor();
		return clang_Cursor_getVarDeclInitializer(decl);
	}
	k = wl_cursor_kids(decl);
	if (k.nr >= 1 && k.nr <= 3 &&
	    clang_isExpression(clang_getCursorKind(k.v[k.nr - 1])))
		return k.v[k.nr - 1];
	return clang_getNullCursor();
}

static bool constant_init(struct ma_eval *ev, CXCursor decl,
			  const struct ma_env *env, long long *out)
{
	CXCursor init = initializer(decl);

	return !clang_Cursor_isNull(init) && const_expr(ev, init, env, out);
}

bool ma_eval_constant(struct ma_eval *ev, CXCursor decl,
		      const struct ma_env *env, long long *out)
{
	struct ma_eval mine = *ev;

	mine.opaque = false;
	if (!is_integer_cursor(decl) || !constant_init(&mine, decl, env, out))
		return false;
	ev->opaque |= mine.opaque;
	return true;
}
