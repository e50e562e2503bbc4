/*
 * warplint-test: the near misses of loop-lane-trips-ballot.cu, loops
 * whose trip count differs between lanes where a ballot of the test
 * would not name the lanes at the call: a lane may leave the loop on its
 * own before it (a `break`; for a `continue`, see
 * loop-continue-ballot.cu), the test cannot be evaluated twice (a side
 * effect, memory the lanes write), or the call is in the loop's header
 * or the header holds a vote of its own.  No fix; the note says why.
 */
__device__ int next_item(int *cursor);

__global__ void until_negative(const int *in, int *out, int n)
{
	int v = 0;

	for (int i = threadIdx.x; i < n; i += 32) {
		if (in[i] < 0)
			break;
		v += __shfl_down(in[i], 1);	// expect: WL101 {{lanes may leave an iteration on their own (line 18)}}
	}
	out[threadIdx.x] = v;
}

__global__ void drain_queue(int *cursor, int *out)
{
	int v = 0, item;

	while ((item = next_item(cursor)) >= 0)
		v += __shfl_up(item, 1);	// expect: WL101 {{no fix: the condition of the loop at line 28 may have side effects}}
	out[threadIdx.x] = v;
}

__global__ void count_down(int *work, int *out)
{
	int lane = threadIdx.x % 32;
	int v = 0;

	while (work[lane] > 0) {
		v += __shfl_down(work[lane], 1);	// expect: WL101 {{no fix: the condition reads 'work'}}
		work[lane] -= 1;
	}
	out[threadIdx.x] = v;
}

__global__ void vote_in_test(const int *flags, int *out, int n)
{
	int i = threadIdx.x;

	while (i < n && __any(flags[i]))	// expect: WL102 {{no fix: the loop at line 49}}
		i += 32;
	out[threadIdx.x] = i;
}

__global__ void vote_in_test_then_shuffle(const int *flags, int *out, int n)
{
	int i = threadIdx.x, v = 0;

	while (i < n && __any(flags[i])) {	// expect: WL102 {{no fix: the loop at line 58}}
		v += __shfl_down(flags[i], 1);	// expect: WL101 {{the condition of the loop at line 58 calls '__any'}}
		i += 32;
	}
	out[threadIdx.x] = v;
}
