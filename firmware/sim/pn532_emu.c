#include "pn532_emu.h"

#include <string.h>

void pn532_emu_init(pn532_emu *e) {
    memset(e, 0, sizeof *e);
    e->ack_us = 500;
    e->cmd_us = 1000;
    e->list_us = 3000;
    e->list_empty_us = 3000;
    e->read_us = 2500;
}

void pn532_emu_power(pn532_emu *e, bool on) {
    if (on == e->powered)
        return;
    e->powered = on;
    e->out_len = 0;
    e->rx_state = 0;
    e->selected = false;
}

void pn532_emu_tag(pn532_emu *e, const uint8_t *uid, uint8_t uid_len, const uint8_t *pages) {
    e->tag_present = true;
    e->selected = false;
    e->uid_len = uid_len > 10 ? 10 : uid_len;
    memcpy(e->uid, uid, e->uid_len);
    e->pages_ok = pages != 0;
    if (pages)
        memcpy(e->pages, pages, 16);
}

void pn532_emu_no_tag(pn532_emu *e) {
    e->tag_present = false;
    e->selected = false;
}

static void emit(pn532_emu *e, const uint8_t *p, uint8_t n, uint64_t at) {
    for (uint8_t i = 0; i < n && e->out_len < EMU_OUT_MAX; i++) {
        uint16_t k = (uint16_t)((e->out_head + e->out_len) % EMU_OUT_MAX);
        e->out[k] = p[i];
        e->due[k] = at;
        e->out_len++;
    }
}

static void reply(pn532_emu *e, uint8_t code, const uint8_t *data, uint8_t n, uint64_t at) {
    uint8_t f[80];
    uint8_t len = (uint8_t)(n + 2), sum = (uint8_t)(0xD5 + code);
    f[0] = 0x00;
    f[1] = 0x00;
    f[2] = 0xFF;
    f[3] = len;
    f[4] = (uint8_t)(0x100 - len);
    f[5] = 0xD5;
    f[6] = code;
    for (uint8_t i = 0; i < n; i++) {
        f[7 + i] = data[i];
        sum = (uint8_t)(sum + data[i]);
    }
    f[7 + n] = (uint8_t)(0x100 - sum);
    f[8 + n] = 0x00;
    emit(e, f, (uint8_t)(9 + n), at);
}

static void command(pn532_emu *e, const uint8_t *d, uint8_t n, uint64_t now) {
    static const uint8_t ack[] = {0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00};
    static const uint8_t syntax_error[] = {0x00, 0x00, 0xFF, 0x01, 0xFF, 0x7F, 0x81, 0x00};
    uint64_t t = now + e->ack_us;
    e->frames++;
    if (n < 2 || d[0] != 0xD4) {
        emit(e, syntax_error, sizeof syntax_error, t);
        return;
    }
    emit(e, ack, sizeof ack, t);
    uint8_t cmd = d[1], out[32];
    switch (cmd) {
    case 0x02: { /* GetFirmwareVersion: IC PN532, version 1.6, supports ISO A/B and 18092 */
        static const uint8_t v[] = {0x32, 0x01, 0x06, 0x07};
        reply(e, 0x03, v, sizeof v, t + e->cmd_us);
        return;
    }
    case 0x14: /* SAMConfiguration */
        reply(e, 0x15, 0, 0, t + e->cmd_us);
        return;
    case 0x32: /* RFConfiguration */
        reply(e, 0x33, 0, 0, t + e->cmd_us);
        return;
    case 0x52: /* InRelease */
        e->selected = false;
        out[0] = 0x00;
        reply(e, 0x53, out, 1, t + e->cmd_us);
        return;
    case 0x4A: /* InListPassiveTarget */
        e->lists++;
        if (!e->tag_present) {
            out[0] = 0;
            reply(e, 0x4B, out, 1, t + e->list_empty_us);
            return;
        }
        e->selected = true;
        out[0] = 1;    /* NbTg */
        out[1] = 1;    /* Tg */
        out[2] = 0x00; /* SENS_RES (ATQA) of an NTAG21x: 00 44 */
        out[3] = 0x44;
        out[4] = 0x00; /* SEL_RES (SAK) */
        out[5] = e->uid_len;
        memcpy(out + 6, e->uid, e->uid_len);
        reply(e, 0x4B, out, (uint8_t)(6 + e->uid_len), t + e->list_us);
        return;
    case 0x40: /* InDataExchange: Tg, then the NTAG command */
        e->reads++;
        if (n >= 5 && d[2] == 1 && d[3] == 0x30 && e->selected && e->tag_present && e->pages_ok &&
            d[4] == 4) {
            out[0] = 0x00;
            memcpy(out + 1, e->pages, 16);
            reply(e, 0x41, out, 17, t + e->read_us);
        } else {
            out[0] = 0x01; /* time-out: the target did not answer */
            reply(e, 0x41, out, 1, t + e->read_us);
        }
        return;
    default:
        emit(e, syntax_error, sizeof syntax_error, t);
        return;
    }
}

void pn532_emu_input(pn532_emu *e, uint8_t b, uint64_t now_us) {
    if (!e->powered || e->dead)
        return;
    switch (e->rx_state) {
    case 0:
        if (b == 0x00)
            e->rx_state = 1;
        return;
    case 1:
        e->rx_state = b == 0xFF ? 2 : (b == 0x00 ? 1 : 0);
        return;
    case 2:
        e->rx_need = b;
        e->rx_state = 3;
        return;
    case 3:
        if (e->rx_need == 0 && b == 0xFF) { /* an ACK from the host: abort the command */
            e->out_len = 0;
            e->aborts++;
            e->rx_state = 0;
            return;
        }
        if ((uint8_t)(e->rx_need + b) != 0 || e->rx_need > sizeof e->rx || e->rx_need == 0) {
            e->rx_state = 0;
            return;
        }
        e->rx_len = 0;
        e->rx_state = 4;
        return;
    case 4:
        e->rx[e->rx_len++] = b;
        if (e->rx_len == e->rx_need)
            e->rx_state = 5;
        return;
    default: {
        uint8_t sum = b;
        e->rx_state = 0;
        for (uint8_t i = 0; i < e->rx_len; i++)
            sum = (uint8_t)(sum + e->rx[i]);
        if (sum == 0)
            command(e, e->rx, e->rx_len, now_us);
        return;
    }
    }
}

int pn532_emu_output(pn532_emu *e, uint64_t now_us) {
    if (!e->out_len || e->due[e->out_head] > now_us)
        return -1;
    uint8_t b = e->out[e->out_head];
    e->out_head = (uint16_t)((e->out_head + 1) % EMU_OUT_MAX);
    e->out_len--;
    return b;
}
