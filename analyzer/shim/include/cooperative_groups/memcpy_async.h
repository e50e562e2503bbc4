/* warplint stand-in for <cooperative_groups/memcpy_async.h>: in cooperative_groups.h. */
#include <cooperative_groups.h>
