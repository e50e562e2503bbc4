/*
 * warplint-test: WL204 also checks the legacy forms (which WL101 migrates):
 * the fix keeps the width, so the bad width survives the migration.
 */
__global__ void legacy_rows(float *data)
{
	float v = data[threadIdx.x];

	v += __shfl_down_sync(0xffffffff, v, 32);	// expect: WL101 WL204 {{delta 32 of '__shfl_down'}}
	v += __shfl_sync(0xffffffff, v, 3, 24);	// expect: WL101 WL204 {{width 24 of '__shfl'}}
	data[threadIdx.x] = v;
}
