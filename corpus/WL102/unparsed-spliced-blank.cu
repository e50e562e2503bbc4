/*
 * warplint-test: a legacy vote whose name a line splice cuts, with blanks
 * between the backslash and the newline (clang joins the lines all the
 * same), in a statement that did not parse: found from the tokens,
 * without a fix.  The blanks after the backslash below are the case.
 * disable: WL900
 */
__device__ unsigned any_set(int p)
{
	return __bal\  
lot(p && EXTRA_FLAG); // expect@-1: WL102 {{did not parse}}
}
