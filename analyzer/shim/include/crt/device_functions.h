/* warplint stand-in for <crt/device_functions.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
