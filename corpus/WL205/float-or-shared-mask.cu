/*
 * warplint-test: WL205 mask arguments that cannot be lane masks: a float,
 * and the very value being exchanged.  No fix: the intended mask is
 * unknown.
 */
__global__ void smooth(float *data, float weight)
{
	float v = data[threadIdx.x];

	v = __shfl_sync(weight, v, 0);	// expect: WL205 {{has floating-point type 'float'}}
	data[threadIdx.x] = v;
}

__global__ void rotate(unsigned *keys)
{
	unsigned k = keys[threadIdx.x];

	k = __shfl_sync(k, k, (threadIdx.x + 1) & 31);	// expect: WL205 {{'k' is both the mask and the value of '__shfl_sync'}}
	keys[threadIdx.x] = k;
}

__global__ void or_down(unsigned *words)
{
	unsigned x = words[threadIdx.x];

	x |= __shfl_down_sync(x, 1, 32);	// expect: WL205 {{no fix: 'x' is unsigned and may be meant as the mask}}
	words[threadIdx.x] = x;
}
