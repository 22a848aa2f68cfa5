#include "msgs.h"

#include <string.h>

uint8_t msg_hello(const hello_msg *m, uint8_t out[HELLO_SIZE]) {
    put_u32(out, m->serial);
    out[4] = m->fw[0];
    out[5] = m->fw[1];
    out[6] = m->fw[2];
    out[7] = m->mode;
    put_u16(out + 8, m->capabilities);
    put_u32(out + 10, m->boot_epoch);
    out[14] = m->epoch_reason;
    put_u32(out + 15, m->host_seq_last);
    memcpy(out + 19, m->nonce, NONCE_SIZE);
    return HELLO_SIZE;
}

uint8_t msg_status(const status_msg *m, uint8_t out[STATUS_SIZE]) {
    out[0] = m->state;
    out[1] = m->indicator;
    put_u16(out + 2, m->sensors);
    out[4] = m->queue_depth;
    put_u32(out + 5, m->last_event_seq);
    put_u32(out + 9, m->host_seq_last);
    return STATUS_SIZE;
}

uint8_t msg_card(uint32_t event_epoch, uint32_t event_seq, uint8_t rank, uint8_t suit,
                 const uint8_t *tag, uint8_t tag_len, uint8_t *out) {
    put_u32(out, event_epoch);
    put_u32(out + 4, event_seq);
    out[8] = rank;
    out[9] = suit;
    out[10] = tag_len;
    memcpy(out + CARD_HEAD_SIZE, tag, tag_len);
    return (uint8_t)(CARD_HEAD_SIZE + tag_len);
}

uint8_t msg_sensor_fault(uint8_t sensor, uint8_t fault, uint16_t detail,
                         uint8_t out[SENSOR_FAULT_SIZE]) {
    out[0] = sensor;
    out[1] = fault;
    put_u16(out + 2, detail);
    return SENSOR_FAULT_SIZE;
}

uint8_t msg_button(uint8_t button, uint8_t press, uint8_t out[BUTTON_SIZE]) {
    out[0] = button;
    out[1] = press;
    return BUTTON_SIZE;
}

uint8_t msg_self_test(const self_test_msg *m, uint8_t out[SELF_TEST_RESULT_SIZE]) {
    out[0] = m->flags;
    put_u16(out + 1, m->passed);
    put_u16(out + 3, m->failed);
    memcpy(out + 5, m->reader, 3);
    out[8] = m->inputs;
    put_u16(out + 9, m->elapsed_ms);
    out[11] = m->eeprom_dropped;
    return SELF_TEST_RESULT_SIZE;
}
