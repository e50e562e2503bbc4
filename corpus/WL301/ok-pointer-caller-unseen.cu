/*
 * warplint-test: near misses for WL301 in helpers whose callers are not
 * in the file: a plain (non-volatile) pointer is not assumed to reach
 * shared memory on a guessed index (a parameter that merely looks like a
 * lane), nor when a loop walks one thread's own array, nor when each
 * thread keeps to the element its own index names; a volatile pointer
 * whose lanes keep to their own elements holds no exchange.
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

/* A thread's own scratch array: every lane at the same element each trip. */
template <typename T>
__device__ T fold_scratch(T *scratch, int count)
{
	for (int k = 0; k + 1 < count; k++)
		scratch[k + 1] += scratch[k];	// ok: WL301
	return scratch[count - 1];
}

/* Indexed by the thread's own index, but each thread keeps to its element. */
template <typename T>
__device__ void scale_own(T *vals, T factor, int idx = threadIdx.x)
{
	vals[idx] *= factor;	// ok: WL301
	vals[idx] += vals[idx];	// ok: WL301
}
