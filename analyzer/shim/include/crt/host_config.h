/* warplint stand-in for <crt/host_config.h>: the shim's cuda_runtime.h declares it all. */
#include <cuda_runtime.h>
