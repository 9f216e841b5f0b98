#ifndef SVGA_C_LIBRARY_VERSIONS_H
#define SVGA_C_LIBRARY_VERSIONS_H

/* Versions that a library states only as a non-string macro (libjpeg-turbo's jconfig.h writes
   LIBJPEG_TURBO_VERSION as a bare 2.1.5, which Swift cannot import). */
const char *svga_libjpeg_turbo_version(void);

#endif
