#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have their own main (compiler-rt FuzzerInterface.h).
// SwiftPM links an executable's `main` to `<module>_main`, so each target defines that and
// hands control to libFuzzer here.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
