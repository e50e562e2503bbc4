/* warplint stand-in for <sm_61_intrinsics.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
