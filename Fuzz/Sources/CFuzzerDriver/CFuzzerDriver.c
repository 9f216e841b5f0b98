#include "CFuzzerDriver.h"
#include <malloc.h>

// LLVMFuzzerRunDriver is declared in the header and defined by libFuzzer.

void svga_fuzz_keep_heap(void) {
    mallopt(M_MMAP_THRESHOLD, 512 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
