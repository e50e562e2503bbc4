/* SPDX-License-Identifier: MIT */
/* The kernels of a file and their plans, from the analyzer's model. */
#include "gpu_verify/kernels.h"

#include <stdlib.h>
#include <string.h>

#include "analyzer/model.h"
#include "analyzer/session.h"
#include "analyzer/source.h"
#include "analyzer/util.h"

static char *str(CXString s)
{
	char *r = wl_xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

/* Read what plan.c needs of one parameter (strings are allocated). */
static void read_param(CXCursor parm, struct gv_param *p)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(parm));
	CXType pointee, written;
	char *canon;

	memset(p, 0, sizeof(*p));
	p->name = str(clang_getCursorSpelling(parm));
	p->is_ptr = t.kind == CXType_Pointer;
	written = clang_getCursorType(parm);
	if (p->is_ptr) {
		pointee = clang_getPointeeType(t);
		p->is_const = clang_isConstQualifiedType(pointee);
		written = clang_getPointeeType(written);
		t = pointee;
	}
	p->size = clang_Type_getSizeOf(t);
	canon = str(clang_getTypeSpelling(t));
	/* A dependent type reads "type-parameter-0-0": keep its name. */
	if (strstr(canon, "type-parameter")) {
		free(canon);
		canon = str(clang_getTypeSpelling(written));
	}
	p->type = canon;
}

static void free_param(struct gv_param *p)
{
	free((char *)p->name);
	free((char *)p->type);
}

struct tparams {
	char **names;
	unsigned nr, alloc;
};

static enum CXChildVisitResult visit_tparam(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct tparams *tp = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_TemplateTypeParameter ||
	    k == CXCursor_NonTypeTemplateParameter ||
	    k == CXCursor_TemplateTemplateParameter) {
		WL_GROW(tp->names, tp->nr, tp->alloc);
		tp->names[tp->nr++] = str(clang_getCursorSpelling(c));
	}
	return CXChildVisit_Continue;
}

/*
 * Label and explicit instantiation of @fn for the template arguments in
 * @map: "f<float,256>" and "template __global__ void f<float, 256>(
 * const float *, float *, int);".  Returns -1 with *@why set when an
 * argument is missing.
 */
static char *squeeze(const char *s)
{
	struct wl_buf b = WL_BUF_INIT;

	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			wl_buf_addc(&b, *s);
	return wl_buf_detach(&b);
}

static int instance(struct gv_spec *spec, const struct wl_func *fn,
		    const struct tparams *tp, gv_node map, const char *text,
		    struct gv_kernel *k, char **why)
{
	struct wl_buf label = WL_BUF_INIT, inst = WL_BUF_INIT;
	char *call;
	unsigned i;

	wl_buf_addf(&label, "%s<", fn->name);
	wl_buf_addf(&inst, "template __global__ void %s<", fn->name);
	for (i = 0; i < tp->nr; i++) {
		const char *v = gv_spec_scalar(
		    spec, gv_spec_field(spec, map, tp->names[i]));

		if (!v) {
			*why = wl_xasprintf("template argument '%s' is not in "
					    "the spec's template_args",
					    tp->names[i]);
			wl_buf_release(&label);
			wl_buf_release(&inst);
			return -1;
		}
		wl_buf_addf(&label, "%s%s", i ? "," : "", v);
		wl_buf_addf(&inst, "%s%s", i ? ", " : "", v);
	}
	wl_buf_adds(&label, ">");
	wl_buf_adds(&inst, ">(");
	for (i = 0; i < fn->nr_params; i++) {
		char *w = str(clang_getTypeSpelling(
		    clang_getCursorType(fn->params[i]->cursor)));
		char *s = gv_subst(spec, map, w);

		wl_buf_addf(&inst, "%s%s", i ? ", " : "", s);
		free(s);
		free(w);
	}
	wl_buf_adds(&inst, ");");
	k->label = wl_buf_detach(&label);
	k->key = squeeze(k->label);
	k->inst = wl_buf_detach(&inst);
	/* The file may instantiate it itself; a second one is an error. */
	call = wl_xasprintf("%s(", k->key);
	if (strstr(text, call)) {
		free(k->inst);
		k->inst = NULL;
	}
	free(call);
	/* Blanks would split the label in plan.txt. */
	for (i = 0; k->label[i]; i++)
		if (k->label[i] == ' ')
			k->label[i] = '_';
	return 0;
}

/* One plan of @fn, for template arguments @map (NULL: not a template). */
static void plan_one(struct gv_spec *spec, const struct wl_func *fn,
		     const struct tparams *tp, gv_node map, const char *text,
		     bool dyn_smem, bool one_block, struct gv_kernel *k)
{
	char *why = NULL;
	unsigned i;

	memset(k, 0, sizeof(*k));
	k->name = wl_xstrdup(fn->name);
	if (tp->nr && instance(spec, fn, tp, map, text, k, &why) < 0)
		goto skip;
	if (!k->label)
		k->label = wl_xstrdup(fn->name);
	if (gv_spec_scalar(spec, gv_spec_get(spec, fn->name, "skip"))) {
		why = wl_xasprintf(
		    "spec: %s",
		    gv_spec_scalar(spec, gv_spec_get(spec, fn->name, "skip")));
		goto skip;
	}
	k->args = wl_xcalloc(fn->nr_params + 1, sizeof(*k->args));
	for (i = 0; i < fn->nr_params; i++) {
		struct gv_param p;
		int r;

		read_param(fn->params[i]->cursor, &p);
		r = gv_derive_arg(spec, k->label, map, &p, &k->args[i], &why);
		free_param(&p);
		if (r < 0)
			goto skip;
		k->nr_args++;
	}
	if (gv_plan_shapes(spec, k, dyn_smem, one_block, &why) < 0)
		goto skip;
	return;
skip:
	k->skip = why;
}

/* @s as a YAML double-quoted scalar. */
static void yaml_quoted(struct wl_buf *b, const char *s)
{
	wl_buf_addc(b, '"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			wl_buf_addc(b, '\\');
		wl_buf_addc(b, *s);
	}
	wl_buf_addc(b, '"');
}

/*
 * A spec naming the instances that @text instantiates explicitly, so a
 * template kernel with "template __global__ void f<int>(...);" in its
 * file runs without a spec.  Returns -1 if there are none.
 */
static int auto_spec(const char *text, const char *name,
		     const struct tparams *tp, struct gv_spec *out)
{
	struct wl_buf b = WL_BUF_INIT;
	char ***inst, *err = NULL;
	unsigned n = gv_explicit_instances(text, name, &inst), i, k;
	int r = -1;

	if (!n)
		return -1;
	wl_buf_addf(&b, "kernels:\n  %s:\n    template_args:\n", name);
	for (i = 0; i < n; i++) {
		wl_buf_adds(&b, "      - {");
		for (k = 0; k < tp->nr && inst[i][k]; k++) {
			wl_buf_addf(&b, "%s%s: ", k ? ", " : " ", tp->names[k]);
			yaml_quoted(&b, inst[i][k]);
		}
		wl_buf_adds(&b, " }\n");
	}
	if (gv_spec_parse(out, b.s, b.len, &err) == 0)
		r = 0;
	free(err);
	wl_buf_release(&b);
	gv_free_instances(inst, n);
	return r;
}

int gv_find_kernels(CXIndex index, const struct wl_source *src,
		    const char *const *args, unsigned nr_args,
		    struct gv_spec *spec, struct gv_kernel **out, unsigned *nr,
		    char **err)
{
	CXTranslationUnit tu = wl_parse(index, src, args, nr_args, err);
	bool dyn_smem = strstr(src->text, "extern __shared__") ||
			strstr(src->text, "extern volatile __shared__");
	struct wl_model model;
	unsigned i, j;
	char *text;

	if (!tu)
		return -1;
	text = squeeze(src->text);
	memset(&model, 0, sizeof(model));
	wl_model_build(&model, tu, src);
	for (i = 0; i < model.nr_funcs; i++) {
		const struct wl_func *fn = model.funcs[i];
		struct tparams tp = {NULL, 0, 0};
		struct gv_spec own, *use;
		gv_node targs;
		char *body;
		bool one_block;

		if (!(fn->flags & WL_FUNC_KERNEL) || !fn->body)
			continue;
		clang_visitChildren(fn->cursor, visit_tparam, &tp);
		/* A kernel that never names its block works on the same
		 * elements in every block: run it as one block. */
		body = wl_node_text(&model, fn->body);
		one_block = body && !strstr(body, "blockIdx") &&
			    !strstr(body, "gridDim");
		free(body);
		targs = gv_spec_get(spec, fn->name, "template_args");
		use = spec;
		/* No spec at all: the file's own explicit instantiations. */
		if (tp.nr && !targs && !spec->loaded &&
		    auto_spec(src->text, fn->name, &tp, &own) == 0) {
			use = &own;
			targs = gv_spec_get(use, fn->name, "template_args");
		}
		if (tp.nr && targs && targs->type == YAML_SEQUENCE_NODE) {
			gv_node m;

			for (j = 0; (m = gv_spec_item(use, targs, j)); j++) {
				*out = wl_xrealloc(*out,
						   (*nr + 1) * sizeof(**out));
				plan_one(use, fn, &tp, m, text, dyn_smem,
					 one_block, &(*out)[(*nr)++]);
			}
		} else {
			*out = wl_xrealloc(*out, (*nr + 1) * sizeof(**out));
			plan_one(use, fn, &tp, targs, text, dyn_smem, one_block,
				 &(*out)[(*nr)++]);
		}
		if (use == &own)
			gv_spec_release(&own);
		for (j = 0; j < tp.nr; j++)
			free(tp.names[j]);
		free(tp.names);
	}
	free(text);
	wl_model_release(&model);
	clang_disposeTranslationUnit(tu);
	return 0;
}
