/* warplint stand-in */
#include <cooperative_groups.h>
