#ifndef SVGA_C_SYSTEM_INFO_H
#define SVGA_C_SYSTEM_INFO_H

/* What Swift cannot reach directly on Linux. */

/* Versions that a library states only as a non-string macro (libjpeg-turbo's jconfig.h writes
   LIBJPEG_TURBO_VERSION as a bare 2.1.5, which Swift cannot import). */
const char *svga_libjpeg_turbo_version(void);

/* CPUs in this process's affinity mask (sched_getaffinity, a _GNU_SOURCE API the Glibc module
   does not export); 0 when it cannot be read. */
int svga_affinity_cpu_count(void);

/* glibc's allocator policy for large buffers (mallopt is in <malloc.h>, which the Glibc module
   does not export): buffers up to mmap_threshold bytes come from the heap, and the heap is handed
   back to the kernel only above trim_threshold. Returns 0 if glibc refused either. */
int svga_set_malloc_thresholds(int mmap_threshold, int trim_threshold);

#endif
