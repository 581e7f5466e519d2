#include "CEscapeBaseline.h"

size_t afs_baseline_escape(const uint8_t *src, size_t n, uint8_t *dst, const uint8_t allowed[256]) {
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t b = src[i];
        if (allowed[b]) {
            dst[o++] = b;
        } else {
            dst[o] = '%';
            dst[o + 1] = (uint8_t)hex[b >> 4];
            dst[o + 2] = (uint8_t)hex[b & 15];
            o += 3;
        }
    }
    return o;
}
