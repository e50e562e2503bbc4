/* warplint stand-in for <vector_types.h>: the shim already declares its contents. */
#ifndef WARPLINT_VECTOR_TYPES_H
#define WARPLINT_VECTOR_TYPES_H
#include <cuda_runtime_api.h>
#endif
