/*
 * warplint-test: WL301 the warp scan of the scan sample (CUDA 3 era):
 * each warp owns 64 padded slots, the first 32 zeroed so that no lane
 * needs a bounds check, and the running value is stored with a chained
 * assignment.  Nothing separates a lane's store from its neighbour's load.
 */

#define WARP_SIZE 32

template <class T>
__device__ T scan_warp_exclusive(T val, T *s_data)
{
	int idx = 2 * threadIdx.x - (threadIdx.x & (WARP_SIZE - 1));
	s_data[idx] = 0;	// expect: WL301 {{lane 31 writes s_data[idx] while lane 0 of its warp reads it at line 17}}
	idx += WARP_SIZE;
	T t = s_data[idx] = val;	// expect: WL301
	__syncwarp(0xffffffff);
	t = t + s_data[idx - 1];	// expect: WL301
	__syncwarp(0xffffffff);
	s_data[idx] = t;
	__syncwarp(0xffffffff);
	t = t + s_data[idx - 2];	// expect: WL301
	__syncwarp(0xffffffff);
	s_data[idx] = t;
	__syncwarp(0xffffffff);
	t = t + s_data[idx - 4];	// expect: WL301
	__syncwarp(0xffffffff);
	s_data[idx] = t;
	__syncwarp(0xffffffff);
	t = t + s_data[idx - 8];	// expect: WL301
	__syncwarp(0xffffffff);
	s_data[idx] = t;
	__syncwarp(0xffffffff);
	t = t + s_data[idx - 16];	// expect: WL301
	__syncwarp(0xffffffff);
	s_data[idx] = t;
	__syncwarp(0xffffffff);
	return s_data[idx - 1];	// expect: WL301
}

__global__ void scan_warps(const unsigned int *in, unsigned int *out)
{
	extern __shared__ unsigned int s_scan[];
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	out[i] = scan_warp_exclusive<unsigned int>(in[i], s_scan);	// expect: WL301
}
