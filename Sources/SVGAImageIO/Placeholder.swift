import CPNG
import CZlib
let _pngVersion = PNG_LIBPNG_VER
