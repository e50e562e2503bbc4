/*
 * warplint-test: WL301 a warp-scan object the way primitive libraries
 * write one: the constructor is handed the warp's share of a __shared__
 * array and sets `lane_id` from the thread index (or from %laneid); the
 * methods, called from the kernels, pass values between lanes through
 * the member storage with no barrier.  The race is reported in the
 * method and at the call that runs it.
 */

template <typename T>
struct warp_prefix {
	struct storage {
		T cells[48];
	};

	storage &store;
	unsigned int lane_id;

	__device__ warp_prefix(storage &s) : store(s), lane_id(threadIdx.x & 31)
	{
	}

	__device__ T inclusive(T x)
	{
		store.cells[lane_id] = 0;	// expect: WL301
		store.cells[16 + lane_id] = x;	// expect: WL301
		for (int d = 1; d < 32; d <<= 1) {
			x += store.cells[16 + lane_id - d];	// expect: WL301 {{reads store.cells[16 + lane_id - d], written by lane 15 at line 25}}
			store.cells[16 + lane_id] = x;	// expect: WL301
		}
		return x;
	}
};

__global__ void prefix_per_warp(const int *in, int *out)
{
	__shared__ warp_prefix<int>::storage space[4];
	warp_prefix<int> scan(space[threadIdx.x / 32]);

	out[threadIdx.x] = scan.inclusive(in[threadIdx.x]);	// expect: WL301 {{'inclusive' lets lanes of a warp race on 'space.cells'}}
}

__device__ __forceinline__ unsigned int hw_lane(void)
{
	unsigned int id;

	asm("mov.u32 %0, %%laneid;" : "=r"(id));
	return id;
}

struct warp_max {
	float *slots;
	unsigned int lane;

	__device__ warp_max(float *base) : slots(base), lane(hw_lane()) {}

	__device__ float reduce(float v)
	{
		slots[lane] = v;	// expect: WL301
		if (lane < 16)
			slots[lane] = fmaxf(v, slots[lane + 16]);	// expect: WL301 {{lane reads slots[lane + 16], written by lane + 16}}
		return slots[0];	// expect: WL301
	}
};

__global__ void max_per_warp(const float *in, float *out)
{
	__shared__ float pool[4 * 32];
	warp_max m(pool + 32 * (threadIdx.x / 32));
	float best = m.reduce(in[threadIdx.x]);	// expect: WL301 {{'reduce' lets lanes of a warp race on 'pool'}}

	if ((threadIdx.x & 31) == 0)
		out[threadIdx.x / 32] = best;
}
