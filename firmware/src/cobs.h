/* Consistent Overhead Byte Stuffing (spec section 3), for frames shorter than 254 bytes. */
#ifndef COBS_H
#define COBS_H

#include <stdint.h>

/* Encode n bytes of src into dst (n + 1 bytes, no 0x00 in them); returns n + 1.
 * src and dst must not overlap. n must be at most 253. */
uint8_t cobs_encode(const uint8_t *src, uint8_t n, uint8_t *dst);

/* Decode n COBS bytes (no 0x00 among them) in place; returns the decoded length, or -1 if a
 * code byte points past the end or is 0x00. The decoded bytes start at buf[0]. */
int16_t cobs_decode(uint8_t *buf, uint8_t n);

#endif
