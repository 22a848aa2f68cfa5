/* Payload builders of the shoe's messages (spec section 9), shared by the shoe and the tests
 * that check them against the golden frames. */
#ifndef MSGS_H
#define MSGS_H

#include <stdint.h>

#include "proto.h"

typedef struct {
    uint32_t serial;
    uint8_t fw[3];
    uint8_t mode;
    uint16_t capabilities;
    uint32_t boot_epoch;
    uint8_t epoch_reason;
    uint32_t host_seq_last;
    uint8_t nonce[NONCE_SIZE];
} hello_msg;

typedef struct {
    uint8_t state;
    uint8_t indicator;
    uint16_t sensors;
    uint8_t queue_depth;
    uint32_t last_event_seq;
    uint32_t host_seq_last;
} status_msg;

uint8_t msg_hello(const hello_msg *m, uint8_t out[HELLO_SIZE]);
uint8_t msg_status(const status_msg *m, uint8_t out[STATUS_SIZE]);
/* out: CARD_HEAD_SIZE + tag_len bytes (tag_len at most MAX_TAG_DATA) */
uint8_t msg_card(uint32_t event_epoch, uint32_t event_seq, uint8_t rank, uint8_t suit,
                 const uint8_t *tag, uint8_t tag_len, uint8_t *out);
uint8_t msg_sensor_fault(uint8_t sensor, uint8_t fault, uint16_t detail,
                         uint8_t out[SENSOR_FAULT_SIZE]);
uint8_t msg_button(uint8_t button, uint8_t press, uint8_t out[BUTTON_SIZE]);

typedef struct {
    uint8_t flags;
    uint16_t passed, failed;
    uint8_t reader[3]; /* PN532 GetFirmwareVersion: IC, version, revision (0 0 0: no answer) */
    uint8_t inputs;    /* IN_* bits of platform.h at the end of the test */
    uint16_t elapsed_ms;
    uint8_t eeprom_dropped; /* committed records whose CRC failed at boot */
} self_test_msg;

uint8_t msg_self_test(const self_test_msg *m, uint8_t out[SELF_TEST_RESULT_SIZE]);

#endif
