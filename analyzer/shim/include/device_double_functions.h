/* warplint stand-in for <device_double_functions.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
