/*
 * warplint-test: a warp-synchronous reduction through a pointer that a
 * loop steps from one bin's row to the next (`hist_ += NBINS_STRIDE` in
 * the loop's increment), the way an image-descriptor kernel folds each
 * cell's histogram: in every bin the lower lanes add the upper lanes'
 * partial sums, and lane 0 then reads its neighbours' with no barrier.
 * A pointer written only by such steps points, on each trip, at its
 * initializer plus the steps taken; before, any write to it made it
 * unknown.
 */
#define LANES 16
#define BINS 9

__global__ void cell_histograms(const float *votes, float *out)
{
	__shared__ float hists[256 / LANES * LANES * BINS];
	const int lane = threadIdx.x % LANES;
	const int cell = threadIdx.x / LANES;
	float *hist = hists + cell * LANES * BINS + lane;

	for (int bin = 0; bin < BINS; ++bin)
		hist[bin * LANES] = votes[(blockIdx.x * BINS + bin) * LANES + lane];
	__syncthreads();
	volatile float *hist_ = hist;
	for (int bin = 0; bin < BINS; ++bin, hist_ += LANES) {
		float v;
		if (lane < LANES / 2) v = hist_[0] + hist_[LANES / 2]; // expect: WL301
		__syncwarp(0xffffffff);
		if (lane < LANES / 2) hist_[0] = v;
		__syncwarp(0xffffffff);
		if (lane < LANES / 4) v = hist_[0] + hist_[LANES / 4]; // expect: WL301
		__syncwarp(0xffffffff);
		if (lane < LANES / 4) hist_[0] = v;
		__syncwarp(0xffffffff);
		if (lane == 0)
			out[(blockIdx.x * (blockDim.x / LANES) + cell) * BINS + bin] = hist_[0] + hist_[1] + hist_[2] + hist_[3]; // expect: WL301
		__syncwarp(0xffffffff);
	}
}
