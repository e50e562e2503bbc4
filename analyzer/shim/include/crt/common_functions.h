/* warplint stand-in for <crt/common_functions.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
