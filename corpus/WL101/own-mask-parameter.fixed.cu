/*
 * warplint-test: helpers written during the move to CUDA 9 already take
 * the lane mask and pass it to the _sync form in one preprocessor branch,
 * while the branch the build compiles (WARP_SYNC_API is not defined)
 * still calls the legacy primitive.  No caller is in this file; the fix
 * passes the helper's own mask, as its other branch does, rather than a
 * new parameter.  Unsafe all the same: that the mask is right is the
 * project's word (gpu_verify/REAL.md: CUB 1.7's leaves the calling lane
 * out of 16-lane logical warps).  The same for inline PTX whose .sync
 * form names the mask as its last operand.  Where the callers prove the
 * lanes (the warp-scan object below, whose kernel calls it with every
 * lane), the proved mask wins over the project's word, and the fix is
 * safe.
 * unsafe-fixes: yes
 */

__device__ int lanes_agree(int pred, unsigned member_mask)
{
#ifdef WARP_SYNC_API
	return __all_sync(member_mask, pred);
#else
	return __all_sync(member_mask, pred); // expect: WL102 {{passes 'member_mask' to the _sync form}}
#endif
}

__device__ float take_from(float v, int src, unsigned lanes)
{
#ifdef WARP_SYNC_API
	return __shfl_sync(lanes, v, src);
#else
	return __shfl_sync(lanes, v, src); // expect: WL101 {{'lanes'}}
#endif
}

__device__ unsigned pull_up(unsigned word, int delta, unsigned member_mask)
{
#ifdef WARP_SYNC_API
	asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, %3;"
		     : "=r"(word) : "r"(word), "r"(delta), "r"(member_mask));
#else
	asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, %3;" // expect: WL103 {{'member_mask'}}
		     : "=r"(word) : "r"(word), "r"(delta), "r"(member_mask));
#endif
	return word;
}

/*
 * A logical warp of WIDTH lanes: the mask is set once, by the constructor.
 * Every lane of the warp calls it, so the full mask is proved.
 */
template <int WIDTH>
struct SegmentScan {
	int member_mask;

	__device__ SegmentScan()
	    : member_mask((0xffffffffu >> (32 - WIDTH))
			  << (threadIdx.x % 32 / WIDTH * WIDTH))
	{
	}

	__device__ int inclusive(int v)
	{
		for (int d = 1; d < WIDTH; d *= 2) {
#ifdef WARP_SYNC_API
			int up = __shfl_up_sync(member_mask, v, d, WIDTH);
#else
			int up = __shfl_up_sync(0xffffffff, v, d, WIDTH); // expect: WL101 {{every lane of the warp reaches}}
#endif
			if (threadIdx.x % WIDTH >= d)
				v += up;
		}
		return v;
	}
};

__global__ void segment_scans(int *data)
{
	SegmentScan<16> scan;

	data[threadIdx.x] = scan.inclusive(data[threadIdx.x]);
}

/* The same kind of object with no caller in this file: the project's word. */
template <int WIDTH>
struct SegmentMax {
	int member_mask;

	__device__ SegmentMax()
	    : member_mask((0xffffffffu >> (32 - WIDTH))
			  << (threadIdx.x % 32 / WIDTH * WIDTH))
	{
	}

	__device__ int reduce(int v)
	{
		for (int d = WIDTH / 2; d > 0; d /= 2) {
#ifdef WARP_SYNC_API
			v = max(v, __shfl_xor_sync(member_mask, v, d, WIDTH));
#else
			v = max(v, __shfl_xor_sync(member_mask, v, d, WIDTH)); // expect: WL101 {{'member_mask'}}
#endif
		}
		return v;
	}
};
