/* A PN532 in HSU mode with one ISO 14443-A tag (NTAG21x) that can be put in its field and
 * taken away: enough of UM0701-02 for the shoe firmware. Timestamps are in microseconds.
 * Used by the simulator (sim/shoe_sim.c) and by the host unit tests. */
#ifndef PN532_EMU_H
#define PN532_EMU_H

#include <stdbool.h>
#include <stdint.h>

#define EMU_OUT_MAX 256u

typedef struct {
    bool powered; /* RSTPDN high */
    bool dead;    /* fault injection: the reader answers nothing */
    /* the tag in the field */
    bool tag_present;
    uint8_t uid[10];
    uint8_t uid_len;
    uint8_t pages[16]; /* pages 4..7 */
    bool pages_ok;     /* false: a page READ fails (status 0x01, time-out) */
    bool selected;
    /* processing delays, microseconds (datasheet-like values, see docs/firmware.md) */
    uint32_t ack_us, cmd_us, list_us, list_empty_us, read_us;
    /* host-to-PN532 parser */
    uint8_t rx[64];
    uint8_t rx_len, rx_need, rx_state;
    /* PN532-to-host bytes, each not before its time */
    uint8_t out[EMU_OUT_MAX];
    uint64_t due[EMU_OUT_MAX];
    uint16_t out_head, out_len;
    /* counters */
    uint32_t frames, lists, reads, aborts;
} pn532_emu;

void pn532_emu_init(pn532_emu *e);
void pn532_emu_power(pn532_emu *e, bool on);
void pn532_emu_tag(pn532_emu *e, const uint8_t *uid, uint8_t uid_len, const uint8_t *pages);
void pn532_emu_no_tag(pn532_emu *e);
/* A byte from the microcontroller's UART. */
void pn532_emu_input(pn532_emu *e, uint8_t b, uint64_t now_us);
/* The next byte for the microcontroller if it is due, else -1. */
int pn532_emu_output(pn532_emu *e, uint64_t now_us);

#endif
