/*
 * warplint stand-in for <cooperative_groups.h>: the types and the calls
 * that warp-level code uses, enough to parse and to see barriers.
 */
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#include <cuda_runtime.h>

namespace cooperative_groups {
class thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned long long size() const;
	__device__ unsigned long long num_threads() const;
	__device__ unsigned long long thread_rank() const;
	__device__ dim3 group_dim() const;
};
class thread_block : public thread_group {
public:
	__device__ dim3 group_index() const;
	__device__ dim3 thread_index() const;
	__device__ dim3 dim_threads() const;
};
class grid_group : public thread_group {
public:
	__device__ bool is_valid() const;
	__device__ dim3 group_dim() const;
	__device__ unsigned long long block_rank() const;
};
class multi_grid_group : public thread_group {
public:
	__device__ bool is_valid() const;
	__device__ unsigned int grid_rank() const;
	__device__ unsigned int num_grids() const;
};
class coalesced_group : public thread_group {
public:
	template <class T> __device__ T shfl(T v, int src) const;
	template <class T> __device__ T shfl_down(T v, unsigned d) const;
	template <class T> __device__ T shfl_up(T v, unsigned d) const;
	__device__ unsigned ballot(int p) const;
	__device__ int any(int p) const;
	__device__ int all(int p) const;
	template <class T> __device__ unsigned match_any(T v) const;
	template <class T> __device__ unsigned match_all(T v, int &p) const;
	__device__ unsigned meta_group_rank() const;
	__device__ unsigned meta_group_size() const;
};
template <unsigned Size, class Parent = void>
class thread_block_tile : public thread_group {
public:
	template <class T> __device__ T shfl(T v, int src) const;
	template <class T> __device__ T shfl_down(T v, unsigned d) const;
	template <class T> __device__ T shfl_up(T v, unsigned d) const;
	template <class T> __device__ T shfl_xor(T v, unsigned m) const;
	__device__ unsigned ballot(int p) const;
	__device__ int any(int p) const;
	__device__ int all(int p) const;
	template <class T> __device__ unsigned match_any(T v) const;
	template <class T> __device__ unsigned match_all(T v, int &p) const;
	__device__ unsigned meta_group_rank() const;
	__device__ unsigned meta_group_size() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ multi_grid_group this_multi_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned Size, class P>
__device__ thread_block_tile<Size, P> tiled_partition(const P &parent);
__device__ thread_group tiled_partition(const thread_group &parent,
					unsigned size);
template <class G> __device__ void sync(const G &g) { g.sync(); }
template <class T> struct plus {
	__device__ T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
	__device__ T operator()(T a, T b) const { return a < b ? a : b; }
};
template <class T> struct greater {
	__device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
template <class T> struct bit_and {
	__device__ T operator()(T a, T b) const { return a & b; }
};
template <class T> struct bit_or {
	__device__ T operator()(T a, T b) const { return a | b; }
};
template <class T> struct bit_xor {
	__device__ T operator()(T a, T b) const { return a ^ b; }
};
template <class G, class T, class Op> __device__ T reduce(const G &g, T v, Op op);
template <class G, class T> __device__ T inclusive_scan(const G &g, T v);
template <class G, class T, class Op>
__device__ T inclusive_scan(const G &g, T v, Op op);
template <class G, class T> __device__ T exclusive_scan(const G &g, T v);
template <class G, class T, class Op>
__device__ T exclusive_scan(const G &g, T v, Op op);
template <class G, class T>
__device__ void memcpy_async(const G &g, T *dst, const T *src, size_t n);
template <class G> __device__ void wait(const G &g);
}

#endif
