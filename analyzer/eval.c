/* SPDX-License-Identifier: MIT */
/*
 * The uniformity analysis: what each variable holds, which write reaches
 * a use, and how much a value varies (per block, row, warp or lane).
 * Constant evaluation is evalint.c's, trip counts evaltrip.c's.
 */

#include "analyzer/eval.h"

#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/evalcall.h"
#include "analyzer/reach.h"
#include "base/util.h"

struct var_slot {
	unsigned hash;
	struct wl_var *var;
};

struct func_facts {
	struct wl_func *fn;
	bool vars_done;
	bool in_progress;	/* guards recursion through the call graph */
	bool thread_done;
	enum wl_dep thread_dep;	/* what calling it adds beyond its args */
	bool by_returns;	/* thread_dep is what it returns, args and all */
};

struct wl_eval_cache {
	struct var_slot *slots;
	unsigned nr_slots, nr_used;
	struct func_facts *funcs;
	unsigned nr_funcs;
	struct wl_var **all;
	unsigned nr_all, alloc_all;
	unsigned reach_depth;	/* nesting of wl_eval_reaching() */
	/*
	 * What each reaching value (by node index) was found to vary as,
	 * valid while reach_gen[] is @gen: a hash's rounds reassign each
	 * variable from two earlier ones, and without it each use re-derives
	 * the whole chain, exponentially (ccminer's BMW took minutes).
	 * solve_vars() moves @gen on whenever a variable's answer changes.
	 */
	unsigned char *reach_dep;
	unsigned *reach_gen;
	unsigned nr_reach, gen;
};

void wl_eval_init(struct wl_eval *ev, struct wl_model *model)
{
	unsigned i;

	memset(ev, 0, sizeof(*ev));
	ev->model = model;
	ev->cache = wl_xcalloc(1, sizeof(*ev->cache));
	/* the file's functions, then those of the context (a header's pass) */
	ev->cache->nr_funcs = model->nr_funcs + model->nr_ctx_funcs;
	ev->cache->funcs = wl_xcalloc(ev->cache->nr_funcs + 1,
				      sizeof(*ev->cache->funcs));
	for (i = 0; i < model->nr_funcs; i++)
		ev->cache->funcs[i].fn = model->funcs[i];
	for (i = 0; i < model->nr_ctx_funcs; i++)
		ev->cache->funcs[model->nr_funcs + i].fn = model->ctx_funcs[i];
	ev->cache->nr_slots = 256;
	ev->cache->slots = wl_xcalloc(ev->cache->nr_slots,
				      sizeof(*ev->cache->slots));
}

void wl_eval_release(struct wl_eval *ev)
{
	struct wl_eval_cache *c = ev->cache;
	unsigned i;

	wl_evalcall_release(ev);
	if (!c)
		return;
	for (i = 0; i < c->nr_all; i++) {
		free(c->all[i]->writes);
		free(c->all[i]->outs);
		free(c->all[i]);
	}
	free(c->all);
	free(c->slots);
	free(c->funcs);
	free(c->reach_dep);
	free(c->reach_gen);
	free(c);
	ev->cache = NULL;
}

static struct func_facts *facts_of(struct wl_eval *ev, struct wl_func *fn)
{
	struct wl_eval_cache *c = ev->cache;
	unsigned ctx_at;

	if (!fn)
		return NULL;
	if (fn->index < c->nr_funcs && c->funcs[fn->index].fn == fn)
		return &c->funcs[fn->index];
	ctx_at = ev->model->nr_funcs + fn->index;
	if (ctx_at < c->nr_funcs && c->funcs[ctx_at].fn == fn)
		return &c->funcs[ctx_at];
	return NULL;
}

/*
 * The function @call runs: the file's, or in a header's pass one of the
 * context's (another header's helper that the includer also sees), when
 * clang resolved the call to it; never one matched by name alone.
 */
static struct wl_func *called_function(struct wl_eval *ev,
				       struct wl_node *call)
{
	struct wl_func *fn = wl_call_target(ev->model, call);

	if (!fn && !clang_Cursor_isNull(wl_node_referenced(call)))
		fn = wl_call_context_target(ev->model, call);
	return fn;
}

static struct wl_var **slot_for(struct wl_eval_cache *c, CXCursor decl)
{
	unsigned h = clang_hashCursor(decl), i = h % c->nr_slots;

	while (c->slots[i].var) {
		if (c->slots[i].hash == h &&
		    wl_cursor_equal(c->slots[i].var->decl, decl))
			break;
		i = (i + 1) % c->nr_slots;
	}
	c->slots[i].hash = h;
	return &c->slots[i].var;
}

static void grow_slots(struct wl_eval_cache *c)
{
	struct var_slot *old = c->slots;
	unsigned n = c->nr_slots, i;

	c->nr_slots *= 2;
	c->slots = wl_xcalloc(c->nr_slots, sizeof(*c->slots));
	for (i = 0; i < n; i++)
		if (old[i].var)
			*slot_for(c, old[i].var->decl) = old[i].var;
	free(old);
}

static struct wl_var *lookup_var(struct wl_eval_cache *c, CXCursor decl)
{
	unsigned h = clang_hashCursor(decl), i = h % c->nr_slots;

	while (c->slots[i].var) {
		if (c->slots[i].hash == h &&
		    wl_cursor_equal(c->slots[i].var->decl, decl))
			return c->slots[i].var;
		i = (i + 1) % c->nr_slots;
	}
	return NULL;
}

static struct wl_var *add_var(struct wl_eval_cache *c, struct wl_node *decl)
{
	struct wl_var *v;

	if (lookup_var(c, decl->cursor))
		return lookup_var(c, decl->cursor);
	if (2 * (c->nr_used + 1) > c->nr_slots)
		grow_slots(c);
	v = wl_xcalloc(1, sizeof(*v));
	v->decl = decl->cursor;
	v->decl_node = decl;
	*slot_for(c, decl->cursor) = v;
	c->nr_used++;
	WL_GROW(c->all, c->nr_all, c->alloc_all);
	c->all[c->nr_all++] = v;
	return v;
}

static struct wl_node *enclosing_block(struct wl_node *n)
{
	for (n = n->parent; n; n = n->parent)
		if (n->kind == CXCursor_CompoundStmt || wl_node_is_loop(n))
			return n;
	return NULL;
}

static bool is_array_or_record(CXCursor decl)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(decl)).kind;

	return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	       k == CXType_Record || k == CXType_Elaborated;
}

/*
 * The expression a declaration initializes its variable with, or NULL.
 * An array or struct declared without one still has a kid: the implicit
 * call of its default constructor, which sets nothing per thread.
 */
static struct wl_node *initializer(struct wl_node *decl)
{
	struct wl_node *init = decl->kids[decl->nr_kids - 1];

	if (is_array_or_record(decl->cursor) &&
	    init->kind == CXCursor_CallExpr && init->nr_kids == 0)
		return NULL;
	return init;
}

/* Whether @decl is declared __shared__ (memory the whole block sees). */
static enum CXChildVisitResult find_shared_attr(CXCursor c, CXCursor parent,
						CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

bool wl_eval_is_shared(CXCursor decl)
{
	bool yes = false;

	if (clang_getCursorKind(decl) != CXCursor_VarDecl)
		return false;
	clang_visitChildren(decl, find_shared_attr, &yes);
	return yes;
}

static bool is_pointer(const struct wl_node *n)
{
	enum CXTypeKind k = clang_getCanonicalType(
		clang_getCursorType(n->cursor)).kind;

	return k == CXType_Pointer || k == CXType_BlockPointer;
}

/*
 * The variable whose own value an assignment to @lhs changes, if any: the
 * variable itself, an element of a local array, a field of a local struct.
 * A store through a pointer (`p[i] = v`, `*p = v`, `p->f = v`) changes
 * memory, not the pointer: a kernel's `float *grad` stays block-uniform
 * after `grad[i] = x`.
 */
static struct wl_var *written_var(struct wl_eval *ev, struct wl_node *lhs)
{
	lhs = wl_node_strip(lhs);
	while (lhs && lhs->nr_kids &&
	       (lhs->kind == CXCursor_ArraySubscriptExpr ||
		lhs->kind == CXCursor_MemberRefExpr)) {
		struct wl_node *base = wl_node_strip(lhs->kids[0]);

		/* a[i] with a pointer a, p->f: memory, not a variable */
		if (!base || is_pointer(base))
			return NULL;
		lhs = base;
	}
	if (!lhs || lhs->kind != CXCursor_DeclRefExpr)
		return NULL;
	return lookup_var(ev->cache, wl_node_referenced(lhs));
}

static void add_write(struct wl_var *v, struct wl_node *write)
{
	WL_GROW(v->writes, v->nr_writes, v->alloc_writes);
	v->writes[v->nr_writes++] = write;
}

struct collect_ctx {
	struct wl_eval *ev;
};

/*
 * Note whether clang dropped @v's initializer for a parse error: the
 * text after the declared name, up to the next declarator of the
 * statement, holds one.
 */
static void note_unparsed_init(struct wl_eval *ev, struct wl_var *v)
{
	struct wl_node *decl = v->decl_node, *stmt = decl->parent;
	unsigned end, i;

	if (v->init || !decl->in_main || !stmt ||
	    stmt->kind != CXCursor_DeclStmt)
		return;
	end = stmt->end;
	for (i = 0; i + 1 < stmt->nr_kids; i++)
		if (stmt->kids[i] == decl)
			end = stmt->kids[i + 1]->begin;
	if (decl->end < end &&
	    wl_model_error_within(ev->model, decl->end, end)) {
		v->init_unparsed = true;
		v->init_begin = decl->end;
		v->init_end = end;
	}
}

static bool collect_decls(struct wl_node *n, void *data)
{
	struct collect_ctx *cc = data;
	struct wl_var *v;

	if (n->kind != CXCursor_VarDecl && n->kind != CXCursor_ParmDecl)
		return true;
	v = add_var(cc->ev->cache, n);
	v->is_param = n->kind == CXCursor_ParmDecl;
	v->is_shared = wl_eval_is_shared(n->cursor);
	v->scope = enclosing_block(n);
	if (n->kind == CXCursor_VarDecl && n->nr_kids)
		v->init = initializer(n);
	note_unparsed_init(cc->ev, v);
	return true;
}

static bool asm_reads_laneid(struct wl_eval *ev, struct wl_node *n)
{
	char *text = wl_node_text(ev->model, n);
	bool yes = text && strstr(text, "%laneid");

	free(text);
	return yes;
}

/*
 * An asm statement that only moves PTX special registers that every
 * thread of a block reads alike (`mov.u32 %0, %%smid;`, the SM that per-SM
 * state is indexed by; the block's and the grid's ids and sizes) into its
 * outputs: no input operand, every register named one of those.
 */
static bool asm_reads_block_registers(struct wl_eval *ev, struct wl_node *n)
{
	static const char *const block_regs[] = {
		"smid", "nsmid", "gridid", "nwarpid", "ctaid", "nctaid",
		"ntid", "clusterid", "nclusterid", "cluster_ctaid",
		"cluster_nctaid", "cluster_ctarank", "cluster_nctarank",
	};
	char *text, *p;
	unsigned i, seen = 0, other = 0;

	for (i = 0; i < n->nr_kids; i++)
		if (n->kids[i]->kind != CXCursor_DeclRefExpr &&
		    n->kids[i]->kind != CXCursor_StringLiteral)
			return false;	/* an input operand */
	text = wl_node_text(ev->model, n);
	for (p = text ? strstr(text, "%%") : NULL; p; p = strstr(p, "%%")) {
		size_t len = 0;
		bool known = false;

		p += 2;
		while (isalnum((unsigned char)p[len]) || p[len] == '_')
			len++;
		for (i = 0; i < sizeof(block_regs) / sizeof(*block_regs); i++)
			known |= strlen(block_regs[i]) == len &&
				 !strncmp(p, block_regs[i], len);
		if (known)
			seen++;
		else
			other++;
	}
	free(text);
	return seen && !other;
}

static bool is_writable_reference(CXType t)
{
	return t.kind == CXType_LValueReference &&
	       !clang_isConstQualifiedType(clang_getPointeeType(t));
}

struct ref_scan {
	CXCursor param;
	bool written;
};

/* Whether the use @n of a reference parameter may write what it names. */
static bool use_writes(struct wl_node *n)
{
	struct wl_node *p;

	/* s.f, s[i] of an object (not through a pointer) name part of it */
	for (p = n->parent; p && (p->kind == CXCursor_ParenExpr ||
				  ((p->kind == CXCursor_MemberRefExpr ||
				    p->kind == CXCursor_ArraySubscriptExpr) &&
				   p->nr_kids && p->kids[0] == n &&
				   !is_pointer(n)));
	     n = p, p = p->parent)
		;
	if (!p)
		return false;
	switch (p->kind) {
	case CXCursor_BinaryOperator:
		return wl_node_binop(p) == CXBinaryOperator_Assign &&
		       p->nr_kids == 2 && p->kids[0] == n;
	case CXCursor_CompoundAssignOperator:
		return p->nr_kids == 2 && p->kids[0] == n;
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(p->cursor);

		return op == CXUnaryOperator_AddrOf || wl_unop_steps(op);
	}
	case CXCursor_CallExpr:
		/* bare, it may bind to another reference; read, it is cast */
		return true;
	case CXCursor_GCCAsmStmt:
		return true;
	default:
		return false;
	}
}

static bool find_ref_write(struct wl_node *n, void *data)
{
	struct ref_scan *rs = data;

	if (n->kind == CXCursor_DeclRefExpr &&
	    wl_cursor_equal(wl_node_referenced(n), rs->param) && use_writes(n))
		rs->written = true;
	return !rs->written;
}

/*
 * Whether @fn, whose body is in sight, never writes through its
 * reference parameter @i: no assignment or step, its address not taken,
 * not handed on bare to another call.  b40c's kernels hand every kernel
 * parameter to a dispatch helper by reference (`VertexId &iteration`);
 * the helper only reads them, so they stay as uniform as the kernel's.
 * Read from the syntax alone: the helper's variables may be being solved
 * right now (it asked about its callers' arguments).
 */
static bool reference_kept(struct wl_func *fn, unsigned i)
{
	struct ref_scan rs = { fn->params[i]->cursor, false };

	if (!fn->body)
		return false;
	wl_node_walk(fn->body, find_ref_write, &rs);
	return !rs.written;
}

/*
 * Whether argument @i of @call may bind to a non-const reference: ask the
 * callee's declared parameter types (also a function declared in a
 * header); without them, a bare variable in a resolved call means a
 * reference (a by-value argument is wrapped in a conversion), while a
 * dependent call in a template has no conversions yet and is assumed to
 * take values.
 */
static bool binds_reference(struct wl_eval *ev, struct wl_node *call,
			    unsigned i, bool dependent)
{
	struct wl_func *fn = wl_call_target(ev->model, call);
	CXCursor callee;
	CXType ft;
	int n;

	if (fn)
		return i < fn->nr_params &&
		       is_writable_reference(
			       clang_getCursorType(fn->params[i]->cursor)) &&
		       !reference_kept(fn, i);
	callee = wl_node_referenced(call);
	ft = clang_getCursorType(callee);
	n = clang_getNumArgTypes(ft);
	if (!clang_Cursor_isNull(callee) && n >= 0) {
		/* A method called as obj.f(x): the object is no argument. */
		if ((unsigned)n <= i)
			return clang_isFunctionTypeVariadic(ft) != 0;
		return is_writable_reference(clang_getArgType(ft, (unsigned)i));
	}
	return !dependent;
}

/*
 * A variable (or an element or field of one) passed to a non-const
 * reference parameter may be written by the call.  CUDA's own intrinsics
 * take values.
 */
static void mark_reference_args(struct wl_eval *ev, struct wl_node *call)
{
	const char *name = wl_call_name(ev->model, call);
	struct wl_node *args[32];
	unsigned i, n;
	bool dependent;
	struct wl_var *v;

	if (wl_starts_with(name, "__"))
		return;
	dependent = wl_call_dependent(call);
	n = wl_call_args(call, args, 32);
	for (i = 0; i < n && i < 32; i++) {
		enum CXCursorKind k = args[i]->kind;

		/* Only an lvalue as written binds to a reference. */
		if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr &&
		    k != CXCursor_ArraySubscriptExpr)
			continue;
		v = written_var(ev, args[i]);
		if (!v || !binds_reference(ev, call, i, dependent))
			continue;
		v->addr_taken = true;
		/* d.limits(v): a method that fills v's fields */
		if (k == CXCursor_DeclRefExpr &&
		    wl_evalout_is_out_arg(ev, args[i])) {
			WL_GROW(v->outs, v->nr_outs, v->alloc_outs);
			v->outs[v->nr_outs++] = args[i];
		} else {
			v->addr_escapes = true;
		}
	}
}

static bool collect_writes(struct wl_node *n, void *data)
{
	struct collect_ctx *cc = data;
	struct wl_var *v;
	unsigned i;

	switch (n->kind) {
	case CXCursor_BinaryOperator:
		if (wl_node_binop(n) !=
			    CXBinaryOperator_Assign ||
		    n->nr_kids != 2)
			break;
		/* fallthrough */
	case CXCursor_CompoundAssignOperator:
		v = n->nr_kids == 2 ? written_var(cc->ev, n->kids[0]) : NULL;
		if (v)
			add_write(v, n);
		break;
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(n->cursor);

		if (!n->nr_kids)
			break;
		v = written_var(cc->ev, n->kids[0]);
		if (!v)
			break;
		if (op == CXUnaryOperator_AddrOf) {
			v->addr_taken = true;
			if (wl_evalout_is_out_arg(cc->ev, n)) {
				WL_GROW(v->outs, v->nr_outs, v->alloc_outs);
				v->outs[v->nr_outs++] = n;
			} else {
				v->addr_escapes = true;
			}
		} else if (wl_unop_steps(op))
			add_write(v, n);
		break;
	}
	case CXCursor_GCCAsmStmt:
		/*
		 * Output operands are bare lvalues; inputs are wrapped in an
		 * lvalue-to-rvalue conversion, so only bare ones are written.
		 */
		for (i = 0; i < n->nr_kids; i++) {
			if (n->kids[i]->kind != CXCursor_DeclRefExpr)
				continue;
			v = written_var(cc->ev, n->kids[i]);
			if (!v)
				continue;
			if (asm_reads_laneid(cc->ev, n)) {
				v->is_lane_id = true;
			} else if (asm_reads_block_registers(cc->ev, n)) {
				/* uniform, but of a value not known */
				v->addr_taken = true;
				v->is_block_reg = true;
			} else {
				v->addr_taken = v->addr_escapes = true;
			}
		}
		break;
	case CXCursor_CallExpr:
		mark_reference_args(cc->ev, n);
		break;
	default:
		break;
	}
	return true;
}

static enum wl_dep guard_dep(struct wl_eval *ev, struct wl_node *n,
			     struct wl_node *stop);

/*
 * How much the value a write stores varies.  Conditions count only inside
 * the variable's scope: a variable declared within a divergent branch is
 * the same for all lanes that run the branch, if what it is computed from
 * is.  (A loop whose trip count varies is rejected separately.)
 */
static enum wl_dep write_dep(struct wl_eval *ev, struct wl_var *v,
			     struct wl_node *w)
{
	enum wl_dep d = guard_dep(ev, w, v->is_param ? NULL : v->scope);

	if (w->kind == CXCursor_UnaryOperator)
		return wl_dep_max(d, v->dep);
	if (w->nr_kids == 2)
		d = wl_dep_max(d, wl_eval_dep(ev, w->kids[1]));
	if (w->kind == CXCursor_CompoundAssignOperator)
		d = wl_dep_max(d, v->dep);
	return d;
}

/* What a call that stores into @v through @addr (`&v`) stores. */
static enum wl_dep out_dep(struct wl_eval *ev, struct wl_var *v,
			   struct wl_node *addr)
{
	return wl_dep_max(guard_dep(ev, addr, v->is_param ? NULL : v->scope),
			  wl_evalout_dep(ev, addr));
}

static enum wl_dep param_dep(struct wl_eval *ev, struct wl_var *v);

/* What a dropped initializer held: unknown, or read from its tokens. */
static enum wl_dep unparsed_init_dep(struct wl_eval *ev, struct wl_var *v)
{
	if (!ev->trust_unseen)
		return WL_DEP_LANE;
	return wl_eval_unparsed_dep(ev, v->decl_node, v->init_begin,
				    v->init_end);
}

/* @unsolved: only note the variables, as a context function's. */
static void solve_vars(struct wl_eval *ev, struct wl_func *fn, bool unsolved)
{
	struct wl_eval_cache *c = ev->cache;
	bool changed = true;
	unsigned i, j, first = c->nr_all, last, rounds = 0;
	struct collect_ctx cc = { ev };

	wl_node_walk(fn->root, collect_decls, &cc);
	wl_node_walk(fn->root, collect_writes, &cc);
	/*
	 * param_dep() below may solve a caller in a nested call, appending
	 * its variables: they are solved already and are not @fn's.
	 */
	last = c->nr_all;
	if (unsolved) {
		for (i = first; i < last; i++) {
			struct wl_var *v = c->all[i];

			v->unsolved = true;
			v->dep = v->is_shared ? WL_DEP_BLOCK : WL_DEP_LANE;
			v->entry_dep = v->dep;
		}
		return;
	}
	for (i = first; i < last; i++) {
		struct wl_var *v = c->all[i];

		v->dep = WL_DEP_CONST;
		if (v->is_shared) {
			/* One copy for the block: what it holds is memory. */
			v->dep = WL_DEP_BLOCK;
			continue;
		}
		if (v->is_param)
			v->dep = (fn->flags & WL_FUNC_KERNEL) ? WL_DEP_BLOCK
							      : param_dep(ev, v);
		if (v->is_block_reg)
			v->dep = WL_DEP_BLOCK;
		v->entry_dep = v->dep;
		if (v->addr_escapes)
			v->dep = WL_DEP_LANE;
		if (v->is_lane_id)
			v->dep = WL_DEP_LANE;
	}
	/* Optimistic fixpoint: raise each variable to what flows into it. */
	c->gen++;
	while (changed && rounds++ < 16) {
		changed = false;
		for (i = first; i < last; i++) {
			struct wl_var *v = c->all[i];
			enum wl_dep d = v->dep;

			if (v->is_shared)
				continue;
			if (v->init)
				d = wl_dep_max(d, wl_eval_dep(ev, v->init));
			if (v->init_unparsed)
				d = wl_dep_max(d, unparsed_init_dep(ev, v));
			for (j = 0; j < v->nr_writes && d < WL_DEP_LANE; j++)
				d = wl_dep_max(d, write_dep(ev, v, v->writes[j]));
			for (j = 0; j < v->nr_outs && d < WL_DEP_LANE; j++)
				d = wl_dep_max(d, out_dep(ev, v, v->outs[j]));
			if (d != v->dep) {
				v->dep = d;
				changed = true;
				c->gen++;	/* answers resting on it are stale */
			}
		}
	}
}

static void ensure_func(struct wl_eval *ev, struct wl_func *fn)
{
	struct func_facts *f = facts_of(ev, fn);

	if (!f || f->vars_done)
		return;
	f->vars_done = true;
	/*
	 * A context function's locals stay unsolved, memory all threads
	 * see (declref_dep()): its callers' own callers are not in sight,
	 * and solving it through them read its loops as divergent (SHOC's
	 * QTC, where a kernel's loop and the helper it calls each wait on
	 * the other's answer).  What it returns is still judged from its
	 * code.  Its variables are noted all the same, so that the memory
	 * walk entering a header's helper from another file's kernel sees
	 * the kernel's guards (`idx == 0` for `idx = threadIdx.x + ...`:
	 * CUDPP's Huffman tree, built by one thread).
	 *
	 * That trust is WL501's, which reports; a mask must not rest on it
	 * (`int lane = threadIdx.x & 31; if (lane < 16) v = warp_sum(v);`
	 * in the includer's helper gave the header's shuffle a full mask):
	 * the evaluation that does not trust what it cannot see solves a
	 * context function like the file's own, through the callers the
	 * model climbed to (analyzer/model.c, context_level()).
	 */
	solve_vars(ev, fn, ev->trust_unseen &&
				   f - ev->cache->funcs >=
					   (ptrdiff_t)ev->model->nr_funcs);
}

struct wl_var *wl_eval_var(struct wl_eval *ev, const struct wl_node *ref)
{
	CXCursor decl = wl_node_referenced(ref);

	if (ref->func)
		ensure_func(ev, ref->func);
	return lookup_var(ev->cache, decl);
}

bool wl_eval_named_var_dep(struct wl_eval *ev, const struct wl_node *at,
			   const char *name, enum wl_dep *dep)
{
	struct wl_eval_cache *c = ev->cache;
	bool found = false;
	unsigned i;

	if (!at->func)
		return false;
	ensure_func(ev, at->func);
	for (i = 0; i < c->nr_all; i++) {
		struct wl_var *v = c->all[i];
		CXString s;

		if (v->decl_node->func != at->func ||
		    v->decl_node->index > at->index)
			continue;
		s = clang_getCursorSpelling(v->decl);
		if (!strcmp(clang_getCString(s), name)) {
			*dep = found ? wl_dep_max(*dep, v->dep) : v->dep;
			found = true;
		}
		clang_disposeString(s);
	}
	return found;
}

/* Whether parameter @v is named as a thread's index (`lane`, `tid`). */
static bool param_names_thread(const struct wl_var *v)
{
	CXString s = clang_getCursorSpelling(v->decl);
	bool yes = wl_evalcall_param_names_thread(clang_getCString(s));

	clang_disposeString(s);
	return yes;
}

/*
 * A parameter of a device function varies as much as the arguments its
 * callers in this file pass (or the default they leave in place); with
 * no visible caller, assume it varies, but for the evaluator that trusts
 * what it cannot see (reports), which goes by the parameter's name.  A
 * caller no kernel reaches (an overload nothing instantiates) runs in no
 * thread: when the function has a live caller, the dead ones pass
 * nothing.
 */
static enum wl_dep param_dep(struct wl_eval *ev, struct wl_var *v)
{
	struct wl_func *fn = v->decl_node->func;
	struct func_facts *f = facts_of(ev, fn);
	enum wl_dep d = WL_DEP_CONST;
	unsigned i, index = 0;
	long long value;
	bool live_only = fn && wl_func_reached(ev->model, fn);

	/* No caller in sight: what its name says, for reports only. */
	if (fn && f && !fn->nr_callers && ev->trust_unseen)
		return param_names_thread(v) ? WL_DEP_LANE : WL_DEP_BLOCK;
	if (!fn || !fn->nr_callers || !f || f->in_progress)
		return WL_DEP_LANE;
	for (i = 0; i < fn->nr_params; i++)
		if (fn->params[i] == v->decl_node)
			index = i;
	f->in_progress = true;
	for (i = 0; i < fn->nr_callers && d < WL_DEP_LANE; i++) {
		struct wl_node *args[32], *arg;
		struct wl_func *from = fn->callers[i]->func;
		unsigned n;

		if (live_only && from && !wl_func_reached(ev->model, from))
			continue;
		n = wl_call_args(fn->callers[i], args, 32);

		arg = index < n && index < 32 ? args[index] : NULL;
		/* an argument left out: the default, `bool sync = true` */
		if (!arg && index < fn->nr_params)
			arg = wl_node_param_default(fn->params[index]);
		if (arg) {
			d = wl_dep_max(d, wl_eval_dep(ev, arg));
		} else if (!wl_cursor_default_constant(fn->cursor, index,
						       &value)) {
			d = WL_DEP_LANE;
			break;
		}
	}
	f->in_progress = false;
	return d;
}

bool wl_eval_pure_call(const char *name)
{
	return wl_evalcall_is_pure(name) || wl_evalcall_is_warp_uniform(name);
}

static enum wl_dep callee_dep(struct wl_eval *ev, struct wl_node *call);

struct thread_scan {
	struct wl_eval *ev;
	enum wl_dep dep;
};

/* The most a function's own code varies: thread index, asm, calls. */
static bool scan_thread(struct wl_node *n, void *data)
{
	struct thread_scan *ts = data;
	const char *b = wl_node_builtin_var(ts->ev->model, n);
	enum wl_dep d = WL_DEP_CONST;

	if ((b && wl_starts_with(b, "threadIdx")) ||
	    n->kind == CXCursor_GCCAsmStmt)
		d = WL_DEP_LANE;
	else if (n->kind == CXCursor_CallExpr)
		d = callee_dep(ts->ev, n);
	ts->dep = wl_dep_max(ts->dep, d);
	return ts->dep < WL_DEP_LANE;
}

struct return_scan {
	struct wl_eval *ev;
	enum wl_dep dep;
	unsigned nr;		/* returns with a value */
	bool no_locals;		/* WL_FUNC_CONTEXT_CALLEE: see there */
	bool read_unsolved;	/* so a return read an unsolved local */
};

/* A variable of @n's that is unsolved and one copy per thread. */
static bool reads_unsolved_local(struct wl_node *n, void *data)
{
	struct wl_eval *ev = data;
	struct wl_var *v;

	if (n->kind != CXCursor_DeclRefExpr)
		return true;
	v = wl_eval_var(ev, n);
	return !(v && v->unsolved && !v->is_shared);
}

static bool scan_return(struct wl_node *n, void *data)
{
	struct return_scan *rs = data;

	if (n->kind == CXCursor_LambdaExpr)
		return false;	/* its returns are its own */
	if (n->kind != CXCursor_ReturnStmt)
		return true;
	if (!n->nr_kids) {
		rs->dep = WL_DEP_LANE;	/* no value: not a function to judge */
		return false;
	}
	rs->nr++;
	if (rs->no_locals &&
	    !wl_node_walk(n->kids[0], reads_unsolved_local, rs->ev)) {
		rs->dep = WL_DEP_LANE;
		rs->read_unsolved = true;
		return false;
	}
	rs->dep = wl_dep_max(rs->dep, wl_eval_dep(rs->ev, n->kids[0]));
	/* which return a thread takes: the conditions that lead to it */
	rs->dep = wl_dep_max(rs->dep, guard_dep(rs->ev, n, NULL));
	return rs->dep < WL_DEP_LANE;
}

/*
 * What a call to @fn adds to its arguments' variation: nothing that
 * varies if its own code reads no thread index and calls nothing that
 * does; or, for a function that returns a value, how much what it
 * returns varies, when that varies no more.  b40c's StealWork() has
 * thread 0 take a work offset into a __shared__ variable and returns it
 * after a __syncthreads(): the same value in every thread, though its
 * code reads threadIdx.
 */
static enum wl_dep func_thread_dep(struct wl_eval *ev, struct wl_func *fn)
{
	struct func_facts *f = facts_of(ev, fn);
	struct thread_scan ts = { ev, WL_DEP_BLOCK };
	struct return_scan rs = {
		.ev = ev, .dep = WL_DEP_BLOCK,
		.no_locals = (fn->flags & WL_FUNC_CONTEXT_CALLEE) != 0,
	};

	if (!f)
		return WL_DEP_LANE;
	if (!f->thread_done) {
		f->thread_done = true;
		/* A recursive call while scanning: assume the worst. */
		f->thread_dep = WL_DEP_LANE;
		wl_node_walk(fn->root, scan_thread, &ts);
		if (fn->body)
			wl_node_walk(fn->body, scan_return, &rs);
		/*
		 * Its locals unsolved (a context function of another file):
		 * what the returns read, followed through the syntax.
		 */
		if (rs.read_unsolved &&
		    !wl_evalcall_returns_dep(ev, fn->cursor, &rs.dep))
			rs.dep = WL_DEP_LANE;
		f = facts_of(ev, fn);
		/*
		 * What it returns, with its parameters as all callers bind
		 * them, bounds every call: a vote's wrapper, `return
		 * __all_sync(mask, pred)`, gives each lane the same answer
		 * whatever the lanes pass.
		 */
		f->by_returns = rs.nr && rs.dep <= ts.dep;
		f->thread_dep = f->by_returns ? rs.dep : ts.dep;
	}
	return f->thread_dep;
}

/*
 * __shfl(v, 0) and __shfl_sync(m, v, src) with a source lane that is the
 * same in every lane, over the whole warp (no width, or 32), broadcast
 * one lane's value: the result is warp-uniform.
 */
static bool is_broadcast(struct wl_eval *ev, struct wl_node *call,
			 const char *name)
{
	struct wl_node *args[5];
	unsigned n = wl_call_args(call, args, 5), src;
	long long width;

	if (!strcmp(name, "__shfl"))
		src = 1;
	else if (!strcmp(name, "__shfl_sync"))
		src = 2;
	else
		return false;
	if (n <= src || n > src + 2)
		return false;
	if (n == src + 2 &&
	    !(wl_node_int_value(wl_node_strip(args[src + 1]), &width) &&
	      width == 32))
		return false;
	return wl_eval_dep(ev, args[src]) <= WL_DEP_WARP;
}

/* The function a call names, when it is written as a plain or member name. */
static struct wl_node *callee_of(struct wl_node *call)
{
	return call->nr_kids ? wl_node_strip(call->kids[0]) : NULL;
}

/*
 * What a call adds to the variation of its arguments: nothing for pure
 * functions and static members of template arguments, the function's own
 * code for the file's functions and for helpers defined in headers, and
 * LANE for anything unknown.
 */
static enum wl_dep callee_dep(struct wl_eval *ev, struct wl_node *call)
{
	const char *name = wl_call_name(ev->model, call);
	struct wl_node *callee = callee_of(call);
	struct wl_func *fn;
	enum wl_dep d;

	if (wl_evalcall_cg(ev, call, &d))
		return d;
	if (wl_evalcall_is_warp_uniform(name))
		return WL_DEP_WARP;
	if (wl_evalcall_is_pure(name) || wl_starts_with(name, "__syncthreads"))
		return WL_DEP_CONST;
	if (callee && wl_evalcall_dependent_member(callee))
		return WL_DEP_CONST;
	fn = called_function(ev, call);
	if (fn)
		return func_thread_dep(ev, fn);
	d = wl_evalcall_extern(ev, call->cursor);
	/*
	 * Declared in a header that this file does not include: judged by
	 * its name, a guess that only the barrier evaluator makes.
	 */
	if (d < WL_DEP_LANE || !ev->trust_unseen ||
	    !wl_evalcall_unseen(call->cursor))
		return d;
	if (wl_evalcall_is_arith_helper(name))
		return WL_DEP_CONST;	/* roundUp(n, b) */
	if (!wl_evalcall_names_thread(name))
		return WL_DEP_BLOCK;	/* getLinearBlockId<I>() */
	return d;
}

static enum wl_dep call_dep(struct wl_eval *ev, struct wl_node *call)
{
	const char *name = wl_call_name(ev->model, call);
	struct wl_node *callee = callee_of(call);
	enum wl_dep d = WL_DEP_CONST;
	struct func_facts *f;
	struct wl_func *fn;
	unsigned i;

	if (wl_evalcall_cg(ev, call, &d))
		return d;
	/* Votes and broadcasts: the same result whatever each lane passed. */
	if (wl_evalcall_is_warp_uniform(name) || is_broadcast(ev, call, name))
		return WL_DEP_WARP;
	if (wl_starts_with(name, "__syncthreads_"))
		return WL_DEP_BLOCK;	/* a block-wide vote */
	/* judged by what it returns, its parameters as every caller binds them */
	fn = called_function(ev, call);
	if (fn && callee_dep(ev, call) < WL_DEP_LANE &&
	    (f = facts_of(ev, fn)) && f->by_returns)
		return f->thread_dep;
	for (i = 1; i < call->nr_kids; i++)
		d = wl_dep_max(d, wl_eval_dep(ev, call->kids[i]));
	/* obj.f(): the object is an input too. */
	if (callee && callee->kind == CXCursor_MemberRefExpr && callee->nr_kids)
		d = wl_dep_max(d, wl_eval_dep(ev, callee->kids[0]));
	return d < WL_DEP_LANE ? wl_dep_max(d, callee_dep(ev, call)) : d;
}

bool wl_eval_is_builtin(struct wl_eval *ev, struct wl_node *n,
			const char *name)
{
	const char *b = wl_node_builtin_var(ev->model, wl_node_strip(n));

	return b && !strcmp(b, name);
}

bool wl_eval_builtin_pair(struct wl_eval *ev, struct wl_node *e,
			  enum CXBinaryOperatorKind op, const char *x,
			  const char *y)
{
	e = wl_node_strip(e);
	if (!e || e->kind != CXCursor_BinaryOperator || e->nr_kids != 2 ||
	    wl_node_binop(e) != op)
		return false;
	return (wl_eval_is_builtin(ev, e->kids[0], x) &&
		wl_eval_is_builtin(ev, e->kids[1], y)) ||
	       (wl_eval_is_builtin(ev, e->kids[0], y) &&
		wl_eval_is_builtin(ev, e->kids[1], x));
}

bool wl_eval_row_offset(struct wl_eval *ev, struct wl_node *n)
{
	return wl_eval_builtin_pair(ev, n, CXBinaryOperator_Mul, "threadIdx.y",
				    "blockDim.x");
}

/* How a value keeps to multiples of 32 (warp_aligned(), thread_linear()). */
enum warp_align {
	ALIGN_NONE,	/* maybe not a multiple of 32 (a parameter) */
	ALIGN_EXACT,	/* a multiple of 32 for sure (64, k * 32) */
	/*
	 * A multiple of 32 when blockDim.x is: `blockIdx.x * blockDim.x`.
	 * The usual launch, as for threadIdx.y: WL_DEP_ROW.
	 */
	ALIGN_LAUNCH,
};

static enum warp_align align_max(enum warp_align a, enum warp_align b)
{
	if (a == ALIGN_NONE || b == ALIGN_NONE)
		return ALIGN_NONE;
	return a == ALIGN_LAUNCH || b == ALIGN_LAUNCH ? ALIGN_LAUNCH
						       : ALIGN_EXACT;
}

/* Whether @idx is blockIdx.x (.y, .z) and @size the same in the block. */
static bool block_base(struct wl_eval *ev, struct wl_node *idx,
		       struct wl_node *size)
{
	const char *b = wl_node_builtin_var(ev->model, wl_node_strip(idx));

	return b && !strncmp(b, "blockIdx.", 9) &&
	       wl_eval_dep(ev, size) <= WL_DEP_BLOCK;
}

/* Whether the integer @n is a multiple of 32, and on what assumption. */
static enum warp_align warp_aligned(struct wl_eval *ev, struct wl_node *n,
				    int depth)
{
	enum warp_align l, r;
	long long v;
	const char *b;

	n = wl_node_strip(n);
	if (!n || depth > 8)
		return ALIGN_NONE;
	if (wl_node_int_value(n, &v))
		return v % 32 == 0 ? ALIGN_EXACT : ALIGN_NONE;
	b = wl_node_builtin_var(ev->model, n);
	if (b)
		return !strcmp(b, "blockDim.x") ? ALIGN_LAUNCH : ALIGN_NONE;
	if (n->kind == CXCursor_DeclRefExpr) {
		struct wl_node *src = wl_eval_reaching(ev, n);

		return src ? warp_aligned(ev, src, depth + 1) : ALIGN_NONE;
	}
	if (n->kind != CXCursor_BinaryOperator || n->nr_kids != 2)
		return ALIGN_NONE;
	l = warp_aligned(ev, n->kids[0], depth + 1);
	r = warp_aligned(ev, n->kids[1], depth + 1);
	switch (wl_node_binop(n)) {
	case CXBinaryOperator_Mul:	/* one factor is enough */
		if (l == ALIGN_EXACT || r == ALIGN_EXACT)
			return ALIGN_EXACT;
		if (l != ALIGN_NONE || r != ALIGN_NONE)
			return ALIGN_LAUNCH;
		/* a block's first index, `blockIdx.x * BLOCK`: its size */
		if (block_base(ev, n->kids[0], n->kids[1]) ||
		    block_base(ev, n->kids[1], n->kids[0]))
			return ALIGN_LAUNCH;
		return ALIGN_NONE;
	case CXBinaryOperator_Add:
	case CXBinaryOperator_Sub:
		return align_max(l, r);
	case CXBinaryOperator_Shl:
		if (wl_node_int_value(wl_node_strip(n->kids[1]), &v) && v >= 5)
			return ALIGN_EXACT;
		return l;
	default:
		return ALIGN_NONE;
	}
}

/*
 * Whether @n is threadIdx.x plus a multiple of 32 that does not vary in
 * the block: dividing such a value by 32 gives a per-warp value.  The
 * linear thread index `threadIdx.x + threadIdx.y * blockDim.x` is one
 * whatever the block's shape (warps are made of it); the global index
 * `blockIdx.x * blockDim.x + threadIdx.x` only when blockDim.x is a
 * multiple of 32 (ALIGN_LAUNCH); `threadIdx.x + offset` with an
 * arbitrary offset never (a warp straddles two quotients).
 */
static enum warp_align thread_linear(struct wl_eval *ev, struct wl_node *n,
				     int depth)
{
	const char *b;
	unsigned i;

	n = wl_node_strip(n);
	if (!n || depth > 8)
		return ALIGN_NONE;
	b = wl_node_builtin_var(ev->model, n);
	if (b)
		return !strcmp(b, "threadIdx.x") ? ALIGN_EXACT : ALIGN_NONE;
	if (n->kind == CXCursor_DeclRefExpr) {
		struct wl_node *src = wl_eval_reaching(ev, n);

		return src ? thread_linear(ev, src, depth + 1) : ALIGN_NONE;
	}
	if (n->kind != CXCursor_BinaryOperator || n->nr_kids != 2 ||
	    wl_node_binop(n) != CXBinaryOperator_Add)
		return ALIGN_NONE;
	for (i = 0; i < 2; i++) {
		struct wl_node *t = n->kids[i], *o = n->kids[1 - i];
		enum warp_align lin = thread_linear(ev, t, depth + 1);

		if (lin == ALIGN_NONE)
			continue;
		/* the linear thread index: warps are made of it */
		if (wl_eval_row_offset(ev, o))
			return lin;
		if (wl_eval_dep(ev, o) <= WL_DEP_BLOCK)
			return align_max(lin, warp_aligned(ev, o, 0));
	}
	return ALIGN_NONE;
}

/* The dependence of a per-warp quotient of a thread_linear() value. */
static enum wl_dep warp_quotient_dep(enum warp_align a)
{
	return a == ALIGN_EXACT ? WL_DEP_WARP : WL_DEP_ROW;
}

/*
 * The block's part of `(X * blockDim.x + threadIdx.x) / blockDim.x`: X
 * (either order in the sum and in the product), as 0 <= threadIdx.x <
 * blockDim.x makes the quotient X.  NULL for any other quotient.
 */
static struct wl_node *quotient_of_block_index(struct wl_eval *ev,
					       struct wl_node *div)
{
	struct wl_node *sum, *prod;
	unsigned i;

	if (div->nr_kids != 2 ||
	    !wl_eval_is_builtin(ev, div->kids[1], "blockDim.x"))
		return NULL;
	sum = wl_node_strip(div->kids[0]);
	if (!sum || sum->kind != CXCursor_BinaryOperator ||
	    sum->nr_kids != 2 || wl_node_binop(sum) != CXBinaryOperator_Add)
		return NULL;
	for (i = 0; i < 2; i++) {
		if (!wl_eval_is_builtin(ev, sum->kids[i], "threadIdx.x"))
			continue;
		prod = wl_node_strip(sum->kids[1 - i]);
		if (!prod || prod->kind != CXCursor_BinaryOperator ||
		    prod->nr_kids != 2 ||
		    wl_node_binop(prod) != CXBinaryOperator_Mul)
			return NULL;
		if (wl_eval_is_builtin(ev, prod->kids[1], "blockDim.x"))
			return prod->kids[0];
		if (wl_eval_is_builtin(ev, prod->kids[0], "blockDim.x"))
			return prod->kids[1];
		return NULL;
	}
	return NULL;
}

static bool const_multiple_of_32(struct wl_node *n, int shift)
{
	long long v;

	if (!wl_node_int_value(wl_node_strip(n), &v))
		return false;
	return shift ? v >= 5 : (v > 0 && v % 32 == 0);
}

static enum wl_dep binop_dep(struct wl_eval *ev, struct wl_node *n)
{
	enum CXBinaryOperatorKind op = wl_node_binop(n);
	enum warp_align lin;
	enum wl_dep l, r;

	if (n->nr_kids != 2)
		return WL_DEP_LANE;
	if ((op == CXBinaryOperator_LT || op == CXBinaryOperator_GE) &&
	    wl_eval_slot_compare_dep(ev, n, &l))
		return l;
	if (op == CXBinaryOperator_Div) {
		struct wl_node *x = quotient_of_block_index(ev, n);

		/* the global thread index over the block size: blockIdx.x */
		if (x)
			return wl_eval_dep(ev, x);
	}
	l = wl_eval_dep(ev, n->kids[0]);
	r = wl_eval_dep(ev, n->kids[1]);
	if (l == WL_DEP_LANE && r <= WL_DEP_CONST &&
	    ((op == CXBinaryOperator_Div && const_multiple_of_32(n->kids[1], 0)) ||
	     (op == CXBinaryOperator_Shr && const_multiple_of_32(n->kids[1], 1))) &&
	    (lin = thread_linear(ev, n->kids[0], 0)) != ALIGN_NONE)
		return warp_quotient_dep(lin);
	if (l == WL_DEP_LANE && op == CXBinaryOperator_Div &&
	    n->kids[1]->kind != CXCursor_IntegerLiteral) {
		/* threadIdx.x / warpSize */
		long long k;

		if (wl_node_int_value(wl_node_strip(n->kids[1]), &k) && k == 32 &&
		    (lin = thread_linear(ev, n->kids[0], 0)) != ALIGN_NONE)
			return warp_quotient_dep(lin);
	}
	if (op == CXBinaryOperator_Sub && wl_dep_max(l, r) > WL_DEP_CONST) {
		enum wl_dep d;

		if (wl_eval_difference_dep(ev, n, &d))
			return wl_dep_min(d, wl_dep_max(l, r));
	}
	return wl_dep_max(l, r);
}

/* Whether @n runs again on each trip of @loop (not in its for-init). */
static bool repeats_in(const struct wl_node *n, const struct wl_node *loop)
{
	struct wl_node *init = wl_node_kid(loop, WL_ROLE_INIT);

	return wl_node_within(n, loop) && !(init && wl_node_within(n, init));
}

/* Whether @w may run between @from and @use (also around a loop). */
static bool may_intervene(const struct wl_node *w, const struct wl_node *from,
			  const struct wl_node *use)
{
	const struct wl_node *l;

	/* A loop around the use but not around @from: its back edge. */
	for (l = use->parent; l; l = l->parent)
		if (wl_node_is_loop(l) && repeats_in(use, l) &&
		    !repeats_in(from, l) && repeats_in(w, l))
			return true;
	/* The store of `x = f(x)` comes after its own read of x. */
	if (wl_node_within(use, w))
		return false;
	return w->index > from->index && w->index < use->index;
}

/*
 * Whether write @w assigns the whole variable (`x = v`), not one element
 * or member of it (`r[1] = 0` leaves `r[0]` as it was).
 */
static bool whole_variable(struct wl_node *w)
{
	struct wl_node *lhs = w->nr_kids ? wl_node_strip(w->kids[0]) : NULL;

	return lhs && lhs->kind == CXCursor_DeclRefExpr;
}

struct wl_node *wl_eval_reaching(struct wl_eval *ev, struct wl_node *ref)
{
	struct wl_var *v = wl_eval_var(ev, ref);
	struct wl_node *best = NULL, *w;
	unsigned i;

	if (!v || v->addr_taken || v->is_shared || v->is_lane_id ||
	    (ref->func && ref->func->has_goto))
		return NULL;
	/*
	 * The declaration dominates every use in its scope; a parameter's
	 * is the value the caller passed.
	 */
	if (v->init || v->is_param)
		best = v->decl_node;
	for (i = 0; i < v->nr_writes; i++) {
		w = v->writes[i];
		if (w->kind == CXCursor_BinaryOperator && whole_variable(w) &&
		    wl_node_dominates(w, ref) &&
		    (!best || w->index > best->index))
			best = w;
	}
	if (!best)
		return NULL;
	for (i = 0; i < v->nr_writes; i++)
		if (v->writes[i] != best &&
		    may_intervene(v->writes[i], best, ref))
			return NULL;
	if (best != v->decl_node)
		return best->kids[1];
	return v->is_param ? v->decl_node : v->init;
}

/*
 * The for loop around @use whose init sets all of @v (`for (i = 2; ...)`)
 * and that @use repeats in: only that init and the loop's own writes of
 * @v reach @use, whatever the function stores into @v elsewhere.
 */
static struct wl_node *counting_loop(struct wl_eval *ev, struct wl_var *v,
				     struct wl_node *use)
{
	struct wl_node *l, *init;

	for (l = use->parent; l; l = l->parent) {
		if (l->kind != CXCursor_ForStmt || !repeats_in(use, l))
			continue;
		init = wl_node_kid(l, WL_ROLE_INIT);
		if (init && init->kind == CXCursor_BinaryOperator &&
		    init->nr_kids == 2 &&
		    wl_node_binop(init) == CXBinaryOperator_Assign &&
		    whole_variable(init) &&
		    lookup_var(ev->cache, wl_node_referenced(wl_node_strip(
						  init->kids[0]))) == v)
			return l;
	}
	return NULL;
}

/*
 * How @v varies at a use in @loop (counting_loop()): its init and its
 * writes in the loop, each under the conditions between it and the loop.
 * Threads that reach the same trip together agree on the counter; whether
 * the trips themselves agree is the loop's trip count, asked separately.
 * A write that reads @v (`i = 2 * i`, `i++`) sees the round's answer.
 */
static enum wl_dep counter_dep(struct wl_eval *ev, struct wl_var *v,
			       struct wl_node *loop)
{
	struct wl_node *init = wl_node_kid(loop, WL_ROLE_INIT);
	const struct wl_node *outer_busy = v->loop_busy;
	enum wl_dep outer_dep = v->loop_dep, first, d, next;
	unsigned i, rounds;

	if (v->loop_busy == loop)
		return v->loop_dep;
	/* The conditions around the loop pick who runs it, not the count. */
	d = wl_dep_max(guard_dep(ev, init, loop),
		       wl_eval_dep(ev, init->kids[1]));
	first = d;
	v->loop_busy = loop;
	for (rounds = 0; rounds < 4; rounds++) {
		v->loop_dep = next = d;
		for (i = 0; i < v->nr_writes && next < WL_DEP_LANE; i++) {
			struct wl_node *w = v->writes[i];

			if (w == init || !wl_node_within(w, loop))
				continue;
			next = wl_dep_max(next, guard_dep(ev, w, loop));
			if (w->kind == CXCursor_UnaryOperator ||
			    w->kind == CXCursor_CompoundAssignOperator)
				next = wl_dep_max(next, d);
			if (w->nr_kids == 2)
				next = wl_dep_max(next,
						  wl_eval_dep(ev, w->kids[1]));
		}
		if (next == d)
			break;
		d = next;
	}
	if (rounds == 4)
		d = WL_DEP_LANE;
	v->loop_busy = outer_busy;
	v->loop_dep = outer_dep;
	/* Answers cached while @v stood lower than it ended are stale. */
	if (d != first)
		ev->cache->gen++;
	return d;
}

/* How a reaching value varies, remembered per node (see reach_dep). */
static enum wl_dep reaching_dep(struct wl_eval *ev, struct wl_node *src)
{
	struct wl_eval_cache *c = ev->cache;
	enum wl_dep r;

	if (!c->reach_dep) {
		c->nr_reach = ev->model->nr_nodes;
		c->reach_dep = wl_xcalloc(c->nr_reach + 1, 1);
		c->reach_gen = wl_xcalloc(c->nr_reach + 1, sizeof(unsigned));
		c->gen++;
	}
	if (src->index < c->nr_reach && c->reach_gen[src->index] == c->gen)
		return (enum wl_dep)c->reach_dep[src->index];
	c->reach_depth++;
	r = wl_eval_dep(ev, src);
	c->reach_depth--;
	if (src->index < c->nr_reach) {
		c->reach_gen[src->index] = c->gen;
		c->reach_dep[src->index] = (unsigned char)r;
	}
	return r;
}

static enum wl_dep declref_dep(struct wl_eval *ev, struct wl_node *n)
{
	CXCursor d = wl_node_referenced(n);
	enum CXCursorKind k = clang_getCursorKind(d);
	struct wl_var *v;

	switch (k) {
	case CXCursor_EnumConstantDecl:
	case CXCursor_NonTypeTemplateParameter:
	case CXCursor_FunctionDecl:
	case CXCursor_FunctionTemplate:
		return WL_DEP_CONST;
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl:
		v = wl_eval_var(ev, n);
		if (v && v->unsolved)
			v = NULL;
		if (v && v->nr_writes && ev->cache->reach_depth < 32) {
			/* After `x = s_total;`, x is what s_total is. */
			struct wl_node *src = wl_eval_reaching(ev, n);

			if (src == v->decl_node)
				return v->entry_dep;
			if (src)
				return reaching_dep(ev, src);
			if (v->loop_busy || (!v->addr_taken && !v->is_shared &&
					     !v->is_lane_id &&
					     !(n->func && n->func->has_goto))) {
				struct wl_node *loop = counting_loop(ev, v, n);

				if (loop)
					return wl_dep_min(v->dep,
							  counter_dep(ev, v,
								      loop));
			}
		}
		if (v)
			return v->dep;
		/* A global: constant if const, else memory all threads see. */
		return clang_isConstQualifiedType(clang_getCursorType(d))
			       ? WL_DEP_CONST
			       : WL_DEP_BLOCK;
	default:
		if (!clang_Cursor_isNull(d))
			return WL_DEP_BLOCK;
		/* T::kSize in a template: a static member of a type. */
		return wl_evalcall_dependent_member(n) ? WL_DEP_CONST
						       : WL_DEP_LANE;
	}
}

/*
 * threadIdx.x varies by lane; threadIdx.y and .z are the same in a warp
 * when blockDim.x is a multiple of 32, which only the configuration can
 * rule out (WL_LAUNCH_ANY).
 */
enum wl_dep wl_eval_builtin_dep(const struct wl_eval *ev, const char *b)
{
	if (!wl_starts_with(b, "threadIdx"))
		return WL_DEP_BLOCK;
	if (!strcmp(b, "threadIdx.x") || ev->launch == WL_LAUNCH_ANY)
		return WL_DEP_LANE;
	return WL_DEP_ROW;
}

bool wl_eval_lane_varying(const struct wl_eval *ev, enum wl_dep d,
			  bool for_fix)
{
	if (d == WL_DEP_ROW)
		return for_fix && ev->launch != WL_LAUNCH_X32;
	return d >= WL_DEP_LANE;
}

/* Components of a returned vector followed one inside another, at most. */
#define MAX_COMPONENT_DEPTH 4

/* Whether @name builds a CUDA vector from its components: make_int2(). */
static bool vector_maker(const char *name)
{
	size_t n = strlen(name);

	return !strncmp(name, "make_", 5) && n > 6 && name[n - 1] >= '1' &&
	       name[n - 1] <= '4';
}

/* The component x, y, z or w that @member names: 0..3, or -1. */
static int component_index(const struct wl_node *member)
{
	CXString s = clang_getCursorSpelling(member->cursor);
	const char *name = clang_getCString(s);
	int i = name && name[0] && !name[1] && strchr("xyzw", name[0])
			? (int)(strchr("xyzw", name[0]) - "xyzw")
			: -1;

	clang_disposeString(s);
	return i;
}

/* How the argument @i of @call, a vector maker, varies; false if none. */
static bool made_component_dep(struct wl_eval *ev, struct wl_node *call,
			       int i, enum wl_dep *out)
{
	struct wl_node *args[4];

	call = wl_node_strip(call);
	if (!call || call->kind != CXCursor_CallExpr ||
	    !vector_maker(wl_call_name(ev->model, call)) ||
	    wl_call_args(call, args, 4) <= (unsigned)i)
		return false;
	*out = wl_eval_dep(ev, args[i]);
	return true;
}

struct component_scan {
	struct wl_eval *ev;
	int index;
	enum wl_dep dep;
	bool failed;
};

static bool scan_component_return(struct wl_node *n, void *data)
{
	struct component_scan *cs = data;
	enum wl_dep d;

	if (n->kind == CXCursor_LambdaExpr)
		return false;
	if (n->kind != CXCursor_ReturnStmt)
		return true;
	if (!n->nr_kids ||
	    !made_component_dep(cs->ev, n->kids[0], cs->index, &d)) {
		cs->failed = true;
		return false;
	}
	/* which return a thread takes: the conditions that lead to it */
	cs->dep = wl_dep_max(cs->dep,
			     wl_dep_max(d, guard_dep(cs->ev, n, NULL)));
	return true;
}

/*
 * How `v.y` varies where v holds a vector built by make_int2(a, b), here
 * or in every return of the function whose call set it: as b does.
 * Bonsai's block scan returns `make_int2(val, shdata[0])`, each thread's
 * prefix beside the block's total, and the walk loops on the total.
 * False when v's value is not known so.
 */
static bool component_dep(struct wl_eval *ev, struct wl_node *member,
			  enum wl_dep *out)
{
	struct wl_node *obj, *src;
	struct component_scan cs = { ev, -1, WL_DEP_CONST, false };
	struct wl_func *fn;

	if (member->nr_kids != 1 ||
	    ev->component_depth >= MAX_COMPONENT_DEPTH)
		return false;
	obj = wl_node_strip(member->kids[0]);
	cs.index = component_index(member);
	if (!obj || obj->kind != CXCursor_DeclRefExpr || cs.index < 0)
		return false;
	src = wl_node_strip(wl_eval_reaching(ev, obj));
	if (!src || src->kind != CXCursor_CallExpr)
		return false;
	ev->component_depth++;
	if (made_component_dep(ev, src, cs.index, out)) {
		ev->component_depth--;
		return true;
	}
	fn = wl_call_target(ev->model, src);
	if (fn && fn->body)
		wl_node_walk(fn->body, scan_component_return, &cs);
	ev->component_depth--;
	if (!fn || !fn->body || cs.failed)
		return false;
	*out = cs.dep;
	return true;
}

enum wl_dep wl_eval_dep(struct wl_eval *ev, struct wl_node *n)
{
	enum wl_dep d = WL_DEP_CONST;
	const char *b;
	unsigned i;

	if (!n)
		return WL_DEP_LANE;
	switch (n->kind) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_StringLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_UnaryExpr: /* sizeof, alignof */
		return WL_DEP_CONST;
	case CXCursor_DeclRefExpr:
		return declref_dep(ev, n);
	case CXCursor_MemberRefExpr:
		b = wl_node_builtin_var(ev->model, n);
		if (b)
			return wl_eval_builtin_dep(ev, b);
		/* `coeffs.kColumns`: the object is only a way to the type. */
		switch (wl_cursor_member_kind(n->cursor)) {
		case WL_MEMBER_CONSTANT:
			return WL_DEP_CONST;
		case WL_MEMBER_STATIC:
			return WL_DEP_BLOCK;
		case WL_MEMBER_DATA:
			if (component_dep(ev, n, &d))
				return d;
			break;
		}
		break;
	case CXCursor_BinaryOperator:
		return binop_dep(ev, n);
	case CXCursor_CallExpr:
		return call_dep(ev, n);
	case CXCursor_GCCAsmStmt:
	case CXCursor_LambdaExpr:
		return WL_DEP_LANE;
	case CXCursor_UnexposedExpr:
		/*
		 * What did not parse is unknown, and may differ by lane; a
		 * report reads it from its tokens (a build's macros).
		 */
		if (!n->nr_kids && wl_node_holds_error(ev->model, n))
			return ev->trust_unseen
				       ? wl_eval_unparsed_dep(ev, n, n->begin,
							      n->end)
				       : WL_DEP_LANE;
		break;
	default:
		break;
	}
	for (i = 0; i < n->nr_kids && d < WL_DEP_LANE; i++)
		d = wl_dep_max(d, wl_eval_dep(ev, n->kids[i]));
	return d;
}

/* The most any condition guarding @n (inside its function) varies. */
static enum wl_dep guard_dep(struct wl_eval *ev, struct wl_node *n,
			     struct wl_node *stop)
{
	enum wl_dep d = WL_DEP_CONST;
	struct wl_node *child = n, *p;

	for (p = n->parent; p && p != stop && d < WL_DEP_LANE;
	     child = p, p = p->parent) {
		struct wl_node *cond = wl_node_deciding_cond(child);

		/* A loop that runs equally often everywhere splits no one. */
		if (cond && wl_node_is_loop(p) &&
		    (child->role == WL_ROLE_BODY || child->role == WL_ROLE_INC))
			d = wl_dep_max(d, wl_eval_trip_dep(ev, p, false));
		else if (cond)
			d = wl_dep_max(d, wl_eval_dep(ev, cond));
	}
	return d;
}

static bool impure(struct wl_node *n, void *data)
{
	struct wl_eval *ev = data;

	switch (n->kind) {
	case CXCursor_CallExpr:
		return wl_eval_pure_call(wl_call_name(ev->model, n));
	case CXCursor_CompoundAssignOperator:
	case CXCursor_GCCAsmStmt:
	case CXCursor_LambdaExpr:
		return false;
	case CXCursor_BinaryOperator:
		return wl_node_binop(n) !=
		       CXBinaryOperator_Assign;
	case CXCursor_UnaryOperator: {
		enum CXUnaryOperatorKind op =
			clang_getCursorUnaryOperatorKind(n->cursor);

		return !wl_unop_steps(op);
	}
	default:
		return true;
	}
}

enum wl_dep wl_eval_guard_dep(struct wl_eval *ev, struct wl_node *node,
			      struct wl_node *stop)
{
	return guard_dep(ev, node, stop);
}

bool wl_eval_pure(struct wl_eval *ev, struct wl_node *expr)
{
	return wl_node_walk(expr, impure, ev);
}
