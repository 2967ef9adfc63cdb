#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H
#include <stddef.h>
/// Bytes malloc has handed out and not taken back (glibc: mallinfo2 uordblks + hblkhd);
/// -1 where unknown.
long long cmallocstats_bytes_in_use(void);
#endif
