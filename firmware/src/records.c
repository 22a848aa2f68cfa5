/* The EEPROM records, as bytes (layout in docs/firmware.md). No I/O here: the simulator and
 * the identity tool use these too. */
#include <string.h>

#include "crc16.h"
#include "store.h"

/* config record: magic, layout version, epoch u32, key[32], crc16 of bytes 0..37 */
void store_format_config(uint8_t out[CFG_SIZE], const uint8_t key[KEY_SIZE], uint32_t epoch) {
    out[0] = CFG_MAGIC;
    out[1] = LAYOUT_VERSION;
    put_u32(out + 2, epoch);
    memcpy(out + 6, key, KEY_SIZE);
    put_u16(out + 38, crc16_ccitt_false(out, 38));
}

/* identity record: magic, layout version, serial u32, crc16 of bytes 0..5 */
void store_format_ident(uint8_t out[IDENT_SIZE], uint32_t serial) {
    out[0] = IDENT_MAGIC;
    out[1] = LAYOUT_VERSION;
    put_u32(out + 2, serial);
    put_u16(out + 6, crc16_ccitt_false(out, 6));
}

/* slot: state, event_epoch u32, event_seq u32, rank, suit, tag_len, tag[26], crc16 of 1..37 */
void store_format_slot(uint8_t out[SLOT_SIZE], uint8_t state, const card_event *ev) {
    out[0] = state;
    put_u32(out + 1, ev->epoch);
    put_u32(out + 5, ev->seq);
    out[9] = ev->rank;
    out[10] = ev->suit;
    out[11] = ev->tag_len;
    memset(out + 12, 0, TAG_STORE_MAX);
    memcpy(out + 12, ev->tag, ev->tag_len);
    put_u16(out + 38, crc16_ccitt_false(out + 1, 37));
}

