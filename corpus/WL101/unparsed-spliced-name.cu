/*
 * warplint-test: a legacy shuffle whose name a line splice cuts, in a
 * statement that did not parse (an undeclared macro among its
 * arguments): the text never spells the name whole, but the tokens do,
 * and the call is found from them, without a fix.
 * disable: WL900
 */
__device__ int rotate(int v)
{
	return __sh\
fl_xor(v, 1, GROUP_WIDTH); // expect@-1: WL101 {{did not parse}}
}
