/* Frames of the shoe link (spec sections 3-8): encode, receive byte by byte, check and decode. */
#ifndef FRAME_H
#define FRAME_H

#include <stdbool.h>
#include <stdint.h>

#include "proto.h"
#include "sha256.h"

/* Wire bytes of one frame (00, COBS(raw), 00) into out (MAX_WIRE_FRAME bytes); returns their
 * count. len must be at most MAX_PAYLOAD. */
uint8_t frame_encode(const hmac_key *key, uint8_t type, uint32_t epoch, uint32_t seq,
                     const uint8_t *payload, uint8_t len, uint8_t *out);

/* Counters of section 8 (the Python DecodeStats names). */
typedef struct {
    uint16_t oversized;
    uint16_t malformed;
    uint16_t bad_crc;
    uint16_t bad_version;
    uint16_t bad_auth;
    uint16_t wrong_direction;
    uint16_t replayed;
    uint16_t accepted;
} rx_counters;

typedef enum {
    RX_OK = 0,
    RX_OVERSIZED,
    RX_MALFORMED,
    RX_BAD_CRC,
    RX_BAD_VERSION,
    RX_BAD_AUTH,
    RX_WRONG_DIRECTION,
    RX_REPLAYED,
} rx_result;

/* The section 3 receiver: bytes in, complete chunks out. */
typedef struct {
    uint8_t buf[MAX_ENCODED_FRAME];
    uint8_t len;
    bool discarding;
} frame_rx;

void frame_rx_reset(frame_rx *rx);
/* Feed one byte; returns the length of a complete non-empty chunk now in rx->buf (to be
 * decoded before the next byte is fed), 0 otherwise. Counts oversized runs in `counters`. */
uint8_t frame_rx_byte(frame_rx *rx, uint8_t b, rx_counters *counters);

typedef struct {
    uint8_t type;
    uint32_t epoch;
    uint32_t seq;
    uint8_t len;
    const uint8_t *payload; /* points into the decoded chunk */
} frame_view;

/* Steps 2-11 of section 8 on one chunk (decoded in place). `from_host`: the receiver takes
 * host-to-shoe frames (the shoe) or shoe-to-host frames (tests). `pairing_key`: `key` is the
 * public all-zero key. Counts the failure; on RX_OK fills `out` (the caller applies the replay
 * rules, step 12, and counts `accepted` or `replayed`). */
rx_result frame_decode(uint8_t *chunk, uint8_t n, const hmac_key *key, bool pairing_key,
                       bool from_host, frame_view *out, rx_counters *counters);

/* Whether `type` is sent unsequenced (epoch 0, seq 0): QUERY_STATUS and PAIR. */
static inline bool frame_unsequenced(uint8_t type) {
    return type == MSG_QUERY_STATUS || type == MSG_PAIR;
}

bool key_is_valid(const uint8_t key[KEY_SIZE]); /* not all 00, not all ff */

#endif
