#include "sha256.h"

#include <string.h>

#ifdef __AVR__
#include <avr/pgmspace.h>
#define K_READ(i) pgm_read_dword(&K[i])
#else
#define PROGMEM
#define K_READ(i) K[i]
#endif

static const uint32_t K[64] PROGMEM = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static const uint32_t H0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

/* Rotations. An 8-bit core has no barrel shifter and avr-gcc turns 32-bit shifts by odd
 * amounts into loops (about 190k cycles per block); so each rotation is a byte move (free:
 * register renaming) plus at most three one-bit rotations (about 45k cycles per block). */
#ifdef __AVR__
static inline uint32_t rotr1(uint32_t x) {
    __asm__("bst %A0, 0\n\tror %D0\n\tror %C0\n\tror %B0\n\tror %A0\n\tbld %D0, 7" : "+r"(x));
    return x;
}
static inline uint32_t rotl1(uint32_t x) {
    __asm__("lsl %A0\n\trol %B0\n\trol %C0\n\trol %D0\n\tadc %A0, __zero_reg__" : "+r"(x));
    return x;
}
#else
static inline uint32_t rotr1(uint32_t x) { return (x >> 1) | (x << 31); }
static inline uint32_t rotl1(uint32_t x) { return (x << 1) | (x >> 31); }
#endif
static inline uint32_t rotr8(uint32_t x) { return (x >> 8) | (x << 24); }
static inline uint32_t rotr16(uint32_t x) { return (x >> 16) | (x << 16); }
static inline uint32_t rotl8(uint32_t x) { return (x << 8) | (x >> 24); }

static inline uint32_t big_sigma0(uint32_t a) { /* ROTR 2 ^ ROTR 13 ^ ROTR 22 */
    return rotr1(rotr1(a)) ^ rotl1(rotl1(rotl1(rotr16(a)))) ^ rotl1(rotl1(rotl8(a)));
}
static inline uint32_t big_sigma1(uint32_t e) { /* ROTR 6 ^ ROTR 11 ^ ROTR 25 */
    uint32_t r8 = rotr8(e);
    return rotl1(rotl1(r8)) ^ rotr1(rotr1(rotr1(r8))) ^ rotr1(rotl8(e));
}
static inline uint32_t small_sigma0(uint32_t w) { /* ROTR 7 ^ ROTR 18 ^ SHR 3 */
    uint32_t r16 = rotr16(w);
    return rotl1(rotr8(w)) ^ rotr1(rotr1(r16)) ^ (w >> 3);
}
static inline uint32_t small_sigma1(uint32_t w) { /* ROTR 17 ^ ROTR 19 ^ SHR 10 */
    uint32_t r17 = rotr1(rotr16(w));
    return r17 ^ rotr1(rotr1(r17)) ^ ((w >> 8) >> 2);
}

/* One round; the eight working variables rotate by renaming (the rounds are unrolled in
 * groups of eight) instead of being moved. */
#define ROUND(a, b, c, d, e, f, g, h, k, w)                                            \
    do {                                                                                \
        uint32_t t1 = (h) + big_sigma1(e) + (((e) & (f)) ^ (~(e) & (g))) + (k) + (w);   \
        (d) += t1;                                                                      \
        (h) = t1 + big_sigma0(a) + (((a) & (b)) ^ ((c) & ((a) ^ (b))));                 \
    } while (0)

static void compress(uint32_t h[8], const uint8_t block[SHA256_BLOCK]) {
    uint32_t w[16];
    for (uint8_t i = 0; i < 16; i++) {
        const uint8_t *p = block + 4 * i;
        w[i] = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (uint8_t i = 0; i < 64; i = (uint8_t)(i + 8)) {
        uint32_t *x = w;
        if (i >= 16) { /* the next 8 words of the rolling 16-word message schedule */
            x = w + (i & 8);
            for (uint8_t j = 0; j < 8; j++) {
                uint8_t k = (uint8_t)((i + j) & 15);
                w[k] += small_sigma0(w[(k + 1) & 15]) + w[(k + 9) & 15] +
                        small_sigma1(w[(k + 14) & 15]);
            }
        } else {
            x = w + i;
        }
        ROUND(a, b, c, d, e, f, g, hh, K_READ(i), x[0]);
        ROUND(hh, a, b, c, d, e, f, g, K_READ(i + 1), x[1]);
        ROUND(g, hh, a, b, c, d, e, f, K_READ(i + 2), x[2]);
        ROUND(f, g, hh, a, b, c, d, e, K_READ(i + 3), x[3]);
        ROUND(e, f, g, hh, a, b, c, d, K_READ(i + 4), x[4]);
        ROUND(d, e, f, g, hh, a, b, c, K_READ(i + 5), x[5]);
        ROUND(c, d, e, f, g, hh, a, b, K_READ(i + 6), x[6]);
        ROUND(b, c, d, e, f, g, hh, a, K_READ(i + 7), x[7]);
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

void sha256_init(sha256_ctx *c) {
    memcpy(c->h, H0, sizeof c->h);
    c->length = 0;
    c->fill = 0;
}

void sha256_update(sha256_ctx *c, const uint8_t *p, uint16_t n) {
    c->length += n;
    while (n) {
        uint8_t take = (uint8_t)(SHA256_BLOCK - c->fill);
        if (take > n)
            take = (uint8_t)n;
        memcpy(c->buf + c->fill, p, take);
        c->fill = (uint8_t)(c->fill + take);
        p += take;
        n = (uint16_t)(n - take);
        if (c->fill == SHA256_BLOCK) {
            compress(c->h, c->buf);
            c->fill = 0;
        }
    }
}

void sha256_final(sha256_ctx *c, uint8_t out[SHA256_DIGEST]) {
    uint32_t bits_hi = c->length >> 29, bits_lo = c->length << 3;
    c->buf[c->fill++] = 0x80;
    if (c->fill > SHA256_BLOCK - 8) {
        memset(c->buf + c->fill, 0, SHA256_BLOCK - c->fill);
        compress(c->h, c->buf);
        c->fill = 0;
    }
    memset(c->buf + c->fill, 0, SHA256_BLOCK - 8 - c->fill);
    for (uint8_t i = 0; i < 4; i++) {
        c->buf[56 + i] = (uint8_t)(bits_hi >> (24 - 8 * i));
        c->buf[60 + i] = (uint8_t)(bits_lo >> (24 - 8 * i));
    }
    compress(c->h, c->buf);
    for (uint8_t i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(c->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)c->h[i];
    }
}

static void padded_state(uint32_t h[8], const uint8_t *key, uint8_t keylen, uint8_t pad) {
    uint8_t block[SHA256_BLOCK];
    for (uint8_t i = 0; i < SHA256_BLOCK; i++)
        block[i] = (uint8_t)((i < keylen ? key[i] : 0) ^ pad);
    memcpy(h, H0, 32);
    compress(h, block);
    memset(block, 0, sizeof block);
}

static void prepare_any(hmac_key *k, const uint8_t *key, uint8_t keylen) {
    padded_state(k->inner, key, keylen, 0x36);
    padded_state(k->outer, key, keylen, 0x5c);
}

void hmac_prepare(hmac_key *k, const uint8_t key[32]) { prepare_any(k, key, 32); }

void hmac_sign(const hmac_key *k, const uint8_t *msg, uint16_t n, uint8_t *out, uint8_t outlen) {
    sha256_ctx c;
    uint8_t digest[SHA256_DIGEST];
    memcpy(c.h, k->inner, 32);
    c.length = SHA256_BLOCK;
    c.fill = 0;
    sha256_update(&c, msg, n);
    sha256_final(&c, digest);
    memcpy(c.h, k->outer, 32);
    c.length = SHA256_BLOCK;
    c.fill = 0;
    sha256_update(&c, digest, SHA256_DIGEST);
    sha256_final(&c, digest);
    if (outlen > SHA256_DIGEST)
        outlen = SHA256_DIGEST;
    memcpy(out, digest, outlen);
}

void hmac_sha256(const uint8_t *key, uint16_t keylen, const uint8_t *msg, uint16_t n,
                 uint8_t out[SHA256_DIGEST]) {
    hmac_key k;
    uint8_t hashed[SHA256_DIGEST];
    if (keylen > SHA256_BLOCK) {
        sha256_ctx c;
        sha256_init(&c);
        sha256_update(&c, key, keylen);
        sha256_final(&c, hashed);
        key = hashed;
        keylen = SHA256_DIGEST;
    }
    prepare_any(&k, key, (uint8_t)keylen);
    hmac_sign(&k, msg, n, out, SHA256_DIGEST);
}
