#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have their own main (compiler-rt FuzzerInterface.h).
// SwiftPM links an executable's `main` to `<module>_main`, so each target defines that and
// hands control to libFuzzer here.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

// Keeps freed memory in glibc's heap (no mmap for large blocks, no trimming), so a large seed
// does not page-fault its arrays in afresh on every run. See FuzzSupport.runFuzzer.
void svga_fuzz_keep_heap(void);
