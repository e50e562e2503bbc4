/* #if arithmetic that overflows: the preprocessor condition evaluator
   multiplied in a signed long long (UBSan, ccminer's sph headers). */
#define WIDE_MAX 9223372036854775807
#if WIDE_MAX * 2 > 0 || -(-WIDE_MAX - 1) > 0
__device__ int first_lane(int v) { return __shfl(v, 0); }
#else
__device__ int first_lane(int v) { return __shfl(v, 1); }
#endif
