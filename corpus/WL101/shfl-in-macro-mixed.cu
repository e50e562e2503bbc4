/*
 * warplint-test: WL101 a macro used where different masks apply gets no
 * fix: its body is shared, so the user must give it a mask parameter.
 */
#define BROADCAST(v) __shfl((v), 0)

__global__ void macro_mixed(int *data)
{
	int v = data[threadIdx.x];

	v = BROADCAST(v); // expect: WL101 {{different masks apply}}
	if ((threadIdx.x & 31) < 16)
		v += BROADCAST(v); // expect: WL101 {{different masks apply}}
	data[threadIdx.x] = v;
}
