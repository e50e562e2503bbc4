/* SPDX-License-Identifier: MIT */
/*
 * Calls of wrappers: a function of a project header (not the system's,
 * not the shim's) whose body calls a legacy primitive or holds legacy
 * PTX, directly or through another such wrapper.  The legacy code is in
 * the header, but the user reads the file that calls it: each call is
 * reported there, naming the wrapper and where its legacy code is.
 */
#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/mask.h"
#include "analyzer/parse.h"
#include "base/util.h"
#include "rules/legacy.h"
#include "rules/legacy_ptx.h"

/* What one function body wraps, once found. */
struct wrap {
	char *usr;		/* the function's identity */
	bool wraps;
	enum wl_rule_id rule;
	char *what;		/* "legacy '__shfl_xor'", "inline PTX 'shfl'..." */
	char *where;		/* "WarpShuffles.cuh:22" */
	char *via;		/* the inner wrapper, or NULL */
	bool reported;		/* the header is reported by this run */
};

struct wraps {
	struct wl_ctx *ctx;
	struct wrap *v;
	unsigned nr, alloc;
};

#define MAX_DEPTH 3

static bool project_header(struct wl_ctx *ctx, CXCursor c)
{
	CXSourceLocation loc = clang_getCursorLocation(c);
	CXFile f = NULL;
	CXString name;
	bool yes;

	clang_getSpellingLocation(loc, &f, NULL, NULL, NULL);
	if (!f || wl_same_file(f, ctx->model.main_file) ||
	    clang_Location_isInSystemHeader(loc))
		return false;
	name = clang_getFileName(f);
	yes = clang_getCString(name) &&
	      !wl_starts_with(clang_getCString(name), WL_SHIM_ROOT);
	clang_disposeString(name);
	return yes;
}

/*
 * Whether this run reports the header that holds @loc on its own (the
 * header analysis takes the same project headers, by the same filter):
 * then its legacy code is reported there, once, with its fix.
 */
static bool reported_there(struct wl_ctx *ctx, CXSourceLocation loc)
{
	CXFile f = NULL;
	CXString name;
	bool yes;

	if (!ctx->want_header)
		return false;
	clang_getSpellingLocation(loc, &f, NULL, NULL, NULL);
	if (!f)
		return false;
	name = clang_getFileName(f);
	yes = clang_getCString(name) &&
	      ctx->want_header(clang_getCString(name), ctx->want_header_data) &&
	      !wl_model_foreign_file(ctx->tu, f);
	clang_disposeString(name);
	return yes;
}

/* "file.cuh:12" for the spelling location @loc. */
static char *place(CXSourceLocation loc)
{
	CXFile f = NULL;
	unsigned line = 0;
	CXString name;
	const char *s, *base;
	char *out;

	clang_getSpellingLocation(loc, &f, &line, NULL, NULL);
	name = clang_getFileName(f);
	s = clang_getCString(name) ? clang_getCString(name) : "?";
	base = strrchr(s, '/');
	out = wl_xasprintf("%s:%u", base ? base + 1 : s, line);
	clang_disposeString(name);
	return out;
}

static const struct wl_legacy_name *legacy_name(const char *s,
						enum wl_rule_id *rule)
{
	unsigned k;

	for (k = 0; k < WL_ARRAY_SIZE(wl_legacy_shuffles); k++)
		if (!strcmp(s, wl_legacy_shuffles[k].legacy)) {
			*rule = WL101;
			return &wl_legacy_shuffles[k];
		}
	for (k = 0; k < WL_ARRAY_SIZE(wl_legacy_votes); k++)
		if (!strcmp(s, wl_legacy_votes[k].legacy)) {
			*rule = WL102;
			return &wl_legacy_votes[k];
		}
	return NULL;
}

static bool is_function(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate ||
	       k == CXCursor_CXXMethod;
}

/*
 * The functions a call may reach: its resolved callee, or for a call
 * that depends on a template argument every declaration of the name.
 */
static unsigned candidates(const struct wl_node *call, CXCursor *out,
			   unsigned max)
{
	CXCursor ref = wl_node_referenced(call);
	const struct wl_node *n = call;
	unsigned depth, i, nr;

	if (is_function(ref)) {
		out[0] = ref;
		return 1;
	}
	/* The callee is the first kid, under casts: find its name. */
	for (depth = 0; depth < 4 && n->nr_kids; depth++) {
		n = n->kids[0];
		if (n->kind == CXCursor_OverloadedDeclRef) {
			nr = clang_getNumOverloadedDecls(n->cursor);
			if (nr > max)
				return 0;
			for (i = 0; i < nr; i++)
				out[i] = clang_getOverloadedDecl(n->cursor, i);
			return nr;
		}
		/* A dependent name is a nameless DeclRefExpr over it. */
		if (n->kind == CXCursor_DeclRefExpr ||
		    n->kind == CXCursor_MemberRefExpr) {
			ref = wl_node_referenced(n);
			if (is_function(ref)) {
				out[0] = ref;
				return 1;
			}
		}
	}
	return 0;
}

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	CXCursor *out = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_OverloadedDeclRef || k == CXCursor_DeclRefExpr) {
		CXString s = clang_getCursorSpelling(c);
		bool named = clang_getCString(s)[0] != '\0';

		clang_disposeString(s);
		if (named) {
			*out = c;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* The callee's name of @call, also for a dependent call in a template. */
static CXString callee_name(CXCursor call)
{
	CXString s = clang_getCursorSpelling(call);
	CXCursor ref = clang_getNullCursor();

	if (clang_getCString(s)[0])
		return s;
	clang_disposeString(s);
	clang_visitChildren(call, find_name, &ref);
	return clang_getCursorSpelling(ref);
}

struct scan {
	struct wraps *ws;
	unsigned depth;
	struct wrap *out;
};

static void inspect(struct wraps *ws, CXCursor def, unsigned depth,
		    struct wrap *out);
static const struct wrap *lookup(struct wraps *ws, CXCursor fn,
				 unsigned depth);

static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct scan *sc = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct wrap *out = sc->out;
	const char *op = NULL;
	CXSourceLocation loc;

	(void)parent;
	if (kind == CXCursor_GCCAsmStmt) {
		if (!wl_asm_cursor_legacy(sc->ws->ctx->tu, c, &op, &loc))
			return CXChildVisit_Continue;
		out->wraps = true;
		out->rule = WL103;
		out->what = wl_xasprintf("inline PTX '%s' without '.sync'", op);
		out->where = place(loc);
		out->reported = reported_there(sc->ws->ctx, loc);
		return CXChildVisit_Break;
	}
	if (kind == CXCursor_CallExpr) {
		CXString s = callee_name(c);
		enum wl_rule_id rule;
		const struct wl_legacy_name *ln =
			legacy_name(clang_getCString(s), &rule);
		CXCursor ref = clang_getCursorReferenced(c);

		clang_disposeString(s);
		if (ln && (clang_Cursor_isNull(ref) ||
			   !project_header(sc->ws->ctx, ref))) {
			out->wraps = true;
			out->rule = rule;
			out->what = wl_xasprintf("legacy '%s'", ln->legacy);
			out->where = place(clang_getCursorLocation(c));
			out->reported = reported_there(sc->ws->ctx,
						       clang_getCursorLocation(c));
			return CXChildVisit_Break;
		}
		if (is_function(ref) && sc->depth + 1 < MAX_DEPTH) {
			const struct wrap *inner = lookup(sc->ws, ref, sc->depth + 1);

			if (inner && inner->wraps) {
				CXString n = clang_getCursorSpelling(ref);

				out->wraps = true;
				out->rule = inner->rule;
				out->what = wl_xstrdup(inner->what);
				out->where = wl_xstrdup(inner->where);
				out->via = wl_xstrdup(clang_getCString(n));
				out->reported = inner->reported;
				clang_disposeString(n);
				return CXChildVisit_Break;
			}
		}
	}
	return CXChildVisit_Recurse;
}

static void inspect(struct wraps *ws, CXCursor def, unsigned depth,
		    struct wrap *out)
{
	struct scan sc = { ws, depth, out };

	clang_visitChildren(def, scan_body, &sc);
}

/*
 * What the function @fn wraps (cached by its USR), or NULL when it is no
 * project header's function with a body.  The cache may move: callers
 * copy what they need before the next lookup.
 */
static const struct wrap *lookup(struct wraps *ws, CXCursor fn, unsigned depth)
{
	CXCursor def = clang_getCursorDefinition(fn);
	CXString usr;
	struct wrap w;
	unsigned i;

	if (clang_Cursor_isNull(def) || !project_header(ws->ctx, def))
		return NULL;
	usr = clang_getCursorUSR(def);
	for (i = 0; i < ws->nr; i++)
		if (!strcmp(ws->v[i].usr, clang_getCString(usr))) {
			clang_disposeString(usr);
			return &ws->v[i];
		}
	memset(&w, 0, sizeof(w));
	w.usr = wl_xstrdup(clang_getCString(usr));
	clang_disposeString(usr);
	/* Enter it first, so that recursion through it ends here. */
	WL_GROW(ws->v, ws->nr, ws->alloc);
	ws->v[ws->nr++] = w;
	inspect(ws, def, depth, &w);
	ws->v[i] = w;
	return &ws->v[i];
}

static void release(struct wraps *ws)
{
	unsigned i;

	for (i = 0; i < ws->nr; i++) {
		free(ws->v[i].usr);
		free(ws->v[i].what);
		free(ws->v[i].where);
		free(ws->v[i].via);
	}
	free(ws->v);
}

void wl_legacy_check_wrappers(struct wl_ctx *ctx, enum wl_rule_id rule)
{
	struct wl_model *m = &ctx->model;
	struct wraps ws = { ctx, NULL, 0, 0 };
	unsigned i, k;

	for (i = 0; i < m->nr_calls; i++) {
		struct wl_node *call = m->calls[i];
		const char *name = wl_call_name(m, call);
		CXCursor cand[16];
		unsigned n, nr_wrapping = 0;
		struct wrap first;
		enum wl_rule_id r;
		struct wl_finding *f;
		char *note;

		if (!*name || legacy_name(name, &r) || wl_call_target(m, call) ||
		    !call->in_main)
			continue;
		n = candidates(call, cand, WL_ARRAY_SIZE(cand));
		memset(&first, 0, sizeof(first));
		/* Every candidate with a body in a project header wraps. */
		for (k = 0; k < n; k++) {
			const struct wrap *w = lookup(&ws, cand[k], 0);

			if (!w)
				continue;
			if (!w->wraps) {
				nr_wrapping = 0;
				break;
			}
			/* Name the wrapper itself rather than a detour. */
			if (!nr_wrapping++ || (first.via && !w->via))
				first = *w;
		}
		if (!nr_wrapping || first.rule != rule || first.reported)
			continue;
		if (first.via)
			f = wl_report(ctx, rule, call,
				      "call of '%s', which wraps %s through '%s' "
				      "(%s)",
				      name, first.what, first.via, first.where);
		else
			f = wl_report(ctx, rule, call,
				      "call of '%s', which wraps %s (%s)", name,
				      first.what, first.where);
		note = wl_mask_explain(ctx, wl_mask_infer(ctx, call));
		wl_finding_note(f, "no fix here: migrate the wrapper where it "
				   "is defined (%s); at this call, %s",
				first.where, note);
		free(note);
	}
	release(&ws);
}
