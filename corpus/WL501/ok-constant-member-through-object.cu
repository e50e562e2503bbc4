/*
 * warplint-test: WL501 near misses: a constant member named through an
 * object (`coeffs.kColumns`, an enumerator of the object's class, or a
 * static const member) is the same in every thread, whoever holds the
 * object: the object is only a way to the type.  In a template, where
 * `coeffs.kColumns` on a `Columns<N>&` names no declaration yet, the
 * member is found by its name in the class template.  The near miss,
 * a data member of a per-thread object, is
 * data-member-through-object.cu.
 */
template <int N>
struct Columns {
	enum { kColumns = (N + 31) / 32 };
	static const int kRows = N / 8;
	float value[kColumns];
};

template <int N>
__device__ void transpose_columns(Columns<N> &coeffs, float (*buf)[33])
{
	for (int c = 0; c < coeffs.kColumns; ++c) {
		buf[threadIdx.y][threadIdx.x] = coeffs.value[c];
		__syncthreads();	// ok: WL501
		coeffs.value[c] = buf[threadIdx.x][threadIdx.y];
		__syncthreads();	// ok: WL501
	}
}

__device__ void rows_of(Columns<64> *coeffs, float (*buf)[33])
{
	for (int r = 0; r < coeffs->kRows; ++r) {
		buf[threadIdx.y][threadIdx.x] = coeffs->value[r % 2];
		__syncthreads();	// ok: WL501
	}
	if (coeffs->kColumns > 1)
		__syncthreads();	// ok: WL501
}

__global__ void transpose64(float *data)
{
	__shared__ float buf[32][33];
	Columns<64> coeffs;

	coeffs.value[0] = data[threadIdx.x];
	coeffs.value[1] = data[threadIdx.x + 32];
	transpose_columns<64>(coeffs, buf);
	rows_of(&coeffs, buf);
	data[threadIdx.x] = coeffs.value[0] + coeffs.value[1];
}
