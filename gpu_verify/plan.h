/* SPDX-License-Identifier: MIT */
/*
 * The launch plan of a kernel: its arguments derived from the signature
 * (pointer to T: a seeded device buffer of T, const ones input-only; an
 * integer named like a length: the element count; the rest from the
 * spec), its template instance, its launch shapes and seeds, and the
 * plan.txt text that the runner reads.  No libclang here: prepare.c
 * reads the signature and hands over names and type spellings, which
 * keeps this file testable on plain strings.
 */
#ifndef WL_GPU_VERIFY_PLAN_H
#define WL_GPU_VERIFY_PLAN_H

#include <stdbool.h>
#include <stdio.h>

#include "gpu_verify/data.h"
#include "gpu_verify/spec.h"

struct gv_arg {
	char *name;
	bool is_ptr;
	bool is_out; /* pointer to non-const: the kernel may write */
	bool ignored; /* the spec's `ignore:` (a timer): not compared */
	enum gv_type type;
	size_t elem;	    /* bytes per element (pointers) or value */
	char *expr;	    /* count (pointers) or value (scalars) */
	double lo, hi;	    /* fill range (pointers) */
	const char *origin; /* where expr came from, for the report */
	/*
	 * A struct passed by value is one entry with struct_size > 0 (no
	 * value of its own), followed by one entry per field, flattened,
	 * with is_field set and the field's byte offset.  A pointer the
	 * runner cannot fill (a function pointer) is passed as NULL.
	 */
	long long struct_size;
	bool is_field;
	long long offset;
	bool is_null;
	/*
	 * A global variable of the module (the spec's `globals:`), set
	 * before every launch: a pointer gets a buffer of its own; a
	 * scalar its value; anything else (an array, a struct) has its own
	 * memory filled (is_mem) and compared after the launch.
	 */
	char *global;
	bool is_mem;
};

struct gv_shape {
	unsigned gx, gy, bx, by;
	long long n;
	char *smem; /* dynamic shared memory bytes, expression */
};

struct gv_kernel {
	char *name;  /* as written in the source */
	char *label; /* name, or name<args> for a template instance */
	char *inst;  /* explicit instantiation to append, or NULL */
	char *key;   /* "f<float,256>" without blanks, or NULL */
	struct gv_arg *args;
	unsigned nr_args;
	struct gv_shape *shapes;
	unsigned nr_shapes;
	unsigned long long seeds[8];
	unsigned nr_seeds;
	double tolerance;
	unsigned timing_shape, sanitize_shape;
	/*
	 * Block sizes the code allows, from shared-array extents indexed by
	 * the thread, __launch_bounds__ and blockDim checks (kernels.c):
	 * block_exact is the one size the code is written for (0: any),
	 * block_max the largest (0: 1024); block_why says where from.
	 */
	unsigned block_exact, block_max;
	char *block_why;
	char *skip;	/* why it cannot run, or NULL */
	char *entry[2]; /* before and after symbol, set by prepare */
	char *image[2]; /* per-instance images, or NULL: the case's */
};

/*
 * One field of a struct passed by value, flattened: nested structs and
 * arrays of scalars become one field per scalar ("dims[2]", "pos.x").
 */
struct gv_field {
	char *name;
	long long offset; /* bytes from the start of the struct */
	bool is_ptr;
	bool is_const;	  /* pointee is const (pointers) */
	char *type;	  /* pointee (pointers) or own type, as spelled */
	long long size;	  /* sizeof that type */
	unsigned lanes;	  /* pointee of `lanes` equal scalars, else 0 */
	char *lane_type;  /* ... of this type */
};

/* A parameter as prepare read it from the signature. */
struct gv_param {
	const char *name;
	bool is_ptr;
	bool is_const;	  /* pointee is const (pointers) */
	const char *type; /* pointee (pointers) or own type, as spelled */
	long long size;	  /* sizeof that type, or <= 0 if unknown */
	/*
	 * What libclang tells beyond the spelling: the type (the pointee
	 * of a pointer) is a vector or struct of @lanes equal scalars of
	 * @lane_type (float4: 4 x float); a function pointer; the fields
	 * of a struct passed by value.
	 */
	unsigned lanes;
	const char *lane_type;
	bool is_fnptr;
	const struct gv_field *fields;
	unsigned nr_fields;
	bool is_record; /* a struct passed by value (maybe without fields) */
};

/* Whether @name reads as an element count (n, N, size, len, count...). */
bool gv_is_length_name(const char *name);

/*
 * The element type of a spelling such as "const unsigned int", with the
 * template arguments of @kernel's spec substituted for their names.
 * Returns the type, or -1 when it is not a scalar C type (then
 * GV_BYTES with @size applies, if the size is known).
 */
int gv_type_of(const char *spelling);

/* Replace whole identifiers of @spelling that are keys of @map. */
char *gv_subst(struct gv_spec *spec, gv_node map, const char *spelling);

/*
 * Fill @arg from @p and the spec.  Returns 0, or -1 with *@why set to an
 * allocated reason why the kernel cannot run without a spec.
 */
int gv_derive_arg(struct gv_spec *spec, const char *kernel, gv_node tmpl_args,
		  const struct gv_param *p, struct gv_arg *arg, char **why);

/*
 * The arguments of one parameter, appended to @k->args: one for a
 * pointer or scalar (as gv_derive_arg), a NULL for a function pointer,
 * and for a struct passed by value its header and one per field (each
 * pointer field gets a buffer of its own; a scalar field its spec value
 * under "PARAM.FIELD", else a length or a default as for a parameter).
 * Returns 0, or -1 with *@why set.
 */
int gv_derive_param(struct gv_spec *spec, const char *kernel,
		    gv_node tmpl_args, const struct gv_param *p,
		    struct gv_kernel *k, char **why);

/*
 * The argument for global variable @p->name that the spec names under
 * `globals:` with @value (a count for a pointer, a value for a scalar,
 * anything for a variable filled in place), appended to @k->args.
 * Returns 0, or -1 with *@why set.
 */
int gv_derive_global(struct gv_spec *spec, const char *kernel,
		     const struct gv_param *p, const char *value,
		     struct gv_kernel *k, char **why);

/*
 * Shapes, seeds and tolerance of @k from the spec, or the defaults:
 * blocks of 64, 128 and 256 threads and element counts that leave a
 * partial warp, plus one large shape for timing.  @dyn_smem says the
 * file declares extern __shared__ (default smem: 8 bytes a thread).
 * @one_block says the kernel never reads blockIdx or gridDim: every block
 * would work on the same elements and race with the others, so it runs
 * as one block of 32, 96, 160 and 256 threads.  A block size the code
 * allows (@k->block_exact, @k->block_max) bounds the defaults; a spec's
 * block is taken as given.
 */
int gv_plan_shapes(struct gv_spec *spec, struct gv_kernel *k, bool dyn_smem,
		   bool one_block, char **why);

/*
 * The explicit instantiations of template kernel @name in @text
 * ("template __global__ void name<256, true>(...);"): each one's
 * arguments, split at top-level commas and trimmed.  Returns how many
 * were found; *@args[i] is a NULL-terminated array (caller frees all
 * with gv_free_instances).
 */
unsigned gv_explicit_instances(const char *text, const char *name,
			       char ****args);
void gv_free_instances(char ***args, unsigned nr);

/* Write @k's block of plan.txt. */
void gv_plan_write(FILE *f, const struct gv_kernel *k);

void gv_kernel_release(struct gv_kernel *k);

#endif
