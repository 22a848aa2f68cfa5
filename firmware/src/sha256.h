/* SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), small and allocation-free. */
#ifndef SHA256_H
#define SHA256_H

#include <stdint.h>

#define SHA256_BLOCK 64u
#define SHA256_DIGEST 32u

typedef struct {
    uint32_t h[8];
    uint32_t length;        /* bytes hashed so far (messages here are far below 512 MB) */
    uint8_t buf[SHA256_BLOCK];
    uint8_t fill;           /* bytes waiting in buf */
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const uint8_t *p, uint16_t n);
void sha256_final(sha256_ctx *c, uint8_t out[SHA256_DIGEST]);

/* HMAC with the key's two padded blocks hashed once (spec section 6, firmware note): each
 * message then costs one inner compression per 64 bytes (+1 for padding) and one outer. */
typedef struct {
    uint32_t inner[8]; /* state after hashing key ^ ipad */
    uint32_t outer[8]; /* state after hashing key ^ opad */
} hmac_key;

/* key: 32 bytes (protocol keys are exactly 32 bytes). */
void hmac_prepare(hmac_key *k, const uint8_t key[32]);
/* First `outlen` (1..32) bytes of HMAC-SHA256(key, msg). */
void hmac_sign(const hmac_key *k, const uint8_t *msg, uint16_t n, uint8_t *out, uint8_t outlen);
/* Any key length (test vectors); keys longer than a block are hashed first. */
void hmac_sha256(const uint8_t *key, uint16_t keylen, const uint8_t *msg, uint16_t n,
                 uint8_t out[SHA256_DIGEST]);

#endif
