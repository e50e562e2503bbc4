/*
 * warplint-test: WL301 in an overload that only a dependent call can
 * reach.  A template block scan calls `warp_scan(v, buf)` with v of its
 * type parameter: for 64-bit counts the non-template overload runs, a
 * volatile Hillis-Steele scan in shared memory with no __syncwarp().
 * That call counts among the overload's callers for its masks, yet the
 * memory walk follows it to the template only, so the overload must
 * still be searched on its own (a build that took such calls for plain
 * callers reported nothing here).
 */
template <class T>
__device__ T warp_scan(T v, volatile T *buf)
{
	return v;
}

__device__ unsigned long long warp_scan(unsigned long long v,
					volatile unsigned long long *buf)
{
	unsigned pos = 2 * threadIdx.x - (threadIdx.x & 31);

	buf[pos] = 0;	// expect: WL301
	pos += 32;
	buf[pos] = v;	// expect: WL301
	buf[pos] += buf[pos - 1];	// expect: WL301
	buf[pos] += buf[pos - 2];	// expect: WL301
	buf[pos] += buf[pos - 4];	// expect: WL301
	buf[pos] += buf[pos - 8];	// expect: WL301
	buf[pos] += buf[pos - 16];	// expect: WL301
	return buf[pos];
}

template <class T>
__device__ T block_scan(T v, volatile T *buf)
{
	return warp_scan(v, buf);
}

__global__ void counts(unsigned long long *c)
{
	__shared__ unsigned long long buf[2 * 256];

	c[threadIdx.x] = block_scan(c[threadIdx.x], buf);
}
