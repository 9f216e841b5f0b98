// Declarations only (include/CFuzzerDriver.h); libFuzzer provides the definition.
#include "CFuzzerDriver.h"
