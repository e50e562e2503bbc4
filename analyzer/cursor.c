/* SPDX-License-Identifier: MIT */
/* Raw libclang cursors: operands, stripping, one-line bodies. */
#include "analyzer/cursor.h"

#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "analyzer/parse.h"
#include "base/util.h"

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct wl_cursor_kids *k = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	/* Names, not operands: `(T)x`, `ns::f()`, `f<T>()`. */
	if (kind == CXCursor_TypeRef || kind == CXCursor_TemplateRef ||
	    kind == CXCursor_NamespaceRef)
		return CXChildVisit_Continue;
	if (k->nr < 3)
		k->v[k->nr] = c;
	k->nr++;
	return CXChildVisit_Continue;
}

struct wl_cursor_kids wl_cursor_kids(CXCursor c)
{
	struct wl_cursor_kids k = { .nr = 0 };

	clang_visitChildren(c, collect_kid, &k);
	return k;
}

CXCursor wl_cursor_only_child(CXCursor c)
{
	struct wl_cursor_kids k = wl_cursor_kids(c);

	return k.nr == 1 ? k.v[0] : clang_getNullCursor();
}

struct child_find {
	enum CXCursorKind kind;
	const char *name;
	bool unique;		/* look on: a second one means none */
	CXCursor found;
	unsigned nr;
};

static enum CXChildVisitResult find_child(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct child_find *cf = data;
	CXString s;
	bool same;

	(void)parent;
	if (clang_getCursorKind(c) != cf->kind)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	same = !strcmp(clang_getCString(s), cf->name);
	clang_disposeString(s);
	if (same && !cf->nr++)
		cf->found = c;
	return cf->nr > (cf->unique ? 1u : 0u) ? CXChildVisit_Break
					       : CXChildVisit_Continue;
}

static CXCursor child_named(CXCursor c, enum CXCursorKind kind,
			    const char *name, bool unique)
{
	struct child_find cf = { kind, name, unique, clang_getNullCursor(), 0 };

	clang_visitChildren(c, find_child, &cf);
	return cf.nr > 1 && unique ? clang_getNullCursor() : cf.found;
}

CXCursor wl_cursor_child_named(CXCursor c, enum CXCursorKind kind,
			       const char *name)
{
	return child_named(c, kind, name, false);
}

CXCursor wl_cursor_unique_child_named(CXCursor c, enum CXCursorKind kind,
				      const char *name)
{
	return child_named(c, kind, name, true);
}

static bool is_transparent(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXReinterpretCastExpr ||
	       k == CXCursor_CXXConstCastExpr ||
	       k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_ReturnStmt;
}

CXCursor wl_cursor_strip(CXCursor c)
{
	while (is_transparent(clang_getCursorKind(c))) {
		/*
		 * One operand only: an UnexposedExpr with several children
		 * is something else (a dependent call), not a conversion.
		 */
		CXCursor only = wl_cursor_only_child(c);

		if (clang_Cursor_isNull(only))
			break;
		c = only;
	}
	return c;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Continue;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

CXCursor wl_cursor_body(CXCursor fn)
{
	CXCursor body = clang_getNullCursor();

	clang_visitChildren(fn, find_body, &body);
	return body;
}

CXCursor wl_cursor_returned(CXCursor fn)
{
	CXCursor body = wl_cursor_body(fn), stmt;

	if (clang_Cursor_isNull(body))
		return body;
	stmt = wl_cursor_only_child(body);
	if (clang_getCursorKind(stmt) == CXCursor_ReturnStmt)
		stmt = wl_cursor_only_child(stmt);
	return clang_Cursor_isNull(stmt) ? stmt : wl_cursor_strip(stmt);
}

CXCursor wl_cursor_definition(CXCursor fn)
{
	CXCursor def, tmpl;

	if (clang_Cursor_isNull(fn))
		return fn;
	def = clang_isCursorDefinition(fn) ? fn : clang_getCursorDefinition(fn);
	if (!clang_Cursor_isNull(def))
		return def;
	/* an implicit instantiation: the template's body */
	tmpl = clang_getSpecializedCursorTemplate(fn);
	return clang_Cursor_isNull(tmpl) ? tmpl : clang_getCursorDefinition(tmpl);
}

/* A call's callee, down through what wraps a dependent name. */
struct callee_find {
	CXCursor named;		/* a function a nameless DeclRefExpr names */
	CXCursor overloads;	/* an OverloadedDeclRef: its candidates */
};

static bool names_function(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate;
}

/* Visits the first child only: a call's callee. */
static enum CXChildVisitResult find_callee(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct callee_find *cf = data;
	CXCursor ref;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_OverloadedDeclRef:
		cf->overloads = c;
		break;
	case CXCursor_DeclRefExpr:
		ref = clang_getCursorReferenced(c);
		if (names_function(ref)) {
			cf->named = ref;
			break;
		}
		/* a nameless one wraps the overloads */
		/* fallthrough */
	case CXCursor_UnexposedExpr:
		clang_visitChildren(c, find_callee, data);
		break;
	default:
		break;
	}
	return CXChildVisit_Break;
}

CXCursor wl_cursor_callee(CXCursor call, CXCursor *overloads)
{
	CXCursor callee = clang_getCursorReferenced(call);
	struct callee_find cf = { clang_getNullCursor(), clang_getNullCursor() };

	*overloads = clang_getNullCursor();
	if (!clang_Cursor_isNull(callee))
		return callee;
	clang_visitChildren(call, find_callee, &cf);
	*overloads = cf.overloads;
	return cf.named;
}

static enum CXChildVisitResult first_kid(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

bool wl_cursor_kind_is_function(enum CXCursorKind k)
{
	switch (k) {
	case CXCursor_FunctionDecl:
	case CXCursor_FunctionTemplate:
	case CXCursor_CXXMethod:
	case CXCursor_Constructor:
	case CXCursor_Destructor:
		return true;
	default:
		return false;
	}
}

bool wl_cursor_kind_holds_functions(enum CXCursorKind k)
{
	switch (k) {
	case CXCursor_Namespace:
	case CXCursor_LinkageSpec:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_UnexposedDecl:
		return true;
	default:
		return false;
	}
}

bool wl_cursor_is_instantiation(CXCursor c)
{
	CXCursor tmpl = clang_getSpecializedCursorTemplate(c);

	return !clang_Cursor_isNull(tmpl) &&
	       clang_equalLocations(clang_getCursorLocation(c),
				    clang_getCursorLocation(tmpl));
}

bool wl_cursor_outside_project(CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile file = NULL;
	CXString name;
	bool shim;

	if (clang_Location_isInSystemHeader(loc))
		return true;
	clang_getSpellingLocation(loc, &file, NULL, NULL, NULL);
	if (!file)
		return false;
	name = clang_getFileName(file);
	shim = clang_getCString(name) &&
	       wl_starts_with(clang_getCString(name), WL_SHIM_ROOT "/");
	clang_disposeString(name);
	return shim;
}

CXCursor wl_cursor_first_child(CXCursor c)
{
	CXCursor first = clang_getNullCursor();

	clang_visitChildren(c, first_kid, &first);
	return first;
}

static enum CXChildVisitResult first_unqualified_kid(CXCursor c,
						    CXCursor parent,
						    CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_NamespaceRef)
		return CXChildVisit_Continue;
	*(CXCursor *)data = c;
	return CXChildVisit_Break;
}

CXCursor wl_cursor_first_child_past_namespaces(CXCursor c)
{
	CXCursor first = clang_getNullCursor();

	clang_visitChildren(c, first_unqualified_kid, &first);
	return first;
}

/* A parameter of a function: @param, or (a null cursor) the @index'th. */
struct param_find {
	CXCursor param;
	int index, seen;
	CXCursor found;
};

static enum CXChildVisitResult find_param(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct param_find *pf = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ParmDecl)
		return CXChildVisit_Continue;
	if (clang_Cursor_isNull(pf->param) ? pf->seen == pf->index
					    : wl_cursor_equal(c, pf->param)) {
		pf->index = pf->seen;
		pf->found = c;
		return CXChildVisit_Break;
	}
	pf->seen++;
	return CXChildVisit_Continue;
}

int wl_cursor_param_index(CXCursor fn, CXCursor param)
{
	struct param_find pf = { param, -1, 0, clang_getNullCursor() };

	clang_visitChildren(fn, find_param, &pf);
	return clang_Cursor_isNull(pf.found) ? -1 : pf.index;
}

static enum CXChildVisitResult last_expression(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)))
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

CXCursor wl_cursor_param_default(CXCursor param)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(param);
	CXCursor expr = clang_getNullCursor();
	CXToken *toks = NULL;
	unsigned nr = 0, i;
	int depth = 0;
	bool eq = false;

	clang_visitChildren(param, last_expression, &expr);
	if (clang_Cursor_isNull(expr))
		return expr;
	clang_tokenize(tu, clang_getCursorExtent(param), &toks, &nr);
	for (i = 0; i < nr && !eq; i++) {
		CXString sp;
		const char *t;

		if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			continue;
		sp = clang_getTokenSpelling(tu, toks[i]);
		t = clang_getCString(sp);
		if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "<"))
			depth++;
		else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, ">"))
			depth--;
		else if (!strcmp(t, "=") && depth <= 0)
			eq = true;
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, nr);
	return eq ? expr : clang_getNullCursor();
}

bool wl_cursor_default_constant(CXCursor fn, unsigned index, long long *out)
{
	struct param_find pf = { clang_getNullCursor(), (int)index, 0,
				 clang_getNullCursor() };
	CXCursor expr;

	clang_visitChildren(clang_getCanonicalCursor(fn), find_param, &pf);
	if (clang_Cursor_isNull(pf.found))
		return false;
	expr = wl_cursor_param_default(pf.found);
	return !clang_Cursor_isNull(expr) && wl_cursor_int_value(expr, out);
}

static unsigned offset_of(CXSourceLocation loc)
{
	unsigned off = 0;

	clang_getFileLocation(loc, NULL, NULL, NULL, &off);
	return off;
}

/* Byte ranges of written template arguments, and the cursors in them. */
#define WL_MAX_TEMPLATE_ARGS 16

struct template_args {
	unsigned begin[WL_MAX_TEMPLATE_ARGS], end[WL_MAX_TEMPLATE_ARGS];
	unsigned nr;
	CXCursor tref;
	CXCursor *out;
	unsigned max;
};

static enum CXChildVisitResult place_template_arg(CXCursor c, CXCursor parent,
						  CXClientData data)
{
	struct template_args *ta = data;
	unsigned off = offset_of(clang_getCursorLocation(c)), i;

	(void)parent;
	if (wl_cursor_equal(c, ta->tref))
		return CXChildVisit_Continue;
	for (i = 0; i < ta->nr && i < ta->max; i++)
		if (off >= ta->begin[i] && off < ta->end[i] &&
		    clang_Cursor_isNull(ta->out[i]))
			ta->out[i] = c;
	return CXChildVisit_Continue;
}

/*
 * Split the tokens after `Name` at the commas of its own argument list:
 * nested `<>`, `()`, `[]` and `{}` hold theirs, `>>` closes two angle
 * brackets, and inside parentheses `<` and `>` compare.
 */
static void split_template_args(CXTranslationUnit tu, CXToken *tokens,
				unsigned nr, unsigned from,
				struct template_args *ta)
{
	char open[32];
	unsigned depth = 0, i;

	for (i = 0; i < nr; i++) {
		unsigned off = offset_of(clang_getTokenLocation(tu, tokens[i]));
		bool angle = depth && open[depth - 1] == '<';
		CXString sp;
		const char *t;
		unsigned close = 0;

		if (off < from)
			continue;
		sp = clang_getTokenSpelling(tu, tokens[i]);
		t = clang_getCString(sp);
		if (!depth && strcmp(t, "<")) {
			clang_disposeString(sp);
			return;		/* no argument list */
		}
		if (strlen(t) == 1 && strchr("<([{", t[0]) &&
		    (t[0] != '<' || !depth || angle)) {
			if (depth < sizeof(open))
				open[depth++] = t[0];
			if (depth == 1)
				ta->begin[0] = off + 1;
		} else if (strlen(t) == 1 && strchr(">)]}", t[0]) &&
			   (t[0] != '>' || angle)) {
			close = 1;
		} else if (!strcmp(t, ">>") && angle) {
			close = depth >= 2 && open[depth - 2] == '<' ? 2 : 1;
		} else if (!strcmp(t, ",") && depth == 1 &&
			   ta->nr < WL_MAX_TEMPLATE_ARGS - 1) {
			ta->end[ta->nr++] = off;
			ta->begin[ta->nr] = off + 1;
		}
		clang_disposeString(sp);
		if (close && close >= depth) {
			ta->end[ta->nr++] = off;
			return;
		}
		depth -= close;
	}
}

unsigned wl_cursor_template_args(CXTranslationUnit tu, CXCursor holder,
				 CXCursor tref, CXCursor *out, unsigned max)
{
	struct template_args ta = { .nr = 0, .tref = tref, .out = out,
				    .max = max };
	CXToken *tokens;
	unsigned nr, i;

	for (i = 0; i < max; i++)
		out[i] = clang_getNullCursor();
	clang_tokenize(tu, clang_getCursorExtent(holder), &tokens, &nr);
	split_template_args(tu, tokens, nr,
			    offset_of(clang_getRangeEnd(
				    clang_getCursorExtent(tref))),
			    &ta);
	clang_disposeTokens(tu, tokens, nr);
	clang_visitChildren(holder, place_template_arg, &ta);
	return ta.nr;
}

bool wl_cursor_operator_call(CXTranslationUnit tu, CXCursor call, char *op,
			     size_t size)
{
	CXCursor first;
	CXToken *tokens = NULL;
	unsigned nr = 0, i, end;
	bool is_op = false;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	first = wl_cursor_first_child(call);
	if (clang_Cursor_isNull(first))
		return false;
	end = offset_of(clang_getRangeEnd(clang_getCursorExtent(first)));
	clang_tokenize(tu, clang_getCursorExtent(call), &tokens, &nr);
	for (i = 0; i < nr; i++) {
		CXString sp;
		const char *text;

		if (offset_of(clang_getTokenLocation(tu, tokens[i])) < end)
			continue;
		/* `f(...)` goes on with its arguments; `x * y` with `*` */
		sp = clang_getTokenSpelling(tu, tokens[i]);
		text = clang_getCString(sp);
		is_op = clang_getTokenKind(tokens[i]) == CXToken_Punctuation &&
			strcmp(text, "(") != 0 && strlen(text) < size;
		if (is_op)
			strcpy(op, text);
		clang_disposeString(sp);
		break;
	}
	clang_disposeTokens(tu, tokens, nr);
	return is_op;
}

static enum CXChildVisitResult count_kid(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)c;
	(void)parent;
	(*(unsigned *)data)++;
	return CXChildVisit_Continue;
}

unsigned wl_cursor_statements(CXCursor fn)
{
	CXCursor body = clang_getNullCursor();
	unsigned n = 0;

	if (clang_Cursor_isNull(fn))
		return 0;
	clang_visitChildren(fn, find_body, &body);
	if (!clang_Cursor_isNull(body))
		clang_visitChildren(body, count_kid, &n);
	return n;
}

CXCursor wl_cursor_call_definition(CXCursor call)
{
	CXCursor overloads, callee = wl_cursor_callee(call, &overloads);

	if (clang_Cursor_isNull(callee) && !clang_Cursor_isNull(overloads) &&
	    clang_getNumOverloadedDecls(overloads) == 1)
		callee = clang_getOverloadedDecl(overloads, 0);
	return wl_cursor_definition(callee);
}

CXType wl_type_non_reference(CXType t)
{
	/* libclang 19 dereferences the null type of an invalid expression */
	if (t.kind == CXType_Invalid || !t.data[0])
		return t;
	return clang_getNonReferenceType(t);
}

bool wl_binop_fold(enum CXBinaryOperatorKind op, long long a, long long b,
		   long long *r)
{
	switch (op) {
	case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign:
		return !__builtin_add_overflow(a, b, r);
	case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign:
		return !__builtin_sub_overflow(a, b, r);
	case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign:
		return !__builtin_mul_overflow(a, b, r);
	case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign:
		if (!b || (b == -1 && a == LLONG_MIN))
			return false;
		*r = a / b; return true;
	case CXBinaryOperator_Rem: case CXBinaryOperator_RemAssign:
		if (!b || (b == -1 && a == LLONG_MIN))
			return false;
		*r = a % b; return true;
	case CXBinaryOperator_And: case CXBinaryOperator_AndAssign:
		*r = a & b; return true;
	case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign:
		*r = a | b; return true;
	case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign:
		*r = a ^ b; return true;
	case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign:
		if (b < 0 || b > 62)
			return false;
		*r = (long long)((unsigned long long)a << b); return true;
	case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign:
		if (b < 0 || b > 62)
			return false;
		*r = a >> b; return true;
	case CXBinaryOperator_LT: *r = a < b; return true;
	case CXBinaryOperator_GT: *r = a > b; return true;
	case CXBinaryOperator_LE: *r = a <= b; return true;
	case CXBinaryOperator_GE: *r = a >= b; return true;
	case CXBinaryOperator_EQ: *r = a == b; return true;
	case CXBinaryOperator_NE: *r = a != b; return true;
	case CXBinaryOperator_LAnd: *r = a && b; return true;
	case CXBinaryOperator_LOr: *r = a || b; return true;
	case CXBinaryOperator_Comma: *r = b; return true;
	default:
		return false;
	}
}

bool wl_cursor_int_value(CXCursor c, long long *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool ok = false;

	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_isUnsignedInt(r)
			       ? (long long)clang_EvalResult_getAsUnsigned(r)
			       : clang_EvalResult_getAsLongLong(r);
		ok = true;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

bool wl_tu_has_errors(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	bool bad = false;

	for (i = 0; i < n && !bad; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return bad;
}

/* The first argument of `__launch_bounds__(N, ...)` among @r's tokens. */
static bool launch_bound_in(CXTranslationUnit tu, CXSourceRange r, char *buf,
			    size_t size)
{
	CXToken *toks = NULL;
	unsigned nr = 0, i, o1 = 0, o2 = 0;
	CXFile f1 = NULL, f2 = NULL;
	bool arg = false;

	/*
	 * clang_tokenize() reads the spelling: a range that starts in a
	 * macro (`__launch_bounds__(N) __global__ void k()`) would begin in
	 * the header that defines it.  Tokenize where the text is written.
	 */
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL,
				   &o1);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	if (!f1 || !clang_File_isEqual(f1, f2) || o2 < o1)
		return false;
	r = clang_getRange(clang_getLocationForOffset(tu, f1, o1),
			   clang_getLocationForOffset(tu, f1, o2));
	clang_tokenize(tu, r, &toks, &nr);
	for (i = 0; i + 3 < nr && !arg; i++) {
		CXString name = clang_getTokenSpelling(tu, toks[i]);
		const char *n = clang_getCString(name);
		bool body = !strcmp(n, "{");
		bool ours = !strcmp(n, "__launch_bounds__") ||
			    !strcmp(n, "launch_bounds");
		CXString open, close;

		clang_disposeString(name);
		if (body)
			break;	/* only the declaration's own tokens */
		if (!ours)
			continue;
		open = clang_getTokenSpelling(tu, toks[i + 1]);
		close = clang_getTokenSpelling(tu, toks[i + 3]);
		/* one token, then ',' or ')': a name or a number */
		if (!strcmp(clang_getCString(open), "(") &&
		    (!strcmp(clang_getCString(close), ",") ||
		     !strcmp(clang_getCString(close), ")"))) {
			CXString a = clang_getTokenSpelling(tu, toks[i + 2]);
			const char *t = clang_getCString(a);

			arg = t && strlen(t) < size;
			if (arg)
				strcpy(buf, t);
			clang_disposeString(a);
		}
		clang_disposeString(open);
		clang_disposeString(close);
	}
	clang_disposeTokens(tu, toks, nr);
	return arg;
}

struct bound_find {
	char *buf;
	size_t size;
	bool found;
	CXSourceLocation body;	/* where the body starts, once seen */
	bool has_body;
};

static enum CXChildVisitResult find_bound_attr(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct bound_find *bf = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (clang_isAttribute(k))
		bf->found = launch_bound_in(clang_Cursor_getTranslationUnit(c),
					    clang_getCursorExtent(c), bf->buf,
					    bf->size);
	if (k == CXCursor_CompoundStmt && !bf->has_body) {
		bf->body = clang_getRangeStart(clang_getCursorExtent(c));
		bf->has_body = true;
	}
	return bf->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool wl_cursor_launch_bound(CXCursor fn, char *buf, size_t size)
{
	struct bound_find bf = { buf, size, false, clang_getNullLocation(),
				 false };
	CXSourceRange decl = clang_getCursorExtent(fn);

	/* an attribute written before the declaration is outside its extent */
	clang_visitChildren(fn, find_bound_attr, &bf);
	if (bf.found)
		return true;
	/* the declaration's own tokens: a whole body is costly to lex */
	if (bf.has_body)
		decl = clang_getRange(clang_getRangeStart(decl), bf.body);
	return launch_bound_in(clang_Cursor_getTranslationUnit(fn), decl, buf,
			       size);
}

static enum wl_member_kind member_kind_of(CXCursor d)
{
	switch (clang_getCursorKind(d)) {
	case CXCursor_EnumConstantDecl:
		return WL_MEMBER_CONSTANT;
	case CXCursor_VarDecl: /* a data member that is a VarDecl is static */
		return clang_isConstQualifiedType(clang_getCursorType(d))
			       ? WL_MEMBER_CONSTANT
			       : WL_MEMBER_STATIC;
	default:
		return WL_MEMBER_DATA;
	}
}

struct member_lookup {
	const char *name;
	enum wl_member_kind kind;
	bool found;
};

/* Members of a class template, and the enumerators of its enums. */
static enum CXChildVisitResult find_member(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct member_lookup *ml = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;

	(void)parent;
	if (k == CXCursor_EnumDecl) {
		clang_visitChildren(c, find_member, ml);
		return ml->found ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (k != CXCursor_EnumConstantDecl && k != CXCursor_VarDecl &&
	    k != CXCursor_FieldDecl)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	if (!strcmp(clang_getCString(s), ml->name)) {
		ml->kind = member_kind_of(c);
		ml->found = true;
	}
	clang_disposeString(s);
	return ml->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

CXString wl_cursor_member_name(CXCursor ref)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(ref);
	CXString s = clang_getCursorSpelling(ref);
	const char *spelled = clang_getCString(s);
	CXToken *toks = NULL;
	unsigned nr = 0;

	if (spelled && *spelled)
		return s;
	clang_disposeString(s);
	clang_tokenize(tu, clang_getCursorExtent(ref), &toks, &nr);
	s = nr && clang_getTokenKind(toks[nr - 1]) == CXToken_Identifier
		    ? clang_getTokenSpelling(tu, toks[nr - 1])
		    : clang_getCursorSpelling(clang_getNullCursor());
	clang_disposeTokens(tu, toks, nr);
	return s;
}

enum wl_member_kind wl_cursor_member_kind(CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref), base;
	struct member_lookup ml = { NULL, WL_MEMBER_DATA, false };
	CXString name;
	CXType t;

	if (!clang_Cursor_isNull(d))
		return member_kind_of(d);
	base = wl_cursor_first_child(ref);
	if (clang_Cursor_isNull(base))
		return WL_MEMBER_DATA;
	t = wl_type_non_reference(clang_getCursorType(base));
	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	d = clang_getTypeDeclaration(t);
	if (clang_Cursor_isNull(d) ||
	    clang_getCursorKind(d) == CXCursor_NoDeclFound)
		return WL_MEMBER_DATA;
	name = wl_cursor_member_name(ref);
	ml.name = clang_getCString(name);
	if (ml.name && *ml.name)
		clang_visitChildren(d, find_member, &ml);
	clang_disposeString(name);
	return ml.kind;
}
