#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate a deterministic, realistic CUDA corpus for bench/run.

The same --seed and --files always give the same bytes.  The corpus looks
like a mid-sized CUDA code base: project headers under include/proj/,
sources in module directories, mostly element-wise kernels, host launch
code and templates that no warplint rule can fire on, some modern warp
code (_sync primitives, __shared__, __syncthreads) that must be parsed
but is clean, and about 5% legacy code: legacy shuffles and votes,
volatile reduction tails, legacy PTX, and a legacy call reached only
through a macro defined in a project header.  A few files are large
(20,000+ lines).  Separately, scale/ holds files of about 1k, 10k and
100k lines of the same mix, to show how time grows with file size.

manifest.json records every file with its kind and line count.

Standard library only.
"""
import argparse
import json
import os
import random

HEADERS = {
    "proj/common.cuh": """\
#ifndef PROJ_COMMON_CUH
#define PROJ_COMMON_CUH
#include <cstdint>
#include <cuda_runtime.h>

#define PROJ_BLOCK 256
#define PROJ_CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) return e_; } while (0)
#define PROJ_DIV_UP(a, b) (((a) + (b) - 1) / (b))

namespace proj {
typedef int64_t index_t;

template <class T> struct span {
	T *data;
	index_t size;
	__host__ __device__ T &operator[](index_t i) const { return data[i]; }
};

__host__ __device__ inline index_t grid_stride_begin(void)
{
#ifdef __CUDA_ARCH__
	return (index_t)blockIdx.x * blockDim.x + threadIdx.x;
#else
	return 0;
#endif
}
} // namespace proj
#endif
""",
    "proj/math.cuh": """\
#ifndef PROJ_MATH_CUH
#define PROJ_MATH_CUH
#include "common.cuh"

namespace proj {
template <class T> __device__ __forceinline__ T clamp(T v, T lo, T hi)
{
	return v < lo ? lo : (v > hi ? hi : v);
}
__device__ __forceinline__ float sigmoid(float x)
{
	return 1.0f / (1.0f + expf(-x));
}
__device__ __forceinline__ float gelu(float x)
{
	return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}
} // namespace proj
#endif
""",
    "proj/launch.cuh": """\
#ifndef PROJ_LAUNCH_CUH
#define PROJ_LAUNCH_CUH
#include "common.cuh"

namespace proj {
inline dim3 grid_for(index_t n, int block = PROJ_BLOCK)
{
	return dim3((unsigned)PROJ_DIV_UP(n, block));
}
} // namespace proj
#endif
""",
    "proj/config.h": """\
#ifndef PROJ_CONFIG_H
#define PROJ_CONFIG_H
#define PROJ_VERSION_MAJOR 3
#define PROJ_VERSION_MINOR 2
#define PROJ_HAS_FP16 1
#endif
""",
    # The one header with legacy code: a macro whose expansion is a legacy
    # shuffle.  A file that uses WARP_SUM never spells __shfl itself.
    "proj/warp_legacy.cuh": """\
#ifndef PROJ_WARP_LEGACY_CUH
#define PROJ_WARP_LEGACY_CUH
/* Written for Kepler; never migrated. */
#define WARP_SUM_STEP(v, o) ((v) + __shfl_down((v), (o)))
#define WARP_SUM(v) \\
	(v = WARP_SUM_STEP(v, 16), v = WARP_SUM_STEP(v, 8), \\
	 v = WARP_SUM_STEP(v, 4), v = WARP_SUM_STEP(v, 2), \\
	 v = WARP_SUM_STEP(v, 1))
#endif
""",
    "proj/warp.cuh": """\
#ifndef PROJ_WARP_CUH
#define PROJ_WARP_CUH
#define FULL_MASK 0xffffffffu
template <class T> __device__ T warp_sum(T v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(FULL_MASK, v, o);
	return v;
}
#endif
""",
}

TYPES = ["float", "double", "int", "unsigned"]
OPS = ["a[i] + b[i]", "a[i] * b[i]", "a[i] - s * b[i]", "a[i] > b[i] ? a[i] : b[i]",
       "s * a[i] + b[i]", "(a[i] + b[i]) * 0.5f"]
MATH = ["proj::sigmoid", "proj::gelu", "sqrtf", "fabsf", "expf"]


def clean_kernel(r, name):
    """An element-wise or math kernel: no token any rule looks for."""
    t = r.choice(TYPES)
    op = r.choice(OPS)
    kind = r.randrange(4)
    if kind == 0:
        return f"""\
__global__ void {name}({t} *out, const {t} *a, const {t} *b, {t} s, proj::index_t n)
{{
	for (proj::index_t i = proj::grid_stride_begin(); i < n;
	     i += (proj::index_t)blockDim.x * gridDim.x)
		out[i] = ({t})({op});
}}
"""
    if kind == 1:
        f = r.choice(MATH)
        return f"""\
__global__ void {name}(float *out, const float *in, int n)
{{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = in[i];
	float y = {f}(x);
	out[i] = proj::clamp(y, -{r.randrange(1, 9)}.0f, {r.randrange(1, 9)}.0f);
}}
"""
    if kind == 2:
        return f"""\
template <class T, int UNROLL>
__global__ void {name}(T *dst, const T *src, int n, T scale)
{{
	int base = (blockIdx.x * blockDim.x + threadIdx.x) * UNROLL;
#pragma unroll
	for (int k = 0; k < UNROLL; k++) {{
		int i = base + k;
		if (i < n)
			dst[i] = src[i] * scale + (T){r.randrange(0, 5)};
	}}
}}
template __global__ void {name}<float, 4>(float *, const float *, int, float);
"""
    return f"""\
__global__ void {name}(int *hist, const unsigned char *data, int n, int bins)
{{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int stride = blockDim.x * gridDim.x;
	for (; i < n; i += stride)
		atomicAdd(&hist[data[i] % bins], {r.randrange(1, 3)});
}}
"""


def host_code(r, kernels, idx):
    k = r.choice(kernels)
    return f"""\
// Host wrapper {idx} for {k}.
int launch_{idx}(float *out, const float *a, const float *b, int n)
{{
	float *d = 0;
	PROJ_CHECK(cudaMalloc(&d, n * sizeof(float)));
	PROJ_CHECK(cudaMemcpy(d, a, n * sizeof(float), cudaMemcpyHostToDevice));
	dim3 grid = proj::grid_for(n);
	(void)grid; (void)b; (void)out;
	PROJ_CHECK(cudaFree(d));
	return 0;
}}
"""


def modern_kernel(r, name):
    """Clean modern warp code: must be parsed (it has __shared__, _sync)."""
    kind = r.randrange(2)
    if kind == 0:
        return f"""\
__global__ void {name}(float *out, const float *in, int n)
{{
	__shared__ float partial[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = i < n ? in[i] : 0.0f;
	v = warp_sum(v);
	if ((threadIdx.x & 31) == 0)
		partial[threadIdx.x / 32] = v;
	__syncthreads();
	if (threadIdx.x < 32) {{
		v = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : 0.0f;
		v = warp_sum(v);
		if (threadIdx.x == 0)
			out[blockIdx.x] = v;
	}}
}}
"""
    return f"""\
__global__ void {name}(float *tile_out, const float *in, int w)
{{
	__shared__ float tile[32][33];
	int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
	tile[threadIdx.y][threadIdx.x] = in[y * w + x];
	__syncthreads();
	tile_out[x * w + y] = tile[threadIdx.x][threadIdx.y];
}}
"""


def legacy_kernel(r, name, kind):
    if kind == "shfl":
        f = r.choice(["__shfl_down", "__shfl_xor"])
        return f"""\
__device__ float {name}_reduce(float v)
{{
	for (int o = 16; o > 0; o /= 2)
		v += {f}(v, o);
	return v;
}}
__global__ void {name}(float *out, const float *in)
{{
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];
	v = {name}_reduce(v);
	if ((threadIdx.x & 31) == 0)
		out[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = v;
}}
"""
    if kind == "vote":
        return f"""\
__global__ void {name}(unsigned *mask_out, int *any_out, const int *flags)
{{
	int f = flags[blockIdx.x * blockDim.x + threadIdx.x];
	unsigned m = __ballot(f != 0);
	int a = __any(f < 0);
	if ((threadIdx.x & 31) == 0) {{
		mask_out[blockIdx.x] = m;
		any_out[blockIdx.x] = a;
	}}
}}
"""
    if kind == "volatile":
        return f"""\
__global__ void {name}(int *out, const int *in)
{{
	__shared__ int sdata[256];
	unsigned tid = threadIdx.x;
	sdata[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {{
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}}
	if (tid < 32) {{
		volatile int *v = sdata;
		v[tid] += v[tid + 32];
		v[tid] += v[tid + 16];
		v[tid] += v[tid + 8];
		v[tid] += v[tid + 4];
		v[tid] += v[tid + 2];
		v[tid] += v[tid + 1];
	}}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}}
"""
    if kind == "asm":
        return f"""\
__device__ int {name}_shfl_up(int v, int d)
{{
	int r;
	asm volatile("shfl.up.b32 %0, %1, %2, 0x0;" : "=r"(r) : "r"(v), "r"(d));
	return r;
}}
__global__ void {name}(int *data)
{{
	int v = data[threadIdx.x];
	data[threadIdx.x] = v + {name}_shfl_up(v, 1);
}}
"""
    # "macro": the legacy call comes only from proj/warp_legacy.cuh.
    return f"""\
__global__ void {name}(float *out, const float *in)
{{
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];
	WARP_SUM(v);
	if ((threadIdx.x & 31) == 0)
		out[blockIdx.x] = v;
}}
"""


LEGACY_KINDS = ["shfl", "vote", "volatile", "asm", "macro"]


def preamble(r, kind):
    inc = ["#include <cstdio>" if r.random() < 0.4 else "#include <cstdint>",
           '#include "proj/common.cuh"', '#include "proj/math.cuh"',
           '#include "proj/launch.cuh"']
    if r.random() < 0.3:
        inc.append('#include "proj/config.h"')
    if kind == "modern":
        inc.append('#include "proj/warp.cuh"')
    if kind == "macro":
        inc.append('#include "proj/warp_legacy.cuh"')
    return "\n".join(inc) + "\n"


def make_file(r, stem, kind, target_lines):
    """A file of about @target_lines lines; @kind decides its one special
    kernel (clean files have none)."""
    parts = [f"// {stem}.cu: generated by bench/gen_corpus.py\n", preamble(r, kind), "\n"]
    kernels = []
    lines = sum(p.count("\n") for p in parts)
    n = 0
    special_at = r.randrange(max(1, target_lines // 40))
    while lines < target_lines or n == 0:
        name = f"{stem}_k{n}"
        if n == special_at and kind in LEGACY_KINDS:
            text = legacy_kernel(r, name, kind)
        elif n == special_at and kind == "modern":
            text = modern_kernel(r, name)
        else:
            text = clean_kernel(r, name)
            kernels.append(name)
        parts.append(text + "\n")
        lines += text.count("\n") + 1
        n += 1
        if kernels and r.random() < 0.15:
            text = host_code(r, kernels, f"{stem}_h{n}")
            parts.append(text + "\n")
            lines += text.count("\n") + 1
    if n <= special_at and kind != "clean":
        parts.append(legacy_kernel(r, f"{stem}_late", kind) if kind in LEGACY_KINDS
                     else modern_kernel(r, f"{stem}_late"))
    return "".join(parts)


def size_for(r, i, nr_big):
    if i < nr_big:
        return r.randrange(20000, 30000)
    x = r.random()
    if x < 0.70:
        return r.randrange(40, 300)
    if x < 0.95:
        return r.randrange(300, 1500)
    return r.randrange(1500, 6000)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--big", type=int, default=4,
                    help="files of 20,000+ lines (default 4)")
    ap.add_argument("--legacy", type=float, default=0.05)
    ap.add_argument("--modern", type=float, default=0.05)
    ap.add_argument("--scale", default="1000,10000,100000",
                    help="line counts of the scale/ files")
    a = ap.parse_args()
    r = random.Random(a.seed)
    for name, text in HEADERS.items():
        write(os.path.join(a.out, "include", name), text)
    manifest = {"seed": a.seed, "files": [], "scale": []}
    nr_legacy = round(a.files * a.legacy)
    nr_modern = round(a.files * a.modern)
    kinds = ([LEGACY_KINDS[i % len(LEGACY_KINDS)] for i in range(nr_legacy)] +
             ["modern"] * nr_modern +
             ["clean"] * (a.files - nr_legacy - nr_modern))
    r.shuffle(kinds)
    for i in range(a.files):
        # The big files are clean: 20k-line files of generated kernels.
        kind = "clean" if i < a.big else kinds[i]
        stem = f"f{i:04d}"
        rel = os.path.join("src", f"mod{i % 20:02d}", stem + ".cu")
        text = make_file(r, stem, kind, size_for(r, i, a.big))
        write(os.path.join(a.out, rel), text)
        manifest["files"].append({"path": rel, "kind": kind,
                                  "lines": text.count("\n")})
    # Scale files: the same mix, every 20th kernel legacy, so they parse.
    for n in [int(x) for x in a.scale.split(",") if x]:
        parts = [f"// scale {n}\n", preamble(r, "macro"), "\n"]
        lines, k = 0, 0
        while lines < n:
            name = f"s{n}_k{k}"
            text = (legacy_kernel(r, name, LEGACY_KINDS[(k // 20) % 5])
                    if k % 20 == 0 else clean_kernel(r, name))
            parts.append(text + "\n")
            lines += text.count("\n") + 1
            k += 1
        rel = os.path.join("scale", f"lines_{n}.cu")
        text = "".join(parts)
        write(os.path.join(a.out, rel), text)
        manifest["scale"].append({"path": rel, "lines": text.count("\n")})
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)


if __name__ == "__main__":
    main()
