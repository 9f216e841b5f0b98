#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <malloc.h>
#include <jconfig.h>
#include "CSystemInfo.h"

#define SVGA_STRINGIFY_(x) #x
#define SVGA_STRINGIFY(x) SVGA_STRINGIFY_(x)

const char *svga_libjpeg_turbo_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return SVGA_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    return "unknown";
#endif
}

int svga_affinity_cpu_count(void) {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
#endif
    return 0;
}

int svga_set_malloc_thresholds(int mmap_threshold, int trim_threshold) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold);
#else
    return 0;
#endif
}
