#include "CMallocStats.h"
#if defined(__linux__)
#include <malloc.h>
#endif
#if defined(__GLIBC__)
long long cmallocstats_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (long long)info.uordblks + (long long)info.hblkhd;
}
#else
long long cmallocstats_bytes_in_use(void) { return -1; }
#endif
