/* warplint stand-in for <surface_indirect_functions.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
