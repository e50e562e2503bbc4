/* SPDX-License-Identifier: MIT */
/*
 * Memory accesses and warp-level races (see memaccess.h): collecting the
 * accesses of the file's functions and barriers.  The guards that decide
 * which lanes reach a statement are memactive.c's, the walk of each
 * kernel memwalk.c's, the race search memrace.c's.
 */

#include "analyzer/memaccess.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/eval.h"
#include "analyzer/memint.h"
#include "analyzer/memtrace.h"
#include "base/u64map.h"
#include "base/util.h"

/* ---- accesses --------------------------------------------------------- */

struct wl_node *wl_mem_statement(struct wl_node *n)
{
	while (n->parent) {
		if (n->parent->kind == CXCursor_CompoundStmt ||
		    n->role == WL_ROLE_THEN || n->role == WL_ROLE_ELSE ||
		    n->role == WL_ROLE_BODY)
			if (n->parent->kind != CXCursor_ConditionalOperator)
				return n;
		n = n->parent;
	}
	return n;
}

static struct wl_node *up_parens(struct wl_node *n)
{
	while (n->parent && (n->parent->kind == CXCursor_ParenExpr ||
			     (n->parent->kind == CXCursor_UnexposedExpr &&
			      n->parent->nr_kids == 1)))
		n = n->parent;
	return n;
}

/* Whether @op assigns; *@compound: as `+=` and the like do. */
static bool ma_is_assign_op(enum CXBinaryOperatorKind op, bool *compound)
{
	*compound = op >= CXBinaryOperator_MulAssign &&
		    op <= CXBinaryOperator_OrAssign;
	return op == CXBinaryOperator_Assign || *compound;
}

/*
 * Whether a word of @name ("ThreadStore", "store_volatile", "loadVec4":
 * split at underscores, digits and lower-to-upper steps) begins with
 * @word, in any case, or with @whole is @word.  Words, not letters:
 * "DeviceThreadToShared" holds "read" only inside "thread", and stores
 * rather than reads; "sync" is a whole word of `GridSync` and
 * `grid_sync`, not of `Synchronize` or `memcpy_async`.
 */
static bool word_of(const char *name, const char *word, bool whole)
{
	size_t len = strlen(word), i;

	for (i = 0; name[i]; i++) {
		unsigned char c = (unsigned char)name[i];
		unsigned char prev = i ? (unsigned char)name[i - 1] : 0, after;
		bool starts = i == 0 ||
			      (isalpha(c) && (!isalpha(prev) ||
					      (isupper(c) && islower(prev))));

		if (!starts || strncasecmp(name + i, word, len))
			continue;
		if (!whole)
			return true;
		after = (unsigned char)name[i + len];
		if (!isalpha(after) ||
		    (isupper(after) &&
		     islower((unsigned char)name[i + len - 1])))
			return true;
	}
	return false;
}

static bool name_has(const char *name, const char *word)
{
	return word_of(name, word, false);
}

/*
 * The address of @u passed to a call: a small load or store helper of a
 * header (`ThreadStore(&s[i], v)`, `v = load(&s[j])`) reads or writes
 * it; an atomic is no race; a helper of the file is walked into, where
 * its own dereference is the access.
 */
static unsigned address_use(struct wl_model *m, struct wl_node *addr)
{
	struct wl_node *u = up_parens(addr), *p = u->parent;
	const char *name;
	struct wl_func *fn;

	if (!p || p->kind != CXCursor_CallExpr || !p->nr_kids ||
	    p->kids[0] == u)
		return 0;
	fn = wl_call_target(m, p);
	if (fn && fn->body)
		return 0;
	/* `loadSharedChunk(s, ...)`: a whole algorithm, not one access */
	if (!fn && wl_cursor_statements(wl_cursor_call_definition(
			   p->cursor)) > 2)
		return 0;
	name = wl_call_name(m, p);
	if (name_has(name, "atomic"))
		return 0;
	if (name_has(name, "store") || name_has(name, "write") ||
	    wl_starts_with(name, "st_") || wl_starts_with(name, "__st"))
		return WL_MEM_WRITE;
	if (name_has(name, "load") || name_has(name, "read") ||
	    name_has(name, "ldg") || wl_starts_with(name, "ld_") ||
	    wl_starts_with(name, "__ld"))
		return WL_MEM_READ;
	return 0;
}

/*
 * A pointer handed as it is to a load or store helper of a header
 * (`ThreadStore(temp_storage, v)`, `x = ThreadLoad(p)`): the memory it
 * points to is read or written.  0 for anything else.
 */
static unsigned pointer_arg_use(struct wl_model *m, struct wl_node *n)
{
	struct wl_node *u = up_parens(n), *p = u->parent, *s = ma_strip(n);
	CXType t;

	if (!p || p->kind != CXCursor_CallExpr || !p->nr_kids ||
	    p->kids[0] == u || !s)
		return 0;
	if (s->kind == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(s->cursor) ==
		    CXUnaryOperator_AddrOf)
		return 0;	/* &s[i]: the subscript is the access */
	t = clang_getCanonicalType(clang_getCursorType(s->cursor));
	if (t.kind != CXType_Pointer && t.kind != CXType_ConstantArray &&
	    t.kind != CXType_IncompleteArray &&
	    t.kind != CXType_DependentSizedArray &&
	    t.kind != CXType_LValueReference)
		return 0;
	return address_use(m, n);
}

/* An lvalue reference, spelled so or through a typedef (`slot_ref`). */
static bool is_lvalue_reference(CXType t)
{
	return t.kind == CXType_LValueReference ||
	       clang_getCanonicalType(t).kind == CXType_LValueReference;
}

/*
 * An object, not a scalar: a struct, or in a template a member type of
 * a class (`typename BlockReduce::TempStorage`), which libclang leaves
 * unresolved.  A type parameter (`T`) stays a scalar.
 */
static bool is_object_type(CXType t)
{
	CXString s;
	bool member;

	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Record)
		return true;
	if (t.kind != CXType_Unexposed && t.kind != CXType_Elaborated)
		return false;
	s = clang_getTypeSpelling(t);
	member = strstr(clang_getCString(s), "::") != NULL;
	clang_disposeString(s);
	return member;
}

struct param_use {
	CXCursor param;
	bool as_object;	/* `p.x`, `p[i]`, `p.f()`, passed on */
	bool as_scalar;	/* `p = v`, `p += v`, `x = p + 1` */
};

static bool find_param_use(struct wl_node *n, void *data)
{
	struct param_use *pu = data;
	struct wl_node *u, *p;

	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), pu->param))
		return true;
	u = up_parens(n);
	p = u->parent;
	if (p && (p->kind == CXCursor_MemberRefExpr ||
		  p->kind == CXCursor_CallExpr ||
		  (p->kind == CXCursor_ArraySubscriptExpr && p->kids[0] == u)))
		pu->as_object = true;
	else if (p && (p->kind == CXCursor_BinaryOperator ||
		       p->kind == CXCursor_CompoundAssignOperator ||
		       p->kind == CXCursor_UnaryOperator))
		pu->as_scalar = true;
	return true;
}

/*
 * Whether helper @fn uses parameter @pi only as a scalar: a dependent
 * member type (`typename Traits::value_type &slot`) is taken for an
 * object unless the body shows it is assigned and computed with.
 */
static bool param_used_as_scalar(struct wl_func *fn, unsigned pi)
{
	struct param_use pu = { .as_object = false, .as_scalar = false };

	if (!fn->body || pi >= fn->nr_params)
		return false;
	pu.param = fn->params[pi]->cursor;
	wl_node_walk(fn->body, find_param_use, &pu);
	return pu.as_scalar && !pu.as_object;
}

struct sync_find {
	struct wl_mem *mem;
	unsigned depth;
	bool found;
};

static bool helper_synchronizes(struct wl_mem *mem, struct wl_func *fn,
				unsigned depth);

static bool find_sync(struct wl_node *n, void *data)
{
	struct sync_find *sf = data;
	struct wl_model *m = &sf->mem->ctx->model;

	if (sf->found || n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->kind != CXCursor_CallExpr)
		return true;
	sf->found = wl_mem_is_barrier(m, n) ||
		    helper_synchronizes(sf->mem, wl_call_target(m, n),
					sf->depth + 1);
	return !sf->found;
}

/*
 * Whether helper @fn passes a barrier (`__syncthreads()` in its body or
 * in a function it calls).  A shared scalar it takes by reference is
 * then not one access at the call but those its body makes on either
 * side of the barrier (`if (threadIdx.x == 0) flag = 0;
 * __syncthreads();`), which the walk of the body sees through the
 * reference.  Asked once per function.
 */
static bool helper_synchronizes(struct wl_mem *mem, struct wl_func *fn,
				unsigned depth)
{
	struct sync_find sf = { mem, depth, false };
	uint64_t key = (uintptr_t)fn;
	uint32_t known;

	if (!fn || !fn->body || depth > MA_MAX_DEPTH)
		return false;
	if (wl_u64map_get(&mem->sync_helpers, key, &known))
		return known;
	wl_node_walk(fn->body, find_sync, &sf);
	/* a deeper ask cut short is not the function's answer */
	if (sf.found || !depth)
		wl_u64map_put(&mem->sync_helpers, key, sf.found);
	return sf.found;
}

/* ---- what a helper does with its reference parameters ---------------- */

static bool param_may_be_written(struct wl_mem *mem, struct wl_func *fn,
				 unsigned pi, unsigned depth);

/*
 * Functions of the toolkit and the C library that take their arguments
 * by value, for a dependent call no declaration resolves (`conj(x)` on a
 * template's T): the pure ones the evaluator knows (`abs`, `sqrt`,
 * `min`...), and these.
 */
static bool reads_its_arguments(const char *name)
{
	static const char *const names[] = {
		"conj", "real", "imag", "norm", "exp", "expf", "log", "logf",
		"cuConj", "cuConjf", "cuCreal", "cuCrealf", "cuCimag",
		"cuCimagf", "cuCabs", "cuCabsf",
	};
	unsigned i;

	if (wl_eval_pure_call(name))
		return true;
	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* Whether @fn's parameter @pi is a reference it may write through. */
static bool writable_reference_param(struct wl_func *fn, unsigned pi)
{
	CXType t;

	if (pi >= fn->nr_params)
		return true;	/* varargs: unknown */
	t = clang_getCursorType(fn->params[pi]->cursor);
	return is_lvalue_reference(t) &&
	       !clang_isConstQualifiedType(
		       clang_getPointeeType(clang_getCanonicalType(t)));
}

/* Whether the argument @u of @call may be written by the callee. */
static bool call_may_write(struct wl_mem *mem, struct wl_node *call,
			   struct wl_node *u, unsigned depth)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_func *callee = wl_call_target(m, call);
	unsigned i;

	if (call->kids[0] == u)
		return true;	/* a functor called: its operator() */
	for (i = 1; i < call->nr_kids && call->kids[i] != u; i++)
		;
	if (!callee)
		callee = wl_call_context_target(m, call);
	if (!callee)
		return !reads_its_arguments(wl_call_name(m, call));
	if (!writable_reference_param(callee, i - 1))
		return false;
	return param_may_be_written(mem, callee, i - 1, depth + 1);
}

struct param_write {
	struct wl_mem *mem;
	CXCursor param;
	unsigned depth;
	bool returns_reference;
	bool written;
};

/*
 * A use of the parameter that may write it: assigned, stepped, its
 * address taken, bound to a reference, handed to a member or to a call
 * that may write it, or returned by reference.  A use converted to a
 * value (the implicit cast up_parens() climbs) only reads.
 */
static bool find_param_write(struct wl_node *n, void *data)
{
	struct param_write *pw = data;
	struct wl_node *u, *p;
	bool compound;

	if (pw->written)
		return false;
	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), pw->param))
		return true;
	for (u = n; u->parent && u->parent->kind == CXCursor_ParenExpr;)
		u = u->parent;
	p = u->parent;
	if (!p || (p->kind == CXCursor_UnexposedExpr && p->nr_kids == 1))
		return true;	/* read as a value */
	switch (p->kind) {
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		pw->written = p->kids[0] == u &&
			      ma_is_assign_op(wl_node_binop(p), &compound);
		break;
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(p->cursor);

		pw->written = op == CXUnaryOperator_AddrOf || wl_unop_steps(op);
		break;
	}
	case CXCursor_CallExpr:
		pw->written = call_may_write(pw->mem, p, u, pw->depth);
		break;
	case CXCursor_ReturnStmt:
		pw->written = pw->returns_reference;
		break;
	case CXCursor_VarDecl:
		pw->written = is_lvalue_reference(clang_getCursorType(p->cursor));
		break;
	case CXCursor_ArraySubscriptExpr:
		pw->written = p->kids[0] == u;
		break;
	case CXCursor_ConditionalOperator:
	case CXCursor_MemberRefExpr:
	default:
		pw->written = true;	/* not followed: may write */
		break;
	}
	return !pw->written;
}

struct param_store {
	CXCursor param;
	bool other_use;
};

static bool find_param_other_use(struct wl_node *n, void *data)
{
	struct param_store *ps = data;
	struct wl_node *u;

	if (ps->other_use)
		return false;
	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), ps->param))
		return true;
	u = up_parens(n);	/* a read's implicit cast ends up here too */
	ps->other_use = !u->parent ||
			u->parent->kind != CXCursor_BinaryOperator ||
			u->parent->nr_kids != 2 || u->parent->kids[0] != u ||
			wl_node_binop(u->parent) != CXBinaryOperator_Assign;
	return !ps->other_use;
}

/*
 * Whether helper @fn only ever assigns its reference parameter @pi
 * (`flag = 0;`, the bisection samples' "not converged yet" marks): the
 * call then writes the caller's variable and reads nothing of it.
 */
static bool param_only_assigned(struct wl_func *fn, unsigned pi)
{
	struct param_store ps = { clang_getNullCursor(), false };

	if (!fn->body || pi >= fn->nr_params)
		return false;
	ps.param = fn->params[pi]->cursor;
	wl_node_walk(fn->body, find_param_other_use, &ps);
	return !ps.other_use;
}

/*
 * Whether helper @fn may write through its reference parameter @pi
 * (MAGMA's `OP<T, CONJA>(T &x)` only returns `conj(x)` or `x`, and its
 * caller's `sA[i]` is read, not written).  Memoised per parameter.
 */
static bool param_may_be_written(struct wl_mem *mem, struct wl_func *fn,
				 unsigned pi, unsigned depth)
{
	struct param_write pw = { mem, clang_getNullCursor(), depth, false,
				  false };
	uint64_t key = (uint64_t)(uintptr_t)fn * 64 + (pi & 63);
	CXType rt;
	uint32_t known;

	if (!fn->body || pi >= fn->nr_params || pi >= 64 ||
	    depth > MA_MAX_DEPTH)
		return true;
	if (wl_u64map_get(&mem->ref_writes, key, &known))
		return known;
	/* asked again while being answered (recursion): may write */
	wl_u64map_put(&mem->ref_writes, key, 1);
	pw.param = fn->params[pi]->cursor;
	rt = clang_getCanonicalType(clang_getCursorResultType(fn->cursor));
	pw.returns_reference = rt.kind == CXType_LValueReference &&
			       !clang_isConstQualifiedType(
				       clang_getPointeeType(rt));
	wl_node_walk(fn->body, find_param_write, &pw);
	wl_u64map_put(&mem->ref_writes, key, pw.written);
	return pw.written;
}

/*
 * Whether @ref names a reference parameter of a helper that passes a
 * barrier: the accesses through it are its body's (helper_synchronizes()).
 */
static bool synchronizing_reference(struct wl_mem *mem, struct wl_node *ref)
{
	CXCursor d = wl_node_referenced(ref);

	return clang_getCursorKind(d) == CXCursor_ParmDecl &&
	       is_lvalue_reference(clang_getCursorType(d)) &&
	       !(ref->func->flags & WL_FUNC_KERNEL) &&
	       helper_synchronizes(mem, ref->func, 0);
}

/* READ/WRITE of the lvalue @e, or 0 when it is not an access of ours. */
static unsigned access_kind(struct wl_mem *mem, struct wl_node *e,
			    const struct ma_member *mm)
{
	struct wl_model *m = &mem->ctx->model;
	struct wl_node *u = up_parens(e), *p = u->parent;
	bool compound;

	/* `s[i].get()` reads s[i] as get() does, if it says */
	if (mm && mm->accessor)
		return mm->kind;
	if (mm && mm->method && mm->resolved)
		return 0;	/* what the walk of its body sees */
	/* s[i].x = 1 writes s[i]: classify the member expression */
	while (p && p->kind == CXCursor_MemberRefExpr) {
		u = up_parens(p);
		p = u->parent;
	}
	if (!p)
		return WL_MEM_READ;
	/* `volatile int &start = starts[warp];` binds, reads nothing */
	if (p->kind == CXCursor_VarDecl &&
	    is_lvalue_reference(clang_getCursorType(p->cursor)))
		return 0;
	if ((p->kind == CXCursor_BinaryOperator ||
	     p->kind == CXCursor_CompoundAssignOperator) &&
	    p->nr_kids == 2 && p->kids[0] == u &&
	    ma_is_assign_op(wl_node_binop(p),
			 &compound))
		return compound ? WL_MEM_READ | WL_MEM_WRITE : WL_MEM_WRITE;
	if (p->kind == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(p->cursor);

		if (op == CXUnaryOperator_AddrOf)
			return address_use(m, p);
		if (wl_unop_steps(op))
			return WL_MEM_READ | WL_MEM_WRITE;
	}
	/*
	 * A bare lvalue passed to a call: in a template every argument is
	 * bare, and a by-value parameter only reads it.  A reference
	 * parameter of a known function may also write it.
	 */
	if (p->kind == CXCursor_CallExpr) {
		struct wl_func *fn = wl_call_target(m, p);
		unsigned i;

		if (!fn)	/* `Reducer::Reduce`, defined in another file */
			fn = wl_call_context_target(m, p);

		for (i = 1; fn && i < p->nr_kids && p->kids[i] != u; i++)
			;
		/* an object handed to a constructor or a helper by
		   reference is not read or written by the handing */
		if (is_object_type(clang_getCursorType(u->cursor)) &&
		    !(fn && i < p->nr_kids &&
		      param_used_as_scalar(fn, i - 1)))
			return 0;
		if (fn && i <= fn->nr_params && i < p->nr_kids) {
			CXType t = clang_getCursorType(fn->params[i - 1]->cursor);

			if (is_lvalue_reference(t) &&
			    helper_synchronizes(mem, fn, 0))
				return 0;	/* its body's accesses are */
			if (writable_reference_param(fn, i - 1) &&
			    param_may_be_written(mem, fn, i - 1, 0))
				return param_only_assigned(fn, i - 1)
					       ? WL_MEM_WRITE
					       : WL_MEM_READ | WL_MEM_WRITE;
		}
	}
	return WL_MEM_READ;
}

/* The name the access is spelled through, and its subscripts. */
static struct wl_node *access_base(struct wl_node *e, struct wl_node **idx,
				   unsigned *nr)
{
	struct wl_node *n = ma_strip(e);

	*nr = 0;
	while (n) {
		if (n->kind == CXCursor_ArraySubscriptExpr && n->nr_kids == 2) {
			if (*nr < 4)
				idx[(*nr)++] = n->kids[1];
			n = ma_strip(n->kids[0]);
		} else if (n->kind == CXCursor_UnaryOperator &&
			   n->nr_kids == 1) {
			n = ma_strip(n->kids[0]);
		} else if (n->kind == CXCursor_BinaryOperator &&
			   n->nr_kids == 2) {
			struct wl_node *l = ma_strip(n->kids[0]);

			n = l && l->kind != CXCursor_IntegerLiteral
				    ? l : ma_strip(n->kids[1]);
		} else {
			return n;
		}
	}
	return NULL;
}

/* The pointer variable or parameter an access goes through. */
static struct wl_node *pointer_decl(struct wl_mem *mem, struct wl_node *base)
{
	CXCursor d;
	enum CXCursorKind k;
	int pi;

	if (!base || base->kind != CXCursor_DeclRefExpr || !base->func)
		return NULL;
	d = wl_node_referenced(base);
	k = clang_getCursorKind(d);
	if (clang_getCanonicalType(clang_getCursorType(d)).kind !=
	    CXType_Pointer)
		return NULL;
	if (k == CXCursor_ParmDecl) {
		pi = ma_param_index(base->func, d);
		return pi >= 0 ? base->func->params[pi] : NULL;
	}
	if (k == CXCursor_VarDecl) {
		struct wl_var *v = wl_eval_var(&mem->ctx->eval, base);

		return v ? v->decl_node : NULL;
	}
	return NULL;
}

/*
 * A name that is itself the storage: `total` of `__shared__ int total`,
 * or a local reference bound to shared memory (`volatile int &start =
 * starts[warp]`); its location (memstore.c) decides whether lanes share
 * it.  A reference parameter is not: the call that binds it is the
 * access (access_kind()), unless its helper passes a barrier.  Arrays
 * are accessed through their subscripts, a struct through its members,
 * and a pointer variable is no memory of ours.
 */
static bool scalar_candidate(struct wl_mem *mem, struct wl_node *n)
{
	struct wl_node *p = up_parens(n)->parent;
	CXCursor d = wl_node_referenced(n);
	CXType t = clang_getCanonicalType(clang_getCursorType(d));
	CXType v = clang_getCanonicalType(clang_getCursorType(n->cursor));

	if (p && p->kind == CXCursor_MemberRefExpr)
		return false;
	if (v.kind == CXType_Record || v.kind == CXType_Pointer ||
	    v.kind == CXType_ConstantArray || v.kind == CXType_IncompleteArray ||
	    v.kind == CXType_DependentSizedArray || v.kind == CXType_Invalid)
		return false;
	if (n->func && synchronizing_reference(mem, n))
		return true;
	/* clang could not type it: `skip[N]` with N unknown is no int */
	if (clang_getCursorKind(d) != CXCursor_VarDecl ||
	    clang_isInvalidDeclaration(d))
		return false;
	return t.kind == CXType_LValueReference || wl_eval_is_shared(d);
}

/*
 * `p->f` through a pointer that is not `this` (class members are
 * memmember.c's): the element `*p` as `(*p).f` reaches it, so that a
 * helper handed `outcome + threadIdx.x + 16` is seen to read the next
 * lane's vertex.  Not a row (`p->cells[i]` is the subscript's access).
 */
static bool arrow_candidate(struct wl_node *n)
{
	struct wl_node *base = n->nr_kids ? ma_strip(n->kids[0]) : NULL;
	struct wl_node *p = up_parens(n)->parent;
	enum CXTypeKind k;

	if (!base || base->kind == CXCursor_CXXThisExpr ||
	    clang_getCanonicalType(clang_getCursorType(base->cursor)).kind !=
		    CXType_Pointer)
		return false;
	k = clang_getCanonicalType(clang_getCursorType(n->cursor)).kind;
	if (k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	    k == CXType_DependentSizedArray || k == CXType_Invalid)
		return false;
	/* `p->f.g` is the access of `p->f`; `p->f(...)` a call */
	return !(p && p->kind == CXCursor_CallExpr && p->nr_kids &&
		 up_parens(n) == p->kids[0]);
}

/* Whether @n is an lvalue this analysis looks at, outermost. */
static bool is_candidate(struct wl_mem *mem, struct wl_node *n)
{
	struct wl_node *p;
	enum CXTypeKind k;

	if (n->kind == CXCursor_DeclRefExpr)
		return scalar_candidate(mem, n);
	if (n->kind == CXCursor_MemberRefExpr)
		return arrow_candidate(n);
	if (n->kind == CXCursor_UnaryOperator) {
		if (n->nr_kids != 1 || clang_getCursorUnaryOperatorKind(
					       n->cursor) !=
					       CXUnaryOperator_Deref)
			return false;
	} else if (n->kind != CXCursor_ArraySubscriptExpr || n->nr_kids != 2) {
		return false;
	}
	/* s[y] alone of a 2-D array is a row, not an access */
	k = clang_getCanonicalType(clang_getCursorType(n->cursor)).kind;
	if (k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	    k == CXType_DependentSizedArray)
		return false;
	/* only the outermost subscript of s[y][x] is the access */
	p = up_parens(n)->parent;
	if (p && p->kind == CXCursor_ArraySubscriptExpr && p->nr_kids &&
	    up_parens(n) == p->kids[0])
		return false;
	return true;
}

/* `ThreadStore(p, v)`: the pointer argument @n as an access. */
static void collect_pointer_arg(struct wl_mem *mem, struct wl_node *n)
{
	struct ma_eval ev = { .mem = mem, .tid = 0 };
	struct wl_mem_access *a;
	struct ma_loc loc;

	ma_pointer_loc(&ev, n, NULL, &loc);
	if (loc.array < 0 || n->index >= mem->nr_access_of ||
	    mem->access_of[n->index] >= 0)
		return;
	WL_GROW(mem->accesses, mem->nr_accesses, mem->alloc_accesses);
	a = &mem->accesses[mem->nr_accesses];
	memset(a, 0, sizeof(*a));
	a->expr = n;
	a->base = ma_strip(n);
	a->stmt = wl_mem_statement(n);
	a->array = (unsigned)loc.array;
	a->flags = pointer_arg_use(&mem->ctx->model, n);
	if (clang_isVolatileQualifiedType(clang_getPointeeType(
		    clang_getCursorType(a->base->cursor))))
		a->flags |= WL_MEM_VOLATILE;
	a->ptr_decl = pointer_decl(mem, a->base);
	a->by_address = true;
	mem->access_of[n->index] = (int)mem->nr_accesses++;
}

/*
 * Whether the subscript @n is the element of a member expression
 * (`p[i].y`, `p[i].get()`), and which member, in *@mm.
 */
static bool element_member(struct wl_model *m, struct wl_node *n,
			   struct ma_member *mm)
{
	struct wl_node *u = up_parens(n), *p = u->parent;

	memset(mm, 0, sizeof(*mm));
	if (!p || p->kind != CXCursor_MemberRefExpr || !p->nr_kids ||
	    p->kids[0] != u)
		return false;
	ma_member_of(m, n, p, mm);
	return true;
}

bool ma_collect_access(struct wl_node *n, void *data)
{
	struct wl_mem *mem = data;
	struct wl_mem_access *a;
	struct wl_node *idx[4];
	struct ma_eval ev = { .mem = mem, .tid = 0 };
	struct ma_loc loc;
	struct ma_member mm;
	unsigned nr = 0, i, kind;
	bool by_address = false, member;

	if (n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->kind == CXCursor_CallExpr) {
		/* the call's own pointer arguments, then its subtree */
		for (i = 1; i < n->nr_kids; i++)
			if (pointer_arg_use(&mem->ctx->model, n->kids[i]))
				collect_pointer_arg(mem, n->kids[i]);
		return true;
	}
	if (!is_candidate(mem, n))
		return true;
	ma_lvalue_loc(&ev, n, NULL, &loc);
	if (loc.array < 0)
		return true;
	member = element_member(&mem->ctx->model, n, &mm);
	kind = access_kind(mem, n, member ? &mm : NULL);
	if (!kind)
		return true;
	WL_GROW(mem->accesses, mem->nr_accesses, mem->alloc_accesses);
	a = &mem->accesses[mem->nr_accesses];
	memset(a, 0, sizeof(*a));
	a->expr = n;
	a->base = access_base(n, idx, &nr);
	if (!a->base)
		a->base = n;
	a->nr_idx = nr;
	for (i = 0; i < nr; i++)
		a->idx[i] = idx[nr - 1 - i];	/* outermost dimension first */
	a->stmt = wl_mem_statement(n);
	a->array = (unsigned)loc.array;
	a->flags = kind;
	if (clang_isVolatileQualifiedType(clang_getCursorType(n->cursor)))
		a->flags |= WL_MEM_VOLATILE;
	a->ptr_decl = pointer_decl(mem, a->base);
	a->by_address = by_address;
	a->field = mm.field;
	if (n->index < mem->nr_access_of)
		mem->access_of[n->index] = (int)mem->nr_accesses;
	mem->nr_accesses++;
	return true;
}

int wl_mem_access_of(const struct wl_mem *mem, const struct wl_node *expr)
{
	if (!expr || expr->index >= mem->nr_access_of)
		return -1;
	return mem->access_of[expr->index];
}

/* ---- barriers --------------------------------------------------------- */

bool wl_mem_is_barrier(struct wl_model *m, struct wl_node *call)
{
	static const char *const names[] = {
		"__syncwarp", "__syncthreads", "__syncthreads_count",
		"__syncthreads_and", "__syncthreads_or", "__barrier_sync",
	};
	const char *name = wl_call_name(m, call);
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	/*
	 * Cooperative groups (tile.sync(), cg::sync(g)); and a barrier whose
	 * header the parse did not see (`gbar.Sync()` of a grid barrier, a
	 * `block_barrier()`): its name is all there is to go by, and a race
	 * reported across a barrier is a false alarm in every file that
	 * lacks one header.
	 */
	if (!strcmp(name, "sync") || !strcmp(name, "barrier_wait") ||
	    !strcmp(name, "arrive_and_wait"))
		return !wl_call_target(m, call);
	if (word_of(name, "sync", true) || word_of(name, "barrier", true))
		return !wl_call_target(m, call) &&
		       clang_Cursor_isNull(wl_node_referenced(call));
	return false;
}

bool ma_access_loc(struct ma_eval *ev, const struct wl_mem_access *a,
		   const struct ma_env *env, struct ma_loc *loc)
{
	if (a->by_address)
		return ma_pointer_loc(ev, a->expr, env, loc);
	return ma_lvalue_loc(ev, a->expr, env, loc);
}

uint32_t wl_mem_lanes_reaching(struct wl_mem *mem, struct wl_node *node)
{
	struct ma_env env;
	uint32_t lanes = 0;
	unsigned t;

	memset(&env, 0, sizeof(env));
	for (t = 0; t < 32; t++)
		if (ma_active(mem, node, &env, t))
			lanes |= 1u << t;
	return lanes;
}

bool wl_mem_cond_splits_warp(struct wl_mem *mem, struct wl_node *cond)
{
	long long v, first = 0;
	unsigned t;

	for (t = 0; t < 32; t++) {
		if (!ma_eval_exact(mem, cond, NULL, t, &v))
			return false;
		if (!t)
			first = v != 0;
		else if ((v != 0) != first)
			return true;
	}
	return false;
}

bool wl_mem_index(struct wl_mem *mem, unsigned ai, unsigned tid,
		  long long *element, bool *is_active)
{
	struct wl_mem_access *a = &mem->accesses[ai];
	struct ma_eval ev = { .mem = mem, .tid = tid };
	struct ma_env env;
	struct ma_loc loc;

	memset(&env, 0, sizeof(env));
	*is_active = ma_active(mem, a->expr, &env, tid);
	if (!ma_access_loc(&ev, a, &env, &loc))
		return false;
	*element = loc.elem;
	return true;
}
