/*
 * warplint-test: a loop to an end taken from its own index is uniform
 * only while the distance is the same in every thread.  Each kernel
 * below breaks that once: the length is the thread's own, the index
 * moves by a thread-dependent amount after the end was taken, or some
 * lanes skip a step.  The uniform form is ok-loop-to-end-from-index.cu.
 */
__global__ void own_length(const float *in, float *out)
{
	__shared__ float s[256];
	const float *p = in + threadIdx.x;
	const float *end = p + threadIdx.x;
	float acc = 0;

	for (; p < end; p += 32) {
		s[threadIdx.x] = *p;
		__syncthreads(); // expect: WL501 {{thread-dependent number of times}}
		acc += s[255 - threadIdx.x];
	}
	out[threadIdx.x] = acc;
}

__global__ void moved_after(const float *in, float *out, int n)
{
	__shared__ float s[256];
	const float *p = in;
	const float *end = p + n;
	float acc = 0;

	p += threadIdx.x;
	while (p < end) {
		s[threadIdx.x] = *p;
		__syncthreads(); // expect: WL501 {{thread-dependent number of times}}
		acc += s[255 - threadIdx.x];
		p += 256;
	}
	out[threadIdx.x] = acc;
}

__global__ void skipped_step(const float *in, float *out, int n)
{
	__shared__ float s[256];
	const float *p = in + threadIdx.x;
	const float *end = p + n;
	float acc = 0;

	while (p < end) {
		s[threadIdx.x] = *p;
		__syncthreads(); // expect: WL501 {{thread-dependent number of times}}
		acc += s[255 - threadIdx.x];
		if (threadIdx.x & 1)
			p += 256;
		p += 256;
	}
	out[threadIdx.x] = acc;
}
