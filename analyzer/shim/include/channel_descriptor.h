/* warplint stand-in for <channel_descriptor.h>. */
#ifndef __CHANNEL_DESCRIPTOR_H__
#define __CHANNEL_DESCRIPTOR_H__

#include <cuda_runtime_api.h>

template <class T> __host__ cudaChannelFormatDesc cudaCreateChannelDesc(void);
__host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void);
__host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void);
__host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void);
__host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void);

#endif
