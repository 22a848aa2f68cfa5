/* CRC-16/CCITT-FALSE (spec section 5): poly 0x1021, init 0xFFFF, no reflection, no final XOR. */
#ifndef CRC16_H
#define CRC16_H

#include <stdint.h>

#define CRC16_INIT 0xFFFFu

uint16_t crc16_update(uint16_t crc, const uint8_t *p, uint16_t n);

static inline uint16_t crc16_ccitt_false(const uint8_t *p, uint16_t n) {
    return crc16_update(CRC16_INIT, p, n);
}

#endif
