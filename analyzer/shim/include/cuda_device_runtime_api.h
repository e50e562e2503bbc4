/* warplint stand-in for <cuda_device_runtime_api.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
