/* SPDX-License-Identifier: MIT */
/* gpu_verify stand-in for <device_launch_parameters.h>: legacy.h already supplies its part. */
