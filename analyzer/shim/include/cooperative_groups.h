/* warplint stand-in for <cooperative_groups.h>: the types and the calls
 * that warp-level code uses, enough to parse and to see barriers. */
#ifndef WARPLINT_COOPERATIVE_GROUPS_H
#define WARPLINT_COOPERATIVE_GROUPS_H
namespace cooperative_groups {
class thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned size() const;
	__device__ unsigned num_threads() const;
	__device__ unsigned thread_rank() const;
};
class thread_block : public thread_group {
public:
	__device__ dim3 group_index() const;
	__device__ dim3 thread_index() const;
	__device__ dim3 group_dim() const;
};
class grid_group : public thread_group {
public:
	__device__ bool is_valid() const;
};
class coalesced_group : public thread_group {
public:
	template <class T> __device__ T shfl(T v, int src) const;
	template <class T> __device__ T shfl_down(T v, unsigned d) const;
	template <class T> __device__ T shfl_up(T v, unsigned d) const;
	__device__ unsigned ballot(int p) const;
	__device__ int any(int p) const;
	__device__ int all(int p) const;
	__device__ unsigned meta_group_rank() const;
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
	__device__ unsigned meta_group_rank() const;
	__device__ unsigned meta_group_size() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned Size, class P> __device__ thread_block_tile<Size, P> tiled_partition(const P &parent);
__device__ thread_group tiled_partition(const thread_group &parent, unsigned size);
template <class G> __device__ void sync(const G &g) { g.sync(); }
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };
template <class G, class T, class Op> __device__ T reduce(const G &g, T v, Op op);
template <class G, class T> __device__ T inclusive_scan(const G &g, T v);
template <class G, class T> __device__ T exclusive_scan(const G &g, T v);
}
#endif
