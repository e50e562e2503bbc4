/*
 * warplint-test: WL101 through macros.  A call spelled in a macro body is
 * reported at each use and fixed once, in the body, when every use needs
 * the same mask.
 */
#define WARP_SUM_STEP(v, o) ((v) + __shfl_xor_sync(0xffffffff, (v), (o)))

__global__ void macro_uniform(int *data)
{
	int v = data[threadIdx.x];

	v = WARP_SUM_STEP(v, 16); // expect: WL101 {{expanded from macro 'WARP_SUM_STEP'}}
	v = WARP_SUM_STEP(v, 8); // expect: WL101
	v = WARP_SUM_STEP(v, 4); // expect: WL101
	data[threadIdx.x] = v;
}
