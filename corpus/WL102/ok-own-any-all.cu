/*
 * warplint-test: WL102 near miss.  `any` and `all` are common words: a
 * project's own functions and members of those names are not CUDA's
 * bare votes, and neither is a call that overload resolution gives to the
 * project's function.  Only a call that resolves to CUDA's declaration is
 * reported (bare-any-all.cu).
 */
__device__ bool any(const int *flags, int n)
{
	for (int i = 0; i < n; i++)
		if (flags[i])
			return true;
	return false;
}

struct Mask {
	unsigned bits;
	__device__ bool any() const { return bits != 0; }
	__device__ bool all() const { return bits == 0xffffffffu; }
};

namespace tile {
__device__ bool all(const int *flags, int n)
{
	for (int i = 0; i < n; i++)
		if (!flags[i])
			return false;
	return true;
}
}

__global__ void summarize(const int *flags, int n, int *out)
{
	Mask m = { (unsigned)flags[threadIdx.x] };

	out[threadIdx.x] = any(flags, n) + tile::all(flags, n) +	// ok: WL102
			   m.any() + m.all();	// ok: WL102
}
