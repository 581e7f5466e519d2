// expat from the system (Debian: libexpat1-dev; .ci/setup installs it when missing): the response
// fuzz target's XML oracle only, never the core.
#include <expat.h>
