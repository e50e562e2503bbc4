/* SPDX-License-Identifier: MIT */
/*
 * The model's calls: the function each call reaches (also through an
 * overloaded operator, a dependent member or a functor type), the callers
 * of each function, a call's name and its arguments as written.
 */
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/model.h"
#include "analyzer/modelint.h"
#include "base/util.h"

/* A hash of @funcs by canonical cursor (open addressing), in *@slots. */
static void index_table(struct wl_func **funcs, unsigned nr,
			struct wl_func ***slots, unsigned *nr_slots)
{
	unsigned i;

	*nr_slots = 16;
	while (*nr_slots < 2 * nr)
		*nr_slots *= 2;
	*slots = wl_xcalloc(*nr_slots, sizeof(**slots));
	for (i = 0; i < nr; i++) {
		unsigned h = clang_hashCursor(funcs[i]->canonical);

		while ((*slots)[h % *nr_slots])
			h++;
		(*slots)[h % *nr_slots] = funcs[i];
	}
}

void wl_model_index_functions(struct wl_model *m)
{
	index_table(m->funcs, m->nr_funcs, &m->func_slots, &m->nr_func_slots);
	if (m->context)
		index_table(m->ctx_funcs, m->nr_ctx_funcs, &m->ctx_slots,
			    &m->nr_ctx_slots);
}

static struct wl_func *lookup(struct wl_func **slots, unsigned nr_slots,
			      CXCursor decl)
{
	CXCursor canon = clang_getCanonicalCursor(decl);
	unsigned h = clang_hashCursor(canon);
	struct wl_func *fn;

	while ((fn = slots[h % nr_slots])) {
		if (wl_cursor_equal(fn->canonical, canon))
			return fn;
		h++;
	}
	return NULL;
}

/*
 * The function of @slots that the callee @ref is an instance of: the
 * template it specializes, followed up the chain, since a member
 * template of a class template's specialization (`Tile<5>::total<int>`)
 * is an instance of `Tile<5>::total`, itself an instance of the member
 * template the file wrote; @ref itself when no template of it is known.
 */
static struct wl_func *instance_of(struct wl_func **slots, unsigned nr_slots,
				   CXCursor ref)
{
	CXCursor c = ref;
	struct wl_func *own = lookup(slots, nr_slots, ref);
	unsigned step;

	/* an explicit specialization the file wrote is its own function */
	if (own)
		return own;
	for (step = 0; step < 4; step++) {
		struct wl_func *fn;

		c = clang_getSpecializedCursorTemplate(c);
		if (clang_Cursor_isNull(c))
			break;
		fn = lookup(slots, nr_slots, c);
		if (fn)
			return fn;
	}
	return NULL;
}

/*
 * The callee of a dependent call spelled through a class template,
 * `Step<S * 2, N>::run(...)`: a nameless DeclRefExpr whose first raw
 * child refers to the template.  Null otherwise.
 */
static CXCursor unnamed_callee(const struct wl_node *call)
{
	struct wl_node *callee = call->nr_kids ? call->kids[0] : NULL;

	while (callee && callee->kind == CXCursor_UnexposedExpr &&
	       callee->nr_kids == 1)
		callee = callee->kids[0];
	if (!callee || callee->kind != CXCursor_DeclRefExpr ||
	    !clang_Cursor_isNull(wl_node_referenced(callee)))
		return clang_getNullCursor();
	return callee->cursor;
}

CXCursor wl_call_qualifier(const struct wl_node *call)
{
	CXCursor holder, tref;

	return wl_call_qualifier_written(call, &holder, &tref);
}

CXCursor wl_call_qualifier_written(const struct wl_node *call,
				   CXCursor *holder, CXCursor *tref)
{
	CXCursor callee = unnamed_callee(call), first;

	*holder = *tref = clang_getNullCursor();
	if (clang_Cursor_isNull(callee))
		return callee;
	*holder = callee;
	first = wl_cursor_first_child_past_namespaces(callee);
	if (clang_getCursorKind(first) == CXCursor_TypeRef) {
		/* `typedef Red<NT, T> R; R::reduce(...)`: the typedef's */
		CXCursor d = clang_getCursorReferenced(first);

		if (clang_getCursorKind(d) != CXCursor_TypedefDecl &&
		    clang_getCursorKind(d) != CXCursor_TypeAliasDecl)
			return clang_getNullCursor();
		*holder = d;
		first = wl_cursor_first_child(d);
	}
	if (clang_getCursorKind(first) != CXCursor_TemplateRef)
		return clang_getNullCursor();
	*tref = first;
	return clang_getCursorReferenced(first);
}

/*
 * A callee libclang leaves unnamed: a dependent call spelled through a
 * class template (`Step<S * 2, N>::run`), or a member call on an object
 * of a dependent type (`op.reduce`, `obj.template get<T>`).
 */
static CXCursor unnamed_member_or_qualified(struct wl_model *m,
					    const struct wl_node *call)
{
	CXCursor callee = unnamed_callee(call);
	struct wl_node *k = call->nr_kids ? call->kids[0] : NULL;

	if (!clang_Cursor_isNull(callee))
		return callee;
	while (k && k->kind == CXCursor_UnexposedExpr && k->nr_kids == 1)
		k = k->kids[0];
	if (k && k->kind == CXCursor_MemberRefExpr &&
	    !*wl_model_spelling(m, k->cursor))
		return k->cursor;
	return clang_getNullCursor();
}

static bool token_is(CXTranslationUnit tu, CXToken t, const char *what)
{
	CXString sp = clang_getTokenSpelling(tu, t);
	bool is = !strcmp(clang_getCString(sp), what);

	clang_disposeString(sp);
	return is;
}

/*
 * The name such a callee spells: the first identifier after its last
 * `::`, `.` or `->` outside template arguments (`run`, `reduce`, `get`).
 */
static const char *unnamed_callee_name(struct wl_model *m,
				       const struct wl_node *call)
{
	CXCursor callee = unnamed_member_or_qualified(m, call);
	CXToken *tokens = NULL;
	unsigned nr = 0, i, from = 0;
	const char *name = "";
	int angle = 0;

	if (clang_Cursor_isNull(callee))
		return name;
	clang_tokenize(m->tu, clang_getCursorExtent(callee), &tokens, &nr);
	for (i = 0; i < nr; i++) {
		if (clang_getTokenKind(tokens[i]) != CXToken_Punctuation)
			continue;
		if (token_is(m->tu, tokens[i], "<"))
			angle++;
		else if (token_is(m->tu, tokens[i], ">") && angle > 0)
			angle--;
		else if (token_is(m->tu, tokens[i], ">>") && angle > 1)
			angle -= 2;
		else if (!angle && (token_is(m->tu, tokens[i], "::") ||
				    token_is(m->tu, tokens[i], ".") ||
				    token_is(m->tu, tokens[i], "->")))
			from = i + 1;
	}
	for (i = from; i < nr; i++) {
		if (clang_getTokenKind(tokens[i]) == CXToken_Identifier) {
			CXString sp = clang_getTokenSpelling(m->tu, tokens[i]);

			name = wl_arena_strdup(&m->arena, clang_getCString(sp));
			clang_disposeString(sp);
			break;
		}
	}
	clang_disposeTokens(m->tu, tokens, nr);
	return name;
}

/*
 * The class whose operator() a call of a functor runs, when libclang
 * leaves the call unresolved (a dependent type in a template): a
 * temporary, `Fold<T>()(s, t)`, or an object, `Fold<T> fold; fold(s, t)`.
 * Null otherwise.
 */
static CXCursor functor_class(const struct wl_node *call)
{
	struct wl_node *callee = call->nr_kids ? call->kids[0] : NULL;
	CXCursor c = clang_getNullCursor();

	while (callee && callee->kind == CXCursor_UnexposedExpr &&
	       callee->nr_kids == 1)
		callee = callee->kids[0];
	if (!callee)
		return c;
	if (callee->kind == CXCursor_CallExpr) {
		/* the construction's first raw child names the type */
		CXCursor first = wl_cursor_first_child(callee->cursor);

		if (clang_getCursorKind(first) == CXCursor_TemplateRef ||
		    clang_getCursorKind(first) == CXCursor_TypeRef)
			c = clang_getCursorReferenced(first);
	} else if (callee->kind == CXCursor_DeclRefExpr) {
		CXCursor d = wl_node_referenced(callee);

		if (clang_getCursorKind(d) == CXCursor_VarDecl ||
		    clang_getCursorKind(d) == CXCursor_ParmDecl) {
			c = clang_getTypeDeclaration(clang_getCursorType(d));
			/* a dependent type: the template its declaration names */
			if (clang_Cursor_isNull(c) ||
			    clang_getCursorKind(c) == CXCursor_NoDeclFound) {
				CXCursor first = wl_cursor_first_child(d);

				if (clang_getCursorKind(first) ==
					    CXCursor_TemplateRef ||
				    clang_getCursorKind(first) ==
					    CXCursor_TypeRef)
					c = clang_getCursorReferenced(first);
			}
		}
	}
	switch (clang_getCursorKind(c)) {
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
		return c;
	default:
		return clang_getNullCursor();
	}
}

/* The operator() of functor class @cls (or of the template it is of). */
static struct wl_func *functor_call_operator(struct wl_model *m, CXCursor cls)
{
	CXCursor tmpl = clang_getSpecializedCursorTemplate(cls);
	unsigned i;

	for (i = 0; i < m->nr_funcs; i++) {
		CXCursor parent;

		if (strcmp(m->funcs[i]->name, "operator()"))
			continue;
		parent = clang_getCursorSemanticParent(m->funcs[i]->cursor);
		if (wl_cursor_equal(parent, cls) ||
		    (!clang_Cursor_isNull(tmpl) && wl_cursor_equal(parent, tmpl)))
			return m->funcs[i];
	}
	return NULL;
}

/* The fewest arguments a call of @fn can pass. */
static unsigned required_args(struct wl_func *fn)
{
	unsigned n = fn->nr_params;

	if (fn->required_known)
		return fn->nr_required;
	while (n && !clang_Cursor_isNull(
			    wl_cursor_param_default(fn->params[n - 1]->cursor)))
		n--;
	fn->nr_required = n;
	fn->required_known = true;
	return n;
}

/* Whether a call with @nargs arguments can call @fn. */
static bool takes_args(struct wl_func *fn, unsigned nargs)
{
	return nargs <= fn->nr_params && nargs >= required_args(fn);
}

/* Whether values of type @t are addresses (1), numbers (0), or unknown. */
static int addressish(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Pointer:
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
	case CXType_DependentSizedArray:
		return 1;
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Float:
	case CXType_Double:
		return 0;
	default:
		/* not known yet; bool, which an address converts to */
		return -1;
	}
}

/*
 * Whether @fn may take the arguments of @call as far as their types are
 * known: no address where it takes a number, or the other way round.
 * Of Bonsai's `calc_prefix<D>(int *prefix, int value)` and
 * `calc_prefix<D>(int n, int *prefix_in)`, a dependent call passing
 * (int *, int) runs the first only.
 */
static bool args_fit(const struct wl_func *fn, const struct wl_node *call)
{
	struct wl_node *args[16];
	unsigned n = wl_call_args(call, args, 16), i;

	for (i = 0; i < n && i < 16 && i < fn->nr_params; i++) {
		struct wl_node *arg = wl_node_strip(args[i]);
		int a = addressish(clang_getCursorType(args[i]->cursor));
		int p = addressish(clang_getCursorType(fn->params[i]->cursor));
		long long v;

		/* 0 is a null pointer too */
		if (arg && wl_node_int_value(arg, &v) && !v)
			continue;
		if (a >= 0 && p >= 0 && a != p)
			return false;
	}
	return true;
}

/*
 * Whether @fn is a member of the class template @cls or of one of its
 * partial specializations.
 */
static bool member_of(const struct wl_func *fn, CXCursor cls)
{
	CXCursor parent = clang_getCursorSemanticParent(fn->cursor);

	return wl_cursor_equal(parent, cls) ||
	       wl_cursor_equal(clang_getSpecializedCursorTemplate(parent), cls);
}

/*
 * The member @name of class template @cls among @funcs: one of the
 * primary template taking @nargs, else one of a partial specialization.
 */
static struct wl_func *template_member(struct wl_func **funcs, unsigned nr,
				       CXCursor cls, const char *name,
				       unsigned nargs)
{
	struct wl_func *special = NULL;
	unsigned i;

	for (i = 0; i < nr; i++) {
		if (strcmp(funcs[i]->name, name) ||
		    funcs[i]->nr_params != nargs || !member_of(funcs[i], cls))
			continue;
		if (wl_cursor_equal(clang_getCursorSemanticParent(
					    funcs[i]->cursor), cls))
			return funcs[i];
		if (!special)
			special = funcs[i];
	}
	return special;
}

static bool is_class(CXCursor c)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_ClassDecl:
	case CXCursor_StructDecl:
	case CXCursor_UnionDecl:
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
		return true;
	default:
		return false;
	}
}

/*
 * @cls's member @name among @funcs that takes @nargs (exactly, else with
 * defaults), or NULL; *@found is set when @cls has any member so named.
 */
static struct wl_func *member_named(struct wl_func **funcs, unsigned nr,
				    CXCursor cls, CXCursor tmpl,
				    const char *name, unsigned nargs,
				    bool *found)
{
	struct wl_func *loose = NULL;
	unsigned i;

	for (i = 0; i < nr; i++) {
		struct wl_func *fn = funcs[i];

		if (strcmp(fn->name, name) ||
		    !(member_of(fn, tmpl) || member_of(fn, cls)))
			continue;
		*found = true;
		if (fn->nr_params == nargs)
			return fn;
		if (!loose && takes_args(fn, nargs))
			loose = fn;
	}
	return loose;
}

/*
 * Whether @call names its callee through an object, `obj.f()` or
 * `p->f()` (not `this->f()`): the object's class, not the caller's, has
 * the member.
 */
static bool called_on_object(const struct wl_node *call)
{
	struct wl_node *callee = call->nr_kids ? wl_node_strip(call->kids[0])
					       : NULL;
	struct wl_node *obj;

	if (!callee || callee->kind != CXCursor_MemberRefExpr)
		return false;
	obj = callee->nr_kids ? wl_node_strip(callee->kids[0]) : NULL;
	return obj && obj->kind != CXCursor_CXXThisExpr;
}

/*
 * The target of an unqualified dependent call @name in a member function,
 * looked up as C++ does: in the caller's class first, then in the classes
 * that enclose it.  A class with a member of that name hides every other
 * function so named (a scan's static `Invoke` calling its own overload is
 * not a tile's `Invoke` elsewhere in the library).  Sets *@found when a
 * class had one, among the file's functions or the context's; the result
 * is then its member that takes @nargs among the file's (the context's
 * with @context), or NULL.  A member of a base class is not looked for.
 */
static struct wl_func *class_member(struct wl_model *m,
				    const struct wl_node *call,
				    const char *name, unsigned nargs,
				    bool context, bool *found)
{
	CXCursor cls;

	*found = false;
	if (!call->func || called_on_object(call))
		return NULL;
	for (cls = clang_getCursorSemanticParent(call->func->cursor);
	     is_class(cls); cls = clang_getCursorSemanticParent(cls)) {
		CXCursor tmpl = clang_getSpecializedCursorTemplate(cls);
		bool in_file = false, in_context = false;
		struct wl_func *own, *other = NULL;

		/* a partial specialization's members and its template's */
		if (clang_Cursor_isNull(tmpl))
			tmpl = cls;
		own = member_named(m->funcs, m->nr_funcs, cls, tmpl, name,
				   nargs, &in_file);
		if (m->context)
			other = member_named(m->ctx_funcs, m->nr_ctx_funcs, cls,
					     tmpl, name, nargs, &in_context);
		if (in_file || in_context) {
			*found = true;
			return context ? other : own;
		}
	}
	return NULL;
}

static struct wl_func *resolve_target(struct wl_model *m,
				      const struct wl_node *call)
{
	CXCursor ref = wl_node_referenced(call);
	CXCursor cls = wl_call_qualifier(call), functor;
	struct wl_func *member;
	const char *name;
	unsigned i, nargs;
	bool in_class;

	if (!clang_Cursor_isNull(ref) &&
	    clang_getCursorKind(ref) != CXCursor_VarDecl &&
	    clang_getCursorKind(ref) != CXCursor_ParmDecl) {
		return instance_of(m->func_slots, m->nr_func_slots, ref);
	}
	/* a functor libclang left unresolved: its class's operator() */
	functor = functor_class(call);
	if (!clang_Cursor_isNull(functor))
		return functor_call_operator(m, functor);
	if (!clang_Cursor_isNull(ref))
		return NULL;	/* a variable, not a functor of the file */
	/*
	 * A dependent call in a template: match by name, preferring an
	 * overload that takes as many arguments as the call passes.
	 */
	name = wl_call_name(m, call);
	if (!*name)
		return NULL;
	nargs = wl_call_args(call, NULL, 0);
	/*
	 * `Step<1, N>::run`: a member of that class template, or none of
	 * the file's (another class's `impl` is not what it runs).
	 */
	if (!clang_Cursor_isNull(cls))
		return template_member(m->funcs, m->nr_funcs, cls, name, nargs);
	member = class_member(m, call, name, nargs, false, &in_class);
	if (in_class)
		return member;
	for (i = 0; i < m->nr_funcs; i++)
		if (!strcmp(m->funcs[i]->name, name) &&
		    m->funcs[i]->nr_params == nargs &&
		    args_fit(m->funcs[i], call))
			return m->funcs[i];
	for (i = 0; i < m->nr_funcs; i++)
		if (!strcmp(m->funcs[i]->name, name) &&
		    m->funcs[i]->nr_params == nargs)
			return m->funcs[i];
	/* one with defaults for the rest; never one that takes fewer */
	for (i = 0; i < m->nr_funcs; i++)
		if (!strcmp(m->funcs[i]->name, name) &&
		    takes_args(m->funcs[i], nargs))
			return m->funcs[i];
	return NULL;
}

struct wl_func *wl_call_target(struct wl_model *m, const struct wl_node *call)
{
	struct wl_node *n = (struct wl_node *)call;

	if (!n->target_known) {
		n->target = resolve_target(m, call);
		n->target_known = true;
	}
	return n->target;
}

/* The context function a call resolves to, like resolve_target(). */
static struct wl_func *context_target(struct wl_model *m,
				      const struct wl_node *call)
{
	CXCursor ref = wl_node_referenced(call), cls;
	struct wl_func *by_name = NULL, *member;
	const char *name;
	unsigned i, nargs;
	bool in_class;

	if (!m->nr_ctx_funcs)
		return NULL;
	if (!clang_Cursor_isNull(ref))
		return instance_of(m->ctx_slots, m->nr_ctx_slots, ref);
	name = wl_call_name(m, call);
	nargs = wl_call_args(call, NULL, 0);
	cls = wl_call_qualifier(call);
	if (!clang_Cursor_isNull(cls))
		return template_member(m->ctx_funcs, m->nr_ctx_funcs, cls, name,
				       nargs);
	member = class_member(m, call, name, nargs, true, &in_class);
	if (in_class)
		return member;
	for (i = 0; *name && i < m->nr_ctx_funcs; i++) {
		if (strcmp(m->ctx_funcs[i]->name, name))
			continue;
		if (m->ctx_funcs[i]->nr_params == nargs)
			return m->ctx_funcs[i];
		if (!by_name)
			by_name = m->ctx_funcs[i];
	}
	return by_name;
}

struct wl_func *wl_call_context_target(struct wl_model *m,
				       const struct wl_node *call)
{
	struct wl_node *n = (struct wl_node *)call;

	if (!m->context)
		return NULL;
	/* a search by name among thousands of a library's functions */
	if (!n->ctx_target_known) {
		n->ctx_target = context_target(m, call);
		n->ctx_target_known = true;
	}
	return n->ctx_target;
}

static void add_caller(struct wl_func *fn, struct wl_node *call)
{
	WL_GROW(fn->callers, fn->nr_callers, fn->alloc_callers);
	fn->callers[fn->nr_callers++] = call;
}

static void add_may_caller(struct wl_func *fn, struct wl_node *call)
{
	WL_GROW(fn->may_callers, fn->nr_may_callers, fn->alloc_may_callers);
	fn->may_callers[fn->nr_may_callers++] = call;
	call->several_targets = true;
}

/*
 * Whether @call names the function template @fn without settling on
 * one of its specializations: `step<N>(...)` in a template, which may
 * reach `step<64>` as well as the primary template.
 */
static bool names_whole_template(const struct wl_node *call,
				 const struct wl_func *fn)
{
	CXCursor ref = wl_node_referenced(call);

	return clang_getCursorKind(fn->cursor) == CXCursor_FunctionTemplate &&
	       (clang_Cursor_isNull(ref) ||
		clang_getCursorKind(ref) == CXCursor_FunctionTemplate);
}

static bool is_method(const struct wl_func *fn)
{
	return is_class(clang_getCursorSemanticParent(fn->cursor));
}

/*
 * Whether @call, which resolved to the file's function @fn, is a
 * dependent call of a free function by name (`shfl_down(x, d, width)`
 * with x of a type parameter): overload resolution waits for the
 * instance, so every overload of that name that can take the arguments
 * may be what it runs.  A method is left to its one target: the object's
 * type is not known yet, and another class's method of that name is
 * seldom what it runs.
 */
static bool picks_overload_later(const struct wl_model *m,
				 const struct wl_node *call,
				 const struct wl_func *fn)
{
	return wl_model_owns(m, fn) &&
	       clang_Cursor_isNull(wl_node_referenced(call)) && !is_method(fn);
}

static void link_call(struct wl_model *m, struct wl_node *call,
		      bool has_specializations)
{
	struct wl_func *fn = wl_call_target(m, call);
	unsigned i, nargs;
	CXCursor cls;

	if (!fn && m->context)
		fn = context_target(m, call);
	if (!fn)
		return;
	add_caller(fn, call);
	/* `Load<N - 1>::impl`: the partial specializations' too */
	cls = wl_call_qualifier(call);
	for (i = 0; !clang_Cursor_isNull(cls) && i < m->nr_funcs; i++)
		if (m->funcs[i] != fn && !strcmp(m->funcs[i]->name, fn->name) &&
		    member_of(m->funcs[i], cls) &&
		    takes_args(m->funcs[i], wl_call_args(call, NULL, 0)))
			add_may_caller(m->funcs[i], call);
	if (picks_overload_later(m, call, fn)) {
		nargs = wl_call_args(call, NULL, 0);
		for (i = 0; i < m->nr_funcs; i++)
			if (m->funcs[i] != fn &&
			    !strcmp(m->funcs[i]->name, fn->name) &&
			    takes_args(m->funcs[i], nargs) &&
			    args_fit(m->funcs[i], call))
				add_may_caller(m->funcs[i], call);
	}
	if (!has_specializations || !names_whole_template(call, fn))
		return;
	for (i = 0; i < m->nr_funcs; i++)
		if (m->funcs[i]->primary == fn)
			add_may_caller(m->funcs[i], call);
}

/* Note which functions explicitly specialize a template of the file. */
static bool find_primaries(struct wl_model *m)
{
	bool any = false;
	unsigned i;

	for (i = 0; i < m->nr_funcs; i++) {
		struct wl_func *fn = m->funcs[i];
		CXCursor tmpl;

		if (clang_getCursorKind(fn->cursor) == CXCursor_FunctionTemplate)
			continue;
		tmpl = clang_getSpecializedCursorTemplate(fn->cursor);
		if (clang_Cursor_isNull(tmpl))
			continue;
		fn->primary = lookup(m->func_slots, m->nr_func_slots, tmpl);
		if (fn->primary && fn->primary != fn)
			any = true;
		else
			fn->primary = NULL;
	}
	return any;
}

void wl_model_link_callers(struct wl_model *m)
{
	bool has_specializations = find_primaries(m);
	unsigned i;

	for (i = 0; i < m->nr_calls; i++)
		link_call(m, m->calls[i], has_specializations);
	for (i = 0; i < m->nr_ctx_calls; i++)
		link_call(m, m->ctx_calls[i], has_specializations);
}

static struct wl_node *find_named_ref(struct wl_node *n, int depth)
{
	unsigned i;

	if (n->kind == CXCursor_OverloadedDeclRef ||
	    n->kind == CXCursor_DeclRefExpr || n->kind == CXCursor_MemberRefExpr) {
		CXString s = clang_getCursorSpelling(n->cursor);
		bool named = clang_getCString(s)[0] != '\0';

		clang_disposeString(s);
		if (named)
			return n;
	}
	if (depth == 0)
		return NULL;
	for (i = 0; i < n->nr_kids && i < 1; i++) {
		struct wl_node *r = find_named_ref(n->kids[i], depth - 1);

		if (r)
			return r;
	}
	return NULL;
}

bool wl_call_dependent(const struct wl_node *call)
{
	CXString spell = clang_getCursorSpelling(call->cursor);
	bool dependent = clang_getCString(spell)[0] == '\0';

	clang_disposeString(spell);
	return dependent;
}

bool wl_call_name_is_collective(const char *name)
{
	static const char *const prefixes[] = {
		"__shfl", "__ballot", "__any", "__all", "__match", "__reduce_",
		"__uni_sync",
	};
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(prefixes); i++)
		if (wl_starts_with(name, prefixes[i]))
			return true;
	return false;
}

const char *wl_call_name(struct wl_model *m, const struct wl_node *call)
{
	struct wl_node *n = (struct wl_node *)call;
	const char *name;
	struct wl_node *ref;

	if (n->call_name)
		return n->call_name;
	name = wl_model_spelling(m, call->cursor);
	if (!*name)
		name = unnamed_callee_name(m, call);
	if (!*name && call->nr_kids) {
		ref = find_named_ref(call->kids[0], 3);
		name = ref ? wl_model_spelling(m, ref->cursor) : "";
	}
	n->call_name = name;
	return name;
}

static CXFile file_of(const struct wl_node *n)
{
	CXFile f = NULL;

	clang_getExpansionLocation(
		clang_getRangeStart(clang_getCursorExtent(n->cursor)), &f, NULL,
		NULL, NULL);
	return f;
}

/*
 * An argument written at the call, not a default argument spelled at
 * the declaration.  A call in another file (a caller of a header's
 * helper in the file that includes it) has its arguments there too.
 */
static bool written_at_call(const struct wl_node *call, struct wl_node *arg)
{
	if (call->in_main)
		return arg->in_main;
	/* every lane of the memory walk asks, and locations cost */
	if (!arg->at_call) {
		bool within = !arg->in_main && arg->begin >= call->begin &&
			      arg->end <= call->end &&
			      file_of(arg) == file_of(call);

		arg->at_call = within ? 1 : -1;
	}
	return arg->at_call > 0;
}

int wl_func_param_index(const struct wl_func *fn, const struct wl_node *param)
{
	unsigned i;

	for (i = 0; i < fn->nr_params; i++)
		if (fn->params[i] == param)
			return (int)i;
	return -1;
}

unsigned wl_call_args(const struct wl_node *call, struct wl_node **args,
		      unsigned max)
{
	unsigned i, n = 0;

	for (i = 1; i < call->nr_kids; i++) {
		struct wl_node *k = call->kids[i];

		if (!written_at_call(call, k))
			continue;	/* a default argument, spelled elsewhere */
		if (n < max)
			args[n] = k;
		n++;
	}
	return n;
}

/* ---- block barriers ---------------------------------------------------- */

static const char *const block_barriers[] = {
	"__syncthreads", "__syncthreads_count", "__syncthreads_and",
	"__syncthreads_or",
};

static bool is_thread_block(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getCanonicalType(
		wl_type_non_reference(t)));
	const char *name = clang_getCString(s);
	bool yes = strstr(name, "thread_block") &&
		   !strstr(name, "thread_block_tile");

	clang_disposeString(s);
	return yes;
}

const char *wl_block_barrier_name(struct wl_model *m,
				  const struct wl_node *call)
{
	const char *name = wl_call_name(m, call);
	struct wl_node *args[1];
	unsigned i;

	if (wl_call_target(m, call))
		return NULL;
	for (i = 0; i < WL_ARRAY_SIZE(block_barriers); i++)
		if (!strcmp(name, block_barriers[i]))
			return block_barriers[i];
	if (strcmp(name, "sync"))
		return NULL;
	/* block.sync(), this_thread_block().sync() */
	if (call->nr_kids && call->kids[0]->kind == CXCursor_MemberRefExpr &&
	    call->kids[0]->nr_kids &&
	    is_thread_block(clang_getCursorType(
			    wl_node_strip(call->kids[0]->kids[0])->cursor)))
		return "thread_block::sync";
	/* cooperative_groups::sync(block) */
	if (wl_call_args(call, args, 1) == 1 &&
	    is_thread_block(
		    clang_getCursorType(wl_node_strip(args[0])->cursor)))
		return "cooperative_groups::sync";
	return NULL;
}
