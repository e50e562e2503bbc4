/* warplint stand-in for <device_launch_parameters.h>: the shim already declares its contents. */
#ifndef WARPLINT_DEVICE_LAUNCH_PARAMETERS_H
#define WARPLINT_DEVICE_LAUNCH_PARAMETERS_H
#include <cuda_runtime_api.h>
#endif
