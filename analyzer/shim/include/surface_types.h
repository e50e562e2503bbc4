/* warplint stand-in for <surface_types.h>. */
#ifndef __SURFACE_TYPES_H__
#define __SURFACE_TYPES_H__

#include <driver_types.h>

#define cudaSurfaceType1D 0x01
#define cudaSurfaceType2D 0x02
#define cudaSurfaceType3D 0x03
enum cudaSurfaceBoundaryMode {
	cudaBoundaryModeZero, cudaBoundaryModeClamp, cudaBoundaryModeTrap
};
enum cudaSurfaceFormatMode { cudaFormatModeForced, cudaFormatModeAuto };
struct surfaceReference { struct cudaChannelFormatDesc channelDesc; };
typedef unsigned long long cudaSurfaceObject_t;

#endif
