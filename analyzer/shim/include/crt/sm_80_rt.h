/* warplint stand-in for <crt/sm_80_rt.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
