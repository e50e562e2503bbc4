/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <math_functions.h>: legacy.h already supplies its part. */
