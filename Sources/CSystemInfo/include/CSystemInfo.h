#ifndef SVGA_C_SYSTEM_INFO_H
#define SVGA_C_SYSTEM_INFO_H

/* What Swift cannot reach directly on Linux. */

/* Versions that a library states only as a non-string macro (libjpeg-turbo's jconfig.h writes
   LIBJPEG_TURBO_VERSION as a bare 2.1.5, which Swift cannot import). */
const char *svga_libjpeg_turbo_version(void);

/* CPUs in this process's affinity mask (sched_getaffinity, a _GNU_SOURCE API the Glibc module
   does not export); 0 when it cannot be read. */
int svga_affinity_cpu_count(void);

#endif
