/* SPDX-License-Identifier: MIT */
/*
 * Which storage an lvalue or a pointer names, and which element of it,
 * for one thread (see memint.h).
 *
 * Storage is identified by its root (a __shared__ variable, a kernel's
 * pointer parameter, a volatile pointer or a class's reference member
 * whose owner is not in the file) and, for a member of a shared struct,
 * by that member: `smem.partial` and `smem.flags` are two arrays, the
 * members of a union one.  Elements are counted in scalars: a row
 * `buf[w]` of `float buf[4][64]` starts at element 64 * w, a member of
 * an array of structs at the struct's index times the member's size.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/memint.h"
#include "base/util.h"

/* ---- types ------------------------------------------------------------ */

static CXType canon(CXType t)
{
	return clang_getCanonicalType(t);
}

static bool is_array_type(CXType t)
{
	enum CXTypeKind k = canon(t).kind;

	return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	       k == CXType_DependentSizedArray || k == CXType_VariableArray;
}

static bool is_pointer_type(CXType t)
{
	return canon(t).kind == CXType_Pointer || t.kind == CXType_Pointer;
}

static bool is_reference_type(CXType t)
{
	enum CXTypeKind k = canon(t).kind;

	return k == CXType_LValueReference || k == CXType_RValueReference ||
	       t.kind == CXType_LValueReference;
}

/* A dependent size: the same opaque value for the same spelling. */
static long long opaque_size(struct ma_eval *ev, CXType t)
{
	CXString s = clang_getTypeSpelling(t);
	const char *p = clang_getCString(s);
	unsigned h = 5381;

	for (; *p; p++)
		h = h * 33 + (unsigned char)*p;
	clang_disposeString(s);
	if (ev)
		ev->opaque = true;
	return (1ll << 24) + ((long long)(h % 1021u) << 12);
}

/*
 * @a elements of @b each, saturated: a dependent size is a large opaque
 * stand-in (opaque_size()), and nested ones (CUB's radix-sort histogram,
 * `T bins[NUM_PASSES][RADIX_DIGITS]`) overflowed a long long.  Past
 * 2^48 the count only says "large".
 */
static long long count_times(long long a, long long b)
{
	long long r;

	if (__builtin_mul_overflow(a, b, &r) || r > (1ll << 48))
		return 1ll << 48;
	return r;
}

static long long count_of(struct ma_eval *ev, CXType t)
{
	long long n;

	t = canon(t);
	if (t.kind == CXType_LValueReference ||
	    t.kind == CXType_RValueReference)
		return count_of(ev, clang_getPointeeType(t));
	if (t.kind == CXType_ConstantArray) {
		n = clang_getArraySize(t);
		return count_times(n > 0 ? n : 1,
				   count_of(ev, clang_getArrayElementType(t)));
	}
	if (t.kind == CXType_DependentSizedArray ||
	    t.kind == CXType_IncompleteArray ||
	    t.kind == CXType_VariableArray)
		return count_times(opaque_size(ev, t),
				   count_of(ev, clang_getArrayElementType(t)));
	return 1;
}

long long ma_elem_count(CXType t)
{
	return count_of(NULL, t);
}

/* The scalar type at the bottom of pointers, references and arrays. */
static char *elem_type_text(CXType t)
{
	CXString s;
	char *r;
	unsigned guard;

	for (guard = 0; guard < 8; guard++) {
		CXType c = canon(t);

		if (c.kind == CXType_Pointer || is_reference_type(c))
			t = clang_getPointeeType(t).kind != CXType_Invalid
				    ? clang_getPointeeType(t)
				    : clang_getPointeeType(c);
		else if (is_array_type(c))
			t = clang_getArrayElementType(t).kind != CXType_Invalid
				    ? clang_getArrayElementType(t)
				    : clang_getArrayElementType(c);
		else
			break;
	}
	s = clang_getTypeSpelling(clang_getUnqualifiedType(t));
	r = wl_xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return r;
}

/* ---- the arrays ------------------------------------------------------- */

static unsigned array_hash(CXCursor decl, CXCursor field, const char *view)
{
	unsigned h = clang_hashCursor(decl) * 2654435761u;

	h ^= clang_Cursor_isNull(field) ? 0 : clang_hashCursor(field) + 0x9e3779b9u;
	for (; view && *view; view++)
		h = h * 31 + (unsigned char)*view;
	return h;
}

static bool array_is(const struct wl_mem_array *a, CXCursor decl,
		     CXCursor field, const char *view)
{
	return wl_cursor_equal(a->decl, decl) &&
	       wl_cursor_equal(a->field, field) &&
	       (a->view && view ? !strcmp(a->view, view) : a->view == view);
}

/* The slot of (@decl, @field, @view): its array's, or the empty one. */
static unsigned *array_slot(struct wl_mem *mem, CXCursor decl, CXCursor field,
			    const char *view)
{
	unsigned mask = mem->nr_array_slots - 1;
	unsigned i = array_hash(decl, field, view) & mask;

	while (mem->array_slots[i] &&
	       !array_is(&mem->arrays[mem->array_slots[i] - 1], decl, field,
			 view))
		i = (i + 1) & mask;
	return &mem->array_slots[i];
}

static int find_array(struct wl_mem *mem, CXCursor decl, CXCursor field,
		      const char *view)
{
	unsigned slot;

	if (!mem->nr_array_slots)
		return -1;
	slot = *array_slot(mem, decl, field, view);
	return slot ? (int)slot - 1 : -1;
}

/* Enter arrays[@i] in the index, growing it to stay half empty. */
static void index_array(struct wl_mem *mem, unsigned i)
{
	const struct wl_mem_array *a;
	unsigned k;

	if (2 * (mem->nr_arrays + 1) > mem->nr_array_slots) {
		free(mem->array_slots);
		mem->nr_array_slots = mem->nr_array_slots ?
					      2 * mem->nr_array_slots : 64;
		while (2 * (mem->nr_arrays + 1) > mem->nr_array_slots)
			mem->nr_array_slots *= 2;
		mem->array_slots = wl_xcalloc(mem->nr_array_slots,
					      sizeof(*mem->array_slots));
		for (k = 0; k < i; k++) {
			a = &mem->arrays[k];
			*array_slot(mem, a->decl, a->field, a->view) = k + 1;
		}
	}
	a = &mem->arrays[i];
	*array_slot(mem, a->decl, a->field, a->view) = i + 1;
}

static int add_array(struct wl_mem *mem, CXCursor decl, CXCursor field,
		     enum wl_mem_kind kind, const char *parent_name)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_mem_array *a;
	int i = find_array(mem, decl, field, NULL);

	if (i >= 0)
		return i;
	WL_GROW(mem->arrays, mem->nr_arrays, mem->alloc_arrays);
	a = &mem->arrays[mem->nr_arrays];
	memset(a, 0, sizeof(*a));
	a->decl = decl;
	a->field = field;
	a->kind = kind;
	a->is_shared = kind == WL_MEM_SHARED;
	if (clang_Cursor_isNull(field)) {
		a->name = wl_model_spelling(m, decl);
		a->elem_type = elem_type_text(clang_getCursorType(decl));
		if (kind == WL_MEM_SHARED &&
		    canon(clang_getCursorType(decl)).kind ==
			    CXType_ConstantArray)
			a->size = count_of(NULL, clang_getCursorType(decl));
	} else {
		char *n = wl_xasprintf("%s.%s", parent_name,
				       wl_model_spelling(m, field));

		a->name = wl_arena_strdup(&m->arena, n);
		free(n);
		a->elem_type = elem_type_text(clang_getCursorType(field));
		if (kind == WL_MEM_SHARED &&
		    canon(clang_getCursorType(field)).kind ==
			    CXType_ConstantArray)
			a->size = count_of(NULL, clang_getCursorType(field));
	}
	index_array(mem, mem->nr_arrays);
	return (int)mem->nr_arrays++;
}

/*
 * The same storage read through a pointer of another element type
 * (`(unsigned *)smem_char`, `(T *)smem`): indices count in other units,
 * so each view is storage of its own, never compared with another.
 */
static int view_of(struct wl_mem *mem, int base, CXType elem)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_mem_array *a;
	CXString sp = clang_getTypeSpelling(
		clang_getUnqualifiedType(canon(elem)));
	const char *view = wl_arena_strdup(&m->arena, clang_getCString(sp));
	int i;

	clang_disposeString(sp);
	i = find_array(mem, mem->arrays[base].decl, mem->arrays[base].field,
		       view);
	if (i >= 0)
		return i;
	WL_GROW(mem->arrays, mem->nr_arrays, mem->alloc_arrays);
	a = &mem->arrays[mem->nr_arrays];
	*a = mem->arrays[base];
	a->elem_type = wl_xstrdup(view);
	a->size = 0;
	a->view = view;
	index_array(mem, mem->nr_arrays);
	return (int)mem->nr_arrays++;
}

/* The element type a pointer or array expression reaches. */
static CXType pointee_of(CXType t)
{
	t = canon(t);
	if (t.kind == CXType_Pointer || is_reference_type(t))
		return canon(clang_getPointeeType(t));
	if (is_array_type(t))
		return canon(clang_getArrayElementType(t));
	return t;
}

static bool same_type(CXType a, CXType b)
{
	return clang_equalTypes(clang_getUnqualifiedType(a),
				clang_getUnqualifiedType(b));
}

/* ---- locating ----------------------------------------------------------- */

static bool pointer_loc(struct ma_eval *ev, struct wl_node *e,
			const struct ma_env *env, struct ma_loc *out);
static bool lvalue_loc(struct ma_eval *ev, struct wl_node *e,
		       const struct ma_env *env, struct ma_loc *out);

/*
 * Whether pointer variable @v is ever assigned itself; eval.c also counts
 * stores through it (`p[0] += 3`) as writes of the variable.
 */
static bool reassigned(struct wl_var *v)
{
	unsigned i;

	/* `r = x` stores through a reference: it stays bound */
	if (v->decl_node &&
	    is_reference_type(clang_getCursorType(v->decl_node->cursor)))
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i];
		struct wl_node *l = w->nr_kids ? ma_strip(w->kids[0]) : NULL;

		if (l && l->kind == CXCursor_DeclRefExpr)
			return true;
	}
	return false;
}

/*
 * Whether pointer @v is written only by steps (`p += stride`, `p++`) in
 * one loop after its initializer: a cursor walking a shared array, like
 * `hist_` of a per-bin reduction, `for (b = 0; b < n; ++b, hist_ += n)`.
 */
static bool stepped(struct wl_var *v)
{
	struct wl_node *loop = NULL;
	unsigned i;

	if (!v->nr_writes)
		return false;
	for (i = 0; i < v->nr_writes; i++) {
		struct wl_node *w = v->writes[i], *l;
		enum CXBinaryOperatorKind op;

		if (w->kind == CXCursor_CompoundAssignOperator) {
			op = wl_node_binop(w);
			if (op != CXBinaryOperator_AddAssign &&
			    op != CXBinaryOperator_SubAssign)
				return false;
		} else if (w->kind != CXCursor_UnaryOperator) {
			return false;
		}
		for (l = w->parent; l && !wl_node_is_loop(l); l = l->parent)
			;
		if (!l || (loop && l != loop))
			return false;
		loop = l;
	}
	return true;
}

/*
 * Where stepped pointer @v (of type @t) points in a walk: its initializer
 * plus the steps that the loop's counter binding has taken.  Outside the
 * loop's walk no binding says how far it went; asked only which storage
 * it reaches (no environment), the initializer's storage.
 */
static bool stepped_loc(struct ma_eval *ev, struct wl_var *v, CXType t,
			const struct ma_env *env, struct ma_loc *out)
{
	const struct ma_bind *b = env ? ma_binding(env, v->decl) : NULL;
	long long step;

	if (!pointer_loc(ev, v->init, env, out))
		return false;
	if (!env)
		return true;
	if (!b || !b->entry || !wl_node_within(v->writes[0], b->entry) ||
	    __builtin_mul_overflow(b->value,
				   count_of(ev, clang_getPointeeType(canon(t))),
				   &step))
		return false;
	return !__builtin_add_overflow(out->elem, step, &out->elem);
}

static bool pointee_volatile(CXType t)
{
	return clang_isVolatileQualifiedType(clang_getPointeeType(t)) ||
	       clang_isVolatileQualifiedType(
		       clang_getPointeeType(canon(t)));
}

/* `extern __shared__ T s[];`: dynamic shared memory. */
static bool is_dynamic_shared(CXCursor d)
{
	return clang_Cursor_getStorageClass(d) == CX_SC_Extern &&
	       canon(clang_getCursorType(d)).kind == CXType_IncompleteArray;
}

/*
 * Every extern __shared__ array of a kernel starts at the same address:
 * they are one storage, the first one seen, read as a view of its own
 * element type where another array declares another.
 */
static int dynamic_shared(struct wl_mem *mem, CXCursor d)
{
	CXType elem = canon(clang_getArrayElementType(
		canon(clang_getCursorType(d))));
	unsigned i;
	int base = -1;

	for (i = 0; i < mem->nr_arrays && base < 0; i++)
		if (mem->arrays[i].kind == WL_MEM_SHARED &&
		    clang_Cursor_isNull(mem->arrays[i].field) &&
		    !mem->arrays[i].view &&
		    is_dynamic_shared(mem->arrays[i].decl))
			base = (int)i;
	if (base < 0)
		return add_array(mem, d, clang_getNullCursor(), WL_MEM_SHARED,
				 NULL);
	if (same_type(elem, canon(clang_getArrayElementType(canon(
				    clang_getCursorType(
					    mem->arrays[base].decl))))))
		return base;
	return view_of(mem, base, elem);
}

static bool own_storage(struct wl_mem *mem, CXCursor d, enum wl_mem_kind k,
			struct ma_loc *out)
{
	if (k == WL_MEM_SHARED && is_dynamic_shared(d))
		out->array = dynamic_shared(mem, d);
	else
		out->array = add_array(mem, d, clang_getNullCursor(), k, NULL);
	out->elem = 0;
	if (k == WL_MEM_VOLATILE_PTR || k == WL_MEM_MEMBER ||
	    k == WL_MEM_THREAD_PTR)
		out->flags |= MA_LOC_UNSEEN;
	return true;
}

/* The memory a variable or parameter reaches (its value, if a pointer). */
static bool decl_loc(struct ma_eval *ev, struct wl_node *ref,
		     const struct ma_env *env, struct ma_loc *out)
{
	struct wl_mem *mem = ev->mem;
	CXCursor d = wl_node_referenced(ref);
	enum CXCursorKind k = clang_getCursorKind(d);
	CXType t = clang_getCursorType(d);
	bool ptr = is_pointer_type(t), refty = is_reference_type(t);

	/* a parameter declared as an array (`T s[][N]`) is a pointer */
	if (k == CXCursor_ParmDecl && is_array_type(t))
		ptr = true;

	if (k == CXCursor_VarDecl && wl_eval_is_shared(d))
		return own_storage(mem, d, WL_MEM_SHARED, out);
	if (k == CXCursor_VarDecl && ref->func && (ptr || refty)) {
		struct wl_var *v = wl_eval_var(&mem->ctx->eval, ref);

		/* a reference stays bound, whoever it is handed to */
		if (v && v->init && !reassigned(v) &&
		    (refty || !v->addr_taken))
			return pointer_loc(ev, v->init, env, out);
		if (v && v->init && ptr && !v->addr_taken && stepped(v))
			return stepped_loc(ev, v, t, env, out);
		/* a volatile pointer whose target is unknown */
		if (ptr && pointee_volatile(t) &&
		    wl_eval_dep(&mem->ctx->eval, ref) < WL_DEP_LANE)
			return own_storage(mem, d, WL_MEM_VOLATILE_PTR, out);
		return false;
	}
	if (k == CXCursor_ParmDecl && ref->func && (ptr || refty)) {
		struct wl_func *fn = ref->func;
		int pi = ma_param_index(fn, d);
		struct ma_env up;
		struct wl_node *arg = ma_frame_arg(mem, env, fn, pi, &up);
		struct ma_loc saved = *out;

		if (arg && pointer_loc(ev, arg, &up, out))
			return true;
		if (arg && out->array >= 0)
			return false;	/* the storage, not the element */
		*out = saved;
		if (ptr && (fn->flags & WL_FUNC_KERNEL) && !arg)
			return own_storage(mem, d, WL_MEM_GLOBAL, out);
		if (ptr && pointee_volatile(t) && pi >= 0)
			return own_storage(mem, d, WL_MEM_VOLATILE_PTR, out);
		/*
		 * A plain pointer of a helper nobody in sight calls: perhaps
		 * shared, perhaps a thread's own array; the races decide by
		 * how it is indexed (WL_MEM_THREAD_PTR).
		 */
		if (ptr && pi >= 0 && !fn->nr_callers &&
		    !(fn->flags & WL_FUNC_KERNEL) && !(env && env->frame))
			return own_storage(mem, d, WL_MEM_THREAD_PTR, out);
	}
	return false;
}

/* The first `return EXPR;` of a model function's body. */
static bool find_model_return(struct wl_node *n, void *data)
{
	struct wl_node **ret = data;

	if (*ret)
		return false;
	if (n->kind == CXCursor_ReturnStmt && n->nr_kids == 1) {
		*ret = n->kids[0];
		return false;
	}
	return n->kind != CXCursor_LambdaExpr;
}

/* The object of a member call `obj.f()`, or NULL. */
static struct wl_node *call_object(struct wl_node *call)
{
	struct wl_node *callee = call->nr_kids ? ma_strip(call->kids[0]) : NULL;

	if (callee && callee->kind == CXCursor_MemberRefExpr &&
	    callee->nr_kids == 1)
		return callee->kids[0];
	return NULL;
}

/* The model's method named @name, for a call libclang left unresolved. */
static struct wl_func *method_named(struct wl_mem *mem, const char *name,
				    unsigned nargs)
{
	struct wl_model *m = &mem->ctx->model;
	unsigned i;

	for (i = 0; *name && i < m->nr_funcs; i++)
		if (!strcmp(m->funcs[i]->name, name) &&
		    m->funcs[i]->nr_params == nargs && m->funcs[i]->body)
			return m->funcs[i];
	return NULL;
}

/*
 * A dependent call resolved by name to a method that gives no storage
 * (the primary template's `getPointer()` returning 0): a specialization
 * of the same name in the file may return the shared array.
 */
static bool other_method_loc(struct ma_eval *ev, struct wl_node *call,
			     struct wl_func *tried, const struct ma_env *env,
			     struct ma_loc *out)
{
	struct wl_model *m = &ev->mem->ctx->model;
	unsigned i;

	for (i = 0; i < m->nr_funcs && ev->depth <= MA_MAX_DEPTH * 2; i++) {
		struct wl_func *fn = m->funcs[i];
		struct wl_node *ret = NULL;
		struct ma_frame f;
		struct ma_env e;
		bool ok;

		if (fn == tried || !fn->body || strcmp(fn->name, tried->name) ||
		    fn->nr_params != tried->nr_params)
			continue;
		wl_node_walk(fn->body, find_model_return, &ret);
		if (!ret)
			continue;
		memset(&f, 0, sizeof(f));
		f.call = call;
		f.fn = fn;
		f.up = env ? env->frame : NULL;
		if (env)
			e = *env;
		else
			memset(&e, 0, sizeof(e));
		e.frame = &f;
		ev->depth++;
		ok = pointer_loc(ev, ret, &e, out);
		ev->depth--;
		if (ok || out->array >= 0)
			return ok;
	}
	return false;
}

/* What a call returns: `getPointer()`, `SharedMemory<T>()`, `Alias()`. */
static bool call_loc(struct ma_eval *ev, struct wl_node *call,
		     const struct ma_env *env, struct ma_loc *out)
{
	struct wl_mem *mem = ev->mem;
	struct wl_func *fn = wl_call_target(&mem->ctx->model, call);
	struct wl_node *obj = call_object(call), *ret = NULL;
	CXCursor shared = clang_getNullCursor();
	const char *name = wl_call_name(&mem->ctx->model, call);

	if (!fn && obj)
		fn = method_named(mem, name, wl_call_args(call, NULL, 0));
	if (++ev->call_locs > MA_MAX_CALL_LOCS)
		return false;	/* unknown storage, as past the depth bound */

	if (fn && fn->body && ev->depth < MA_MAX_DEPTH * 2) {
		struct ma_frame f;
		struct ma_env e;
		bool ok;

		wl_node_walk(fn->body, find_model_return, &ret);
		if (!ret)
			return other_method_loc(ev, call, fn, env, out);
		memset(&f, 0, sizeof(f));
		f.call = call;
		f.fn = fn;
		f.object = obj;
		f.up = env ? env->frame : NULL;
		if (env)
			e = *env;
		else
			memset(&e, 0, sizeof(e));
		e.frame = &f;
		ok = pointer_loc(ev, ret, &e, out);
		if (ok || out->array >= 0)
			return ok;
		return other_method_loc(ev, call, fn, env, out);
	}
	if (fn)
		return false;
	switch (ma_raw_returns(wl_node_referenced(call),
			       &shared)) {
	case MA_RET_SHARED:
		return own_storage(mem, shared, WL_MEM_SHARED, out);
	case MA_RET_THIS:
		return obj && lvalue_loc(ev, obj, env, out);
	default:
		break;
	}
	/* smem.getPointer() of a SharedMem<T> whose specializations return
	   extern __shared__ arrays: dynamic shared memory, read as a T */
	if (obj && ma_raw_member_shared(mem, clang_getCursorType(
						     ma_strip(obj)->cursor),
					name, &shared)) {
		own_storage(mem, shared, WL_MEM_SHARED, out);
		out->array = view_of(mem, out->array,
				     pointee_of(clang_getCursorType(
					     call->cursor)));
		return true;
	}
	return false;
}

/*
 * A reference or pointer member of a class: what the constructor set it
 * to, else (storage handed to a constructor the file does not show) the
 * member itself, as storage whose owner was not seen.
 */
static bool field_value_loc(struct ma_eval *ev, struct wl_node *n,
			    CXCursor field, const struct ma_env *env,
			    struct ma_loc *out)
{
	struct ma_env ienv;
	struct ma_frame frame;
	struct ma_init_guard guard;
	struct ma_loc saved = *out;
	struct wl_node *init = ma_member_init(ev, n, field, env, &frame, &ienv);
	bool found;

	/*
	 * Only a member some constructor of the file sets (storage handed
	 * over), not a pointer in a plain struct of parameters.
	 */
	if (!init)
		return false;
	/* a copying constructor's cycle: the member's own storage */
	found = ma_init_enter(ev, &guard, init, &frame) &&
		pointer_loc(ev, init, &ienv, out);
	ma_init_leave(ev, &guard);
	if (found)
		return true;
	if (out->array >= 0)
		return false;
	*out = saved;
	return own_storage(ev->mem, field, WL_MEM_MEMBER, out);
}

/*
 * The field a member expression names.  In a template, `ts.reduce` on a
 * member of the current instantiation is a dependent member expression
 * that libclang does not resolve: the name is its last token, looked up
 * in the record the base's type names.
 */
CXCursor wl_mem_member_field(struct wl_mem *mem, struct wl_node *n)
{
	CXCursor field = wl_node_referenced(n);
	CXTranslationUnit tu = mem->ctx->tu;
	struct wl_node *base;
	CXToken *tokens = NULL;
	unsigned nr = 0;
	CXString name;
	CXType t;

	if (!clang_Cursor_isNull(field) || !n->nr_kids)
		return field;
	base = ma_strip(n->kids[0]);
	if (!base)
		return field;
	t = canon(clang_getCursorType(base->cursor));
	if (t.kind == CXType_Pointer || is_reference_type(t))
		t = canon(clang_getPointeeType(t));
	clang_tokenize(tu, clang_getCursorExtent(n->cursor), &tokens, &nr);
	if (!nr)
		return field;
	name = clang_getTokenSpelling(tu, tokens[nr - 1]);
	field = wl_cursor_child_named(clang_getTypeDeclaration(t),
				      CXCursor_FieldDecl,
				      clang_getCString(name));
	clang_disposeString(name);
	clang_disposeTokens(tu, tokens, nr);
	return field;
}

/* `B.F`: a member of a struct in shared memory, or a class's field. */
static bool member_loc(struct ma_eval *ev, struct wl_node *n,
		       const struct ma_env *env, struct ma_loc *out)
{
	struct wl_mem *mem = ev->mem;
	CXCursor field = wl_mem_member_field(mem, n);
	CXType ft = clang_getCursorType(field);
	struct wl_node *base = n->nr_kids ? ma_strip(n->kids[0]) : NULL;
	struct wl_mem_array *a;
	CXCursor rec;
	struct ma_loc b = { -1, 0, 0 };
	struct wl_node *obj;
	struct ma_env oenv;
	bool ok;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return false;
	if (is_reference_type(ft) || is_pointer_type(ft))
		return field_value_loc(ev, n, field, env, out);
	/* a member held by value: the object's location, then the member */
	if (!base || base->kind == CXCursor_CXXThisExpr)
		ok = ma_this_object(env, &obj, &oenv) &&
		     lvalue_loc(ev, obj, &oenv, &b);
	else if (is_pointer_type(clang_getCursorType(base->cursor)))
		ok = pointer_loc(ev, base, env, &b);
	else
		ok = lvalue_loc(ev, base, env, &b);
	if (!ok) {
		out->array = b.array;	/* known storage, unknown element */
		return false;
	}
	out->flags |= b.flags;
	/*
	 * `p->distance` into an array of structs is element *p, as
	 * `outcome[i].distance` is (that access is the subscript): split
	 * by member, the two spellings would never meet.
	 */
	if (base && base->kind != CXCursor_CXXThisExpr &&
	    is_pointer_type(clang_getCursorType(base->cursor)) &&
	    !is_array_type(ft) && is_array_type(clang_getCursorType(
				      mem->arrays[b.array].decl))) {
		*out = b;
		return true;
	}
	rec = clang_getCursorSemanticParent(field);
	if (clang_getCursorKind(rec) == CXCursor_UnionDecl) {
		out->array = b.array;	/* a union's members alias */
		out->elem = b.elem;
		return true;
	}
	a = &mem->arrays[b.array];
	out->array = add_array(mem, a->decl, field, a->kind, a->name);
	/* overflow: a location no evaluation can name */
	return !__builtin_mul_overflow(b.elem, count_of(ev, ft), &out->elem);
}

/*
 * Whether the base @b of a subscript, when itself a row (`b[i]` in
 * `b[i][j]`), has a type that says how long a row is.  Where clang
 * could not type the array (`real b[6][6]` with `real` left to the
 * build) it made the variable an int: `b[1][0]` and `b[0][1]` would land
 * on one element.  A one-level subscript needs no row length, and in a
 * template a row's type is dependent, not missing.
 */
static bool row_typed(struct wl_node *b)
{
	struct wl_node *s = ma_strip(b);

	if (!s || s->kind != CXCursor_ArraySubscriptExpr)
		return true;
	while (s && s->kind == CXCursor_ArraySubscriptExpr && s->nr_kids == 2)
		s = ma_strip(s->kids[0]);
	return !s || s->kind != CXCursor_DeclRefExpr ||
	       !clang_isInvalidDeclaration(wl_node_referenced(s));
}

/*
 * Whether index @i of row @b (`t[ty]` of `float t[16][17]`) falls past
 * the row's extent: the code sizes a tile's rows to the block's width,
 * so a thread whose column would spill into the next row is one the
 * launch does not have (limit_block()).  Rows of dependent size are
 * not judged.
 */
static bool past_row(struct wl_node *b, long long i)
{
	struct wl_node *s = ma_strip(b);
	CXType t;
	long long n;

	if (!s || s->kind != CXCursor_ArraySubscriptExpr)
		return false;
	t = canon(clang_getCursorType(s->cursor));
	if (t.kind != CXType_ConstantArray)
		return false;
	n = clang_getArraySize(t);
	return n > 0 && (i < 0 || i >= n);
}

static bool lvalue_loc(struct ma_eval *ev, struct wl_node *e,
		       const struct ma_env *env, struct ma_loc *out)
{
	struct wl_node *n = ma_strip(e);
	long long i;

	if (!n || ev->depth > MA_MAX_DEPTH * 4)
		return false;
	switch (n->kind) {
	case CXCursor_ArraySubscriptExpr: {
		struct wl_node *b = n->nr_kids == 2 ? n->kids[0] : NULL;
		bool ok;

		if (!b || !row_typed(b))
			return false;
		ev->depth++;
		ok = pointer_loc(ev, b, env, out);
		ev->depth--;
		if (!ok)
			return false;
		if (!ma_eval(ev, n->kids[1], env, &i))
			return false;
		if (past_row(b, i))
			out->flags |= MA_LOC_PAST_ROW;
		if (__builtin_mul_overflow(
			    i, count_of(ev, clang_getCursorType(n->cursor)),
			    &i))
			return false;
		return !__builtin_add_overflow(out->elem, i, &out->elem);
	}
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(n->cursor) !=
			    CXUnaryOperator_Deref ||
		    n->nr_kids != 1)
			return false;
		return pointer_loc(ev, n->kids[0], env, out);
	case CXCursor_MemberRefExpr:
		return member_loc(ev, n, env, out);
	case CXCursor_DeclRefExpr:
		return decl_loc(ev, n, env, out);
	case CXCursor_CallExpr:
		return call_loc(ev, n, env, out);
	default:
		return false;
	}
}

static bool is_cast(const struct wl_node *n)
{
	return n->kind == CXCursor_CStyleCastExpr ||
	       n->kind == CXCursor_CXXReinterpretCastExpr ||
	       n->kind == CXCursor_CXXStaticCastExpr;
}

static bool pointer_loc_of(struct ma_eval *ev, struct wl_node *e,
			   const struct ma_env *env, struct ma_loc *out);

/*
 * Bounded like ma_eval(): a pointer defined through itself, or through a
 * chain of frames that comes back to it (a recursive template's storage
 * handed down), would otherwise recurse until the stack runs out.
 */
static bool pointer_loc(struct ma_eval *ev, struct wl_node *e,
			const struct ma_env *env, struct ma_loc *out)
{
	bool ok;

	if (ev->depth > MA_MAX_EVAL_DEPTH)
		return false;
	ev->depth++;
	ok = pointer_loc_of(ev, e, env, out);
	ev->depth--;
	return ok;
}

static bool pointer_loc_of(struct ma_eval *ev, struct wl_node *e,
			   const struct ma_env *env, struct ma_loc *out)
{
	struct wl_node *n = e;
	long long k, c;

	/* casts that retype the elements make a view */
	while (n && n->nr_kids && (is_cast(n) || n->kind == CXCursor_ParenExpr ||
				   (n->kind == CXCursor_UnexposedExpr &&
				    n->nr_kids == 1))) {
		struct wl_node *from = n->kids[n->nr_kids - 1];
		CXType to = clang_getCursorType(n->cursor);

		if (is_cast(n) && canon(to).kind == CXType_Pointer &&
		    !same_type(pointee_of(to),
			       pointee_of(clang_getCursorType(
				       ma_strip(from)->cursor)))) {
			bool ok = pointer_loc(ev, from, env, out);

			if (out->array >= 0)
				out->array = view_of(ev->mem, out->array,
						     pointee_of(to));
			return ok;
		}
		n = from;
	}
	n = ma_strip(n);
	if (!n || ev->depth > MA_MAX_DEPTH * 4)
		return false;
	switch (n->kind) {
	case CXCursor_UnaryOperator:
		if (clang_getCursorUnaryOperatorKind(n->cursor) ==
			    CXUnaryOperator_AddrOf &&
		    n->nr_kids == 1)
			return lvalue_loc(ev, n->kids[0], env, out);
		return false;
	case CXCursor_BinaryOperator: {
		enum CXBinaryOperatorKind op =
			wl_node_binop(n);
		struct wl_node *p, *o;
		CXType pt;

		if (n->nr_kids != 2 || (op != CXBinaryOperator_Add &&
					op != CXBinaryOperator_Sub))
			return false;
		p = n->kids[0];
		o = n->kids[1];
		pt = clang_getCursorType(ma_strip(p)->cursor);
		if (!is_pointer_type(pt) && !is_array_type(pt)) {
			if (op == CXBinaryOperator_Sub)
				return false;
			p = n->kids[1];
			o = n->kids[0];
			pt = clang_getCursorType(ma_strip(p)->cursor);
			if (!is_pointer_type(pt) && !is_array_type(pt))
				return false;
		}
		if (!pointer_loc(ev, p, env, out))
			return false;
		if (!ma_eval(ev, o, env, &k))
			return false;
		c = is_array_type(pt) ? count_of(ev, clang_getArrayElementType(
							   canon(pt)))
				      : count_of(ev, clang_getPointeeType(pt));
		if (op == CXBinaryOperator_Sub &&
		    __builtin_sub_overflow(0, k, &k))
			return false;
		if (__builtin_mul_overflow(k, c, &k))
			return false;
		return !__builtin_add_overflow(out->elem, k, &out->elem);
	}
	case CXCursor_ConditionalOperator: {
		struct ma_loc a = *out, b = *out;
		long long cv;

		if (n->nr_kids != 3)
			return false;
		if (ma_eval_exact(ev->mem, n->kids[0], env, ma_tid(ev), &cv))
			return pointer_loc(ev, n->kids[cv ? 1 : 2], env, out);
		if (!pointer_loc(ev, n->kids[1], env, &a) ||
		    !pointer_loc(ev, n->kids[2], env, &b) ||
		    a.array != b.array || a.elem != b.elem)
			return false;
		*out = a;
		return true;
	}
	case CXCursor_CallExpr:
		return call_loc(ev, n, env, out);
	case CXCursor_ArraySubscriptExpr:
		/* a row decays to its first element; a pointer stored in
		   an array (`dst[j]` of `T **dst`) points who knows where */
		if (canon(clang_getCursorType(n->cursor)).kind ==
		    CXType_Pointer)
			return false;
		return lvalue_loc(ev, n, env, out);
	case CXCursor_DeclRefExpr:
	case CXCursor_MemberRefExpr:
		/* an array (a row, a member) decays to its first element; a
		   pointer or reference variable gives what it points to */
		return lvalue_loc(ev, n, env, out);
	default:
		return false;
	}
}

bool ma_lvalue_loc(struct ma_eval *ev, struct wl_node *e,
		   const struct ma_env *env, struct ma_loc *out)
{
	out->array = -1;
	out->elem = 0;
	out->flags = 0;
	return lvalue_loc(ev, e, env, out);
}

bool ma_pointer_loc(struct ma_eval *ev, struct wl_node *e,
		    const struct ma_env *env, struct ma_loc *out)
{
	out->array = -1;
	out->elem = 0;
	out->flags = 0;
	return pointer_loc(ev, e, env, out);
}

bool ma_may_be_storage(struct wl_mem *mem, struct wl_node *e)
{
	struct ma_eval ev = { .mem = mem, .tid = 0 };
	struct ma_loc loc;

	ma_lvalue_loc(&ev, e, NULL, &loc);
	return loc.array >= 0;
}
