/* warplint stand-in for <builtin_types.h>. */
#ifndef __WL_BUILTIN_TYPES_H
#define __WL_BUILTIN_TYPES_H

#include <limits.h>
#include <device_types.h>
#include <driver_types.h>
#include <surface_types.h>
#include <texture_types.h>
#include <vector_types.h>

#endif
