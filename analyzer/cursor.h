/* SPDX-License-Identifier: MIT */
/*
 * Raw libclang cursors, for code the model does not hold: the bodies of
 * helpers defined in headers, wrappers, one-line accessors.  What the
 * model's nodes do for the analysed file (wl_node_strip(), kids), these do
 * for any cursor.
 */
#ifndef WL_ANALYZER_CURSOR_H
#define WL_ANALYZER_CURSOR_H

#include "analyzer/libclang.h"
#include <stdbool.h>
#include <stddef.h>

/*
 * A cursor's operands: its children without the type, template and
 * namespace references that name things rather than compute them.  Only
 * the first three are kept; nr counts them all.
 */
struct wl_cursor_kids {
	CXCursor v[3];
	unsigned nr;
};

struct wl_cursor_kids wl_cursor_kids(CXCursor c);

/*
 * clang_equalCursors(), with its cheap disproof inline: equal cursors
 * have the same kind and first data word (the declaration, or an
 * expression's parent), and the analyses' lookups compare mostly unequal
 * ones, many times a lane.
 */
static inline bool wl_cursor_equal(CXCursor a, CXCursor b)
{
	return a.kind == b.kind && a.data[0] == b.data[0] &&
	       clang_equalCursors(a, b);
}

/*
 * Whether function @c is an instantiation of a template, not a
 * declaration written in the code: `template void f<256>(int *);` makes
 * one that an index of local declarations (wl_parse_index()) lists among
 * the file's, at the template's own location.  An explicit
 * specialization, which has a body of its own, is not one.
 */
bool wl_cursor_is_instantiation(CXCursor c);

/*
 * The kinds the walks for function definitions share (the model's, and
 * those of the parse errors): a function, function template, method,
 * constructor or destructor; and what holds them and is entered, a
 * namespace, an `extern "C"` block, a class or class template, or an
 * unexposed declaration.  Each walk adds the kinds only it needs.
 */
bool wl_cursor_kind_is_function(enum CXCursorKind k);
bool wl_cursor_kind_holds_functions(enum CXCursorKind k);

/*
 * Whether @c is declared outside the project's code: in a system header
 * (libc, the toolkit) or in warplint's CUDA shim.  A declaration with no
 * file (a builtin) is not.
 */
bool wl_cursor_outside_project(CXCursor c);

/* @c's first child, whatever it is, or a null cursor. */
CXCursor wl_cursor_first_child(CXCursor c);

/* @c's first child after the namespaces that qualify it (`detail::`). */
CXCursor wl_cursor_first_child_past_namespaces(CXCursor c);

/*
 * The template arguments written after template reference @tref inside
 * @holder (`Red<NT * 2, float>` in a typedef or a qualified callee): for
 * each argument in order, the first raw child of @holder written inside
 * it, or a null cursor (a builtin type such as `float` has none).
 * Returns the number of arguments; at most @max are stored.
 */
unsigned wl_cursor_template_args(CXTranslationUnit tu, CXCursor holder,
				 CXCursor tref, CXCursor *out, unsigned max);

/* @c's one operand, or a null cursor if it has none or several. */
CXCursor wl_cursor_only_child(CXCursor c);

/* @c's first child of @kind spelled @name, or a null cursor. */
CXCursor wl_cursor_child_named(CXCursor c, enum CXCursorKind kind,
			       const char *name);
/* The same, but a null cursor also when several are (an overload set). */
CXCursor wl_cursor_unique_child_named(CXCursor c, enum CXCursorKind kind,
				      const char *name);

/* @c without parentheses, casts, implicit conversions and `return`. */
CXCursor wl_cursor_strip(CXCursor c);

/*
 * EXPR, stripped, when @fn's definition is the one statement
 * `return EXPR;` or `EXPR;` (a void wrapper); else a null cursor.
 */
CXCursor wl_cursor_returned(CXCursor fn);

/* The compound statement that is function @fn's body, or null. */
CXCursor wl_cursor_body(CXCursor fn);

/*
 * The function call @call names, also in a template where the callee
 * depends on the template's parameters (`roundUp<T>(n, b)`): the
 * referenced function, else the one a nameless callee names.  Null when
 * neither; *@overloads is then the OverloadedDeclRef of the candidates,
 * if any (else a null cursor).
 */
CXCursor wl_cursor_callee(CXCursor call, CXCursor *overloads);

/*
 * The definition of function @fn in the translation unit, through the
 * template of an implicit instantiation; a null cursor when none.
 */
CXCursor wl_cursor_definition(CXCursor fn);

/*
 * The position of parameter @param among @fn's, or -1.  Unlike
 * clang_Cursor_getArgument(), also for a function template.
 */
int wl_cursor_param_index(CXCursor fn, CXCursor param);

/*
 * The default argument of ParmDecl @param (`bool sync = true`), or a null
 * cursor: its last expression, when an `=` outside brackets precedes it
 * (an array bound, `T (&s)[N]`, is an expression too).
 */
CXCursor wl_cursor_param_default(CXCursor param);

/*
 * The constant default of parameter @index of function @fn given where
 * the function is first declared (`void f(bool sync = true);` above the
 * definition `void f(bool sync) { ... }`), into *@out; false when that
 * declaration gives none or it is no integer constant.
 */
bool wl_cursor_default_constant(CXCursor fn, unsigned index, long long *out);

/*
 * Whether CallExpr @call is an overloaded operator applied in a
 * template (`ceilDiv(a, b) * b` over dependent types, where the CUDA
 * headers' operator* overloads are candidates): libclang shows it as a
 * nameless call whose first child is the left operand.  If so, the
 * operator's spelling is copied to @op (@size bytes).
 */
bool wl_cursor_operator_call(CXTranslationUnit tu, CXCursor call, char *op,
			     size_t size);

/*
 * The definition of the function @call names, also when a dependent
 * call has exactly one candidate; a null cursor otherwise.
 */
CXCursor wl_cursor_call_definition(CXCursor call);

/* How many statements the body of definition @fn holds (0: none seen). */
unsigned wl_cursor_statements(CXCursor fn);

/*
 * clang_getNonReferenceType() that is safe on the invalid type of an
 * expression clang could not type (it crashes there).
 */
CXType wl_type_non_reference(CXType t);

/* What a member named through an object (`obj.m`, `p->m`) is. */
enum wl_member_kind {
	WL_MEMBER_DATA,		/* a field of the object, or not known */
	WL_MEMBER_CONSTANT,	/* an enumerator, or a const static member */
	WL_MEMBER_STATIC,	/* a static data member one copy serves all */
};

/*
 * The name of the member @ref (a MemberRefExpr) names: a template's
 * dependent member reference has an empty spelling in libclang 19 and
 * names no declaration, so there it is the expression's last token.
 */
CXString wl_cursor_member_name(CXCursor ref);

/*
 * The kind of the member @ref (a MemberRefExpr) names.  In a template,
 * where `coeffs.kCount` on a `Coeffs<N>&` names no declaration yet, the
 * member is looked up by name in the class template the object's type
 * names.
 */
enum wl_member_kind wl_cursor_member_kind(CXCursor ref);

/*
 * @a @op @b for libclang's integer operator @op (compound assignments as
 * their operator), into *@r.  False for an operator it does not know, a
 * division by zero, a shift out of range, and an overflow: a value that
 * overflows is no value (products of unknowns can).
 */
bool wl_binop_fold(enum CXBinaryOperatorKind op, long long a, long long b,
		   long long *r);

/* Whether a diagnostic of @tu is an error (or fatal). */
bool wl_tu_has_errors(CXTranslationUnit tu);

/* The integer libclang evaluates @c to (clang_Cursor_Evaluate), if any. */
bool wl_cursor_int_value(CXCursor c, long long *out);

/*
 * The first argument of @fn's `__launch_bounds__(N, ...)`, into @buf,
 * when it is one token (a template parameter's name or a number) that
 * fits: no launch of the kernel has more than N threads.
 */
bool wl_cursor_launch_bound(CXCursor fn, char *buf, size_t size);

#endif
