/* The smart shoe in simulation: the real firmware image runs in simavr (ATmega1284P at
 * 18.432 MHz), UART0 is joined to a pty (the host side opens it like the USB-serial port),
 * UART1 talks to an emulated PN532 whose field holds the tags of a scripted shoe, and the
 * exit-slot sensor pin is driven as each card is dealt. Commands on stdin, events on stdout
 * (lines starting with '@'); simavr's own chatter goes to stderr.
 *
 *   shoe_sim build/shoe.elf --shoe SHOE.txt [--eeprom FILE] [--key HEX] [--epoch N]
 *            [--serial N] [--dwell-ms 200] [--gap-ms 100] [--speed 1.0] [--link PATH]
 *            [--hold-new-shoe] [--stack-from ADDR] [--auto] [--wait-host MS]
 *            [--ack-within MS] [--trace]
 *
 * Shoe file: one card per line, "UIDHEX PAGESHEX" (pages 4-7, 16 bytes), "UIDHEX -" (a tag
 * whose pages cannot be read) or "none" (a card without a tag); '#' starts a comment.
 *
 * Commands: deal [N] (each card: dwell in the exit slot, then the gap) | in (the next card
 *           enters the slot and stays) | out (it leaves) | reset (RESET pin) | power |
 *           brownout | press result|new_shoe MS | hold result|new_shoe |
 *           release result|new_shoe | reader dead|alive | status | quit |
 *           after MS COMMAND (COMMAND when MS of simulated time have passed since this line
 *           was read: commands sent in one write are read together, so a script can place
 *           a reset exactly, however slow the machine driving the simulator is)
 * --wait-host MS: at MS of simulated time, once no frame is half sent, the clock stands still
 *           until a host holds the port and has written to it (a test's host then opens the
 *           port while the shoe is silent: it meets no half frame, and nothing it could lose
 *           while its open is still under way, such as pyserial's flush of the input)
 * --ack-within MS: once a card's CARD frame has been out MS of simulated time and no ACK
 *           naming its event has come from the host holding the port (one answered a HELLO
 *           since its last QUERY_STATUS, so able to acknowledge), the clock stands still until
 *           one has, or the host lets go or queries again. A real host acknowledges within a
 *           few ms; a test's host on a loaded machine can be late by any amount of wall time,
 *           and the shoe, which sends the next card only once this one is acknowledged (stop
 *           and wait), would then be timed waiting for it. With this, the host a test
 *           simulates answers within MS of simulated time however slow the machine.
 * Events:   @pty PATH, @ready, @dealt I in=US out=US, @latency I exit_us=N in_us=N ack_us=N,
 *           @done, @empty, @reset KIND t=US, @out leds=N buzzer=N lock=N t=US,
 *           @waiting-for-host t=US, @resumed t=US (--wait-host),
 *           @waiting-for-ack seq=N t=US, @resumed t=US (--ack-within),
 *           @status ..., @stack used=N, @bye; --trace adds @frame (each frame sent),
 *           @rx (bytes read from the host) and @ack epoch=N seq=N t=US (an ACK has reached the
 *           shoe's UART)
 * @latency: from the card's exit (exit_us), from its entering the slot (in_us), and from the
 *           moment the shoe's UART received the host's first ACK of the event sent before it
 *           (ack_us; "none" for the first event, or one never acknowledged) to the moment the
 *           last byte of the card's first CARD frame has left UART0. ack_us > in_us: the queue
 *           held nothing else while the card was in the slot; ack_us < exit_us: the shoe held
 *           the card for the host, and exit_us measures the host as much as the firmware.
 */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 600
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <avr_eeprom.h>
#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>
#include <sim_irq.h>

#include "../src/cobs.h"
#include "../src/crc16.h"
#include "../src/store.h"
#include "pn532_emu.h"

#define MCU "atmega1284p"
#define F_CPU_HZ 18432000u
#define BAUD 115200u
#define BYTE_BITS_PACED 11u /* host bytes are fed no faster than simavr's UART consumes them */
#define RAMEND_ADDR 0x40FFu
#define PAINT 0xC5u
#define MAX_CARDS 1024
#define SLICE_US 200u

typedef struct {
    uint8_t uid[10];
    uint8_t uid_len;
    uint8_t pages[16];
    bool has_tag, pages_ok;
} card_t;

static avr_t *avr;
static FILE *events; /* the real stdout */
static pn532_emu reader;
static card_t cards[MAX_CARDS];
static int ncards, next_card;
static uint8_t *eeprom;
static const char *eeprom_path;
static double speed = 1.0;
static uint32_t dwell_ms = 200, gap_ms = 100;
static int master_fd = -1;
static bool host_connected;
static bool quit;
static bool trace; /* --trace: one @frame line per frame the shoe sends */

/* -------------------------------------------------------------------- time */

static uint64_t sim_us(void) { return avr->cycle * 1000000ull / avr->frequency; }

static uint64_t wall_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000ull + (uint64_t)ts.tv_nsec / 1000u;
}

static void event(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputc('@', events);
    vfprintf(events, fmt, ap);
    fputc('\n', events);
    fflush(events);
    va_end(ap);
}

/* -------------------------------------------------------------------- byte feeders */

/* Bytes for a UART's receiver, injected one per byte time by a simavr cycle timer. */
typedef struct {
    avr_irq_t *in;
    uint8_t buf[16384];
    size_t head, len;
    bool running;
    avr_cycle_count_t period;
    bool from_reader; /* UART1: bytes come from the PN532 emulator when due */
} feeder;

static feeder host_feed, reader_feed;
static void host_byte(uint8_t b); /* the host's frames, as the shoe's UART0 takes them */

static avr_cycle_count_t feed_tick(struct avr_t *a, avr_cycle_count_t when, void *param) {
    feeder *f = param;
    if (f->from_reader) {
        int b = pn532_emu_output(&reader, sim_us());
        if (b >= 0)
            avr_raise_irq(f->in, (uint32_t)b);
        if (reader.out_len == 0) {
            f->running = false;
            return 0;
        }
        uint64_t due = reader.due[reader.out_head];
        uint64_t now = sim_us();
        if (due > now)
            return when + (avr_cycle_count_t)((due - now) * a->frequency / 1000000ull) + 1;
        return when + f->period;
    }
    if (f->len) {
        avr_raise_irq(f->in, f->buf[f->head]);
        if (f == &host_feed)
            host_byte(f->buf[f->head]);
        f->head = (f->head + 1) % sizeof f->buf;
        f->len--;
    }
    if (!f->len) {
        f->running = false;
        return 0;
    }
    return when + f->period;
}

static void feed_start(feeder *f) {
    if (f->running)
        return;
    f->running = true;
    avr_cycle_timer_register(avr, f->period, feed_tick, f);
}

static void feed_push(feeder *f, const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n && f->len < sizeof f->buf; i++) {
        f->buf[(f->head + f->len) % sizeof f->buf] = p[i];
        f->len++;
    }
    if (f->len)
        feed_start(f);
}

/* -------------------------------------------------------------------- the host side (UART0) */

typedef struct {
    int index;
    uint64_t in_us, out_us;
    bool pending;
} dealt_t;

static dealt_t dealt[MAX_CARDS];
static uint8_t tx_chunk[256];
static size_t tx_len;
static bool tx_between_frames = true; /* the last byte out ended a frame (or none went yet) */
static uint64_t frames_out, card_frames;
static uint64_t ack_waits; /* --ack-within: how often the clock stopped for an ACK */

/* CARD events in the order the shoe first sent them, and when the host's first ACK naming each
 * reached the shoe's UART (0: not yet). The event before a card's event in this list is the
 * one the shoe had to see acknowledged before it could send the card's CARD frame. */
typedef struct {
    uint32_t epoch, seq;
    uint64_t acked_us; /* its first ACK at the shoe's UART (0: none yet) */
    bool ack_read;     /* an ACK naming it has been read from the port */
} sent_event;

static sent_event sent[2 * MAX_CARDS];
static int nsent;

#define MAX_HOST_CHUNK 86 /* the largest encoded frame */

static uint32_t get32(const uint8_t *p) {
    return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static sent_event *find_sent(uint32_t epoch, uint32_t seq) {
    for (int i = nsent - 1; i >= 0; i--)
        if (sent[i].epoch == epoch && sent[i].seq == seq)
            return &sent[i];
    return NULL;
}

/* The host's frames, read twice: as the bytes come from the port (has the host answered? see
 * --ack-within) and as the shoe's UART takes them, one byte time each (when the shoe has an
 * ACK). Only the CRC is checked, not the tag: the simulator has no business with the key, and
 * a forged ACK the firmware drops could only make the shoe look slower. */
typedef struct {
    uint8_t chunk[256];
    size_t len;
} host_reader;

static host_reader from_port, at_uart;

/* Feed one byte; at a frame's end, its decoded bytes in raw and its length, else 0. */
static int host_frame(host_reader *r, uint8_t b, uint8_t raw[MAX_HOST_CHUNK]) {
    if (b != 0) {
        if (r->len < sizeof r->chunk)
            r->chunk[r->len++] = b;
        return 0;
    }
    size_t len = r->len;
    r->len = 0;
    if (len < 22 || len > MAX_HOST_CHUNK)
        return 0;
    memcpy(raw, r->chunk, len);
    int n = cobs_decode(raw, (uint8_t)len);
    if (n < 21 || raw[10] != n - 21 ||
        crc16_ccitt_false(raw, (uint16_t)(n - 2)) != (uint16_t)(raw[n - 2] | raw[n - 1] << 8))
        return 0;
    return n;
}

/* The event an ACK names, if the shoe sent it. */
static sent_event *acked_event(const uint8_t *raw, int n) {
    if (n != 29 || raw[1] != 0x81)
        return NULL;
    return find_sent(get32(raw + 11), get32(raw + 15));
}

static void host_byte(uint8_t b) {
    uint8_t raw[MAX_HOST_CHUNK];
    sent_event *e = acked_event(raw, host_frame(&at_uart, b, raw));
    if (!e)
        return;
    if (!e->acked_us)
        e->acked_us = sim_us();
    if (trace)
        event("ack epoch=%u seq=%u t=%llu", e->epoch, e->seq, (unsigned long long)sim_us());
}

/* --ack-within: the CARD the clock may stop for (-1: none). A CARD is awaited once a copy of
 * it has gone to a host that holds the port and has been answered a HELLO since its last
 * QUERY_STATUS (so it can acknowledge it); a host that lets go or asks again is awaited no
 * more, as it needs the shoe's clock to be answered. */
static bool host_synced;
static int awaited = -1;
static uint64_t awaited_us;

static void port_byte(uint8_t b) {
    uint8_t raw[MAX_HOST_CHUNK];
    int n = host_frame(&from_port, b, raw);
    if (n && raw[1] == 0x84) { /* QUERY_STATUS */
        host_synced = false;
        awaited = -1;
    }
    sent_event *e = acked_event(raw, n);
    if (!e)
        return;
    e->ack_read = true;
    if (awaited >= 0 && &sent[awaited] == e)
        awaited = -1;
}

static void frame_done(uint64_t t_end) {
    uint8_t raw[256];
    memcpy(raw, tx_chunk, tx_len);
    int16_t n = cobs_decode(raw, (uint8_t)tx_len);
    frames_out++;
    if (trace && n >= 21)
        event("frame type=%02x seq=%u len=%d t=%llu p=%02x%02x%02x%02x%02x%02x", raw[1],
              raw[6] | raw[7] << 8 | raw[8] << 16 | (unsigned)raw[9] << 24, raw[10],
              (unsigned long long)t_end, raw[11], raw[12], raw[13], raw[14], raw[15], raw[16]);
    if (n >= 21 && raw[1] == 0x01 && host_connected)
        host_synced = true; /* a HELLO after the host's QUERY_STATUS */
    if (n < 22 || raw[1] != 0x02)
        return;
    card_frames++;
    uint32_t epoch = get32(raw + 11), seq = get32(raw + 15);
    const sent_event *before = NULL; /* the event the shoe waited to see acknowledged */
    sent_event *e = find_sent(epoch, seq);
    if (!e && nsent < (int)(sizeof sent / sizeof sent[0])) {
        before = nsent ? &sent[nsent - 1] : NULL;
        e = &sent[nsent++];
        *e = (sent_event){epoch, seq, 0, false};
    }
    if (e && !e->ack_read && host_connected && host_synced && awaited != (int)(e - sent)) {
        awaited = (int)(e - sent);
        awaited_us = t_end;
    }
    /* a CARD: which dealt card is it? match its tag data with the cards still pending */
    uint8_t tag_len = raw[21];
    const uint8_t *tag = raw + 22;
    for (int i = 0; i < next_card; i++) {
        dealt_t *d = &dealt[i];
        const card_t *c = &cards[i];
        if (!d->pending || !d->out_us)
            continue;
        bool match = c->has_tag ? (tag_len >= c->uid_len && memcmp(tag, c->uid, c->uid_len) == 0)
                                : tag_len == 0;
        if (!match)
            continue;
        d->pending = false;
        char ack[24] = "none";
        if (before && before->acked_us)
            snprintf(ack, sizeof ack, "%llu", (unsigned long long)(t_end - before->acked_us));
        event("latency %d exit_us=%llu in_us=%llu ack_us=%s", i,
              (unsigned long long)(t_end - d->out_us), (unsigned long long)(t_end - d->in_us),
              ack);
        return;
    }
}

/* Bytes on their way to the host. A pty holds only about 4 KiB, while a real USB serial port's
 * kernel buffer holds 64 KiB: a host that stops reading for a moment (a busy test machine, the
 * simulator catching up on the wall clock in a burst) must not lose bytes a real port would
 * have kept. Like the real port, the buffer empties when no host holds the port, and bytes
 * beyond it are dropped (counted in `status` as tx_dropped). */
static struct {
    uint8_t buf[65536];
    size_t head, len;
    uint64_t dropped;
} tx_queue;

static void tx_flush(void) {
    while (tx_queue.len && host_connected && master_fd >= 0) {
        size_t run = sizeof tx_queue.buf - tx_queue.head;
        if (run > tx_queue.len)
            run = tx_queue.len;
        ssize_t w = write(master_fd, tx_queue.buf + tx_queue.head, run);
        if (w <= 0)
            return; /* full (EAGAIN): poll for POLLOUT and try again */
        tx_queue.head = (tx_queue.head + (size_t)w) % sizeof tx_queue.buf;
        tx_queue.len -= (size_t)w;
    }
}

static void tx_forget(void) {
    tx_queue.head = 0;
    tx_queue.len = 0;
}

static void uart0_out(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    uint8_t b = (uint8_t)value;
    if (host_connected && master_fd >= 0) {
        if (tx_queue.len < sizeof tx_queue.buf) {
            tx_queue.buf[(tx_queue.head + tx_queue.len) % sizeof tx_queue.buf] = b;
            tx_queue.len++;
            if (tx_queue.len == 1)
                tx_flush();
        } else {
            tx_queue.dropped++;
        }
    }
    if (b == 0) {
        if (tx_len)
            frame_done(sim_us() + 1000000ull * BYTE_BITS_PACED / BAUD);
        tx_between_frames = tx_len != 0; /* a frame's closing 00; its opening 00 starts one */
        tx_len = 0;
    } else if (tx_len < sizeof tx_chunk) {
        tx_chunk[tx_len++] = b;
    }
}

/* -------------------------------------------------------------------- the reader side (UART1) */

static void uart1_out(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)param;
    pn532_emu_input(&reader, (uint8_t)value, sim_us());
    if (reader.out_len)
        feed_start(&reader_feed);
}

/* -------------------------------------------------------------------- pins */

static avr_irq_t *exit_pin, *btn_result_pin, *btn_new_shoe_pin;
static uint8_t out_leds, out_buzzer, out_lock;

/* Inputs driven from outside: declared as external levels (so the firmware's pull-ups and
 * port writes do not override them) and forced into PINx after every slice (a reset clears
 * the I/O registers). PINC is data address 0x26, PIND 0x29 on the ATmega1284P. */
typedef struct {
    char port;
    uint8_t pin_addr;
    uint8_t mask, value;
} ext_port;

static ext_port ext_c = {'C', 0x26, 0, 0}, ext_d = {'D', 0x29, 0, 0};

static void set_input(ext_port *e, avr_irq_t *irq, int bit, int level) {
    e->mask = (uint8_t)(e->mask | (1u << bit));
    e->value = (uint8_t)((e->value & ~(1u << bit)) | ((level ? 1u : 0u) << bit));
    avr_ioport_external_t x = {.name = (unsigned long)e->port, .mask = e->mask, .value = e->value};
    avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL(e->port), &x);
    avr_raise_irq(irq, level ? 1 : 0);
}

static void force_inputs(void) {
    ext_port *ports[2] = {&ext_c, &ext_d};
    for (int i = 0; i < 2; i++)
        avr->data[ports[i]->pin_addr] =
            (uint8_t)((avr->data[ports[i]->pin_addr] & ~ports[i]->mask) | ports[i]->value);
}

static void set_exit(int card_in_slot) { set_input(&ext_d, exit_pin, 4, !card_in_slot); }
static void set_button(int which, int down) {
    set_input(&ext_c, which ? btn_new_shoe_pin : btn_result_pin, which ? 1 : 0, !down);
}

static void pin_changed(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    intptr_t which = (intptr_t)param;
    switch (which) {
    case 0: case 1: case 2:
        out_leds = (uint8_t)((out_leds & ~(1u << which)) | ((value & 1u) << which));
        break;
    case 5:
        out_lock = (uint8_t)(value & 1u);
        break;
    case 6:
        out_buzzer = (uint8_t)(value & 1u);
        break;
    case 10: /* PC2: PN532 RSTPDN */
        pn532_emu_power(&reader, value & 1u);
        return;
    default:
        return;
    }
    static int last = -1;
    int now = out_leds | out_buzzer << 3 | out_lock << 4;
    if (now != last)
        event("out leds=%u buzzer=%u lock=%u t=%llu", out_leds, out_buzzer, out_lock,
              (unsigned long long)sim_us());
    last = now;
}

static void watch_pin(char port, int bit, intptr_t tag) {
    avr_irq_t *irq = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(port), bit);
    avr_irq_register_notify(irq, pin_changed, (void *)tag);
}

/* -------------------------------------------------------------------- dealing */

static int deal_left;           /* cards still to deal in this command */
static int deal_phase; /* 0 idle, 1 card in the slot, 2 gap after it, 3 held in, 4 going in */
static uint64_t last_out_us;
static uint64_t deal_next_us;   /* when the phase ends */
static bool auto_deal;
static uint64_t hold_until_us[2];

static void card_enters(int i) {
    const card_t *c = &cards[i];
    if (c->has_tag)
        pn532_emu_tag(&reader, c->uid, c->uid_len, c->pages_ok ? c->pages : NULL);
    else
        pn532_emu_no_tag(&reader);
    set_exit(1); /* active low: a card in the exit slot */
    dealt[i].index = i;
    dealt[i].in_us = sim_us();
    dealt[i].out_us = 0;
    dealt[i].pending = true;
}

static void card_leaves(int i) {
    set_exit(0);
    pn532_emu_no_tag(&reader);
    dealt[i].out_us = sim_us();
    last_out_us = dealt[i].out_us;
    event("dealt %d in=%llu out=%llu", i, (unsigned long long)dealt[i].in_us,
          (unsigned long long)dealt[i].out_us);
}

static void deal_step(void) {
    uint64_t now = sim_us();
    if (deal_phase == 0) {
        if (deal_left <= 0)
            return;
        if (next_card >= ncards) {
            deal_left = 0;
            event("empty");
            event("done");
            return;
        }
        card_enters(next_card);
        deal_phase = 1;
        deal_next_us = now + dwell_ms * 1000ull;
    } else if (deal_phase == 1 && now >= deal_next_us) {
        card_leaves(next_card);
        next_card++;
        deal_left--;
        deal_phase = 2;
        deal_next_us = now + gap_ms * 1000ull;
    } else if (deal_phase == 4 && now >= deal_next_us) {
        card_enters(next_card);
        deal_phase = 3;
        event("in %d t=%llu", next_card, (unsigned long long)now);
    } else if (deal_phase == 2 && now >= deal_next_us) {
        deal_phase = 0;
        if (deal_left <= 0) {
            if (auto_deal && next_card >= ncards)
                event("empty");
            event("done");
        }
    }
}

/* -------------------------------------------------------------------- resets */

static void set_reset_flag(const char *kind) {
    avr_regbit_clear(avr, avr->reset_flags.porf);
    avr_regbit_clear(avr, avr->reset_flags.extrf);
    avr_regbit_clear(avr, avr->reset_flags.borf);
    avr_regbit_clear(avr, avr->reset_flags.wdrf);
    if (!strcmp(kind, "reset"))
        avr_regbit_set(avr, avr->reset_flags.extrf);
    else if (!strcmp(kind, "brownout"))
        avr_regbit_set(avr, avr->reset_flags.borf);
    else
        avr_regbit_set(avr, avr->reset_flags.porf);
}

static void do_reset(const char *kind) {
    avr_reset(avr); /* RAM, registers, peripherals; the EEPROM keeps what was written */
    set_reset_flag(kind);
    pn532_emu_power(&reader, false);
    host_feed.running = reader_feed.running = false; /* cycle timers were cleared */
    if (host_feed.len)
        feed_start(&host_feed);
    tx_len = 0;
    tx_between_frames = true; /* a frame cut short by the reset is not finished later */
    force_inputs(); /* the levels outside did not change */
    event("reset %s t=%llu", kind, (unsigned long long)sim_us());
}

/* -------------------------------------------------------------------- commands */

static void command(char *line);

/* Commands to run at a simulated time ("after MS COMMAND"). */
#define MAX_LATER 16
static struct {
    uint64_t due_us;
    uint32_t order; /* when it was scheduled: of two due at once, the earlier runs first */
    char line[64];
    bool used;
} later[MAX_LATER];
static uint32_t later_count;

static void schedule(uint64_t due_us, const char *line) {
    for (int i = 0; i < MAX_LATER; i++) {
        if (!later[i].used) {
            later[i].used = true;
            later[i].due_us = due_us;
            later[i].order = later_count++;
            snprintf(later[i].line, sizeof later[i].line, "%s", line);
            return;
        }
    }
    event("error too many commands waiting");
}

/* Run what is due, oldest first (two due at once run in the order they were scheduled). */
static void run_later(void) {
    uint64_t now = sim_us();
    for (;;) {
        int pick = -1;
        for (int i = 0; i < MAX_LATER; i++) {
            if (later[i].used && later[i].due_us <= now &&
                (pick < 0 || later[i].due_us < later[pick].due_us ||
                 (later[i].due_us == later[pick].due_us && later[i].order < later[pick].order)))
                pick = i;
        }
        if (pick < 0)
            return;
        char line[64];
        memcpy(line, later[pick].line, sizeof line);
        later[pick].used = false;
        command(line);
    }
}

static void button(const char *name, int down, uint64_t until) {
    int i = !strcmp(name, "new_shoe") ? 1 : 0;
    set_button(i, down);
    hold_until_us[i] = down ? until : 0;
}

static uint32_t stack_from;

static void report_stack(void) {
    if (!stack_from)
        return;
    uint32_t a = stack_from;
    while (a <= RAMEND_ADDR && avr->data[a] == PAINT)
        a++;
    event("stack used=%u free=%u", RAMEND_ADDR + 1 - a, a - stack_from);
}

static void command(char *line) {
    char verb[32] = "", arg[32] = "";
    long n = 0;
    int k = sscanf(line, "%31s %31s %ld", verb, arg, &n);
    if (k < 1)
        return;
    if (!strcmp(verb, "after") && k >= 2) {
        int used = 0;
        double ms = 0;
        if (sscanf(line, "%*s %lf %n", &ms, &used) != 1 || ms < 0 || !line[used]) {
            event("error after MS COMMAND");
            return;
        }
        schedule(sim_us() + (uint64_t)(ms * 1000.0), line + used);
    } else if (!strcmp(verb, "deal")) {
        deal_left += k >= 2 ? atoi(arg) : 1;
    } else if (!strcmp(verb, "in")) {
        if (deal_phase != 0 || next_card >= ncards) {
            event("error not ready");
            return;
        }
        deal_phase = 4; /* a card can only come in a gap after the one before has gone */
        deal_next_us = next_card ? last_out_us + gap_ms * 1000ull : 0;
    } else if (!strcmp(verb, "out")) {
        if (deal_phase == 4) { /* still waiting for its gap: go in first */
            card_enters(next_card);
            event("in %d t=%llu", next_card, (unsigned long long)sim_us());
            deal_phase = 3;
        }
        if (deal_phase != 3) {
            event("error no card held");
            return;
        }
        card_leaves(next_card);
        next_card++;
        deal_phase = 0;
    } else if (!strcmp(verb, "reset") || !strcmp(verb, "power") || !strcmp(verb, "brownout")) {
        do_reset(verb);
    } else if (!strcmp(verb, "press") && k == 3) {
        button(arg, 1, sim_us() + (uint64_t)n * 1000ull);
    } else if (!strcmp(verb, "hold")) {
        button(arg, 1, UINT64_MAX);
    } else if (!strcmp(verb, "release")) {
        button(arg, 0, 0);
    } else if (!strcmp(verb, "reader")) {
        reader.dead = !strcmp(arg, "dead");
    } else if (!strcmp(verb, "sync")) {
        event("sync t=%llu", (unsigned long long)sim_us()); /* all commands before it are done */
    } else if (!strcmp(verb, "status")) {
        event("status t=%llu dealt=%d cards=%d frames=%llu card_frames=%llu connected=%d "
              "leds=%u buzzer=%u lock=%u reader_frames=%u reader_lists=%u reader_reads=%u "
              "reader_powered=%d tx_queued=%zu tx_dropped=%llu ack_waits=%llu",
              (unsigned long long)sim_us(), next_card, ncards, (unsigned long long)frames_out,
              (unsigned long long)card_frames, host_connected, out_leds, out_buzzer, out_lock,
              reader.frames, reader.lists, reader.reads, reader.powered, tx_queue.len,
              (unsigned long long)tx_queue.dropped, (unsigned long long)ack_waits);
    } else if (!strcmp(verb, "quit")) {
        quit = true;
    } else {
        fprintf(stderr, "shoe_sim: unknown command: %s\n", line);
    }
}

static char cmd_buf[1024];
static size_t cmd_len;

static void read_commands(void) {
    char tmp[512];
    ssize_t r = read(STDIN_FILENO, tmp, sizeof tmp);
    if (r == 0) {
        quit = true; /* stdin closed: the controller is gone */
        return;
    }
    if (r < 0)
        return;
    for (ssize_t i = 0; i < r; i++) {
        if (tmp[i] == '\n' || cmd_len == sizeof cmd_buf - 1) {
            cmd_buf[cmd_len] = 0;
            command(cmd_buf);
            cmd_len = 0;
        } else {
            cmd_buf[cmd_len++] = tmp[i];
        }
    }
}

/* -------------------------------------------------------------------- pty */

static void open_pty(const char *link) {
    master_fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (master_fd < 0 || grantpt(master_fd) || unlockpt(master_fd)) {
        perror("shoe_sim: pty");
        exit(1);
    }
    const char *name = ptsname(master_fd);
    int s = open(name, O_RDWR | O_NOCTTY);
    struct termios t;
    if (s < 0 || tcgetattr(s, &t)) {
        perror("shoe_sim: pty slave");
        exit(1);
    }
    cfmakeraw(&t); /* no echo, no line editing: a serial port */
    cfsetispeed(&t, B115200);
    cfsetospeed(&t, B115200);
    tcsetattr(s, TCSANOW, &t);
    close(s);
    fcntl(master_fd, F_SETFL, fcntl(master_fd, F_GETFL) | O_NONBLOCK);
    if (link) {
        unlink(link);
        if (symlink(name, link)) {
            perror("shoe_sim: symlink");
            exit(1);
        }
    }
    event("pty %s", name);
}

/* Is a host holding the port open? (POLLHUP on the master while no one is.) */
static void check_host(void) {
    struct pollfd p = {master_fd, POLLIN, 0};
    poll(&p, 1, 0);
    bool connected = !(p.revents & POLLHUP);
    if (connected != host_connected) {
        host_connected = connected;
        host_synced = false;
        awaited = -1;
        from_port.len = 0;
        if (!connected)
            tx_forget(); /* what a host that let go never read is gone, as on a real port */
        event("host %s t=%llu", connected ? "connected" : "disconnected",
              (unsigned long long)sim_us());
    }
    if (connected && (p.revents & POLLIN)) {
        uint8_t buf[1024];
        ssize_t r = read(master_fd, buf, sizeof buf);
        if (r > 0) {
            feed_push(&host_feed, buf, (size_t)r);
            for (ssize_t i = 0; i < r; i++)
                port_byte(buf[i]);
            if (trace)
                event("rx bytes=%zd t=%llu", r, (unsigned long long)sim_us());
        }
    }
}

/* -------------------------------------------------------------------- waiting for the host */

static uint64_t wait_host_us = UINT64_MAX; /* --wait-host: when the clock stops for the host */
static bool waiting_host;
static uint64_t waiting_since_wall;

/* Once the time has come and no frame is half sent: stop the clock. */
static bool start_waiting_host(uint64_t now) {
    if (now < wait_host_us || !tx_between_frames)
        return false;
    wait_host_us = UINT64_MAX;
    waiting_host = true;
    waiting_since_wall = wall_us();
    event("waiting-for-host t=%llu", (unsigned long long)now);
    return true;
}

/* The clock stands still: commands are read (at this simulated moment) and the port watched
 * until a host holds it and has written to it; then the clock goes on where it stopped. */
static void wait_for_host(uint64_t *wall0) {
    struct pollfd p = {STDIN_FILENO, POLLIN, 0};
    if (poll(&p, 1, 5) > 0 && (p.revents & (POLLIN | POLLHUP)))
        read_commands();
    check_host();
    if (!host_feed.len)
        return;
    waiting_host = false;
    *wall0 += wall_us() - waiting_since_wall; /* no catching up on the time that stood still */
    event("resumed t=%llu", (unsigned long long)sim_us());
}

/* -------------------------------------------------------------------- waiting for an ACK */

static uint64_t ack_within_us = UINT64_MAX; /* --ack-within */
static bool waiting_ack;
static uint64_t waiting_ack_since_wall;

/* A CARD has been out MS and its host has not answered: stop the clock. */
static bool start_waiting_ack(uint64_t now) {
    if (ack_within_us == UINT64_MAX || awaited < 0 || now < awaited_us + ack_within_us)
        return false;
    waiting_ack = true;
    waiting_ack_since_wall = wall_us();
    ack_waits++;
    event("waiting-for-ack seq=%u t=%llu", sent[awaited].seq, (unsigned long long)now);
    return true;
}

/* The clock stands still: commands are read (at this simulated moment), the shoe's bytes go
 * out and the host's come in, until an ACK of the awaited CARD has been read or the host no
 * longer can send one (it let go of the port, or asks for a HELLO). */
static void wait_for_ack(uint64_t *wall0) {
    struct pollfd p[2] = {{STDIN_FILENO, POLLIN, 0},
                          {master_fd, (short)(POLLIN | (tx_queue.len ? POLLOUT : 0)), 0}};
    if (poll(p, 2, 5) > 0 && (p[0].revents & (POLLIN | POLLHUP)))
        read_commands();
    check_host();
    tx_flush();
    if (awaited >= 0 && !quit)
        return;
    waiting_ack = false;
    *wall0 += wall_us() - waiting_ack_since_wall; /* no catching up on the time that stood still */
    event("resumed t=%llu", (unsigned long long)sim_us());
}

/* -------------------------------------------------------------------- set-up */

static int hexval(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_hex(const char *s, uint8_t *out, int max) {
    int n = 0, hi = -1;
    for (; *s && n < max; s++) {
        int v = hexval(*s);
        if (v < 0)
            continue;
        if (hi < 0) {
            hi = v;
        } else {
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return n;
}

static void load_shoe(const char *path) {
    FILE *f = fopen(path, "r");
    char line[512];
    if (!f) {
        perror(path);
        exit(1);
    }
    while (fgets(line, sizeof line, f) && ncards < MAX_CARDS) {
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char a[128] = "", b[128] = "";
        int k = sscanf(line, "%127s %127s", a, b);
        if (k < 1)
            continue;
        card_t *c = &cards[ncards++];
        memset(c, 0, sizeof *c);
        if (!strcmp(a, "none"))
            continue;
        c->has_tag = true;
        c->uid_len = (uint8_t)parse_hex(a, c->uid, 10);
        c->pages_ok = k == 2 && strcmp(b, "-") != 0 && parse_hex(b, c->pages, 16) == 16;
    }
    fclose(f);
}

static void setup_eeprom(const char *key_hex, uint32_t epoch, uint32_t serial) {
    avr_eeprom_desc_t d = {.ee = NULL, .offset = 0, .size = EE_SIZE - 1};
    avr_ioctl(avr, AVR_IOCTL_EEPROM_GET, &d); /* returns -1 even when it worked */
    if (!d.ee) {
        fprintf(stderr, "shoe_sim: no EEPROM\n");
        exit(1);
    }
    eeprom = d.ee;
    FILE *f = eeprom_path ? fopen(eeprom_path, "rb") : NULL;
    if (f) {
        size_t n = fread(eeprom, 1, EE_SIZE, f);
        fclose(f);
        if (n == EE_SIZE)
            return; /* an existing shoe keeps its state */
    }
    memset(eeprom, 0xFF, EE_SIZE);
    uint8_t b[CFG_SIZE];
    store_format_ident(b, serial);
    memcpy(eeprom + EE_IDENT, b, IDENT_SIZE);
    if (key_hex) {
        uint8_t key[KEY_SIZE];
        if (parse_hex(key_hex, key, KEY_SIZE) != KEY_SIZE) {
            fprintf(stderr, "shoe_sim: --key needs 64 hex digits\n");
            exit(2);
        }
        store_format_config(b, key, epoch);
        memcpy(eeprom + EE_CFG_A, b, CFG_SIZE);
        memcpy(eeprom + EE_CFG_B, b, CFG_SIZE);
    }
}

static void save_eeprom(void) {
    if (!eeprom_path || !eeprom)
        return;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", eeprom_path);
    FILE *f = fopen(tmp, "wb");
    if (f && fwrite(eeprom, 1, EE_SIZE, f) == EE_SIZE && fclose(f) == 0)
        rename(tmp, eeprom_path);
}

static void on_signal(int sig) {
    (void)sig;
    quit = true;
}

static void sim_sleep(avr_t *a, avr_cycle_count_t how_long) { /* time is ours to pace */
    (void)a;
    (void)how_long;
}

int main(int argc, char **argv) {
    const char *elf = NULL, *shoe = NULL, *key = NULL, *link = NULL;
    uint32_t epoch = 0, serial = 1234567;
    bool hold_new_shoe = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--shoe") && v) shoe = argv[++i];
        else if (!strcmp(a, "--eeprom") && v) eeprom_path = argv[++i];
        else if (!strcmp(a, "--key") && v) key = argv[++i];
        else if (!strcmp(a, "--epoch") && v) epoch = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--serial") && v) serial = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--dwell-ms") && v) dwell_ms = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--gap-ms") && v) gap_ms = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--speed") && v) speed = atof(argv[++i]);
        else if (!strcmp(a, "--link") && v) link = argv[++i];
        else if (!strcmp(a, "--stack-from") && v) stack_from = (uint32_t)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--wait-host") && v) wait_host_us = strtoull(argv[++i], NULL, 0) * 1000ull;
        else if (!strcmp(a, "--ack-within") && v) ack_within_us = strtoull(argv[++i], NULL, 0) * 1000ull;
        else if (!strcmp(a, "--hold-new-shoe")) hold_new_shoe = true;
        else if (!strcmp(a, "--auto")) auto_deal = true;
        else if (!strcmp(a, "--trace")) trace = true;
        else if (a[0] != '-' && !elf) elf = a;
        else {
            fprintf(stderr, "shoe_sim: bad argument %s (see the comment at the top of sim/shoe_sim.c)\n", a);
            return 2;
        }
    }
    if (!elf || speed <= 0) {
        fprintf(stderr, "usage: shoe_sim FIRMWARE.elf --shoe FILE [options]\n");
        return 2;
    }
    /* machine-readable events on the real stdout; simavr prints on stdout, so move it */
    events = fdopen(dup(STDOUT_FILENO), "w");
    dup2(STDERR_FILENO, STDOUT_FILENO);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);
    if (shoe)
        load_shoe(shoe);

    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(elf, &fw)) {
        fprintf(stderr, "shoe_sim: cannot read %s\n", elf);
        return 1;
    }
    avr = avr_make_mcu_by_name(MCU);
    if (!avr)
        return 1;
    avr_init(avr);
    avr->log = 0;
    avr_load_firmware(avr, &fw);
    avr->frequency = F_CPU_HZ;
    avr->sleep = sim_sleep;
    setup_eeprom(key, epoch, serial);

    uint32_t flags = 0; /* no console echo, no usleep on status polling */
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('1'), &flags);
    avr_cycle_count_t byte_cycles = (avr_cycle_count_t)F_CPU_HZ * BYTE_BITS_PACED / BAUD + 1;
    host_feed.in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    host_feed.period = byte_cycles;
    reader_feed.in = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('1'), UART_IRQ_INPUT);
    reader_feed.period = byte_cycles;
    reader_feed.from_reader = true;
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
                            uart0_out, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('1'), UART_IRQ_OUTPUT),
                            uart1_out, NULL);
    pn532_emu_init(&reader);

    exit_pin = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 4);
    btn_result_pin = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), 0);
    btn_new_shoe_pin = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('C'), 1);
    set_exit(0);
    set_button(0, 0);
    set_button(1, hold_new_shoe);
    if (hold_new_shoe)
        hold_until_us[1] = 3000000; /* let go after 3 s */
    watch_pin('B', 0, 0);
    watch_pin('B', 1, 1);
    watch_pin('B', 2, 2);
    watch_pin('D', 5, 5);
    watch_pin('D', 6, 6);
    watch_pin('C', 2, 10);
    set_reset_flag("power");

    open_pty(link);
    fcntl(STDIN_FILENO, F_SETFL, fcntl(STDIN_FILENO, F_GETFL) | O_NONBLOCK);
    event("ready");
    if (auto_deal)
        deal_left = ncards;

    uint64_t wall0 = wall_us();
    uint64_t last_io = 0;
    while (!quit) {
        if (waiting_host) {
            wait_for_host(&wall0);
            continue;
        }
        if (waiting_ack) {
            wait_for_ack(&wall0);
            continue;
        }
        avr_cycle_count_t end = avr->cycle + (avr_cycle_count_t)F_CPU_HZ / 1000000u * SLICE_US;
        while (avr->cycle < end) {
            int st = avr_run(avr);
            if (st == cpu_Done || st == cpu_Crashed) {
                fprintf(stderr, "shoe_sim: the firmware %s at %llu us\n",
                        st == cpu_Done ? "stopped" : "crashed", (unsigned long long)sim_us());
                event("crashed");
                quit = true;
                break;
            }
        }
        force_inputs();
        uint64_t now = sim_us();
        for (int i = 0; i < 2; i++) {
            if (hold_until_us[i] && hold_until_us[i] != UINT64_MAX && now >= hold_until_us[i]) {
                hold_until_us[i] = 0;
                set_button(i, 0);
            }
        }
        deal_step();
        run_later();
        if (start_waiting_host(now) || start_waiting_ack(now))
            continue;
        /* keep simulated time at `speed` times the wall clock; service I/O meanwhile */
        uint64_t target = (uint64_t)((double)now / speed);
        uint64_t elapsed = wall_us() - wall0;
        int wait_ms = target > elapsed + 1000 ? (int)((target - elapsed) / 1000) : 0;
        if (wait_ms > 20)
            wait_ms = 20;
        if (wait_ms == 0 && now - last_io < 1000)
            continue;
        last_io = now;
        /* (a pty master with no one on the other side reports POLLHUP for ever: leave it out) */
        short host_events = (short)(POLLIN | (tx_queue.len ? POLLOUT : 0));
        struct pollfd p[2] = {{STDIN_FILENO, POLLIN, 0},
                              {host_connected ? master_fd : -1, host_events, 0}};
        int r = poll(p, 2, wait_ms);
        if (r > 0 && (p[0].revents & (POLLIN | POLLHUP)))
            read_commands();
        check_host();
        tx_flush();
    }
    report_stack();
    save_eeprom();
    event("bye frames=%llu t=%llu", (unsigned long long)frames_out, (unsigned long long)sim_us());
    if (link)
        unlink(link);
    return 0;
}
