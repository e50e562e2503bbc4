/* warplint stand-in for <sm_30_intrinsics.h>: the shim already declares its contents. */
#ifndef WARPLINT_SM_30_INTRINSICS_H
#define WARPLINT_SM_30_INTRINSICS_H
#include <cuda_runtime_api.h>
#endif
