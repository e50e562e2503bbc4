/*
 * warplint-test: WL301 a warp's queue kept by a class template, the way
 * top-k selection libraries write it: the constructor points a member at
 * the warp's slice of the shared storage handed to it, a method merges
 * into the queue, each lane its own slots, and another then reads the
 * queue's last slot, `warpK[kMinus1]`, a constant the class defines from
 * its parameter (`kMinus1 = NumWarpQ - 1`).  With the object's type,
 * `WarpQueue<float, 64>`, the constant is 63: lane 31 wrote that slot,
 * every lane reads it, and nothing orders the two.
 */
__device__ __forceinline__ int lane_of_warp()
{
	int lane;

	asm("mov.s32 %0, %%laneid;" : "=r"(lane));
	return lane;
}

template <typename K, int NumWarpQ>
struct WarpQueue {
	static constexpr int kMinus1 = NumWarpQ - 1;

	__device__ WarpQueue(K *shared_keys, K init)
	{
		int warp = threadIdx.x / 32;

		queue = shared_keys + warp * NumWarpQ;
		for (int i = lane_of_warp(); i < NumWarpQ; i += 32)
			queue[i] = init;
	}

	__device__ void merge(K v)
	{
		int lane = lane_of_warp();

		for (int i = 0; i < NumWarpQ / 32; ++i)
			queue[i * 32 + lane] = queue[i * 32 + lane] < v ? v : queue[i * 32 + lane]; // expect: WL301
	}

	__device__ void add(K v)
	{
		merge(v);
		threshold = queue[kMinus1]; // expect: WL301 {{written by lane 31}}
	}

	K *queue;
	K threshold;
};

__global__ void warp_thresholds(const float *in, float *out)
{
	__shared__ float keys[4 * 64];
	WarpQueue<float, 64> q(keys, 0.0f);

	q.add(in[blockIdx.x * blockDim.x + threadIdx.x]); // expect: WL301 {{'add' lets lanes}}
	out[blockIdx.x * blockDim.x + threadIdx.x] = q.threshold;
}
