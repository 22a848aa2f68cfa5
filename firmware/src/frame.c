#include "frame.h"

#include <string.h>

#include "cobs.h"
#include "crc16.h"

uint8_t frame_encode(const hmac_key *key, uint8_t type, uint32_t epoch, uint32_t seq,
                     const uint8_t *payload, uint8_t len, uint8_t *out) {
    uint8_t raw[MAX_RAW_FRAME];
    raw[0] = PROTO_VERSION;
    raw[1] = type;
    put_u32(raw + 2, epoch);
    put_u32(raw + 6, seq);
    raw[10] = len;
    if (len)
        memcpy(raw + HEADER_SIZE, payload, len);
    uint8_t body = (uint8_t)(HEADER_SIZE + len);
    hmac_sign(key, raw, body, raw + body, TAG_SIZE);
    put_u16(raw + body + TAG_SIZE, crc16_ccitt_false(raw, (uint16_t)(body + TAG_SIZE)));
    uint8_t raw_len = (uint8_t)(body + TAG_SIZE + CRC_SIZE);
    out[0] = 0;
    uint8_t n = cobs_encode(raw, raw_len, out + 1);
    out[n + 1] = 0;
    return (uint8_t)(n + 2);
}

void frame_rx_reset(frame_rx *rx) {
    rx->len = 0;
    rx->discarding = false;
}

uint8_t frame_rx_byte(frame_rx *rx, uint8_t b, rx_counters *counters) {
    if (b == 0) {
        uint8_t n = rx->discarding ? 0 : rx->len;
        rx->len = 0;
        rx->discarding = false;
        return n;
    }
    if (rx->discarding)
        return 0;
    if (rx->len == sizeof rx->buf) {
        rx->discarding = true;
        counters->oversized++;
        return 0;
    }
    rx->buf[rx->len++] = b;
    return 0;
}

bool key_is_valid(const uint8_t key[KEY_SIZE]) {
    uint8_t all_or = 0, all_and = 0xFF;
    for (uint8_t i = 0; i < KEY_SIZE; i++) {
        all_or |= key[i];
        all_and &= key[i];
    }
    return all_or != 0 && all_and != 0xFF;
}

static bool nonzero(const uint8_t *p, uint8_t n) {
    uint8_t acc = 0;
    while (n--)
        acc |= *p++;
    return acc != 0;
}

/* Step 10: the payload of each type, its size and the range of its enumerated fields. */
static bool payload_ok(uint8_t type, const uint8_t *p, uint8_t len) {
    switch (type) {
    case MSG_HELLO:
        return len == HELLO_SIZE && get_u32(p + 10) != 0 && p[14] >= REASON_POWER_ON &&
               p[14] <= REASON_NEW_SHOE;
    case MSG_CARD: {
        if (len < CARD_HEAD_SIZE || p[10] > MAX_TAG_DATA || len != CARD_HEAD_SIZE + p[10])
            return false;
        if (get_u32(p) == 0 || get_u32(p + 4) == 0)
            return false;
        uint8_t rank = p[8], suit = p[9];
        if (rank == RANK_UNKNOWN && suit == SUIT_UNKNOWN)
            return true;
        return rank >= 1 && rank <= 13 && suit <= 3;
    }
    case MSG_STATUS:
        return len == STATUS_SIZE && p[0] >= STATE_READY && p[0] <= STATE_UNPAIRED &&
               p[1] <= IND_STOP;
    case MSG_SENSOR_FAULT:
        return len == SENSOR_FAULT_SIZE && p[0] >= SENSOR_EXIT && p[0] <= SENSOR_BUTTON &&
               p[1] <= FAULT_JAM;
    case MSG_BUTTON:
        return len == BUTTON_SIZE && p[0] >= BUTTON_RESULT_CHECK && p[0] <= BUTTON_NEW_SHOE &&
               p[1] >= PRESS_SHORT && p[1] <= PRESS_LONG;
    case MSG_ACK:
        return len == ACK_SIZE && get_u32(p) != 0 && get_u32(p + 4) != 0;
    case MSG_SET_INDICATOR:
        return len == 1 && p[0] <= IND_STOP;
    case MSG_BUZZER: {
        if (len != 3 || p[0] > BUZZ_ALARM)
            return false;
        uint16_t ms = get_u16(p + 1);
        return p[0] == BUZZ_OFF ? ms == 0 : (ms >= 1 && ms <= MAX_BUZZER_MS);
    }
    case MSG_QUERY_STATUS:
    case MSG_RESET_SEQUENCE:
        return len == NONCE_SIZE && nonzero(p, NONCE_SIZE);
    case MSG_SELF_TEST_RESULT:
        return len == SELF_TEST_RESULT_SIZE;
    case MSG_LOCK_EXIT:
    case MSG_UNLOCK_EXIT:
    case MSG_SELF_TEST:
        return len == 0;
    case MSG_PAIR:
        return len == PAIR_SIZE && key_is_valid(p + 4) && nonzero(p + 36, NONCE_SIZE);
    default:
        return false;
    }
}

rx_result frame_decode(uint8_t *chunk, uint8_t n, const hmac_key *key, bool pairing_key,
                       bool from_host, frame_view *out, rx_counters *counters) {
    if (n > MAX_ENCODED_FRAME) {
        counters->oversized++;
        return RX_OVERSIZED;
    }
    int16_t size = n < MIN_ENCODED_FRAME ? -1 : cobs_decode(chunk, n);
    if (size < (int16_t)FRAME_OVERHEAD || size > (int16_t)MAX_RAW_FRAME) {
        counters->malformed++;
        return RX_MALFORMED;
    }
    uint8_t raw_len = (uint8_t)size;
    uint8_t body = (uint8_t)(raw_len - TAG_SIZE - CRC_SIZE);
    if (crc16_ccitt_false(chunk, (uint16_t)(body + TAG_SIZE)) != get_u16(chunk + body + TAG_SIZE)) {
        counters->bad_crc++;
        return RX_BAD_CRC;
    }
    if (chunk[0] != PROTO_VERSION) {
        counters->bad_version++;
        return RX_BAD_VERSION;
    }
    if (chunk[10] != raw_len - FRAME_OVERHEAD) {
        counters->malformed++;
        return RX_MALFORMED;
    }
    uint8_t tag[TAG_SIZE];
    hmac_sign(key, chunk, body, tag, TAG_SIZE);
    uint8_t diff = 0;
    for (uint8_t i = 0; i < TAG_SIZE; i++) /* constant time (section 6) */
        diff |= (uint8_t)(tag[i] ^ chunk[body + i]);
    if (diff) {
        counters->bad_auth++;
        return RX_BAD_AUTH;
    }
    uint8_t type = chunk[1];
    if (((type & DIRECTION_BIT) != 0) != from_host) {
        counters->wrong_direction++;
        return RX_WRONG_DIRECTION;
    }
    if (pairing_key && type != MSG_HELLO && type != MSG_PAIR) {
        counters->bad_auth++;
        return RX_BAD_AUTH;
    }
    uint8_t len = chunk[10];
    const uint8_t *payload = chunk + HEADER_SIZE;
    uint32_t epoch = get_u32(chunk + 2), seq = get_u32(chunk + 6);
    if (!payload_ok(type, payload, len) ||
        (!frame_unsequenced(type) && (epoch == 0 || seq == 0))) {
        counters->malformed++;
        return RX_MALFORMED;
    }
    out->type = type;
    out->epoch = epoch;
    out->seq = seq;
    out->len = len;
    out->payload = payload;
    return RX_OK;
}
