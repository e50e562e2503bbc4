/* SPDX-License-Identifier: MIT */
/*
 * Questions asked of the model's nodes: kids by role, stripping, loops,
 * walks, text, integer literals, built-in variables; and the text of the
 * files the parse read.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/model.h"
#include "analyzer/modelint.h"
#include "base/source.h"
#include "base/util.h"

bool wl_same_file(CXFile a, CXFile b)
{
	CXString na, nb;
	bool same;

	if (!a || !b)
		return false;
	if (a == b)
		return true;
	if (!clang_File_isEqual(a, b))
		return false;
	na = clang_getFileName(a);
	nb = clang_getFileName(b);
	same = !strcmp(clang_getCString(na), clang_getCString(nb));
	clang_disposeString(na);
	clang_disposeString(nb);
	return same;
}

void wl_text_cache_release(struct wl_text_cache *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}

const char *wl_model_file_text(struct wl_model *m, CXFile file, size_t *size)
{
	struct wl_text_cache *c = m->shared_texts ? m->shared_texts
						  : &m->own_texts;
	struct wl_file_text *t;
	unsigned i;

	for (i = 0; i < c->nr; i++)
		if (wl_same_file(c->v[i].file, file)) {
			*size = c->v[i].size;
			return c->v[i].text;
		}
	WL_GROW(c->v, c->nr, c->alloc);
	t = &c->v[c->nr++];
	t->file = file;
	t->size = 0;
	t->text = clang_getFileContents(m->tu, file, &t->size);
	*size = t->size;
	return t->text;
}

enum CXBinaryOperatorKind wl_node_binop(const struct wl_node *n)
{
	return n->binop ? (enum CXBinaryOperatorKind)(n->binop - 1)
			: clang_getCursorBinaryOperatorKind(n->cursor);
}

bool wl_unop_steps(enum CXUnaryOperatorKind op)
{
	return op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
	       op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
}

struct wl_node *wl_node_stored(struct wl_node *n)
{
	enum CXBinaryOperatorKind op;

	if ((n->kind == CXCursor_BinaryOperator ||
	     n->kind == CXCursor_CompoundAssignOperator) && n->nr_kids == 2) {
		op = wl_node_binop(n);
		if (op == CXBinaryOperator_Assign ||
		    (op >= CXBinaryOperator_MulAssign &&
		     op <= CXBinaryOperator_OrAssign))
			return n->kids[0];
	} else if (n->kind == CXCursor_UnaryOperator && n->nr_kids == 1 &&
		   wl_unop_steps(clang_getCursorUnaryOperatorKind(n->cursor))) {
		return n->kids[0];
	}
	return NULL;
}

const char *wl_model_spelling(struct wl_model *m, CXCursor cursor)
{
	CXString s = clang_getCursorSpelling(cursor);
	const char *p = wl_arena_strdup(&m->arena, clang_getCString(s));

	clang_disposeString(s);
	return p;
}

struct wl_node *wl_node_kid(const struct wl_node *node, enum wl_role role)
{
	unsigned i;

	for (i = 0; i < node->nr_kids; i++)
		if (node->kids[i]->role == role)
			return node->kids[i];
	return NULL;
}

struct wl_node *wl_node_deciding_cond(const struct wl_node *child)
{
	struct wl_node *p = child->parent;

	if (!p)
		return NULL;
	switch (child->role) {
	case WL_ROLE_THEN:
	case WL_ROLE_ELSE:
	case WL_ROLE_BODY:
	case WL_ROLE_INC:
		return wl_node_kid(p, WL_ROLE_COND);
	case WL_ROLE_AND_RHS:
	case WL_ROLE_OR_RHS:
		return p->kids[0];
	default:
		return NULL;
	}
}

struct wl_node *wl_node_strip(struct wl_node *node)
{
	while (node && node->nr_kids == 1 &&
	       (node->kind == CXCursor_UnexposedExpr ||
		node->kind == CXCursor_ParenExpr ||
		node->kind == CXCursor_CStyleCastExpr ||
		node->kind == CXCursor_CXXStaticCastExpr ||
		node->kind == CXCursor_CXXFunctionalCastExpr))
		node = node->kids[0];
	/* A C-style cast keeps its type reference out of the kids we kept. */
	while (node && node->kind == CXCursor_CStyleCastExpr &&
	       node->nr_kids >= 1)
		node = node->kids[node->nr_kids - 1];
	return node;
}

struct wl_node *wl_node_wrapped(struct wl_node *node)
{
	while (node->parent && (node->parent->kind == CXCursor_ParenExpr ||
				node->parent->kind == CXCursor_UnexposedExpr ||
				node->parent->kind == CXCursor_CStyleCastExpr))
		node = node->parent;
	return node;
}

bool wl_node_within(const struct wl_node *node, const struct wl_node *anc)
{
	/*
	 * A function's nodes all name it, their parents too: no climb for
	 * a node of another function (the fix planners ask about every
	 * access of the file, 66% of a 100,000-line file's time).
	 */
	if (node && anc && node->func != anc->func)
		return false;
	for (; node; node = node->parent)
		if (node == anc)
			return true;
	return false;
}

struct wl_node *wl_node_common(struct wl_node *a, struct wl_node *b)
{
	struct wl_node *x;

	for (x = a; x; x = x->parent)
		if (wl_node_within(b, x))
			return x;
	return NULL;
}

bool wl_node_in_switch(const struct wl_node *n)
{
	for (; n; n = n->parent)
		if (n->kind == CXCursor_SwitchStmt)
			return true;
	return false;
}

bool wl_node_jumps_from(struct wl_node *n, const struct wl_node *loop)
{
	if (n->kind == CXCursor_ReturnStmt)
		return true;
	return (n->kind == CXCursor_BreakStmt ||
		n->kind == CXCursor_ContinueStmt) &&
	       wl_node_jump_target(n) == loop;
}

bool wl_node_dominates(const struct wl_node *w, const struct wl_node *use)
{
	const struct wl_node *b = w->parent;

	return b && b->kind == CXCursor_CompoundStmt &&
	       wl_node_within(use, b) && use->index > w->index &&
	       !wl_node_within(use, w) && !wl_node_in_switch(b);
}

bool wl_node_is_loop(const struct wl_node *node)
{
	switch (node->kind) {
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
	case CXCursor_CXXForRangeStmt:
		return true;
	default:
		return false;
	}
}

struct wl_node *wl_node_jump_target(struct wl_node *jump)
{
	struct wl_node *p;

	for (p = jump->parent; p; p = p->parent) {
		if (wl_node_is_loop(p))
			return p;
		if (p->kind == CXCursor_SwitchStmt &&
		    jump->kind == CXCursor_BreakStmt)
			return p;
	}
	return NULL;
}

bool wl_node_continue_spares(struct wl_node *loop, struct wl_node *jump,
			     const struct wl_node *site)
{
	return jump->kind == CXCursor_ContinueStmt &&
	       (loop->kind == CXCursor_ForStmt ||
		loop->kind == CXCursor_CXXForRangeStmt) &&
	       wl_node_jump_target(jump) == loop && site &&
	       site->index < jump->index;
}

CXCursor wl_node_referenced(const struct wl_node *node)
{
	struct wl_node *n = (struct wl_node *)node;

	if (!n->referenced_known) {
		n->referenced = clang_getCursorReferenced(n->cursor);
		n->referenced_known = true;
	}
	return n->referenced;
}

bool wl_node_walk(struct wl_node *node, wl_node_fn fn, void *data)
{
	unsigned i;

	if (!fn(node, data))
		return false;
	for (i = 0; i < node->nr_kids; i++)
		if (!wl_node_walk(node->kids[i], fn, data))
			return false;
	return true;
}

struct node_find {
	CXCursor c;
	struct wl_node *found;
};

static bool find_node(struct wl_node *n, void *data)
{
	struct node_find *nf = data;

	if (wl_cursor_equal(n->cursor, nf->c))
		nf->found = n;
	return !nf->found;
}

struct wl_node *wl_node_find(struct wl_node *root, CXCursor c)
{
	struct node_find nf = { c, NULL };

	wl_node_walk(root, find_node, &nf);
	return nf.found;
}

struct ref_count {
	CXCursor decl;
	unsigned nr;
};

static bool count_ref(struct wl_node *n, void *data)
{
	struct ref_count *rc = data;

	if (n->kind == CXCursor_DeclRefExpr &&
	    wl_cursor_equal(wl_node_referenced(n), rc->decl))
		rc->nr++;
	return true;
}

unsigned wl_node_count_refs(struct wl_node *node, CXCursor decl)
{
	struct ref_count rc = { decl, 0 };

	wl_node_walk(node, count_ref, &rc);
	return rc.nr;
}

/* The text of a node of another file: its extent there, unless a macro's. */
static char *foreign_text(const struct wl_model *m, const struct wl_node *node)
{
	CXSourceRange r = clang_getCursorExtent(node->cursor);
	CXFile f1, f2;
	unsigned b, e;
	size_t size;
	const char *text;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
	if (!f1 || !wl_same_file(f1, f2) || e < b)
		return NULL;
	text = clang_getFileContents(m->tu, f1, &size);
	if (!text || e > size)
		return NULL;
	return wl_xstrndup(text + b, e - b);
}

char *wl_node_text(const struct wl_model *m, const struct wl_node *node)
{
	if (!node->in_main || node->end < node->begin)
		return NULL;
	return wl_xstrndup(m->src->text + node->begin, node->end - node->begin);
}

char *wl_node_any_text(const struct wl_model *m, const struct wl_node *node)
{
	return node->in_main ? wl_node_text(m, node) : foreign_text(m, node);
}

/* "line 36 of reduce.h": the file's own name, which folder is the includer's */
static char *line_of_file(CXFile file, unsigned line)
{
	CXString name = clang_getFileName(file);
	const char *path = clang_getCString(name), *slash;
	char *s;

	if (!path)
		path = "";
	slash = strrchr(path, '/');
	s = *path ? wl_xasprintf("line %u of %s", line,
				 slash ? slash + 1 : path)
		  : wl_xasprintf("line %u", line);
	clang_disposeString(name);
	return s;
}

char *wl_node_spelling_place(const struct wl_model *m,
			     const struct wl_node *node)
{
	CXSourceLocation at = clang_getRangeStart(
		clang_getCursorExtent(node->cursor));
	CXFile file = NULL;
	unsigned line = 0, offset = 0;

	clang_getSpellingLocation(at, &file, &line, NULL, &offset);
	if (!wl_same_file(file, m->main_file))
		return line_of_file(file, line);
	/* an argument of the use, not a token of the body */
	if (node->in_main && offset >= node->begin && offset < node->end)
		return NULL;
	return wl_xasprintf("line %u", line);
}

unsigned wl_node_lineno(const struct wl_model *m, const struct wl_node *n)
{
	unsigned line = 0, col;

	if (!n->in_main) {
		clang_getExpansionLocation(clang_getCursorLocation(n->cursor),
					   NULL, &line, NULL, NULL);
		return line;
	}
	wl_source_line_col(m->src, n->begin, &line, &col);
	return line;
}

char *wl_node_place(const struct wl_model *m, const struct wl_node *n)
{
	CXFile file = NULL;
	unsigned line = 0;

	if (n->in_main)
		return wl_xasprintf("line %u", wl_node_lineno(m, n));
	clang_getExpansionLocation(clang_getCursorLocation(n->cursor), &file,
				   &line, NULL, NULL);
	return line_of_file(file, line);
}

static bool int_value_uncached(const struct wl_node *node, long long *value)
{
	if (node->kind == CXCursor_DeclRefExpr) {
		/* Evaluate only constant variables, never a plain int. */
		CXCursor d = wl_node_referenced(node);
		CXType t = clang_getCursorType(d);

		if (clang_getCursorKind(d) != CXCursor_EnumConstantDecl &&
		    !clang_isConstQualifiedType(t))
			return false;
	}
	return wl_cursor_int_value(node->cursor, value);
}

bool wl_node_int_value(const struct wl_node *node, long long *value)
{
	struct wl_node *n = (struct wl_node *)node;

	/* The lane analysis asks this for each of 1024 threads. */
	if (!n->int_state)
		n->int_state = int_value_uncached(n, &n->int_value) ? 1 : -1;
	*value = n->int_value;
	return n->int_state > 0;
}

/* "x" of `threadIdx . x` spelled at @off of @text, or NULL. */
static const char *member_after_base(const char *text, size_t size,
				     unsigned off)
{
	static const char *const names[] = { "x", "y", "z" };

	while (off < size && (isalnum((unsigned char)text[off]) ||
			      text[off] == '_'))
		off++;
	while (off < size && (text[off] == ' ' || text[off] == '\t'))
		off++;
	if (off >= size || text[off++] != '.')
		return NULL;
	while (off < size && (text[off] == ' ' || text[off] == '\t'))
		off++;
	if (off >= size || text[off] < 'x' || text[off] > 'z' ||
	    (off + 1 < size && (isalnum((unsigned char)text[off + 1]) ||
				text[off + 1] == '_')))
		return NULL;
	return names[text[off] - 'x'];
}

/*
 * The member name of threadIdx.x and friends: clang models them as
 * properties, which libclang neither names nor resolves, so read the one
 * character where the member is spelled (also inside a macro or header).
 */
static const char *member_name(struct wl_model *m, const struct wl_node *node)
{
	static const char *const names[] = { "x", "y", "z" };
	CXSourceRange r = clang_getCursorExtent(node->cursor);
	CXFile file = NULL;
	unsigned off = 0;
	size_t size = 0;
	const char *text, *name;

	/*
	 * Read on from where the base is spelled: in a macro's body the
	 * extent's end can map to the end of the macro's use instead.
	 */
	clang_getSpellingLocation(clang_getRangeStart(r), &file, NULL, NULL,
				  &off);
	text = file ? wl_model_file_text(m, file, &size) : NULL;
	name = text ? member_after_base(text, size, off) : NULL;
	if (name)
		return name;
	/* The extent ends just past the member's one letter. */
	clang_getSpellingLocation(clang_getRangeEnd(r), &file, NULL, NULL, &off);
	if (!file || off == 0)
		return NULL;
	off--;
	text = wl_model_file_text(m, file, &size);
	if (!text || off >= size || text[off] < 'x' || text[off] > 'z')
		return NULL;
	if (off > 0 && text[off - 1] != '.' && text[off - 1] != ' ' &&
	    text[off - 1] != '\t')
		return NULL;
	return names[text[off] - 'x'];
}

static const char *builtin_var(struct wl_model *m, const struct wl_node *node);

const char *wl_node_builtin_var(struct wl_model *m, const struct wl_node *node)
{
	struct wl_node *n = (struct wl_node *)node;

	if (!n->builtin_known) {
		n->builtin = builtin_var(m, node);
		n->builtin_known = true;
	}
	return n->builtin;
}

static const char *builtin_var(struct wl_model *m, const struct wl_node *node)
{
	static const char *const vars[4][4] = {
		{ "threadIdx", "threadIdx.x", "threadIdx.y", "threadIdx.z" },
		{ "blockIdx", "blockIdx.x", "blockIdx.y", "blockIdx.z" },
		{ "blockDim", "blockDim.x", "blockDim.y", "blockDim.z" },
		{ "gridDim", "gridDim.x", "gridDim.y", "gridDim.z" },
	};
	const struct wl_node *base;
	const char *var, *field;
	unsigned i;

	if (node->kind != CXCursor_MemberRefExpr || node->nr_kids != 1)
		return NULL;
	base = wl_node_strip((struct wl_node *)node->kids[0]);
	if (!base || base->kind != CXCursor_DeclRefExpr)
		return NULL;
	var = wl_model_spelling(m, base->cursor);
	field = member_name(m, node);
	if (!field)
		return NULL;
	for (i = 0; i < WL_ARRAY_SIZE(vars); i++)
		if (!strcmp(var, vars[i][0]))
			return vars[i][1 + field[0] - 'x'];
	return NULL;
}

/* The default argument of parameter @param: see wl_cursor_param_default(). */
struct wl_node *wl_node_param_default(const struct wl_node *param)
{
	if (!param->nr_kids ||
	    !clang_isExpression(param->kids[param->nr_kids - 1]->kind) ||
	    clang_Cursor_isNull(wl_cursor_param_default(param->cursor)))
		return NULL;
	return param->kids[param->nr_kids - 1];
}

enum CXTypeKind wl_node_type_kind(struct wl_node *node)
{
	if (!node->type_kind) {
		CXType t = clang_getCursorType(node->cursor);

		node->type_kind = 1 + clang_getCanonicalType(t).kind;
	}
	return (enum CXTypeKind)(node->type_kind - 1);
}

long long wl_node_fit_int(struct wl_node *node, long long v)
{
	switch (wl_node_type_kind(node)) {
	case CXType_Bool:
		return v != 0;
	case CXType_Char_U:
	case CXType_UChar:
		return (unsigned char)v;
	case CXType_Char_S:
	case CXType_SChar:
		return (signed char)v;
	case CXType_UShort:
		return (unsigned short)v;
	case CXType_Short:
		return (short)v;
	case CXType_UInt:
		return (long long)(unsigned)v;
	case CXType_Int:
		return (long long)(int)v;
	default:
		return v;
	}
}
