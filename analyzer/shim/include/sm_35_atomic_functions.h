/* warplint stand-in for <sm_35_atomic_functions.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
