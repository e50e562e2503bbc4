#!/bin/bash
# Files parse as nvcc compiles them (issue 12): cuda_runtime.h is there
# without an #include (host API, <<<...>>>, texture<>, the surface reads
# and writes of every shape, on objects and references, every vector type,
# half precision), the C and C++ standard headers mix with device code
# without host/device overload clashes, launches spelled '<< <...>> >'
# parse, and the CUDA library headers and Thrust parse when a toolkit is
# installed (skipped parts otherwise).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp" || exit 1
wl() { "$WARPLINT" --no-config --no-guess-includes --color=never "$@" 2>&1; }
clean() {	# file: no parse error, the one legacy call found
	out=$(wl "$1"); rc=$?
	echo "$out" | grep -q 'WL900' && fail "$1: parse error: $out"
	echo "$out" | grep -q 'cannot overload' && fail "$1: overload clash: $out"
	echo "$out" | grep -q "\[WL10[12]\]" || fail "$1: legacy call not found: $out"
	[ "$rc" = 1 ] || fail "$1: status $rc"
}

cat >implicit.cu <<'CU'
texture<float, 1, cudaReadModeElementType> tex;
texture<uchar4, 2, cudaReadModeNormalizedFloat> img;
surface<void, cudaSurfaceType2D> plane;
__constant__ float coef[4];
__global__ void k(float *p, ulong4 *u, double4 d, longlong2 l, half *h, int n,
		  cudaSurfaceObject_t layers)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float4 c = tex2D(img, 0.5f, 0.5f);
	float s;

	surf2DLayeredwrite(p[i], layers, i * 4, 0, 1, cudaBoundaryModeZero);
	surf3Dread(&s, layers, 0, 1, 2);
	surf2Dwrite(s + surf2DLayeredread<float>(layers, 0, 0, 1), plane, 0, 0);
	float v = tex1Dfetch(tex, i) + c.x + __expf(p[i]) + rsqrtf(p[i]);
	ulong1 one = make_ulong1(3);
	half hv = __hadd(__float2half(v), h[i]);
	u[i] = make_ulong4(one.x, 0, 0, 0);
	h[i] = hv * hv;
	p[i] = __shfl_down(v, 1) + (float)d.w + (float)l.x + coef[0];
}
int main()
{
	float *dp;
	cudaMalloc(&dp, 64);
	cudaBindTexture(0, tex, dp, 64);
	cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1);
	k<<<dim3(1), dim3(32), 0>>>(dp, 0, make_double4(1, 2, 3, 4),
				    make_longlong2(1, 2), 0, 32, 0);
	cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
CU
clean implicit.cu

# math_functions.hpp's float overloads of CUDA's own functions, beside
# <cmath>'s: sincos() and rsqrt() on a float.
cat >float_math.cu <<'CU'
#include <cmath>
__global__ void polar(const float *a, float *x, float *y, double *d)
{
	float s, c;

	sincos(a[threadIdx.x], &s, &c);
	sincospi(a[threadIdx.x], &s, &c);
	d[0] = rsqrt(d[1]) + jn(2, d[2]);
	x[threadIdx.x] = __shfl_down(c * rsqrt(a[0]) + erfinv(s), 1);
	y[threadIdx.x] = s * std::sqrt(a[1]) + normcdf(c) + jn(2, c);
}
CU
clean float_math.cu

# The toolkit has no float atomicMin/atomicMax, and legacy code defines
# its own, static or returning void: no clash with the shim's atomics.
cat >float_atomics.cu <<'CU'
__device__ static inline void atomicMin(float *address, float val)
{
	int *as_int = (int *)address;
	int old = *as_int, assumed;

	do {
		assumed = old;
		old = atomicCAS(as_int, assumed,
				__float_as_int(fminf(val, __int_as_float(assumed))));
	} while (assumed != old);
}
__device__ float atomicMax(float *address, float val)
{
	int *as_int = (int *)address;
	int old = *as_int, assumed;

	do {
		assumed = old;
		old = atomicCAS(as_int, assumed,
				__float_as_int(fmaxf(val, __int_as_float(assumed))));
	} while (assumed != old);
	return __int_as_float(old);
}
__global__ void bounds(float *lo, float *hi, const float *in)
{
	float v = __shfl_xor(in[threadIdx.x], 1);
	atomicMin(lo, v);
	atomicMax(hi, v);
}
CU
clean float_atomics.cu

# Helpers that are __device__ only in the device pass (__CUDA_ARCH__
# set), called by host constructors and methods: nvcc's device pass
# never checks host bodies, so neither their errors nor a WL900.
cat >arch_only.cu <<'CU'
#if defined(__CUDACC__) && defined(__CUDA_ARCH__)
#define BOTH_SIDES __device__
#else
#define BOTH_SIDES
#endif
template <class T> struct pair2 {
	T x, y;
	BOTH_SIDES pair2() {}
	BOTH_SIDES pair2(T a, T b) : x(a), y(b) {}
};
struct image {
	pair2<int> size;
	image(int w, int h) { size = pair2<int>(w, h); }
	friend int area(const image &i) { return pair2<int>(i.size).x; }
};
__global__ void first_x(const pair2<int> *p, int *out)
{
	out[threadIdx.x] = __shfl(p[threadIdx.x].x, 0);
}
CU
clean arch_only.cu

cat >stdlib.cu <<'CU'
#include <iostream>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cstdint>
#include <cmath>
#include <cfloat>
#include <climits>
#include <map>
#include <memory>
#include <string>
#include <complex>
#include <cuda_runtime.h>
__global__ void k(float *p, int64_t n)
{
	int i = threadIdx.x;
	float v = sqrtf(p[i]) + std::sqrt(p[i]) + fabs(p[i]) + exp(p[i]);
	v += fminf(v, FLT_MAX) + max(1, 2) + min(3.0f, v) + std::max(v, 1.0f);
	printf("%f %d\n", v, abs(i));
	assert(v >= 0);
	p[i] = __shfl_xor(v, 1);
}
int main()
{
	std::vector<float> x(32);
	std::sort(x.begin(), x.end());
	std::cout << std::accumulate(x.begin(), x.end(), 0.0f) << sqrtf(2.0f);
	return 0;
}
CU
clean stdlib.cu

# Older clang-format releases spelled launches with spaces.
cat >spaced.cu <<'CU'
template <class T> __global__ void k(T *p) { p[0] = __ballot(p[1] > 0); }
void launch(int *p, cudaStream_t s)
{
	k<int> << <1, 32, 0, s >> >(p);
	k<int>
		<< < dim3(2), dim3(64) >> > (p);
}
CU
clean spaced.cu

# What nvcc accepted in the headers of legacy libraries, which stops a
# clang parse for sm_70: PTX registers in asm templates, an #error for
# architectures the code did not know, a member template without
# `template`, CUDA 8's public __half bits.  The file parses without a
# WL900, and the header's own finding is still reported.
mkdir -p legacy
cat >legacy/defs.cuh <<'CU'
#pragma once
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ <= 620
constexpr int kWarp = 32;
#else
#error unknown architecture: define the warp parameters
#endif
#endif
__device__ __forceinline__ int lane_id()
{
	int l;
	asm("mov.u32 %0, %laneid;" : "=r"(l));
	return l;
}
__device__ __forceinline__ unsigned lanes_below()
{
	unsigned m;
	asm volatile("mov.u32 %0, %lanemask_lt;" : "=r"(m));
	return m;
}
template <typename T> struct Caster {
	template <typename U> __device__ static bool fits() { return sizeof(U) <= sizeof(T); }
};
template <typename T, typename U> __device__ bool fits_in() {
	return Caster<T>::fits<U>();
}
__device__ unsigned short bits(half h) { return h.x; }
__device__ float leader(float v) { return __shfl(v, 0); }
CU
cat >legacy.cu <<'CU'
#include "legacy/defs.cuh"
__global__ void k(float *p)
{
	int i = threadIdx.x;
	p[i] = leader(p[i]) + kWarp + lane_id() + __popc(lanes_below()) +
	       fits_in<int, short>();
}
CU
out=$(wl --verbose legacy.cu)
echo "$out" | grep -q 'WL900' && fail "legacy headers: parse error: $out"
echo "$out" | grep -q "defs.cuh:[0-9]*:[0-9]*: error: '__shfl' .*\[WL101\]" ||
	fail "legacy headers: the header's finding: $out"
echo "$out" | grep -q 'legacy.cu: parsed for sm_62: an #error rejects sm_70' ||
	fail "legacy headers: the architecture not said: $out"
# The header alone: its asm is respelled like any main file's.
out=$(wl legacy/defs.cuh)
echo "$out" | grep -q 'WL900' && fail "legacy header alone: parse error: $out"
echo "$out" | grep -q "\[WL101\]" || fail "legacy header alone: $out"

# NCCL 1's shape: a template calls a helper declared after it (EDG finds
# it, clang says so and calls it), and host code takes a typed device
# pointer of mapped memory through cuda_runtime.h's template overload.
cat >twophase.cu <<'CU'
template <typename T> __device__ T fetch_twice(const T *p)
{
	return fetch(p) + fetch(p + 1);
}
template <typename T> __device__ T fetch(const volatile T *p) { return *p; }
__global__ void k(float *out, const float *in)
{
	out[threadIdx.x] = __shfl(fetch_twice(in), 0);
}
int map_counter(int *host)
{
	int *dev;
	return cudaHostGetDevicePointer(&dev, host, 0) == cudaSuccess;
}
CU
clean twophase.cu

# A missing header names itself, never the standard library.
printf '#include <vector>\n#include "gone.h"\n__global__ void k(int *p) { p[0] = __shfl(p[1], 0) + GONE; }\n' >gone.cu
out=$(wl gone.cu)
echo "$out" | grep -q "gone.cu:2:10: warning: 'gone.h' file not found \[WL900\]" ||
	fail "root cause: $out"
echo "$out" | grep -q '/c++/' && fail "standard library named: $out"

# A header's own #error is the root cause, before the errors it causes
# (an old bundled CUB against the toolkit's Thrust, say).
mkdir -p vendor
printf '#ifndef NEW_ENOUGH\n#error this library needs NEW_ENOUGH\n#endif\nstruct lib_t { int x; };\n' >vendor/lib.h
printf 'template <typename T> struct box { void set(T v) { this->y = v; } };\n#include "vendor/lib.h"\n__global__ void k(int *p) { p[0] = __shfl(p[1], 0) + undeclared_t(); }\n' >raised.cu
out=$(wl raised.cu)
echo "$out" | grep -q "raised.cu:2:10: warning: vendor/lib.h:2: #error this library needs NEW_ENOUGH \[WL900\]" ||
	fail "#error as root cause: $out"

# Device code only under an #ifdef the parse skipped is nothing to
# analyse (WL105 tells of it), not a file that failed to parse: a
# warning, and exit status 1 at most.
printf '#include "gone.h"\n#ifdef GPU_FEATURE\n__global__ void k(int *p) { p[0] = __shfl(p[1], 0); }\n#endif\n' >inactive.cu
out=$(wl inactive.cu)
rc=$?
echo "$out" | grep -q "inactive.cu:1:10: warning: 'gone.h' file not found \[WL900\]" ||
	fail "inactive device code: $out"
[ "$rc" -eq 2 ] && fail "inactive device code: exit status 2: $out"

# Kernels only declared (a test that launches kernels defined elsewhere)
# are no device code either; a file with a kernel body that did not parse
# still fails.
printf '#include "gone.h"\ntemplate <typename T>\n__global__ void k(const T *in,\n    T *out);\n__device__ int counter = 0;\nclass Test : public Base<float> { Blob b; };\n' >declared.cu
out=$(wl declared.cu)
rc=$?
[ "$rc" -eq 2 ] && fail "declared kernels only: exit status 2: $out"
printf '#include "gone.h"\n__global__ void k(int *p) LAUNCH_BOUNDS(256) { p[0] = 1; }\n' >defined.cu
out=$(wl defined.cu)
rc=$?
[ "$rc" -eq 2 ] || fail "a kernel body that did not parse: exit status $rc: $out"

inc=$("$WARPLINT" --print-parse-args | sed -n '/-idirafter/{n;p}' | head -1)
if [ -n "$inc" ] && [ -f "$inc/cublas_v2.h" ]; then
	cat >libs.cu <<'CU'
#include <cublas_v2.h>
#include <cusparse.h>
#include <cufft.h>
#include <curand_kernel.h>
#include <cuComplex.h>
__global__ void k(float *p, curandState *s)
{
	p[0] = curand_uniform(s) + cuCrealf(make_cuComplex(1, 2));
	p[1] = __shfl_up(p[0], 1);
}
CU
	clean libs.cu
else
	echo "SKIP: no CUDA toolkit headers"
fi
if [ -n "$inc" ] && [ -f "$inc/cccl/thrust/device_vector.h" ]; then
	cat >thrust.cu <<'CU'
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <cub/cub.cuh>
__global__ void k(int *p) { p[0] = __any(p[1]); }
int main()
{
	thrust::device_vector<int> v(8);
	thrust::sort(v.begin(), v.end());
	return 0;
}
CU
	clean thrust.cu
else
	echo "SKIP: no Thrust headers"
fi
echo PASS
