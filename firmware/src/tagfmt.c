#include "tagfmt.h"

#include "proto.h"

void tagfmt_card(const uint8_t data[TAG_PAGES_BYTES], uint8_t *rank, uint8_t *suit) {
    uint8_t r = (uint8_t)(data[1] >> 4), s = (uint8_t)(data[1] & 0x0F);
    if (data[0] == TAG_FORMAT_VERSION && r >= 1 && r <= 13 && s <= 3) {
        *rank = r;
        *suit = s;
    } else {
        *rank = RANK_UNKNOWN;
        *suit = SUIT_UNKNOWN;
    }
}
