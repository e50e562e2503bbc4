/* SPDX-License-Identifier: MIT */
/*
 * Typed buffers: element types, seeded fill, byte-exact comparison.
 *
 * Shared by the runner (built alone on the GPU machine with gcc, so this
 * file depends on libc only), the report and the unit tests.
 */
#ifndef WL_GPU_VERIFY_DATA_H
#define WL_GPU_VERIFY_DATA_H

#include <stddef.h>
#include <stdint.h>

enum gv_type {
	GV_I8,
	GV_U8,
	GV_I16,
	GV_U16,
	GV_I32,
	GV_U32,
	GV_I64,
	GV_U64,
	GV_F32,
	GV_F64,
	GV_BYTES, /* anything else: a struct, filled with random bytes */
	GV_NR_TYPES
};

/* "i32", "f32"...; "bytes" for GV_BYTES. */
const char *gv_type_name(enum gv_type t);
/* The type named @name, or -1. */
int gv_type_parse(const char *name);
/* Element size in bytes; 0 for GV_BYTES (its size comes from the plan). */
size_t gv_type_size(enum gv_type t);
int gv_type_is_float(enum gv_type t);

/* The default value range of a fill: small, so sums cannot overflow. */
void gv_type_default_range(enum gv_type t, double *lo, double *hi);

/*
 * Fill @count elements of @size bytes at @buf with values of type @t drawn
 * uniformly from [@lo, @hi] by a generator seeded with @seed and @stream
 * (the argument's index), so that every run of every side sees the same
 * data.  Floats are multiples of 1/256, exact in every float type.
 */
void gv_fill(enum gv_type t, size_t size, void *buf, size_t count, double lo,
	     double hi, uint64_t seed, uint64_t stream);

/* Element @i of @buf as text (hex bytes for GV_BYTES) into @out. */
void gv_format_elem(enum gv_type t, size_t size, const void *buf, size_t i,
		    char *out, size_t outsz);

enum gv_cmp {
	GV_CMP_IDENTICAL,  /* byte for byte */
	GV_CMP_WITHIN_TOL, /* floats differ, but by at most the tolerance */
	GV_CMP_DIFFERENT,
};

struct gv_diff {
	long long first;   /* index of the first differing element, or -1 */
	long long nr_diff; /* elements that differ in their bytes */
	double max_rel;	   /* largest relative difference (floats) */
	char before[48], after[48]; /* the first differing pair as text */
};

/*
 * Compare @count elements of @a (before) and @b (after).  Bytes decide
 * identity; @tol (relative, floats only, 0 for none) decides whether a
 * difference is tolerated.  Fills @d and returns the verdict.
 */
enum gv_cmp gv_compare(enum gv_type t, size_t size, const void *a,
		       const void *b, size_t count, double tol,
		       struct gv_diff *d);

/*
 * The same comparison of @a and @b as multisets: both sorted first, so
 * that an output whose order depends on scheduling (a warp-aggregated
 * atomic append) compares equal when it holds the same elements.  @d's
 * index is then a position in the sorted order.
 */
enum gv_cmp gv_compare_multiset(enum gv_type t, size_t size, const void *a,
				const void *b, size_t count, double tol,
				struct gv_diff *d);

#endif
