/*
 * warplint stand-in for <cuda_texture_types.h> and the texture fetch
 * functions: the texture<> references that CUDA 12 removed and pre-2017
 * code binds with cudaBindTexture, and the fetches on texture objects.
 * clang's device_builtin_texture_type attribute makes a file-scope
 * texture<> usable from device code, as nvcc's builtin type is.
 */
#ifndef __CUDA_TEXTURE_TYPES_H__
#define __CUDA_TEXTURE_TYPES_H__
#define __TEXTURE_FETCH_FUNCTIONS_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__

#include <cuda_runtime_api.h>
#include <channel_descriptor.h>

template <class T, int dim = cudaTextureType1D,
	  enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
	: public textureReference {
	__host__ texture(int norm = 0,
			 enum cudaTextureFilterMode filter = cudaFilterModePoint,
			 enum cudaTextureAddressMode address =
				 cudaAddressModeClamp);
	__host__ texture(int norm, enum cudaTextureFilterMode filter,
			 enum cudaTextureAddressMode address,
			 struct cudaChannelFormatDesc desc);
};

/*
 * What a fetch returns: the element type, or float (float2, float4) for a
 * normalized read of an integer texture.
 */
template <class T, enum cudaTextureReadMode mode> struct __wl_tex_ret {
	typedef T type;
};
template <class T> struct __wl_tex_ret<T, cudaReadModeNormalizedFloat> {
	typedef float type;
};
#define __WL_TEX_NORM(T, R)                                                   \
	template <> struct __wl_tex_ret<T, cudaReadModeNormalizedFloat> {     \
		typedef R type;                                               \
	};
__WL_TEX_NORM(char2, float2) __WL_TEX_NORM(uchar2, float2)
__WL_TEX_NORM(short2, float2) __WL_TEX_NORM(ushort2, float2)
__WL_TEX_NORM(char4, float4) __WL_TEX_NORM(uchar4, float4)
__WL_TEX_NORM(short4, float4) __WL_TEX_NORM(ushort4, float4)
#undef __WL_TEX_NORM
#define __WL_TEX_T(dim) template <class T, enum cudaTextureReadMode M>
#define __WL_TEX_R typename __wl_tex_ret<T, M>::type

__WL_TEX_T(1) __WL_D __WL_TEX_R tex1Dfetch(texture<T, cudaTextureType1D, M> t,
					   int x);
__WL_TEX_T(1) __WL_D __WL_TEX_R tex1D(texture<T, cudaTextureType1D, M> t,
				      float x);
__WL_TEX_T(2) __WL_D __WL_TEX_R tex2D(texture<T, cudaTextureType2D, M> t,
				      float x, float y);
__WL_TEX_T(3) __WL_D __WL_TEX_R tex3D(texture<T, cudaTextureType3D, M> t,
				      float x, float y, float z);
__WL_TEX_T(1) __WL_D __WL_TEX_R
tex1DLayered(texture<T, cudaTextureType1DLayered, M> t, float x, int layer);
__WL_TEX_T(2) __WL_D __WL_TEX_R
tex2DLayered(texture<T, cudaTextureType2DLayered, M> t, float x, float y,
	     int layer);
__WL_TEX_T(1) __WL_D __WL_TEX_R
tex1DLod(texture<T, cudaTextureType1D, M> t, float x, float level);
__WL_TEX_T(2) __WL_D __WL_TEX_R
tex2DLod(texture<T, cudaTextureType2D, M> t, float x, float y, float level);
#undef __WL_TEX_T
#undef __WL_TEX_R

/* Texture objects (CUDA 5 and later). */
template <class T> __WL_D T tex1Dfetch(cudaTextureObject_t t, int x);
template <class T> __WL_D T tex1D(cudaTextureObject_t t, float x);
template <class T> __WL_D T tex2D(cudaTextureObject_t t, float x, float y);
template <class T>
__WL_D T tex3D(cudaTextureObject_t t, float x, float y, float z);
template <class T>
__WL_D T tex2DLod(cudaTextureObject_t t, float x, float y, float level);
template <class T>
__WL_D T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer);
template <class T>
__WL_D void tex1Dfetch(T *out, cudaTextureObject_t t, int x);
template <class T>
__WL_D void tex2D(T *out, cudaTextureObject_t t, float x, float y);

/* Surfaces. */
#define __SURFACE_FUNCTIONS_H__
#define __SURFACE_INDIRECT_FUNCTIONS_H__
#define __CUDA_SURFACE_TYPES_H__
template <class T, int dim = cudaSurfaceType1D>
struct __attribute__((device_builtin_surface_type)) surface
	: public surfaceReference {
	__host__ surface(void);
};
/*
 * Every surface read and write, on objects (surface_indirect_functions.h)
 * and on the legacy surface references (surface_functions.h, gone since
 * CUDA 12 but common in the code this tool reads): COORDS is the
 * parameter list after the surface.
 */
#define __WL_SURFACE_ACCESS(NAME, COORDS)                                     \
	template <class T>                                                    \
	__WL_D T NAME##read(cudaSurfaceObject_t s, COORDS,                    \
			    enum cudaSurfaceBoundaryMode m =                  \
				    cudaBoundaryModeTrap);                    \
	template <class T>                                                    \
	__WL_D void NAME##read(T *v, cudaSurfaceObject_t s, COORDS,           \
			       enum cudaSurfaceBoundaryMode m =               \
				       cudaBoundaryModeTrap);                 \
	template <class T>                                                    \
	__WL_D void NAME##write(T v, cudaSurfaceObject_t s, COORDS,           \
				enum cudaSurfaceBoundaryMode m =              \
					cudaBoundaryModeTrap);                \
	template <class T, int dim>                                           \
	__WL_D void NAME##read(T *v, surface<void, dim> s, COORDS,            \
			       enum cudaSurfaceBoundaryMode m =               \
				       cudaBoundaryModeTrap);                 \
	template <class T, int dim>                                           \
	__WL_D T NAME##read(surface<void, dim> s, COORDS,                     \
			    enum cudaSurfaceBoundaryMode m =                  \
				    cudaBoundaryModeTrap);                    \
	template <class T, int dim>                                           \
	__WL_D void NAME##write(T v, surface<void, dim> s, COORDS,            \
				enum cudaSurfaceBoundaryMode m =              \
					cudaBoundaryModeTrap);
#define __WL_COMMA ,
__WL_SURFACE_ACCESS(surf1D, int x)
__WL_SURFACE_ACCESS(surf2D, int x __WL_COMMA int y)
__WL_SURFACE_ACCESS(surf3D, int x __WL_COMMA int y __WL_COMMA int z)
__WL_SURFACE_ACCESS(surf1DLayered, int x __WL_COMMA int layer)
__WL_SURFACE_ACCESS(surf2DLayered, int x __WL_COMMA int y __WL_COMMA int layer)
__WL_SURFACE_ACCESS(surfCubemap, int x __WL_COMMA int y __WL_COMMA int face)
__WL_SURFACE_ACCESS(surfCubemapLayered,
		    int x __WL_COMMA int y __WL_COMMA int layerFace)
#undef __WL_COMMA
#undef __WL_SURFACE_ACCESS

#endif
