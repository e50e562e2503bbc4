/* SPDX-License-Identifier: MIT */
/* The kernels of a file and their plans (kernels.h). */
#include "gpu_verify/kernels.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/source.h"
#include "base/util.h"
#include "gpu_verify/blocks.h"
#include "gpu_verify/launch.h"

#define MAX_FIELDS 64
#define MAX_INSTANCES 16

static char *str(CXString s)
{
	char *r = wl_xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

/* ---- parameter types ------------------------------------------------- */

static bool is_scalar_kind(enum CXTypeKind k)
{
	return (k >= CXType_Bool && k <= CXType_Double) || k == CXType_Enum;
}

/* The spelling gv_type_of understands for scalar @t ("int" for enums). */
static char *scalar_spelling(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Enum)
		t = clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t));
	return str(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
}

struct flat {
	struct gv_field *v;
	unsigned nr;
	const char *prefix;
	long long base; /* byte offset of the record being visited */
	bool bad;
	char *why;
};

static void flatten(CXType t, const char *name, long long off,
		    struct flat *f);

/*
 * Whether @t is made of equal scalars without padding (float4, uint2,
 * struct { int a[4]; }): *@lane gets that scalar, the result the count.
 */
static unsigned uniform(CXType t, CXType *lane)
{
	struct flat f = {NULL, 0, "", 0, false, NULL};
	long long size = clang_Type_getSizeOf(t);
	unsigned i, n = 0;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Record || size <= 0)
		return 0;
	flatten(t, "", 0, &f);
	if (!f.bad && f.nr) {
		for (i = 0; i < f.nr; i++)
			if (f.v[i].is_ptr || strcmp(f.v[i].type, f.v[0].type))
				break;
		if (i == f.nr && f.v[0].size > 0 &&
		    f.v[0].size * f.nr == size) {
			n = f.nr;
			*lane = clang_getCanonicalType(t);
		}
	}
	for (i = 0; i < f.nr; i++) {
		free(f.v[i].name);
		free(f.v[i].type);
		free(f.v[i].lane_type);
	}
	free(f.v);
	free(f.why);
	return n;
}

/* The scalar type of a uniform record's first field. */
static char *lane_spelling(CXType rec)
{
	struct flat f = {NULL, 0, "", 0, false, NULL};
	char *r = NULL;
	unsigned i;

	flatten(clang_getCanonicalType(rec), "", 0, &f);
	if (f.nr)
		r = wl_xstrdup(f.v[0].type);
	for (i = 0; i < f.nr; i++) {
		free(f.v[i].name);
		free(f.v[i].type);
		free(f.v[i].lane_type);
	}
	free(f.v);
	free(f.why);
	return r;
}

static void add_field(struct flat *f, const char *name, long long off,
		      CXType t)
{
	struct gv_field *x;
	CXType c = clang_getCanonicalType(t);

	if (f->nr >= MAX_FIELDS) {
		f->bad = true;
		if (!f->why)
			f->why = wl_xasprintf("more than %d fields",
					      MAX_FIELDS);
		return;
	}
	f->v = wl_xrealloc(f->v, (f->nr + 1) * sizeof(*f->v));
	x = &f->v[f->nr++];
	memset(x, 0, sizeof(*x));
	x->name = wl_xstrdup(name);
	x->offset = off;
	if (c.kind == CXType_Pointer) {
		CXType p = clang_getCanonicalType(clang_getPointeeType(c));
		CXType lane;

		x->is_ptr = true;
		x->is_const = clang_isConstQualifiedType(p);
		if (p.kind == CXType_FunctionProto ||
		    p.kind == CXType_FunctionNoProto) {
			/* A function pointer field: zero, like a NULL. */
			x->is_ptr = false;
			x->type = wl_xstrdup("unsigned long long");
			x->size = 8;
			return;
		}
		x->size = clang_Type_getSizeOf(p);
		x->type = is_scalar_kind(p.kind) ? scalar_spelling(p)
						 : str(clang_getTypeSpelling(
						       clang_getUnqualifiedType(
							   p)));
		x->lanes = uniform(p, &lane);
		if (x->lanes)
			x->lane_type = lane_spelling(lane);
		return;
	}
	x->type = scalar_spelling(c);
	x->size = clang_Type_getSizeOf(c);
}

struct field_visit {
	struct flat *f;
	const char *prefix;
	long long base;
};

static enum CXVisitorResult visit_field(CXCursor c, CXClientData data)
{
	struct field_visit *fv = data;
	long long bits = clang_Cursor_getOffsetOfField(c);
	char *name = str(clang_getCursorSpelling(c));
	char *full = fv->prefix[0] ? wl_xasprintf("%s.%s", fv->prefix, name)
				   : wl_xstrdup(name);

	if (bits < 0 || bits % 8) {
		fv->f->bad = true;
		if (!fv->f->why)
			fv->f->why = wl_xasprintf("field '%s' has no byte "
						  "offset (a bit field?)",
						  full);
	} else {
		flatten(clang_getCursorType(c), full, fv->base + bits / 8,
			fv->f);
	}
	free(full);
	free(name);
	return fv->f->bad ? CXVisit_Break : CXVisit_Continue;
}

static void flatten(CXType t, const char *name, long long off,
		    struct flat *f)
{
	CXType c = clang_getCanonicalType(t);

	if (f->bad)
		return;
	if (is_scalar_kind(c.kind) || c.kind == CXType_Pointer) {
		add_field(f, name, off, c);
		return;
	}
	if (c.kind == CXType_ConstantArray) {
		CXType e = clang_getArrayElementType(c);
		long long n = clang_getArraySize(c);
		long long es = clang_Type_getSizeOf(e);
		long long i;

		for (i = 0; i < n && !f->bad && es > 0; i++) {
			char *sub = wl_xasprintf("%s[%lld]", name, i);

			flatten(e, sub, off + i * es, f);
			free(sub);
		}
		return;
	}
	if (c.kind == CXType_Record) {
		CXCursor decl = clang_getTypeDeclaration(c);
		struct field_visit fv = {f, name, off};

		if (clang_getCursorKind(decl) == CXCursor_UnionDecl) {
			f->bad = true;
			if (!f->why)
				f->why = wl_xasprintf("'%s' is a union",
						      name[0] ? name : "it");
			return;
		}
		clang_Type_visitFields(c, visit_field, &fv);
		return;
	}
	f->bad = true;
	if (!f->why) {
		char *sp = str(clang_getTypeSpelling(c));

		f->why = wl_xasprintf("field '%s' has type '%s'", name, sp);
		free(sp);
	}
}

/* What plan.c needs of one parameter; free with free_param. */
struct param {
	struct gv_param p;
	struct flat fields;
	char *why; /* the struct cannot be flattened */
};

/* Read type @written of a parameter called @name. */
static void free_param(struct param *x);

static void read_type(const char *name, CXType written, struct param *out)
{
	CXType t = clang_getCanonicalType(written), lane;
	struct gv_param *p = &out->p;
	char *canon;

	memset(out, 0, sizeof(*out));
	p->name = wl_xstrdup(name);
	p->is_ptr = t.kind == CXType_Pointer;
	if (t.kind == CXType_LValueReference) {
		/* A reference parameter is a pointer under the hood. */
		p->is_ptr = true;
	}
	if (p->is_ptr) {
		CXType pointee = clang_getPointeeType(t);

		p->is_const = clang_isConstQualifiedType(pointee);
		written = clang_getPointeeType(written);
		t = clang_getCanonicalType(pointee);
		p->is_fnptr = t.kind == CXType_FunctionProto ||
			      t.kind == CXType_FunctionNoProto;
	}
	p->size = clang_Type_getSizeOf(t);
	if (is_scalar_kind(t.kind))
		canon = scalar_spelling(t);
	else
		canon = str(clang_getTypeSpelling(t));
	/* A dependent type reads "type-parameter-0-0": keep its name. */
	if (strstr(canon, "type-parameter")) {
		free(canon);
		canon = str(clang_getTypeSpelling(written));
	}
	p->type = canon;
	if (t.kind == CXType_Record && p->size > 0) {
		p->lanes = uniform(t, &lane);
		if (p->lanes)
			p->lane_type = lane_spelling(lane);
		if (!p->is_ptr) {
			p->is_record = true;
			out->fields.prefix = "";
			flatten(t, "", 0, &out->fields);
			if (out->fields.bad) {
				out->why = out->fields.why;
				out->fields.why = NULL;
			} else {
				p->fields = out->fields.v;
				p->nr_fields = out->fields.nr;
			}
		}
	}
}

static void read_param(CXCursor parm, struct param *out)
{
	char *name = str(clang_getCursorSpelling(parm));

	read_type(name, clang_getCursorType(parm), out);
	free(name);
}

struct record_find {
	const char *want; /* "cub::Sum" */
	struct wl_buf scope;
	CXType found;
	CXCursor decl;
	bool ok;
};

static enum CXChildVisitResult find_field(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FieldDecl) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_record(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct record_find *r = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;
	size_t len = r->scope.len;

	(void)parent;
	if (k != CXCursor_Namespace && k != CXCursor_StructDecl &&
	    k != CXCursor_ClassDecl && k != CXCursor_LinkageSpec &&
	    k != CXCursor_ClassTemplate)
		return CXChildVisit_Continue;
	if (k == CXCursor_LinkageSpec) {
		clang_visitChildren(c, find_record, r);
		return r->ok ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	name = str(clang_getCursorSpelling(c));
	wl_buf_addf(&r->scope, "%s%s", len ? "::" : "", name);
	if (k != CXCursor_Namespace && clang_isCursorDefinition(c) &&
	    !strcmp(r->scope.s, r->want)) {
		r->found = clang_getCursorType(c);
		r->decl = c;
		r->ok = true;
	} else if (wl_starts_with(r->want, r->scope.s) &&
		   !strncmp(r->want + r->scope.len, "::", 2)) {
		clang_visitChildren(c, find_record, r);
	}
	r->scope.len = len;
	if (r->scope.s)
		r->scope.s[len] = '\0';
	free(name);
	return r->ok ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * A parameter whose type is a template parameter reads, for an instance
 * the spec names, as that argument's text ("cub::Sum"): the struct of
 * that name, looked up in @tu, says what it holds.
 */
static bool reread_dependent(CXTranslationUnit tu, struct param *p)
{
	const char *want = p->p.type;
	struct record_find r;
	struct param q;
	char *name, *base;
	bool fields = false;

	if (p->p.is_ptr || p->p.size > 0 || gv_type_of(p->p.type) >= 0)
		return false;
	if (wl_starts_with(want, "const "))
		want += 6;
	/* "Op<SUM, float>": the class template Op, if it has no data. */
	base = wl_xstrndup(want, strcspn(want, "<"));
	memset(&r, 0, sizeof(r));
	r.want = base;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_record,
			    &r);
	if (r.ok && want[strlen(base)] == '<') {
		wl_buf_release(&r.scope);
		free(base);
		clang_visitChildren(r.decl, find_field, &fields);
		if (fields)
			return false;
		p->p.is_record = true;
		p->p.size = 1;
		return true;
	}
	free(base);
	wl_buf_release(&r.scope);
	if (!r.ok || clang_getCursorKind(r.decl) == CXCursor_ClassTemplate)
		return false;
	name = wl_xstrdup(p->p.name);
	read_type(name, r.found, &q);
	free(name);
	free_param(p);
	*p = q;
	return true;
}

static void free_param(struct param *x)
{
	unsigned i;

	free((char *)x->p.name);
	free((char *)x->p.type);
	free((char *)x->p.lane_type);
	for (i = 0; i < x->fields.nr; i++) {
		free(x->fields.v[i].name);
		free(x->fields.v[i].type);
		free(x->fields.v[i].lane_type);
	}
	free(x->fields.v);
	free(x->fields.why);
	free(x->why);
}

/* ---- kernels and their template parameters --------------------------- */

struct tparam {
	char *name;
	bool is_type;
	char *type; /* non-type: the parameter's type, as spelled */
	bool is_bool, is_enum, is_unsigned;
};

struct kernel {
	CXCursor cursor;
	char *name, *usr;
	struct tparam *tp;
	unsigned nr_tp;
	/* Instances: values per template parameter, where they came from,
	 * and the specialization's cursor when host code named it. */
	char **vals[MAX_INSTANCES];
	const char *from[MAX_INSTANCES];
	CXCursor spec_fn[MAX_INSTANCES];
	bool has_spec_fn[MAX_INSTANCES];
	unsigned nr_inst;
	bool dropped_instances;
	bool from_spec; /* the spec's list is the whole list */
	/*
	 * The block host code launches each instance (a plain kernel:
	 * launch_plain) with, written as a constant: 0 none seen,
	 * LAUNCHES_DISAGREE when two launches differ.
	 */
	unsigned launch[MAX_INSTANCES];
	unsigned launch_plain;
};

#define LAUNCHES_DISAGREE (~0u)

static void note_launch(unsigned *seen, unsigned block)
{
	if (!block || *seen == LAUNCHES_DISAGREE)
		return;
	*seen = !*seen || *seen == block ? block : LAUNCHES_DISAGREE;
}

struct finder {
	CXTranslationUnit tu;
	const struct wl_source *src;
	struct kernel *ks;
	unsigned nr, alloc;
};

static enum CXChildVisitResult find_global(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CUDAGlobalAttr) {
		*(bool *)data = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult visit_tparam(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct kernel *k = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct tparam *t;

	(void)parent;
	if (kind != CXCursor_TemplateTypeParameter &&
	    kind != CXCursor_NonTypeTemplateParameter &&
	    kind != CXCursor_TemplateTemplateParameter)
		return CXChildVisit_Continue;
	k->tp = wl_xrealloc(k->tp, (k->nr_tp + 1) * sizeof(*k->tp));
	t = &k->tp[k->nr_tp++];
	memset(t, 0, sizeof(*t));
	t->name = str(clang_getCursorSpelling(c));
	t->is_type = kind != CXCursor_NonTypeTemplateParameter;
	if (!t->is_type) {
		CXType ty = clang_getCanonicalType(clang_getCursorType(c));

		t->type = str(clang_getTypeSpelling(clang_getCursorType(c)));
		t->is_bool = ty.kind == CXType_Bool;
		t->is_enum = ty.kind == CXType_Enum;
		t->is_unsigned = ty.kind == CXType_UInt ||
				 ty.kind == CXType_ULong ||
				 ty.kind == CXType_ULongLong ||
				 ty.kind == CXType_UShort ||
				 ty.kind == CXType_UChar;
		if (t->is_enum) {
			free(t->type);
			t->type = str(clang_getTypeSpelling(ty));
		}
	}
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_kernels(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct finder *f = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	bool global = false;
	struct kernel *k;

	(void)parent;
	if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec ||
	    kind == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if ((kind != CXCursor_FunctionDecl &&
	     kind != CXCursor_FunctionTemplate) ||
	    !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	clang_visitChildren(c, find_global, &global);
	if (!global)
		return CXChildVisit_Continue;
	WL_GROW(f->ks, f->nr, f->alloc);
	k = &f->ks[f->nr++];
	memset(k, 0, sizeof(*k));
	k->cursor = c;
	k->name = str(clang_getCursorSpelling(c));
	k->usr = str(clang_getCursorUSR(c));
	if (kind == CXCursor_FunctionTemplate)
		clang_visitChildren(c, visit_tparam, k);
	return CXChildVisit_Continue;
}

/* ---- instances -------------------------------------------------------- */

static bool same_instance(const struct kernel *k, char **a, char **b)
{
	unsigned i;

	for (i = 0; i < k->nr_tp; i++) {
		char *x = wl_xstrdup(a[i]), *y = wl_xstrdup(b[i]), *p, *q;
		bool eq;

		/* Compare without blanks: "unsigned int" vs "unsignedint". */
		for (p = q = x; *p; p++)
			if (*p != ' ')
				*q++ = *p;
		*q = '\0';
		for (p = q = y; *p; p++)
			if (*p != ' ')
				*q++ = *p;
		*q = '\0';
		eq = !strcmp(x, y);
		free(x);
		free(y);
		if (!eq)
			return false;
	}
	return true;
}

/* Add instance @vals (taken) to @k: its index, or -1 when dropped. */
static int add_instance(struct kernel *k, char **vals, const char *from,
			const CXCursor *spec_fn)
{
	unsigned i;
	int at = -1;

	for (i = 0; i < k->nr_inst; i++)
		if (same_instance(k, k->vals[i], vals)) {
			if (spec_fn && !k->has_spec_fn[i]) {
				k->spec_fn[i] = *spec_fn;
				k->has_spec_fn[i] = true;
			}
			at = (int)i;
			goto drop;
		}
	if (k->nr_inst >= MAX_INSTANCES) {
		k->dropped_instances = true;
		goto drop;
	}
	k->vals[k->nr_inst] = vals;
	k->from[k->nr_inst] = from;
	if (spec_fn) {
		k->spec_fn[k->nr_inst] = *spec_fn;
		k->has_spec_fn[k->nr_inst] = true;
	}
	return (int)k->nr_inst++;
drop:
	for (i = 0; i < k->nr_tp; i++)
		free(vals[i]);
	free(vals);
	return at;
}

/* The instances the spec lists under template_args (a map or a list). */
static void spec_instances(struct gv_spec *spec, struct kernel *k)
{
	gv_node targs = gv_spec_get(spec, k->name, "template_args"), m;
	unsigned j, i;

	for (j = 0; (m = targs && targs->type == YAML_MAPPING_NODE
			     ? (j ? NULL : targs)
			     : gv_spec_item(spec, targs, j));
	     j++) {
		char **vals = wl_xcalloc(k->nr_tp + 1, sizeof(*vals));
		bool ok = true;

		for (i = 0; i < k->nr_tp; i++) {
			const char *v = gv_spec_scalar(
			    spec, gv_spec_field(spec, m, k->tp[i].name));

			ok = ok && v;
			vals[i] = wl_xstrdup(v ? v : "");
		}
		if (ok) {
			add_instance(k, vals, "spec", NULL);
			k->from_spec = true;
		} else {
			for (i = 0; i < k->nr_tp; i++)
				free(vals[i]);
			free(vals);
		}
	}
}

static void explicit_instances(const char *text, struct kernel *k)
{
	char ***inst;
	unsigned n = gv_explicit_instances(text, k->name, &inst), i, t;

	for (i = 0; i < n; i++) {
		char **vals = wl_xcalloc(k->nr_tp + 1, sizeof(*vals));

		for (t = 0; t < k->nr_tp; t++)
			vals[t] = wl_xstrdup(inst[i][t] ? inst[i][t] : "");
		for (t = 0; t < k->nr_tp && vals[t][0]; t++)
			;
		if (t == k->nr_tp) {
			add_instance(k, vals, "explicit instantiation", NULL);
		} else {
			for (t = 0; t < k->nr_tp; t++)
				free(vals[t]);
			free(vals);
		}
	}
	gv_free_instances(inst, n);
}

/* One template argument of specialization @fn as C++ would spell it. */
static char *targ_text(CXCursor fn, unsigned i, const struct tparam *t)
{
	enum CXTemplateArgumentKind kind =
	    clang_Cursor_getTemplateArgumentKind(fn, i);

	if (kind == CXTemplateArgumentKind_Type)
		return str(clang_getTypeSpelling(clang_getCanonicalType(
		    clang_Cursor_getTemplateArgumentType(fn, i))));
	if (kind != CXTemplateArgumentKind_Integral)
		return NULL;
	if (t->is_bool)
		return wl_xstrdup(clang_Cursor_getTemplateArgumentValue(fn, i)
				      ? "true"
				      : "false");
	if (t->is_enum)
		return wl_xasprintf(
		    "(%s)%lld", t->type,
		    clang_Cursor_getTemplateArgumentValue(fn, i));
	if (t->is_unsigned)
		return wl_xasprintf(
		    "%llu",
		    clang_Cursor_getTemplateArgumentUnsignedValue(fn, i));
	return wl_xasprintf("%lld",
			    clang_Cursor_getTemplateArgumentValue(fn, i));
}

static enum CXChildVisitResult find_uses(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct finder *f = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor ref, tmpl;
	char *usr;
	unsigned i, t, block;
	int at;

	(void)parent;
	if (kind != CXCursor_DeclRefExpr && kind != CXCursor_CallExpr &&
	    kind != CXCursor_OverloadedDeclRef)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return CXChildVisit_Recurse;
	block = kind == CXCursor_CallExpr ? gv_launch_block(c) : 0;
	tmpl = clang_getSpecializedCursorTemplate(ref);
	if (clang_Cursor_isNull(tmpl)) {
		if (!block)
			return CXChildVisit_Recurse;
		usr = str(clang_getCursorUSR(ref));
		for (i = 0; i < f->nr; i++)
			if (!f->ks[i].nr_tp && !strcmp(f->ks[i].usr, usr))
				note_launch(&f->ks[i].launch_plain, block);
		free(usr);
		return CXChildVisit_Recurse;
	}
	usr = str(clang_getCursorUSR(tmpl));
	for (i = 0; i < f->nr; i++) {
		struct kernel *k = &f->ks[i];
		char **vals;
		int n;

		if (!k->nr_tp || strcmp(k->usr, usr))
			continue;
		n = clang_Cursor_getNumTemplateArguments(ref);
		if (n != (int)k->nr_tp)
			continue;
		vals = wl_xcalloc(k->nr_tp + 1, sizeof(*vals));
		for (t = 0; t < k->nr_tp; t++)
			vals[t] = targ_text(ref, t, &k->tp[t]);
		for (t = 0; t < k->nr_tp && vals[t]; t++)
			;
		if (t == k->nr_tp && k->from_spec) {
			/* Only the cursor, for the spec's own instance. */
			unsigned j;

			for (j = 0; j < k->nr_inst; j++) {
				if (!same_instance(k, k->vals[j], vals))
					continue;
				note_launch(&k->launch[j], block);
				if (!k->has_spec_fn[j]) {
					k->spec_fn[j] = ref;
					k->has_spec_fn[j] = true;
				}
			}
			for (t = 0; t < k->nr_tp; t++)
				free(vals[t]);
			free(vals);
		} else if (t == k->nr_tp) {
			at = add_instance(k, vals, "named by host code", &ref);
			if (at >= 0)
				note_launch(&k->launch[at], block);
		} else {
			for (t = 0; t < k->nr_tp; t++)
				free(vals[t]);
			free(vals);
		}
	}
	free(usr);
	return CXChildVisit_Recurse;
}

/*
 * The usual values for a template whose parameters are all block sizes:
 * the powers of two from 32 to 1024 within what the code allows.
 */
static void usual_instances(struct finder *f, struct kernel *k,
			    const struct gv_macros *m, char **why)
{
	const char **names = wl_xcalloc(k->nr_tp + 1, sizeof(*names));
	const char **vals = wl_xcalloc(k->nr_tp + 1, sizeof(*vals));
	unsigned i, b;

	for (i = 0; i < k->nr_tp; i++) {
		names[i] = k->tp[i].name;
		if (k->tp[i].is_type || k->tp[i].is_bool ||
		    k->tp[i].is_enum ||
		    !gv_is_block_param(f->tu, k->cursor, k->tp[i].name)) {
			*why = wl_xasprintf(
			    "template parameter '%s' has no instantiation in "
			    "the file, its host code or the spec",
			    k->tp[i].name);
			goto out;
		}
	}
	for (b = 32; b <= 1024; b *= 2) {
		char text[16], **v;
		struct gv_block_facts bf;

		snprintf(text, sizeof(text), "%u", b);
		for (i = 0; i < k->nr_tp; i++)
			vals[i] = text;
		gv_block_facts(f->tu, k->cursor, m, names, vals, k->nr_tp,
			       &bf);
		if ((bf.max && b > bf.max) || bf.smem > 48 * 1024)
			continue;
		v = wl_xcalloc(k->nr_tp + 1, sizeof(*v));
		for (i = 0; i < k->nr_tp; i++)
			v[i] = wl_xstrdup(text);
		add_instance(k, v, "usual block sizes", NULL);
	}
	if (!k->nr_inst)
		*why = wl_xstrdup("no block size from 32 to 1024 fits the "
				  "code");
out:
	free(names);
	free(vals);
}

/* ---- plans ------------------------------------------------------------ */

struct parms {
	CXCursor v[64];
	unsigned nr;
};

static enum CXChildVisitResult visit_parm(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct parms *p = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ParmDecl && p->nr < 64)
		p->v[p->nr++] = c;
	return CXChildVisit_Continue;
}

/* The parameters of a function or function template. */
static void params(CXCursor fn, struct parms *p)
{
	int n = clang_Cursor_getNumArguments(fn), i;

	p->nr = 0;
	if (clang_getCursorKind(fn) == CXCursor_FunctionDecl && n >= 0) {
		for (i = 0; i < n && i < 64; i++)
			p->v[p->nr++] = clang_Cursor_getArgument(fn,
							       (unsigned)i);
		return;
	}
	clang_visitChildren(fn, visit_parm, p);
}

static char *squeeze(const char *s)
{
	struct wl_buf b = WL_BUF_INIT;

	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			wl_buf_addc(&b, *s);
	if (!b.s)
		wl_buf_adds(&b, "");
	return wl_buf_detach(&b);
}

/* Replace whole identifiers of @s that are template parameters. */
static char *subst(const char *s, const struct kernel *k, char **vals)
{
	struct wl_buf b = WL_BUF_INIT;
	const char *p = s;

	while (*p) {
		const char *start = p, *rep = NULL;
		unsigned i;

		if (!isalpha((unsigned char)*p) && *p != '_') {
			wl_buf_addc(&b, *p++);
			continue;
		}
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		for (i = 0; vals && i < k->nr_tp && !rep; i++)
			if (strlen(k->tp[i].name) == (size_t)(p - start) &&
			    !strncmp(k->tp[i].name, start, (size_t)(p - start)))
				rep = vals[i];
		if (rep)
			wl_buf_adds(&b, rep);
		else
			wl_buf_add(&b, start, (size_t)(p - start));
	}
	if (!b.s)
		wl_buf_adds(&b, "");
	return wl_buf_detach(&b);
}

/* Label, key and explicit instantiation of instance @vals of @k. */
struct enum_find {
	const char *name; /* the enumerator, unqualified */
	const char *type; /* its enum, as clang spells it */
	long long value;
	bool ok;
};

static enum CXChildVisitResult find_enum(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct enum_find *e = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec ||
	    k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
	    k == CXCursor_EnumDecl)
		return CXChildVisit_Recurse;
	if (k != CXCursor_EnumConstantDecl)
		return CXChildVisit_Continue;
	name = str(clang_getCursorSpelling(c));
	if (!strcmp(name, e->name)) {
		char *type = str(clang_getTypeSpelling(
		    clang_getCanonicalType(clang_getCursorType(parent))));

		if (!strcmp(type, e->type)) {
			e->value = clang_getEnumConstantDeclValue(c);
			e->ok = true;
		}
		free(type);
	}
	free(name);
	return e->ok ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * @v as the demangler writes a template argument of parameter @t: an
 * enumerator "cub::BLOCK_REDUCE_RAKING" as "(cub::BlockReduceAlgorithm)1".
 */
static char *mangled_value(CXTranslationUnit tu, const struct tparam *t,
			   const char *v)
{
	const char *colon = strrchr(v, ':');
	struct enum_find e = {colon ? colon + 1 : v, t->type, 0, false};

	if (!t->is_enum || !tu || v[0] == '(' ||
	    !(isalpha((unsigned char)*e.name) || *e.name == '_'))
		return wl_xstrdup(v);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_enum, &e);
	return e.ok ? wl_xasprintf("(%s)%lld", t->type, e.value)
		    : wl_xstrdup(v);
}

static void name_instance(CXTranslationUnit tu, const struct kernel *k,
			  CXCursor fn, char **vals, const char *text,
			  struct gv_kernel *out)
{
	struct wl_buf label = WL_BUF_INIT, inst = WL_BUF_INIT;
	struct wl_buf key = WL_BUF_INIT;
	struct parms ps;
	char *call, *squeezed_label;
	unsigned i;

	wl_buf_addf(&label, "%s<", k->name);
	wl_buf_addf(&key, "%s<", k->name);
	wl_buf_addf(&inst, "template __global__ void %s<", k->name);
	for (i = 0; i < k->nr_tp; i++) {
		char *m = mangled_value(tu, &k->tp[i], vals[i]);

		wl_buf_addf(&label, "%s%s", i ? "," : "", vals[i]);
		wl_buf_addf(&key, "%s%s", i ? "," : "", m);
		wl_buf_addf(&inst, "%s%s", i ? ", " : "", vals[i]);
		free(m);
	}
	wl_buf_adds(&key, ">");
	wl_buf_adds(&label, ">");
	wl_buf_adds(&inst, ">(");
	params(fn, &ps);
	for (i = 0; i < ps.nr; i++) {
		char *w = str(clang_getTypeSpelling(
		    clang_getCursorType(ps.v[i])));
		char *s = subst(w, k, vals);

		wl_buf_addf(&inst, "%s%s", i ? ", " : "", s);
		free(s);
		free(w);
	}
	wl_buf_adds(&inst, ");");
	squeezed_label = squeeze(label.s);
	out->label = wl_buf_detach(&label);
	out->key = squeeze(key.s);
	wl_buf_release(&key);
	out->inst = wl_buf_detach(&inst);
	/* The file may instantiate it itself; a second one is an error. */
	call = wl_xasprintf("template__global__void%s(", squeezed_label);
	if (strstr(text, call)) {
		free(out->inst);
		out->inst = NULL;
	}
	free(call);
	free(squeezed_label);
	/* Blanks would split the label in plan.txt. */
	for (i = 0; out->label[i]; i++)
		if (out->label[i] == ' ')
			out->label[i] = '_';
}

/* The function whose parameters to read: a specialization names them
 * with its own (concrete) types, the template with dependent ones. */
static CXCursor params_of(const struct kernel *k, unsigned inst)
{
	if (inst < k->nr_inst && k->has_spec_fn[inst])
		return k->spec_fn[inst];
	return k->cursor;
}

struct plan_ctx {
	struct finder *f;
	struct gv_spec *spec;
	const struct gv_macros *m;
	const char *squeezed; /* the file without blanks */
	bool dyn_smem;
};

struct var_find {
	const char *name;
	CXCursor found;
	bool ok;
};

static enum CXChildVisitResult find_var(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct var_find *v = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	if (k != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	name = str(clang_getCursorSpelling(c));
	if (!strcmp(name, v->name)) {
		v->found = c;
		v->ok = true;
	}
	free(name);
	return v->ok ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The arguments of the spec's `globals:` for @out. */
static int plan_globals(struct plan_ctx *c, struct gv_kernel *out, char **why)
{
	gv_node g = gv_spec_get(c->spec, out->label, "globals"), val;
	const char *name;
	unsigned i;

	for (i = 0; gv_spec_pair(c->spec, g, i, &name, &val); i++) {
		struct var_find v = {name, clang_getNullCursor(), false};
		const char *value = gv_spec_scalar(c->spec, val);
		struct param p;
		int r;

		clang_visitChildren(clang_getTranslationUnitCursor(c->f->tu),
				    find_var, &v);
		if (!v.ok) {
			*why = wl_xasprintf("spec: no global variable '%s'",
					    name);
			return -1;
		}
		read_param(v.found, &p);
		r = gv_derive_global(c->spec, out->label, &p.p,
				     value ? value : "1", out, why);
		free_param(&p);
		if (r < 0)
			return -1;
	}
	return 0;
}

/*
 * An instance's value of a block-size template parameter is the block
 * the kernel is written for (BlockSumKernel<128, ...> runs in blocks of
 * 128), unless its code names another.
 */
static void block_param(struct plan_ctx *c, const struct kernel *k,
			char **vals, struct gv_block_facts *bf)
{
	unsigned i;

	for (i = 0; vals && i < k->nr_tp && !bf->exact; i++) {
		char *end;
		long v;

		if (k->tp[i].is_type || k->tp[i].is_bool || k->tp[i].is_enum)
			continue;
		v = strtol(vals[i], &end, 0);
		if (end == vals[i] || v < 32 || v > 1024 ||
		    (bf->max && (unsigned)v > bf->max) ||
		    !gv_is_block_param(c->f->tu, k->cursor, k->tp[i].name))
			continue;
		bf->exact = (unsigned)v;
		snprintf(bf->why + strlen(bf->why),
			 sizeof(bf->why) - strlen(bf->why),
			 "%stemplate parameter %s = %ld is the block size",
			 bf->why[0] ? ", " : "", k->tp[i].name, v);
	}
}

/*
 * The block host code launches the kernel with is the largest it is
 * known to run in (fold16<16><<<blocks, 16>>> folds s[16] in a helper,
 * where the kernel's own code shows no extent): the default shapes stay
 * within it.
 */
static void launch_block(unsigned launch, struct gv_block_facts *bf)
{
	if (!launch || launch == LAUNCHES_DISAGREE ||
	    (bf->max && launch >= bf->max) ||
	    (bf->exact && launch >= bf->exact))
		return;
	bf->max = launch;
	if (bf->exact > launch)
		bf->exact = 0;
	snprintf(bf->why + strlen(bf->why), sizeof(bf->why) - strlen(bf->why),
		 "%shost code launches it with %u threads",
		 bf->why[0] ? ", " : "", launch);
}

static void plan_one(struct plan_ctx *c, const struct kernel *k,
		     unsigned inst, struct gv_kernel *out)
{
	CXCursor fn = params_of(k, inst);
	char **vals = inst < k->nr_inst ? k->vals[inst] : NULL;
	const char **names = wl_xcalloc(k->nr_tp + 1, sizeof(*names));
	struct gv_block_facts bf;
	struct parms ps;
	char *why = NULL, *body;
	bool one_block;
	unsigned i;

	memset(out, 0, sizeof(*out));
	out->name = wl_xstrdup(k->name);
	if (vals)
		name_instance(c->f->tu, k, k->cursor, vals, c->squeezed, out);
	else
		out->label = wl_xstrdup(k->name);
	if (gv_spec_scalar(c->spec, gv_spec_get(c->spec, out->label, "skip"))) {
		why = wl_xasprintf("spec: %s",
				   gv_spec_scalar(c->spec,
						  gv_spec_get(c->spec,
							      out->label,
							      "skip")));
		goto skip;
	}
	for (i = 0; i < k->nr_tp; i++)
		names[i] = k->tp[i].name;
	gv_block_facts(c->f->tu, k->cursor, c->m, names,
		       (const char *const *)vals, vals ? k->nr_tp : 0, &bf);
	launch_block(vals ? k->launch[inst] : k->launch_plain, &bf);
	block_param(c, k, vals, &bf);
	out->block_exact = bf.exact;
	out->block_max = bf.max;
	if (bf.why[0])
		out->block_why = wl_xstrdup(bf.why);
	params(fn, &ps);
	for (i = 0; i < ps.nr; i++) {
		struct param p;
		int r;

		read_param(ps.v[i], &p);
		if (vals) {
			char *t = subst(p.p.type, k, vals);

			free((char *)p.p.type);
			p.p.type = t;
			reread_dependent(c->f->tu, &p);
		}
		if (p.why && !p.p.is_ptr) {
			why = wl_xasprintf("parameter '%s' (a struct passed by "
					   "value): %s",
					   p.p.name, p.why);
			free_param(&p);
			goto skip;
		}
		r = gv_derive_param(c->spec, out->label, NULL, &p.p, out, &why);
		free_param(&p);
		if (r < 0)
			goto skip;
	}
	if (plan_globals(c, out, &why) < 0)
		goto skip;
	/* A kernel that never names its block works on the same elements
	 * in every block: run it as one block. */
	body = gv_cursor_tokens(c->f->tu, k->cursor);
	one_block = !strstr(body, "blockIdx") && !strstr(body, "gridDim");
	free(body);
	if (gv_plan_shapes(c->spec, out, c->dyn_smem, one_block, &why) < 0)
		goto skip;
	free(names);
	return;
skip:
	free(names);
	out->skip = why;
}

static bool wanted(const struct gv_find *o, const char *name)
{
	unsigned i;

	if (!o->only)
		return true;
	for (i = 0; i < o->nr_only; i++)
		if (!strcmp(o->only[i], name))
			return true;
	return false;
}

static struct gv_kernel *push(struct gv_kernel **out, unsigned *nr)
{
	*out = wl_xrealloc(*out, (*nr + 1) * sizeof(**out));
	memset(&(*out)[*nr], 0, sizeof(**out));
	return &(*out)[(*nr)++];
}

int gv_find_kernels(CXTranslationUnit tu, const struct wl_source *src,
		    const struct gv_find *opts, struct gv_kernel **out,
		    unsigned *nr)
{
	struct finder f = {tu, src, NULL, 0, 0};
	struct plan_ctx c = {&f, opts->spec, NULL, NULL, false};
	unsigned i, j, t;

	c.dyn_smem = strstr(src->text, "extern __shared__") ||
		     strstr(src->text, "extern volatile __shared__");
	c.squeezed = squeeze(src->text);
	c.m = gv_macros_read(tu);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_kernels,
			    &f);
	for (i = 0; i < f.nr; i++)
		if (f.ks[i].nr_tp && wanted(opts, f.ks[i].name))
			spec_instances(opts->spec, &f.ks[i]);
	for (i = 0; i < f.nr; i++)
		if (f.ks[i].nr_tp && wanted(opts, f.ks[i].name) &&
		    !f.ks[i].nr_inst)
			explicit_instances(src->text, &f.ks[i]);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_uses, &f);
	for (i = 0; i < f.nr; i++) {
		struct kernel *k = &f.ks[i];
		char *why = NULL;

		if (!wanted(opts, k->name))
			continue;
		if (k->nr_tp && !k->nr_inst)
			usual_instances(&f, k, c.m, &why);
		if (k->nr_tp && !k->nr_inst) {
			struct gv_kernel *g = push(out, nr);

			g->name = wl_xstrdup(k->name);
			g->label = wl_xstrdup(k->name);
			g->skip = why;
			continue;
		}
		free(why);
		if (!k->nr_tp) {
			plan_one(&c, k, 0, push(out, nr));
			continue;
		}
		for (j = 0; j < k->nr_inst; j++)
			plan_one(&c, k, j, push(out, nr));
	}
	/* A kernel asked for by name that the file does not define. */
	for (j = 0; opts->only && j < opts->nr_only; j++) {
		for (i = 0; i < f.nr && strcmp(f.ks[i].name, opts->only[j]);
		     i++)
			;
		if (i == f.nr) {
			struct gv_kernel *g = push(out, nr);

			g->name = wl_xstrdup(opts->only[j]);
			g->label = wl_xstrdup(opts->only[j]);
			g->skip = wl_xstrdup("no __global__ function of this "
					     "name is defined in the file "
					     "(as the before build sees it)");
		}
	}
	for (i = 0; i < f.nr; i++) {
		struct kernel *k = &f.ks[i];

		for (j = 0; j < k->nr_inst; j++) {
			for (t = 0; t < k->nr_tp; t++)
				free(k->vals[j][t]);
			free(k->vals[j]);
		}
		for (t = 0; t < k->nr_tp; t++) {
			free(k->tp[t].name);
			free(k->tp[t].type);
		}
		free(k->tp);
		free(k->name);
		free(k->usr);
	}
	free(f.ks);
	gv_macros_free((struct gv_macros *)c.m);
	free((char *)c.squeezed);
	return 0;
}
