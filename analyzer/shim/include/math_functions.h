/* warplint stand-in for <math_functions.h>: the shim already declares its contents. */
#ifndef WARPLINT_MATH_FUNCTIONS_H
#define WARPLINT_MATH_FUNCTIONS_H
#include <cuda_runtime_api.h>
#endif
