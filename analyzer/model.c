/* SPDX-License-Identifier: MIT */
/*
 * The model of device code: one walk of the AST into a tree with
 * parents, the file's functions and macros.  Calls are resolved in
 * modelcall.c; the questions asked of nodes are answered in node.c.
 */
#include "analyzer/model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/modelint.h"
#include "analyzer/parse.h"
#include "base/source.h"

struct kid_list {
	CXCursor *v;
	unsigned nr, alloc;
};

static bool is_attr_kind(enum CXCursorKind k)
{
	return k >= CXCursor_FirstAttr && k <= CXCursor_LastAttr;
}

/* Kinds that carry nothing the rules read: type and namespace references. */
static bool skip_kind(enum CXCursorKind k)
{
	return k == CXCursor_TypeRef || k == CXCursor_TemplateRef ||
	       k == CXCursor_NamespaceRef || k == CXCursor_TemplateTypeParameter ||
	       k == CXCursor_NonTypeTemplateParameter ||
	       k == CXCursor_TemplateTemplateParameter || is_attr_kind(k);
}

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct kid_list *list = data;

	if (skip_kind(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	WL_GROW(list->v, list->nr, list->alloc);
	list->v[list->nr++] = c;
	return CXChildVisit_Continue;
}


/*
 * The end of a macro invocation that starts at @off in the main file: the
 * macro name, and its parenthesised arguments if it has any.  libclang gives
 * only the start of an expansion, which is too little to copy its text.
 */
static unsigned macro_use_end(const struct wl_source *src, unsigned off)
{
	const char *t = src->text;
	size_t i = off, n = src->len;
	int depth = 0;

	while (i < n && (t[i] == '_' || (t[i] >= 'a' && t[i] <= 'z') ||
			 (t[i] >= 'A' && t[i] <= 'Z') ||
			 (t[i] >= '0' && t[i] <= '9')))
		i++;
	size_t j = i;
	while (j < n && (t[j] == ' ' || t[j] == '\t'))
		j++;
	if (j >= n || t[j] != '(')
		return (unsigned)i;
	for (; j < n; j++) {
		if (t[j] == '(')
			depth++;
		else if (t[j] == ')' && --depth == 0)
			return (unsigned)j + 1;
	}
	return (unsigned)i;
}

static void node_locate(struct wl_model *m, struct wl_node *node)
{
	CXSourceRange r = clang_getCursorExtent(node->cursor);
	CXSourceLocation start = clang_getRangeStart(r);
	CXSourceLocation end = clang_getRangeEnd(r);
	CXFile f1 = NULL, f2 = NULL, sf = NULL;
	unsigned o1 = 0, o2 = 0, so = 0, eo = 0;
	CXFile ef = NULL;

	clang_getExpansionLocation(start, &f1, NULL, NULL, &o1);
	clang_getExpansionLocation(end, &f2, NULL, NULL, &o2);
	clang_getSpellingLocation(start, &sf, NULL, NULL, &so);
	node->in_main = wl_same_file(f1, m->main_file) &&
			wl_same_file(f2, m->main_file);
	node->begin = o1;
	node->end = o2 >= o1 ? o2 : o1;
	node->in_macro = !(wl_same_file(sf, f1) && so == o1);
	clang_getSpellingLocation(end, &ef, NULL, NULL, &eo);
	if (node->in_main && !(wl_same_file(ef, f2) && eo == o2))
		node->end = macro_use_end(m->src, o2);
	if (node->end > m->src->len)
		node->end = (unsigned)m->src->len;
}

/* Which of a statement's children is its condition, body, and so on. */
static void assign_if_roles(struct wl_node *n)
{
	static const enum wl_role two[] = { WL_ROLE_COND, WL_ROLE_THEN };
	static const enum wl_role three_else[] = { WL_ROLE_COND, WL_ROLE_THEN,
						   WL_ROLE_ELSE };
	static const enum wl_role three_init[] = { WL_ROLE_INIT, WL_ROLE_COND,
						   WL_ROLE_THEN };
	static const enum wl_role four[] = { WL_ROLE_INIT, WL_ROLE_COND,
					     WL_ROLE_THEN, WL_ROLE_ELSE };
	const enum wl_role *roles = NULL;
	unsigned i;

	if (n->nr_kids == 2)
		roles = two;
	else if (n->nr_kids == 3)
		roles = n->kids[0]->kind == CXCursor_DeclStmt ? three_init
							       : three_else;
	else if (n->nr_kids == 4)
		roles = four;
	if (!roles)
		return;
	for (i = 0; i < n->nr_kids; i++)
		n->kids[i]->role = roles[i];
}

/* Offsets of the two ';' and the ')' of a for header, from the text. */
static bool for_header(const struct wl_source *src, const struct wl_node *n,
		       unsigned *semi1, unsigned *semi2, unsigned *close)
{
	const char *t = src->text;
	unsigned i = n->begin, found = 0;
	int depth = 0;

	while (i < n->end && t[i] != '(')
		i++;
	for (; i < n->end; i++) {
		char c = t[i];

		if (c == '/' && t[i + 1] == '/') {
			while (i < n->end && t[i] != '\n')
				i++;
		} else if (c == '/' && t[i + 1] == '*') {
			i += 2;
			while (i + 1 < n->end && !(t[i] == '*' && t[i + 1] == '/'))
				i++;
			i++;
		} else if (c == '"' || c == '\'') {
			for (i++; i < n->end && t[i] != c; i++)
				if (t[i] == '\\')
					i++;
		} else if (c == '(' || c == '[' || c == '{') {
			depth++;
		} else if (c == ')' || c == ']' || c == '}') {
			if (--depth == 0) {
				*close = i;
				return found == 2;
			}
		} else if (c == ';' && depth == 1) {
			if (found == 0)
				*semi1 = i;
			else if (found == 1)
				*semi2 = i;
			found++;
		}
	}
	return false;
}

static void assign_for_roles(struct wl_model *m, struct wl_node *n)
{
	unsigned s1, s2, close, i;

	if (!n->nr_kids)
		return;
	n->kids[n->nr_kids - 1]->role = WL_ROLE_BODY;
	if (n->in_main && !n->in_macro && for_header(m->src, n, &s1, &s2, &close)) {
		for (i = 0; i + 1 < n->nr_kids; i++) {
			struct wl_node *k = n->kids[i];

			if (k->begin < s1)
				k->role = WL_ROLE_INIT;
			else if (k->begin < s2)
				k->role = WL_ROLE_COND;
			else
				k->role = WL_ROLE_INC;
		}
		return;
	}
	if (n->nr_kids == 4) {
		n->kids[0]->role = WL_ROLE_INIT;
		n->kids[1]->role = WL_ROLE_COND;
		n->kids[2]->role = WL_ROLE_INC;
		return;
	}
	/* Unknown layout (a for inside a macro): treat all as condition. */
	for (i = 0; i + 1 < n->nr_kids; i++)
		n->kids[i]->role = WL_ROLE_COND;
}

static void assign_roles(struct wl_model *m, struct wl_node *n)
{
	unsigned i;

	switch (n->kind) {
	case CXCursor_IfStmt:
		assign_if_roles(n);
		break;
	case CXCursor_ForStmt:
		assign_for_roles(m, n);
		break;
	case CXCursor_CXXForRangeStmt:
		if (n->nr_kids)
			n->kids[n->nr_kids - 1]->role = WL_ROLE_BODY;
		break;
	case CXCursor_WhileStmt:
	case CXCursor_SwitchStmt:
		for (i = 0; i < n->nr_kids; i++)
			n->kids[i]->role = i + 1 == n->nr_kids ? WL_ROLE_BODY
							       : WL_ROLE_COND;
		break;
	case CXCursor_DoStmt:
		if (n->nr_kids == 2) {
			n->kids[0]->role = WL_ROLE_BODY;
			n->kids[1]->role = WL_ROLE_COND;
		}
		break;
	case CXCursor_ConditionalOperator:
		if (n->nr_kids == 3) {
			n->kids[0]->role = WL_ROLE_COND;
			n->kids[1]->role = WL_ROLE_THEN;
			n->kids[2]->role = WL_ROLE_ELSE;
		}
		break;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op =
			wl_node_binop(n);

		if (n->nr_kids == 2 && op == CXBinaryOperator_LAnd)
			n->kids[1]->role = WL_ROLE_AND_RHS;
		else if (n->nr_kids == 2 && op == CXBinaryOperator_LOr)
			n->kids[1]->role = WL_ROLE_OR_RHS;
		break;
	}
	default:
		break;
	}
}

static const struct {
	const char *name;
	enum CXBinaryOperatorKind op;
} operator_names[] = {
	{ "operator*", CXBinaryOperator_Mul },
	{ "operator/", CXBinaryOperator_Div },
	{ "operator%", CXBinaryOperator_Rem },
	{ "operator+", CXBinaryOperator_Add },
	{ "operator-", CXBinaryOperator_Sub },
	{ "operator<<", CXBinaryOperator_Shl },
	{ "operator>>", CXBinaryOperator_Shr },
	{ "operator<", CXBinaryOperator_LT },
	{ "operator>", CXBinaryOperator_GT },
	{ "operator<=", CXBinaryOperator_LE },
	{ "operator>=", CXBinaryOperator_GE },
	{ "operator==", CXBinaryOperator_EQ },
	{ "operator!=", CXBinaryOperator_NE },
	{ "operator&", CXBinaryOperator_And },
	{ "operator^", CXBinaryOperator_Xor },
	{ "operator|", CXBinaryOperator_Or },
	{ "operator&&", CXBinaryOperator_LAnd },
	{ "operator||", CXBinaryOperator_LOr },
	{ "operator=", CXBinaryOperator_Assign },
	{ "operator*=", CXBinaryOperator_MulAssign },
	{ "operator/=", CXBinaryOperator_DivAssign },
	{ "operator%=", CXBinaryOperator_RemAssign },
	{ "operator+=", CXBinaryOperator_AddAssign },
	{ "operator-=", CXBinaryOperator_SubAssign },
	{ "operator<<=", CXBinaryOperator_ShlAssign },
	{ "operator>>=", CXBinaryOperator_ShrAssign },
	{ "operator&=", CXBinaryOperator_AndAssign },
	{ "operator^=", CXBinaryOperator_XorAssign },
	{ "operator|=", CXBinaryOperator_OrAssign },
};

enum CXBinaryOperatorKind wl_operator_kind(CXCursor op)
{
	CXString name = clang_getCursorSpelling(op);
	enum CXBinaryOperatorKind k = CXBinaryOperator_Invalid;
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(operator_names); i++)
		if (!strcmp(clang_getCString(name), operator_names[i].name))
			k = operator_names[i].op;
	clang_disposeString(name);
	return k;
}

/* The OverloadedDeclRef under callee @k (`operator+=`), or a null cursor. */
static CXCursor unresolved_operator(const struct wl_node *k)
{
	while (k && k->kind != CXCursor_OverloadedDeclRef && k->nr_kids == 1 &&
	       (k->kind == CXCursor_DeclRefExpr ||
		k->kind == CXCursor_UnexposedExpr))
		k = k->kids[0];
	if (k && k->kind == CXCursor_OverloadedDeclRef)
		return k->cursor;
	return clang_getNullCursor();
}

/*
 * `a OP b` with operands of a template's dependent type is an operator
 * call libclang cannot resolve (CallExpr: a, the callee, b) as soon as
 * any operator OP overload is visible (the shim's __half has them).  For
 * the built-in types the template is instantiated with it is the
 * built-in operator: show it as one, so that every analysis sees an
 * assignment, a read and a write.
 */
static void unwrap_operator_call(struct wl_node *n)
{
	enum CXBinaryOperatorKind k;
	CXCursor op;

	if (n->kind != CXCursor_CallExpr || n->nr_kids != 3)
		return;
	op = unresolved_operator(n->kids[1]);
	if (clang_Cursor_isNull(op))
		return;
	k = wl_operator_kind(op);
	if (k != CXBinaryOperator_Invalid) {
		n->binop = (unsigned char)(k + 1);
		n->kind = k >= CXBinaryOperator_MulAssign &&
					  k <= CXBinaryOperator_OrAssign
				  ? CXCursor_CompoundAssignOperator
				  : CXCursor_BinaryOperator;
		n->kids[1] = n->kids[2];
		n->nr_kids = 2;
	}
}

/*
 * A call inside an expression clang could not type (an argument that
 * depends on a declaration with an error) loses its CallExpr: libclang
 * shows `f()` as an unexposed expression over the unresolved name.  Show
 * it as the call it is, so that wrappers and primitives in statements
 * that half parsed are still seen.
 */
static void recover_call(struct wl_model *m, struct wl_node *n)
{
	const char *text = m->src->text;
	struct wl_node *callee;
	unsigned i;

	if (n->kind != CXCursor_UnexposedExpr || !n->in_main || n->in_macro ||
	    !n->nr_kids)
		return;
	callee = n->kids[0];
	if (callee->kind != CXCursor_DeclRefExpr ||
	    clang_Cursor_isNull(unresolved_operator(callee)) ||
	    callee->end >= n->end || n->end > m->src->len)
		return;
	for (i = callee->end; i < n->end && isspace((unsigned char)text[i]);)
		i++;
	if (i < n->end && text[i] == '(' && text[n->end - 1] == ')')
		n->kind = CXCursor_CallExpr;
}

static struct wl_node *build_node(struct wl_model *m, CXCursor c,
				  struct wl_node *parent, struct wl_func *fn)
{
	struct wl_node *n = wl_arena_alloc(&m->arena, sizeof(*n));
	struct kid_list list = { NULL, 0, 0 };
	unsigned i;

	n->cursor = c;
	n->kind = clang_getCursorKind(c);
	n->parent = parent;
	n->func = fn;
	n->index = m->nr_nodes++;
	node_locate(m, n);
	clang_visitChildren(c, collect_kid, &list);
	if (list.nr) {
		n->kids = wl_arena_alloc(&m->arena, list.nr * sizeof(*n->kids));
		for (i = 0; i < list.nr; i++)
			n->kids[i] = build_node(m, list.v[i], n, fn);
		n->nr_kids = list.nr;
	}
	free(list.v);
	recover_call(m, n);
	unwrap_operator_call(n);
	assign_roles(m, n);

	m->nr_main_nodes += n->in_main;
	if (n->kind == CXCursor_CallExpr && n->in_main) {
		WL_GROW(m->calls, m->nr_calls, m->alloc_calls);
		m->calls[m->nr_calls++] = n;
	} else if (n->kind == CXCursor_CallExpr && m->context) {
		WL_GROW(m->ctx_calls, m->nr_ctx_calls, m->alloc_ctx_calls);
		m->ctx_calls[m->nr_ctx_calls++] = n;
	} else if (n->kind == CXCursor_GCCAsmStmt && n->in_main) {
		WL_GROW(m->asms, m->nr_asms, m->alloc_asms);
		m->asms[m->nr_asms++] = n;
	} else if (n->kind == CXCursor_GotoStmt ||
		   n->kind == CXCursor_IndirectGotoStmt) {
		fn->has_goto = true;
	}
	return n;
}

struct attr_scan {
	unsigned flags;
	bool has_body;
};

static enum CXChildVisitResult scan_func(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct attr_scan *scan = data;

	switch (clang_getCursorKind(c)) {
	case CXCursor_CUDAGlobalAttr:
		scan->flags |= WL_FUNC_KERNEL;
		break;
	case CXCursor_CUDADeviceAttr:
		scan->flags |= WL_FUNC_DEVICE;
		break;
	case CXCursor_CUDAHostAttr:
		scan->flags |= WL_FUNC_HOST;
		break;
	case CXCursor_CompoundStmt:
		scan->has_body = true;
		break;
	default:
		break;
	}
	return CXChildVisit_Continue;
}

static bool in_main_file(struct wl_model *m, CXCursor c)
{
	CXFile f = NULL;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL,
				   NULL);
	return wl_same_file(f, m->main_file);
}

static bool is_shim_file(CXFile file);

bool wl_model_foreign_file(CXTranslationUnit tu, CXFile file)
{
	return !file || is_shim_file(file) ||
	       clang_Location_isInSystemHeader(clang_getLocation(tu, file, 1, 1));
}

static bool is_shim_file(CXFile file)
{
	CXString name = clang_getFileName(file);
	bool shim = clang_getCString(name) &&
		    wl_starts_with(clang_getCString(name), WL_SHIM_ROOT "/");

	clang_disposeString(name);
	return shim;
}

/*
 * Whether @c is declared in a project file other than the main one.  The
 * cursor's own location answers "system header?" cheaply; a location made
 * from a file (clang_getLocation) costs a scan of the whole TU.
 */
static bool in_project_file(struct wl_model *m, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile f = NULL;

	clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	if (!wl_same_file(f, m->last_file)) {
		m->last_file = f;
		m->last_project = !clang_Location_isInSystemHeader(loc) &&
				  !is_shim_file(f);
	}
	return m->last_project;
}

/* Whether @text[@b, @e) holds identifier @name as a whole word. */
static bool mentions(const char *text, unsigned b, unsigned e,
		     const char *name)
{
	size_t n = strlen(name);
	const char *p = text + b, *end = text + e;

	if (!n)
		return false;
	while (p + n <= end && (p = memchr(p, name[0], (size_t)(end - p)))) {
		if (p + n <= end && !memcmp(p, name, n) &&
		    (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    (p + n == end || !(isalnum((unsigned char)p[n]) || p[n] == '_')))
			return true;
		p++;
	}
	return false;
}

/*
 * How many calls away from the target's functions a context function
 * may be.  The kernel that decides a header helper's lanes is seldom its
 * direct caller: `k` calls `block_sum` calls the header's `warp_sum`.
 */
#define MAX_CONTEXT_LEVEL 4

/*
 * Whether a function of another file is worth modelling as context, and
 * at which level: 1 when it names one of the target's functions (it may
 * call it) or the target is #included inside it (its body is partly the
 * target's); one more than the context function it names, up to
 * MAX_CONTEXT_LEVEL; 0 when neither.  The walk meets a file's functions
 * in order, and C++ declares a callee before its caller, so one walk
 * climbs a chain.  Cheap, so that a header's pass does not model every
 * device function of the project.
 */
static unsigned context_level(struct wl_model *m, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f = NULL, f2 = NULL;
	unsigned b = 0, e = 0, i, level = 0;
	const char *text;
	size_t size = 0;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f || !wl_same_file(f, f2) || e < b)
		return 0;
	for (i = 0; i < m->nr_incls; i++)
		if (wl_same_file(m->incl_files[i], f) &&
		    m->incl_offsets[i] >= b && m->incl_offsets[i] <= e)
			return 1;
	text = wl_model_file_text(m, f, &size);
	if (!text || e > size)
		return 0;
	for (i = 0; i < m->nr_funcs; i++)
		if (mentions(text, b, e, m->funcs[i]->name))
			return 1;
	for (i = 0; i < m->nr_ctx_funcs; i++) {
		const struct wl_func *ctx = m->ctx_funcs[i];

		if (ctx->ctx_level >= MAX_CONTEXT_LEVEL ||
		    (level && ctx->ctx_level + 1u >= level) ||
		    !mentions(text, b, e, ctx->name))
			continue;
		level = ctx->ctx_level + 1u;
	}
	return level;
}

/*
 * Note the names of the target's dependent calls that no function of
 * its own answers (`Reducer::Reduce`): other files' functions of those
 * names are context too, for the memory walk to enter.
 */
static void note_dependent_names(struct wl_model *m)
{
	unsigned i, k;

	for (i = 0; i < m->nr_calls; i++) {
		const char *name;

		if (!clang_Cursor_isNull(wl_node_referenced(m->calls[i])))
			continue;
		name = wl_call_name(m, m->calls[i]);
		if (!*name || strlen(name) < 2)
			continue;
		for (k = 0; k < m->nr_funcs; k++)
			if (!strcmp(m->funcs[k]->name, name))
				break;
		if (k < m->nr_funcs)
			continue;
		for (k = 0; k < m->nr_dep_names; k++)
			if (!strcmp(m->dep_names[k], name))
				break;
		if (k < m->nr_dep_names || m->nr_dep_names == 64)
			continue;
		if (!m->dep_names)
			m->dep_names = wl_arena_alloc(&m->arena,
						      64 * sizeof(*m->dep_names));
		m->dep_names[m->nr_dep_names++] = name;
	}
}

/* At most this many callees of other files are taken as context. */
#define MAX_CONTEXT_CALLEES 64

static void add_callee(struct wl_model *m, CXCursor c)
{
	unsigned i;

	if (clang_Cursor_isNull(c) || m->nr_callees == MAX_CONTEXT_CALLEES)
		return;
	if (!m->callees)
		m->callees = wl_arena_alloc(
			&m->arena, MAX_CONTEXT_CALLEES * sizeof(*m->callees));
	c = clang_getCanonicalCursor(c);
	for (i = 0; i < m->nr_callees; i++)
		if (wl_cursor_equal(m->callees[i], c))
			return;
	m->callees[m->nr_callees++] = c;
}

/* Whether a call's resolved cursor @c is a function (not a variable). */
static bool names_function(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
	       k == CXCursor_CXXMethod;
}

/*
 * Note the functions the target's calls resolve to that it does not
 * define (and, for a specialization, its template): defined in another
 * file of the project, they are context.  By the cursor clang resolved,
 * never by name.
 */
static void note_callees(struct wl_model *m)
{
	unsigned i;

	for (i = 0; i < m->nr_calls; i++) {
		CXCursor ref = wl_node_referenced(m->calls[i]);
		CXCursor def;

		if (!names_function(ref))
			continue;
		def = wl_cursor_definition(ref);
		if (clang_Cursor_isNull(def) || in_main_file(m, def))
			continue;
		add_callee(m, ref);
		add_callee(m, clang_getSpecializedCursorTemplate(ref));
	}
}

static bool callee_of_target(const struct wl_model *m, CXCursor c)
{
	unsigned i;

	c = clang_getCanonicalCursor(c);
	for (i = 0; i < m->nr_callees; i++)
		if (wl_cursor_equal(m->callees[i], c))
			return true;
	return false;
}

static bool dependent_name(const struct wl_model *m, const char *name)
{
	unsigned i;

	for (i = 0; i < m->nr_dep_names; i++)
		if (!strcmp(m->dep_names[i], name))
			return true;
	return false;
}

static void add_function(struct wl_model *m, CXCursor c)
{
	struct attr_scan scan = { 0, false };
	struct wl_func *fn;
	unsigned i, main_nodes = m->nr_main_nodes;
	bool mine = in_main_file(m, c);
	unsigned level = 0;

	/* The target's own first; others, as context, in a second walk. */
	if (mine == m->context_phase)
		return;
	if (!mine) {
		if (!in_project_file(m, c))
			return;
		/* what the target calls leads to no caller of it */
		if (dependent_name(m, wl_model_spelling(m, c)) ||
		    callee_of_target(m, c))
			level = MAX_CONTEXT_LEVEL;
		else if (!(level = context_level(m, c)))
			return;
	}
	clang_visitChildren(c, scan_func, &scan);
	if (!scan.has_body || !(scan.flags & (WL_FUNC_KERNEL | WL_FUNC_DEVICE)))
		return;
	fn = wl_arena_alloc(&m->arena, sizeof(*fn));
	fn->cursor = c;
	fn->canonical = clang_getCanonicalCursor(c);
	fn->name = wl_model_spelling(m, c);
	fn->flags = scan.flags;
	fn->ctx_level = (unsigned char)level;
	if (clang_getCursorKind(c) == CXCursor_FunctionTemplate)
		fn->flags |= WL_FUNC_TEMPLATE;
	fn->root = build_node(m, c, NULL, fn);
	for (i = 0; i < fn->root->nr_kids; i++) {
		struct wl_node *k = fn->root->kids[i];

		if (k->kind == CXCursor_CompoundStmt)
			fn->body = k;
		else if (k->kind == CXCursor_ParmDecl)
			fn->nr_params++;
	}
	fn->params = wl_arena_alloc(&m->arena,
				    (fn->nr_params + 1) * sizeof(*fn->params));
	fn->nr_params = 0;
	for (i = 0; i < fn->root->nr_kids; i++)
		if (fn->root->kids[i]->kind == CXCursor_ParmDecl)
			fn->params[fn->nr_params++] = fn->root->kids[i];
	/*
	 * A function of another file whose body is partly written in this
	 * one (a .cuh included inside a kernel) is analysed with it.
	 */
	if (!mine && m->nr_main_nodes == main_nodes) {
		WL_GROW(m->ctx_funcs, m->nr_ctx_funcs, m->alloc_ctx_funcs);
		fn->index = m->nr_ctx_funcs;
		m->ctx_funcs[m->nr_ctx_funcs++] = fn;
		return;
	}
	WL_GROW(m->funcs, m->nr_funcs, m->alloc_funcs);
	fn->index = m->nr_funcs;
	m->funcs[m->nr_funcs++] = fn;
}

static bool parse_full_mask(const char *s)
{
	char *end;
	unsigned long long v;

	if (strcmp(s, "~0u") == 0 || strcmp(s, "~0U") == 0)
		return true;
	v = strtoull(s, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	return *end == '\0' && v == 0xffffffffull;
}

/* Remember `#define NAME 0xffffffff` so fixes speak the file's language. */
static void record_macro(struct wl_model *m, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct wl_macro *mac;

	WL_GROW(m->macros, m->nr_macros, m->alloc_macros);
	mac = &m->macros[m->nr_macros++];
	mac->cursor = c;
	mac->name = wl_model_spelling(m, c);
	clang_getFileLocation(clang_getRangeStart(r), NULL, NULL, NULL,
			      &mac->begin);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &mac->end);
}

static void scan_macro_definition(struct wl_model *m, CXCursor c)
{
	CXToken *tokens = NULL;
	unsigned nr = 0, i, first = 1, last;
	CXString value;
	char text[64] = "";

	if (!in_main_file(m, c))
		return;
	record_macro(m, c);
	if (m->full_mask_name)
		return;
	clang_tokenize(m->tu, clang_getCursorExtent(c), &tokens, &nr);
	last = nr;
	/* Accept NAME VALUE and NAME ( VALUE ). */
	if (nr == 4) {
		CXString a = clang_getTokenSpelling(m->tu, tokens[1]);
		CXString b = clang_getTokenSpelling(m->tu, tokens[3]);

		if (!strcmp(clang_getCString(a), "(") &&
		    !strcmp(clang_getCString(b), ")")) {
			first = 2;
			last = 3;
		}
		clang_disposeString(a);
		clang_disposeString(b);
	}
	if (nr >= 2 && last - first <= 2) {
		for (i = first; i < last; i++) {
			value = clang_getTokenSpelling(m->tu, tokens[i]);
			strncat(text, clang_getCString(value),
				sizeof(text) - strlen(text) - 1);
			clang_disposeString(value);
		}
		if (parse_full_mask(text)) {
			m->full_mask_name = wl_model_spelling(m, c);
			clang_getFileLocation(clang_getCursorLocation(c), NULL,
					      NULL, NULL, &m->full_mask_offset);
		}
	}
	clang_disposeTokens(m->tu, tokens, nr);
}

static enum CXChildVisitResult visit_decl(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct wl_model *m = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (wl_cursor_kind_is_function(k)) {
		if (!wl_cursor_is_instantiation(c))
			add_function(m, c);
		return CXChildVisit_Continue;
	}
	if (wl_cursor_kind_holds_functions(k) ||
	    k == CXCursor_ClassTemplatePartialSpecialization)
		return CXChildVisit_Recurse;
	if (k == CXCursor_MacroDefinition && !m->context_phase)
		scan_macro_definition(m, c);
	return CXChildVisit_Continue;
}

/*
 * A full-mask macro defined after some function would be used before its
 * definition by a fix in that function: spell the constant there instead.
 */
static void drop_late_full_mask(struct wl_model *m)
{
	unsigned i;

	for (i = 0; m->full_mask_name && i < m->nr_funcs; i++)
		if (m->funcs[i]->root->in_main &&
		    m->funcs[i]->root->begin < m->full_mask_offset)
			m->full_mask_name = NULL;
}

/* Record where the target file is #included (clang_getInclusions). */
static void note_inclusion(CXFile file, CXSourceLocation *stack, unsigned len,
			   CXClientData data)
{
	struct wl_model *m = data;
	CXFile f = NULL;
	unsigned off = 0;

	if (!len || !wl_same_file(file, m->main_file))
		return;
	clang_getExpansionLocation(stack[0], &f, NULL, NULL, &off);
	if (!f)
		return;
	if (m->nr_incls == m->alloc_incls) {
		m->alloc_incls = m->alloc_incls ? 2 * m->alloc_incls : 4;
		m->incl_files = wl_xrealloc(m->incl_files, m->alloc_incls *
							   sizeof(*m->incl_files));
		m->incl_offsets = wl_xrealloc(m->incl_offsets,
					      m->alloc_incls *
						      sizeof(*m->incl_offsets));
	}
	m->incl_files[m->nr_incls] = f;
	m->incl_offsets[m->nr_incls++] = off;
}

void wl_model_build(struct wl_model *m, CXTranslationUnit tu,
		    const struct wl_source *src)
{
	wl_model_build_file(m, tu, src, NULL, false, NULL);
}

/* The context function whose cursor is @c, or NULL. */
static struct wl_func *context_func(const struct wl_model *m, CXCursor c)
{
	unsigned i;

	c = clang_getCanonicalCursor(c);
	for (i = 0; i < m->nr_ctx_funcs; i++)
		if (wl_cursor_equal(m->ctx_funcs[i]->canonical, c))
			return m->ctx_funcs[i];
	return NULL;
}

/*
 * The functions the context calls, defined in another file of the
 * project, are context too (within MAX_CONTEXT_CALLEES): a kernel that
 * loops on `while (StealWork(...) < n)` around the header's helper asks
 * what StealWork returns.  Taken by the cursor clang resolved, or the
 * one candidate a dependent call names; never by name alone.
 */
static void add_context_callees(struct wl_model *m)
{
	unsigned i;

	for (i = 0; i < m->nr_ctx_calls; i++) {
		CXCursor overloads, def, tmpl;
		CXCursor ref = wl_cursor_callee(m->ctx_calls[i]->cursor,
						&overloads);
		unsigned before = m->nr_ctx_funcs;

		/* `StealWork<SizeT>(...)` in a template: one candidate */
		if (clang_Cursor_isNull(ref) && !clang_Cursor_isNull(overloads) &&
		    clang_getNumOverloadedDecls(overloads) == 1)
			ref = clang_getOverloadedDecl(overloads, 0);
		if (!names_function(ref))
			continue;
		tmpl = clang_getSpecializedCursorTemplate(ref);
		def = wl_cursor_definition(clang_Cursor_isNull(tmpl) ? ref
								    : tmpl);
		if (clang_Cursor_isNull(def) || in_main_file(m, def) ||
		    context_func(m, def) || m->nr_callees == MAX_CONTEXT_CALLEES)
			continue;
		add_callee(m, def);
		add_function(m, def);
		if (m->nr_ctx_funcs > before)
			m->ctx_funcs[before]->flags |= WL_FUNC_CONTEXT_CALLEE;
	}
}

bool wl_model_error_within(const struct wl_model *m, unsigned begin,
			   unsigned end)
{
	unsigned lo = 0, hi = m->nr_errors;

	/* the first error at or after begin */
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (m->error_offsets[mid] < begin)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->nr_errors && m->error_offsets[lo] < end;
}

bool wl_node_holds_error(const struct wl_model *m, const struct wl_node *n)
{
	return n->in_main && wl_model_error_within(m, n->begin, n->end);
}

/*
 * Whether the parse error at @off under @n (a function's body) may hide
 * control flow: it lies in no statement the parser kept, or in a
 * statement that is a bare unknown call (`SKIP_PADDING(i);`, a macro of
 * a missing header that may well expand to `if (...) continue;`).  An
 * error inside a kept condition or initializer is an unknown value,
 * which the evaluator takes as lane-dependent.
 */
static bool error_hides_flow(const struct wl_node *n, unsigned off)
{
	unsigned i;

	for (i = 0; i < n->nr_kids; i++) {
		const struct wl_node *k = n->kids[i];

		if (!k->in_main || off < k->begin || off >= k->end)
			continue;
		if (n->kind == CXCursor_CompoundStmt &&
		    (k->kind == CXCursor_UnexposedExpr ||
		     k->kind == CXCursor_CallExpr))
			return true;
		return error_hides_flow(k, off);
	}
	return n->kind == CXCursor_CompoundStmt;
}

static int offset_cmp(const void *pa, const void *pb)
{
	unsigned a = *(const unsigned *)pa, b = *(const unsigned *)pb;

	return a < b ? -1 : a > b;
}

/*
 * Note where the main file's parse errors lie, and flag each function
 * whose body holds one that may hide control flow.
 */
static void note_parse_errors(struct wl_model *m)
{
	unsigned i, k, n = clang_getNumDiagnostics(m->tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(m->tu, i);
		CXFile f = NULL;
		unsigned off = 0;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &f, NULL, NULL, &off);
			if (f && wl_same_file(f, m->main_file)) {
				m->error_offsets = wl_xrealloc(
					m->error_offsets,
					(m->nr_errors + 1) *
						sizeof(*m->error_offsets));
				m->error_offsets[m->nr_errors++] = off;
			}
		}
		clang_disposeDiagnostic(d);
	}
	if (!m->nr_errors)
		return;
	qsort(m->error_offsets, m->nr_errors, sizeof(*m->error_offsets),
	      offset_cmp);
	for (k = 0; k < m->nr_funcs; k++) {
		struct wl_func *fn = m->funcs[k];

		if (!fn->body || !fn->body->in_main)
			continue;
		for (i = 0; i < m->nr_errors; i++)
			if (m->error_offsets[i] >= fn->body->begin &&
			    m->error_offsets[i] < fn->body->end &&
			    error_hides_flow(fn->body, m->error_offsets[i]))
				fn->flags |= WL_FUNC_PARSE_ERRORS;
	}
}

void wl_model_build_file(struct wl_model *m, CXTranslationUnit tu,
			 const struct wl_source *src, CXFile target,
			 bool context, struct wl_text_cache *texts)
{
	memset(m, 0, sizeof(*m));
	m->shared_texts = texts;
	m->tu = tu;
	m->src = src;
	m->context = context;
	m->main_file = target;
	/* The name the file was parsed under ("./-x.cu" for "-x.cu"). */
	if (!target) {
		CXString name = clang_getTranslationUnitSpelling(tu);

		m->main_file = clang_getFile(tu, clang_getCString(name));
		clang_disposeString(name);
	}
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_decl, m);
	if (context) {
		clang_getInclusions(tu, note_inclusion, m);
		note_dependent_names(m);
		note_callees(m);
		m->context_phase = true;
		clang_visitChildren(clang_getTranslationUnitCursor(tu),
				    visit_decl, m);
		add_context_callees(m);
	}
	wl_model_index_functions(m);
	wl_model_link_callers(m);
	drop_late_full_mask(m);
	note_parse_errors(m);
}

void wl_model_release(struct wl_model *m)
{
	unsigned i;

	for (i = 0; i < m->nr_funcs; i++) {
		free(m->funcs[i]->callers);
		free(m->funcs[i]->may_callers);
	}
	for (i = 0; i < m->nr_ctx_funcs; i++)
		free(m->ctx_funcs[i]->callers);
	free(m->funcs);
	free(m->func_slots);
	free(m->ctx_funcs);
	free(m->ctx_slots);
	free(m->ctx_calls);
	free(m->incl_files);
	free(m->incl_offsets);
	free(m->error_offsets);
	wl_text_cache_release(&m->own_texts);
	free(m->macros);
	free(m->calls);
	free(m->asms);
	wl_arena_release(&m->arena);
	memset(m, 0, sizeof(*m));
}
