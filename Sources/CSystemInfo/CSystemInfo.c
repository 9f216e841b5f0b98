#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
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
