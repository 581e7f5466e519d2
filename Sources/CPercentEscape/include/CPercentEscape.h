#ifndef CPERCENTESCAPE_H
#define CPERCENTESCAPE_H

#include <stddef.h>
#include <stdint.h>

/// Percent-escaping (SPEC §1.2–1.3) of `n` bytes of `src` into `dst`, which must hold 3·n + 3
/// bytes (or afs_percent_escape_size + 32); returns the number of bytes written. Same bytes as the core's scalar table loop
/// (PercentEscape.writeScalar), which stays the reference:
///   `table`  the 256 scalar entries (output bytes in the low bytes, their count in the top byte);
///   `low`    the allowed set as 16 nibble masks: bit h of low[l] is set when the ASCII byte
///            (h << 4 | l) is written as itself (h < 8);
///   `plus`   non-zero when a space becomes '+' (whatwgForm): such bytes take the table.
/// With AVX2 (checked once) 32 bytes are classified at a time: runs that need no escaping are
/// copied, sparse escapes go through the table, dense blocks expand 8 bytes at a time with byte
/// shuffles. Never reads past src + n; every store stays within dst + 3·n + 3.
size_t afs_percent_escape(const uint8_t *src, size_t n, uint8_t *dst, const uint32_t *table,
                          const uint8_t low[16], int plus);

/// The exact number of bytes afs_percent_escape writes for `src` (n plus 2 for every byte it
/// escapes), counted 32 bytes at a time with the same classification. A caller that allocates this
/// count may pass a `dst` of `count + 32` bytes instead of 3·n + 3: every store of the vector path
/// ends within 32 bytes past the output written so far.
size_t afs_percent_escape_size(const uint8_t *src, size_t n, const uint8_t low[16], int plus);

/// 1 when afs_percent_escape uses its AVX2 path on this CPU (for benchmarks and tests).
int afs_percent_escape_vectorized(void);

/// Forces the scalar loop (0) or lets the CPU decide (1): differential tests run both paths.
void afs_percent_escape_allow_vector(int allow);

#endif
