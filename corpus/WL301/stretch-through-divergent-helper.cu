/*
 * warplint-test: WL301 in a stretch that runs through a helper which
 * divergent code calls.  The kernel's own exchange (each lane writes its
 * slot, then reads its neighbour's) races; so does the helper's, and so
 * does the kernel's neighbour read with the helper's write after it: one
 * stretch.  Barriers are placed in the order of the file, and this race
 * runs the other way (from the kernel to the helper defined above it),
 * so the stretch as a whole has no fix.  The races within each function
 * still get theirs: a first --fix that left them out had a second --fix
 * add them, once the first run's barriers had cut the stretch apart.
 */
__device__ void pass_left(unsigned int *row, unsigned int &v)
{
	unsigned int lane = threadIdx.x % 32;

	row[lane] = v;	// expect: WL301 {{no fix for the stretch as a whole: a race runs from a later function}}
	v = row[(lane + 1) % 32];	// expect: WL301 {{one stretch with line 16: see the note there}}
}

__global__ void exchange(unsigned int *data)
{
	__shared__ unsigned int row[32];
	unsigned int lane = threadIdx.x % 32;
	unsigned int v = data[threadIdx.x];

	row[lane] = v;	// expect: WL301 {{the fix covers the races within 'exchange' only}}
	v += row[lane ^ 1];	// expect: WL301
	if (v & 1)
		pass_left(row, v);
	data[threadIdx.x] = v;
}
