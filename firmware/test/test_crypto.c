/* SHA-256 against FIPS 180-2 examples, HMAC-SHA256 against RFC 4231, CRC and COBS. */
#include "../src/cobs.h"
#include "../src/crc16.h"
#include "../src/sha256.h"
#include "check.h"
#include "tests.h"

static void digest_of(const char *msg, size_t n, unsigned char out[32]) {
    sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, (const uint8_t *)msg, (uint16_t)n);
    sha256_final(&c, out);
}

static void expect(const unsigned char *got, const char *hex, size_t n) {
    unsigned char want[64];
    CHECK_EQ(unhex(hex, want, sizeof want), n);
    CHECK_MEM(got, want, n);
}

static void test_sha256_fips(void) {
    unsigned char d[32];
    digest_of("", 0, d);
    expect(d, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", 32);
    digest_of("abc", 3, d);
    expect(d, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", 32);
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    digest_of(m448, strlen(m448), d);
    expect(d, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", 32);
    const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
                       "klmnopqrlmnopqrsmnopqrstnopqrstu";
    digest_of(m896, strlen(m896), d);
    expect(d, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1", 32);
}

static void test_sha256_million_a(void) {
    sha256_ctx c;
    uint8_t chunk[1000], d[32];
    memset(chunk, 'a', sizeof chunk);
    sha256_init(&c);
    for (int i = 0; i < 1000; i++)
        sha256_update(&c, chunk, sizeof chunk);
    sha256_final(&c, d);
    expect(d, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", 32);
}

static void test_sha256_split_updates(void) {
    /* the same message fed in odd pieces across block boundaries */
    uint8_t msg[200], whole[32], parts[32];
    for (int i = 0; i < 200; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    sha256_ctx c;
    for (uint16_t n = 0; n <= 200; n = (uint16_t)(n + 9)) {
        sha256_init(&c);
        sha256_update(&c, msg, n);
        sha256_final(&c, whole);
        sha256_init(&c);
        for (uint16_t at = 0; at < n;) {
            uint16_t take = (uint16_t)((at % 5) + 1);
            if (take > n - at)
                take = (uint16_t)(n - at);
            sha256_update(&c, msg + at, take);
            at = (uint16_t)(at + take);
        }
        sha256_final(&c, parts);
        CHECK_MEM(whole, parts, 32);
    }
}

static void hmac_case(const uint8_t *key, uint16_t keylen, const uint8_t *msg, uint16_t n,
                      const char *hex) {
    uint8_t d[32];
    hmac_sha256(key, keylen, msg, n, d);
    expect(d, hex, 32);
}

static void test_hmac_rfc4231(void) {
    uint8_t key[131], data[160];
    memset(key, 0x0b, 20);
    hmac_case(key, 20, (const uint8_t *)"Hi There", 8,
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    hmac_case((const uint8_t *)"Jefe", 4, (const uint8_t *)"what do ya want for nothing?", 28,
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    memset(key, 0xaa, 20);
    memset(data, 0xdd, 50);
    hmac_case(key, 20, data, 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    for (int i = 0; i < 25; i++)
        key[i] = (uint8_t)(i + 1);
    memset(data, 0xcd, 50);
    hmac_case(key, 25, data, 50, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
    memset(key, 0xaa, 131);
    const char *m6 = "Test Using Larger Than Block-Size Key - Hash Key First";
    hmac_case(key, 131, (const uint8_t *)m6, (uint16_t)strlen(m6),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    const char *m7 = "This is a test using a larger than block-size key and a larger than "
                     "block-size data. The key needs to be hashed before being used by the HMAC "
                     "algorithm.";
    hmac_case(key, 131, (const uint8_t *)m7, (uint16_t)strlen(m7),
              "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

static void test_hmac_prepared_key(void) {
    /* the precomputed-pad path (hmac_prepare + hmac_sign) agrees with the plain one, and
     * reproduces the card-tag worked example of docs/card-tags.md section 4 */
    uint8_t key[32], msg[15], full[32], tag[8];
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    unhex("04 A2 24 5A 6B 3C 80 01 C1 00 00 03 E9 00 19", msg, sizeof msg);
    hmac_key k;
    hmac_prepare(&k, key);
    hmac_sign(&k, msg, sizeof msg, full, 32);
    expect(full, "2BDD24E07D5F5C9CEBCCF75BB0042A1609C82883CE30A39E075B397DBCD1635B", 32);
    hmac_sign(&k, msg, sizeof msg, tag, 8);
    CHECK_MEM(tag, full, 8);
    hmac_sha256(key, 32, msg, sizeof msg, full);
    CHECK_MEM(tag, full, 8);
}

static void test_crc16(void) {
    CHECK_EQ(crc16_ccitt_false((const uint8_t *)"123456789", 9), 0x29B1);
    CHECK_EQ(crc16_ccitt_false((const uint8_t *)"", 0), 0xFFFF);
    uint8_t a[] = {1, 2, 3, 4, 5};
    CHECK_EQ(crc16_update(crc16_ccitt_false(a, 2), a + 2, 3), crc16_ccitt_false(a, 5));
}

static void test_cobs(void) {
    uint8_t in[100], enc[102], dec[102];
    /* the doctest of framing.py */
    uint8_t x[] = {0x11, 0x00, 0x22};
    CHECK_EQ(cobs_encode(x, 3, enc), 4);
    expect(enc, "02 11 02 22", 4);
    /* round trips over sizes and zero patterns */
    for (uint8_t n = 0; n <= 90; n++) {
        for (int pattern = 0; pattern < 4; pattern++) {
            for (uint8_t i = 0; i < n; i++)
                in[i] = (uint8_t)(pattern == 0 ? 0 : pattern == 1 ? i + 1 : (i % (pattern + 1)) * 3);
            uint8_t m = cobs_encode(in, n, enc);
            CHECK_EQ(m, n + 1);
            CHECK(memchr(enc, 0, m) == NULL);
            memcpy(dec, enc, m);
            CHECK_EQ(cobs_decode(dec, m), n);
            CHECK_MEM(dec, in, n);
        }
    }
    /* a code byte pointing past the end, and a zero inside */
    uint8_t bad1[] = {0x05, 0x11, 0x22};
    CHECK_EQ(cobs_decode(bad1, 3), -1);
    uint8_t bad2[] = {0x03, 0x00, 0x22};
    CHECK_EQ(cobs_decode(bad2, 3), -1);
}

void tests_crypto(void) {
    RUN(test_sha256_fips);
    RUN(test_sha256_million_a);
    RUN(test_sha256_split_updates);
    RUN(test_hmac_rfc4231);
    RUN(test_hmac_prepared_key);
    RUN(test_crc16);
    RUN(test_cobs);
}
