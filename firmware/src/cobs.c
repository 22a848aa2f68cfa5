#include "cobs.h"

uint8_t cobs_encode(const uint8_t *src, uint8_t n, uint8_t *dst) {
    uint8_t code_at = 0; /* where the current block's code byte goes */
    uint8_t out = 1;
    uint8_t code = 1;
    for (uint8_t i = 0; i < n; i++) {
        if (src[i] == 0) {
            dst[code_at] = code;
            code_at = out++;
            code = 1;
        } else {
            dst[out++] = src[i];
            code++;
        }
    }
    dst[code_at] = code;
    return out;
}

int16_t cobs_decode(uint8_t *buf, uint8_t n) {
    uint8_t in = 0;
    uint8_t out = 0;
    while (in < n) {
        uint8_t code = buf[in++];
        if (code == 0 || (uint16_t)in + code - 1u > n)
            return -1;
        for (uint8_t k = 1; k < code; k++) {
            uint8_t b = buf[in++];
            if (b == 0)
                return -1;
            buf[out++] = b;
        }
        if (code < 0xFF && in < n)
            buf[out++] = 0;
    }
    return out;
}
