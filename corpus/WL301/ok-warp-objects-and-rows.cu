/*
 * warplint-test: near misses for WL301 with warp-scan objects, rows and
 * pointer offsets: storage handed to a constructor where every lane keeps
 * to its own slot, a method that puts __syncwarp() between store and
 * load, per-warp private rows written and read by the same lane, and a
 * pointer offset into a per-warp slice.
 * expect-none
 */

template <typename T>
struct lane_cache {
	T *slots;
	unsigned int lane;

	__device__ lane_cache(T *base) : slots(base), lane(threadIdx.x & 31) {}

	__device__ T keep(T v)
	{
		slots[lane] = v;	// ok: WL301
		slots[lane] += slots[lane];	// ok: WL301
		return slots[lane];
	}

	__device__ T rotate(T v)
	{
		slots[lane] = v;	// ok: WL301
		__syncwarp();
		return slots[(lane + 1) & 31];	// ok: WL301
	}
};

__global__ void cache_per_warp(const float *in, float *out)
{
	__shared__ float pool[8 * 32];
	lane_cache<float> c(pool + 32 * (threadIdx.x / 32));

	out[threadIdx.x] = c.keep(in[threadIdx.x]) + c.rotate(in[threadIdx.x]);
}

__global__ void private_rows(const int *in, int *out)
{
	__shared__ int rows[8][32];
	unsigned int lane = threadIdx.x & 31;
	unsigned int warp = threadIdx.x / 32;

	rows[warp][lane] = in[threadIdx.x];	// ok: WL301
	rows[warp][lane] *= 3;	// ok: WL301
	out[threadIdx.x] = rows[warp][lane];	// ok: WL301
}

__global__ void private_slices(const float *in, float *out)
{
	__shared__ float flat[8 * 64];
	float *mine = flat + 64 * (threadIdx.x / 32) + 2 * (threadIdx.x & 31);

	mine[0] = in[threadIdx.x];	// ok: WL301
	mine[1] = mine[0] * 2.0f;	// ok: WL301
	out[threadIdx.x] = mine[1];
}
