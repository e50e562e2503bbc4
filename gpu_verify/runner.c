/* SPDX-License-Identifier: MIT */
/*
 * The GPU side of gpu_verify: load the before and after images of one
 * case with the driver API, launch one kernel of it on identical seeded
 * inputs for every shape and seed of its plan, compare every buffer byte
 * for byte, time both, and write one JSON object.
 *
 * Built on the GPU machine, where there is no clang and no libyaml:
 *   gcc -O2 runner.c data.c expr.c -I/usr/local/cuda/include \
 *       -L/usr/local/cuda/lib64/stubs -lcuda -lm -o runner
 *
 * Usage: runner CASEDIR --kernel LABEL [--side both|before|after]
 *                [--quick] [--shape K] [--repeats N] [--json FILE]
 *                [--dump DIR] [--dump-mismatch DIR]
 * --side before|after runs one side only (for compute-sanitizer); with
 * --quick it runs the plan's sanitizer shape (or --shape K) and first
 * seed once.  --shape K runs shape K alone (the script isolates the
 * shapes this way when the legacy before faults on one of them), and
 * with --time times it in place of a dropped timing shape.
 * Each side runs twice; a buffer that differs is compared again as a
 * multiset (order-insensitive), which names an output whose order
 * depends on scheduling for what it is.
 * --dump writes every buffer of every run, before and after, to DIR;
 * --dump-mismatch only those of the first run that differs.
 * Exit status: 0 all identical (or within the plan's tolerance), 1 some
 * output differs, 2 a launch or load failed, 3 usage or plan error, 4
 * the before failed on this GPU and the after ran everywhere.
 */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "expr.h"

#define MAX_ARGS 32
#define MAX_SHAPES 16
#define MAX_SEEDS 8
#define MAX_REPEATS 1000

enum side { BEFORE, AFTER, NR_SIDES };
/* The result buffers: each side, then each side a second time. */
enum { BEFORE2 = 2, AFTER2 = 3, NR_OUTS = 4 };
static const char *const side_names[] = {"before", "after"};

/*
 * One value the runner fills: a parameter, or a field of a struct
 * parameter (plan.txt "arg struct SIZE" then "field OFFSET ..." lines).
 */
struct arg {
	int is_ptr;
	int out;     /* written by the kernel (not const) */
	int is_null; /* a pointer passed as NULL */
	enum gv_type type;
	size_t elem;	 /* element size in bytes */
	char count[128]; /* element count expression (pointers) */
	char value[128]; /* value expression (scalars) */
	double lo, hi;	 /* fill range (pointers) */
	int param;	 /* the kernel parameter it belongs to, or -1 */
	long offset;	 /* byte offset in that parameter */
	char global[128]; /* a global variable of the module, or "" */
	int is_mem;	 /* the global's own memory is the buffer */
	int ignore;	 /* not compared (a timer) */
};

#define MAX_PARAMS 32
#define MAX_STRUCT 4096

struct param {
	size_t size; /* bytes of the parameter's value */
};

struct shape {
	unsigned gx, gy, bx, by;
	char smem[128];
	long long n;
};

struct plan {
	char mode[32]; /* legacy or emulated */
	char before_image[256], after_image[256];
	char label[128], entry[NR_SIDES][512];
	struct arg args[MAX_ARGS];
	int nr_args;
	struct param params[MAX_PARAMS];
	int nr_params;
	/* Each global's address in each side's module (after load). */
	CUdeviceptr gaddr[NR_SIDES][MAX_ARGS];
	size_t gsize[NR_SIDES][MAX_ARGS];
	struct shape shapes[MAX_SHAPES];
	int nr_shapes;
	unsigned long long seeds[MAX_SEEDS];
	int nr_seeds;
	double tolerance;
	int timing_shape, sanitize_shape;
};

struct opts {
	const char *dir, *kernel, *json, *dump, *dump_mismatch;
	int sides[NR_SIDES];
	int quick, repeats;
	int shape; /* run this shape alone, or -1 */
	int time;  /* with --shape: time that shape, timing shape or not */
};

/* ---- plan ---------------------------------------------------------- */

/* Copy @src into @dst of @size bytes, cut short if it must be. */
static void scopy(char *dst, size_t size, const char *src)
{
	size_t len = strlen(src);

	if (len >= size)
		len = size - 1;
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/*
 * Read the "kernel LABEL" block of CASEDIR/plan.txt.  The format is
 * line-based, one record per line, written by gv-prepare (plan.c).
 */
static int plan_read(const char *dir, const char *label, struct plan *p)
{
	char path[1024], line[2048];
	int in_kernel = 0, found = 0, seen_kernel = 0;
	FILE *f;

	memset(p, 0, sizeof(*p));
	snprintf(path, sizeof(path), "%s/plan.txt", dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "runner: cannot open %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char w[9][512];
		int nw;

		memset(w, 0, sizeof(w));
		nw = sscanf(line,
			    "%511s %511s %511s %511s %511s %511s %511s %511s "
			    "%511s",
			    w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7],
			    w[8]);
		if (nw <= 0 || w[0][0] == '#')
			continue;
		if (!strcmp(w[0], "before") && nw >= 3 && !seen_kernel) {
			scopy(p->mode, sizeof(p->mode), w[1]);
			scopy(p->before_image, sizeof(p->before_image), w[2]);
		} else if (!strcmp(w[0], "after") && nw >= 2 && !seen_kernel) {
			scopy(p->after_image, sizeof(p->after_image), w[1]);
		} else if (!strcmp(w[0], "kernel") && nw >= 2) {
			in_kernel = !strcmp(w[1], label);
			seen_kernel = 1;
			if (in_kernel) {
				found = 1;
				scopy(p->label, sizeof(p->label), w[1]);
			}
		} else if (!in_kernel) {
			continue;
		} else if (!strcmp(w[0], "image") && nw >= 4) {
			/* The kernel's own images: a template instance has
			 * one of its own, and the before mode is per image. */
			scopy(p->mode, sizeof(p->mode), w[1]);
			scopy(p->before_image, sizeof(p->before_image), w[2]);
			scopy(p->after_image, sizeof(p->after_image), w[3]);
		} else if (!strcmp(w[0], "entry") && nw >= 3) {
			scopy(p->entry[BEFORE], sizeof(p->entry[0]), w[1]);
			scopy(p->entry[AFTER], sizeof(p->entry[0]), w[2]);
		} else if (!strcmp(w[0], "arg") && nw >= 3 &&
			   !strcmp(w[1], "struct")) {
			long size = strtol(w[2], NULL, 10);

			if (p->nr_params >= MAX_PARAMS || size <= 0 ||
			    size > MAX_STRUCT)
				goto bad;
			p->params[p->nr_params++].size = (size_t)size;
		} else if (!strcmp(w[0], "arg") && nw >= 2 &&
			   !strcmp(w[1], "null")) {
			struct arg *a;

			if (p->nr_args >= MAX_ARGS || p->nr_params >= MAX_PARAMS)
				goto bad;
			a = &p->args[p->nr_args++];
			a->is_null = 1;
			a->type = GV_U64;
			a->elem = 8;
			a->param = p->nr_params;
			p->params[p->nr_params++].size = 8;
		} else if ((!strcmp(w[0], "arg") && nw >= 5) ||
			   (!strcmp(w[0], "field") && nw >= 6) ||
			   (!strcmp(w[0], "global") && nw >= 6)) {
			int field = !strcmp(w[0], "field");
			int global = !strcmp(w[0], "global");
			char(*v)[512] = field || global ? w + 1 : w;
			struct arg *a;
			int t = gv_type_parse(v[2]);

			if (t < 0 || p->nr_args >= MAX_ARGS ||
			    (field && !p->nr_params) ||
			    (!field && !global && p->nr_params >= MAX_PARAMS))
				goto bad;
			a = &p->args[p->nr_args++];
			a->type = (enum gv_type)t;
			a->elem = strtoul(v[3], NULL, 10);
			a->is_mem = !strcmp(v[1], "mem");
			a->is_ptr = !strcmp(v[1], "ptr") || a->is_mem;
			if (global) {
				a->param = -1;
				scopy(a->global, sizeof(a->global), w[1]);
			} else if (field) {
				a->param = p->nr_params - 1;
				a->offset = strtol(w[1], NULL, 10);
			} else {
				a->param = p->nr_params;
				p->params[p->nr_params++].size =
				    a->is_ptr ? sizeof(CUdeviceptr) : a->elem;
			}
			if (!global &&
			    (a->offset < 0 ||
			     (size_t)a->offset +
				     (a->is_ptr ? sizeof(CUdeviceptr)
						: a->elem) >
				 p->params[a->param].size))
				goto bad;
			if (a->is_ptr) {
				if (nw < (field ? 9 : 8))
					goto bad;
				a->out = !strcmp(v[4], "out");
				a->ignore = !strcmp(v[4], "ignore");
				scopy(a->count, sizeof(a->count), v[5]);
				a->lo = strtod(v[6], NULL);
				a->hi = strtod(v[7], NULL);
			} else {
				scopy(a->value, sizeof(a->value), v[4]);
			}
		} else if (!strcmp(w[0], "shape") && nw >= 7 &&
			   p->nr_shapes < MAX_SHAPES) {
			struct shape *s = &p->shapes[p->nr_shapes++];

			s->gx = (unsigned)strtoul(w[1], NULL, 10);
			s->gy = (unsigned)strtoul(w[2], NULL, 10);
			s->bx = (unsigned)strtoul(w[3], NULL, 10);
			s->by = (unsigned)strtoul(w[4], NULL, 10);
			scopy(s->smem, sizeof(s->smem), w[5]);
			s->n = strtoll(w[6], NULL, 10);
		} else if (!strcmp(w[0], "seeds")) {
			int i;

			for (i = 1; i < nw && p->nr_seeds < MAX_SEEDS; i++)
				p->seeds[p->nr_seeds++] =
				    strtoull(w[i], NULL, 10);
		} else if (!strcmp(w[0], "tolerance") && nw >= 2) {
			p->tolerance = strtod(w[1], NULL);
		} else if (!strcmp(w[0], "timing_shape") && nw >= 2) {
			p->timing_shape = (int)strtol(w[1], NULL, 10);
		} else if (!strcmp(w[0], "sanitize_shape") && nw >= 2) {
			p->sanitize_shape = (int)strtol(w[1], NULL, 10);
		} else if (!strcmp(w[0], "end")) {
			in_kernel = 0;
		}
	}
	fclose(f);
	if (!found || !p->nr_shapes || !p->nr_seeds || !p->before_image[0] ||
	    !p->after_image[0]) {
		fprintf(stderr, "runner: %s: no complete plan for kernel %s\n",
			path, label);
		return -1;
	}
	if (p->timing_shape >= p->nr_shapes)
		p->timing_shape = p->nr_shapes - 1;
	if (p->sanitize_shape >= p->nr_shapes)
		p->sanitize_shape = 0;
	return 0;
bad:
	fclose(f);
	fprintf(stderr, "runner: %s: bad line: %s", path, line);
	return -1;
}

/* ---- driver helpers ------------------------------------------------ */

static char last_error[512];

/* Record the first driver error of the run; returns 1 if @r is one. */
static int failed(CUresult r, const char *what)
{
	const char *name = NULL, *desc = NULL;

	if (r == CUDA_SUCCESS)
		return 0;
	cuGetErrorName(r, &name);
	cuGetErrorString(r, &desc);
	if (!last_error[0])
		snprintf(last_error, sizeof(last_error), "%s: %s (%s)", what,
			 name ? name : "?", desc ? desc : "?");
	fprintf(stderr, "runner: %s: %s\n", what, name ? name : "?");
	return 1;
}

static void *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long sz;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	sz = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)sz + 1);
	if (buf && fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[sz] = '\0'; /* PTX is loaded as a C string */
	fclose(f);
	*len = (size_t)sz;
	return buf;
}

/*
 * @name without nvcc's per-file namespace of static functions
 * ("_ZN46_INTERNAL_<hash>_8after_cu_<hash>5k_sumEPf" -> "_ZN5k_sumEPf"):
 * its hash may differ between the machine that named the entry and
 * this one.
 */
static void strip_internal(const char *name, char *out, size_t size)
{
	const char *p = strstr(name, "_INTERNAL_"), *d;
	size_t head, len;

	scopy(out, size, name);
	if (!p)
		return;
	for (d = p; d > name && d[-1] >= '0' && d[-1] <= '9'; d--)
		;
	if (d == p)
		return;
	len = strtoul(d, NULL, 10);
	head = (size_t)(d - name);
	if (head >= size || strlen(p) < len)
		return;
	memcpy(out, name, head);
	scopy(out + head, size - head, p + len);
}

/* Look @entry up modulo the static-function namespace (see above). */
static int find_internal(CUmodule mod, const char *entry, CUfunction *fn)
{
	char want[1024], have[1024];
	unsigned n = 0, i;
	CUfunction *all;
	int r = -1;

	if (!strstr(entry, "_INTERNAL_") ||
	    cuModuleGetFunctionCount(&n, mod) != CUDA_SUCCESS || !n)
		return -1;
	all = calloc(n, sizeof(*all));
	if (!all || cuModuleEnumerateFunctions(all, n, mod) != CUDA_SUCCESS) {
		free(all);
		return -1;
	}
	strip_internal(entry, want, sizeof(want));
	for (i = 0; i < n && r < 0; i++) {
		const char *name = NULL;

		if (cuFuncGetName(&name, all[i]) != CUDA_SUCCESS || !name)
			continue;
		strip_internal(name, have, sizeof(have));
		if (!strcmp(want, have)) {
			*fn = all[i];
			r = 0;
		}
	}
	free(all);
	return r;
}

/* Load an image (PTX text or cubin) and look up @entry in it. */
static int load(const char *dir, const char *image, const char *entry,
		CUmodule *mod, CUfunction *fn)
{
	char path[1024], log[8192] = "";
	CUjit_option opt[2] = {CU_JIT_ERROR_LOG_BUFFER,
			       CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
	void *val[2] = {log, (void *)(uintptr_t)sizeof(log)};
	size_t len;
	void *data;
	CUresult r;

	snprintf(path, sizeof(path), "%s/%s", dir, image);
	data = read_file(path, &len);
	if (!data) {
		scopy(last_error, sizeof(last_error), "cannot read image");
		return -1;
	}
	r = cuModuleLoadDataEx(mod, data, 2, opt, val);
	free(data);
	if (r != CUDA_SUCCESS) {
		if (log[0])
			fprintf(stderr, "runner: JIT log for %s:\n%s\n", path,
				log);
		failed(r, "cuModuleLoadDataEx");
		return -1;
	}
	if (cuModuleGetFunction(fn, *mod, entry) == CUDA_SUCCESS ||
	    find_internal(*mod, entry, fn) == 0)
		return 0;
	failed(cuModuleGetFunction(fn, *mod, entry), entry);
	return -1;
}

/* ---- one launch ---------------------------------------------------- */

struct bufs {
	void *init[MAX_ARGS]; /* host: the seeded inputs */
	/* host: before, after, before again, after again */
	void *out[NR_OUTS][MAX_ARGS];
	CUdeviceptr dev[MAX_ARGS];
	size_t bytes[MAX_ARGS];
	unsigned char *value[MAX_PARAMS]; /* each parameter's bytes */
	void *params[MAX_PARAMS];
	unsigned char gval[MAX_ARGS][8]; /* scalar globals' values */
};

static void vars_of(const struct shape *s, struct gv_vars *v)
{
	v->n = s->n;
	v->grid = (long long)s->gx * s->gy;
	v->block = (long long)s->bx * s->by;
	v->threads = v->grid * v->block;
	v->warps = v->grid * ((v->block + 31) / 32);
}

static void bufs_free(struct bufs *b, int nr)
{
	int i, k;

	for (i = 0; i < nr; i++) {
		free(b->init[i]);
		for (k = 0; k < NR_OUTS; k++)
			free(b->out[k][i]);
		if (b->dev[i])
			cuMemFree(b->dev[i]);
	}
	for (i = 0; i < MAX_PARAMS; i++)
		free(b->value[i]);
	memset(b, 0, sizeof(*b));
}

/* The bytes of scalar @a's value (little-endian, @a->elem of them). */
static int scalar_bytes(const struct arg *a, const struct gv_vars *v,
			unsigned char out[8])
{
	memset(out, 0, 8);
	if (gv_type_is_float(a->type)) {
		double d = strtod(a->value, NULL);
		float fl = (float)d;

		if (a->type == GV_F32)
			memcpy(out, &fl, sizeof(fl));
		else
			memcpy(out, &d, sizeof(d));
	} else {
		long long x;

		if (gv_expr_eval(a->value, v, &x) < 0)
			return -1;
		memcpy(out, &x, sizeof(x));
	}
	return 0;
}

/* Allocate and fill the buffers and scalars of @p for shape @s, @seed. */
static int bufs_setup(const struct plan *p, const struct shape *s,
		      unsigned long long seed, struct bufs *b)
{
	struct gv_vars v;
	int i, k;

	memset(b, 0, sizeof(*b));
	vars_of(s, &v);
	for (i = 0; i < p->nr_params; i++) {
		b->value[i] = calloc(1, p->params[i].size + 8);
		if (!b->value[i]) {
			fprintf(stderr, "runner: out of memory\n");
			return -1;
		}
		b->params[i] = b->value[i];
	}
	for (i = 0; i < p->nr_args; i++) {
		const struct arg *a = &p->args[i];
		unsigned char *dst =
		    a->param >= 0 ? b->value[a->param] + a->offset : NULL;
		unsigned char bytes[8];
		long long count;

		if (a->is_null)
			continue; /* zeros */
		if (!a->is_ptr) {
			if (scalar_bytes(a, &v, bytes) < 0)
				goto bad_expr;
			if (dst)
				memcpy(dst, bytes, a->elem < 8 ? a->elem : 8);
			else
				memcpy(b->gval[i], bytes, 8);
			continue;
		}
		if (gv_expr_eval(a->count, &v, &count) < 0)
			goto bad_expr;
		if (count < 1)
			count = 1;
		b->bytes[i] = (size_t)count * a->elem;
		b->init[i] = malloc(b->bytes[i]);
		for (k = 0; k < NR_OUTS; k++)
			b->out[k][i] = malloc(b->bytes[i]);
		if (!b->init[i] || !b->out[0][i] || !b->out[1][i] ||
		    !b->out[2][i] || !b->out[3][i]) {
			fprintf(stderr, "runner: out of memory\n");
			return -1;
		}
		gv_fill(a->type, a->elem, b->init[i], (size_t)count, a->lo,
			a->hi, seed, (uint64_t)i);
		if (a->is_mem)
			continue; /* the global's own memory */
		if (failed(cuMemAlloc(&b->dev[i], b->bytes[i]), "cuMemAlloc"))
			return -1;
		if (dst)
			memcpy(dst, &b->dev[i], sizeof(b->dev[i]));
	}
	return 0;
bad_expr:
	fprintf(stderr, "runner: bad expression in argument %d\n", i);
	snprintf(last_error, sizeof(last_error),
		 "bad expression in argument %d", i);
	return -1;
}

/* The inputs, and every global of side @side's module. */
static int upload(const struct plan *p, struct bufs *b, int side)
{
	int i;

	for (i = 0; i < p->nr_args; i++) {
		const struct arg *a = &p->args[i];
		CUdeviceptr g = p->gaddr[side][i];

		if (a->is_ptr && !a->is_mem &&
		    failed(cuMemcpyHtoD(b->dev[i], b->init[i], b->bytes[i]),
			   "cuMemcpyHtoD"))
			return -1;
		if (!a->global[0])
			continue;
		if (a->is_mem ? b->bytes[i] > p->gsize[side][i]
			      : (a->is_ptr ? sizeof(CUdeviceptr) : a->elem) >
				    p->gsize[side][i]) {
			snprintf(last_error, sizeof(last_error),
				 "global %s is smaller than the plan says",
				 a->global);
			return -1;
		}
		if (a->is_mem ? failed(cuMemcpyHtoD(g, b->init[i], b->bytes[i]),
				       a->global)
		    : a->is_ptr
			? failed(cuMemcpyHtoD(g, &b->dev[i], sizeof(b->dev[i])),
				 a->global)
			: failed(cuMemcpyHtoD(g, b->gval[i], a->elem),
				 a->global))
			return -1;
	}
	return 0;
}

/* The address of global @name in @mod: as named, or static (_ZL). */
static int find_global(CUmodule mod, const char *name, CUdeviceptr *addr,
		       size_t *size)
{
	char mangled[300];

	if (cuModuleGetGlobal(addr, size, mod, name) == CUDA_SUCCESS)
		return 0;
	snprintf(mangled, sizeof(mangled), "_ZL%zu%s", strlen(name), name);
	if (cuModuleGetGlobal(addr, size, mod, mangled) == CUDA_SUCCESS)
		return 0;
	snprintf(last_error, sizeof(last_error), "no global '%s' in the image",
		 name);
	return -1;
}

static int launch(CUfunction fn, const struct shape *s, struct bufs *b)
{
	struct gv_vars v;
	long long smem;

	vars_of(s, &v);
	if (gv_expr_eval(s->smem, &v, &smem) < 0 || smem < 0)
		smem = 0;
	return failed(cuLaunchKernel(fn, s->gx, s->gy, 1, s->bx, s->by, 1,
				     (unsigned)smem, NULL, b->params, NULL),
		      "cuLaunchKernel")
		   ? -1
		   : 0;
}

/* Upload the inputs, run @fn once, and read every buffer into out[@k]. */
static int run_once(const struct plan *p, CUfunction fn, const struct shape *s,
		    struct bufs *b, int k)
{
	int i, side = k % 2; /* BEFORE2 and AFTER2 are their sides again */

	if (upload(p, b, side) < 0 || launch(fn, s, b) < 0 ||
	    failed(cuCtxSynchronize(), "kernel"))
		return -1;
	for (i = 0; i < p->nr_args; i++) {
		const struct arg *a = &p->args[i];

		if (a->is_ptr &&
		    failed(cuMemcpyDtoH(b->out[k][i],
					a->is_mem ? p->gaddr[side][i]
						  : b->dev[i],
					b->bytes[i]),
			   "cuMemcpyDtoH"))
			return -1;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median kernel time in microseconds over @reps timed launches. */
static double time_kernel(const struct plan *p, CUfunction fn,
			  const struct shape *s, struct bufs *b, int reps,
			  int side)
{
	double *t = calloc((size_t)reps, sizeof(*t)), med = -1;
	CUevent e0 = NULL, e1 = NULL;
	int i;

	if (!t || upload(p, b, side) < 0 || launch(fn, s, b) < 0 ||
	    failed(cuCtxSynchronize(), "warm-up"))
		goto out;
	if (failed(cuEventCreate(&e0, CU_EVENT_DEFAULT), "cuEventCreate") ||
	    failed(cuEventCreate(&e1, CU_EVENT_DEFAULT), "cuEventCreate"))
		goto out;
	for (i = 0; i < reps; i++) {
		float ms = 0;

		cuEventRecord(e0, NULL);
		if (launch(fn, s, b) < 0)
			goto out;
		cuEventRecord(e1, NULL);
		if (failed(cuEventSynchronize(e1), "timing"))
			goto out;
		cuEventElapsedTime(&ms, e0, e1);
		t[i] = ms * 1000.0;
	}
	qsort(t, (size_t)reps, sizeof(*t), cmp_double);
	med = reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
out:
	if (e0)
		cuEventDestroy(e0);
	if (e1)
		cuEventDestroy(e1);
	free(t);
	return med;
}

/* ---- output -------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void dump_buffers(const char *dir, const struct opts *o,
			 const struct plan *p, const struct bufs *b, int shape,
			 int seed)
{
	char path[1024];
	int i, k;

	for (i = 0; i < p->nr_args; i++) {
		if (!p->args[i].is_ptr)
			continue;
		for (k = 0; k < NR_SIDES; k++) {
			FILE *f;

			if (!o->sides[k])
				continue;
			snprintf(path, sizeof(path),
				 "%s/%s.s%d.seed%d.arg%d.%s.bin", dir, p->label,
				 shape, seed, i, side_names[k]);
			f = fopen(path, "wb");
			if (!f)
				continue;
			fwrite(b->out[k][i], 1, b->bytes[i], f);
			fclose(f);
		}
	}
}

/* Compare every buffer of one run; print the run's JSON object. */
/*
 * Whether @x and @y (outputs of arg @i) hold the same elements in any
 * order, within the plan's tolerance.
 */
static int same_multiset(const struct plan *p, const struct bufs *b, int i,
			 const void *x, const void *y)
{
	const struct arg *a = &p->args[i];
	struct gv_diff d;

	return gv_compare_multiset(a->type, a->elem, x, y,
				   b->bytes[i] / a->elem, p->tolerance,
				   &d) != GV_CMP_DIFFERENT;
}

/*
 * Compare every buffer of one run; print the run's JSON object.  Each
 * side ran twice: a side whose two runs differ is not repeatable, and
 * then the multisets say whether only the order moved.
 */
static enum gv_cmp compare_run(FILE *j, const struct plan *p,
			       const struct bufs *b, int shape, int seed)
{
	enum gv_cmp worst = GV_CMP_IDENTICAL;
	int i, rep[NR_SIDES] = {1, 1}, mrep[NR_SIDES] = {1, 1};
	int multiset = 1, first = 1;
	struct gv_diff d;

	fprintf(j, "{\"shape\":%d,\"seed\":%llu,\"diffs\":[", shape,
		p->seeds[seed]);
	for (i = 0; i < p->nr_args; i++) {
		const struct arg *a = &p->args[i];
		size_t count = a->is_ptr ? b->bytes[i] / a->elem : 0;
		enum gv_cmp c;
		int k, ms = 1;

		if (!a->is_ptr || a->ignore)
			continue;
		for (k = 0; k < NR_SIDES; k++) {
			const void *x = b->out[k][i], *y = b->out[k + 2][i];

			if (gv_compare(a->type, a->elem, x, y, count, 0, &d) ==
			    GV_CMP_IDENTICAL)
				continue;
			rep[k] = 0;
			if (!same_multiset(p, b, i, x, y))
				mrep[k] = 0;
		}
		c = gv_compare(a->type, a->elem, b->out[BEFORE][i],
			       b->out[AFTER][i], count, p->tolerance, &d);
		if (c == GV_CMP_IDENTICAL)
			continue;
		if (c > worst)
			worst = c;
		if (c == GV_CMP_DIFFERENT) {
			ms = same_multiset(p, b, i, b->out[BEFORE][i],
					   b->out[AFTER][i]);
			multiset &= ms;
		}
		fprintf(j,
			"%s{\"arg\":%d,\"index\":%lld,\"count\":%lld,"
			"\"before\":",
			first ? "" : ",", i, d.first, d.nr_diff);
		json_str(j, d.before);
		fprintf(j, ",\"after\":");
		json_str(j, d.after);
		fprintf(j,
			",\"max_rel\":%g,\"tolerated\":%s,"
			"\"multiset_identical\":%s}",
			d.max_rel, c == GV_CMP_WITHIN_TOL ? "true" : "false",
			ms ? "true" : "false");
		first = 0;
	}
	fprintf(j,
		"],\"identical\":%s,\"within_tolerance\":%s,"
		"\"multiset_identical\":%s,"
		"\"before_repeatable\":%s,\"after_repeatable\":%s,"
		"\"before_multiset_repeatable\":%s,"
		"\"after_multiset_repeatable\":%s}",
		worst == GV_CMP_IDENTICAL ? "true" : "false",
		worst != GV_CMP_DIFFERENT ? "true" : "false",
		multiset ? "true" : "false", rep[BEFORE] ? "true" : "false",
		rep[AFTER] ? "true" : "false", mrep[BEFORE] ? "true" : "false",
		mrep[AFTER] ? "true" : "false");
	return worst;
}

/* ---- main ---------------------------------------------------------- */

static int usage(void)
{
	fprintf(stderr, "usage: runner CASEDIR --kernel LABEL "
			"[--side both|before|after] [--quick] [--shape K [--time]] "
			"[--repeats N] [--json FILE] [--dump DIR] "
			"[--dump-mismatch DIR]\n");
	return 3;
}

static int parse_opts(int argc, char **argv, struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	o->sides[BEFORE] = o->sides[AFTER] = 1;
	o->repeats = 50;
	o->shape = -1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--quick")) {
			o->quick = 1;
			continue;
		}
		if (!strcmp(a, "--time")) {
			o->time = 1;
			continue;
		}
		if (a[0] != '-') {
			o->dir = a;
			continue;
		}
		if (!v)
			return -1;
		i++;
		if (!strcmp(a, "--kernel")) {
			o->kernel = v;
		} else if (!strcmp(a, "--json")) {
			o->json = v;
		} else if (!strcmp(a, "--dump")) {
			o->dump = v;
		} else if (!strcmp(a, "--dump-mismatch")) {
			o->dump_mismatch = v;
		} else if (!strcmp(a, "--repeats")) {
			o->repeats = (int)strtol(v, NULL, 10);
			if (o->repeats < 1 || o->repeats > MAX_REPEATS)
				return -1;
		} else if (!strcmp(a, "--shape")) {
			o->shape = (int)strtol(v, NULL, 10);
			if (o->shape < 0 || o->shape >= MAX_SHAPES)
				return -1;
		} else if (!strcmp(a, "--side")) {
			o->sides[BEFORE] = strcmp(v, "after") != 0;
			o->sides[AFTER] = strcmp(v, "before") != 0;
		} else {
			return -1;
		}
	}
	return o->dir && o->kernel ? 0 : -1;
}

/*
 * Every shape and seed: before, after, and before again (a before that
 * differs from itself is nondeterministic, which explains a mismatch).
 * The runs go into the JSON array @key.  On a failed launch, *@side says
 * which side failed.
 */
static int run_all(FILE *j, const char *key, const struct opts *o,
		   const struct plan *p, CUfunction fn[NR_SIDES], int *status,
		   int *side, int *failed_shape)
{
	int s, k, first = 1, s0 = 0, s1 = p->nr_shapes, nseeds = p->nr_seeds;
	int dumped = 0;
	int both = o->sides[BEFORE] && o->sides[AFTER];
	struct bufs b;

	if (o->shape >= 0) {
		s0 = o->shape;
		s1 = s0 + 1;
	} else if (o->quick) {
		s0 = p->sanitize_shape;
		s1 = s0 + 1;
	}
	if (o->quick)
		nseeds = 1;
	fprintf(j, ",\"%s\":[", key);
	for (s = s0; s < s1; s++) {
		for (k = 0; k < nseeds; k++) {
			*failed_shape = s;
			if (bufs_setup(p, &p->shapes[s], p->seeds[k], &b) < 0)
				goto fail;
			*side = BEFORE;
			if (o->sides[BEFORE] &&
			    run_once(p, fn[BEFORE], &p->shapes[s], &b, BEFORE) <
				0)
				goto fail;
			*side = AFTER;
			if (o->sides[AFTER] &&
			    run_once(p, fn[AFTER], &p->shapes[s], &b, AFTER) <
				0)
				goto fail;
			*side = BEFORE;
			if (both && run_once(p, fn[BEFORE], &p->shapes[s], &b,
					     BEFORE2) < 0)
				goto fail;
			*side = AFTER;
			if (both && run_once(p, fn[AFTER], &p->shapes[s], &b,
					     AFTER2) < 0)
				goto fail;
			fputs(first ? "" : ",", j);
			first = 0;
			if (!both)
				fprintf(j,
					"{\"shape\":%d,\"seed\":%llu,"
					"\"ok\":true}",
					s, p->seeds[k]);
			else if (compare_run(j, p, &b, s, k) ==
				 GV_CMP_DIFFERENT) {
				/* The first mismatch, for --dump-mismatch. */
				if (o->dump_mismatch && !dumped++)
					dump_buffers(o->dump_mismatch, o, p, &b,
						     s, k);
				*status = 1;
			}
			if (o->dump)
				dump_buffers(o->dump, o, p, &b, s, k);
			bufs_free(&b, p->nr_args);
		}
	}
	fprintf(j, "]");
	return 0;
fail:
	bufs_free(&b, p->nr_args);
	fprintf(j, "]");
	return -1;
}

static void run_timing(FILE *j, const struct opts *o, const struct plan *p,
		       CUfunction fn[NR_SIDES])
{
	const struct shape *s = &p->shapes[p->timing_shape];
	struct bufs b;
	int k;

	if (bufs_setup(p, s, p->seeds[0], &b) < 0)
		goto out;
	fprintf(j, ",\"timing_shape\":%d", p->timing_shape);
	for (k = 0; k < NR_SIDES; k++)
		if (o->sides[k])
			fprintf(j, ",\"time_%s_us\":%.3f", side_names[k],
				time_kernel(p, fn[k], s, &b, o->repeats, k));
out:
	bufs_free(&b, p->nr_args);
}

int main(int argc, char **argv)
{
	CUmodule mod[NR_SIDES] = {NULL, NULL};
	CUfunction fn[NR_SIDES] = {NULL, NULL};
	const char *image[NR_SIDES];
	int status = 0, k, i, side = BEFORE, fshape = -1;
	struct opts o;
	struct plan *p;
	CUcontext ctx = NULL;
	CUdevice dev;
	FILE *j = stdout;

	if (parse_opts(argc, argv, &o) < 0)
		return usage();
	p = malloc(sizeof(*p));
	if (!p || plan_read(o.dir, o.kernel, p) < 0) {
		free(p);
		return 3;
	}
	if (o.shape >= p->nr_shapes) {
		fprintf(stderr, "runner: %s has no shape %d\n", o.kernel,
			o.shape);
		free(p);
		return 3;
	}
	if (o.json) {
		j = fopen(o.json, "w");
		if (!j) {
			perror(o.json);
			free(p);
			return 3;
		}
	}
	image[BEFORE] = p->before_image;
	image[AFTER] = p->after_image;
	fprintf(j, "{\"kernel\":");
	json_str(j, p->label);
	fprintf(j, ",\"mode\":");
	json_str(j, p->mode);
	fprintf(j, ",\"shapes\":[");
	for (i = 0; i < p->nr_shapes; i++)
		fprintf(j,
			"%s{\"grid\":[%u,%u],\"block\":[%u,%u],"
			"\"smem\":\"%s\",\"n\":%lld}",
			i ? "," : "", p->shapes[i].gx, p->shapes[i].gy,
			p->shapes[i].bx, p->shapes[i].by, p->shapes[i].smem,
			p->shapes[i].n);
	fprintf(j, "],\"nr_seeds\":%d", p->nr_seeds);
	if (failed(cuInit(0), "cuInit") ||
	    failed(cuDeviceGet(&dev, 0), "cuDeviceGet") ||
	    failed(cuDevicePrimaryCtxRetain(&ctx, dev), "context") ||
	    failed(cuCtxSetCurrent(ctx), "cuCtxSetCurrent"))
		goto fail;
	for (k = 0; k < NR_SIDES; k++) {
		if (!o.sides[k])
			continue;
		if (load(o.dir, image[k], p->entry[k], &mod[k], &fn[k]) < 0)
			goto fail;
		for (i = 0; i < p->nr_args; i++)
			if (p->args[i].global[0] &&
			    find_global(mod[k], p->args[i].global,
					&p->gaddr[k][i], &p->gsize[k][i]) < 0)
				goto fail;
	}
	if (run_all(j, "runs", &o, p, fn, &status, &side, &fshape) == 0) {
		/* Shapes run one by one are timed on the timing shape, or
		 * where --time says (the timing shape was dropped). */
		if (!o.quick && o.shape >= 0 && o.time)
			p->timing_shape = o.shape;
		if (!o.quick && (o.shape < 0 || o.shape == p->timing_shape))
			run_timing(j, &o, p, fn);
		goto out;
	}
	if (side != BEFORE || !o.sides[AFTER] || o.quick)
		goto fail;
	/*
	 * The legacy code itself failed on this GPU.  The error is sticky:
	 * nothing more can run in this process, so exit 4 and let the
	 * caller run the after alone in a fresh one (--side after).
	 */
	fprintf(j, ",\"before_error\":");
	json_str(j, last_error);
	fprintf(j, ",\"failed_shape\":%d", fshape);
	last_error[0] = '\0';
	status = 4;
	goto out;
fail:
	status = 2;
out:
	fprintf(j, ",\"status\":%d,\"error\":", status);
	json_str(j, last_error);
	fprintf(j, "}\n");
	for (k = 0; k < NR_SIDES; k++)
		if (mod[k])
			cuModuleUnload(mod[k]);
	if (ctx)
		cuDevicePrimaryCtxRelease(dev);
	if (j != stdout)
		fclose(j);
	free(p);
	return status;
}
