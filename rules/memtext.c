/* SPDX-License-Identifier: MIT */
/*
 * The source text that WL301's and WL401's fixes are written into (see
 * memtext.h).
 */

#include "rules/memtext.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/memaccess.h"
#include "base/source.h"
#include "base/util.h"

unsigned wl_memtext_line_start(struct wl_ctx *ctx, unsigned off)
{
	const char *t = ctx->src->text;

	while (off > 0 && t[off - 1] != '\n')
		off--;
	return off;
}

char *wl_memtext_indent(struct wl_ctx *ctx, unsigned off)
{
	unsigned s = wl_memtext_line_start(ctx, off);

	return wl_xstrndup(ctx->src->text + s,
			   wl_source_skip_blanks(ctx->src, s) - s);
}

char *wl_memtext_deeper(const char *indent)
{
	if (!*indent || strchr(indent, '\t'))
		return wl_xasprintf("%s\t", indent);
	return wl_xasprintf("%s    ", indent);
}

unsigned wl_memtext_stmt_end(struct wl_ctx *ctx, const struct wl_node *s)
{
	const char *t = ctx->src->text;
	unsigned i = s->end;

	/*
	 * A block a macro's body makes (`CALC_LEVEL(a, b);` with the body in
	 * braces) is written as a call: its ';' is part of the statement.
	 */
	if ((s->kind == CXCursor_CompoundStmt && !s->in_macro) ||
	    s->kind == CXCursor_IfStmt || s->kind == CXCursor_ForStmt ||
	    s->kind == CXCursor_WhileStmt || s->kind == CXCursor_DeclStmt)
		return s->end;
	while (i < ctx->src->len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	return i < ctx->src->len && t[i] == ';' ? i + 1 : s->end;
}

static bool uses_ident(struct wl_ctx *ctx, const struct wl_node *n,
		       const char *name)
{
	const char *t = ctx->src->text;
	size_t len = strlen(name);
	unsigned i;

	for (i = n->begin; i + len <= n->end; i++)
		if (!memcmp(t + i, name, len) &&
		    (i == 0 || !wl_ident_char(t[i - 1])) &&
		    !wl_ident_char(t[i + len]))
			return true;
	return false;
}

static bool taken_already(const char *name, char *const *taken, unsigned nr)
{
	unsigned i;

	for (i = 0; i < nr; i++)
		if (taken[i] && !strcmp(taken[i], name))
			return true;
	return false;
}

char *wl_memtext_fresh_name_except(struct wl_ctx *ctx,
				   const struct wl_node *fn, const char *base,
				   char *const *taken, unsigned nr)
{
	char *name = wl_xstrdup(base);
	unsigned k = 2;

	while (uses_ident(ctx, fn, name) || taken_already(name, taken, nr)) {
		free(name);
		name = wl_xasprintf("%s%u", base, k++);
	}
	return name;
}

char *wl_memtext_fresh_name(struct wl_ctx *ctx, const struct wl_node *fn,
			     const char *base)
{
	return wl_memtext_fresh_name_except(ctx, fn, base, NULL, 0);
}

/* Whether @t[@b..@e) crosses a line end that no backslash continues. */
static bool leaves_macro_body(const char *t, unsigned b, unsigned e)
{
	unsigned i;

	for (i = b; i < e; i++)
		if (t[i] == '\n' && !(i > b && t[i - 1] == '\\') &&
		    !(i > b + 1 && t[i - 1] == '\r' && t[i - 2] == '\\'))
			return true;
	return false;
}

/*
 * The end of the postfix expression at @b of @t: a name, then (unless
 * @name_only) any subscripts, calls and member accesses (`s[t + o]`,
 * `op(a, b).x`).
 */
static unsigned postfix_end(const char *t, size_t size, unsigned b,
			    bool name_only)
{
	unsigned i = b, depth;

	while (i < size && wl_ident_char(t[i]))
		i++;
	while (i < size && !name_only) {
		unsigned j = i;

		while (j < size && (t[j] == ' ' || t[j] == '\t'))
			j++;
		if (j < size && (t[j] == '[' || t[j] == '(')) {
			for (depth = 0; j < size; j++) {
				depth += t[j] == '[' || t[j] == '(';
				depth -= t[j] == ']' || t[j] == ')';
				if (!depth || t[j] == '\n')
					break;
			}
			if (j >= size || depth)
				break;
			i = j + 1;
		} else if (j < size && (t[j] == '.' ||
					(t[j] == '-' && j + 1 < size &&
					 t[j + 1] == '>'))) {
			j += t[j] == '.' ? 1 : 2;
			while (j < size && wl_ident_char(t[j]))
				j++;
			i = j;
		} else {
			break;
		}
	}
	return i;
}

/*
 * Where @n is spelled: inside a macro's body for a node that comes from
 * an expansion (messages then quote `s[t + o]`, not the whole use).
 */
static char *spelled_text(struct wl_ctx *ctx, const struct wl_node *n)
{
	CXSourceRange r = clang_getCursorExtent(n->cursor);
	CXFile f1 = NULL, f2 = NULL;
	unsigned o1 = 0, o2 = 0;
	const char *text;
	size_t size = 0;

	clang_getSpellingLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
	clang_getSpellingLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	text = f1 ? wl_model_file_text(&ctx->model, f1, &size) : NULL;
	if (!text || o1 >= size)
		return NULL;
	/*
	 * The range's end can map to the end of the macro's use instead (in
	 * another file, or past the body in the defining one): quote the
	 * postfix expression at the start then.
	 */
	if (!f2 || !clang_File_isEqual(f1, f2) || o2 <= o1 || o2 > size ||
	    leaves_macro_body(text, o1, o2))
		o2 = postfix_end(text, size, o1,
				 n->kind == CXCursor_DeclRefExpr);
	return o2 > o1 ? wl_xstrndup(text + o1, o2 - o1) : NULL;
}

char *wl_memtext_of(struct wl_ctx *ctx, const struct wl_node *n)
{
	char *s = n->in_macro ? spelled_text(ctx, n) : NULL;

	if (!s)
		s = wl_node_text(&ctx->model, n);
	return s ? s : wl_xstrdup("");
}

bool wl_memtext_is_primary(struct wl_node *n)
{
	n = wl_node_strip(n);
	switch (n ? n->kind : CXCursor_UnexposedExpr) {
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
	case CXCursor_CallExpr:
	case CXCursor_ParenExpr:
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
		return true;
	default:
		return false;
	}
}

const char *wl_memtext_compound_op(enum CXBinaryOperatorKind op)
{
	switch (op) {
	case CXBinaryOperator_MulAssign: return "*";
	case CXBinaryOperator_DivAssign: return "/";
	case CXBinaryOperator_RemAssign: return "%";
	case CXBinaryOperator_AddAssign: return "+";
	case CXBinaryOperator_SubAssign: return "-";
	case CXBinaryOperator_ShlAssign: return "<<";
	case CXBinaryOperator_ShrAssign: return ">>";
	case CXBinaryOperator_AndAssign: return "&";
	case CXBinaryOperator_XorAssign: return "^";
	case CXBinaryOperator_OrAssign: return "|";
	default: return NULL;
	}
}

/*
 * Whether @name is a template type parameter that function @fn can name:
 * its own, or its class template's.
 */
static bool tparam_in_scope(const char *name, CXCursor fn)
{
	CXCursor c;

	for (c = fn; !clang_Cursor_isNull(c) &&
		     !clang_isTranslationUnit(clang_getCursorKind(c));
	     c = clang_getCursorSemanticParent(c))
		if (!clang_Cursor_isNull(wl_cursor_child_named(
			    c, CXCursor_TemplateTypeParameter, name)))
			return true;
	return false;
}

/*
 * The element type of the member array @field, spelled so that function
 * @fn can name it (`Real sum[N];` in a union of a template kernel): a
 * type that depends on no template, or a template type parameter in
 * scope there (libclang shows it unexposed, with no declaration).  NULL
 * otherwise: a typedef of the class, say, would not be in scope.
 */
static char *member_element_type(CXCursor field, CXCursor fn)
{
	CXType t = clang_getArrayElementType(clang_getCursorType(field));
	CXType canon = clang_getCanonicalType(t);
	CXString sp;
	char *r;

	if (t.kind == CXType_Invalid)
		return NULL;
	if (canon.kind == CXType_Unexposed) {
		sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
		r = wl_xstrdup(clang_getCString(sp));
		clang_disposeString(sp);
		if (tparam_in_scope(r, fn))
			return r;
		free(r);
		return NULL;
	}
	sp = clang_getTypeSpelling(clang_getUnqualifiedType(canon));
	r = wl_xstrdup(clang_getCString(sp));
	clang_disposeString(sp);
	return r;
}

/* The member array an access indexes (`smem.sum[i]`), or a null cursor. */
static CXCursor indexed_member(struct wl_mem *mem, struct wl_node *expr)
{
	struct wl_node *e = wl_node_strip(expr), *base;

	if (!e || e->kind != CXCursor_ArraySubscriptExpr || !e->nr_kids)
		return clang_getNullCursor();
	base = wl_node_strip(e->kids[0]);
	if (!base || base->kind != CXCursor_MemberRefExpr)
		return clang_getNullCursor();
	return wl_mem_member_field(mem, base);
}

char *wl_memtext_register_type(struct wl_mem *mem, int a)
{
	CXType t = clang_getCursorType(mem->accesses[a].expr->cursor);
	const char *elem = mem->arrays[mem->accesses[a].array].elem_type;
	CXCursor field = mem->arrays[mem->accesses[a].array].field;
	CXString sp;
	char *r;

	if (t.kind == CXType_Invalid) {
		r = wl_xstrdup(elem ? elem : "");
	} else {
		sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
		r = wl_xstrdup(clang_getCString(sp));
		clang_disposeString(sp);
	}
	/*
	 * "<dependent type>" inside a template: a plain array's declared
	 * element type ("T"); a member array's, if the function can name it.
	 */
	if ((!*r || *r == '<') && elem && *elem && !strchr(elem, '(') &&
	    clang_Cursor_isNull(field)) {
		free(r);
		r = wl_xstrdup(elem);
	} else if (!*r || *r == '<') {
		CXCursor m = indexed_member(mem, mem->accesses[a].expr);
		char *member = clang_getCursorKind(m) != CXCursor_FieldDecl
				       ? NULL
				       : member_element_type(
						 m, mem->accesses[a]
							    .stmt->func->cursor);

		if (member) {
			free(r);
			r = member;
		}
	}
	/* never a type that does not compile: dependent, or unnamed */
	if (!*r || *r == '<' || strchr(r, '(')) {
		free(r);
		return NULL;
	}
	return r;
}

/*
 * A `// comment` after the statement on its line: the rewrite spans
 * several lines, so the comment moves to the end of the first one.
 * Returns the comment (or "") and moves *@end past it.
 */
char *wl_memtext_trailing_comment(struct wl_ctx *ctx, unsigned *end)
{
	const char *t = ctx->src->text;
	unsigned start = *end, i = start, e;

	while (i < ctx->src->len && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i + 1 >= ctx->src->len || t[i] != '/' || t[i + 1] != '/')
		return wl_xstrdup("");
	for (e = i; e < ctx->src->len && t[e] != '\n' && t[e] != '\r'; e++)
		;
	while (e > i && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	*end = e;
	return wl_xstrndup(t + start, e - start);
}

unsigned wl_memtext_past_line_blanks(struct wl_ctx *ctx, unsigned pos)
{
	const char *t = ctx->src->text;
	unsigned i = wl_source_skip_blanks(ctx->src, pos);

	return i == ctx->src->len || t[i] == '\n' || t[i] == '\r' ? i : pos;
}

unsigned wl_memtext_full_end(struct wl_ctx *ctx, struct wl_node *n)
{
	struct wl_node *last;

	if (n->kind == CXCursor_IfStmt || wl_node_is_loop(n)) {
		last = wl_node_kid(n, WL_ROLE_ELSE);
		if (!last)
			last = wl_node_kid(n, n->kind == CXCursor_IfStmt
						      ? WL_ROLE_THEN
						      : WL_ROLE_BODY);
		if (last && n->kind != CXCursor_DoStmt)
			return wl_memtext_full_end(ctx, last);
	}
	return wl_memtext_stmt_end(ctx, n);
}
