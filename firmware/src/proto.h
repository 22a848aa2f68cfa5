/* Shoe link protocol v1: constants of docs/shoe-protocol.md (the single specification). */
#ifndef PROTO_H
#define PROTO_H

#include <stdint.h>

#define PROTO_VERSION 1u

#define HEADER_SIZE 11u
#define MAX_PAYLOAD 64u
#define TAG_SIZE 8u
#define CRC_SIZE 2u
#define FRAME_OVERHEAD (HEADER_SIZE + TAG_SIZE + CRC_SIZE) /* 21 */
#define MAX_RAW_FRAME (FRAME_OVERHEAD + MAX_PAYLOAD)       /* 85 */
#define MIN_ENCODED_FRAME (FRAME_OVERHEAD + 1u)            /* 22 */
#define MAX_ENCODED_FRAME (MAX_RAW_FRAME + 1u)             /* 86 */
#define MAX_WIRE_FRAME (MAX_ENCODED_FRAME + 2u)            /* 88 */
#define KEY_SIZE 32u
#define NONCE_SIZE 8u
#define MAX_TAG_DATA 48u

/* Message types (section 9); bit 7 set = host to shoe. */
enum msg_type {
    MSG_HELLO = 0x01,
    MSG_CARD = 0x02,
    MSG_STATUS = 0x03,
    MSG_SENSOR_FAULT = 0x04,
    MSG_BUTTON = 0x05,
    MSG_SELF_TEST_RESULT = 0x06,
    MSG_ACK = 0x81,
    MSG_SET_INDICATOR = 0x82,
    MSG_BUZZER = 0x83,
    MSG_QUERY_STATUS = 0x84,
    MSG_RESET_SEQUENCE = 0x85,
    MSG_LOCK_EXIT = 0x86,
    MSG_UNLOCK_EXIT = 0x87,
    MSG_PAIR = 0x88,
    MSG_SELF_TEST = 0x89,
};
#define DIRECTION_BIT 0x80u

#define HELLO_SIZE 27u
#define CARD_HEAD_SIZE 11u
#define STATUS_SIZE 13u
#define SENSOR_FAULT_SIZE 4u
#define BUTTON_SIZE 2u
#define ACK_SIZE 8u
#define PAIR_SIZE 44u
#define SELF_TEST_RESULT_SIZE 12u

/* SELF_TEST_RESULT: the parts (bits of `passed` and `failed`; in neither: not fitted) */
#define PART_READER 0x0001u
#define PART_EXIT_SENSOR 0x0002u
#define PART_LED_PLAYER 0x0004u
#define PART_LED_BANKER 0x0008u
#define PART_LED_STOP 0x0010u
#define PART_BUZZER 0x0020u
#define PART_EXIT_LOCK 0x0040u
#define PART_BUTTON_RESULT 0x0080u
#define PART_BUTTON_NEW_SHOE 0x0100u
#define PART_EEPROM 0x0200u
#define PART_CLOCK 0x0400u
/* SELF_TEST_RESULT flags */
#define SELF_TEST_REFUSED 0x01u /* a card in the exit slot or events waiting: nothing was tested */

/* HELLO mode bits */
#define MODE_PAIRING 0x01u
#define MODE_UNPAIRED 0x02u

/* HELLO capability bits */
#define CAP_RFID_READER 0x0001u
#define CAP_OPTICAL_READER 0x0002u
#define CAP_EXIT_LOCK 0x0004u
#define CAP_BUZZER 0x0008u
#define CAP_INDICATOR 0x0010u
#define CAP_LID_SENSOR 0x0020u
#define CAP_PERSISTENT_QUEUE 0x0040u

enum epoch_reason {
    REASON_POWER_ON = 1,
    REASON_EXTERNAL_RESET = 2,
    REASON_BROWN_OUT = 3,
    REASON_WATCHDOG = 4,
    REASON_NEW_SHOE = 5,
};

enum shoe_state_code { STATE_READY = 1, STATE_FAULT = 2, STATE_PAIRING = 3, STATE_UNPAIRED = 4 };

enum indicator { IND_OFF = 0, IND_PLAYER_DRAWS = 1, IND_BANKER_DRAWS = 2, IND_STOP = 3 };

/* STATUS sensor bits */
#define SENS_LID_OPEN 0x0001u
#define SENS_CARD_AT_EXIT 0x0002u
#define SENS_SHOE_EMPTY 0x0004u
#define SENS_READER_FAULT 0x0008u
#define SENS_EXIT_LOCKED 0x0010u
#define SENS_QUEUE_FULL 0x0020u
#define SENS_LINK_LOST 0x0040u
#define SENS_TAMPER 0x0080u

enum sensor_id {
    SENSOR_EXIT = 1,
    SENSOR_CARD_READER = 2,
    SENSOR_LID_SWITCH = 3,
    SENSOR_EXIT_LOCK = 4,
    SENSOR_EEPROM = 5,
    SENSOR_BUTTON = 6,
};

enum fault_code {
    FAULT_CLEARED = 0,
    FAULT_NO_RESPONSE = 1,
    FAULT_STUCK = 2,
    FAULT_OUT_OF_RANGE = 3,
    FAULT_CHECKSUM = 4,
    FAULT_JAM = 5,
};

enum button_id { BUTTON_RESULT_CHECK = 1, BUTTON_NEW_SHOE = 2 };
enum press_kind { PRESS_SHORT = 1, PRESS_LONG = 2 };
enum buzzer_pattern { BUZZ_OFF = 0, BUZZ_SINGLE = 1, BUZZ_DOUBLE = 2, BUZZ_ALARM = 3 };
#define MAX_BUZZER_MS 10000u

#define RANK_UNKNOWN 0xFFu
#define SUIT_UNKNOWN 0xFFu

/* Timers of section 11, in milliseconds. */
#define HEARTBEAT_MS 1000u
#define CARD_RESEND_MS 250u
#define LINK_LOSS_MS 3000u
#define PAIRING_WINDOW_MS 60000u
#define PAIRING_HELLO_MS 1000u

/* Little-endian helpers (section 1: every multi-byte integer is little-endian). */
static inline void put_u16(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}
static inline void put_u32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}
static inline uint16_t get_u16(const uint8_t *p) { return (uint16_t)(p[0] | ((uint16_t)p[1] << 8)); }
static inline uint32_t get_u32(const uint8_t *p) {
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

#endif
