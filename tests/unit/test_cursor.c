/* SPDX-License-Identifier: MIT */
/*
 * Raw libclang cursors (analyzer/cursor.c) on small in-memory C++
 * sources: overloaded operators applied in a template, parameter
 * positions of a function template, a callee's definition through a
 * dependent call, statement counts, the written template arguments of
 * a typedef, and the invalid type of an expression clang could not type.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "analyzer/cursor.h"
#include "tests/unit/index_fixture.h"

/*
 * The operator* candidate makes `ceil_div(a, b) * b` over dependent
 * types a CXXOperatorCallExpr, as the CUDA headers' overloads do.
 */
static const char source[] =
	"struct V { int v; };\n"
	"V operator*(V, V);\n"
	"template <typename T> T ceil_div(T a, T b) { return (a + b - 1) / b; }\n"
	"template <typename T> T round_up(T a, T b) { return ceil_div(a, b) * b; }\n"
	"int plain(int a, int b) { int c = a; c += b; return c * 2; }\n"
	"template <typename T> T user(T n, T s) { return round_up(n, s); }\n"
	"struct S { int get() const; int get(int) const; void put(int); };\n"
	"template <typename T, int N, int M> struct R { static int f(); };\n"
	"template <int K> struct P {};\n"
	"template <int N> int use() {\n"
	"  typedef R<float, (N > 2) ? N : 2, P<N>::x> A;\n"
	"  typedef R<P<(N >> 1)>, N * 2, 7> B;\n"
	"  return A::f() + B::f(); }\n";

static CXTranslationUnit parse(void **state)
{
	struct fixture *fx = *state;
	struct CXUnsavedFile file = { "/virtual/cursor.cpp", source,
				      sizeof(source) - 1 };
	const char *args[] = { "-x", "c++", "-std=c++14" };
	CXTranslationUnit tu = clang_parseTranslationUnit(
		fx->index, file.Filename, args, 3, &file, 1,
		CXTranslationUnit_None);

	assert_non_null(tu);
	return tu;
}

struct find {
	enum CXCursorKind kind;
	const char *name;	/* spelling, or NULL for any */
	unsigned skip;		/* matches to pass over */
	CXCursor found;
};

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct find *f = data;
	CXString s;
	bool match;

	(void)parent;
	if (clang_getCursorKind(c) != f->kind)
		return CXChildVisit_Recurse;
	s = clang_getCursorSpelling(c);
	match = !f->name || !strcmp(clang_getCString(s), f->name);
	clang_disposeString(s);
	if (match && f->skip-- == 0) {
		f->found = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static CXCursor find_in(CXCursor root, enum CXCursorKind kind,
			const char *name, unsigned skip)
{
	struct find f = { kind, name, skip, clang_getNullCursor() };

	clang_visitChildren(root, find_visit, &f);
	assert_false(clang_Cursor_isNull(f.found));
	return f.found;
}

static void test_operator_call_in_template(void **state)
{
	CXTranslationUnit tu = parse(state);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXCursor round_up = find_in(root, CXCursor_FunctionTemplate,
				    "round_up", 0);
	CXCursor ret = wl_cursor_returned(round_up);
	CXCursor inner;
	char op[4] = "";

	/* the product is a nameless call: the operator*, not a function */
	assert_int_equal(clang_getCursorKind(ret), CXCursor_CallExpr);
	assert_true(wl_cursor_operator_call(tu, ret, op, sizeof(op)));
	assert_string_equal(op, "*");
	/* ceil_div(a, b) is a call of a function */
	inner = wl_cursor_kids(ret).v[0];
	assert_int_equal(clang_getCursorKind(inner), CXCursor_CallExpr);
	assert_false(wl_cursor_operator_call(tu, inner, op, sizeof(op)));
	clang_disposeTranslationUnit(tu);
}

static void test_param_index_of_template(void **state)
{
	CXTranslationUnit tu = parse(state);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXCursor round_up = find_in(root, CXCursor_FunctionTemplate,
				    "round_up", 0);
	CXCursor plain = find_in(root, CXCursor_FunctionDecl, "plain", 0);

	assert_int_equal(wl_cursor_param_index(
				 round_up, find_in(round_up, CXCursor_ParmDecl,
						   "b", 0)), 1);
	assert_int_equal(wl_cursor_param_index(
				 plain, find_in(round_up, CXCursor_ParmDecl,
						"a", 0)), -1);
	clang_disposeTranslationUnit(tu);
}

static void test_call_definition_and_statements(void **state)
{
	CXTranslationUnit tu = parse(state);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXCursor user = find_in(root, CXCursor_FunctionTemplate, "user", 0);
	CXCursor call = find_in(user, CXCursor_CallExpr, NULL, 0);
	CXCursor def = wl_cursor_call_definition(call);
	CXString name = clang_getCursorSpelling(def);

	/* a dependent call with one candidate: that template's body */
	assert_string_equal(clang_getCString(name), "round_up");
	clang_disposeString(name);
	assert_int_equal(wl_cursor_statements(def), 1);
	assert_int_equal(wl_cursor_statements(find_in(
				 root, CXCursor_FunctionDecl, "plain", 0)), 3);
	assert_int_equal(wl_cursor_statements(clang_getNullCursor()), 0);
	clang_disposeTranslationUnit(tu);
}

static void test_child_named_and_overloads(void **state)
{
	CXTranslationUnit tu = parse(state);
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXCursor s = find_in(root, CXCursor_StructDecl, "S", 0);

	/* the first of an overload set, or none where it must be one */
	assert_true(clang_equalCursors(
		wl_cursor_child_named(s, CXCursor_CXXMethod, "get"),
		find_in(s, CXCursor_CXXMethod, "get", 0)));
	assert_true(clang_Cursor_isNull(
		wl_cursor_unique_child_named(s, CXCursor_CXXMethod, "get")));
	assert_true(clang_equalCursors(
		wl_cursor_unique_child_named(s, CXCursor_CXXMethod, "put"),
		find_in(s, CXCursor_CXXMethod, "put", 0)));
	assert_true(clang_Cursor_isNull(
		wl_cursor_unique_child_named(s, CXCursor_CXXMethod, "gone")));
	clang_disposeTranslationUnit(tu);
}

static void test_invalid_type_is_kept(void **state)
{
	CXType invalid = { CXType_Invalid, { NULL, NULL } };

	(void)state;
	/* clang_getNonReferenceType() itself crashes on this one */
	assert_int_equal(wl_type_non_reference(invalid).kind, CXType_Invalid);
}

/* Kind of the cursor written in argument @i of typedef @name in use(). */
static enum CXCursorKind typedef_arg(CXTranslationUnit tu, const char *name,
				     unsigned i, unsigned *nr)
{
	CXCursor root = clang_getTranslationUnitCursor(tu);
	CXCursor use = find_in(root, CXCursor_FunctionTemplate, "use", 0);
	CXCursor td = find_in(use, CXCursor_TypedefDecl, name, 0);
	CXCursor args[4];

	*nr = wl_cursor_template_args(tu, td, wl_cursor_first_child(td),
				      args, 4);
	return clang_getCursorKind(args[i]);
}

static void test_template_args_of_typedef(void **state)
{
	CXTranslationUnit tu = parse(state);
	unsigned nr;

	/* `float` has no cursor; `(N > 2) ? N : 2` compares, not closes */
	assert_int_equal(typedef_arg(tu, "A", 0, &nr), CXCursor_FirstInvalid);
	assert_int_equal(nr, 3);
	assert_int_equal(typedef_arg(tu, "A", 1, &nr),
			 CXCursor_ConditionalOperator);
	/* a nested argument list, `>>` inside parentheses, then `N * 2` */
	assert_int_equal(typedef_arg(tu, "B", 0, &nr), CXCursor_TemplateRef);
	assert_int_equal(nr, 3);
	assert_int_equal(typedef_arg(tu, "B", 1, &nr),
			 CXCursor_BinaryOperator);
	assert_int_equal(typedef_arg(tu, "B", 2, &nr),
			 CXCursor_IntegerLiteral);
	clang_disposeTranslationUnit(tu);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_operator_call_in_template),
		cmocka_unit_test(test_param_index_of_template),
		cmocka_unit_test(test_call_definition_and_statements),
		cmocka_unit_test(test_child_named_and_overloads),
		cmocka_unit_test(test_invalid_type_is_kept),
		cmocka_unit_test(test_template_args_of_typedef),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
