/*
 * warplint-test: a pointer and a reference initialised from themselves
 * (undefined, but it compiles) once sent the memory model into endless
 * recursion.  Where they point is unknown: no finding, no crash.
 */
// expect-none

__global__ void self_referential(int *out)
{
	__shared__ int s[64];
	int *p = p + 0;
	int &r = r;

	s[threadIdx.x] = out[threadIdx.x];
	p[threadIdx.x] = 1;
	out[threadIdx.x] = r + p[threadIdx.x + 1];
}
