/* SPDX-License-Identifier: MIT */
/* The launch plan of a kernel: arguments, shapes, seeds, plan.txt. */
#include "gpu_verify/plan.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

bool gv_is_length_name(const char *name)
{
	static const char *const exact[] = {
	    "n",     "len",    "length",   "size",  "count", "nelem",
	    "nelems", "elems", "elements", "total", "rows",  "cols",
	    "dim",    "nrows", "ncols"};
	static const char *const prefix[] = {"num",  "n_",    "len",
					     "size", "count", "nelem"};
	static const char *const suffix[] = {"size",  "len",   "length",
					     "count", "elems", "elements"};
	char low[64];
	const char *dot = strrchr(name, '.');
	size_t i, len;

	/* A struct field ("d.rows") reads by its own name. */
	if (dot)
		name = dot + 1;
	len = strlen(name);

	if (!len || len >= sizeof(low))
		return false;
	for (i = 0; i <= len; i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	for (i = 0; i < WL_ARRAY_SIZE(exact); i++)
		if (!strcmp(low, exact[i]))
			return true;
	for (i = 0; i < WL_ARRAY_SIZE(prefix); i++)
		if (wl_starts_with(low, prefix[i]))
			return true;
	for (i = 0; i < WL_ARRAY_SIZE(suffix); i++)
		if (wl_ends_with(low, suffix[i]))
			return true;
	return false;
}

int gv_type_of(const char *spelling)
{
	static const struct {
		const char *name;
		enum gv_type type;
	} names[] = {
	    {"char", GV_I8},
	    {"signed char", GV_I8},
	    {"unsigned char", GV_U8},
	    {"bool", GV_U8},
	    {"short", GV_I16},
	    {"unsigned short", GV_U16},
	    {"int", GV_I32},
	    {"signed", GV_I32},
	    {"unsigned int", GV_U32},
	    {"unsigned", GV_U32},
	    {"uint32_t", GV_U32},
	    {"int32_t", GV_I32},
	    {"long", GV_I64},
	    {"long long", GV_I64},
	    {"int64_t", GV_I64},
	    {"unsigned long", GV_U64},
	    {"unsigned long long", GV_U64},
	    {"uint64_t", GV_U64},
	    {"size_t", GV_U64},
	    {"float", GV_F32},
	    {"double", GV_F64},
	};
	struct wl_buf buf = WL_BUF_INIT;
	const char *p = spelling;
	char *s;
	size_t i;
	int t = -1;

	/* Drop qualifiers and "int" after long/short ("long int"). */
	while (*p) {
		size_t n = 0;

		while (isspace((unsigned char)*p))
			p++;
		while (p[n] && !isspace((unsigned char)p[n]))
			n++;
		if (!n)
			break;
		if ((n == 5 && !strncmp(p, "const", 5)) ||
		    (n == 8 && !strncmp(p, "volatile", 8)) ||
		    (n == 10 && !strncmp(p, "__restrict", 10)) ||
		    (n == 8 && !strncmp(p, "restrict", 8)) ||
		    (n == 3 && !strncmp(p, "int", 3) && buf.len &&
		     (wl_ends_with(buf.s, "long") ||
		      wl_ends_with(buf.s, "short")))) {
			p += n;
			continue;
		}
		if (buf.len)
			wl_buf_addc(&buf, ' ');
		wl_buf_add(&buf, p, n);
		p += n;
	}
	s = wl_buf_detach(&buf);
	for (i = 0; i < WL_ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i].name))
			t = (int)names[i].type;
	free(s);
	return t;
}

char *gv_subst(struct gv_spec *spec, gv_node map, const char *spelling)
{
	struct wl_buf buf = WL_BUF_INIT;
	const char *p = spelling;

	while (*p) {
		const char *start = p, *val;
		char *word;

		if (!isalpha((unsigned char)*p) && *p != '_') {
			wl_buf_addc(&buf, *p++);
			continue;
		}
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		word = wl_xstrndup(start, (size_t)(p - start));
		val = gv_spec_scalar(spec, gv_spec_field(spec, map, word));
		wl_buf_adds(&buf, val ? val : word);
		free(word);
	}
	return wl_buf_detach(&buf);
}

/* Look up @key.@name in the spec (e.g. scalars.alpha) for @kernel. */
static gv_node by_param(struct gv_spec *spec, const char *kernel,
			const char *key, const char *name)
{
	return gv_spec_field(spec, gv_spec_get(spec, kernel, key), name);
}

/* Whether the spec's `ignore:` list names @name (a timer's output). */
static bool ignored(struct gv_spec *spec, const char *kernel,
		    const char *name)
{
	gv_node list = gv_spec_get(spec, kernel, "ignore"), x;
	const char *v;
	unsigned i;

	for (i = 0; (x = gv_spec_item(spec, list, i)); i++) {
		v = gv_spec_scalar(spec, x);
		if (v && !strcmp(v, name))
			return true;
	}
	return false;
}

int gv_derive_arg(struct gv_spec *spec, const char *kernel, gv_node tmpl_args,
		  const struct gv_param *p, struct gv_arg *arg, char **why)
{
	char *type = gv_subst(spec, tmpl_args, p->type);
	const char *v;
	gv_node range;
	int t = gv_type_of(type);
	unsigned lanes = 0;

	memset(arg, 0, sizeof(*arg));
	arg->name = wl_xstrdup(p->name);
	arg->is_ptr = p->is_ptr;
	arg->is_out = p->is_ptr && !p->is_const;
	if (t < 0 && p->is_ptr && p->lanes && p->lane_type &&
	    gv_type_of(p->lane_type) >= 0) {
		/* float4: four floats an element, filled and compared as such. */
		arg->type = (enum gv_type)gv_type_of(p->lane_type);
		arg->elem = gv_type_size(arg->type);
		lanes = p->lanes;
	} else if (t >= 0) {
		arg->type = (enum gv_type)t;
		arg->elem = gv_type_size(arg->type);
	} else if (p->is_ptr && p->size > 0 && !strchr(type, '*')) {
		/* A struct: random bytes, compared byte for byte. */
		arg->type = GV_BYTES;
		arg->elem = (size_t)p->size;
	} else {
		*why = wl_xasprintf("parameter '%s' has type '%s%s': give it "
				    "in the spec",
				    p->name, type, p->is_ptr ? " *" : "");
		free(type);
		return -1;
	}
	free(type);
	if (p->is_ptr) {
		v = gv_spec_scalar(spec,
				   by_param(spec, kernel, "buffers", p->name));
		/* "*": the count of every buffer the spec does not name. */
		if (!v)
			v = gv_spec_scalar(
			    spec, by_param(spec, kernel, "buffers", "*"));
		/* Counts are of the pointee: float4s, not floats. */
		if (lanes)
			arg->expr = wl_xasprintf("(%s)*%u",
						 v ? v : "max(n,threads)",
						 lanes);
		else
			arg->expr = wl_xstrdup(v ? v : "max(n,threads)");
		arg->ignored = ignored(spec, kernel, p->name);
		arg->origin = v ? "spec" : lanes ? "signature (vector lanes)"
					       : "signature";
		gv_type_default_range(arg->type, &arg->lo, &arg->hi);
		range = by_param(spec, kernel, "ranges", p->name);
		if (gv_spec_item(spec, range, 1)) {
			const char *lo =
			    gv_spec_scalar(spec, gv_spec_item(spec, range, 0));
			const char *hi =
			    gv_spec_scalar(spec, gv_spec_item(spec, range, 1));

			arg->lo = lo ? atof(lo) : 0;
			arg->hi = hi ? atof(hi) : 0;
		}
		return 0;
	}
	v = gv_spec_scalar(spec, by_param(spec, kernel, "scalars", p->name));
	if (v) {
		arg->expr = wl_xstrdup(v);
		arg->origin = "spec";
	} else if (!gv_type_is_float(arg->type) && gv_is_length_name(p->name)) {
		arg->expr = wl_xstrdup("n");
		arg->origin = "length name";
	} else if (arg->type == GV_BYTES) {
		*why = wl_xasprintf("parameter '%s' is a struct passed by "
				    "value: not supported",
				    p->name);
		return -1;
	} else {
		/* A guess, labelled as one in the report. */
		arg->expr =
		    wl_xstrdup(gv_type_is_float(arg->type) ? "1.25" : "1");
		arg->origin = "default";
	}
	return 0;
}

/* Append a zeroed argument to @k and return it. */
static struct gv_arg *push_arg(struct gv_kernel *k)
{
	struct gv_arg *a;

	k->args = wl_xrealloc(k->args, (k->nr_args + 1) * sizeof(*k->args));
	a = &k->args[k->nr_args++];
	memset(a, 0, sizeof(*a));
	return a;
}

int gv_derive_param(struct gv_spec *spec, const char *kernel,
		    gv_node tmpl_args, const struct gv_param *p,
		    struct gv_kernel *k, char **why)
{
	struct gv_arg *a;
	unsigned i;

	if (p->is_fnptr) {
		/* Nothing to fill a function pointer with: the kernel runs
		 * its NULL path, and the report says so. */
		a = push_arg(k);
		a->name = wl_xstrdup(p->name);
		a->is_null = true;
		a->type = GV_U64;
		a->elem = 8;
		a->expr = wl_xstrdup("0");
		a->origin = "function pointer: NULL";
		return 0;
	}
	if (p->is_ptr || (!p->nr_fields && !p->is_record)) {
		struct gv_arg tmp;

		if (gv_derive_arg(spec, kernel, tmpl_args, p, &tmp, why) < 0) {
			free(tmp.name);
			free(tmp.expr);
			return -1;
		}
		*push_arg(k) = tmp;
		return 0;
	}
	if (p->size <= 0 || p->size > 4096) {
		*why = wl_xasprintf("parameter '%s': a struct of %lld bytes",
				    p->name, p->size);
		return -1;
	}
	a = push_arg(k);
	a->name = wl_xstrdup(p->name);
	a->struct_size = p->size;
	a->type = GV_BYTES;
	a->elem = (size_t)p->size;
	a->expr = wl_xstrdup("0");
	a->origin = "struct by value";
	for (i = 0; i < p->nr_fields; i++) {
		const struct gv_field *f = &p->fields[i];
		char *name = wl_xasprintf("%s.%s", p->name, f->name);
		struct gv_param fp = {name,    f->is_ptr, f->is_const,
				      f->type, f->size,	  f->lanes,
				      f->lane_type, false, NULL, 0, false};
		struct gv_arg tmp;
		int r;

		r = gv_derive_arg(spec, kernel, tmpl_args, &fp, &tmp, why);
		free(name);
		if (r < 0) {
			free(tmp.name);
			free(tmp.expr);
			return -1;
		}
		tmp.is_field = true;
		tmp.offset = f->offset;
		*push_arg(k) = tmp;
	}
	return 0;
}

int gv_derive_global(struct gv_spec *spec, const char *kernel,
		     const struct gv_param *p, const char *value,
		     struct gv_kernel *k, char **why)
{
	struct gv_arg *a;
	int t = gv_type_of(p->type);

	(void)spec;
	(void)kernel;
	a = push_arg(k);
	a->name = wl_xasprintf("::%s", p->name);
	a->global = wl_xstrdup(p->name);
	a->origin = "spec (globals)";
	if (p->is_ptr) {
		if (t >= 0) {
			a->type = (enum gv_type)t;
			a->elem = gv_type_size(a->type);
			a->expr = wl_xstrdup(value);
		} else if (p->lanes && p->lane_type &&
			   gv_type_of(p->lane_type) >= 0) {
			a->type = (enum gv_type)gv_type_of(p->lane_type);
			a->elem = gv_type_size(a->type);
			a->expr = wl_xasprintf("(%s)*%u", value, p->lanes);
		} else if (p->size > 0) {
			a->type = GV_BYTES;
			a->elem = (size_t)p->size;
			a->expr = wl_xstrdup(value);
		} else {
			*why = wl_xasprintf("global '%s' points to '%s', whose "
					    "size is unknown",
					    p->name, p->type);
			return -1;
		}
		a->is_ptr = true;
		a->is_out = !p->is_const;
		gv_type_default_range(a->type, &a->lo, &a->hi);
		return 0;
	}
	if (t >= 0 && !p->nr_fields) {
		a->type = (enum gv_type)t;
		a->elem = gv_type_size(a->type);
		a->expr = wl_xstrdup(value);
		return 0;
	}
	if (p->size <= 0) {
		*why = wl_xasprintf("global '%s' has type '%s' of unknown size",
				    p->name, p->type);
		return -1;
	}
	/* An array or a struct: its own bytes, seeded, compared after. */
	a->is_mem = true;
	a->is_ptr = true;
	a->is_out = true;
	if (p->lanes && p->lane_type && gv_type_of(p->lane_type) >= 0) {
		a->type = (enum gv_type)gv_type_of(p->lane_type);
		a->elem = gv_type_size(a->type);
		a->expr = wl_xasprintf("%u", p->lanes);
	} else {
		a->type = GV_BYTES;
		a->elem = (size_t)p->size;
		a->expr = wl_xstrdup("1");
	}
	gv_type_default_range(a->type, &a->lo, &a->hi);
	return 0;
}

/* Integer @i of a scalar-or-list spec value, cycling; @def if absent. */
static long long pick(struct gv_spec *spec, gv_node list, unsigned i,
		      long long def)
{
	unsigned n = 0;
	const char *s;

	while (gv_spec_item(spec, list, n))
		n++;
	if (!n)
		return def;
	s = gv_spec_scalar(spec, gv_spec_item(spec, list, i % n));
	return s ? strtoll(s, NULL, 0) : def;
}

static void add_shape(struct gv_kernel *k, unsigned gx, unsigned gy,
		      unsigned bx, unsigned by, long long n, const char *smem)
{
	struct gv_shape *s;

	k->shapes =
	    wl_xrealloc(k->shapes, (k->nr_shapes + 1) * sizeof(*k->shapes));
	s = &k->shapes[k->nr_shapes++];
	s->gx = gx ? gx : 1;
	s->gy = gy ? gy : 1;
	s->bx = bx ? bx : 1;
	s->by = by ? by : 1;
	s->n = n > 0 ? n : 1;
	s->smem = wl_xstrdup(smem);
}

/* Explicit `shapes:` entries: {grid: 4 | [4, 2], block: ..., n: ...}. */
static int explicit_shapes(struct gv_spec *spec, struct gv_kernel *k,
			   gv_node list, const char *smem, char **why)
{
	gv_node s;
	unsigned i;

	for (i = 0; (s = gv_spec_item(spec, list, i)); i++) {
		gv_node g = gv_spec_field(spec, s, "grid");
		gv_node b = gv_spec_field(spec, s, "block");
		const char *sm =
		    gv_spec_scalar(spec, gv_spec_field(spec, s, "smem"));
		long long bx = pick(spec, b, 0, 0), by = pick(spec, b, 1, 1);
		long long gx = pick(spec, g, 0, 0), gy = pick(spec, g, 1, 1);
		long long n = pick(spec, gv_spec_field(spec, s, "n"), 0, 0);

		if (!gv_spec_item(spec, b, 1))
			by = 1;
		if (!gv_spec_item(spec, g, 1))
			gy = 1;
		/* No block: the one the code is written for. */
		if (bx <= 0 && k->block_exact) {
			bx = k->block_exact;
			by = 1;
		}
		if (bx <= 0) {
			*why = wl_xasprintf("shape %u has no block size", i);
			return -1;
		}
		if (gx <= 0)
			gx = n > 0 ? (n + bx * by - 1) / (bx * by) : 1;
		if (n <= 0)
			n = gx * gy * bx * by;
		add_shape(k, (unsigned)gx, (unsigned)gy, (unsigned)bx,
			  (unsigned)by, n, sm ? sm : smem);
	}
	return 0;
}

/*
 * A default block size within what the code allows: the one size it is
 * written for, else @b capped at its largest (rounded down to whole
 * warps where that leaves any).
 */
static long long default_block(const struct gv_kernel *k, long long b)
{
	if (k->block_exact)
		return k->block_exact;
	if (k->block_max && b > k->block_max)
		b = k->block_max >= 32 ? k->block_max / 32 * 32 : k->block_max;
	return b;
}

int gv_plan_shapes(struct gv_spec *spec, struct gv_kernel *k, bool dyn_smem,
		   bool one_block, char **why)
{
	/* Grid sizes and the partial warp each default shape leaves. */
	static const struct {
		long long grid, short_by;
	} def[] = {{1, 11}, {4, 37}, {16, 0}, {1024, 3}};
	const char *name = k->label ? k->label : k->name, *smem, *tol;
	gv_node blocks, grids, ns, shapes, seeds;
	unsigned i;

	smem = gv_spec_scalar(spec, gv_spec_get(spec, name, "smem"));
	if (!smem)
		smem = dyn_smem ? "block*8" : "0";
	tol = gv_spec_scalar(spec, gv_spec_get(spec, name, "tolerance"));
	k->tolerance = tol ? atof(tol) : 0;
	seeds = gv_spec_get(spec, name, "seeds");
	for (i = 0; i < WL_ARRAY_SIZE(k->seeds); i++) {
		if (seeds && !gv_spec_item(spec, seeds, i))
			break;
		if (!seeds && i == 3)
			break;
		k->seeds[i] = (unsigned long long)pick(spec, seeds, i, i + 1);
	}
	k->nr_seeds = i;
	shapes = gv_spec_get(spec, name, "shapes");
	if (shapes) {
		if (explicit_shapes(spec, k, shapes, smem, why) < 0)
			return -1;
	} else {
		static const long long def_block[] = {64, 128, 256, 256};
		static const long long one_block_sizes[] = {32, 96, 160, 256};

		blocks = gv_spec_get(spec, name, "block");
		grids = gv_spec_get(spec, name, "grid");
		ns = gv_spec_get(spec, name, "n");
		for (i = 0; i < WL_ARRAY_SIZE(def); i++) {
			long long b =
			    pick(spec, blocks, i,
				 default_block(k, one_block ? one_block_sizes[i]
							    : def_block[i]));
			long long g =
			    pick(spec, grids, i, one_block ? 1 : def[i].grid);
			long long n = pick(spec, ns, i, 0);

			if (b <= 0 || b > 1024) {
				*why = wl_xasprintf("block size %lld", b);
				return -1;
			}
			if (n <= 0)
				n = g * b - def[i].short_by;
			else if (!grids && !one_block)
				g = (n + b - 1) / b;
			add_shape(k, (unsigned)g, 1, (unsigned)b, 1, n, smem);
		}
	}
	if (!k->nr_shapes || !k->nr_seeds) {
		*why = wl_xstrdup("the spec leaves no shape or no seed");
		return -1;
	}
	/* Time the largest shape; sanitize a small one (racecheck is slow). */
	k->timing_shape = 0;
	k->sanitize_shape = 0;
	for (i = 1; i < k->nr_shapes; i++) {
		const struct gv_shape *s = &k->shapes[i];
		const struct gv_shape *t = &k->shapes[k->timing_shape];

		if ((long long)s->gx * s->gy * s->bx * s->by >=
		    (long long)t->gx * t->gy * t->bx * t->by)
			k->timing_shape = i;
	}
	if (k->nr_shapes > 2)
		k->sanitize_shape = 1;
	return 0;
}

/* The word that ends just before @p (after blanks), copied into @w. */
static const char *word_before(const char *text, const char *p, char *w,
			       size_t size)
{
	const char *end;
	size_t n;

	while (p > text && isspace((unsigned char)p[-1]))
		p--;
	end = p;
	while (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
		p--;
	n = (size_t)(end - p) < size - 1 ? (size_t)(end - p) : size - 1;
	memcpy(w, p, n);
	w[n] = '\0';
	return p;
}

/* Split "<a, b<c, d>, e>" (from @p at '<') into trimmed arguments. */
static char **split_args(const char *p, const char **end)
{
	char **v = NULL;
	unsigned nr = 0, alloc = 0;
	int depth = 0;
	const char *start = p + 1;

	for (; *p; p++) {
		if (*p == '<' || *p == '(')
			depth++;
		else if (*p == '>' || *p == ')')
			depth--;
		if (depth == 0 || (depth == 1 && *p == ',')) {
			const char *a = start, *b = p;

			while (a < b && isspace((unsigned char)*a))
				a++;
			while (b > a && isspace((unsigned char)b[-1]))
				b--;
			WL_GROW(v, nr, alloc);
			v[nr++] = wl_xstrndup(a, (size_t)(b - a));
			start = p + 1;
			if (depth == 0)
				break;
		}
	}
	WL_GROW(v, nr, alloc);
	v[nr] = NULL;
	*end = *p ? p + 1 : p;
	return v;
}

unsigned gv_explicit_instances(const char *text, const char *name,
			       char ****args)
{
	size_t len = strlen(name);
	const char *p = text;
	unsigned nr = 0, alloc = 0;

	*args = NULL;
	while ((p = strstr(p, name))) {
		const char *q = p + len, *back = p, *end;
		bool is_template = false, is_void = false;
		char w[32];
		unsigned i;

		p = q;
		if (back > text &&
		    (isalnum((unsigned char)back[-1]) || back[-1] == '_'))
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '<')
			continue;
		/* "template", "__global__" and "void" before the name. */
		for (i = 0; i < 3; i++) {
			back = word_before(text, back, w, sizeof(w));
			is_template |= !strcmp(w, "template");
			is_void |= !strcmp(w, "void");
		}
		if (!is_template || !is_void)
			continue;
		WL_GROW(*args, nr, alloc);
		(*args)[nr++] = split_args(q, &end);
		p = end;
	}
	return nr;
}

void gv_free_instances(char ***args, unsigned nr)
{
	unsigned i, k;

	for (i = 0; i < nr; i++) {
		for (k = 0; args[i][k]; k++)
			free(args[i][k]);
		free(args[i]);
	}
	free(args);
}

/* An expression without its blanks: plan.txt splits lines at blanks. */
static const char *tight(const char *expr, char *buf, size_t size)
{
	size_t n = 0;

	for (; *expr && n + 1 < size; expr++)
		if (!isspace((unsigned char)*expr))
			buf[n++] = *expr;
	buf[n] = '\0';
	return n ? buf : "0";
}

void gv_plan_write(FILE *f, const struct gv_kernel *k)
{
	char b1[256];
	unsigned i;

	fprintf(f, "kernel %s\n", k->label);
	if (k->image[0])
		fprintf(f, "  image %s %s\n", k->image[0], k->image[1]);
	fprintf(f, "  entry %s %s\n", k->entry[0], k->entry[1]);
	for (i = 0; i < k->nr_args; i++) {
		const struct gv_arg *a = &k->args[i];
		char head[160];

		if (a->struct_size > 0) {
			fprintf(f, "  arg struct %lld\n", a->struct_size);
			continue;
		}
		if (a->is_null) {
			fprintf(f, "  arg null\n");
			continue;
		}
		if (a->is_field)
			snprintf(head, sizeof(head), "field %lld", a->offset);
		else if (a->global)
			snprintf(head, sizeof(head), "global %s", a->global);
		else
			snprintf(head, sizeof(head), "arg");
		if (a->is_mem) {
			fprintf(f, "  %s mem %s %zu out %s %.17g %.17g\n", head,
				gv_type_name(a->type), a->elem,
				tight(a->expr, b1, sizeof(b1)), a->lo, a->hi);
			continue;
		}
		if (a->is_ptr)
			fprintf(f, "  %s ptr %s %zu %s %s %.17g %.17g\n", head,
				gv_type_name(a->type), a->elem,
				a->ignored  ? "ignore"
				: a->is_out ? "out"
					    : "in",
				tight(a->expr, b1, sizeof(b1)), a->lo, a->hi);
		else
			fprintf(f, "  %s val %s %zu %s\n", head,
				gv_type_name(a->type), a->elem,
				tight(a->expr, b1, sizeof(b1)));
	}
	for (i = 0; i < k->nr_shapes; i++) {
		const struct gv_shape *s = &k->shapes[i];

		fprintf(f, "  shape %u %u %u %u %s %lld\n", s->gx, s->gy, s->bx,
			s->by, tight(s->smem, b1, sizeof(b1)), s->n);
	}
	fprintf(f, "  seeds");
	for (i = 0; i < k->nr_seeds; i++)
		fprintf(f, " %llu", k->seeds[i]);
	fprintf(f,
		"\n  tolerance %.17g\n  timing_shape %u\n"
		"  sanitize_shape %u\nend\n",
		k->tolerance, k->timing_shape, k->sanitize_shape);
}

void gv_kernel_release(struct gv_kernel *k)
{
	unsigned i;

	for (i = 0; i < k->nr_args; i++) {
		free(k->args[i].name);
		free(k->args[i].expr);
		free(k->args[i].global);
	}
	for (i = 0; i < k->nr_shapes; i++)
		free(k->shapes[i].smem);
	free(k->args);
	free(k->shapes);
	free(k->name);
	free(k->label);
	free(k->inst);
	free(k->key);
	free(k->skip);
	free(k->block_why);
	for (i = 0; i < 2; i++) {
		free(k->entry[i]);
		free(k->image[i]);
	}
	memset(k, 0, sizeof(*k));
}
