/*
 * warplint-test: WL301 a member function template of a class template,
 * called from a kernel through the class's specialization
 * (`LastLane<float>::broadcast(...)`, its own template argument deduced).
 * libclang names the callee as an instance of an instance: the member
 * template of `LastLane<float>`, which is itself an instance of the member
 * template the file wrote.  The call is followed up that chain, so the
 * caller is seen: the race is reported at the call too, and the fix takes
 * its mask from the kernel (safe), not from the pre-Volta convention for
 * a volatile pointer with an unseen caller.
 */

template <typename T>
struct LastLane {
	template <typename U>
	static __device__ T broadcast(U own, volatile T *cells, int lane)
	{
		cells[lane] = (T)own;	// expect: WL301 {{lane 31 writes cells[lane]}}
		return cells[31];	// expect: WL301 {{written by lane 31}}
	}
};

__global__ void last_of_each_warp(const int *in, float *out)
{
	__shared__ volatile float cells[8][32];
	int lane = threadIdx.x & 31;

	out[threadIdx.x] = LastLane<float>::broadcast(in[threadIdx.x],	// expect: WL301 {{'broadcast' lets lanes of a warp race on 'cells'}}
						      cells[threadIdx.x >> 5],
						      lane);
}
