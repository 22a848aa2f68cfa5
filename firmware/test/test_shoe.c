/* The shoe end to end on the fake board: a C "host" decodes what the shoe sends, answers,
 * and checks delivery across resets, link loss, pairing and faults. */
#include <stdlib.h>

#include "../src/platform.h"
#include "../src/shoe.h"
#include "check.h"
#include "fake_platform.h"
#include "tests.h"

#define SERIAL 1234567u

static const uint8_t KEY[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
static const uint8_t NONCE[8] = {0x5a, 0x5a, 0x01, 0x23, 0x45, 0x67, 0x89, 0xa5};

typedef struct {
    uint8_t type;
    uint32_t epoch, seq;
    uint8_t len;
    uint8_t p[MAX_PAYLOAD];
    size_t end; /* offset in fake_tx after the frame */
} got_frame;

typedef struct {
    hmac_key key;
    bool pairing;
    size_t pos;
    frame_rx rx;
    rx_counters cnt;
    uint32_t epoch, seq;
} thost;

static void host_init(thost *h, const uint8_t *key) {
    memset(h, 0, sizeof *h);
    uint8_t zero[32] = {0};
    h->pairing = key == NULL;
    hmac_prepare(&h->key, key ? key : zero);
    frame_rx_reset(&h->rx);
    h->pos = fake_tx_len;
}

static bool next_frame(thost *h, got_frame *g) {
    while (h->pos < fake_tx_len) {
        uint8_t n = frame_rx_byte(&h->rx, fake_tx[h->pos++], &h->cnt);
        frame_view v;
        if (n && frame_decode(h->rx.buf, n, &h->key, h->pairing, false, &v, &h->cnt) == RX_OK) {
            g->type = v.type;
            g->epoch = v.epoch;
            g->seq = v.seq;
            g->len = v.len;
            memcpy(g->p, v.payload, v.len);
            g->end = h->pos;
            return true;
        }
    }
    return false;
}

/* forget what the shoe sent so far */
static void drain(thost *h) {
    h->pos = fake_tx_len;
    frame_rx_reset(&h->rx);
}

/* the next frame of a type, skipping others; false if none within `ms` */
static bool wait_frame(thost *h, uint8_t type, got_frame *g, uint32_t ms) {
    for (uint32_t t = 0; t <= ms; t++) {
        while (next_frame(h, g))
            if (g->type == type)
                return true;
        fake_run(1);
    }
    return false;
}

static void host_send(thost *h, uint8_t type, const uint8_t *p, uint8_t len) {
    uint8_t wire[MAX_WIRE_FRAME];
    bool unseq = frame_unsequenced(type);
    uint32_t seq = unseq ? 0 : ++h->seq;
    uint8_t n = frame_encode(&h->key, type, unseq ? 0 : h->epoch, seq, p, len, wire);
    fake_host_send(wire, n);
}

static void host_send_raw(thost *h, uint8_t type, uint32_t epoch, uint32_t seq, const uint8_t *p,
                          uint8_t len) {
    uint8_t wire[MAX_WIRE_FRAME];
    uint8_t n = frame_encode(&h->key, type, epoch, seq, p, len, wire);
    fake_host_send(wire, n);
}

/* QUERY_STATUS, then learn the epoch and host_seq_last from the HELLO (section 7.3) */
static bool host_sync(thost *h, got_frame *hello) {
    host_send(h, MSG_QUERY_STATUS, NONCE, 8);
    for (int i = 0; i < 3000; i++) {
        got_frame g;
        if (wait_frame(h, MSG_HELLO, &g, 0) && memcmp(g.p + 19, NONCE, 8) == 0) {
            h->epoch = get_u32(g.p + 10);
            h->seq = get_u32(g.p + 15);
            if (hello)
                *hello = g;
            return true;
        }
        fake_run(1);
    }
    return false;
}

static void ack(thost *h, uint32_t epoch, uint32_t seq) {
    uint8_t p[8];
    put_u32(p, epoch);
    put_u32(p + 4, seq);
    host_send(h, MSG_ACK, p, 8);
}

static void keepalive(thost *h) {
    uint8_t p = IND_OFF;
    host_send(h, MSG_SET_INDICATOR, &p, 1);
}

/* ---------------------------------------------------------------------- cards and dealing */

typedef struct {
    uint8_t uid[7];
    uint8_t pages[16];
} tag_t;

static tag_t card_tag(uint8_t index) { /* the card-tags format; the MAC is not the shoe's job */
    tag_t t;
    uint8_t rank = (uint8_t)(index % 13 + 1), suit = (uint8_t)((index / 13) % 4);
    t.uid[0] = 0x04;
    for (uint8_t i = 1; i < 7; i++)
        t.uid[i] = (uint8_t)(index * 17 + i * 3 + 1);
    memset(t.pages, 0, 16);
    t.pages[0] = 0x01;
    t.pages[1] = (uint8_t)(rank << 4 | suit);
    t.pages[5] = 0x2A;
    t.pages[7] = (uint8_t)(index + 1);
    for (uint8_t i = 8; i < 16; i++)
        t.pages[i] = (uint8_t)(index ^ (i * 29));
    return t;
}

static void card_in(const tag_t *t) {
    pn532_emu_tag(&fake_reader, t->uid, 7, t->pages);
    fake_inputs |= IN_CARD_AT_EXIT;
}

static void card_out(void) {
    fake_inputs &= (uint8_t)~IN_CARD_AT_EXIT;
    pn532_emu_no_tag(&fake_reader);
}

static void deal(const tag_t *t, uint32_t dwell_ms) {
    card_in(t);
    fake_run(dwell_ms);
    card_out();
}

/* What the host keeps: distinct events in arrival order; duplicates must be identical. */
#define MAX_SEEN 128
typedef struct {
    uint32_t epoch[MAX_SEEN], seq[MAX_SEEN];
    uint8_t len[MAX_SEEN];
    uint8_t p[MAX_SEEN][MAX_PAYLOAD];
    int n, duplicates, conflicts;
} seen_t;

static void seen_add(seen_t *s, const got_frame *g) {
    uint32_t e = get_u32(g->p), q = get_u32(g->p + 4);
    for (int i = 0; i < s->n; i++) {
        if (s->epoch[i] == e && s->seq[i] == q) {
            if (s->len[i] == g->len && memcmp(s->p[i], g->p, g->len) == 0)
                s->duplicates++;
            else
                s->conflicts++;
            return;
        }
    }
    if (s->n < MAX_SEEN) {
        s->epoch[s->n] = e;
        s->seq[s->n] = q;
        s->len[s->n] = g->len;
        memcpy(s->p[s->n], g->p, g->len);
        s->n++;
    }
}

/* Run `ms`, acknowledging every CARD and keeping the link alive, like the host driver. */
static void host_pump(thost *h, seen_t *s, uint32_t ms, bool acking) {
    for (uint32_t t = 0; t < ms; t++) {
        got_frame g;
        while (next_frame(h, &g)) {
            if (g.type == MSG_CARD) {
                if (s)
                    seen_add(s, &g);
                if (acking)
                    ack(h, get_u32(g.p), get_u32(g.p + 4));
            }
        }
        if (acking && t % 500 == 0)
            keepalive(h);
        fake_run(1);
    }
}

static bool card_is(const uint8_t *payload, const tag_t *t) {
    return payload[10] == 23 && memcmp(payload + 11, t->uid, 7) == 0 &&
           memcmp(payload + 18, t->pages, 16) == 0 && payload[8] == (t->pages[1] >> 4) &&
           payload[9] == (t->pages[1] & 15);
}

static void boot_paired(uint32_t stored_epoch) {
    fake_provision(KEY, stored_epoch, SERIAL);
    pn532_emu_init(&fake_reader);
    fake_inputs = 0;
    fake_tx_len = 0;
    fake_tx_space = 1024;
    fake_nvm_us_per_byte = 3400;
    fake_boot(REASON_POWER_ON);
}

/* ---------------------------------------------------------------------- tests */

static void test_boot_stores_epoch_before_hello(void) {
    thost h;
    boot_paired(6);
    host_init(&h, KEY);
    for (int i = 0; i < 500 && fake_tx_len == 0; i++)
        fake_run(1);
    CHECK(fake_tx_len > 0);
    /* the first byte out: both copies already hold epoch 7 */
    CHECK_EQ(get_u32(fake_eeprom + EE_CFG_A + 2), 7);
    CHECK_EQ(get_u32(fake_eeprom + EE_CFG_B + 2), 7);
    got_frame g;
    CHECK(next_frame(&h, &g));
    CHECK_EQ(g.type, MSG_HELLO);
    CHECK_EQ(g.epoch, 7);
    CHECK_EQ(g.seq, 1);
    CHECK_EQ(get_u32(g.p), SERIAL);
    CHECK_EQ(g.p[7], 0); /* mode */
    CHECK_EQ(get_u16(g.p + 8), SHOE_CAPABILITIES);
    CHECK_EQ(get_u32(g.p + 10), 7);
    CHECK_EQ(g.p[14], REASON_POWER_ON);
    CHECK_EQ(get_u32(g.p + 15), 0);
    uint8_t zero[8] = {0};
    CHECK_MEM(g.p + 19, zero, 8);
    /* heartbeat: STATUS at least every second */
    uint32_t last = fake_now;
    for (int k = 0; k < 4; k++) {
        CHECK(wait_frame(&h, MSG_STATUS, &g, 1100));
        CHECK(fake_now - last <= 1000);
        last = fake_now;
        CHECK_EQ(g.p[0], STATE_READY);
    }
}

static void test_query_during_boot_answered(void) {
    /* the host asks before the shoe has finished booting: the first HELLO answers it */
    thost h;
    got_frame g;
    boot_paired(3);
    host_init(&h, KEY);
    fake_run(1);
    host_send(&h, MSG_QUERY_STATUS, NONCE, 8);
    CHECK(wait_frame(&h, MSG_HELLO, &g, 300));
    CHECK_MEM(g.p + 19, NONCE, 8);
    CHECK_EQ(g.seq, 1);
}

static void test_query_status_and_commands(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(200);
    CHECK(host_sync(&h, &g));
    CHECK_EQ(h.epoch, 2);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50)); /* HELLO, then STATUS */
    uint8_t ind = IND_BANKER_DRAWS;
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK_EQ(g.p[1], IND_BANKER_DRAWS);
    CHECK_EQ(get_u32(g.p + 9), h.seq); /* host_seq_last */
    CHECK_EQ(fake_leds, LED_BANKER);
    host_send(&h, MSG_LOCK_EXIT, NULL, 0);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK(get_u16(g.p + 2) & SENS_EXIT_LOCKED);
    CHECK(fake_lock);
    host_send(&h, MSG_UNLOCK_EXIT, NULL, 0);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK(!(get_u16(g.p + 2) & SENS_EXIT_LOCKED));
    CHECK(!fake_lock);
    uint8_t bz[3] = {BUZZ_DOUBLE, 0, 0};
    put_u16(bz + 1, 300);
    host_send(&h, MSG_BUZZER, bz, 3);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    int on = 0, toggles = 0;
    bool prev = false;
    for (int i = 0; i < 400; i++) {
        fake_run(1);
        on += fake_buzzer;
        toggles += fake_buzzer != prev;
        prev = fake_buzzer;
    }
    CHECK(on >= 180 && on <= 220); /* two thirds of 300 ms */
    CHECK_EQ(toggles, 4);          /* on, off, on, off */
}

static void test_cards_delivered_in_order(void) {
    thost h;
    seen_t s = {0};
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    for (uint8_t i = 0; i < 6; i++) {
        tag_t t = card_tag(i);
        card_in(&t);
        host_pump(&h, &s, 200, true);
        card_out();
        host_pump(&h, &s, 100, true);
    }
    host_pump(&h, &s, 500, true);
    CHECK_EQ(s.n, 6);
    CHECK_EQ(s.conflicts, 0);
    for (int i = 0; i < s.n; i++) {
        tag_t t = card_tag((uint8_t)i);
        CHECK_EQ(s.epoch[i], 2);
        CHECK_EQ(s.seq[i], (uint32_t)i + 1);
        CHECK(card_is(s.p[i], &t));
    }
    CHECK_EQ(shoe_queue_depth(), 0);
}

static void test_card_frame_only_after_commit(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    tag_t t = card_tag(3);
    deal(&t, 200);
    uint32_t left = fake_now;
    CHECK(wait_frame(&h, MSG_CARD, &g, 100));
    uint8_t slot = shoe_store()->q[shoe_store()->q_head].slot;
    CHECK_EQ(fake_eeprom[EE_QUEUE + slot * SLOT_SIZE], SLOT_COMMITTED);
    CHECK(fake_now - left <= 20); /* commit byte (3.4 ms) + frame, with a 1 ms clock */
    CHECK(card_is(g.p, &t));
}

static void test_resend_until_acknowledged(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    tag_t a = card_tag(1), b = card_tag(2);
    deal(&a, 200);
    fake_run(50);
    deal(&b, 200);
    drain(&h);
    /* only the head goes out, again every 250 ms, each time as a new frame */
    uint32_t first_seq = 0, times[6];
    for (int i = 0; i < 6; i++) {
        CHECK(wait_frame(&h, MSG_CARD, &g, 400));
        CHECK(card_is(g.p, &a));
        CHECK_EQ(get_u32(g.p + 4), 1);
        CHECK(g.seq > first_seq);
        first_seq = g.seq;
        times[i] = fake_now;
        keepalive(&h);
    }
    for (int i = 1; i < 6; i++)
        CHECK(times[i] - times[i - 1] >= 245 && times[i] - times[i - 1] <= 260);
    ack(&h, 2, 2); /* not the head: ignored */
    CHECK(wait_frame(&h, MSG_CARD, &g, 400));
    CHECK_EQ(get_u32(g.p + 4), 1);
    ack(&h, 2, 1);
    CHECK(wait_frame(&h, MSG_CARD, &g, 50)); /* the next goes out at once */
    CHECK(card_is(g.p, &b));
    CHECK_EQ(get_u32(g.p + 4), 2);
    ack(&h, 2, 2);
    fake_run(600);
    CHECK(!wait_frame(&h, MSG_CARD, &g, 600));
    CHECK_EQ(shoe_queue_depth(), 0);
}

static void test_host_frames_checked(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    const rx_counters *c = shoe_counters();
    uint16_t replayed = c->replayed, bad_auth = c->bad_auth, malformed = c->malformed,
             accepted = c->accepted;
    uint8_t ind = IND_PLAYER_DRAWS;
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    fake_run(20);
    CHECK_EQ(shoe_indicator(), IND_PLAYER_DRAWS);
    /* the same seq again, an older one, another epoch */
    ind = IND_STOP;
    host_send_raw(&h, MSG_SET_INDICATOR, h.epoch, h.seq, &ind, 1);
    host_send_raw(&h, MSG_SET_INDICATOR, h.epoch, h.seq - 1, &ind, 1);
    host_send_raw(&h, MSG_SET_INDICATOR, h.epoch + 1, h.seq + 5, &ind, 1);
    host_send_raw(&h, MSG_SET_INDICATOR, h.epoch - 1, h.seq + 5, &ind, 1);
    fake_run(50);
    CHECK_EQ(c->replayed, replayed + 4);
    CHECK_EQ(shoe_indicator(), IND_PLAYER_DRAWS);
    /* a forged frame (another key) */
    thost forger;
    uint8_t other[32];
    memset(other, 0x42, 32);
    host_init(&forger, other);
    forger.epoch = h.epoch;
    forger.seq = h.seq + 10;
    host_send(&forger, MSG_SET_INDICATOR, &ind, 1);
    /* noise, a short chunk, an unknown type, a shoe-to-host type (reflection) */
    uint8_t noise[] = {0x00, 0x13, 0x37, 0x00, 0x00, 0x99, 0x98, 0x97, 0x00};
    fake_host_send(noise, sizeof noise);
    host_send(&h, 0x8F, NULL, 0);
    host_send(&h, MSG_STATUS, (const uint8_t *)"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
              13);
    fake_run(50);
    CHECK_EQ(c->bad_auth, bad_auth + 1);
    CHECK(c->malformed >= malformed + 3);
    CHECK_EQ(c->wrong_direction, 1);
    CHECK_EQ(shoe_indicator(), IND_PLAYER_DRAWS);
    /* an oversized run */
    uint8_t big[200];
    memset(big, 0x55, sizeof big);
    fake_host_send(big, sizeof big);
    fake_host_send((const uint8_t *)"\0", 1);
    fake_run(20);
    CHECK_EQ(c->oversized, 1);
    /* and still working */
    drain(&h);
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK_EQ(g.p[1], IND_STOP);
    CHECK(c->accepted > accepted);
}

static void test_link_loss(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    uint8_t ind = IND_PLAYER_DRAWS;
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    fake_run(2900);
    CHECK(!(shoe_sensors() & SENS_LINK_LOST));
    fake_run(200);
    CHECK(shoe_sensors() & SENS_LINK_LOST);
    CHECK(shoe_sensors() & SENS_EXIT_LOCKED);
    CHECK_EQ(fake_leds, LED_STOP);
    /* cards are still read and queued meanwhile */
    tag_t t = card_tag(7);
    deal(&t, 200);
    fake_run(100);
    CHECK_EQ(shoe_queue_depth(), 1);
    /* the link returns: LINK_LOST clears, the lock stays until UNLOCK_EXIT */
    drain(&h);
    keepalive(&h);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK(!(get_u16(g.p + 2) & SENS_LINK_LOST));
    CHECK(get_u16(g.p + 2) & SENS_EXIT_LOCKED);
    host_send(&h, MSG_UNLOCK_EXIT, NULL, 0);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK(!(get_u16(g.p + 2) & SENS_EXIT_LOCKED));
}

static void test_reset_sequence(void) {
    thost h;
    got_frame g;
    seen_t s = {0};
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    tag_t t = card_tag(5);
    deal(&t, 200);
    fake_run(20);
    /* an event waits for its ACK: refused, STATUS says why */
    drain(&h);
    host_send(&h, MSG_RESET_SEQUENCE, NONCE, 8);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 50));
    CHECK_EQ(g.p[4], 1);
    CHECK_EQ(shoe_epoch(), 2);
    host_pump(&h, &s, 300, true);
    CHECK_EQ(shoe_queue_depth(), 0);
    drain(&h);
    host_send(&h, MSG_RESET_SEQUENCE, NONCE, 8);
    CHECK(wait_frame(&h, MSG_HELLO, &g, 200));
    CHECK_EQ(g.epoch, 3);
    CHECK_EQ(g.seq, 1);
    CHECK_EQ(g.p[14], REASON_NEW_SHOE);
    CHECK_MEM(g.p + 19, NONCE, 8);
    CHECK_EQ(get_u32(g.p + 15), 0);
    CHECK_EQ(get_u32(fake_eeprom + EE_CFG_A + 2), 3);
    CHECK_EQ(get_u32(fake_eeprom + EE_CFG_B + 2), 3);
    /* old-epoch host frames are dead; numbering restarts */
    uint8_t ind = IND_STOP;
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    fake_run(30);
    CHECK(shoe_indicator() != IND_STOP);
    h.epoch = 3;
    h.seq = 0;
    deal(&t, 200);
    CHECK(wait_frame(&h, MSG_CARD, &g, 100));
    CHECK_EQ(get_u32(g.p), 3);
    CHECK_EQ(get_u32(g.p + 4), 1);
}

static void test_queue_full(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    for (uint8_t i = 0; i < QUEUE_MAX + 1; i++) {
        tag_t t = card_tag(i);
        deal(&t, 160);
        keepalive(&h);
        fake_run(30);
    }
    CHECK_EQ(shoe_queue_depth(), QUEUE_MAX);
    CHECK(shoe_sensors() & SENS_QUEUE_FULL);
    CHECK(fake_lock);
    CHECK_EQ(fake_leds, LED_STOP);
    int on = 0;
    for (int i = 0; i < 1000; i++) {
        fake_run(1);
        on += fake_buzzer;
    }
    CHECK(on > 300 && on < 700); /* ALARM */
    /* empty the queue: the dropped 33rd card consumed its event_seq (the host sees a GAP) */
    seen_t s = {0};
    host_pump(&h, &s, 12000, true);
    CHECK_EQ(s.n, QUEUE_MAX);
    CHECK_EQ(s.seq[QUEUE_MAX - 1], QUEUE_MAX);
    CHECK(!(shoe_sensors() & SENS_QUEUE_FULL));
    tag_t t = card_tag(40);
    deal(&t, 200);
    CHECK(wait_frame(&h, MSG_CARD, &g, 100));
    CHECK_EQ(get_u32(g.p + 4), QUEUE_MAX + 2);
}

/* The heart of it: cut the power at every moment of a card's passage and check the host
 * ends with every card exactly once, in order. */
static void reset_scenario(uint32_t cut_at, uint8_t cause, bool card_gone_during_reset,
                           seen_t *s) {
    thost h;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    tag_t a = card_tag(10), b = card_tag(11), c = card_tag(12);
    deal(&a, 200);
    host_pump(&h, s, 100, true);
    /* card b: the reset comes `cut_at` ms after it enters the slot (dwell 200 ms) */
    card_in(&b);
    bool out = false;
    for (uint32_t t = 0; t < cut_at; t++) {
        if (t == 200) {
            card_out();
            out = true;
        }
        host_pump(&h, s, 1, true);
    }
    if (!out && card_gone_during_reset) {
        card_out();
        out = true;
    }
    fake_boot(cause);
    host_init(&h, KEY); /* the host notices the new epoch and resynchronises */
    fake_run(60);
    CHECK(host_sync(&h, NULL));
    if (!out) {
        host_pump(&h, s, 150, true);
        card_out();
    }
    host_pump(&h, s, 100, true);
    deal(&c, 200);
    host_pump(&h, s, 1000, true);
}

static bool unidentified(const uint8_t *payload) {
    return payload[8] == RANK_UNKNOWN && payload[9] == SUIT_UNKNOWN && payload[10] == 0;
}

static void test_reset_at_every_moment(void) {
    int identified = 0, reported_unknown = 0, missed = 0;
    for (uint32_t cut = 1; cut <= 260; cut += 3) {
        for (int gone = 0; gone < 2; gone++) {
            seen_t s = {0};
            reset_scenario(cut, gone ? REASON_EXTERNAL_RESET : REASON_BROWN_OUT, gone, &s);
            tag_t a = card_tag(10), b = card_tag(11), c = card_tag(12);
            bool ok = s.conflicts == 0 && s.n >= 2 && card_is(s.p[0], &a) &&
                      card_is(s.p[s.n - 1], &c);
            if (s.n == 3 && card_is(s.p[1], &b)) {
                identified++;
            } else if (s.n == 3 && gone && unidentified(s.p[1])) {
                reported_unknown++; /* it left while the shoe restarted, before it was read */
            } else if (s.n == 2 && gone && cut <= 7) {
                missed++; /* it came and went within ~6 ms of the reset: never seen */
            } else {
                ok = false;
            }
            CHECK(ok);
            if (!ok) {
                fprintf(stderr, "  cut at %u ms, card gone during reset %d: %d events\n", cut,
                        gone, s.n);
                return;
            }
        }
    }
    fprintf(stderr, "  resets: %d identified, %d reported unidentified, %d unseen\n", identified,
            reported_unknown, missed);
    CHECK(identified > 100);
}

static void test_unacknowledged_events_survive_reset(void) {
    thost h;
    got_frame g;
    boot_paired(4);
    host_init(&h, KEY);
    fake_run(100);
    for (uint8_t i = 0; i < 3; i++) {
        tag_t t = card_tag(i);
        deal(&t, 200);
        fake_run(50);
    }
    fake_run(200);
    CHECK_EQ(shoe_queue_depth(), 3);
    fake_boot(REASON_WATCHDOG);
    host_init(&h, KEY);
    CHECK(wait_frame(&h, MSG_HELLO, &g, 300));
    CHECK_EQ(get_u32(g.p + 10), 6);
    CHECK_EQ(g.p[14], REASON_WATCHDOG);
    h.epoch = 6;
    for (uint8_t i = 0; i < 3; i++) {
        tag_t t = card_tag(i);
        CHECK(wait_frame(&h, MSG_CARD, &g, 400));
        CHECK_EQ(g.epoch, 6);             /* a frame of the new epoch ... */
        CHECK_EQ(get_u32(g.p), 5);        /* ... carrying the event of the old one */
        CHECK_EQ(get_u32(g.p + 4), i + 1u);
        CHECK(card_is(g.p, &t));
        ack(&h, 5, i + 1u);
    }
    fake_run(100);
    CHECK_EQ(shoe_queue_depth(), 0);
}

static void test_unknown_cards(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    /* a card without a tag */
    fake_inputs |= IN_CARD_AT_EXIT;
    fake_run(200);
    card_out();
    CHECK(wait_frame(&h, MSG_CARD, &g, 300));
    CHECK_EQ(g.p[8], RANK_UNKNOWN);
    CHECK_EQ(g.p[9], SUIT_UNKNOWN);
    CHECK_EQ(g.p[10], 0);
    ack(&h, get_u32(g.p), get_u32(g.p + 4));
    /* a blank tag: data passed on, card unknown */
    tag_t t = card_tag(1);
    memset(t.pages, 0, 16);
    deal(&t, 200);
    CHECK(wait_frame(&h, MSG_CARD, &g, 300));
    CHECK_EQ(g.p[8], RANK_UNKNOWN);
    CHECK_EQ(g.p[10], 23);
    ack(&h, get_u32(g.p), get_u32(g.p + 4));
    /* pages unreadable: the UID alone */
    pn532_emu_tag(&fake_reader, t.uid, 7, NULL);
    fake_inputs |= IN_CARD_AT_EXIT;
    fake_run(200);
    card_out();
    CHECK(wait_frame(&h, MSG_CARD, &g, 300));
    CHECK_EQ(g.p[8], RANK_UNKNOWN);
    CHECK_EQ(g.p[10], 7);
    CHECK_MEM(g.p + 11, t.uid, 7);
    CHECK_EQ(get_u32(g.p + 4), 3);
    /* a card pulled so fast it is never read is still a card */
    ack(&h, get_u32(g.p), get_u32(g.p + 4));
    tag_t q = card_tag(9);
    deal(&q, 4);
    CHECK(wait_frame(&h, MSG_CARD, &g, 400));
    CHECK_EQ(get_u32(g.p + 4), 4);
}

static bool contains(const uint8_t *hay, size_t n, const uint8_t *needle, size_t m) {
    for (size_t i = 0; i + m <= n; i++)
        if (memcmp(hay + i, needle, m) == 0)
            return true;
    return false;
}

static void test_pairing(void) {
    uint8_t newkey[32];
    for (int i = 0; i < 32; i++)
        newkey[i] = (uint8_t)(0xa0 + i);
    fake_provision(NULL, 0, SERIAL); /* unpaired, identity present */
    pn532_emu_init(&fake_reader);
    fake_tx_len = 0;
    fake_inputs = IN_BTN_NEW_SHOE; /* held while powering up */
    fake_boot(REASON_POWER_ON);
    thost p, h;
    got_frame g;
    host_init(&p, NULL);
    CHECK(wait_frame(&p, MSG_HELLO, &g, 200));
    CHECK_EQ(g.p[7], MODE_PAIRING | MODE_UNPAIRED);
    CHECK_EQ(shoe_get_mode(), SHOE_PAIRING);
    CHECK(fake_lock);
    fake_run(300);
    fake_inputs = 0; /* released: no BUTTON event for it */
    CHECK(wait_frame(&p, MSG_HELLO, &g, 1100)); /* every second */
    /* PAIR for another shoe: ignored */
    uint8_t pair[PAIR_SIZE];
    put_u32(pair, SERIAL + 1);
    memcpy(pair + 4, newkey, 32);
    memcpy(pair + 36, NONCE, 8);
    host_send(&p, MSG_PAIR, pair, PAIR_SIZE);
    fake_run(200);
    CHECK_EQ(shoe_get_mode(), SHOE_PAIRING);
    /* the right one */
    put_u32(pair, SERIAL);
    host_send(&p, MSG_PAIR, pair, PAIR_SIZE);
    host_init(&h, newkey);
    CHECK(wait_frame(&h, MSG_HELLO, &g, 1000));
    CHECK_MEM(g.p + 19, NONCE, 8);
    CHECK_EQ(g.p[7], 0);
    CHECK_EQ(shoe_get_mode(), SHOE_NORMAL);
    CHECK_MEM(fake_eeprom + EE_CFG_A + 6, newkey, 32);
    CHECK_MEM(fake_eeprom + EE_CFG_B + 6, newkey, 32);
    h.epoch = get_u32(g.p + 10);
    CHECK(host_sync(&h, NULL));
    /* a second PAIR now (not in pairing mode) changes nothing */
    uint8_t other[32];
    memset(other, 0x77, 32);
    memcpy(pair + 4, other, 32);
    host_send(&p, MSG_PAIR, pair, PAIR_SIZE);
    host_send(&h, MSG_PAIR, pair, PAIR_SIZE);
    fake_run(300);
    CHECK_MEM(fake_eeprom + EE_CFG_A + 6, newkey, 32);
    /* the key never goes out: not whole, not any 8-byte piece of it */
    for (int i = 0; i + 8 <= 32; i++)
        CHECK(!contains(fake_tx, fake_tx_len, newkey + i, 8));
    CHECK_EQ(fake_tx_len > 0, 1);
    /* next boot: normal mode, epoch 2, under the new key */
    fake_boot(REASON_POWER_ON);
    host_init(&h, newkey);
    CHECK(wait_frame(&h, MSG_HELLO, &g, 300));
    CHECK_EQ(get_u32(g.p + 10), 2);
    for (int i = 0; i + 8 <= 32; i++)
        CHECK(!contains(fake_tx, fake_tx_len, newkey + i, 8));
}

static void test_unpaired_shoe(void) {
    fake_provision(NULL, 0, SERIAL);
    pn532_emu_init(&fake_reader);
    fake_tx_len = 0;
    fake_inputs = 0;
    fake_boot(REASON_POWER_ON);
    thost p;
    got_frame g;
    host_init(&p, NULL);
    CHECK(wait_frame(&p, MSG_HELLO, &g, 200));
    CHECK_EQ(g.p[7], MODE_UNPAIRED);
    uint32_t t0 = fake_now;
    CHECK(wait_frame(&p, MSG_HELLO, &g, 1100));
    CHECK(fake_now - t0 >= 990);
    /* reads no cards, answers nothing but PAIR in pairing mode */
    tag_t t = card_tag(1);
    deal(&t, 200);
    host_send(&p, MSG_QUERY_STATUS, NONCE, 8);
    fake_run(1500);
    while (next_frame(&p, &g))
        CHECK_EQ(g.type, MSG_HELLO);
    CHECK_EQ(shoe_queue_depth(), 0);
    CHECK(shoe_counters()->bad_auth >= 1);
    CHECK(fake_lock);
}

static void test_buttons(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    fake_inputs |= IN_BTN_RESULT;
    fake_run(5); /* a bounce: nothing */
    fake_inputs &= (uint8_t)~IN_BTN_RESULT;
    fake_run(50);
    fake_inputs |= IN_BTN_RESULT;
    fake_run(120);
    fake_inputs &= (uint8_t)~IN_BTN_RESULT;
    CHECK(wait_frame(&h, MSG_BUTTON, &g, 100));
    CHECK_EQ(g.p[0], BUTTON_RESULT_CHECK);
    CHECK_EQ(g.p[1], PRESS_SHORT);
    fake_inputs |= IN_BTN_NEW_SHOE;
    CHECK(wait_frame(&h, MSG_BUTTON, &g, 2200)); /* reported when 2 s are reached */
    CHECK_EQ(g.p[0], BUTTON_NEW_SHOE);
    CHECK_EQ(g.p[1], PRESS_LONG);
    fake_run(1000);
    fake_inputs = 0;
    CHECK(!wait_frame(&h, MSG_BUTTON, &g, 300)); /* once */
}

static void test_reader_fault(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(200);
    CHECK(host_sync(&h, NULL));
    fake_reader.dead = true;
    CHECK(wait_frame(&h, MSG_SENSOR_FAULT, &g, 8000));
    CHECK_EQ(g.p[0], SENSOR_CARD_READER);
    CHECK_EQ(g.p[1], FAULT_NO_RESPONSE);
    CHECK(shoe_sensors() & SENS_READER_FAULT);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 1100));
    CHECK_EQ(g.p[0], STATE_FAULT);
    fake_reader.dead = false;
    CHECK(wait_frame(&h, MSG_SENSOR_FAULT, &g, 3000));
    CHECK_EQ(g.p[1], FAULT_CLEARED);
    CHECK(!(shoe_sensors() & SENS_READER_FAULT));
}

/* SELF_TEST: every part in turn; a pin that does not follow its driver fails its part only. */
static void self_test_once(thost *h, got_frame *g) {
    drain(h);
    host_send(h, MSG_SELF_TEST, NULL, 0);
    CHECK(wait_frame(h, MSG_SELF_TEST_RESULT, g, 3000));
    CHECK_EQ(g->len, SELF_TEST_RESULT_SIZE);
}

static void test_self_test(void) {
    thost h;
    got_frame g;
    const uint16_t all = 0x07FF;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(200);
    CHECK(host_sync(&h, NULL));
    self_test_once(&h, &g);
    CHECK_EQ(g.p[0], 0);
    CHECK_EQ(get_u16(g.p + 1), all);
    CHECK_EQ(get_u16(g.p + 3), 0);
    CHECK_EQ(g.p[5], 0x32); /* the emulated PN532 answered */
    CHECK(get_u16(g.p + 9) >= 5 * 200);
    /* a shorted STOP LED and a stuck button fail those parts, nothing else */
    fake_shorted_low = LED_STOP;
    fake_inputs = IN_BTN_NEW_SHOE;
    fake_run(100);
    self_test_once(&h, &g);
    CHECK_EQ(get_u16(g.p + 3), PART_LED_STOP | PART_BUTTON_NEW_SHOE);
    CHECK_EQ(get_u16(g.p + 1), all & ~(PART_LED_STOP | PART_BUTTON_NEW_SHOE));
    fake_shorted_low = 0;
    fake_inputs = 0;
    /* a dead reader */
    fake_reader.dead = true;
    self_test_once(&h, &g);
    CHECK(get_u16(g.p + 3) & PART_READER);
    fake_reader.dead = false;
    fake_run(3000);
    keepalive(&h);
    /* refused while a card is in the exit slot: nothing tested, at once */
    tag_t t = card_tag(1);
    card_in(&t);
    fake_run(50);
    self_test_once(&h, &g);
    CHECK_EQ(g.p[0], SELF_TEST_REFUSED);
    CHECK_EQ(get_u16(g.p + 1) | get_u16(g.p + 3), 0);
}

static void test_jam(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    tag_t t = card_tag(2);
    card_in(&t);
    CHECK(wait_frame(&h, MSG_SENSOR_FAULT, &g, JAM_MS + 100));
    CHECK_EQ(g.p[0], SENSOR_EXIT);
    CHECK_EQ(g.p[1], FAULT_JAM);
    card_out();
    size_t pos = h.pos;
    CHECK(wait_frame(&h, MSG_CARD, &g, 100)); /* the card first, then the fault is cleared */
    CHECK(card_is(g.p, &t));
    h.pos = pos;
    frame_rx_reset(&h.rx);
    CHECK(wait_frame(&h, MSG_SENSOR_FAULT, &g, 100));
    CHECK_EQ(g.p[1], FAULT_CLEARED);
}

static void test_exit_sensor_stuck_is_a_fault(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    /* tags pass through the reader's field, the sensor never sees a card */
    tag_t t = card_tag(3);
    pn532_emu_tag(&fake_reader, t.uid, 7, t.pages);
    CHECK(wait_frame(&h, MSG_SENSOR_FAULT, &g, 1000));
    CHECK_EQ(g.p[0], SENSOR_EXIT);
    CHECK_EQ(g.p[1], FAULT_STUCK);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 1100));
    CHECK_EQ(g.p[0], STATE_FAULT);
    pn532_emu_no_tag(&fake_reader);
    /* repaired: the next card is seen, the fault is cleared and the card delivered */
    drain(&h);
    deal(&t, 200);
    CHECK(wait_frame(&h, MSG_SENSOR_FAULT, &g, 300));
    CHECK_EQ(g.p[1], FAULT_CLEARED);
    CHECK(wait_frame(&h, MSG_CARD, &g, 300));
    CHECK(card_is(g.p, &t));
    drain(&h);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 1100));
    CHECK_EQ(g.p[0], STATE_READY);
}

static void test_no_false_faults_while_dealing(void) {
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    seen_t s = {0};
    for (uint8_t i = 0; i < 20; i++) {
        tag_t t = card_tag(i);
        card_in(&t);
        host_pump(&h, &s, 150 + i * 7, true);
        card_out();
        host_pump(&h, &s, 40 + i * 13, true);
    }
    host_pump(&h, &s, 500, true);
    CHECK_EQ(s.n, 20);
    host_init(&h, KEY); /* from the start again: no fault was ever sent */
    h.pos = 0;
    while (next_frame(&h, &g))
        CHECK(g.type != MSG_SENSOR_FAULT);
}

static void test_noise_changes_nothing(void) {
    /* random bytes, and valid frames with one byte changed, for a while: nothing accepted,
     * nothing changed, and the shoe still answers (ASan/UBSan watch the receiver) */
    thost h;
    got_frame g;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    CHECK(host_sync(&h, NULL));
    uint8_t ind = IND_BANKER_DRAWS;
    host_send(&h, MSG_SET_INDICATOR, &ind, 1);
    fake_run(20);
    uint32_t seq_last = shoe_host_seq_last();
    uint16_t accepted = shoe_counters()->accepted;
    srand(8);
    for (int round = 0; round < 300; round++) {
        uint8_t noise[64];
        for (size_t i = 0; i < sizeof noise; i++)
            noise[i] = (uint8_t)(rand() % 4 == 0 ? 0 : rand());
        fake_host_send(noise, sizeof noise);
        uint8_t wire[MAX_WIRE_FRAME], p[8] = {IND_STOP};
        uint8_t n = frame_encode(&h.key, MSG_SET_INDICATOR, h.epoch, h.seq + 1, p, 1, wire);
        size_t at = 1 + (size_t)rand() % (n - 2);
        uint8_t flip = (uint8_t)(1u << (rand() % 8));
        if ((wire[at] ^ flip) != 0)
            wire[at] ^= flip;
        else
            wire[at] ^= 0x40;
        fake_host_send(wire, n);
        fake_run(3);
    }
    fake_run(200);
    CHECK_EQ(shoe_counters()->accepted, accepted);
    CHECK_EQ(shoe_host_seq_last(), seq_last);
    CHECK_EQ(shoe_indicator(), IND_BANKER_DRAWS);
    CHECK(shoe_counters()->malformed + shoe_counters()->bad_crc > 300);
    drain(&h);
    keepalive(&h);
    CHECK(wait_frame(&h, MSG_STATUS, &g, 100));
    CHECK_EQ(g.p[1], IND_OFF);
}

static void test_slow_uart_never_blocks(void) {
    /* with no room in the UART buffer nothing is sent, and nothing is lost */
    thost h;
    boot_paired(1);
    host_init(&h, KEY);
    fake_run(100);
    fake_tx_space = 10;
    size_t before = fake_tx_len;
    tag_t t = card_tag(4);
    deal(&t, 200);
    fake_run(2000);
    CHECK_EQ(fake_tx_len, before);
    fake_tx_space = 1024;
    got_frame g;
    CHECK(wait_frame(&h, MSG_CARD, &g, 100));
    CHECK(card_is(g.p, &t));
}

void tests_shoe(void) {
    RUN(test_boot_stores_epoch_before_hello);
    RUN(test_query_during_boot_answered);
    RUN(test_query_status_and_commands);
    RUN(test_cards_delivered_in_order);
    RUN(test_card_frame_only_after_commit);
    RUN(test_resend_until_acknowledged);
    RUN(test_host_frames_checked);
    RUN(test_link_loss);
    RUN(test_reset_sequence);
    RUN(test_queue_full);
    RUN(test_reset_at_every_moment);
    RUN(test_unacknowledged_events_survive_reset);
    RUN(test_unknown_cards);
    RUN(test_pairing);
    RUN(test_unpaired_shoe);
    RUN(test_self_test);
    RUN(test_buttons);
    RUN(test_reader_fault);
    RUN(test_jam);
    RUN(test_exit_sensor_stuck_is_a_fault);
    RUN(test_no_false_faults_while_dealing);
    RUN(test_noise_changes_nothing);
    RUN(test_slow_uart_never_blocks);
}
