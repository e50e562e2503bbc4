/*
 * warplint-test: expect-none.  A tile's column read through a helper
 * that takes its element by non-const reference but only reads it (a
 * conjugate-if of linear algebra code, returning `conj(x)` or `x`, and a
 * helper that hands it on to a by-value one): the read is a read, and
 * lanes that read one element of a tile written before the barrier do
 * not race.  reference-helper-writes.cu has helpers that do write.
 */
template <typename T, int CONJ>
__device__ T op(T &x)
{
	if (CONJ)
		return conj(x);
	return x;
}

__device__ float twice(float v)
{
	return 2.0f * v;
}

__device__ float twice_of(float &x)
{
	return twice(x);
}

template <typename T, int CONJ>
__global__ void column_products(const T *a, T *out)
{
	__shared__ T tile[16 * 16];
	int tx = threadIdx.x, ty = threadIdx.y;
	T acc = 0;

	tile[ty * 16 + tx] = a[ty * 16 + tx];
	__syncthreads();
	for (int i = 0; i < 16; i++)
		acc += tile[i * 16 + tx] * op<T, CONJ>(tile[i * 16 + ty]);
	out[ty * 16 + tx] = acc;
}

__global__ void doubled_columns(const float *a, float *out)
{
	__shared__ float tile[16 * 16];
	int tx = threadIdx.x, ty = threadIdx.y;
	float acc = 0.0f;

	tile[ty * 16 + tx] = a[ty * 16 + tx];
	__syncthreads();
	for (int i = 0; i < 16; i++)
		acc += twice_of(tile[i * 16 + ty]);
	out[ty * 16 + tx] = acc;
}
