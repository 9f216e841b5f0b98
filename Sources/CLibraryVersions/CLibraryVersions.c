#include <stdio.h>
#include <jconfig.h>
#include "CLibraryVersions.h"

#define SVGA_STRINGIFY_(x) #x
#define SVGA_STRINGIFY(x) SVGA_STRINGIFY_(x)

const char *svga_libjpeg_turbo_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return SVGA_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    return "unknown";
#endif
}
