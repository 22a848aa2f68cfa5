#include "crc16.h"

uint16_t crc16_update(uint16_t crc, const uint8_t *p, uint16_t n) {
    while (n--) {
        crc ^= (uint16_t)((uint16_t)(*p++) << 8);
        for (uint8_t i = 0; i < 8; i++)
            crc = (crc & 0x8000u) ? (uint16_t)(((unsigned)crc << 1) ^ 0x1021u)
                                  : (uint16_t)((unsigned)crc << 1);
    }
    return crc;
}
