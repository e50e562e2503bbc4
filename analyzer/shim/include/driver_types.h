/*
 * warplint stand-in for <driver_types.h>: the CUDA runtime's types,
 * enumerations and flags, by name.  The values do not matter to a parser,
 * only that every name that real code uses is declared.
 */
#ifndef __DRIVER_TYPES_H__
#define __DRIVER_TYPES_H__

#include <host_defines.h>
#include <vector_types.h>
#include <stddef.h>

enum cudaError {
	cudaSuccess = 0, cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2, cudaErrorInitializationError = 3,
	cudaErrorCudartUnloading = 4, cudaErrorProfilerDisabled = 5,
	cudaErrorInvalidConfiguration = 9, cudaErrorInvalidPitchValue = 12,
	cudaErrorInvalidSymbol = 13, cudaErrorInvalidHostPointer = 16,
	cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidTexture = 18,
	cudaErrorInvalidTextureBinding = 19,
	cudaErrorInvalidChannelDescriptor = 20,
	cudaErrorInvalidMemcpyDirection = 21, cudaErrorInvalidFilterSetting = 26,
	cudaErrorInvalidNormSetting = 27, cudaErrorMixedDeviceExecution = 28,
	cudaErrorNotYetImplemented = 31, cudaErrorMemoryValueTooLarge = 32,
	cudaErrorInsufficientDriver = 35, cudaErrorInvalidSurface = 37,
	cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
	cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
	cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
	cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
	cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
	cudaErrorSyncDepthExceeded = 68, cudaErrorLaunchPendingCountExceeded = 69,
	cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101, cudaErrorStartupFailure = 127,
	cudaErrorInvalidKernelImage = 200, cudaErrorDeviceUninitialized = 201,
	cudaErrorMapBufferObjectFailed = 205,
	cudaErrorUnmapBufferObjectFailed = 206, cudaErrorArrayIsMapped = 207,
	cudaErrorAlreadyMapped = 208, cudaErrorNoKernelImageForDevice = 209,
	cudaErrorAlreadyAcquired = 210, cudaErrorNotMapped = 211,
	cudaErrorNotMappedAsArray = 212, cudaErrorNotMappedAsPointer = 213,
	cudaErrorECCUncorrectable = 214, cudaErrorUnsupportedLimit = 215,
	cudaErrorDeviceAlreadyInUse = 216, cudaErrorPeerAccessUnsupported = 217,
	cudaErrorInvalidPtx = 218, cudaErrorInvalidGraphicsContext = 219,
	cudaErrorNvlinkUncorrectable = 220, cudaErrorJitCompilerNotFound = 221,
	cudaErrorInvalidSource = 300, cudaErrorFileNotFound = 301,
	cudaErrorSharedObjectSymbolNotFound = 302,
	cudaErrorSharedObjectInitFailed = 303, cudaErrorOperatingSystem = 304,
	cudaErrorInvalidResourceHandle = 400, cudaErrorIllegalState = 401,
	cudaErrorSymbolNotFound = 500, cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701,
	cudaErrorLaunchTimeout = 702, cudaErrorLaunchIncompatibleTexturing = 703,
	cudaErrorPeerAccessAlreadyEnabled = 704,
	cudaErrorPeerAccessNotEnabled = 705, cudaErrorSetOnActiveProcess = 708,
	cudaErrorContextIsDestroyed = 709, cudaErrorAssert = 710,
	cudaErrorTooManyPeers = 711, cudaErrorHostMemoryAlreadyRegistered = 712,
	cudaErrorHostMemoryNotRegistered = 713, cudaErrorHardwareStackError = 714,
	cudaErrorIllegalInstruction = 715, cudaErrorMisalignedAddress = 716,
	cudaErrorInvalidAddressSpace = 717, cudaErrorInvalidPc = 718,
	cudaErrorLaunchFailure = 719, cudaErrorCooperativeLaunchTooLarge = 720,
	cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801,
	cudaErrorUnknown = 999, cudaErrorApiFailureBase = 10000
};
typedef enum cudaError cudaError_t;

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUfunc_st *cudaFunction_t;
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
typedef struct cudaMipmappedArray *cudaMipmappedArray_t;
typedef struct CUuuid_st { char bytes[16]; } cudaUUID_t;
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
typedef void (*cudaHostFn_t)(void *);

#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaPeerAccessDefault 0x00
#define cudaIpcMemLazyEnablePeerAccess 0x01
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02

enum cudaMemcpyKind {
	cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost,
	cudaMemcpyDeviceToDevice, cudaMemcpyDefault
};
enum cudaMemoryType {
	cudaMemoryTypeUnregistered, cudaMemoryTypeHost, cudaMemoryTypeDevice,
	cudaMemoryTypeManaged
};
enum cudaFuncCache {
	cudaFuncCachePreferNone, cudaFuncCachePreferShared,
	cudaFuncCachePreferL1, cudaFuncCachePreferEqual
};
enum cudaSharedMemConfig {
	cudaSharedMemBankSizeDefault, cudaSharedMemBankSizeFourByte,
	cudaSharedMemBankSizeEightByte
};
enum cudaSharedCarveout {
	cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100,
	cudaSharedmemCarveoutMaxL1 = 0
};
enum cudaLimit {
	cudaLimitStackSize, cudaLimitPrintfFifoSize, cudaLimitMallocHeapSize,
	cudaLimitDevRuntimeSyncDepth, cudaLimitDevRuntimePendingLaunchCount,
	cudaLimitMaxL2FetchGranularity, cudaLimitPersistingL2CacheSize
};
enum cudaComputeMode {
	cudaComputeModeDefault, cudaComputeModeExclusive,
	cudaComputeModeProhibited, cudaComputeModeExclusiveProcess
};
enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9
};
enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX,
	cudaDevAttrMaxBlockDimY, cudaDevAttrMaxBlockDimZ, cudaDevAttrMaxGridDimX,
	cudaDevAttrMaxGridDimY, cudaDevAttrMaxGridDimZ,
	cudaDevAttrMaxSharedMemoryPerBlock, cudaDevAttrTotalConstantMemory,
	cudaDevAttrWarpSize, cudaDevAttrMaxPitch, cudaDevAttrMaxRegistersPerBlock,
	cudaDevAttrClockRate, cudaDevAttrTextureAlignment, cudaDevAttrGpuOverlap,
	cudaDevAttrMultiProcessorCount, cudaDevAttrKernelExecTimeout,
	cudaDevAttrIntegrated, cudaDevAttrCanMapHostMemory,
	cudaDevAttrComputeMode, cudaDevAttrConcurrentKernels = 31,
	cudaDevAttrEccEnabled, cudaDevAttrPciBusId, cudaDevAttrPciDeviceId,
	cudaDevAttrTccDriver, cudaDevAttrMemoryClockRate,
	cudaDevAttrGlobalMemoryBusWidth, cudaDevAttrL2CacheSize,
	cudaDevAttrMaxThreadsPerMultiProcessor, cudaDevAttrAsyncEngineCount,
	cudaDevAttrUnifiedAddressing, cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor,
	cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
	cudaDevAttrMaxRegistersPerMultiprocessor, cudaDevAttrManagedMemory,
	cudaDevAttrIsMultiGpuBoard, cudaDevAttrMultiGpuBoardGroupID,
	cudaDevAttrCooperativeLaunch = 95,
	cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
};
enum cudaOutputMode { cudaKeyValuePair, cudaCSV };
enum cudaGraphicsRegisterFlags {
	cudaGraphicsRegisterFlagsNone = 0, cudaGraphicsRegisterFlagsReadOnly = 1,
	cudaGraphicsRegisterFlagsWriteDiscard = 2
};
enum cudaGraphicsMapFlags {
	cudaGraphicsMapFlagsNone, cudaGraphicsMapFlagsReadOnly,
	cudaGraphicsMapFlagsWriteDiscard
};
enum cudaChannelFormatKind {
	cudaChannelFormatKindSigned, cudaChannelFormatKindUnsigned,
	cudaChannelFormatKindFloat, cudaChannelFormatKindNone
};
enum cudaResourceType {
	cudaResourceTypeArray, cudaResourceTypeMipmappedArray,
	cudaResourceTypeLinear, cudaResourceTypePitch2D
};
enum cudaStreamCaptureMode {
	cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal,
	cudaStreamCaptureModeRelaxed
};

struct cudaChannelFormatDesc {
	int x, y, z, w;
	enum cudaChannelFormatKind f;
};
struct cudaPos { size_t x, y, z; };
struct cudaExtent { size_t width, height, depth; };
struct cudaPitchedPtr { void *ptr; size_t pitch, xsize, ysize; };
struct cudaMemcpy3DParms {
	cudaArray_t srcArray;
	struct cudaPos srcPos;
	struct cudaPitchedPtr srcPtr;
	cudaArray_t dstArray;
	struct cudaPos dstPos;
	struct cudaPitchedPtr dstPtr;
	struct cudaExtent extent;
	enum cudaMemcpyKind kind;
};
struct cudaPointerAttributes {
	enum cudaMemoryType type, memoryType;
	int device;
	void *devicePointer, *hostPointer;
	int isManaged;
};
struct cudaFuncAttributes {
	size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
	int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
	int maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
struct cudaResourceDesc {
	enum cudaResourceType resType;
	union {
		struct { cudaArray_t array; } array;
		struct { cudaMipmappedArray_t mipmap; } mipmap;
		struct {
			void *devPtr;
			struct cudaChannelFormatDesc desc;
			size_t sizeInBytes;
		} linear;
		struct {
			void *devPtr;
			struct cudaChannelFormatDesc desc;
			size_t width, height, pitchInBytes;
		} pitch2D;
	} res;
};
struct cudaDeviceProp {
	char name[256];
	cudaUUID_t uuid;
	size_t totalGlobalMem, sharedMemPerBlock;
	int regsPerBlock, warpSize;
	size_t memPitch;
	int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
	size_t totalConstMem;
	int major, minor;
	size_t textureAlignment, texturePitchAlignment;
	int deviceOverlap, multiProcessorCount, kernelExecTimeoutEnabled;
	int integrated, canMapHostMemory, computeMode, maxTexture1D;
	int maxTexture1DLinear, maxTexture2D[2], maxTexture3D[3];
	size_t surfaceAlignment;
	int concurrentKernels, ECCEnabled, pciBusID, pciDeviceID, pciDomainID;
	int tccDriver, asyncEngineCount, unifiedAddressing, memoryClockRate;
	int memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize;
	int maxThreadsPerMultiProcessor, streamPrioritiesSupported;
	int globalL1CacheSupported, localL1CacheSupported;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor, managedMemory, isMultiGpuBoard;
	int multiGpuBoardGroupID, singleToDoublePrecisionPerfRatio;
	int pageableMemoryAccess, concurrentManagedAccess;
	int computePreemptionSupported, cooperativeLaunch;
	int cooperativeMultiDeviceLaunch;
	size_t sharedMemPerBlockOptin;
	int maxBlocksPerMultiProcessor;
};
typedef struct cudaIpcEventHandle_st { char reserved[64]; } cudaIpcEventHandle_t;
typedef struct cudaIpcMemHandle_st { char reserved[64]; } cudaIpcMemHandle_t;
struct cudaLaunchParams {
	void *func;
	dim3 gridDim, blockDim;
	void **args;
	size_t sharedMem;
	cudaStream_t stream;
};

/* Extended launches (CUDA 12), which the CUDA 13 Thrust headers use. */
enum cudaLaunchAttributeID {
	cudaLaunchAttributeIgnore = 0,
	cudaLaunchAttributeAccessPolicyWindow = 1,
	cudaLaunchAttributeCooperative = 2,
	cudaLaunchAttributeSynchronizationPolicy = 3,
	cudaLaunchAttributeClusterDimension = 4,
	cudaLaunchAttributeClusterSchedulingPolicyPreference = 5,
	cudaLaunchAttributeProgrammaticStreamSerialization = 6,
	cudaLaunchAttributeProgrammaticEvent = 7,
	cudaLaunchAttributePriority = 8
};
union cudaLaunchAttributeValue {
	char pad[64];
	int cooperative;
	unsigned int programmaticStreamSerializationAllowed;
	int priority;
	struct { unsigned int x, y, z; } clusterDim;
};
typedef struct cudaLaunchAttribute_st {
	enum cudaLaunchAttributeID id;
	char pad[8 - sizeof(enum cudaLaunchAttributeID)];
	union cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
	dim3 gridDim, blockDim;
	size_t dynamicSmemBytes;
	cudaStream_t stream;
	cudaLaunchAttribute *attrs;
	unsigned int numAttrs;
} cudaLaunchConfig_t;

#endif
