/* SPDX-License-Identifier: MIT */
/*
 * gpu_verify stand-in for the host half of the CUDA runtime API, which
 * nvcc includes implicitly and real files use without an #include: types,
 * constants and declarations, never definitions.  prepare strips the
 * bodies of host functions, so only what their signatures and file-scope
 * declarations name must be here.  Texture references are declared so
 * that a file holding one still parses; a kernel that reads one cannot be
 * verified (CUDA 12 removed them) and is listed as such.
 */
#ifndef WL_GPU_VERIFY_RUNTIME_HOST_H
#define WL_GPU_VERIFY_RUNTIME_HOST_H

enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4,
	cudaErrorProfilerDisabled = 5,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidHostPointer = 16,
	cudaErrorInvalidDevicePointer = 17,
	cudaErrorInvalidTexture = 18,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorMissingConfiguration = 52,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorInvalidKernelImage = 200,
	cudaErrorNoKernelImageForDevice = 209,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,
	cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702,
	cudaErrorLaunchFailure = 719,
	cudaErrorNotSupported = 801,
	cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct cudaArray *cudaArray_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaMemcpyKind {
	cudaMemcpyHostToHost,
	cudaMemcpyHostToDevice,
	cudaMemcpyDeviceToHost,
	cudaMemcpyDeviceToDevice,
	cudaMemcpyDefault
};
enum cudaFuncCache {
	cudaFuncCachePreferNone,
	cudaFuncCachePreferShared,
	cudaFuncCachePreferL1,
	cudaFuncCachePreferEqual
};
enum cudaSharedMemConfig {
	cudaSharedMemBankSizeDefault,
	cudaSharedMemBankSizeFourByte,
	cudaSharedMemBankSizeEightByte
};
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned,
	cudaChannelFormatKindUnsigned,
	cudaChannelFormatKindFloat,
	cudaChannelFormatKindNone
};
struct cudaChannelFormatDesc {
	int x, y, z, w;
	enum cudaChannelFormatKind f;
};
struct cudaFuncAttributes {
	size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
	int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion;
};
struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem, sharedMemPerBlock, totalConstMem;
	int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3];
	int maxGridSize[3], clockRate, major, minor, multiProcessorCount;
	int maxThreadsPerMultiProcessor, computeMode, memoryClockRate;
	int memoryBusWidth, l2CacheSize, pciBusID, pciDeviceID;
	int concurrentKernels, ECCEnabled, integrated, canMapHostMemory;
	size_t memPitch, textureAlignment, sharedMemPerMultiprocessor;
};
#define cudaHostAllocDefault 0
#define cudaHostAllocPortable 1
#define cudaHostAllocMapped 2
#define cudaDeviceScheduleBlockingSync 4
#define cudaDeviceMapHost 8
#define cudaStreamNonBlocking 1
#define cudaEventDisableTiming 2

template <class T, int dim = 1,
	  enum cudaTextureReadMode mode = cudaReadModeElementType>
struct texture {
	int normalized, filterMode, addressMode[3];
	struct cudaChannelFormatDesc channelDesc;
};

extern "C" {
cudaError_t cudaMalloc(void **p, size_t n);
cudaError_t cudaMallocHost(void **p, size_t n);
cudaError_t cudaHostAlloc(void **p, size_t n, unsigned flags);
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, enum cudaMemcpyKind k);
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n,
			    enum cudaMemcpyKind k, cudaStream_t st);
cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp,
			 size_t w, size_t h, enum cudaMemcpyKind k);
cudaError_t cudaMemset(void *p, int v, size_t n);
cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaThreadExit(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e);
cudaError_t cudaSetDevice(int d);
cudaError_t cudaGetDevice(int *d);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaSetDeviceFlags(unsigned f);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *p, int d);
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache c);
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig c);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total);
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned f);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s);
cudaError_t cudaEventQuery(cudaEvent_t e);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned f);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned f);
cudaError_t cudaMemcpyToSymbol(const void *sym, const void *s, size_t n,
			       size_t off, enum cudaMemcpyKind k);
cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n,
				 size_t off, enum cudaMemcpyKind k);
cudaError_t cudaMemcpyToSymbolAsync(const void *sym, const void *s, size_t n,
				    size_t off, enum cudaMemcpyKind k,
				    cudaStream_t st);
cudaError_t cudaGetSymbolAddress(void **p, const void *sym);
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a,
				  const void *f);
cudaError_t cudaFuncSetCacheConfig(const void *f, enum cudaFuncCache c);
cudaError_t cudaBindTexture(size_t *off, const void *tex, const void *p,
			    const struct cudaChannelFormatDesc *d, size_t n);
cudaError_t cudaUnbindTexture(const void *tex);
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
						  enum cudaChannelFormatKind f);
cudaError_t cudaConfigureCall(struct dim3 grid, struct dim3 block,
			      size_t shmem = 0, cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(struct dim3 grid, struct dim3 block,
				     size_t shmem = 0, void *stream = 0);
cudaError_t cudaLaunchKernel(const void *f, struct dim3 g, struct dim3 b,
			     void **args, size_t shmem, cudaStream_t s);
}

/* The C++ conveniences of cuda_runtime.h. */
template <class T> cudaError_t cudaMalloc(T **p, size_t n);
template <class T> cudaError_t cudaMallocHost(T **p, size_t n);
template <class T>
cudaError_t cudaHostAlloc(T **p, size_t n, unsigned flags);
template <class T>
cudaError_t cudaMemcpyToSymbol(const T &sym, const void *s, size_t n,
			       size_t off = 0,
			       enum cudaMemcpyKind k = cudaMemcpyHostToDevice);
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *d, const T &sym, size_t n,
				 size_t off = 0,
				 enum cudaMemcpyKind k = cudaMemcpyDeviceToHost);
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T &sym, const void *s, size_t n,
				    size_t off = 0,
				    enum cudaMemcpyKind k =
					cudaMemcpyHostToDevice,
				    cudaStream_t st = 0);
template <class T>
cudaError_t cudaGetSymbolAddress(void **p, const T &sym);
template <class T>
cudaError_t cudaFuncSetCacheConfig(T *f, enum cudaFuncCache c);
template <class T>
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *a, T *f);
template <class T>
struct cudaChannelFormatDesc cudaCreateChannelDesc(void);
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaBindTexture(size_t *off, const struct texture<T, dim, mode> &t,
			    const void *p, size_t n = ~(size_t)0);
template <class T, int dim, enum cudaTextureReadMode mode>
cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &t);

#endif
