/*
 * warplint-test: near misses for WL301 in helpers whose callers are not
 * in the file: a plain (non-volatile) pointer is not assumed to reach
 * shared memory, and a volatile pointer whose lanes keep to their own
 * elements holds no exchange.
 * expect-none
 */

__device__ float halve_pairs(float *vals, unsigned int lane)
{
	vals[lane] += vals[lane + 16];	// ok: WL301
	return vals[lane];
}

__device__ void bump_own(volatile int *counts, unsigned int lane)
{
	counts[lane] += 1;	// ok: WL301
	counts[lane] *= 2;	// ok: WL301
}
