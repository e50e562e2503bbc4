/* warplint stand-in for <device_functions.h>: the shim already declares its contents. */
#ifndef WARPLINT_DEVICE_FUNCTIONS_H
#define WARPLINT_DEVICE_FUNCTIONS_H
#include <cuda_runtime_api.h>
#endif
