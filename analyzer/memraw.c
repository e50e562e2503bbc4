/* SPDX-License-Identifier: MIT */
/*
 * Functions outside the model: the helpers of the headers a file
 * includes, which the model (main-file functions only) does not hold but
 * the memory analysis must understand where kernels call them.  Read
 * from libclang's cursors directly, and remembered per function:
 *
 *   - a barrier inside (CTA_SYNC() wrapping __syncthreads(), bar.sync);
 *   - the lane index from an asm read of %laneid (LaneId());
 *   - the value of a parameterless helper that returns an expression of
 *     the built-in variables (`warp_id()`), per thread;
 *   - what a helper returns when it returns its object (`Alias()`) or a
 *     __shared__ variable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "analyzer/memint.h"
#include "base/util.h"

#define RAW_MAX_DEPTH 6

static unsigned bucket_of(const struct wl_mem *mem, unsigned hash, int what)
{
	return ((hash ^ (unsigned)what * 0x9e3779b9u) * 0x85ebca6bu) &
	       (mem->nr_raw_buckets - 1);
}

/* The entry numbers + 1 that may hold (@hash, @what), in a chain: 0 ends it. */
static unsigned chain_first(const struct wl_mem *mem, unsigned hash, int what)
{
	return mem->nr_raw_buckets ? mem->raw_bucket[bucket_of(mem, hash, what)]
				   : 0;
}

static unsigned chain_next(const struct wl_mem *mem, unsigned i)
{
	return mem->raw_next[i - 1];
}

static void link_entry(struct wl_mem *mem, unsigned i)
{
	unsigned b = bucket_of(mem, mem->raw[i].hash, mem->raw[i].what);

	mem->raw_next[i] = mem->raw_bucket[b];
	mem->raw_bucket[b] = i + 1;
}

/* Twice as many buckets once the entries outnumber them. */
static void grow_index(struct wl_mem *mem)
{
	unsigned i, n = mem->nr_raw_buckets ? mem->nr_raw_buckets * 2 : 64;

	free(mem->raw_bucket);
	mem->raw_bucket = wl_xcalloc(n, sizeof(*mem->raw_bucket));
	mem->raw_next = wl_xrealloc(mem->raw_next, n * sizeof(*mem->raw_next));
	mem->nr_raw_buckets = n;
	/* an entry forgotten since keeps the bucket of the kind it had */
	for (i = 0; i < mem->nr_raw; i++)
		link_entry(mem, i);
}

/* A new, zeroed entry of @what under @hash. */
static struct wl_mem_cache_entry *raw_add(struct wl_mem *mem, unsigned hash,
					  int what)
{
	struct wl_mem_cache_entry *e;

	WL_GROW(mem->raw, mem->nr_raw, mem->alloc_raw);
	if (mem->nr_raw >= mem->nr_raw_buckets)
		grow_index(mem);
	e = &mem->raw[mem->nr_raw];
	memset(e, 0, sizeof(*e));
	e->hash = hash;
	e->what = what;
	link_entry(mem, mem->nr_raw++);
	return e;
}

struct wl_mem_cache_entry *ma_raw_find(struct wl_mem *mem, CXCursor fn,
				       int what)
{
	unsigned h = clang_hashCursor(fn), i;

	for (i = chain_first(mem, h, what); i; i = chain_next(mem, i))
		if (mem->raw[i - 1].hash == h && mem->raw[i - 1].what == what &&
		    wl_cursor_equal(mem->raw[i - 1].fn, fn))
			return &mem->raw[i - 1];
	return NULL;
}

struct wl_mem_cache_entry *ma_raw_remember(struct wl_mem *mem, CXCursor fn,
					    int what)
{
	struct wl_mem_cache_entry *e = raw_add(mem, clang_hashCursor(fn), what);

	e->fn = fn;
	return e;
}

void ma_raw_forget_values(struct wl_mem *mem)
{
	unsigned i;

	for (i = 0; i < mem->nr_raw; i++)
		if (mem->raw[i].what == MA_CACHE_VALUE) {
			mem->raw[i].what = MA_CACHE_FORGOTTEN;
			free(mem->raw[i].values);
			mem->raw[i].values = NULL;
		}
}

void ma_raw_release(struct wl_mem *mem)
{
	unsigned i;

	for (i = 0; i < mem->nr_raw; i++)
		free(mem->raw[i].values);
	free(mem->raw);
	free(mem->raw_bucket);
	free(mem->raw_next);
	mem->raw = NULL;
	mem->raw_bucket = mem->raw_next = NULL;
	mem->nr_raw = mem->alloc_raw = mem->nr_raw_buckets = 0;
}

/* ---- what is inside ----------------------------------------------------- */

struct scan {
	struct wl_mem *mem;
	CXTranslationUnit tu;
	CXCursor cls;		/* the class of the member function scanned */
	int depth;
	bool follow;		/* into calls: a barrier, not a lane id */
	bool laneid, barrier;
	bool cut;		/* a call not followed: RAW_MAX_DEPTH */
};

static bool scan_barrier(struct wl_mem *mem, CXCursor fn, int depth,
			 bool *cut);

static bool asm_text_has(CXTranslationUnit tu, CXCursor c, const char *what)
{
	CXToken *tokens = NULL;
	unsigned nr = 0, i;
	bool found = false;

	clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &nr);
	for (i = 0; i < nr && !found; i++) {
		CXString s = clang_getTokenSpelling(tu, tokens[i]);

		found = strstr(clang_getCString(s), what) != NULL;
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, tokens, nr);
	return found;
}

static bool barrier_name(const char *name)
{
	static const char *const names[] = {
		"__syncwarp", "__syncthreads", "__syncthreads_count",
		"__syncthreads_and", "__syncthreads_or", "__barrier_sync",
	};
	unsigned i;

	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/*
 * The class templates a written type may name: `Alias(...)` in a class
 * template, where `using Alias = _If<W, WarpReductions, Raking>` and
 * each of those an alias of a class template again (CUB's
 * InternalBlockReduce).  At most eight are kept, and aliases are
 * followed four deep.
 */
struct class_set {
	CXCursor v[8];
	unsigned nr;
	int depth;
};

static void add_classes_of(CXCursor decl, struct class_set *cs);

static enum CXChildVisitResult collect_classes(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	struct class_set *cs = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_TemplateRef ||
	    clang_getCursorKind(c) == CXCursor_TypeRef)
		add_classes_of(clang_getCursorReferenced(c), cs);
	return CXChildVisit_Continue;
}

static void add_classes_of(CXCursor decl, struct class_set *cs)
{
	unsigned i;

	switch (clang_getCursorKind(decl)) {
	case CXCursor_ClassTemplate:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
		for (i = 0; i < cs->nr; i++)
			if (wl_cursor_equal(cs->v[i], decl))
				return;
		if (cs->nr < WL_ARRAY_SIZE(cs->v))
			cs->v[cs->nr++] = decl;
		return;
	case CXCursor_TypedefDecl:
	case CXCursor_TypeAliasDecl:
	case CXCursor_TypeAliasTemplateDecl:
		if (cs->depth >= 4)
			return;
		cs->depth++;
		clang_visitChildren(decl, collect_classes, cs);
		cs->depth--;
		return;
	default:
		return;
	}
}

struct method_scan {
	struct wl_mem *mem;
	const char *name;
	int depth;
	bool *cut;
	unsigned found, with_barrier;
};

static enum CXChildVisitResult scan_method(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct method_scan *ms = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;
	bool named;

	(void)parent;
	if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	named = !strcmp(clang_getCString(s), ms->name);
	clang_disposeString(s);
	if (named) {
		ms->found++;
		ms->with_barrier += scan_barrier(ms->mem, c, ms->depth + 1,
						 ms->cut);
	}
	return CXChildVisit_Continue;
}

/*
 * The member a dependent member call names, `obj.template Sum<true>(x)`:
 * libclang leaves it unnamed, so the identifier after the last `.` or
 * `->` (and a `template`) of the member expression spells it.
 */
static char *member_call_name(CXTranslationUnit tu, CXCursor call,
			      CXCursor *object)
{
	CXCursor callee = wl_cursor_first_child(call);
	CXToken *tokens;
	unsigned nr, i;
	char *name = NULL;

	*object = clang_getNullCursor();
	if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
		return NULL;
	*object = wl_cursor_first_child(callee);
	clang_tokenize(tu, clang_getCursorExtent(callee), &tokens, &nr);
	for (i = 0; i + 1 < nr; i++) {
		CXString t = clang_getTokenSpelling(tu, tokens[i]);
		bool dot = !strcmp(clang_getCString(t), ".") ||
			   !strcmp(clang_getCString(t), "->");
		unsigned k = i + 1;

		clang_disposeString(t);
		if (!dot)
			continue;
		t = clang_getTokenSpelling(tu, tokens[k]);
		if (!strcmp(clang_getCString(t), "template") && k + 1 < nr) {
			clang_disposeString(t);
			t = clang_getTokenSpelling(tu, tokens[++k]);
		}
		free(name);
		name = clang_getTokenKind(tokens[k]) == CXToken_Identifier
			       ? wl_xstrdup(clang_getCString(t))
			       : NULL;
		clang_disposeString(t);
	}
	clang_disposeTokens(tu, tokens, nr);
	return name;
}

/* The first identifier of @c's tokens, past `this`, or NULL. */
static char *first_identifier(CXTranslationUnit tu, CXCursor c)
{
	CXToken *tokens;
	unsigned nr, i;
	char *name = NULL;

	clang_tokenize(tu, clang_getCursorExtent(c), &tokens, &nr);
	for (i = 0; i < nr && !name; i++) {
		CXString t = clang_getTokenSpelling(tu, tokens[i]);

		if (clang_getTokenKind(tokens[i]) == CXToken_Identifier)
			name = wl_xstrdup(clang_getCString(t));
		else if (clang_getTokenKind(tokens[i]) != CXToken_Keyword &&
			 strcmp(clang_getCString(t), "->"))
			i = nr;		/* `(f)(x)`, `*p`: not a plain name */
		clang_disposeString(t);
	}
	clang_disposeTokens(tu, tokens, nr);
	return name;
}

/*
 * Whether a call inside a helper's body reaches a barrier: a function
 * it names, or every candidate an overload set or a dependent member
 * call on a construction of a class alias may run (CUB's BlockReduce::
 * Sum is `InternalBlockReduce(temp_storage).template Sum<true>(...)`,
 * whose Sum calls ApplyWarpAggregates(), which holds the barrier).
 */
static bool call_has_barrier(struct scan *sc, CXCursor call)
{
	CXCursor overloads, object, type = clang_getNullCursor();
	CXCursor callee = wl_cursor_callee(call, &overloads);
	struct method_scan ms = { sc->mem, NULL, sc->depth, &sc->cut, 0, 0 };
	struct class_set cs = { .nr = 0 };
	unsigned i, n;

	if (!clang_Cursor_isNull(callee))
		return scan_barrier(sc->mem, callee, sc->depth + 1, &sc->cut);
	n = clang_Cursor_isNull(overloads)
		    ? 0 : clang_getNumOverloadedDecls(overloads);
	for (i = 0; i < n; i++)
		if (scan_barrier(sc->mem, clang_getOverloadedDecl(overloads, i),
				 sc->depth + 1, &sc->cut))
			return true;
	if (n)
		return false;
	ms.name = member_call_name(sc->tu, call, &object);
	if (!ms.name && !clang_Cursor_isNull(sc->cls)) {
		/* `ApplyWarpAggregates<FULL>(...)` on this: the class's own */
		ms.name = first_identifier(sc->tu, call);
		object = clang_getNullCursor();
		add_classes_of(sc->cls, &cs);
	}
	if (!ms.name)
		return false;
	/* the object: a construction `Alias(args)`, typed by its first child */
	if (!clang_Cursor_isNull(object)) {
		CXCursor first = wl_cursor_first_child(object);

		if (clang_getCursorKind(first) == CXCursor_TypeRef ||
		    clang_getCursorKind(first) == CXCursor_TemplateRef)
			type = clang_getCursorReferenced(first);
	}
	add_classes_of(type, &cs);
	/*
	 * Every class the alias may be must sync; within one class, the
	 * overloads of the name are steps of one algorithm (CUB's
	 * ApplyWarpAggregates() ends its recursion in one without), so one
	 * with a barrier is enough.
	 */
	for (i = 0, n = 0; i < cs.nr; i++) {
		ms.found = ms.with_barrier = 0;
		clang_visitChildren(cs.v[i], scan_method, &ms);
		if (ms.found && !ms.with_barrier)
			break;
		n += ms.found != 0;
	}
	free((char *)ms.name);
	return i == cs.nr && n > 0;
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct scan *sc = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_GCCAsmStmt || k == CXCursor_AsmStmt) {
		if (asm_text_has(sc->tu, c, "%laneid"))
			sc->laneid = true;
		if (asm_text_has(sc->tu, c, "bar.sync") ||
		    asm_text_has(sc->tu, c, "bar.warp.sync") ||
		    asm_text_has(sc->tu, c, "barrier.sync"))
			sc->barrier = true;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr) {
		CXString s = clang_getCursorSpelling(c);

		if (barrier_name(clang_getCString(s)))
			sc->barrier = true;
		clang_disposeString(s);
		if (!sc->barrier && sc->follow) {
			if (sc->depth < RAW_MAX_DEPTH)
				sc->barrier = call_has_barrier(sc, c);
			else
				sc->cut = true;
		}
	}
	if (sc->follow)
		return sc->barrier ? CXChildVisit_Break : CXChildVisit_Recurse;
	return sc->laneid || sc->barrier ? CXChildVisit_Break
					 : CXChildVisit_Recurse;
}

/* Where a function's body is, and the class of a member function. */
static CXCursor body_of(CXCursor fn, CXCursor *cls)
{
	CXCursor def = wl_cursor_definition(fn), parent;

	if (clang_Cursor_isNull(def))
		def = clang_getCursorDefinition(fn);	/* a member template */
	parent = clang_getCursorSemanticParent(clang_Cursor_isNull(def) ? fn
									: def);
	switch (clang_getCursorKind(parent)) {
	case CXCursor_ClassTemplate:
	case CXCursor_ClassTemplatePartialSpecialization:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
		*cls = parent;
		break;
	default:
		*cls = clang_getNullCursor();
		break;
	}
	return def;
}

/*
 * Whether @fn reaches a barrier, through the calls it makes down to
 * RAW_MAX_DEPTH levels from the first question.  A "no" that a depth
 * cut made is not remembered (*@cut says so to the caller): asked again
 * nearer the top, the function may well reach one.
 */
static bool scan_barrier(struct wl_mem *mem, CXCursor fn, int depth,
			 bool *cut)
{
	struct wl_mem_cache_entry *e = ma_raw_find(mem, fn, MA_CACHE_BARRIER);
	struct scan sc = { mem, mem->ctx->tu, clang_getNullCursor(), depth,
			   true, false, false, false };
	CXCursor def;

	if (e)
		return e->answer;
	if (depth > RAW_MAX_DEPTH) {
		*cut = true;
		return false;
	}
	def = body_of(fn, &sc.cls);
	/* while it is scanned, a recursive call finds no barrier */
	ma_raw_remember(mem, fn, MA_CACHE_BARRIER);
	if (!clang_Cursor_isNull(def))
		clang_visitChildren(def, scan_visit, &sc);
	e = ma_raw_find(mem, fn, MA_CACHE_BARRIER);
	e->answer = sc.barrier;
	if (sc.cut && !sc.barrier) {
		e->what = MA_CACHE_FORGOTTEN;
		*cut = true;
	}
	return sc.barrier;
}

bool ma_raw_barrier(struct wl_mem *mem, CXCursor fn)
{
	bool cut = false;

	return scan_barrier(mem, fn, 0, &cut);
}

bool ma_raw_call_barrier(struct wl_mem *mem, CXCursor call)
{
	struct scan sc = { mem, mem->ctx->tu, clang_getNullCursor(), 0, true,
			   false, false, false };

	return call_has_barrier(&sc, call);
}

/* Whether @fn's own body reads %laneid (its calls are not followed). */
bool ma_raw_lane_id(struct wl_mem *mem, CXCursor fn)
{
	struct wl_mem_cache_entry *e = ma_raw_find(mem, fn, MA_CACHE_LANE_ID);
	struct scan sc = { mem, mem->ctx->tu, clang_getNullCursor(), 0, false,
			   false, false, false };
	CXCursor def;

	if (e)
		return e->answer;
	def = body_of(fn, &sc.cls);
	if (!clang_Cursor_isNull(def))
		clang_visitChildren(def, scan_visit, &sc);
	ma_raw_remember(mem, fn, MA_CACHE_LANE_ID)->answer = sc.laneid;
	return sc.laneid;
}

/* ---- values ------------------------------------------------------------ */

/*
 * threadIdx.x and friends: clang models them as properties, which
 * libclang neither names nor resolves; the member is the one letter
 * where the expression's extent ends.
 */
static bool builtin_value(struct wl_mem *mem, CXCursor c,
			  struct wl_cursor_kids *k, unsigned tid,
			  long long *out)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile file = NULL;
	unsigned off = 0;
	size_t size = 0;
	const char *text;
	CXString base;
	char var[16];
	char member;

	if (k->nr != 1 || clang_getCursorKind(k->v[0]) != CXCursor_DeclRefExpr)
		return false;
	clang_getSpellingLocation(clang_getRangeEnd(r), &file, NULL, NULL,
				  &off);
	text = file ? wl_model_file_text(&mem->ctx->model, file, &size) : NULL;
	if (!text || !off || off > size)
		return false;
	member = text[off - 1];
	base = clang_getCursorSpelling(k->v[0]);
	snprintf(var, sizeof(var), "%s", clang_getCString(base));
	clang_disposeString(base);
	return ma_builtin_value(mem, var, member, tid, out);
}

static bool raw_eval(struct wl_mem *mem, CXCursor c, unsigned tid,
		     long long *out, int depth);

static bool raw_eval(struct wl_mem *mem, CXCursor c, unsigned tid,
		     long long *out, int depth)
{
	struct wl_cursor_kids k;
	long long a, b;
	CXCursor ref;

	if (depth > 24)
		return false;
	switch (clang_getCursorKind(c)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return wl_cursor_int_value(c, out);
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		k = wl_cursor_kids(c);
		return k.nr >= 1 && k.nr <= 3 &&
		       raw_eval(mem, k.v[k.nr - 1], tid, out, depth + 1);
	case CXCursor_BinaryOperator:
		k = wl_cursor_kids(c);
		return k.nr == 2 && raw_eval(mem, k.v[0], tid, &a, depth + 1) &&
		       raw_eval(mem, k.v[1], tid, &b, depth + 1) &&
		       wl_binop_fold(clang_getCursorBinaryOperatorKind(c), a,
				     b, out);
	case CXCursor_UnaryOperator:
		k = wl_cursor_kids(c);
		if (k.nr != 1 || !raw_eval(mem, k.v[0], tid, &a, depth + 1))
			return false;
		switch (clang_getCursorUnaryOperatorKind(c)) {
		case CXUnaryOperator_Minus: *out = -a; return true;
		case CXUnaryOperator_Not: *out = ~a; return true;
		case CXUnaryOperator_LNot: *out = !a; return true;
		case CXUnaryOperator_Plus: *out = a; return true;
		default: return false;
		}
	case CXCursor_ConditionalOperator:
		k = wl_cursor_kids(c);
		return k.nr == 3 && raw_eval(mem, k.v[0], tid, &a, depth + 1) &&
		       raw_eval(mem, k.v[a ? 1 : 2], tid, out, depth + 1);
	case CXCursor_MemberRefExpr:
		k = wl_cursor_kids(c);
		return builtin_value(mem, c, &k, tid, out);
	case CXCursor_DeclRefExpr: {
		CXString s = clang_getCursorSpelling(c);
		bool ws = !strcmp(clang_getCString(s), "warpSize");

		clang_disposeString(s);
		if (ws) {
			*out = 32;
			return true;
		}
		ref = clang_getCursorReferenced(c);
		if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl &&
		    !clang_isConstQualifiedType(clang_getCursorType(ref)))
			return false;
		return wl_cursor_int_value(c, out);
	}
	case CXCursor_CallExpr:
		ref = clang_getCursorReferenced(c);
		if (clang_Cursor_isNull(ref) || clang_Cursor_getNumArguments(c))
			return false;
		if (ma_raw_lane_id(mem, ref)) {
			*out = tid & 31;
			return true;
		}
		return depth < RAW_MAX_DEPTH && ma_raw_value(mem, ref, tid, out);
	default:
		return false;
	}
}

bool ma_raw_value(struct wl_mem *mem, CXCursor fn, unsigned tid,
		  long long *out)
{
	struct wl_mem_cache_entry *e = ma_raw_find(mem, fn, MA_CACHE_VALUE);
	CXCursor def, expr = clang_getNullCursor();
	unsigned t;

	if (tid >= MA_TIDS)
		return false;
	if (!e) {
		e = ma_raw_remember(mem, fn, MA_CACHE_VALUE);
		def = wl_cursor_definition(fn);
		/* A body that is one `return EXPR;` with no parameters. */
		if (!clang_Cursor_isNull(def) &&
		    !clang_Cursor_getNumArguments(def))
			expr = wl_cursor_returned(def);
		if (!clang_Cursor_isNull(expr)) {
			long long *v = wl_xmalloc(MA_TIDS * sizeof(*v));

			for (t = 0; t < MA_TIDS; t++)
				if (!raw_eval(mem, expr, t, &v[t], 0))
					break;
			/* the entry may have moved while raw_eval grew
			   the cache: find it again */
			e = ma_raw_find(mem, fn, MA_CACHE_VALUE);
			if (t == MA_TIDS) {
				e->values = v;
				e->answer = true;
			} else {
				free(v);
			}
		}
	}
	if (!e->answer)
		return false;
	*out = e->values[tid];
	return true;
}

/* ---- what it returns ------------------------------------------------- */

struct raw_ret {
	CXCursor expr;
	bool found;
};

static enum CXChildVisitResult find_return(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct raw_ret *rr = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
		rr->expr = c;
		rr->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}


enum ma_raw_ret ma_raw_returns(CXCursor fn, CXCursor *shared)
{
	struct raw_ret rr = { clang_getNullCursor(), false };
	CXCursor e, def = wl_cursor_definition(fn);
	struct wl_cursor_kids k;

	if (clang_Cursor_isNull(def))
		return MA_RET_NONE;
	clang_visitChildren(def, find_return, &rr);
	if (!rr.found)
		return MA_RET_NONE;
	e = wl_cursor_strip(rr.expr);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	    wl_eval_is_shared(clang_getCursorReferenced(e))) {
		*shared = clang_getCursorReferenced(e);
		return MA_RET_SHARED;
	}
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) {
		k = wl_cursor_kids(e);
		if (k.nr == 1 &&
		    clang_getCursorKind(wl_cursor_strip(k.v[0])) ==
			    CXCursor_CXXThisExpr)
			return MA_RET_THIS;
	}
	return MA_RET_NONE;
}

/* ---- dependent calls of a class template's methods ------------------- */

struct spec_scan {
	CXCursor tmpl;
	const char *method;
	CXCursor shared;
	bool found;
};

static enum CXChildVisitResult spec_method(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct spec_scan *ss = data;
	CXString s;
	bool named;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CXXMethod)
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	named = !strcmp(clang_getCString(s), ss->method);
	clang_disposeString(s);
	if (named && ma_raw_returns(c, &ss->shared) == MA_RET_SHARED)
		ss->found = true;
	return ss->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static enum CXChildVisitResult find_spec(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct spec_scan *ss = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
	    k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if (k != CXCursor_StructDecl && k != CXCursor_ClassDecl &&
	    k != CXCursor_ClassTemplatePartialSpecialization &&
	    k != CXCursor_ClassTemplate)
		return CXChildVisit_Continue;
	t = clang_getSpecializedCursorTemplate(c);
	if (wl_cursor_equal(c, ss->tmpl) ||
	    (!clang_Cursor_isNull(t) && wl_cursor_equal(t, ss->tmpl)))
		clang_visitChildren(c, spec_method, ss);
	return ss->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool ma_raw_member_shared(struct wl_mem *mem, CXType obj, const char *method,
			  CXCursor *shared)
{
	CXCursor decl, tmpl;
	struct spec_scan ss;
	struct wl_mem_cache_entry *e;
	const char *p;
	unsigned h, i;

	if (obj.kind == CXType_Pointer || obj.kind == CXType_LValueReference)
		obj = clang_getPointeeType(obj);
	decl = clang_getTypeDeclaration(obj);
	if (clang_Cursor_isNull(decl) || !*method)
		return false;
	tmpl = clang_getSpecializedCursorTemplate(decl);
	memset(&ss, 0, sizeof(ss));
	ss.tmpl = clang_Cursor_isNull(tmpl) ? decl : tmpl;
	ss.method = method;
	/*
	 * The walk covers the whole translation unit: once per class and
	 * method, not once per call (a header of many calls made it
	 * quadratic).
	 */
	h = clang_hashCursor(ss.tmpl);
	for (p = method; *p; p++)
		h = h * 31 + (unsigned char)*p;
	for (i = chain_first(mem, h, MA_CACHE_MEMBER); i;
	     i = chain_next(mem, i)) {
		const struct wl_mem_cache_entry *e = &mem->raw[i - 1];

		if (e->what == MA_CACHE_MEMBER && e->hash == h &&
		    wl_cursor_equal(e->fn, ss.tmpl) &&
		    !strcmp(e->method, method)) {
			*shared = e->shared;
			return e->answer;
		}
	}
	clang_visitChildren(clang_getTranslationUnitCursor(mem->ctx->tu),
			    find_spec, &ss);
	e = raw_add(mem, h, MA_CACHE_MEMBER);
	e->fn = ss.tmpl;
	e->method = wl_arena_strdup(&mem->ctx->model.arena, method);
	e->answer = ss.found;
	e->shared = ss.shared;
	*shared = ss.shared;
	return ss.found;
}
