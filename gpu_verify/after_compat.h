/* SPDX-License-Identifier: MIT */
/*
 * What CUDA 12 and 13 removed that old files still name, none of it
 * warp semantics.  gv-prepare force-includes this into every nvcc build
 * of a case (the after, and an emulated before), so that a file written
 * for CUDA 8 compiles as it did there:
 *
 * - CUDA 9 made __CUDACC_VER__ an error string, and `#if __CUDACC_VER__
 *   >= 80500` (CUB 1.7) no longer preprocesses.  Undefined, it reads 0,
 *   as it did for the toolkit these files were written for, and the file
 *   keeps its legacy branch: the one warplint fixed.
 * - CUDA 12 removed texture references.  A file that declares one for
 *   another kernel still compiles; a kernel that reads one does not, and
 *   cannot be verified.
 */
#ifndef WL_GPU_VERIFY_AFTER_COMPAT_H
#define WL_GPU_VERIFY_AFTER_COMPAT_H

#include <cuda_runtime.h>

#undef __CUDACC_VER__

#if CUDART_VERSION >= 12000
template <class T, int dim = 1,
	  enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture {
	int normalized;
	enum cudaTextureFilterMode filterMode;
	enum cudaTextureAddressMode addressMode[3];
	struct cudaChannelFormatDesc channelDesc;
};
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex,
			    const void *ptr, size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaBindTexture(size_t *offset, const texture<T, dim, mode> &tex,
			    const void *ptr,
			    const struct cudaChannelFormatDesc &desc,
			    size_t size = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaUnbindTexture(const texture<T, dim, mode> &tex);
#endif

#endif
