#ifndef CESCAPEBASELINE_H
#define CESCAPEBASELINE_H
#include <stddef.h>
#include <stdint.h>

/// The benchmark's peer (afbench escaping): a plain C table loop, as anyone would write it, built
/// with -O3 -march=native. `allowed[b]` is non-zero when byte b is written as itself; every other
/// byte becomes %XX (uppercase). Returns the bytes written (dst holds 3·n).
size_t afs_baseline_escape(const uint8_t *src, size_t n, uint8_t *dst, const uint8_t allowed[256]);
#endif
