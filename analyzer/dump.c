/* SPDX-License-Identifier: MIT */
/* --dump-model: the model's trees, for developers and bug reports. */
#include "analyzer/dump.h"

#include "analyzer/context.h"
#include "base/source.h"

static const char *role_name(enum wl_role role)
{
	static const char *const names[] = {
		[WL_ROLE_NONE] = "", [WL_ROLE_INIT] = "init",
		[WL_ROLE_COND] = "cond", [WL_ROLE_INC] = "inc",
		[WL_ROLE_THEN] = "then", [WL_ROLE_ELSE] = "else",
		[WL_ROLE_BODY] = "body", [WL_ROLE_AND_RHS] = "and-rhs",
		[WL_ROLE_OR_RHS] = "or-rhs",
	};

	return names[role];
}

static const char *dep_name(enum wl_dep dep)
{
	static const char *const names[] = {
		[WL_DEP_CONST] = "const", [WL_DEP_BLOCK] = "block",
		[WL_DEP_WARP] = "warp", [WL_DEP_ROW] = "row",
		[WL_DEP_LANE] = "lane",
	};

	return (unsigned)dep < WL_ARRAY_SIZE(names) ? names[dep] : "?";
}

static void dump_node(FILE *out, struct wl_ctx *ctx, struct wl_node *n,
		      int depth)
{
	CXString kind = clang_getCursorKindSpelling(n->kind);
	unsigned line, col, i;

	wl_source_line_col(ctx->src, n->begin, &line, &col);
	fprintf(out, "%*s%s %s", depth * 2, "", clang_getCString(kind),
		wl_model_spelling(&ctx->model, n->cursor));
	if (n->role != WL_ROLE_NONE)
		fprintf(out, " <%s>", role_name(n->role));
	if (n->in_main)
		fprintf(out, " %u:%u [%u,%u)", line, col, n->begin, n->end);
	if (n->in_macro)
		fprintf(out, " macro");
	if (clang_isExpression(n->kind))
		fprintf(out, " dep=%s", dep_name(wl_eval_dep(&ctx->eval, n)));
	fputc('\n', out);
	clang_disposeString(kind);
	for (i = 0; i < n->nr_kids; i++)
		dump_node(out, ctx, n->kids[i], depth + 1);
}

void wl_dump_model(FILE *out, struct wl_ctx *ctx)
{
	unsigned i;

	for (i = 0; i < ctx->model.nr_funcs; i++) {
		struct wl_func *fn = ctx->model.funcs[i];

		fprintf(out, "function %s%s%s%s, %u callers\n", fn->name,
			fn->flags & WL_FUNC_KERNEL ? " kernel" : "",
			fn->flags & WL_FUNC_DEVICE ? " device" : "",
			fn->flags & WL_FUNC_TEMPLATE ? " template" : "",
			fn->nr_callers);
		dump_node(out, ctx, fn->root, 1);
	}
}
