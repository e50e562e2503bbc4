/*
 * warplint-test: WL301 lane-dependent branches: lane 0 publishes a value
 * that the whole warp reads, and a scan whose steps sit in braced
 * `if (lane >= c) { ... }` blocks.  The barrier must go where every lane
 * of the warp passes it, never inside the branch; a __syncwarp(1) that
 * only lane 0 executes orders nothing.
 */

__global__ void broadcast_first(const int *in, int *out)
{
	__shared__ int s[8];
	int lane = threadIdx.x & 31, warp = threadIdx.x / 32;

	if (lane == 0) {
		s[warp] = in[blockIdx.x * 8 + warp];	// expect: WL301 {{lane 0 writes s[warp] while lane 1 of its warp reads it at line 17}}
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = s[warp];	// expect: WL301
}

__global__ void scan_braced(int *d)
{
	__shared__ int s[256];
	int tid = threadIdx.x, lane = tid & 31;

	s[tid] = d[blockIdx.x * 256 + tid];
	__syncwarp();
	if (lane >= 1) {
		s[tid] += s[tid - 1];	// expect: WL301 {{lane tid reads s[tid - 1], written by lane tid - 1}}
	}
	if (lane >= 2) {
		s[tid] += s[tid - 2];	// expect: WL301
	}
	if (lane >= 4) {
		s[tid] += s[tid - 4];	// expect: WL301
	}
	d[blockIdx.x * 256 + tid] = s[tid];
}

__global__ void reverse_partial_sync(int *d)
{
	__shared__ int s[32];
	int lane = threadIdx.x & 31;

	s[lane] = d[lane];	// expect: WL301 {{lane 31 writes s[lane] while lane 0 of its warp reads it at line 47}}
	if (lane == 0)
		__syncwarp(1);
	d[lane] = s[31 - lane];	// expect: WL301
}
