/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <vector_functions.h>: legacy.h already supplies its part. */
