/* SPDX-License-Identifier: MIT */
/* Typed buffers: element types, seeded fill, byte-exact comparison. */
#include "data.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	size_t size;
} types[GV_NR_TYPES] = {
	[GV_I8] = {"i8", 1},	 [GV_U8] = {"u8", 1},
	[GV_I16] = {"i16", 2},	 [GV_U16] = {"u16", 2},
	[GV_I32] = {"i32", 4},	 [GV_U32] = {"u32", 4},
	[GV_I64] = {"i64", 8},	 [GV_U64] = {"u64", 8},
	[GV_F32] = {"f32", 4},	 [GV_F64] = {"f64", 8},
	[GV_BYTES] = {"bytes", 0},
};

const char *gv_type_name(enum gv_type t)
{
	return t < GV_NR_TYPES ? types[t].name : "?";
}

int gv_type_parse(const char *name)
{
	int i;

	for (i = 0; i < GV_NR_TYPES; i++)
		if (!strcmp(name, types[i].name))
			return i;
	return -1;
}

size_t gv_type_size(enum gv_type t)
{
	return t < GV_NR_TYPES ? types[t].size : 0;
}

int gv_type_is_float(enum gv_type t)
{
	return t == GV_F32 || t == GV_F64;
}

void gv_type_default_range(enum gv_type t, double *lo, double *hi)
{
	switch (t) {
	case GV_U8:
	case GV_U16:
	case GV_U32:
	case GV_U64:
		*lo = 0;
		*hi = 100;
		break;
	case GV_F32:
	case GV_F64:
		*lo = -1;
		*hi = 1;
		break;
	default:
		*lo = -100;
		*hi = 100;
		break;
	}
}

/* splitmix64: tiny, good enough, and the same on every machine. */
static uint64_t next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void gv_fill(enum gv_type t, size_t size, void *buf, size_t count, double lo,
	     double hi, uint64_t seed, uint64_t stream)
{
	uint64_t s =
	    seed * 0x100000001b3ull ^ (stream + 1) * 0xcbf29ce484222325ull;
	unsigned char *p = buf;
	size_t i, k;

	if (hi < lo)
		hi = lo;
	for (i = 0; i < count; i++) {
		uint64_t r = next(&s);
		/* Integers: lo + r mod (span); floats: a multiple of 1/256. */
		long long span = (long long)(hi - lo) + 1;
		long long iv = (long long)lo + (long long)(r % (uint64_t)span);
		double steps = (hi - lo) * 256.0 + 1;
		double fv = lo + (double)(r % (uint64_t)steps) / 256.0;

		switch (t) {
		case GV_I8:
			((int8_t *)p)[i] = (int8_t)iv;
			break;
		case GV_U8:
			((uint8_t *)p)[i] = (uint8_t)iv;
			break;
		case GV_I16:
			((int16_t *)p)[i] = (int16_t)iv;
			break;
		case GV_U16:
			((uint16_t *)p)[i] = (uint16_t)iv;
			break;
		case GV_I32:
			((int32_t *)p)[i] = (int32_t)iv;
			break;
		case GV_U32:
			((uint32_t *)p)[i] = (uint32_t)iv;
			break;
		case GV_I64:
			((int64_t *)p)[i] = iv;
			break;
		case GV_U64:
			((uint64_t *)p)[i] = (uint64_t)iv;
			break;
		case GV_F32:
			((float *)p)[i] = (float)fv;
			break;
		case GV_F64:
			((double *)p)[i] = fv;
			break;
		default:
			for (k = 0; k < size; k++) {
				p[i * size + k] = (unsigned char)r;
				r = k % 8 == 7 ? next(&s) : r >> 8;
			}
			break;
		}
	}
}

void gv_format_elem(enum gv_type t, size_t size, const void *buf, size_t i,
		    char *out, size_t outsz)
{
	const unsigned char *p = buf;
	size_t k, used = 0;

	switch (t) {
	case GV_I8:
		snprintf(out, outsz, "%d", ((const int8_t *)p)[i]);
		break;
	case GV_U8:
		snprintf(out, outsz, "%u", ((const uint8_t *)p)[i]);
		break;
	case GV_I16:
		snprintf(out, outsz, "%d", ((const int16_t *)p)[i]);
		break;
	case GV_U16:
		snprintf(out, outsz, "%u", ((const uint16_t *)p)[i]);
		break;
	case GV_I32:
		snprintf(out, outsz, "%d", ((const int32_t *)p)[i]);
		break;
	case GV_U32:
		snprintf(out, outsz, "%u", ((const uint32_t *)p)[i]);
		break;
	case GV_I64:
		snprintf(out, outsz, "%lld",
			 (long long)((const int64_t *)p)[i]);
		break;
	case GV_U64:
		snprintf(out, outsz, "%llu",
			 (unsigned long long)((const uint64_t *)p)[i]);
		break;
	case GV_F32:
		snprintf(out, outsz, "%.9g", ((const float *)p)[i]);
		break;
	case GV_F64:
		snprintf(out, outsz, "%.17g", ((const double *)p)[i]);
		break;
	default:
		out[0] = '\0';
		for (k = 0; k < size && used + 3 < outsz; k++)
			used += (size_t)snprintf(out + used, outsz - used,
						 "%02x", p[i * size + k]);
		break;
	}
}

static double value(enum gv_type t, const void *buf, size_t i)
{
	return t == GV_F32 ? ((const float *)buf)[i] : ((const double *)buf)[i];
}

enum gv_cmp gv_compare(enum gv_type t, size_t size, const void *a,
		       const void *b, size_t count, double tol,
		       struct gv_diff *d)
{
	const unsigned char *pa = a, *pb = b;
	int tolerated = 1;
	size_t i;

	if (t != GV_BYTES)
		size = gv_type_size(t);
	memset(d, 0, sizeof(*d));
	d->first = -1;
	for (i = 0; i < count; i++) {
		double x, y, rel;

		if (!memcmp(pa + i * size, pb + i * size, size))
			continue;
		if (d->first < 0) {
			d->first = (long long)i;
			gv_format_elem(t, size, a, i, d->before,
				       sizeof(d->before));
			gv_format_elem(t, size, b, i, d->after,
				       sizeof(d->after));
		}
		d->nr_diff++;
		if (!gv_type_is_float(t) || tol <= 0) {
			tolerated = 0;
			continue;
		}
		x = value(t, a, i);
		y = value(t, b, i);
		if (isnan(x) || isnan(y)) {
			tolerated = 0;
			continue;
		}
		rel = fabs(x - y) / fmax(1.0, fmax(fabs(x), fabs(y)));
		if (rel > d->max_rel)
			d->max_rel = rel;
		if (rel > tol)
			tolerated = 0;
	}
	if (!d->nr_diff)
		return GV_CMP_IDENTICAL;
	return tolerated ? GV_CMP_WITHIN_TOL : GV_CMP_DIFFERENT;
}

/* ---- order-insensitive comparison -------------------------------------- */

/*
 * qsort has no context argument in C11: the element size of GV_BYTES
 * sorts lives here.  The runner, the report and the tests are single-
 * threaded.
 */
static size_t bytes_size;

static int cmp_bytes(const void *a, const void *b)
{
	return memcmp(a, b, bytes_size);
}

#define GV_CMP_INT(name, T)                                                   \
	static int name(const void *a, const void *b)                         \
	{                                                                     \
		T x = *(const T *)a, y = *(const T *)b;                       \
		return (x > y) - (x < y);                                     \
	}
GV_CMP_INT(cmp_i8, int8_t)
GV_CMP_INT(cmp_u8, uint8_t)
GV_CMP_INT(cmp_i16, int16_t)
GV_CMP_INT(cmp_u16, uint16_t)
GV_CMP_INT(cmp_i32, int32_t)
GV_CMP_INT(cmp_u32, uint32_t)
GV_CMP_INT(cmp_i64, int64_t)
GV_CMP_INT(cmp_u64, uint64_t)

/* Floats by value; NaNs last; equal values (0.0, -0.0) by their bits. */
#define GV_CMP_FLOAT(name, T, B)                                              \
	static int name(const void *a, const void *b)                         \
	{                                                                     \
		T x = *(const T *)a, y = *(const T *)b;                       \
		B bx, by;                                                     \
		if (isnan(x) != isnan(y))                                     \
			return isnan(x) ? 1 : -1;                             \
		if (!isnan(x) && x != y)                                      \
			return x < y ? -1 : 1;                                \
		memcpy(&bx, &x, sizeof(bx));                                  \
		memcpy(&by, &y, sizeof(by));                                  \
		return (bx > by) - (bx < by);                                 \
	}
GV_CMP_FLOAT(cmp_f32, float, uint32_t)
GV_CMP_FLOAT(cmp_f64, double, uint64_t)

static int (*const sorters[GV_NR_TYPES])(const void *, const void *) = {
    [GV_I8] = cmp_i8,	[GV_U8] = cmp_u8,   [GV_I16] = cmp_i16,
    [GV_U16] = cmp_u16, [GV_I32] = cmp_i32, [GV_U32] = cmp_u32,
    [GV_I64] = cmp_i64, [GV_U64] = cmp_u64, [GV_F32] = cmp_f32,
    [GV_F64] = cmp_f64, [GV_BYTES] = cmp_bytes,
};

enum gv_cmp gv_compare_multiset(enum gv_type t, size_t size, const void *a,
				const void *b, size_t count, double tol,
				struct gv_diff *d)
{
	size_t bytes;
	void *x, *y;
	enum gv_cmp r;

	if (t != GV_BYTES)
		size = gv_type_size(t);
	bytes = size * count;
	x = malloc(bytes ? bytes : 1);
	y = malloc(bytes ? bytes : 1);
	if (!x || !y) {
		free(x);
		free(y);
		memset(d, 0, sizeof(*d));
		d->first = 0;
		return GV_CMP_DIFFERENT;
	}
	memcpy(x, a, bytes);
	memcpy(y, b, bytes);
	bytes_size = size;
	qsort(x, count, size, sorters[t]);
	qsort(y, count, size, sorters[t]);
	r = gv_compare(t, size, x, y, count, tol, d);
	free(x);
	free(y);
	return r;
}
