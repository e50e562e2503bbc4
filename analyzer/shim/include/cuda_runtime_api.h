/* warplint stand-in for the CUDA runtime API: host declarations only. */
#ifndef WARPLINT_CUDA_RUNTIME_API_H
#define WARPLINT_CUDA_RUNTIME_API_H
typedef int cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaMemcpyKind {
	cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost,
	cudaMemcpyDeviceToDevice, cudaMemcpyDefault
};
#define cudaSuccess 0
struct cudaDeviceProp {
	char name[256]; int major, minor, multiProcessorCount, warpSize;
	size_t sharedMemPerBlock, totalGlobalMem; int maxThreadsPerBlock;
};
extern "C" {
cudaError_t cudaMalloc(void **p, size_t n);
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags = 1);
cudaError_t cudaMallocHost(void **p, size_t n);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k);
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k,
			    cudaStream_t st = 0);
cudaError_t cudaMemcpyToSymbol(const void *sym, const void *s, size_t n,
			       size_t off = 0,
			       cudaMemcpyKind k = cudaMemcpyHostToDevice);
cudaError_t cudaMemset(void *p, int v, size_t n);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t e);
cudaError_t cudaSetDevice(int d);
cudaError_t cudaGetDevice(int *d);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d);
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0,
				     void *stream = 0);
cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0,
			      cudaStream_t stream = 0);
cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args,
			     size_t shmem, cudaStream_t s);
}
template <class T>
cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
#endif
