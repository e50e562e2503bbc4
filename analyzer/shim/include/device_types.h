/* warplint stand-in for <device_types.h>. */
#ifndef __DEVICE_TYPES_H__
#define __DEVICE_TYPES_H__

enum cudaRoundMode { cudaRoundNearest, cudaRoundZero, cudaRoundPosInf,
		     cudaRoundMinInf };

#endif
