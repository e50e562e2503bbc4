/* warplint stand-in for <vector_functions.h>: the shim already declares its contents. */
#ifndef WARPLINT_VECTOR_FUNCTIONS_H
#define WARPLINT_VECTOR_FUNCTIONS_H
#include <cuda_runtime_api.h>
#endif
