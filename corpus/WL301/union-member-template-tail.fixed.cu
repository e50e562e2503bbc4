/*
 * warplint-test: WL301 in a template kernel whose shared memory is a
 * union of a tile and a row of partial sums, reduced by the last warp
 * with no barrier (a tiled trace or dot product).  The register the fix
 * declares has the member array's element type: a template parameter of
 * the kernel, which libclang shows only as a dependent type.  It is
 * spelled by its name, since the kernel can name it.
 */
#define ROW 256

template <int TILE, typename Elem>
__global__ void tiled_sum(const Elem *in, Elem *out)
{
	__shared__ union {
		Elem tile[TILE][TILE + 1];
		Elem part[ROW];
	} smem;
	int tid = threadIdx.y * blockDim.x + threadIdx.x;

	smem.tile[threadIdx.y][threadIdx.x] = in[blockIdx.x * ROW + tid];
	__syncthreads();
	Elem mine = smem.tile[threadIdx.x][threadIdx.y];
	__syncthreads();
	smem.part[tid] = mine;
	__syncthreads();
	for (int shift = ROW / 2; shift > 32; shift >>= 1) {
		if (tid < shift)
			smem.part[tid] += smem.part[tid + shift];
		__syncthreads();
	}
	if (tid < 32) {
		Elem v;
		for (int shift = 32; shift > 0; shift >>= 1) {	// expect: WL301
			v = smem.part[tid] + smem.part[tid + shift];
			__syncwarp(0xffffffff);
			smem.part[tid] = v;
			__syncwarp(0xffffffff);
		}
	}
	if (tid == 0)
		out[blockIdx.x] = smem.part[0];
}

template __global__ void tiled_sum<16, float>(const float *, float *);
template __global__ void tiled_sum<16, double>(const double *, double *);
