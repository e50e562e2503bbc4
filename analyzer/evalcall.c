/* SPDX-License-Identifier: MIT */
/* The uniformity of calls to functions outside the model. */
#include "analyzer/evalcall.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/cursor.h"
#include "analyzer/model.h"
#include "base/util.h"

/* How deep the definitions of header helpers are followed. */
#define MAX_EXTERN_DEPTH 4

/*
 * Calls whose result depends only on their arguments, besides the C
 * library's math (math_calls below).
 */
static const char *const pure_calls[] = {
	"__popc", "__popcll", "__ffs", "__ffsll", "__clz", "__clzll", "__brev",
	"__brevll", "min", "max", "umin", "umax", "llmin", "llmax", "abs",
	"labs", "llabs",
	"__mul24", "__umul24", "__mulhi", "__umulhi", "__byte_perm",
	"__float_as_int", "__int_as_float", "__float_as_uint",
	"__uint_as_float", "__double2hiint", "__double2loint",
	"__hiloint2double", "__double_as_longlong", "__longlong_as_double",
	"__funnelshift_l", "__funnelshift_r", "__float2int_rn",
	"__float2int_rz", "__int2float_rn", "__ldg",
};

/*
 * Warp collectives whose result is the same in every participating lane.
 * Not __activemask(): it names the lanes that happen to run together,
 * and lanes the scheduler runs apart get different answers (a test of it
 * splits a warp as a test of the lane index does).
 */
static const char *const warp_uniform_calls[] = {
	"__ballot_sync", "__any_sync", "__all_sync", "__uni_sync",
	"__ballot", "__any", "__all", "__reduce_add_sync",
	"__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
	"__reduce_or_sync", "__reduce_xor_sync",
};

/* Block-wide votes: every thread of the block gets the same answer. */
static const char *const block_uniform_calls[] = {
	"__syncthreads_count", "__syncthreads_and", "__syncthreads_or",
};

static bool in_list(const char *name, const char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

/* The C library's math, each also in its float form (powf, sinf). */
static const char *const math_calls[] = {
	"pow", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
	"log1p", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh",
	"cosh", "tanh", "sqrt", "rsqrt", "cbrt", "hypot", "erf", "erfc",
	"fmod", "remainder", "round", "trunc", "rint", "lrint", "llrint",
	"lround", "llround", "floor", "ceil", "fabs", "fmin", "fmax", "fma",
	"ldexp", "copysign", "fdim",
};

static bool is_math(const char *name)
{
	size_t len = strlen(name), i;

	for (i = 0; i < WL_ARRAY_SIZE(math_calls); i++) {
		size_t n = strlen(math_calls[i]);

		if (!strncmp(name, math_calls[i], n) &&
		    (len == n || (len == n + 1 && name[n] == 'f')))
			return true;
	}
	return false;
}

bool wl_evalcall_is_pure(const char *name)
{
	return in_list(name, pure_calls, WL_ARRAY_SIZE(pure_calls)) ||
	       is_math(name);
}

bool wl_evalcall_is_warp_uniform(const char *name)
{
	return in_list(name, warp_uniform_calls,
		       WL_ARRAY_SIZE(warp_uniform_calls));
}

bool wl_evalcall_name_has(const char *name, const char *word)
{
	char folded[64];

	wl_fold_name(name, folded, sizeof(folded));
	return strstr(folded, word) != NULL;
}

static bool name_has_any(const char *name, const char *const *words,
			 size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (wl_evalcall_name_has(name, words[i]))
			return true;
	return false;
}

bool wl_evalcall_is_arith_helper(const char *name)
{
	static const char *const words[] = {
		"roundup", "rounddown", "alignup", "ceildiv", "divup",
	};

	return name_has_any(name, words, WL_ARRAY_SIZE(words));
}

bool wl_evalcall_names_thread(const char *name)
{
	static const char *const words[] = {
		"lane", "thread", "tid", "warp", "rank",
	};

	return name_has_any(name, words, WL_ARRAY_SIZE(words));
}

bool wl_evalcall_param_names_thread(const char *name)
{
	static const char *const names[] = {
		"tid", "tidx", "ltid", "gtid", "thid", "tx", "lid", "gid",
		"threadindex", "localid", "globalid",
	};
	char folded[64];
	size_t len, i;

	wl_fold_name(name, folded, sizeof(folded));
	len = strlen(folded);
	/* lane, laneId, lane_idx; thread_id, threadIdx_x */
	if (!strncmp(folded, "lane", 4) || !strncmp(folded, "threadid", 8))
		return true;
	if (len > 3 && !strcmp(folded + len - 3, "tid"))	/* warp_tid */
		return true;
	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(folded, names[i]))
			return true;
	return false;
}

/* Whether @decl is written in a file (a builtin is not). */
static bool has_file(CXCursor decl)
{
	CXFile file = NULL;

	clang_getSpellingLocation(clang_getCursorLocation(decl), &file, NULL,
				  NULL, NULL);
	return file != NULL;
}

bool wl_evalcall_unseen(CXCursor call)
{
	CXCursor overloads, callee = wl_cursor_callee(call, &overloads);

	/* the project's own, defined in another translation unit */
	if (!clang_Cursor_isNull(callee))
		return has_file(callee) &&
		       !wl_cursor_outside_project(callee) &&
		       clang_Cursor_isNull(wl_cursor_definition(callee));
	return clang_Cursor_isNull(overloads) ||
	       !clang_getNumOverloadedDecls(overloads);
}

/* ---- members of template arguments ---- */

static enum CXChildVisitResult find_type_qualifier(CXCursor c, CXCursor parent,
						   CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_TypeRef ||
	    clang_getCursorKind(c) == CXCursor_TemplateRef) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

bool wl_evalcall_dependent_member(const struct wl_node *ref)
{
	bool qualified = false;

	if (ref->kind != CXCursor_DeclRefExpr ||
	    !clang_Cursor_isNull(wl_node_referenced(ref)))
		return false;
	/* `T::kSize`: the qualifier is the only child, a type reference. */
	clang_visitChildren(ref->cursor, find_type_qualifier, &qualified);
	return qualified;
}

/* ---- Cooperative Groups ---- */

enum cg_kind { CG_NONE, CG_BLOCK, CG_TILE, CG_GRID };

/* The group type of @obj's value, and a tile's size (0: not known). */
static enum cg_kind cg_kind_of(const struct wl_node *obj, unsigned *tile)
{
	CXType t = wl_type_non_reference(clang_getCursorType(obj->cursor));
	CXString s;
	const char *name, *p;
	enum cg_kind kind = CG_NONE;

	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	s = clang_getTypeSpelling(clang_getCanonicalType(t));
	name = clang_getCString(s);
	*tile = 0;
	if ((p = strstr(name, "thread_block_tile<"))) {
		char *end;
		unsigned long n = strtoul(p + strlen("thread_block_tile<"),
					  &end, 10);

		kind = CG_TILE;
		if (end != p + strlen("thread_block_tile<") && n <= 1024)
			*tile = (unsigned)n;
	} else if (strstr(name, "thread_block")) {
		kind = CG_BLOCK;
	} else if (strstr(name, "grid_group")) {
		kind = CG_GRID;
	}
	/* coalesced_group and thread_group: sizes depend on who came. */
	clang_disposeString(s);
	return kind;
}

bool wl_evalcall_cg(struct wl_eval *ev, struct wl_node *call,
		    enum wl_dep *dep)
{
	const char *name = wl_call_name(ev->model, call);
	struct wl_node *callee, *obj;
	enum cg_kind kind;
	unsigned tile;

	if (!call->nr_kids)
		return false;
	callee = wl_node_strip(call->kids[0]);
	if (!callee || callee->kind != CXCursor_MemberRefExpr ||
	    !callee->nr_kids)
		return false;
	obj = wl_node_strip(callee->kids[0]);
	kind = obj ? cg_kind_of(obj, &tile) : CG_NONE;
	if (kind == CG_NONE)
		return false;
	if (!strcmp(name, "thread_rank") || !strcmp(name, "thread_index")) {
		*dep = WL_DEP_LANE;
		return true;
	}
	if (!strcmp(name, "size") || !strcmp(name, "num_threads") ||
	    !strcmp(name, "group_dim") || !strcmp(name, "dim_threads") ||
	    !strcmp(name, "meta_group_size") || !strcmp(name, "group_index") ||
	    !strcmp(name, "block_rank") || !strcmp(name, "block_index") ||
	    !strcmp(name, "num_blocks") || !strcmp(name, "dim_blocks") ||
	    !strcmp(name, "is_valid")) {
		*dep = kind == CG_TILE && strcmp(name, "meta_group_size")
			       ? WL_DEP_CONST
			       : WL_DEP_BLOCK;
		return true;
	}
	if (kind == CG_TILE && !strcmp(name, "meta_group_rank")) {
		/* A tile of 32 or more threads holds whole warps. */
		*dep = tile >= 32 ? WL_DEP_WARP : WL_DEP_LANE;
		return true;
	}
	return false;
}

/* ---- helpers defined outside the model (headers) ---- */

struct wl_extern_memo {
	struct {
		CXCursor fn;
		enum wl_dep dep;
		bool busy;
	} *v;
	unsigned nr, alloc;
};

struct ext_scan {
	struct wl_eval *ev;
	enum wl_dep dep;
	int depth;
};

static enum wl_dep extern_dep(struct wl_eval *ev, CXCursor callee, int depth);

static bool spelled(CXCursor c, const char *want)
{
	CXString s = clang_getCursorSpelling(c);
	bool yes = !strcmp(clang_getCString(s), want);

	clang_disposeString(s);
	return yes;
}

/*
 * What calling @call adds, from the definition of what it calls.  A call
 * in a template whose callee depends on the template's parameters
 * (`getLinearBlockId<IndexType>()`) resolves to nothing yet; its callee
 * names the template, or the candidates, and each one's body is judged.
 */
static enum wl_dep extern_call_dep(struct wl_eval *ev, CXCursor call,
				   int depth)
{
	CXCursor overloads, callee = wl_cursor_callee(call, &overloads);
	enum wl_dep d = WL_DEP_CONST;
	unsigned i, n;

	if (!clang_Cursor_isNull(callee))
		return extern_dep(ev, callee, depth);
	n = clang_Cursor_isNull(overloads)
		    ? 0 : clang_getNumOverloadedDecls(overloads);
	if (!n)
		return WL_DEP_LANE;
	for (i = 0; i < n && d < WL_DEP_LANE; i++) {
		enum wl_dep one = extern_dep(
			ev, clang_getOverloadedDecl(overloads, i), depth);

		d = one > d ? one : d;
	}
	return d;
}

/*
 * What one call inside an external definition adds; *@vote says whether
 * it is a block or warp vote, whose answer is shared whatever each thread
 * passed.
 */
static enum wl_dep scan_call(struct ext_scan *es, CXCursor call, bool *vote)
{
	CXString s = clang_getCursorSpelling(call);
	const char *name = clang_getCString(s);
	bool block = in_list(name, block_uniform_calls,
			     WL_ARRAY_SIZE(block_uniform_calls));
	bool warp = !block && wl_evalcall_is_warp_uniform(name);
	enum wl_dep d;
	char op[4];

	*vote = block || warp;
	if (block || wl_evalcall_is_pure(name))
		d = WL_DEP_CONST;
	else if (warp)
		d = WL_DEP_WARP;
	else if (!*name && wl_cursor_operator_call(es->ev->model->tu, call,
						   op, sizeof(op)))
		d = WL_DEP_CONST;	/* its operands are scanned */
	else
		d = extern_call_dep(es->ev, call, es->depth + 1);
	clang_disposeString(s);
	return d;
}

static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct ext_scan *es = data;
	enum wl_dep d = WL_DEP_CONST;
	bool vote;	/* its operands count here: the whole body is read */

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		d = WL_DEP_LANE;
		break;
	case CXCursor_DeclRefExpr:
		if (spelled(c, "threadIdx"))
			d = WL_DEP_LANE;
		break;
	case CXCursor_CallExpr:
		d = scan_call(es, c, &vote);
		break;
	default:
		break;
	}
	if (d > es->dep)
		es->dep = d;
	return es->dep == WL_DEP_LANE ? CXChildVisit_Break
				       : CXChildVisit_Recurse;
}

/*
 * ---- a helper's value, read from its returns ----
 *
 * What a helper returns can vary less than its body: Kokkos' block
 * reduction reads threadIdx.y throughout, then returns `is_last_block`,
 * set once from `__syncthreads_or(...)`, which every thread of the block
 * shares.  Where each `return` sits at the top level of the body (none in
 * a branch or loop, where which one runs could differ by lane), the value
 * is what the returned expressions read, a local set once followed to
 * its initializer.
 */
struct ret_scan {
	struct ext_scan *es;
	CXCursor body;
	unsigned nr_returns;
	unsigned followed;	/* locals followed to their initializers */
	bool failed;
};

/* Locals followed, at most, before the body is scanned whole instead. */
#define MAX_FOLLOWED_LOCALS 8

static enum CXChildVisitResult scan_value(CXCursor c, CXCursor parent,
					  CXClientData data);

/* @c itself, then what it holds. */
static void scan_tree(struct ret_scan *rs, CXCursor c)
{
	if (scan_value(c, clang_getNullCursor(), rs) == CXChildVisit_Recurse)
		clang_visitChildren(c, scan_value, rs);
}

struct write_search {
	CXCursor var;
	bool written;
};

static bool names(CXCursor c, CXCursor var)
{
	c = wl_cursor_strip(c);
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       wl_cursor_equal(clang_getCursorReferenced(c), var);
}

static enum CXChildVisitResult direct_arg(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct write_search *ws = data;

	(void)parent;
	/* bare, with no conversion to a value: a reference may bind to it */
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    wl_cursor_equal(clang_getCursorReferenced(c), ws->var))
		ws->written = true;
	return ws->written ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether @c may change ws->var: an assignment to it, `++`/`--`, its
 * address taken, or a call that may take it by reference.
 */
static enum CXChildVisitResult find_write(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct write_search *ws = data;
	enum CXUnaryOperatorKind u;
	enum CXBinaryOperatorKind b;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_BinaryOperator:
		b = clang_getCursorBinaryOperatorKind(c);
		if (b >= CXBinaryOperator_Assign &&
		    b <= CXBinaryOperator_OrAssign &&
		    names(wl_cursor_first_child(c), ws->var))
			ws->written = true;
		break;
	case CXCursor_CompoundAssignOperator:
	case CXCursor_MemberRefExpr:	/* a method called on it */
		ws->written = names(wl_cursor_first_child(c), ws->var);
		break;
	case CXCursor_UnaryOperator:
		u = clang_getCursorUnaryOperatorKind(c);
		if ((u == CXUnaryOperator_AddrOf || wl_unop_steps(u)) &&
		    names(wl_cursor_first_child(c), ws->var))
			ws->written = true;
		break;
	case CXCursor_CallExpr:
		clang_visitChildren(c, direct_arg, ws);
		break;
	default:
		break;
	}
	return ws->written ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Whether local @var holds its initializer's value wherever it is read:
 * it is const, or nothing in the body may write it.
 */
static bool set_once(struct ret_scan *rs, CXCursor var)
{
	struct write_search ws = { var, false };

	if (clang_isConstQualifiedType(clang_getCursorType(var)))
		return true;
	clang_visitChildren(rs->body, find_write, &ws);
	return !ws.written;
}

static bool is_local(CXCursor var)
{
	enum CXCursorKind k = clang_getCursorKind(
		clang_getCursorSemanticParent(var));

	return clang_getCursorKind(var) == CXCursor_VarDecl &&
	       !clang_Cursor_hasVarDeclGlobalStorage(var) &&
	       (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
		k == CXCursor_CXXMethod);
}

/* A read of @ref, a name in a returned expression (or what it was set to). */
static enum wl_dep scan_name(struct ret_scan *rs, CXCursor ref)
{
	CXCursor var = clang_getCursorReferenced(ref), init;

	if (spelled(ref, "threadIdx"))
		return WL_DEP_LANE;
	if (!is_local(var))
		return WL_DEP_CONST;	/* a parameter is the caller's */
	init = clang_Cursor_getVarDeclInitializer(var);
	if (clang_Cursor_isNull(init) || !set_once(rs, var) ||
	    rs->followed++ == MAX_FOLLOWED_LOCALS) {
		rs->failed = true;
		return WL_DEP_LANE;
	}
	scan_tree(rs, init);
	return WL_DEP_CONST;
}

static enum CXChildVisitResult scan_value(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct ret_scan *rs = data;
	enum wl_dep d = WL_DEP_CONST;
	bool votes = false;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		d = WL_DEP_LANE;
		break;
	case CXCursor_DeclRefExpr:
		d = scan_name(rs, c);
		break;
	case CXCursor_CallExpr:
		/* a vote's answer is shared, whatever each thread put in */
		d = scan_call(rs->es, c, &votes);
		break;
	default:
		break;
	}
	if (d > rs->es->dep)
		rs->es->dep = d;
	if (rs->failed || rs->es->dep == WL_DEP_LANE)
		return CXChildVisit_Break;
	return votes ? CXChildVisit_Continue : CXChildVisit_Recurse;
}

static enum CXChildVisitResult scan_returns(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct ret_scan *rs = data;

	switch (clang_getCursorKind(c)) {
	case CXCursor_LambdaExpr:
		return CXChildVisit_Continue;	/* its returns are its own */
	case CXCursor_ReturnStmt:
		/*
		 * By extent: the body as its function's child and as its
		 * returns' parent are cursors of one statement that
		 * wl_cursor_equal() tells apart.
		 */
		if (!clang_equalRanges(clang_getCursorExtent(parent),
				       clang_getCursorExtent(rs->body))) {
			rs->failed = true;
			return CXChildVisit_Break;
		}
		rs->nr_returns++;
		clang_visitChildren(c, scan_value, rs);
		return rs->failed ? CXChildVisit_Break : CXChildVisit_Continue;
	default:
		return CXChildVisit_Recurse;
	}
}

/*
 * The variation of what definition @def returns, into es->dep; false
 * when its returns do not show it (a return in a branch, a local written
 * after its declaration, no return at all).
 */
static bool returns_dep(struct ext_scan *es, CXCursor def)
{
	struct ret_scan rs = { .es = es, .body = wl_cursor_body(def) };

	if (clang_Cursor_isNull(rs.body))
		return false;
	clang_visitChildren(rs.body, scan_returns, &rs);
	return !rs.failed && rs.nr_returns;
}

bool wl_evalcall_returns_dep(struct wl_eval *ev, CXCursor def,
			     enum wl_dep *dep)
{
	struct ext_scan es = { ev, WL_DEP_BLOCK, 0 };

	if (!returns_dep(&es, def))
		return false;
	*dep = es.dep;
	return true;
}

static bool is_arithmetic(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return (k >= CXType_Bool && k <= CXType_LongDouble) ||
	       k == CXType_Enum || k == CXType_Float16 || k == CXType_Half;
}

/*
 * A toolkit function without a body in sight that computes from values
 * alone (`__log2f(x)`, `__powf(a, b)`, `__fdividef`): what it returns
 * varies as its arguments do.  Warp collectives take values too, but
 * their result comes from other lanes (shuffles, `__match_any_sync`);
 * functions of no argument read the clock or the lane (`clock64()`,
 * `__lanemask_lt()`).
 */
static bool computes_from_values(CXCursor callee)
{
	CXType fn = clang_getCursorType(callee);
	int i, n = clang_getNumArgTypes(fn);
	CXString s;
	bool collective;

	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl || n < 1 ||
	    !is_arithmetic(clang_getCursorResultType(callee)) ||
	    !wl_cursor_outside_project(callee))
		return false;
	for (i = 0; i < n; i++)
		if (!is_arithmetic(clang_getArgType(fn, (unsigned)i)))
			return false;
	s = clang_getCursorSpelling(callee);
	collective = strstr(clang_getCString(s), "shfl") ||
		     strstr(clang_getCString(s), "match") ||
		     strstr(clang_getCString(s), "_sync");
	clang_disposeString(s);
	return !collective;
}

static enum wl_dep extern_dep(struct wl_eval *ev, CXCursor callee, int depth)
{

	struct wl_extern_memo *m;
	/* An implicit instantiation: the template's body is judged. */
	CXCursor def = wl_cursor_definition(callee);
	struct ext_scan es = { ev, WL_DEP_BLOCK, depth };
	unsigned i;

	if (clang_Cursor_isNull(def) && computes_from_values(callee))
		return WL_DEP_CONST;
	if (clang_Cursor_isNull(def) || depth > MAX_EXTERN_DEPTH)
		return WL_DEP_LANE;
	if (!ev->externs)
		ev->externs = wl_xcalloc(1, sizeof(*ev->externs));
	m = ev->externs;
	def = clang_getCanonicalCursor(def);
	for (i = 0; i < m->nr; i++)
		if (wl_cursor_equal(m->v[i].fn, def))
			/* Recursion: not worth following. */
			return m->v[i].busy ? WL_DEP_LANE : m->v[i].dep;
	WL_GROW(m->v, m->nr, m->alloc);
	i = m->nr++;
	m->v[i].fn = def;
	m->v[i].busy = true;
	if (!returns_dep(&es, clang_getCursorDefinition(def))) {
		es.dep = WL_DEP_BLOCK;
		clang_visitChildren(clang_getCursorDefinition(def), scan_body,
				    &es);
	}
	/* Growing the table may have moved it. */
	m = ev->externs;
	m->v[i].dep = es.dep;
	m->v[i].busy = false;
	return es.dep;
}

enum wl_dep wl_evalcall_extern(struct wl_eval *ev, CXCursor call)
{
	return extern_call_dep(ev, call, 0);
}

void wl_evalcall_release(struct wl_eval *ev)
{
	if (!ev->externs)
		return;
	free(ev->externs->v);
	free(ev->externs);
	ev->externs = NULL;
}
