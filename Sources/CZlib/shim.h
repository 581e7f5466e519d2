// zlib from the system (Debian: zlib1g-dev; .ci/setup installs it when missing).
#include <zlib.h>
