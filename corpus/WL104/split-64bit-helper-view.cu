/*
 * warplint-test: WL104 a 64-bit value made into two words by a converting
 * helper (a function that takes the 64-bit value and returns an int2 or
 * uint2), whose words are shuffled apart and joined again: the same
 * split as a reinterpret_cast view.  Reported; the helpers stand between
 * the shuffles and the value, so no fix.
 */
#define ALL 0xffffffffu

__device__ uint2 as_words(unsigned long long x)
{
	return make_uint2((unsigned)x, (unsigned)(x >> 32));
}

__device__ unsigned long long from_words(uint2 w)
{
	return ((unsigned long long)w.y << 32) | w.x;
}

__device__ int2 double_words(double d)
{
	return *reinterpret_cast<int2 *>(&d);
}

__device__ double words_double(int2 w)
{
	return *reinterpret_cast<double *>(&w);
}

__device__ unsigned long long rotate_key(unsigned long long key, int src)
{
	uint2 w;

	w = as_words(key); // expect: WL104 {{no fix}}
	w.x = __shfl_sync(ALL, w.x, src);
	w.y = __shfl_sync(ALL, w.y, src);
	return from_words(w);
}

__device__ double up_one(double v, unsigned d)
{
	int2 w = double_words(v); // expect: WL104
	w.x = __shfl_up_sync(ALL, w.x, d);
	w.y = __shfl_up_sync(ALL, w.y, d);
	return words_double(w);
}

__global__ void run(unsigned long long *k, double *v)
{
	int t = threadIdx.x;

	k[t] = rotate_key(k[t], (t + 3) & 31);
	v[t] = up_one(v[t], 1);
}
