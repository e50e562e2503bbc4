/* Three unknown template parameters multiplied in an index: each stands
   for a large uniform unknown, and their product overflowed (UBSan,
   cudpp's multisplit). */
template <int A, int B, int C>
__global__ void deep_index(int *o)
{
	__shared__ int s[64];

	s[threadIdx.x] = 1;
	o[threadIdx.x] = s[A * B * C + threadIdx.x];
}
