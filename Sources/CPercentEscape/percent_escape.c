// SIMD percent-escaping. See include/CPercentEscape.h for the contract.
#include "CPercentEscape.h"

#include <pthread.h>
#include <string.h>

#if defined(__x86_64__) && !defined(AFS_ESCAPE_SCALAR_ONLY)
#include <immintrin.h>
#endif

/// The scalar loop: one table entry per byte, the whole 4-byte entry stored, the cursor advanced by
/// its count (later stores overwrite the spare bytes).
static inline size_t escape_scalar(const uint8_t *src, size_t n, uint8_t *dst, const uint32_t *table) {
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t e = table[src[i]];
        memcpy(dst + o, &e, 4);
        o += e >> 24;
    }
    return o;
}

/// How many bytes the scalar loop writes as three bytes (a '+' for a space is one byte).
static inline size_t count_scalar(const uint8_t *src, size_t n, const uint8_t low[16], int plus) {
    size_t escaped = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t b = src[i];
        int raw = b < 0x80 && ((low[b & 15] >> (b >> 4)) & 1);
        escaped += !(raw || (plus && b == ' '));
    }
    return escaped;
}

static int vector_allowed = 1;  // read and written atomically: tests flip it while others escape

#if defined(__x86_64__) && !defined(AFS_ESCAPE_SCALAR_ONLY)

/// For each 8-bit mask of "escape this byte", how 8 input bytes expand: output byte p comes from
/// X = [B0..B7, H0..H7] (raw bytes, high hex digits) or Y = [L0..L7, '%'×8] (low hex digits, '%');
/// an index with the top bit set takes nothing from that vector (pshufb writes zero).
static uint8_t expand_x[256][32];
static uint8_t expand_y[256][32];
static uint8_t expand_len[256];
static int have_avx2;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init(void) {
    for (int m = 0; m < 256; m++) {
        memset(expand_x[m], 0x80, 32);
        memset(expand_y[m], 0x80, 32);
        int p = 0;
        for (int j = 0; j < 8; j++) {
            if (m & (1 << j)) {
                expand_y[m][p++] = 8;          // '%'
                expand_x[m][p++] = (uint8_t)(8 + j);  // high digit
                expand_y[m][p++] = (uint8_t)j;        // low digit
            } else {
                expand_x[m][p++] = (uint8_t)j;        // the byte itself
            }
        }
        expand_len[m] = (uint8_t)p;
    }
    __builtin_cpu_init();
    have_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
}

/// Expands 8 input bytes (the low or high half of `b`, with their hex digits) whose escape mask
/// is `m`; writes 24 bytes at `dst` (the output is `expand_len[m]` of them).
__attribute__((target("avx2")))
static inline size_t expand8(__m128i x, __m128i y, unsigned m, uint8_t *dst) {
    const __m128i *sx = (const __m128i *)expand_x[m], *sy = (const __m128i *)expand_y[m];
    __m128i o0 = _mm_or_si128(_mm_shuffle_epi8(x, _mm_loadu_si128(sx)), _mm_shuffle_epi8(y, _mm_loadu_si128(sy)));
    __m128i o1 = _mm_or_si128(_mm_shuffle_epi8(x, _mm_loadu_si128(sx + 1)), _mm_shuffle_epi8(y, _mm_loadu_si128(sy + 1)));
    _mm_storeu_si128((__m128i *)dst, o0);
    _mm_storel_epi64((__m128i *)(dst + 16), o1);
    return expand_len[m];
}

/// 16 input bytes that are all escaped (CJK text, emoji, runs of reserved characters): 48 output
/// bytes from the interleaved hex digits by three constant shuffles, no per-mask table.
__attribute__((target("avx2")))
static inline void escape_all16(__m128i hi, __m128i lo, uint8_t *dst) {
    const __m128i p0 = _mm_unpacklo_epi8(hi, lo), p1 = _mm_unpackhi_epi8(hi, lo);  // H0 L0 H1 L1 …
    const __m128i mid = _mm_alignr_epi8(p1, p0, 10);                                // p0[10..] p1[..9]
    const char z = (char)0x80;  // pshufb writes 0 there; the '%' comes from the OR below
    const __m128i s0 = _mm_setr_epi8(z, 0, 1, z, 2, 3, z, 4, 5, z, 6, 7, z, 8, 9, z);
    const __m128i s1 = _mm_setr_epi8(0, 1, z, 2, 3, z, 4, 5, z, 6, 7, z, 8, 9, z, 10);
    const __m128i s2 = _mm_setr_epi8(5, z, 6, 7, z, 8, 9, z, 10, 11, z, 12, 13, z, 14, 15);
    const __m128i m0 = _mm_setr_epi8('%', 0, 0, '%', 0, 0, '%', 0, 0, '%', 0, 0, '%', 0, 0, '%');
    const __m128i m1 = _mm_setr_epi8(0, 0, '%', 0, 0, '%', 0, 0, '%', 0, 0, '%', 0, 0, '%', 0);
    const __m128i m2 = _mm_setr_epi8(0, '%', 0, 0, '%', 0, 0, '%', 0, 0, '%', 0, 0, '%', 0, 0);
    _mm_storeu_si128((__m128i *)dst, _mm_or_si128(_mm_shuffle_epi8(p0, s0), m0));
    _mm_storeu_si128((__m128i *)(dst + 16), _mm_or_si128(_mm_shuffle_epi8(mid, s1), m1));
    _mm_storeu_si128((__m128i *)(dst + 32), _mm_or_si128(_mm_shuffle_epi8(p1, s2), m2));
}

/// 16 input bytes at `src` with escape mask `m16`: two groups of 8, each copied (no escape),
/// expanded by shuffles, or (a '+' byte in it) sent through the table.
__attribute__((target("avx2")))
static inline size_t dense16(const uint8_t *src, unsigned m16, unsigned plus16, uint8_t *dst, const uint32_t *table) {
    const __m128i digits = _mm_setr_epi8('0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F');
    const __m128i nib = _mm_set1_epi8(0x0F), pct = _mm_set1_epi8('%');
    __m128i b = _mm_loadu_si128((const __m128i *)src);
    __m128i hi = _mm_shuffle_epi8(digits, _mm_and_si128(_mm_srli_epi16(b, 4), nib));
    __m128i lo = _mm_shuffle_epi8(digits, _mm_and_si128(b, nib));
    if (m16 == 0xFFFF && plus16 == 0) {
        escape_all16(hi, lo, dst);
        return 48;
    }
    size_t o = 0;
    for (int g = 0; g < 2; g++) {
        unsigned m = (m16 >> (8 * g)) & 0xFF;
        if ((plus16 >> (8 * g)) & 0xFF) {
            o += escape_scalar(src + 8 * g, 8, dst + o, table);
        } else if (m == 0) {
            _mm_storel_epi64((__m128i *)(dst + o), g ? _mm_unpackhi_epi64(b, b) : b);
            o += 8;
        } else {
            __m128i x = g ? _mm_unpackhi_epi64(b, hi) : _mm_unpacklo_epi64(b, hi);
            __m128i y = g ? _mm_unpackhi_epi64(lo, pct) : _mm_unpacklo_epi64(lo, pct);
            o += expand8(x, y, m, dst + o);
        }
    }
    return o;
}

/// Copies `len` (< 33) raw bytes: one 32-byte load and store when 32 bytes can be read without
/// passing `end` (the store may write past `len`; the caller overwrites those bytes next and has
/// room for them), else byte by byte. Returns `len`.
__attribute__((target("avx2")))
static inline size_t copy_run(const uint8_t *from, size_t len, const uint8_t *end, uint8_t *to) {
    if (from + 32 <= end) {
        _mm256_storeu_si256((__m256i *)to, _mm256_loadu_si256((const __m256i *)from));
    } else {
        for (size_t j = 0; j < len; j++) to[j] = from[j];
    }
    return len;
}

/// Like copy_run for runs up to 64 bytes: two 32-byte stores when 64 bytes can be read.
__attribute__((target("avx2")))
static inline size_t copy_run64(const uint8_t *from, size_t len, const uint8_t *end, uint8_t *to) {
    if (from + 64 <= end) {
        _mm256_storeu_si256((__m256i *)to, _mm256_loadu_si256((const __m256i *)from));
        _mm256_storeu_si256((__m256i *)(to + 32), _mm256_loadu_si256((const __m256i *)(from + 32)));
    } else {
        for (size_t j = 0; j < len; j++) to[j] = from[j];
    }
    return len;
}

/// The allowed set as vectors: `lows` the 16 nibble masks (in both lanes), `highs` bit h for a
/// high nibble h < 8 (none for bytes >= 0x80, which are never written as themselves).
typedef struct { __m256i lows, highs, nib; } Classifier;

__attribute__((target("avx2")))
static inline Classifier classifier(const uint8_t low[16]) {
    Classifier c;
    c.lows = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)low));
    c.highs = _mm256_broadcastsi128_si256(_mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, (char)128, 0, 0, 0, 0, 0, 0, 0, 0));
    c.nib = _mm256_set1_epi8(0x0F);
    return c;
}

/// The escape mask of 32 bytes: bit j set when byte j is not written as itself.
__attribute__((target("avx2")))
static inline uint32_t escapes32(__m256i v, Classifier c) {
    __m256i ok = _mm256_and_si256(_mm256_shuffle_epi8(c.lows, _mm256_and_si256(v, c.nib)),
                                  _mm256_shuffle_epi8(c.highs, _mm256_and_si256(_mm256_srli_epi16(v, 4), c.nib)));
    return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(ok, _mm256_setzero_si256()));
}

__attribute__((target("avx2,bmi2")))
static size_t escape_avx2(const uint8_t *src, size_t n, uint8_t *dst, const uint32_t *table, const uint8_t low[16], int plus) {
    const Classifier cls = classifier(low);
    const __m256i space = _mm256_set1_epi8(' ');
    size_t i = 0, o = 0;
    // While a whole block remains: with o <= 3i, every store below ends within dst + 3n.
    while (i + 32 <= n) {
        if (i + 64 <= n) {
            // Sparse text, 64 bytes at a time: one mask, one loop exit (one mispredicted branch at
            // most) per 64 bytes. More than 8 escapes, or a '+', and these 64 bytes go 32 at a time.
            __m256i v0 = _mm256_loadu_si256((const __m256i *)(src + i));
            __m256i v1 = _mm256_loadu_si256((const __m256i *)(src + i + 32));
            uint64_t esc = (uint64_t)escapes32(v0, cls) | (uint64_t)escapes32(v1, cls) << 32;
            int spaces = plus && (_mm256_movemask_epi8(_mm256_cmpeq_epi8(v0, space)) | _mm256_movemask_epi8(_mm256_cmpeq_epi8(v1, space)));
            if (__builtin_popcountll(esc) <= 8 && !spaces) {
                const uint8_t *block = src + i;
                unsigned prev = 0;
                while (esc) {
                    unsigned k = (unsigned)__builtin_ctzll(esc);
                    o += copy_run64(block + prev, k - prev, src + n, dst + o);
                    uint32_t e = table[block[k]];
                    memcpy(dst + o, &e, 4);
                    o += e >> 24;
                    prev = k + 1;
                    esc &= esc - 1;
                }
                o += copy_run64(block + prev, 64 - prev, src + n, dst + o);
                i += 64;
                continue;
            }
        }
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + i));
        uint32_t esc = escapes32(v, cls);
        if (esc == 0) {  // nothing to escape: copy the block
            _mm256_storeu_si256((__m256i *)(dst + o), v);
            i += 32;
            o += 32;
            continue;
        }
        if (__builtin_popcount(esc) <= 8) {
            // Sparse: one classification, then each escape in turn: the raw run before it is
            // copied 32 bytes at a time (the bytes stored past the run are overwritten next), the
            // byte itself goes through the table.
            const uint8_t *block = src + i;
            unsigned prev = 0;
            do {
                unsigned k = (unsigned)__builtin_ctz(esc);
                o += copy_run(block + prev, k - prev, src + n, dst + o);
                uint32_t e = table[block[k]];
                memcpy(dst + o, &e, 4);
                o += e >> 24;
                prev = k + 1;
                esc &= esc - 1;
            } while (esc);
            o += copy_run(block + prev, 32 - prev, src + n, dst + o);
            i += 32;
            continue;
        }
        uint32_t pl = plus ? (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, space)) : 0;
        o += dense16(src + i, esc & 0xFFFF, pl & 0xFFFF, dst + o, table);
        o += dense16(src + i + 16, esc >> 16, pl >> 16, dst + o, table);
        i += 32;
    }
    return o + escape_scalar(src + i, n - i, dst + o, table);
}

/// How many bytes of a 32-byte block are escaped to three bytes (a '+' for a space is one).
__attribute__((target("avx2,bmi2")))
static size_t count_avx2(const uint8_t *src, size_t n, const uint8_t low[16], int plus, size_t *done) {
    const Classifier cls = classifier(low);
    const __m256i space = _mm256_set1_epi8(' ');
    size_t i = 0, escaped = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(src + i));
        uint32_t esc = escapes32(v, cls);
        if (plus) esc &= ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, space));
        escaped += (size_t)__builtin_popcount(esc);
    }
    *done = i;
    return escaped;
}

size_t afs_percent_escape_size(const uint8_t *src, size_t n, const uint8_t low[16], int plus) {
    size_t i = 0, escaped = 0;
    if (afs_percent_escape_vectorized()) escaped = count_avx2(src, n, low, plus, &i);
    return n + 2 * (escaped + count_scalar(src + i, n - i, low, plus));
}

int afs_percent_escape_vectorized(void) {
    pthread_once(&once, init);
    return have_avx2 && __atomic_load_n(&vector_allowed, __ATOMIC_RELAXED);
}

size_t afs_percent_escape(const uint8_t *src, size_t n, uint8_t *dst, const uint32_t *table, const uint8_t low[16], int plus) {
    if (n >= 32 && afs_percent_escape_vectorized()) return escape_avx2(src, n, dst, table, low, plus);
    return escape_scalar(src, n, dst, table);
}

#else

int afs_percent_escape_vectorized(void) { return 0; }

size_t afs_percent_escape(const uint8_t *src, size_t n, uint8_t *dst, const uint32_t *table, const uint8_t low[16], int plus) {
    (void)low;
    (void)plus;
    return escape_scalar(src, n, dst, table);
}

size_t afs_percent_escape_size(const uint8_t *src, size_t n, const uint8_t low[16], int plus) {
    return n + 2 * count_scalar(src, n, low, plus);
}

#endif

void afs_percent_escape_allow_vector(int allow) { __atomic_store_n(&vector_allowed, allow, __ATOMIC_RELAXED); }
