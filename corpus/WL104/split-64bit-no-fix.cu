/*
 * warplint-test: WL104 a split 64-bit shuffle that was already migrated to
 * _sync, with other work between the halves: reported as a note, not
 * rewritten (warplint replaces only split, shuffles and join back to
 * back).
 */
#define FULL_MASK 0xffffffff

__device__ long long shfl_up64(long long v, unsigned delta, int *count)
{
	int2 a = *(int2 *)&v; // expect: WL104 {{no fix}}
	a.x = __shfl_up_sync(FULL_MASK, a.x, delta);
	*count += 1;
	a.y = __shfl_up_sync(FULL_MASK, a.y, delta);
	return *(long long *)&a;
}

__global__ void shift64(long long *p, int *count)
{
	p[threadIdx.x] = shfl_up64(p[threadIdx.x], 1, count);
}
