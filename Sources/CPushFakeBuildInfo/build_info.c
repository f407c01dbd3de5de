// SwiftPM needs one source file per C target; everything lives in include/CPushFakeBuildInfo.h.
#include "CPushFakeBuildInfo.h"
