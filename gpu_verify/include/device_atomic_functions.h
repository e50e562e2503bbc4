/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <device_atomic_functions.h>: legacy.h already supplies its part. */
