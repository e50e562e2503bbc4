/* SPDX-License-Identifier: MIT */
/* The deprecated forwarding overload kept for unseen callers of a helper. */
#include "analyzer/maskparam.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/context.h"
#include "analyzer/cursor.h"
#include "base/source.h"
#include "base/util.h"
#include "fixits/edit.h"

bool wl_maskparam_callers_all_seen(struct wl_ctx *ctx, struct wl_func *fn)
{
	/*
	 * A declaration before the definition may come from a header that
	 * other files include; device code in a source file without one is
	 * out of other files' reach.  A __host__ __device__ function may
	 * have host callers, which the model of device code does not hold.
	 */
	return !wl_path_is_header(ctx->src->path) &&
	       !(fn->flags & WL_FUNC_HOST) &&
	       wl_cursor_equal(clang_getCanonicalCursor(fn->cursor),
				  fn->cursor);
}

struct tparams {
	struct wl_buf names;	/* "T, N" */
	bool pack;
	unsigned last_end;	/* offset just past the last parameter */
};

static enum CXChildVisitResult collect_tparam(CXCursor c, CXCursor parent,
					      CXClientData data)
{
	struct tparams *tp = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString name;
	CXSourceRange r;
	unsigned end = 0;
	CXToken *toks = NULL;
	unsigned nr = 0, i;
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);

	(void)parent;
	if (k != CXCursor_TemplateTypeParameter &&
	    k != CXCursor_NonTypeTemplateParameter &&
	    k != CXCursor_TemplateTemplateParameter)
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
	if (end > tp->last_end)
		tp->last_end = end;
	/* typename... Ts: a pack cannot be forwarded by name alone */
	clang_tokenize(tu, r, &toks, &nr);
	for (i = 0; i < nr; i++) {
		CXString t = clang_getTokenSpelling(tu, toks[i]);

		if (!strcmp(clang_getCString(t), "..."))
			tp->pack = true;
		clang_disposeString(t);
	}
	clang_disposeTokens(tu, toks, nr);
	name = clang_getCursorSpelling(c);
	if (!*clang_getCString(name))
		tp->pack = true;	/* unnamed: cannot be named either */
	wl_buf_addf(&tp->names, "%s%s", tp->names.len ? ", " : "",
		    clang_getCString(name));
	clang_disposeString(name);
	return CXChildVisit_Continue;
}

/* Offset just past the template header's closing '>' (from @from). */
static unsigned after_template_header(struct wl_ctx *ctx, unsigned from)
{
	const char *t = ctx->src->text;
	unsigned i;

	for (i = from; i < ctx->src->len; i++)
		if (t[i] == '>')
			return i + 1;
	return 0;
}

/* Indentation of the body's first statement, or a tab. */
static char *body_indent(struct wl_ctx *ctx, struct wl_func *fn)
{
	const char *t = ctx->src->text;
	unsigned off, start;

	if (!fn->body->nr_kids)
		return wl_xstrdup("\t");
	off = fn->body->kids[0]->begin;
	for (start = off; start > 0 && (t[start - 1] == ' ' ||
					t[start - 1] == '\t'); start--)
		;
	if (start == off || (start > 0 && t[start - 1] != '\n'))
		return wl_xstrdup("\t");
	return wl_xstrndup(t + start, off - start);
}

static char *trimmed(const char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' ||
		     s[n - 1] == '\r'))
		n--;
	return wl_xstrndup(s, n);
}

char *wl_maskparam_add_overload(struct wl_ctx *ctx, struct wl_func *fn,
				struct wl_fix *edits)
{
	const char *t = ctx->src->text, *nl = wl_source_newline(ctx->src);
	enum CXCursorKind kind = clang_getCursorKind(fn->cursor);
	struct tparams tp = { WL_BUF_INIT, false, 0 };
	struct wl_buf args = WL_BUF_INIT, out = WL_BUF_INIT;
	unsigned i, split = fn->root->begin;
	char *head, *tail, *indent, *text, *callee;
	bool is_void;

	if (kind != CXCursor_FunctionDecl && kind != CXCursor_FunctionTemplate)
		return wl_xstrdup("it is a method, whose overloads a class "
				  "must declare");
	if (clang_getCursorKind(clang_getCursorLexicalParent(fn->cursor)) ==
	    CXCursor_LinkageSpec)
		return wl_xstrdup("it is extern \"C\", which cannot be "
				  "overloaded");
	if (clang_Cursor_isVariadic(fn->cursor))
		return wl_xstrdup("it takes a variable argument list");
	for (i = 0; i < fn->nr_params; i++) {
		const char *name = wl_model_spelling(&ctx->model,
						     fn->params[i]->cursor);

		if (wl_node_param_default(fn->params[i]))
			return wl_xasprintf("parameter '%s' has a default "
					    "argument, so an old call could "
					    "bind to the new signature", name);
		if (!*name)
			return wl_xasprintf("parameter %u has no name to "
					    "forward", i + 1);
	}
	/* Built only once every parameter is known forwardable. */
	for (i = 0; i < fn->nr_params; i++)
		wl_buf_addf(&args, ", %s",
			    wl_model_spelling(&ctx->model,
					      fn->params[i]->cursor));
	if (kind == CXCursor_FunctionTemplate) {
		clang_visitChildren(fn->cursor, collect_tparam, &tp);
		if (tp.pack || !tp.last_end)
			split = 0;
		else
			split = after_template_header(ctx, tp.last_end);
		if (!split) {
			wl_buf_release(&tp.names);
			wl_buf_release(&args);
			return wl_xstrdup("its template parameters cannot be "
					  "forwarded by name");
		}
		while (split < fn->body->begin &&
		       (t[split] == ' ' || t[split] == '\t' ||
			t[split] == '\n' || t[split] == '\r'))
			split++;
	}
	is_void = clang_getCursorResultType(fn->cursor).kind == CXType_Void;
	head = wl_xstrndup(t + fn->root->begin, split - fn->root->begin);
	tail = trimmed(t + split, fn->body->begin - split);
	indent = body_indent(ctx, fn);
	/* A template's parameters are named: not all may be deducible. */
	callee = tp.names.len ? wl_xasprintf("%s<%s>", fn->name, tp.names.s)
			      : wl_xstrdup(fn->name);
	wl_buf_addf(&out, "%s%s%s[[deprecated(\"pass a lane mask\")]] %s%s{%s",
		    nl, nl, head, tail, nl, nl);
	if (fn->flags & WL_FUNC_HOST)
		/*
		 * __host__ __device__: the host pass has no __activemask(),
		 * and no lanes; the mask it passes reaches only code that
		 * the host pass does not compile either.
		 */
		wl_buf_addf(&out, "#ifdef __CUDA_ARCH__%s%s%s%s(__activemask()"
				  "%s);%s#else%s%s%s%s(0xffffffffu%s);%s#endif"
				  "%s}",
			    nl, indent, is_void ? "" : "return ", callee,
			    args.len ? args.s : "", nl, nl, indent,
			    is_void ? "" : "return ", callee,
			    args.len ? args.s : "", nl, nl);
	else
		wl_buf_addf(&out, "%s%s%s(__activemask()%s);%s}", indent,
			    is_void ? "" : "return ", callee,
			    args.len ? args.s : "", nl);
	text = wl_buf_detach(&out);
	wl_fix_insert(edits, fn->root->end, text);
	free(text);
	free(head);
	free(tail);
	free(indent);
	free(callee);
	wl_buf_release(&tp.names);
	wl_buf_release(&args);
	return NULL;
}
