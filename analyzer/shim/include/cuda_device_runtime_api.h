/* warplint stand-in for <cuda_device_runtime_api.h>: the shim already declares its contents. */
#ifndef WARPLINT_CUDA_DEVICE_RUNTIME_API_H
#define WARPLINT_CUDA_DEVICE_RUNTIME_API_H
#include <cuda_runtime_api.h>
#endif
