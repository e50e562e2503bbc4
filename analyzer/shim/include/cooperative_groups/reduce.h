/* warplint stand-in for <cooperative_groups/reduce.h>: in cooperative_groups.h. */
#include <cooperative_groups.h>
