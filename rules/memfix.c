/* SPDX-License-Identifier: MIT */
/*
 * Listing 8's fix of a racing stretch (see memfix.h): each racing
 * statement read into a register, __syncwarp(MASK) between the reads and
 * the writes, the masks from mask inference.
 */

#include "rules/memfix.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/mask.h"
#include "analyzer/memaccess.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"
#include "rules/maskrules.h"
#include "rules/memtext.h"

enum stmt_shape {
	SHAPE_NONE,	/* cannot be rewritten */
	SHAPE_READ,	/* only reads the storage: keep, sync after */
	SHAPE_WRITE,	/* only writes it: keep, sync after */
	SHAPE_SPLIT,	/* read phase, then write phase */
};

struct stmt_plan {
	struct wl_node *stmt;	/* the statement as the region names it */
	enum stmt_shape shape;
	char *read;		/* SPLIT: "v = s[tid] + s[tid + 16]" */
	char *write;		/* SPLIT: "s[tid] = v" */
	bool uses_reg;
	char *type;		/* the register's type: the element's, as
				   written where it is accessed ("T") */
	struct wl_node *guard;	/* a lane-dependent if around it, or NULL */
	struct wl_node *brace;	/* a uniform if/loop it is the body of */
	unsigned array;
	struct wl_node *group;	/* the branch it is (in), rewritten whole */
};

static bool stmt_has_race_read(struct wl_mem *mem, struct wl_mem_region *r,
			       struct wl_node *sub)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++) {
		struct wl_mem_access *rd = &mem->accesses[r->races[k].reader];
		struct wl_mem_access *wr = &mem->accesses[r->races[k].writer];

		if (wl_node_within(rd->expr, sub) ||
		    wl_node_within(wr->expr, sub))
			return true;
	}
	return false;
}

/* Whether the region's races are in storage @array. */
static bool region_storage(struct wl_mem *mem, struct wl_mem_region *r,
			   unsigned array)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++)
		if (r->races[k].array == array ||
		    mem->accesses[r->races[k].reader].array == array ||
		    mem->accesses[r->races[k].writer].array == array)
			return true;
	return false;
}

static bool is_local_scalar(struct wl_node *n)
{
	CXCursor d;
	enum CXTypeKind k;

	n = wl_node_strip(n);
	if (!n || n->kind != CXCursor_DeclRefExpr)
		return false;
	d = wl_node_referenced(n);
	if (clang_getCursorKind(d) != CXCursor_VarDecl)
		return false;
	k = clang_getCanonicalType(clang_getCursorType(d)).kind;
	return k != CXType_Pointer && k != CXType_ConstantArray &&
	       k != CXType_Record;
}

static void plan_stmt(struct wl_ctx *ctx, struct wl_mem *mem,
		      struct wl_mem_region *r, struct stmt_plan *p,
		      const char *reg)
{
	struct wl_node *e = wl_node_strip(p->stmt), *lhs, *rhs;
	enum CXBinaryOperatorKind op;
	int a;
	unsigned k;
	bool writes = false, reads = false;

	p->shape = SHAPE_NONE;
	for (k = 0; k < mem->nr_accesses; k++) {
		if (!wl_node_within(mem->accesses[k].expr, p->stmt) ||
		    !region_storage(mem, r, mem->accesses[k].array))
			continue;
		writes |= !!(mem->accesses[k].flags & WL_MEM_WRITE);
		reads |= !!(mem->accesses[k].flags & WL_MEM_READ);
	}
	if (e && (e->kind == CXCursor_BinaryOperator ||
		  e->kind == CXCursor_CompoundAssignOperator) &&
	    e->nr_kids == 2) {
		op = wl_node_binop(e);
		lhs = e->kids[0];
		rhs = e->kids[1];
		a = wl_mem_access_of(mem, wl_node_strip(lhs));
		/* `o[i] = s[0]`: a store to other memory only reads ours */
		if (a >= 0 && !region_storage(mem, r, mem->accesses[a].array))
			a = -1;
		if (a >= 0 && (op == CXBinaryOperator_Assign ||
			       wl_memtext_compound_op(op))) {
			char *lt = wl_memtext_of(ctx, lhs), *rt = wl_memtext_of(ctx, rhs);
			struct wl_node *chain = wl_node_strip(rhs);

			p->array = mem->accesses[a].array;
			p->type = wl_memtext_register_type(mem, a);
			if (op != CXBinaryOperator_Assign) {
				p->read = wl_xasprintf(
					"%s = %s %s %s%s%s", reg, lt,
					wl_memtext_compound_op(op),
					wl_memtext_is_primary(rhs) ? "" : "(", rt,
					wl_memtext_is_primary(rhs) ? "" : ")");
				p->write = wl_xasprintf("%s = %s", lt, reg);
				p->uses_reg = true;
				p->shape = SHAPE_SPLIT;
			} else if (chain &&
				   chain->kind == CXCursor_BinaryOperator &&
				   chain->nr_kids == 2 &&
				   wl_node_binop(chain) ==
					   CXBinaryOperator_Assign &&
				   is_local_scalar(chain->kids[0])) {
				/* s[i] = t = t + s[i - 1]: t is the register */
				char *tv = wl_memtext_of(ctx, chain->kids[0]);

				p->read = wl_xstrdup(rt);
				p->write = wl_xasprintf("%s = %s", lt, tv);
				p->shape = SHAPE_SPLIT;
				free(tv);
			} else if (stmt_has_race_read(mem, r, rhs)) {
				p->read = wl_xasprintf("%s = %s", reg, rt);
				p->write = wl_xasprintf("%s = %s", lt, reg);
				p->uses_reg = true;
				p->shape = SHAPE_SPLIT;
			} else {
				p->shape = SHAPE_WRITE;
			}
			free(lt);
			free(rt);
			return;
		}
	}
	if (reads && !writes)
		p->shape = SHAPE_READ;
	else if (writes && !reads && e && e->kind == CXCursor_CallExpr)
		p->shape = SHAPE_WRITE;	/* store(&s[i], v) */
	else if (writes && e && e->kind == CXCursor_DeclStmt)
		p->shape = SHAPE_WRITE;
	else if (e && e->kind == CXCursor_BinaryOperator && e->nr_kids == 2 &&
		 wl_node_binop(e) ==
			 CXBinaryOperator_Assign &&
		 !stmt_has_race_read(mem, r, e->kids[1]))
		p->shape = SHAPE_WRITE;	/* s[i].x = v */
}

/* Whether any race of @r joins statements @a and @b. */
static bool stmts_race(struct wl_mem *mem, struct wl_mem_region *r,
		       struct wl_node *a, struct wl_node *b)
{
	unsigned k;

	for (k = 0; k < r->nr_races; k++) {
		struct wl_node *x = mem->accesses[r->races[k].reader].stmt;
		struct wl_node *y = mem->accesses[r->races[k].writer].stmt;

		if ((x == a && y == b) || (x == b && y == a))
			return true;
	}
	return false;
}

/*
 * Whether a loop holds both @a and @b, so that it brings the later one
 * back to meet the earlier: in a kernel, a read in a loop after a write
 * before it never meets that write again.  In a helper, the caller's
 * loop may hold the whole body, and statements in different functions
 * are taken to meet too.
 */
static bool loop_joins(struct wl_node *a, struct wl_node *b)
{
	struct wl_node *n;

	if (a->func != b->func || !(a->func->flags & WL_FUNC_KERNEL))
		return true;
	for (n = wl_node_common(a, b); n; n = n->parent)
		if (wl_node_is_loop(n))
			return true;
	return false;
}

/* The if or loop whose unbraced body @s is, if any. */
static struct wl_node *unbraced_owner(struct wl_node *s)
{
	if (!s->parent || s->parent->kind == CXCursor_CompoundStmt)
		return NULL;
	if (s->role == WL_ROLE_THEN || s->role == WL_ROLE_BODY)
		return s->parent;
	return NULL;
}

struct fixer {
	struct wl_ctx *ctx;
	struct wl_mem *mem;
	struct wl_mem_region *r;
	struct wl_fix *fix;
	const char *nl;
	char *why;		/* set: no fix, and why */
	bool reuse_barrier;	/* WL302: the barrier after ends the write */
	bool block;		/* lanes of other warps meet: __syncthreads() */
	const char *reg;	/* the register of the region's other fixes */
};

/* What mask_at() gives for a block barrier: it takes no mask. */
static const struct wl_mask block_barrier;

/*
 * Lanes of other warps meet at the racing elements, so only a block
 * barrier orders them; it goes only where every thread of the block
 * arrives (a kernel's block-uniform flow, or a helper whose callers are
 * all in sight and all reach it), or it would hang the block.
 */
static const struct wl_mask *block_at(struct fixer *fx, struct wl_node *n)
{
	struct wl_reach_bound rb;
	char *why;

	if (!(n->func->flags & WL_FUNC_KERNEL) && !n->func->nr_callers) {
		if (!fx->why)
			fx->why = wl_xstrdup("lanes of other warps meet at "
					     "these elements too, and a "
					     "__syncthreads() in a helper "
					     "whose callers are not seen may "
					     "not be reached by every thread "
					     "of the block");
		return NULL;
	}
	wl_reach_bound(fx->ctx, n, true, false, &rb);
	if (rb.kind != WL_DIV_NONE) {
		if (!fx->why) {
			why = wl_reach_reason(fx->ctx, &rb, true);
			fx->why = wl_xasprintf("lanes of other warps meet at "
					       "these elements too, so the "
					       "block needs a __syncthreads(), "
					       "but one here would not be "
					       "reached by every thread of the "
					       "block: %s", why);
			free(why);
		}
		return NULL;
	}
	return &block_barrier;
}

static const struct wl_mask *mask_at(struct fixer *fx, struct wl_node *n)
{
	const struct wl_mask *m;
	unsigned i;

	if (fx->block)
		return block_at(fx, n);
	m = wl_mask_infer(fx->ctx, n);

	if (!m->text) {
		if (!fx->why)
			fx->why = wl_xasprintf("no mask for __syncwarp can be "
					       "inferred: %s",
					       m->why ? m->why : "unknown");
		return NULL;
	}
	/*
	 * The mask must not name a lane that this analysis sees ruled out
	 * on the way (a condition on a class's lane member, which the mask
	 * inference does not follow): such a __syncwarp would hang.
	 */
	if ((m->reach == WL_REACH_FULL || m->reach == WL_REACH_CONST) &&
	    (m->bits & ~wl_mem_lanes_reaching(fx->mem, n))) {
		if (!fx->why)
			fx->why = wl_xstrdup("the lanes that reach the barrier "
					     "depend on a value the mask "
					     "inference cannot follow");
		return NULL;
	}
	if (m->guessed)
		wl_fix_mark_unsafe(fx->fix, m->note ? m->note
						    : "the mask is guessed");
	/*
	 * Several barriers share one hoisted ballot or mask parameter: add
	 * each setup edit once (the edit set rejects a fix that repeats one).
	 */
	for (i = 0; m->setup && i < m->setup->nr_edits; i++) {
		const struct wl_edit *e = &m->setup->edits[i];
		bool dup = false;
		unsigned k;

		for (k = 0; k < fx->fix->nr_edits && !dup; k++)
			dup = fx->fix->edits[k].offset == e->offset &&
			      fx->fix->edits[k].length == e->length &&
			      !strcmp(fx->fix->edits[k].text, e->text);
		if (!dup)
			wl_fix_replace(fx->fix, e->offset, e->length, e->text);
	}
	return m;
}

/*
 * The register declaration: once per function and storage, before the
 * statement of the enclosing block that holds the first rewrite, so that
 * every fix in the function inserts the identical text at one place.
 */
static void declare_registers(struct fixer *fx, struct wl_node *stmt,
			      char *const *types, char *const *regs,
			      unsigned nr)
{
	struct wl_mem *mem = fx->mem;
	struct wl_node *scope = NULL, *first = stmt, *anchor;
	unsigned i, k, at;
	char *ind, *text = NULL;

	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_stmts; k++) {
			struct wl_node *s = mem->regions[i].stmts[k];

			if (s->func != stmt->func)
				continue;
			scope = scope ? wl_node_common(scope, s) : s;
			if (s->index < first->index)
				first = s;
		}
	while (scope && scope->kind != CXCursor_CompoundStmt)
		scope = scope->parent;
	if (!scope)
		return;
	for (i = 0; i < nr; i++)
		if (!types[i]) {
			/* see wl_memtext_register_type() */
			fx->why = wl_xstrdup("the register's type is a "
					     "template's dependent type that "
					     "cannot be spelled here");
			return;
		}
	for (anchor = first; anchor->parent && anchor->parent != scope;)
		anchor = anchor->parent;
	at = wl_memtext_line_start(fx->ctx, anchor->begin);
	ind = wl_memtext_indent(fx->ctx, at);
	/* `#pragma unroll` starts the loop's line: indent like the loop */
	for (i = at; i < fx->ctx->src->len && !*ind &&
		     fx->ctx->src->text[i] == '#';) {
		while (i < fx->ctx->src->len && fx->ctx->src->text[i] != '\n')
			i++;
		free(ind);
		ind = wl_memtext_indent(fx->ctx, ++i);
	}
	/* one insertion: two at one offset would conflict */
	for (i = 0; i < nr; i++) {
		char *line = wl_xasprintf("%s%s%s %s;%s", text ? text : "",
					  ind, types[i], regs[i], fx->nl);

		free(text);
		text = line;
	}
	wl_fix_insert(fx->fix, at, text);
	free(text);
	free(ind);
}

static void declare_register(struct fixer *fx, struct wl_node *stmt,
			     char *type, char *reg)
{
	declare_registers(fx, stmt, &type, &reg, 1);
}

static char *sync_text(const struct fixer *fx, const struct wl_mask *m)
{
	if (fx->block)
		return wl_xstrdup("__syncthreads();");
	return wl_xasprintf("__syncwarp(%s);", m->text);
}

/*
 * The outermost branch or loop around @s whose condition splits a warp
 * and that does not hold the whole region: a barrier inside it would be
 * reached by only some of the racing lanes, so it goes outside.
 */
static struct wl_node *divergent_owner(struct fixer *fx, struct wl_node *s)
{
	struct wl_node *n, *child = s, *found = NULL;
	struct wl_cond_class cc;
	unsigned k;

	for (n = s->parent; n && n != s->func->body; child = n, n = n->parent) {
		struct wl_node *cond;
		bool all = true;

		if (child->role != WL_ROLE_THEN &&
		    child->role != WL_ROLE_ELSE && child->role != WL_ROLE_BODY)
			continue;
		if (n->kind != CXCursor_IfStmt && !wl_node_is_loop(n))
			continue;
		cond = wl_node_kid(n, WL_ROLE_COND);
		if (!cond)
			continue;
		wl_eval_cond(&fx->ctx->eval, cond, &cc);
		if (cc.kind == WL_COND_UNIFORM &&
		    !wl_mem_cond_splits_warp(fx->mem, cond))
			continue;
		for (k = 0; k < fx->r->nr_stmts; k++)
			if (fx->r->stmts[k]->func == s->func &&
			    !wl_node_within(fx->r->stmts[k], n))
				all = false;
		if (!all)
			found = n;
	}
	return found;
}

/* Rewrite one SPLIT statement in place. */
static void rewrite_split(struct fixer *fx, struct stmt_plan *p)
{
	struct wl_ctx *ctx = fx->ctx;
	struct wl_node *owner = unbraced_owner(p->stmt);
	struct wl_node *div = divergent_owner(fx, p->stmt), *outer;
	const struct wl_mask *m;
	char *ind, *in2, *sync, *text, *cm;
	struct wl_cond_class cc;
	unsigned end;

	/*
	 * An unbraced `if (lane >= o)` around the step: split it even when
	 * the race stays inside it, so that the barriers need no ballot.
	 */
	if (!div && owner && owner->kind == CXCursor_IfStmt &&
	    wl_node_kid(owner, WL_ROLE_COND)) {
		wl_eval_cond(&ctx->eval, wl_node_kid(owner, WL_ROLE_COND), &cc);
		if (cc.kind != WL_COND_UNIFORM ||
		    wl_mem_cond_splits_warp(fx->mem,
					    wl_node_kid(owner, WL_ROLE_COND)))
			div = owner;
	}

	if (div) {
		/* if (lane >= 1) s[i] += s[i - 1]; -- the barriers must be
		 * outside the lane-dependent branch: the branch is written
		 * twice, once around the read and once around the write */
		struct wl_node *cond = wl_node_kid(div, WL_ROLE_COND);
		struct wl_node *then = wl_node_kid(div, WL_ROLE_THEN);
		char *ct;

		owner = div;
		if (div->kind != CXCursor_IfStmt ||
		    wl_node_kid(div, WL_ROLE_ELSE) || !then ||
		    (then != p->stmt &&
		     !(then->kind == CXCursor_CompoundStmt &&
		       then->nr_kids == 1 && then->kids[0] == p->stmt))) {
			if (!fx->why)
				fx->why = wl_xstrdup("a racing statement is "
						     "inside a lane-dependent "
						     "branch with more in it");
			return;
		}
		outer = unbraced_owner(owner);
		if ((outer && unbraced_owner(outer)) ||
		    !wl_eval_pure(&ctx->eval, cond)) {
			if (!fx->why)
				fx->why = wl_xstrdup("the condition around the "
						     "statement cannot be "
						     "evaluated twice");
			return;
		}
		m = mask_at(fx, owner);
		if (!m)
			return;
		ct = wl_memtext_of(ctx, cond);
		sync = sync_text(fx, m);
		end = wl_memtext_full_end(ctx, owner);
		cm = wl_memtext_trailing_comment(ctx, &end);
		if (outer) {
			/* `for (...) if (c) s[i] += s[i + o];`: the loop's
			 * body gets braces around the written-twice branch */
			const char *t = ctx->src->text;
			unsigned begin = owner->begin;
			char *oind = wl_memtext_indent(ctx, outer->begin);

			ind = wl_memtext_deeper(oind);
			while (begin > outer->begin &&
			       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
				t[begin - 1] == '\n' || t[begin - 1] == '\r'))
				begin--;
			text = wl_xasprintf(" {%s%sif (%s) %s;%s%s%s%s%s%sif "
					    "(%s) %s;%s%s%s%s%s}",
					    fx->nl, ind, ct, p->read, cm, fx->nl,
					    ind, sync, fx->nl, ind, ct, p->write,
					    fx->nl, ind, sync, fx->nl, oind);
			wl_fix_replace(fx->fix, begin, end - begin, text);
			free(oind);
		} else {
			ind = wl_memtext_indent(ctx, owner->begin);
			text = wl_xasprintf("if (%s) %s;%s%s%s%s%s%sif (%s) "
					    "%s;%s%s%s",
					    ct, p->read, cm, fx->nl, ind, sync,
					    fx->nl, ind, ct, p->write, fx->nl,
					    ind, sync);
			wl_fix_replace(fx->fix, owner->begin,
				       end - owner->begin, text);
		}
		free(cm);
		free(text);
		free(sync);
		free(ind);
		free(ct);
		return;
	}
	m = mask_at(fx, p->stmt);
	if (!m)
		return;
	sync = sync_text(fx, m);
	end = wl_memtext_stmt_end(ctx, p->stmt);
	cm = wl_memtext_trailing_comment(ctx, &end);
	if (owner) {
		/* braces right after the if's or loop's header */
		const char *t = ctx->src->text;
		unsigned begin = p->stmt->begin;

		while (begin > owner->begin &&
		       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
			t[begin - 1] == '\n' || t[begin - 1] == '\r'))
			begin--;
		ind = wl_memtext_indent(ctx, owner->begin);
		in2 = wl_memtext_deeper(ind);
		text = wl_xasprintf(" {%s%s%s%s;%s%s%s%s%s%s;%s%s%s%s%s}", cm,
				    fx->nl, in2, p->read, fx->nl, in2, sync,
				    fx->nl, in2, p->write, fx->nl, in2, sync,
				    fx->nl, ind);
		wl_fix_replace(fx->fix, begin, end - begin, text);
		free(in2);
		free(cm);
		free(text);
		free(ind);
		free(sync);
		return;
	} else {
		ind = wl_memtext_indent(ctx, p->stmt->begin);
		if (fx->reuse_barrier)
			text = wl_xasprintf("%s;%s%s%s%s%s%s%s;", p->read, cm,
					    fx->nl, ind, sync, fx->nl, ind,
					    p->write);
		else
			text = wl_xasprintf("%s;%s%s%s%s%s%s%s;%s%s%s", p->read,
					    cm, fx->nl, ind, sync, fx->nl, ind,
					    p->write, fx->nl, ind, sync);
	}
	wl_fix_replace(fx->fix, p->stmt->begin, end - p->stmt->begin, text);
	free(cm);
	free(text);
	free(ind);
	free(sync);
}

/*
 * Where a barrier after @s goes: after @s, or after the lane-dependent
 * branch or the unbraced statement that holds it.
 */
static struct wl_node *sync_point(struct fixer *fx, struct wl_node *s)
{
	struct wl_node *div = divergent_owner(fx, s);
	struct wl_node *owner = div ? div : unbraced_owner(s);

	return owner ? owner : s;
}

/*
 * A barrier just after statement @at (a kept statement, or the branch
 * or unbraced body that holds it), or with @before just before it.
 */
static void insert_barrier(struct fixer *fx, struct wl_node *at, bool before)
{
	const struct wl_mask *m;
	char *ind, *sync, *text;
	unsigned pos;

	if (unbraced_owner(at)) {
		if (!fx->why)
			fx->why = wl_xstrdup("nested unbraced statements");
		return;
	}
	m = mask_at(fx, at);
	if (!m)
		return;
	sync = sync_text(fx, m);
	if (before) {
		pos = wl_memtext_line_start(fx->ctx, at->begin);
		ind = wl_memtext_indent(fx->ctx, pos);
		text = wl_xasprintf("%s%s%s", ind, sync, fx->nl);
	} else {
		ind = wl_memtext_indent(fx->ctx, at->begin);
		text = wl_xasprintf("%s%s%s", fx->nl, ind, sync);
		pos = wl_memtext_full_end(fx->ctx, at);
		free(wl_memtext_trailing_comment(fx->ctx, &pos));
	}
	wl_fix_insert(fx->fix, pos, text);
	free(text);
	free(sync);
	free(ind);
}

static void sync_after(struct fixer *fx, struct wl_node *s)
{
	insert_barrier(fx, sync_point(fx, s), false);
}

/*
 * A barrier between racing statements @prev and @next: after @prev, or
 * before @next where nothing runs after @prev (a helper's `return` that
 * reads the storage, then the call of another helper that writes it).
 */
static void sync_between(struct fixer *fx, struct wl_node *prev,
			 struct wl_node *next)
{
	if (prev->kind == CXCursor_ReturnStmt)
		insert_barrier(fx, sync_point(fx, next), true);
	else
		sync_after(fx, prev);
}

/*
 * The volatile-ness of what an argument points to or is an array of
 * (clang keeps `volatile int[32]`'s qualifier on the array type).
 */
static bool points_to_volatile(CXType t)
{
	CXType c = clang_getCanonicalType(t);
	CXType elem = clang_getArrayElementType(c);

	if (elem.kind != CXType_Invalid)
		return clang_isVolatileQualifiedType(c) ||
		       clang_isVolatileQualifiedType(t) ||
		       clang_isVolatileQualifiedType(elem);
	return clang_isVolatileQualifiedType(clang_getPointeeType(t)) ||
	       clang_isVolatileQualifiedType(clang_getPointeeType(c));
}

/*
 * Whether every caller passes a pointer to non-volatile memory for
 * parameter @decl.  A helper with no caller in sight keeps its
 * signature: the callers elsewhere may pass volatile pointers.
 */
static bool param_callers_nonvolatile(struct wl_node *decl)
{
	struct wl_func *fn = decl->func;
	unsigned i, k;

	for (k = 0; k < fn->nr_params && fn->params[k] != decl; k++)
		;
	if (!fn->nr_callers)
		return false;
	for (i = 0; i < fn->nr_callers; i++) {
		struct wl_node *args[16];
		unsigned n = wl_call_args(fn->callers[i], args, 16);
		CXType t;

		if (k >= n || k >= 16)
			return false;
		t = clang_getCursorType(wl_node_strip(args[k])->cursor);
		if (t.kind == CXType_Invalid || points_to_volatile(t))
			return false;
	}
	return true;
}

struct use_scan {
	CXCursor decl;
	struct wl_mem *mem;
	bool outside;
};

/* Every use of the pointer lies in a statement some region rewrites. */
static bool use_in_regions(struct wl_node *n, void *data)
{
	struct use_scan *us = data;
	unsigned i, k;
	bool in = false;

	if (n->kind != CXCursor_DeclRefExpr ||
	    !wl_cursor_equal(wl_node_referenced(n), us->decl))
		return true;
	for (i = 0; i < us->mem->nr_regions && !in; i++)
		for (k = 0; k < us->mem->regions[i].nr_stmts; k++)
			if (wl_node_within(n, us->mem->regions[i].stmts[k]))
				in = true;
	if (!in)
		us->outside = true;
	return !us->outside;
}

/* Whether an edit of @fix already lands in [@off, @off + @len]. */
static bool touches(const struct wl_fix *fix, unsigned off, unsigned len)
{
	unsigned i;

	for (i = 0; i < fix->nr_edits; i++)
		if (fix->edits[i].offset <= off + len &&
		    fix->edits[i].offset + fix->edits[i].length >= off)
			return true;
	return false;
}

/*
 * Drop `volatile` from the pointer the region goes through when the
 * rewrite leaves no access through it that relied on it.
 */
static void drop_volatile(struct fixer *fx)
{
	struct wl_mem *mem = fx->mem;
	struct wl_node *done[8];
	unsigned nr_done = 0, k, i;

	for (k = 0; k < fx->r->nr_races; k++) {
		unsigned ai = fx->r->races[k].reader;
		struct wl_node *d = mem->accesses[ai].ptr_decl;
		struct use_scan us;
		const char *t = fx->ctx->src->text;
		bool seen = false;

		if (!d || !d->in_main || d->in_macro || nr_done == 8)
			continue;
		for (i = 0; i < nr_done; i++)
			seen |= done[i] == d;
		if (seen)
			continue;
		done[nr_done++] = d;
		if (!clang_isVolatileQualifiedType(clang_getPointeeType(
			    clang_getCursorType(d->cursor))))
			continue;
		if (d->kind == CXCursor_ParmDecl &&
		    !param_callers_nonvolatile(d))
			continue;
		us.decl = d->cursor;
		us.mem = mem;
		us.outside = false;
		if (d->func && d->func->body)
			wl_node_walk(d->func->body, use_in_regions, &us);
		if (us.outside)
			continue;
		for (i = d->begin; i + 9 <= d->end; i++)
			if (!memcmp(t + i, "volatile", 8) &&
			    (i == d->begin || !wl_memtext_ident_char(t[i - 1])) &&
			    (t[i + 8] == ' ' || t[i + 8] == '\t')) {
				if (!touches(fx->fix, i, 9))
					wl_fix_replace(fx->fix, i, 9, "");
				break;
			}
	}
}

/* Whether @kids[@k] reads what a statement before it writes. */
static bool group_reads_earlier_write(struct wl_mem *mem, struct wl_node **kids,
				      unsigned k)
{
	unsigned a, b, j;

	for (a = 0; a < mem->nr_accesses; a++) {
		if (!(mem->accesses[a].flags & WL_MEM_READ) ||
		    !wl_node_within(mem->accesses[a].expr, kids[k]))
			continue;
		for (j = 0; j < k; j++)
			for (b = 0; b < mem->nr_accesses; b++)
				if ((mem->accesses[b].flags & WL_MEM_WRITE) &&
				    mem->accesses[b].array ==
					    mem->accesses[a].array &&
				    wl_node_within(mem->accesses[b].expr,
						   kids[j]))
					return true;
	}
	return false;
}

/* A fresh name in @fn that is none of @taken (@nr of them) nor @also. */
static char *fresh_distinct(struct wl_ctx *ctx, struct wl_node *fn,
			    const char *base, char **taken, unsigned nr,
			    const char *also)
{
	char *name = wl_memtext_fresh_name(ctx, fn, base);
	unsigned n = 2, i;

	for (i = 0; i < nr + 1; i++)
		if (i == nr ? !strcmp(also, name)
			    : taken[i] && !strcmp(taken[i], name)) {
			free(name);
			name = wl_xasprintf("%s%u", base, n++);
			i = (unsigned)-1;	/* check them all again */
		}
	return name;
}

/*
 * A branch on what the branch itself updates, as in an arg-max step:
 *
 *	if (s[t + n] > s[t]) {
 *		s[t] = s[t + n];
 *		id[t] = id[t + n];
 *	}
 *
 * The condition reads cells that other lanes write, so it cannot be
 * evaluated twice, nor can a ballot of it be hoisted (maskhoist.c).  It
 * is read once, with the values, before the barrier:
 *
 *	bool take = s[t + n] > s[t];
 *	if (take) {
 *		v = s[t + n];
 *		v2 = id[t + n];
 *	}
 *	__syncwarp(MASK);
 *	if (take) {
 *		s[t] = v;
 *		id[t] = v2;
 *	}
 *	__syncwarp(MASK);
 *
 * MASK names the lanes that reach the branch, not those that take it;
 * each lane reads exactly what it read before.  Only where the branch
 * holds nothing but the racing statements and none of them reads what
 * an earlier one writes (the reads move ahead of the writes).  Returns
 * false where the region has another shape.
 */
/* The branch whose then-part holds @s directly, or NULL. */
static struct wl_node *branch_of(struct wl_node *s)
{
	struct wl_node *n = s;

	if (n->parent && n->parent->kind == CXCursor_CompoundStmt &&
	    n->parent->role == WL_ROLE_THEN)
		n = n->parent;
	if (n->role != WL_ROLE_THEN || !n->parent ||
	    n->parent->kind != CXCursor_IfStmt)
		return NULL;
	return n->parent;
}

/* Whether @cond reads storage that a statement within @then writes. */
static bool reads_what_branch_writes(struct wl_mem *mem, struct wl_node *cond,
				     struct wl_node *then)
{
	unsigned a, b;

	for (a = 0; a < mem->nr_accesses; a++)
		if ((mem->accesses[a].flags & WL_MEM_READ) &&
		    wl_node_within(mem->accesses[a].expr, cond))
			for (b = 0; b < mem->nr_accesses; b++)
				if ((mem->accesses[b].flags & WL_MEM_WRITE) &&
				    mem->accesses[b].array ==
					    mem->accesses[a].array &&
				    wl_node_within(mem->accesses[b].expr, then))
					return true;
	return false;
}

/* Whether an access in @cond is one of a race (a branch on raced cells). */
static bool cond_races(struct wl_mem *mem, struct wl_node *cond)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++)
		for (k = 0; k < mem->regions[i].nr_races; k++) {
			struct wl_mem_race *race = &mem->regions[i].races[k];

			if (wl_node_within(mem->accesses[race->reader].expr,
					   cond) ||
			    wl_node_within(mem->accesses[race->writer].expr,
					   cond))
				return true;
		}
	return false;
}

/*
 * The racing stretches of every region within @g, as one: the branch's
 * statements race in several arrays (smax and sidx), and each region's
 * fix must be the same rewrite of the whole branch, so that applying
 * them all writes it once.
 */
static void merge_regions(struct wl_mem *mem, struct wl_node *g,
			  struct wl_mem_region *out)
{
	unsigned i, k;

	for (i = 0; i < mem->nr_regions; i++) {
		struct wl_mem_region *r = &mem->regions[i];
		bool inside = false;

		for (k = 0; k < r->nr_races; k++) {
			struct wl_mem_race *race = &r->races[k];

			if (!wl_node_within(mem->accesses[race->reader].expr,
					    g) ||
			    !wl_node_within(mem->accesses[race->writer].expr,
					    g))
				continue;
			WL_GROW(out->races, out->nr_races, out->alloc_races);
			out->races[out->nr_races++] = *race;
			inside = true;
		}
		if (inside) {
			out->in_loop |= r->in_loop;
			out->unseen |= r->unseen;
			out->cut |= r->cut;
		}
	}
}

/*
 * The branch of that shape that racing statement @s is, or sits in
 * directly: its condition reads what its then-part writes.
 */
static struct wl_node *group_branch(struct wl_mem *mem, struct wl_node *s)
{
	struct wl_node *g = s->kind == CXCursor_IfStmt ? s : branch_of(s);
	struct wl_node *cond, *then;

	if (!g || wl_node_kid(g, WL_ROLE_ELSE) ||
	    !(cond = wl_node_kid(g, WL_ROLE_COND)) ||
	    !(then = wl_node_kid(g, WL_ROLE_THEN)) ||
	    !reads_what_branch_writes(mem, cond, then) ||
	    !cond_races(mem, cond))
		return NULL;
	return g;
}

/*
 * A barrier between the statements @pending (kept as they are) and the
 * branch @g when they race with it: before the branch, or before the
 * lane-dependent branch or loop around it, so that every lane reaches it.
 */
static void group_after(struct fixer *fx, struct wl_node **pending,
			unsigned nr_pending, struct wl_node *g)
{
	struct wl_node *at;
	unsigned i, k;
	bool clash = false;

	for (k = 0; k < nr_pending; k++)
		for (i = 0; i < fx->r->nr_stmts; i++)
			clash |= wl_node_within(fx->r->stmts[i], g) &&
				 stmts_race(fx->mem, fx->r, pending[k],
					    fx->r->stmts[i]);
	if (!clash)
		return;
	at = sync_point(fx, g);
	if (wl_node_within(pending[nr_pending - 1], at)) {
		if (!fx->why)
			fx->why = wl_xstrdup("two racing statements share a "
					     "lane-dependent branch, where no "
					     "mask for __syncwarp() names the "
					     "lanes that arrive");
		return;
	}
	insert_barrier(fx, at, true);
}

static void rewrite_group(struct fixer *fx, struct wl_node *g)
{
	struct wl_ctx *ctx = fx->ctx;
	struct wl_mem_region whole = { 0 };
	struct stmt_plan *plans;
	struct wl_node *cond = wl_node_kid(g, WL_ROLE_COND);
	struct wl_node *then = wl_node_kid(g, WL_ROLE_THEN);
	struct wl_node **kids, *owner, *root;
	const struct wl_mask *m;
	char **regs, **types, *take, *ct, *cm, *ind, *in2, *sync, *text;
	char *reads = NULL, *writes = NULL;
	unsigned nr_kids, nr_regs = 0, i, k, begin, end;

	kids = then->kind == CXCursor_CompoundStmt ? then->kids : &then;
	nr_kids = then->kind == CXCursor_CompoundStmt ? then->nr_kids : 1;
	if (!nr_kids)
		return;
	if (!g->in_main || g->in_macro) {
		fx->why = wl_xstrdup("the statement is written in a macro");
		return;
	}
	if (!wl_eval_pure(&ctx->eval, cond)) {
		fx->why = wl_xstrdup("the condition of the branch that holds "
				     "the racing statements has side effects");
		return;
	}
	merge_regions(fx->mem, g, &whole);
	for (i = 0; i < whole.nr_races && !fx->why; i++)
		if (whole.races[i].collision)
			fx->why = wl_xstrdup("lanes meet through data-dependent "
					     "indices; use atomics on shared "
					     "memory (atomicAdd) instead");
		else if (whole.races[i].cross_warp)
			fx->block = true;
	if (whole.unseen)
		wl_fix_mark_unsafe(fx->fix, "the memory is taken to be shared "
				   "by the lanes of a warp without seeing "
				   "where it comes from");
	root = g->func->root;
	plans = wl_xcalloc(nr_kids, sizeof(*plans));
	regs = wl_xcalloc(nr_kids + 1, sizeof(*regs));
	types = wl_xcalloc(nr_kids, sizeof(*types));
	for (k = 0; k < nr_kids && !fx->why; k++) {
		struct stmt_plan *p = &plans[k];

		p->stmt = kids[k];
		regs[nr_regs] = fresh_distinct(ctx, root, "v", regs, nr_regs,
					       fx->reg);
		plan_stmt(ctx, fx->mem, &whole, p, regs[nr_regs]);
		if (p->shape != SHAPE_SPLIT && p->shape != SHAPE_WRITE)
			fx->why = wl_xstrdup("a statement in the branch on "
					     "the racing cells is not a plain "
					     "assignment");
		else if (group_reads_earlier_write(fx->mem, kids, k))
			fx->why = wl_xstrdup("a statement in the branch reads "
					     "what an earlier one writes, so "
					     "the reads cannot all go first");
		if (p->uses_reg)
			types[nr_regs++] = p->type;
		else
			free(regs[nr_regs]);
		regs[nr_regs] = NULL;
	}
	m = fx->why ? NULL : mask_at(fx, g);
	if (!m)
		goto out;

	reads = wl_xstrdup("");
	writes = wl_xstrdup("");
	take = fresh_distinct(ctx, root, "take", regs, nr_regs, fx->reg);
	owner = unbraced_owner(g);
	ind = wl_memtext_indent(ctx, (owner ? owner : g)->begin);
	if (owner) {
		char *deeper = wl_memtext_deeper(ind);

		free(ind);
		ind = deeper;
	}
	in2 = wl_memtext_deeper(ind);
	for (k = 0; k < nr_kids; k++) {
		struct stmt_plan *p = &plans[k];
		char *line, *own = NULL;

		end = wl_memtext_stmt_end(ctx, kids[k]);
		cm = wl_memtext_trailing_comment(ctx, &end);
		if (p->shape == SHAPE_SPLIT) {
			line = wl_xasprintf("%s%s%s;%s%s", reads, in2, p->read,
					    cm, fx->nl);
			free(reads);
			reads = line;
			free(cm);
			cm = wl_xstrdup("");
		} else {
			own = wl_memtext_of(ctx, kids[k]);
		}
		line = wl_xasprintf("%s%s%s;%s%s", writes, in2,
				    own ? own : p->write, cm, fx->nl);
		free(writes);
		writes = line;
		free(own);
		free(cm);
	}
	end = then->kind == CXCursor_CompoundStmt ? then->begin + 1 : 0;
	cm = end ? wl_memtext_trailing_comment(ctx, &end) : wl_xstrdup("");
	ct = wl_memtext_of(ctx, cond);
	sync = sync_text(fx, m);
	if (*reads)
		text = wl_xasprintf("bool %s = %s;%s%s%sif (%s) {%s%s%s}%s%s%s"
				    "%s%sif (%s) {%s%s%s}%s%s%s",
				    take, ct, cm, fx->nl, ind, take, fx->nl,
				    reads, ind, fx->nl, ind, sync, fx->nl, ind,
				    take, fx->nl, writes, ind, fx->nl, ind,
				    sync);
	else
		text = wl_xasprintf("bool %s = %s;%s%s%s%s%s%sif (%s) {%s%s%s}"
				    "%s%s%s",
				    take, ct, cm, fx->nl, ind, sync, fx->nl,
				    ind, take, fx->nl, writes, ind, fx->nl,
				    ind, sync);
	end = wl_memtext_full_end(ctx, g);
	begin = g->begin;
	if (owner) {
		/* the unbraced body of a loop: braces around the rewrite */
		const char *t = ctx->src->text;
		char *oind = wl_memtext_indent(ctx, owner->begin);
		char *wrapped = wl_xasprintf(" {%s%s%s%s%s}", fx->nl, ind,
					     text, fx->nl, oind);

		while (begin > owner->begin &&
		       (t[begin - 1] == ' ' || t[begin - 1] == '\t' ||
			t[begin - 1] == '\n' || t[begin - 1] == '\r'))
			begin--;
		free(text);
		text = wrapped;
		free(oind);
	}
	wl_fix_replace(fx->fix, begin, end - begin, text);
	if (nr_regs)
		declare_registers(fx, g, types, regs, nr_regs);
	free(text);
	free(sync);
	free(ct);
	free(cm);
	free(in2);
	free(ind);
	free(take);
out:
	for (k = 0; k < nr_kids; k++) {
		free(plans[k].read);
		free(plans[k].write);
		free(plans[k].type);
	}
	for (k = 0; k < nr_regs; k++)
		free(regs[k]);
	free(plans);
	free(regs);
	free(types);
	free(reads);
	free(writes);
	free(whole.races);
}

static int cmp_stmt(const void *a, const void *b)
{
	const struct wl_node *x = *(struct wl_node *const *)a;
	const struct wl_node *y = *(struct wl_node *const *)b;

	return x->index < y->index ? -1 : x->index > y->index;
}

char *wl_memfix_build(struct wl_ctx *ctx, struct wl_mem *mem,
		      struct wl_mem_region *r, struct wl_finding *f)
{
	struct fixer fx = { .ctx = ctx, .mem = mem, .r = r,
			    .nl = wl_source_newline(ctx->src) };
	struct stmt_plan *plans = wl_xcalloc(r->nr_stmts, sizeof(*plans));
	struct wl_node **pending = wl_xcalloc(r->nr_stmts, sizeof(*pending));
	unsigned i, k, nr_pending = 0, reg_array = 0;
	bool any_reg = false, need_tail = false;
	char *reg;

	for (i = 0; i < r->nr_races && !fx.why; i++)
		if (r->races[i].collision)
			fx.why = wl_xstrdup("lanes meet through data-dependent "
					    "indices; use atomics on shared "
					    "memory (atomicAdd) instead");
		else if (r->races[i].cross_warp)
			fx.block = true;
	/* the __syncwarp() after a Listing 7 step orders no other warp */
	fx.reuse_barrier = r->barrier_after && !fx.block;
	fx.fix = wl_fix_new(fx.block
			    ? "read into a register, then __syncthreads() "
			      "between the reads and the writes: lanes of "
			      "other warps meet at these elements too, and a "
			      "__syncwarp() orders only its own warp"
			    : "read into a register, then __syncwarp() "
			      "between the reads and the writes (Listing 8)");
	if (r->unseen)
		wl_fix_mark_unsafe(fx.fix, "the memory is taken to be shared "
				   "by the lanes of a warp without seeing "
				   "where it comes from");
	qsort(r->stmts, r->nr_stmts, sizeof(*r->stmts), cmp_stmt);
	reg = wl_memtext_fresh_name(ctx, r->stmts[0]->func->root, "v");
	for (i = 0; i < r->nr_stmts && !fx.why; i++) {
		plans[i].stmt = r->stmts[i];
		if (!r->stmts[i]->in_main || r->stmts[i]->in_macro) {
			fx.why = wl_xstrdup("the statement is written in a "
					    "macro");
			break;
		}
		plans[i].group = group_branch(mem, r->stmts[i]);
		if (plans[i].group)
			continue;	/* rewrite_group() plans its own */
		plan_stmt(ctx, mem, r, &plans[i], reg);
		if (plans[i].shape == SHAPE_NONE)
			fx.why = wl_xstrdup("a racing access is not a plain "
					    "read or assignment");
		if (plans[i].uses_reg) {
			if (any_reg && plans[i].array != reg_array)
				fx.why = wl_xstrdup("two arrays would need "
						    "registers");
			any_reg = true;
			reg_array = plans[i].array;
		}
	}
	/* a branch rewritten whole names its registers around this one */
	fx.reg = any_reg ? reg : "";
	for (i = 0; i < r->nr_stmts && !fx.why; i++) {
		struct stmt_plan *p = &plans[i];
		bool clash = false;

		if (p->group) {
			group_after(&fx, pending, nr_pending, p->group);
			rewrite_group(&fx, p->group);
			while (i + 1 < r->nr_stmts &&
			       plans[i + 1].group == p->group)
				i++;
			nr_pending = 0;
			need_tail = false;
			continue;
		}
		for (k = 0; k < nr_pending; k++)
			clash |= stmts_race(mem, r, pending[k], p->stmt);
		/* a barrier after the branch would not come between them */
		if (clash && wl_node_within(p->stmt,
					    sync_point(&fx,
						       pending[nr_pending - 1]))) {
			fx.why = wl_xstrdup("two racing statements share a "
					    "lane-dependent branch, where no "
					    "mask for __syncwarp() names the "
					    "lanes that arrive");
			break;
		}
		if (clash) {
			sync_between(&fx, pending[nr_pending - 1], p->stmt);
			nr_pending = 0;
		}
		if (p->shape == SHAPE_SPLIT) {
			rewrite_split(&fx, p);
			nr_pending = 0;
			need_tail = false;
		} else {
			pending[nr_pending++] = p->stmt;
			need_tail = true;
		}
	}
	/* A loop brings the last statement back to meet the first. */
	if (!fx.why && r->in_loop && need_tail && nr_pending) {
		bool clash = false;

		for (k = 0; k < nr_pending; k++)
			for (i = 0; i < r->nr_stmts; i++)
				clash |= stmts_race(mem, r, pending[k],
						    r->stmts[i]) &&
					 loop_joins(pending[k], r->stmts[i]);
		/* a `return` leaves the loop: it never comes back */
		if (clash && pending[nr_pending - 1]->kind !=
				     CXCursor_ReturnStmt)
			sync_after(&fx, pending[nr_pending - 1]);
	}
	for (i = 0; i < r->nr_stmts && !fx.why && any_reg; i++)
		if (plans[i].uses_reg) {
			declare_register(&fx, plans[i].stmt, plans[i].type,
					 reg);
			break;
		}
	if (!fx.why)
		drop_volatile(&fx);
	/*
	 * Nothing to write here: the racing accesses are all inside a
	 * helper this statement calls (its fix is the helper's).  A fix
	 * without edits would be counted as applied.
	 */
	if (!fx.why && !fx.fix->nr_edits)
		fx.why = wl_xstrdup("the racing accesses are inside the "
				    "function this statement calls; the fix "
				    "goes there");
	if (fx.why)
		wl_fix_free(fx.fix);
	else
		f->fix = fx.fix;
	for (i = 0; i < r->nr_stmts; i++) {
		free(plans[i].read);
		free(plans[i].write);
		free(plans[i].type);
	}
	free(plans);
	free(pending);
	free(reg);
	return fx.why;
}

void wl_memfix_each_function(struct wl_ctx *ctx, struct wl_mem *mem,
			     struct wl_mem_region *r, const int *at)
{
	struct wl_node **stmts = wl_xcalloc(r->nr_stmts, sizeof(*stmts));
	struct wl_mem_race *races = wl_xcalloc(r->nr_races, sizeof(*races));
	unsigned i, k;

	for (i = 0; i < r->nr_stmts; i++) {
		struct wl_func *fn = r->stmts[i]->func;
		struct wl_mem_region part = *r;
		int owner = -1;
		bool seen = false;
		char *why;

		for (k = 0; k < i && !seen; k++)
			seen = r->stmts[k]->func == fn;
		if (seen)
			continue;
		part.stmts = stmts;
		part.races = races;
		part.nr_stmts = part.nr_races = 0;
		for (k = 0; k < r->nr_stmts; k++)
			if (r->stmts[k]->func == fn) {
				part.stmts[part.nr_stmts++] = r->stmts[k];
				if (owner < 0)
					owner = at[k];
			}
		part.first = part.stmts[0];
		for (k = 0; k < r->nr_races; k++)
			if (mem->accesses[r->races[k].reader].stmt->func == fn &&
			    mem->accesses[r->races[k].writer].stmt->func == fn)
				part.races[part.nr_races++] = r->races[k];
		if (!part.nr_races || owner < 0)
			continue;
		why = wl_memfix_build(ctx, mem, &part, &ctx->findings.v[owner]);
		if (!why)
			wl_finding_note(&ctx->findings.v[owner],
					"the fix covers the races within "
					"'%s' only",
					fn->name);
		free(why);
	}
	free(stmts);
	free(races);
}
