/*
 * warplint stand-in for <cuda_runtime_api.h>: the host API, declarations
 * only.  Legacy entry points that CUDA 13 removed (cudaThreadSynchronize,
 * cudaBindTexture, cudaConfigureCall) stay: the code warplint reads was
 * written against the toolkits that had them.
 */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

#include <host_defines.h>
#include <builtin_types.h>
#include <library_types.h>

#define __WL_R extern __host__ cudaError_t
extern "C" {
__WL_R cudaDeviceReset(void);
__WL_R cudaDeviceSynchronize(void);
__WL_R cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__WL_R cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
__WL_R cudaDeviceGetCacheConfig(enum cudaFuncCache *config);
__WL_R cudaDeviceSetCacheConfig(enum cudaFuncCache config);
__WL_R cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config);
__WL_R cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
__WL_R cudaDeviceGetStreamPriorityRange(int *least, int *greatest);
__WL_R cudaDeviceGetByPCIBusId(int *device, const char *id);
__WL_R cudaDeviceGetPCIBusId(char *id, int len, int device);
__WL_R cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr,
			      int device);
__WL_R cudaDeviceCanAccessPeer(int *can, int device, int peer);
__WL_R cudaDeviceEnablePeerAccess(int peer, unsigned int flags);
__WL_R cudaDeviceDisablePeerAccess(int peer);
__WL_R cudaThreadExit(void);
__WL_R cudaThreadSynchronize(void);
__WL_R cudaThreadSetLimit(enum cudaLimit limit, size_t value);
__WL_R cudaThreadSetCacheConfig(enum cudaFuncCache config);
__WL_R cudaGetLastError(void);
__WL_R cudaPeekAtLastError(void);
extern __host__ const char *cudaGetErrorName(cudaError_t error);
extern __host__ const char *cudaGetErrorString(cudaError_t error);
__WL_R cudaGetDeviceCount(int *count);
__WL_R cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
__WL_R cudaChooseDevice(int *device, const struct cudaDeviceProp *prop);
__WL_R cudaSetDevice(int device);
__WL_R cudaGetDevice(int *device);
__WL_R cudaSetValidDevices(int *devices, int len);
__WL_R cudaSetDeviceFlags(unsigned int flags);
__WL_R cudaGetDeviceFlags(unsigned int *flags);
__WL_R cudaStreamCreate(cudaStream_t *stream);
__WL_R cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
__WL_R cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags,
				    int priority);
__WL_R cudaStreamGetPriority(cudaStream_t stream, int *priority);
__WL_R cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags);
__WL_R cudaStreamDestroy(cudaStream_t stream);
__WL_R cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
			   unsigned int flags __dv(0));
__WL_R cudaStreamAddCallback(cudaStream_t stream,
			     cudaStreamCallback_t callback, void *data,
			     unsigned int flags);
__WL_R cudaStreamSynchronize(cudaStream_t stream);
__WL_R cudaStreamQuery(cudaStream_t stream);
__WL_R cudaStreamAttachMemAsync(cudaStream_t stream, void *p,
				size_t length __dv(0),
				unsigned int flags __dv(cudaMemAttachSingle));
__WL_R cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *data);
__WL_R cudaEventCreate(cudaEvent_t *event);
__WL_R cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
__WL_R cudaEventRecord(cudaEvent_t event, cudaStream_t stream __dv(0));
__WL_R cudaEventQuery(cudaEvent_t event);
__WL_R cudaEventSynchronize(cudaEvent_t event);
__WL_R cudaEventDestroy(cudaEvent_t event);
__WL_R cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
__WL_R cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args,
			size_t shared_mem, cudaStream_t stream);
__WL_R cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block,
				   void **args, size_t shared_mem,
				   cudaStream_t stream);
__WL_R cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
			    const void *func, void **args);
__WL_R cudaFuncSetCacheConfig(const void *func, enum cudaFuncCache config);
__WL_R cudaFuncSetSharedMemConfig(const void *func,
				  enum cudaSharedMemConfig config);
__WL_R cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
			     const void *func);
__WL_R cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
			    int value);
__WL_R cudaConfigureCall(dim3 grid, dim3 block, size_t shared_mem __dv(0),
			 cudaStream_t stream __dv(0));
__WL_R cudaSetupArgument(const void *arg, size_t size, size_t offset);
__WL_R cudaLaunch(const void *func);
__WL_R cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
						     const void *func,
						     int block_size,
						     size_t shared_mem);
__WL_R cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
	int *blocks, const void *func, int block_size, size_t shared_mem,
	unsigned int flags);
__WL_R cudaMallocManaged(void **p, size_t size,
			 unsigned int flags __dv(cudaMemAttachGlobal));
__WL_R cudaMalloc(void **p, size_t size);
__WL_R cudaMallocHost(void **p, size_t size);
__WL_R cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height);
__WL_R cudaMallocArray(cudaArray_t *array,
		       const struct cudaChannelFormatDesc *desc, size_t width,
		       size_t height __dv(0), unsigned int flags __dv(0));
__WL_R cudaMalloc3D(struct cudaPitchedPtr *p, struct cudaExtent extent);
__WL_R cudaMalloc3DArray(cudaArray_t *array,
			 const struct cudaChannelFormatDesc *desc,
			 struct cudaExtent extent, unsigned int flags __dv(0));
__WL_R cudaMallocAsync(void **p, size_t size, cudaStream_t stream);
__WL_R cudaFree(void *p);
__WL_R cudaFreeHost(void *p);
__WL_R cudaFreeArray(cudaArray_t array);
__WL_R cudaFreeAsync(void *p, cudaStream_t stream);
__WL_R cudaHostAlloc(void **p, size_t size, unsigned int flags);
__WL_R cudaHostRegister(void *p, size_t size, unsigned int flags);
__WL_R cudaHostUnregister(void *p);
__WL_R cudaHostGetDevicePointer(void **device, void *host,
				unsigned int flags);
__WL_R cudaHostGetFlags(unsigned int *flags, void *host);
__WL_R cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
__WL_R cudaMemcpy(void *dst, const void *src, size_t count,
		  enum cudaMemcpyKind kind);
__WL_R cudaMemcpyPeer(void *dst, int dst_device, const void *src,
		      int src_device, size_t count);
__WL_R cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
		    size_t width, size_t height, enum cudaMemcpyKind kind);
__WL_R cudaMemcpy2DToArray(cudaArray_t dst, size_t w_offset, size_t h_offset,
			   const void *src, size_t spitch, size_t width,
			   size_t height, enum cudaMemcpyKind kind);
__WL_R cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src,
			     size_t w_offset, size_t h_offset, size_t width,
			     size_t height, enum cudaMemcpyKind kind);
__WL_R cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__WL_R cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
			 cudaStream_t stream __dv(0));
__WL_R cudaMemcpyToArray(cudaArray_t dst, size_t w_offset, size_t h_offset,
			 const void *src, size_t count,
			 enum cudaMemcpyKind kind);
__WL_R cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t w_offset,
			   size_t h_offset, size_t count,
			   enum cudaMemcpyKind kind);
__WL_R cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
			  size_t offset __dv(0),
			  enum cudaMemcpyKind kind __dv(cudaMemcpyHostToDevice));
__WL_R cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
			    size_t offset __dv(0),
			    enum cudaMemcpyKind kind __dv(cudaMemcpyDeviceToHost));
__WL_R cudaMemcpyAsync(void *dst, const void *src, size_t count,
		       enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
__WL_R cudaMemcpyPeerAsync(void *dst, int dst_device, const void *src,
			   int src_device, size_t count,
			   cudaStream_t stream __dv(0));
__WL_R cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
			 size_t spitch, size_t width, size_t height,
			 enum cudaMemcpyKind kind, cudaStream_t stream __dv(0));
__WL_R cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
			       size_t count, size_t offset,
			       enum cudaMemcpyKind kind,
			       cudaStream_t stream __dv(0));
__WL_R cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count,
				 size_t offset, enum cudaMemcpyKind kind,
				 cudaStream_t stream __dv(0));
__WL_R cudaMemset(void *p, int value, size_t count);
__WL_R cudaMemset2D(void *p, size_t pitch, int value, size_t width,
		    size_t height);
__WL_R cudaMemset3D(struct cudaPitchedPtr p, int value,
		    struct cudaExtent extent);
__WL_R cudaMemsetAsync(void *p, int value, size_t count,
		       cudaStream_t stream __dv(0));
__WL_R cudaMemset2DAsync(void *p, size_t pitch, int value, size_t width,
			 size_t height, cudaStream_t stream __dv(0));
__WL_R cudaMemPrefetchAsync(const void *p, size_t count, int device,
			    cudaStream_t stream __dv(0));
__WL_R cudaGetSymbolAddress(void **p, const void *symbol);
__WL_R cudaGetSymbolSize(size_t *size, const void *symbol);
__WL_R cudaPointerGetAttributes(struct cudaPointerAttributes *attr,
				const void *p);
__WL_R cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
__WL_R cudaIpcOpenEventHandle(cudaEvent_t *event,
			      cudaIpcEventHandle_t handle);
__WL_R cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *p);
__WL_R cudaIpcOpenMemHandle(void **p, cudaIpcMemHandle_t handle,
			    unsigned int flags);
__WL_R cudaIpcCloseMemHandle(void *p);
__WL_R cudaBindTexture(size_t *offset, const struct textureReference *tex,
		       const void *p, const struct cudaChannelFormatDesc *desc,
		       size_t size __dv(UINT_MAX));
__WL_R cudaBindTexture2D(size_t *offset, const struct textureReference *tex,
			 const void *p,
			 const struct cudaChannelFormatDesc *desc,
			 size_t width, size_t height, size_t pitch);
__WL_R cudaBindTextureToArray(const struct textureReference *tex,
			      cudaArray_const_t array,
			      const struct cudaChannelFormatDesc *desc);
__WL_R cudaUnbindTexture(const struct textureReference *tex);
__WL_R cudaGetTextureReference(const struct textureReference **tex,
			       const void *symbol);
__WL_R cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
			  cudaArray_const_t array);
extern __host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w,
		      enum cudaChannelFormatKind f);
__WL_R cudaCreateTextureObject(cudaTextureObject_t *tex,
			       const struct cudaResourceDesc *res,
			       const struct cudaTextureDesc *desc,
			       const void *view);
__WL_R cudaDestroyTextureObject(cudaTextureObject_t tex);
__WL_R cudaCreateSurfaceObject(cudaSurfaceObject_t *surf,
			       const struct cudaResourceDesc *res);
__WL_R cudaDestroySurfaceObject(cudaSurfaceObject_t surf);
__WL_R cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource);
__WL_R cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources,
				cudaStream_t stream __dv(0));
__WL_R cudaGraphicsUnmapResources(int count,
				  cudaGraphicsResource_t *resources,
				  cudaStream_t stream __dv(0));
__WL_R cudaGraphicsResourceGetMappedPointer(void **p, size_t *size,
					    cudaGraphicsResource_t resource);
__WL_R cudaDriverGetVersion(int *version);
__WL_R cudaRuntimeGetVersion(int *version);
__WL_R cudaProfilerInitialize(const char *config, const char *output,
			      enum cudaOutputMode mode);
__WL_R cudaProfilerStart(void);
__WL_R cudaProfilerStop(void);
extern __host__ unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block,
						     size_t shared_mem __dv(0),
						     void *stream __dv(0));
}
#undef __WL_R

/* The C++ conveniences of cuda_runtime.h, declared here for their types. */
template <class T>
static __inline__ __host__ cudaError_t cudaMalloc(T **p, size_t size)
{
	return cudaMalloc((void **)(void *)p, size);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **p, size_t size,
						       unsigned int flags = 0)
{
	return cudaMallocHost((void **)(void *)p, size);
}
template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **p, size_t size,
						      unsigned int flags)
{
	return cudaHostAlloc((void **)(void *)p, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaHostGetDevicePointer(T **device, void *host, unsigned int flags)
{
	return cudaHostGetDevicePointer((void **)(void *)device, host, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **p, size_t size,
							cudaStream_t stream)
{
	return cudaMallocAsync((void **)(void *)p, size, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaStreamAttachMemAsync(cudaStream_t stream, T *p, size_t length = 0,
			 unsigned int flags = cudaMemAttachSingle)
{
	return cudaStreamAttachMemAsync(stream, (void *)p, length, flags);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **p, size_t size, unsigned int flags = cudaMemAttachGlobal)
{
	return cudaMallocManaged((void **)(void *)p, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **p, size_t *pitch,
							size_t width,
							size_t height)
{
	return cudaMallocPitch((void **)(void *)p, pitch, width, height);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
		   size_t offset = 0,
		   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
	return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset,
				  kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
			size_t offset = 0,
			enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
			cudaStream_t stream = 0)
{
	return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count,
				       offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
		     size_t offset = 0,
		     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
	return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
				    kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
			  size_t offset = 0,
			  enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
			  cudaStream_t stream = 0)
{
	return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count,
					 offset, kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **p,
							     const T &symbol)
{
	return cudaGetSymbolAddress(p, (const void *)&symbol);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolSize(size_t *size,
							  const T &symbol)
{
	return cudaGetSymbolSize(size, (const void *)&symbol);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache config)
{
	return cudaFuncSetCacheConfig((const void *)func, config);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetSharedMemConfig(T *func, enum cudaSharedMemConfig config)
{
	return cudaFuncSetSharedMemConfig((const void *)func, config);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func)
{
	return cudaFuncGetAttributes(attr, (const void *)func);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value)
{
	return cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, T func,
					      int block_size,
					      size_t shared_mem)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
		blocks, (const void *)func, block_size, shared_mem);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *grid, int *block, T func,
				   size_t shared_mem = 0, int limit = 0);
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchCooperativeKernel(const T *func, dim3 grid, dim3 block, void **args,
			    size_t shared_mem = 0, cudaStream_t stream = 0)
{
	return cudaLaunchCooperativeKernel((const void *)func, grid, block,
					   args, shared_mem, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchKernel(const T *func, dim3 grid, dim3 block, void **args,
		 size_t shared_mem = 0, cudaStream_t stream = 0)
{
	return cudaLaunchKernel((const void *)func, grid, block, args,
				shared_mem, stream);
}
template <class... Exp, class... Act>
static __inline__ __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(Exp...),
		   Act &&...args);
template <class T>
static __inline__ __host__ cudaError_t cudaLaunch(T *func)
{
	return cudaLaunch((const void *)func);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaSetupArgument(T arg, size_t offset)
{
	return cudaSetupArgument((const void *)&arg, sizeof(T), offset);
}
template <class T, int dim, enum cudaTextureReadMode mode>
struct texture;
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex,
		const void *p, const struct cudaChannelFormatDesc &desc,
		size_t size = UINT_MAX);
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex,
		const void *p, size_t size = UINT_MAX);
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex,
		  const void *p, const struct cudaChannelFormatDesc &desc,
		  size_t width, size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex,
		  const void *p, size_t width, size_t height, size_t pitch);
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
		       cudaArray_const_t array,
		       const struct cudaChannelFormatDesc &desc);
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
		       cudaArray_const_t array);
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaUnbindTexture(const struct texture<T, dim, mode> &tex);

#endif
