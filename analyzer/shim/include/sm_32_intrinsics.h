/* warplint stand-in for <sm_32_intrinsics.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
