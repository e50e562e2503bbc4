/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <sm_20_atomic_functions.h>: legacy.h already supplies its part. */
