/* warplint stand-in for <cuda_surface_types.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
