/*
 * warplint-test: WL101 in a function whose body half parsed (a header
 * analysed alone: `Radix` and `lane_of` are declared by the file that
 * includes it).  A call to an undeclared function in a condition is
 * still a call: its value may differ per lane, so the shuffles below it
 * get no mask (a full or caller-given mask would name lanes that do not
 * arrive).  The primitives are reported all the same.
 * disable: WL900
 * nvcc: no -- Radix and lane_of come from an includer, on purpose
 */
template <typename T>
__device__ void pick(T *out, const T *data)
{
	T digit = Radix<T>::digit(data[threadIdx.x]);

	if (lane_of() < 16)
		out[threadIdx.x] = __shfl_down(data[threadIdx.x], 1) + digit; // expect: WL101 {{no fix: the condition at line 16}}
	if (lane_of() < 16)
		out[threadIdx.x] = __shfl_down(data[threadIdx.x], 2); // expect: WL101 {{no fix: the condition at line 18}}
}
