/*
 * warplint-test: WL101 in explicit specializations written without
 * `__device__` of a `__device__` member template, one per type, stamped
 * out by a macro (the cache-modified loads of pre-Volta primitive
 * libraries).  nvcc gives such a specialization the targets of its
 * template; clang finds that no template matches and drops it, so its
 * body was host code, its shuffle not a device call, and every file of
 * the library got a WL900 with hundreds of errors.  The specializations
 * are now parsed as nvcc reads them and their shuffles fixed.
 */
template <int SHIFT>
struct Neighbour {
	template <typename T>
	__device__ static void Take(T &value, const T *from);
};

#define NEIGHBOUR_TAKE(TYPE, SHIFT)                                      \
	template <> template <> void Neighbour<SHIFT>::Take(             \
		TYPE &value, const TYPE *from)                           \
	{                                                                \
		value = __shfl_down(from[threadIdx.x], SHIFT);           \
	}

NEIGHBOUR_TAKE(int, 1)		// expect: WL101 {{expanded from macro 'NEIGHBOUR_TAKE'}}
NEIGHBOUR_TAKE(float, 2)	// expect: WL101 {{every lane}}

/* written out, and for a template that is also __host__ */
template <typename T>
__host__ __device__ T widen(T v);

template <>
double widen(double v)
{
#ifdef __CUDA_ARCH__
	return v + __shfl_xor(v, 16);	// expect: WL101 {{every lane}}
#else
	return v;
#endif
}

__global__ void gather(const int *ints, const float *floats, double *out)
{
	int i;
	float f;

	Neighbour<1>::Take(i, ints);
	Neighbour<2>::Take(f, floats);
	out[threadIdx.x] = widen((double)(i + f));
}
