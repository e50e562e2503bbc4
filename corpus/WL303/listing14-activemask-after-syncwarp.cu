/*
 * warplint-test: WL303 the blog's Listing 14: a warp converged before a
 * __syncwarp() need not be converged after it, so the second assertion
 * may fail; only the _sync primitives guarantee convergence, inside them.
 */
#include <assert.h>

#define FULL_MASK 0xffffffff

__global__ void check_convergence(int *out)
{
	assert(__activemask() == FULL_MASK); // ok: WL303
	__syncwarp();
	assert(__activemask() == FULL_MASK); // expect: WL303 {{after the __syncwarp() at line 13}}
	out[threadIdx.x] = 1;
}
