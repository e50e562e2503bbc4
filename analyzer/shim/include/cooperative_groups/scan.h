/* warplint stand-in for <cooperative_groups/scan.h>: in cooperative_groups.h. */
#include <cooperative_groups.h>
