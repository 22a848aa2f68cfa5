#include "shoe.h"

#include <string.h>

#include "msgs.h"
#include "platform.h"
#include "pn532.h"
#include "tagfmt.h"

#define OUT_HELLO 0x01u
#define OUT_CARD 0x02u
#define OUT_STATUS 0x04u
#define OUT_FAULT 0x08u
#define OUT_BUTTON 0x10u
#define OUT_SELF_TEST 0x20u

#define HEARTBEAT_DUE_MS (HEARTBEAT_MS - 50u) /* margin for a frame still in the UART */
#define URGENT_MS 50u /* a card that just left: its frame first, for at most this long */
#define FAULT_RING 4
#define PRESS_RING 4
#define SELF_TEST_STEP_MS 200u  /* each light, the buzzer, the lock released: this long */
#define SELF_TEST_READER_MS 500u /* the reader's firmware version, at most this late */

/* Self-test steps: what is driven in each (the exit stays locked but in its own step). */
enum { T_READER, T_LED_PLAYER, T_LED_BANKER, T_LED_STOP, T_BUZZER, T_LOCK, T_DONE };
static const uint8_t self_test_levels[T_DONE] = {
    LEVEL_LOCK, LED_PLAYER | LEVEL_LOCK, LED_BANKER | LEVEL_LOCK, LED_STOP | LEVEL_LOCK,
    LEVEL_BUZZER | LEVEL_LOCK, 0};

enum pipe_state { P_IDLE, P_READING, P_STAGED, P_LEFT };

typedef struct {
    uint8_t raw, stable;
    uint32_t change_ms, down_ms;
    bool long_sent, ignore_release;
} button_t;

static struct {
    store_t st;
    hmac_key k_shoe, k_pair;
    shoe_mode mode;
    uint32_t boot_ms;
    uint32_t epoch;
    uint8_t reason;
    uint32_t tx_seq;
    uint32_t host_seq_last;
    uint32_t last_event_seq;
    bool epoch_ready;
    uint16_t epoch_ticket;

    uint8_t indicator;
    bool locked;
    uint8_t buzz_pattern;
    uint16_t buzz_ms;
    uint32_t buzz_start;

    uint8_t pending;
    uint8_t nonce[NONCE_SIZE];
    uint32_t last_status_ms, last_hello_ms, last_host_ms;
    bool link_lost;

    uint32_t pairing_start;
    bool pair_pending;
    uint16_t pair_ticket;
    uint8_t pair_nonce[NONCE_SIZE];

    bool head_sent;
    uint32_t head_sent_ms;
    bool tail_durable;
    uint16_t commit_ticket;
    uint32_t commit_ms;

    /* exit slot and card pipeline */
    uint8_t exit_raw;
    bool present, entered_latch, left_latch;
    uint32_t exit_change_ms, present_since;
    bool jam;
    bool probing, exit_stuck;
    uint8_t probe_hits;
    uint32_t probe_ms;
    uint8_t pipe;
    bool reading;
    uint8_t attempts;
    uint32_t next_read_ms;
    card_event cur;
    uint16_t stage_ticket;

    uint8_t faults[FAULT_RING][SENSOR_FAULT_SIZE];
    uint8_t fault_head, fault_count;
    bool reader_fault, eeprom_fault;

    button_t btn[2];
    uint8_t presses[PRESS_RING];
    uint8_t press_head, press_count;

    frame_rx rx;
    rx_counters cnt;

    struct {
        bool running;
        uint8_t step;
        uint32_t start, step_start;
        bool reader_asked;
        uint16_t versions;
        uint16_t exercised, failed;
        self_test_msg result;
    } test;

    /* The CARD frame of the card being drawn, computed while it is still in the exit slot
     * (the HMAC costs ~7 ms on the part) and sent the moment its commit is durable. */
    struct {
        bool valid;
        uint32_t seq, ev_epoch, ev_seq;
        uint8_t n;
        uint8_t wire[MAX_WIRE_FRAME];
    } pre;
} S;

/* ------------------------------------------------------------------------------ helpers */

static void push_fault(uint8_t sensor, uint8_t fault, uint16_t detail) {
    if (S.fault_count == FAULT_RING) { /* keep the newest: STATUS carries the condition anyway */
        S.fault_head = (uint8_t)((S.fault_head + 1) % FAULT_RING);
        S.fault_count--;
    }
    msg_sensor_fault(sensor, fault, detail, S.faults[(S.fault_head + S.fault_count) % FAULT_RING]);
    S.fault_count++;
    S.pending |= OUT_FAULT;
}

static void push_press(uint8_t button, uint8_t press) {
    if (S.press_count == PRESS_RING)
        return; /* not resent by design: a dealer whose press had no effect presses again */
    S.presses[(S.press_head + S.press_count) % PRESS_RING] = (uint8_t)(button << 4 | press);
    S.press_count++;
    S.pending |= OUT_BUTTON;
}

static bool queue_full(void) { return S.st.q_count >= QUEUE_MAX; }

/* A new epoch (section 7.1): persisted before any frame of it goes out. */
static void start_epoch(uint8_t reason, const uint8_t *nonce) {
    S.epoch = S.st.epoch + 1;
    S.epoch_ticket = store_write_config(&S.st, S.st.key, S.epoch);
    S.epoch_ready = false;
    S.reason = reason;
    S.tx_seq = 1;
    S.host_seq_last = 0;
    S.last_event_seq = 0;
    S.pending = (uint8_t)(OUT_HELLO | (S.pending & (OUT_FAULT | OUT_BUTTON))); /* after the HELLO */
    S.head_sent = false;
    if (nonce)
        memcpy(S.nonce, nonce, NONCE_SIZE);
    else
        memset(S.nonce, 0, NONCE_SIZE);
}

static void enter_normal(uint32_t now) {
    S.mode = SHOE_NORMAL;
    S.pending |= OUT_HELLO;
    if (S.fault_count)
        S.pending |= OUT_FAULT;
    hmac_prepare(&S.k_shoe, S.st.key);
    S.last_host_ms = now;
    S.last_status_ms = now;
    S.link_lost = false;
    frame_rx_reset(&S.rx);
}

static const hmac_key *tx_key(void) { return S.mode == SHOE_NORMAL ? &S.k_shoe : &S.k_pair; }

static bool send(uint8_t type, const uint8_t *payload, uint8_t len) {
    uint8_t wire[MAX_WIRE_FRAME];
    if (plat_host_tx_space() < MAX_WIRE_FRAME)
        return false;
    uint8_t n = frame_encode(tx_key(), type, S.epoch, S.tx_seq, payload, len, wire);
    plat_host_tx(wire, n);
    if (S.tx_seq == 0xFFFFFFFFu)
        plat_restart(); /* sequence numbers exhausted: a new epoch begins with the reboot */
    else
        S.tx_seq++;
    return true;
}

/* ------------------------------------------------------------------------------ outputs */

static uint8_t shoe_state_code(void) {
    switch (S.mode) {
    case SHOE_PAIRING:
        return STATE_PAIRING;
    case SHOE_UNPAIRED:
    case SHOE_BOOTING:
        return STATE_UNPAIRED;
    default:
        return (S.reader_fault || S.eeprom_fault || S.exit_stuck) ? STATE_FAULT : STATE_READY;
    }
}

static bool lock_engaged(void) { return S.locked || S.mode != SHOE_NORMAL || queue_full(); }

/* What the draw indicator shows: the host's choice, but STOP while the queue is full. */
static uint8_t indicator_lit(void) { return queue_full() ? IND_STOP : S.indicator; }

uint16_t shoe_sensors(void) {
    uint16_t s = 0;
    if (S.present)
        s |= SENS_CARD_AT_EXIT;
    if (S.reader_fault)
        s |= SENS_READER_FAULT;
    if (lock_engaged())
        s |= SENS_EXIT_LOCKED;
    if (queue_full())
        s |= SENS_QUEUE_FULL;
    if (S.link_lost)
        s |= SENS_LINK_LOST;
    return s;
}

static bool send_hello(void) {
    uint8_t p[HELLO_SIZE];
    hello_msg m = {.serial = S.st.serial,
                   .fw = {FW_MAJOR, FW_MINOR, FW_PATCH},
                   .capabilities = SHOE_CAPABILITIES,
                   .boot_epoch = S.epoch,
                   .epoch_reason = S.reason,
                   .host_seq_last = S.host_seq_last};
    if (S.mode == SHOE_PAIRING)
        m.mode = (uint8_t)(MODE_PAIRING | (S.st.paired ? 0 : MODE_UNPAIRED));
    else if (S.mode != SHOE_NORMAL)
        m.mode = MODE_UNPAIRED;
    memcpy(m.nonce, S.nonce, NONCE_SIZE);
    if (!send(MSG_HELLO, p, msg_hello(&m, p)))
        return false;
    memset(S.nonce, 0, NONCE_SIZE);
    return true;
}

static bool send_status(uint32_t now) {
    uint8_t p[STATUS_SIZE];
    status_msg m = {.state = shoe_state_code(),
                    .indicator = indicator_lit(),
                    .sensors = shoe_sensors(),
                    .queue_depth = S.st.q_count,
                    .last_event_seq = S.last_event_seq,
                    .host_seq_last = S.host_seq_last};
    if (!send(MSG_STATUS, p, msg_status(&m, p)))
        return false;
    S.last_status_ms = now;
    return true;
}

static bool send_card(uint32_t now) {
    const card_event *e = store_head(&S.st);
    uint8_t p[CARD_HEAD_SIZE + TAG_STORE_MAX];
    if (!e)
        return true;
    if (S.pre.valid && S.pre.seq == S.tx_seq && S.pre.ev_epoch == e->epoch &&
        S.pre.ev_seq == e->seq) {
        if (plat_host_tx_space() < MAX_WIRE_FRAME)
            return false;
        plat_host_tx(S.pre.wire, S.pre.n);
        S.pre.valid = false;
        S.tx_seq++; /* never the last seq: precompute() leaves that one to send() */
    } else if (!send(MSG_CARD, p,
                     msg_card(e->epoch, e->seq, e->rank, e->suit, e->tag, e->tag_len, p))) {
        return false;
    }
    S.head_sent = true;
    S.head_sent_ms = now;
    return true;
}

/* Build the CARD frame of the card in the exit slot if it will go out first when it leaves
 * (nothing queued before it) and the one built before is stale (another frame took its seq). */
static void precompute(void) {
    if (S.mode != SHOE_NORMAL || !S.epoch_ready || (S.pipe != P_STAGED && S.pipe != P_LEFT) ||
        S.st.q_count != 0 || S.tx_seq == 0xFFFFFFFFu || (S.pending & OUT_HELLO))
        return;
    const card_event *e = &S.cur;
    if (S.pre.valid && S.pre.seq == S.tx_seq && S.pre.ev_epoch == e->epoch &&
        S.pre.ev_seq == e->seq)
        return;
    uint8_t p[CARD_HEAD_SIZE + TAG_STORE_MAX];
    uint8_t len = msg_card(e->epoch, e->seq, e->rank, e->suit, e->tag, e->tag_len, p);
    S.pre.n = frame_encode(&S.k_shoe, MSG_CARD, S.epoch, S.tx_seq, p, len, S.pre.wire);
    S.pre.seq = S.tx_seq;
    S.pre.ev_epoch = e->epoch;
    S.pre.ev_seq = e->seq;
    S.pre.valid = true;
}

/* A card has just left the shoe and its frame has not gone out yet: nothing else may take
 * the processor (an HMAC costs ~5 ms) or the line before it. */
static bool card_urgent(uint32_t now) {
    return S.mode == SHOE_NORMAL &&
           (S.pipe == P_LEFT ||
            (S.st.q_count == 1 && !S.head_sent && now - S.commit_ms < URGENT_MS));
}

/* What may go out now. While a card is in the exit slot its CARD frame is ready (precompute)
 * and another frame would spend its sequence number: STATUS replies wait until the card has
 * gone or the heartbeat is due (faults and button presses, rare, do not wait). Once it has
 * left, only its CARD (or a HELLO) goes. */
static uint8_t may_send(uint32_t now) {
    if (S.mode != SHOE_NORMAL)
        return OUT_HELLO;
    if (card_urgent(now))
        return OUT_HELLO | OUT_CARD;
    if (S.pipe == P_STAGED && now - S.last_status_ms < HEARTBEAT_DUE_MS)
        return (uint8_t)~OUT_STATUS;
    return 0xFF;
}

/* One frame per pass, most urgent first. */
static void transmit(uint32_t now) {
    if (!S.epoch_ready) {
        if (!plat_nvm_reached(S.epoch_ticket))
            return; /* nothing of a new epoch goes out before the epoch is in EEPROM */
        S.epoch_ready = true;
    }
    if (S.mode != SHOE_NORMAL)
        S.pending &= OUT_HELLO;
    uint8_t pending = S.pending & may_send(now);
    if (pending & OUT_HELLO) {
        if (send_hello())
            S.pending &= (uint8_t)~OUT_HELLO;
    } else if (pending & OUT_CARD) {
        if (send_card(now))
            S.pending &= (uint8_t)~OUT_CARD;
    } else if (pending & OUT_STATUS) {
        if (send_status(now))
            S.pending &= (uint8_t)~OUT_STATUS;
    } else if (pending & OUT_FAULT) {
        if (send(MSG_SENSOR_FAULT, S.faults[S.fault_head], SENSOR_FAULT_SIZE)) {
            S.fault_head = (uint8_t)((S.fault_head + 1) % FAULT_RING);
            if (--S.fault_count == 0)
                S.pending &= (uint8_t)~OUT_FAULT;
        }
    } else if (pending & OUT_SELF_TEST) {
        uint8_t p[SELF_TEST_RESULT_SIZE];
        if (send(MSG_SELF_TEST_RESULT, p, msg_self_test(&S.test.result, p)))
            S.pending &= (uint8_t)~OUT_SELF_TEST;
    } else if (pending & OUT_BUTTON) {
        uint8_t v = S.presses[S.press_head], p[BUTTON_SIZE];
        if (send(MSG_BUTTON, p, msg_button((uint8_t)(v >> 4), (uint8_t)(v & 0x0F), p))) {
            S.press_head = (uint8_t)((S.press_head + 1) % PRESS_RING);
            if (--S.press_count == 0)
                S.pending &= (uint8_t)~OUT_BUTTON;
        }
    }
}

static bool buzzer_on(uint32_t now) {
    if (queue_full())
        return (now / 250u) & 1u; /* ALARM until the host has emptied the queue */
    uint32_t t = now - S.buzz_start;
    if (S.buzz_pattern == BUZZ_OFF || t >= S.buzz_ms)
        return false;
    switch (S.buzz_pattern) {
    case BUZZ_SINGLE:
        return true;
    case BUZZ_DOUBLE:
        return t < S.buzz_ms / 3u || t >= 2u * (S.buzz_ms / 3u);
    default: /* ALARM */
        return ((t / 250u) & 1u) == 0;
    }
}

static void drive_outputs(uint32_t now) {
    uint8_t leds = 0;
    if (S.test.running) {
        uint8_t v = self_test_levels[S.test.step];
        if (!(SHOE_CAPABILITIES & CAP_EXIT_LOCK))
            v &= (uint8_t)~LEVEL_LOCK; /* a board without the solenoid: nothing to drive */
        plat_outputs(v & (LED_PLAYER | LED_BANKER | LED_STOP), v & LEVEL_BUZZER, v & LEVEL_LOCK);
        return;
    }
    if (S.mode == SHOE_PAIRING) {
        leds = ((now / 250u) & 1u) ? (LED_PLAYER | LED_BANKER | LED_STOP) : 0; /* blink */
    } else if (S.mode != SHOE_NORMAL) {
        leds = LED_STOP;
    } else {
        static const uint8_t lit[4] = {0, LED_PLAYER, LED_BANKER, LED_STOP};
        leds = lit[indicator_lit() & 3];
    }
    plat_outputs(leds, buzzer_on(now), lock_engaged());
}

/* ------------------------------------------------------------------------------ self-test */

/* SELF_TEST (docs/shoe-protocol.md 9.14): every part in turn, while no card is in play. */
static void self_test_start(uint32_t now) {
    if (S.test.running)
        return; /* its result is coming */
    memset(&S.test, 0, sizeof S.test);
    if (S.pipe != P_IDLE || S.present || S.entered_latch || S.st.q_count != 0) {
        S.test.result.flags = SELF_TEST_REFUSED;
        S.pending |= OUT_SELF_TEST;
        return;
    }
    S.test.running = true;
    S.test.start = S.test.step_start = now;
    S.probing = false; /* the reader is the test's now */
}

static uint16_t level_parts(uint8_t bits) {
    uint16_t parts = 0;
    if (bits & LED_PLAYER)
        parts |= PART_LED_PLAYER;
    if (bits & LED_BANKER)
        parts |= PART_LED_BANKER;
    if (bits & LED_STOP)
        parts |= PART_LED_STOP;
    if (bits & LEVEL_BUZZER)
        parts |= PART_BUZZER;
    if (bits & LEVEL_LOCK)
        parts |= PART_EXIT_LOCK;
    return parts;
}

static void self_test_finish(uint32_t now) {
    self_test_msg *r = &S.test.result;
    uint16_t parts = PART_READER | PART_EXIT_SENSOR | PART_LED_PLAYER | PART_LED_BANKER |
                     PART_LED_STOP | PART_BUZZER | PART_BUTTON_RESULT | PART_BUTTON_NEW_SHOE |
                     PART_EEPROM | PART_CLOCK;
    if (SHOE_CAPABILITIES & CAP_EXIT_LOCK)
        parts |= PART_EXIT_LOCK;
    uint16_t failed = S.test.failed;
    uint8_t in = plat_inputs();
    if ((in & IN_CARD_AT_EXIT) || S.exit_stuck || S.jam)
        failed |= PART_EXIT_SENSOR; /* the exit was locked: no card can be in the slot */
    if (in & IN_BTN_RESULT)
        failed |= PART_BUTTON_RESULT; /* held through the test: stuck (or held: let go) */
    if (in & IN_BTN_NEW_SHOE)
        failed |= PART_BUTTON_NEW_SHOE;
    if (!S.st.ident_ok || !S.st.paired || S.eeprom_fault || S.st.corrupt)
        failed |= PART_EEPROM;
    uint32_t elapsed = now - S.test.start;
    if (elapsed < (uint32_t)(T_DONE - 1) * SELF_TEST_STEP_MS)
        failed |= PART_CLOCK;
    r->inputs = in;
    r->elapsed_ms = elapsed > 0xFFFFu ? 0xFFFFu : (uint16_t)elapsed;
    r->eeprom_dropped = S.st.corrupt;
    r->failed = failed & parts;
    r->passed = parts & (uint16_t)~failed;
    S.test.running = false;
    S.pending |= OUT_SELF_TEST;
}

static void self_test_poll(uint32_t now) {
    uint32_t age = now - S.test.step_start;
    if (S.test.step == T_READER) {
        if (!S.test.reader_asked) {
            if (pn532_idle()) {
                S.test.versions = pn532_version(S.test.result.reader);
                pn532_check(now);
                S.test.reader_asked = true;
            } else if (age < SELF_TEST_READER_MS) {
                return; /* a read still running, or the reader being initialised */
            }
        }
        bool answered = pn532_version(S.test.result.reader) != S.test.versions;
        if (!answered && !pn532_faulty() && age < SELF_TEST_READER_MS)
            return;
        if (!answered || S.test.result.reader[0] != 0x32u)
            S.test.failed |= PART_READER;
        if (!answered)
            memset(S.test.result.reader, 0, sizeof S.test.result.reader);
    } else {
        if (age < SELF_TEST_STEP_MS)
            return;
        uint8_t want = self_test_levels[S.test.step];
        uint8_t mask = (SHOE_CAPABILITIES & CAP_EXIT_LOCK) ? 0x1Fu : 0x0Fu;
        S.test.failed |= level_parts((uint8_t)((plat_output_levels() ^ want) & mask));
    }
    S.test.step++;
    S.test.step_start = now;
    if (S.test.step == T_DONE)
        self_test_finish(now);
}

/* ------------------------------------------------------------------------------ host frames */

static void on_frame(const frame_view *f, uint32_t now) {
    const uint8_t *p = f->payload;
    if (!frame_unsequenced(f->type)) { /* section 7.4 */
        if (f->epoch != S.epoch || f->seq <= S.host_seq_last) {
            S.cnt.replayed++;
            return;
        }
        S.host_seq_last = f->seq;
        S.last_host_ms = now;
        S.link_lost = false; /* the lock and the STOP light stay until the host changes them */
    }
    S.cnt.accepted++;
    switch (f->type) {
    case MSG_ACK: {
        card_event *h = store_head(&S.st);
        if (h && h->epoch == get_u32(p) && h->seq == get_u32(p + 4) && S.head_sent &&
            plat_nvm_space() >= 1) {
            store_ack_head(&S.st);
            S.head_sent = false; /* the next one goes out at once */
        }
        return;
    }
    case MSG_SET_INDICATOR:
        S.indicator = p[0];
        break;
    case MSG_BUZZER:
        S.buzz_pattern = p[0];
        S.buzz_ms = get_u16(p + 1);
        S.buzz_start = now;
        break;
    case MSG_QUERY_STATUS:
        memcpy(S.nonce, p, NONCE_SIZE);
        S.pending |= OUT_HELLO;
        break;
    case MSG_RESET_SEQUENCE:
        if (S.st.q_count == 0 && S.pipe == P_IDLE && !S.present && !S.entered_latch &&
            !S.st.presence_found &&
            S.epoch_ready && plat_nvm_space() >= 2 * CFG_SIZE) {
            start_epoch(REASON_NEW_SHOE, p);
            S.eeprom_fault = false;
            return; /* HELLO in the new epoch, once it is stored */
        }
        break; /* refused: STATUS shows queue_depth */
    case MSG_LOCK_EXIT:
        S.locked = true;
        break;
    case MSG_UNLOCK_EXIT:
        S.locked = false;
        break;
    case MSG_SELF_TEST:
        self_test_start(now);
        return; /* SELF_TEST_RESULT when it is done */
    case MSG_PAIR:
        if (S.mode == SHOE_PAIRING && !S.pair_pending && get_u32(p) == S.st.serial &&
            plat_nvm_space() >= 2 * CFG_SIZE) {
            S.pair_ticket = store_write_config(&S.st, p + 4, S.epoch);
            S.pair_pending = true;
            memcpy(S.pair_nonce, p + 36, NONCE_SIZE);
        }
        return; /* any other PAIR is ignored */
    default:
        return;
    }
    S.pending |= OUT_STATUS;
}

static void receive(uint32_t now) {
    int16_t c;
    const hmac_key *key = S.mode == SHOE_NORMAL ? &S.k_shoe : &S.k_pair;
    bool pairing_key = S.mode != SHOE_NORMAL; /* pairing and unpaired: only PAIR can come */
    while ((c = plat_host_rx()) >= 0) {
        uint8_t n = frame_rx_byte(&S.rx, (uint8_t)c, &S.cnt);
        if (!n)
            continue;
        frame_view f;
        if (frame_decode(S.rx.buf, n, key, pairing_key, true, &f, &S.cnt) == RX_OK)
            on_frame(&f, now);
        return; /* one frame (one HMAC, ~5.6 ms) per pass: a card leaving is seen in between */
    }
}

/* ------------------------------------------------------------------------------ inputs */

static void sample_exit(uint32_t now) {
    uint8_t raw = (plat_inputs() & IN_CARD_AT_EXIT) ? 1 : 0;
    if (raw != S.exit_raw) {
        uint32_t edge = plat_exit_changed_ms(); /* the edge itself, if the loop was busy */
        S.exit_raw = raw;
        S.exit_change_ms = now - edge < 100u ? edge : now;
    } else if ((bool)raw != S.present && now - S.exit_change_ms >= EXIT_DEBOUNCE_MS) {
        S.present = raw;
        if (raw) {
            S.present_since = now;
            S.entered_latch = true;
        } else {
            S.left_latch = true;
            if (S.jam) {
                S.jam = false;
                push_fault(SENSOR_EXIT, FAULT_CLEARED, 0);
            }
        }
    }
    if (S.present && !S.jam && now - S.present_since >= JAM_MS && S.mode == SHOE_NORMAL) {
        S.jam = true;
        push_fault(SENSOR_EXIT, FAULT_JAM, 0);
    }
}

static void sample_buttons(uint32_t now) {
    static const uint8_t mask[2] = {IN_BTN_RESULT, IN_BTN_NEW_SHOE};
    uint8_t in = plat_inputs();
    for (uint8_t i = 0; i < 2; i++) {
        button_t *b = &S.btn[i];
        uint8_t raw = (in & mask[i]) ? 1 : 0;
        if (raw != b->raw) {
            b->raw = raw;
            b->change_ms = now;
            continue;
        }
        if (raw != b->stable && now - b->change_ms >= BUTTON_DEBOUNCE_MS) {
            b->stable = raw;
            if (raw) {
                b->down_ms = now;
                b->long_sent = false;
            } else if (b->ignore_release) {
                b->ignore_release = false;
            } else if (!b->long_sent && S.mode == SHOE_NORMAL) {
                push_press((uint8_t)(i + 1), PRESS_SHORT);
            }
        }
        if (b->stable && !b->long_sent && !b->ignore_release && now - b->down_ms >= LONG_PRESS_MS) {
            b->long_sent = true;
            if (S.mode == SHOE_NORMAL)
                push_press((uint8_t)(i + 1), PRESS_LONG);
        }
    }
}

/* ------------------------------------------------------------------------------ cards */

static void make_event(card_event *e, const pn532_tag *t, bool with_data) {
    e->epoch = S.epoch;
    e->seq = S.last_event_seq + 1;
    e->tag_len = 0;
    e->rank = RANK_UNKNOWN;
    e->suit = SUIT_UNKNOWN;
    memset(e->tag, 0, sizeof e->tag);
    if (t) {
        memcpy(e->tag, t->uid, t->uid_len);
        e->tag_len = t->uid_len;
        if (with_data) {
            memcpy(e->tag + t->uid_len, t->data, PN532_DATA_SIZE);
            e->tag_len = (uint8_t)(e->tag_len + PN532_DATA_SIZE);
            tagfmt_card(t->data, &e->rank, &e->suit);
        }
    }
}

static bool same_tag(const card_event *a, const card_event *b) {
    return a->tag_len == b->tag_len && memcmp(a->tag, b->tag, a->tag_len) == 0;
}

/* Commit a staged event whose staging is durable: the card has left the shoe. */
static void commit(const card_event *e) {
    if (e->epoch == S.epoch && e->seq > S.last_event_seq)
        S.last_event_seq = e->seq; /* consumed even when dropped (the host then sees a GAP) */
    if (queue_full()) {
        uint8_t dropped = SLOT_ACKED; /* never resurrected by a reboot */
        plat_nvm_write((uint16_t)(EE_QUEUE + (uint16_t)e->slot * SLOT_SIZE), &dropped, 1);
        return;
    }
    S.commit_ticket = store_commit(&S.st, e);
    S.tail_durable = false;
    S.commit_ms = plat_millis();
}

/* The exit slot looks empty: is there a tag in the reader's field all the same? Twice in a
 * row means the exit sensor misses cards (stuck at "no card"): a failed sensor is reported
 * as the unsafe state, and the shoe shows FAULT until it sees a card enter again. */
static void probe(uint32_t now) {
    if (S.probing) {
        pn532_tag tag;
        pn532_status r = pn532_result(&tag);
        if (r == PN532_BUSY)
            return;
        S.probing = false;
        if ((r == PN532_TAG_OK || r == PN532_UID_ONLY) && !S.present) {
            if (++S.probe_hits >= PROBE_HITS && !S.exit_stuck) {
                S.exit_stuck = true;
                push_fault(SENSOR_EXIT, FAULT_STUCK, 0);
                S.pending |= OUT_STATUS;
            }
        } else {
            S.probe_hits = 0;
        }
        return;
    }
    if (!S.present && pn532_idle() && now - S.probe_ms >= PROBE_MS) {
        S.probe_ms = now;
        pn532_read(now);
        S.probing = true;
    }
}

static void pipeline(uint32_t now) {
    if (S.mode != SHOE_NORMAL)
        return; /* pairing and unpaired shoes read no cards */
    switch (S.pipe) {
    case P_IDLE:
        if (S.st.presence_found && !S.present && !S.entered_latch) {
            /* a card was in the exit slot when the shoe restarted, and is gone: it left
             * meanwhile. Its record if it was complete, else an unidentified card. */
            if (plat_nvm_space() < SLOT_SIZE)
                return;
            S.st.presence_found = false;
            if (S.st.staged_found) {
                S.cur = S.st.staged;
                S.stage_ticket = plat_nvm_done();
            } else {
                make_event(&S.cur, 0, false);
                S.stage_ticket = store_stage(&S.st, &S.cur);
            }
            S.st.staged_found = false;
            S.pipe = P_LEFT;
        } else if (S.entered_latch) { /* left_latch may already say it went (a fast pull) */
            if (plat_nvm_space() < 1)
                return;
            S.entered_latch = false;
            S.probing = false; /* a probe still running is the read's first attempt now */
            S.probe_hits = 0;
            if (S.exit_stuck) { /* the sensor sees cards again */
                S.exit_stuck = false;
                push_fault(SENSOR_EXIT, FAULT_CLEARED, 0);
            }
            /* a heartbeat falling due while the card is drawn would take the sequence number
             * of its prepared frame: send it now, before the tag is even read */
            if (now - S.last_status_ms >= HEARTBEAT_MS / 2)
                S.pending |= OUT_STATUS;
            if (!S.st.presence_found) /* else the mark found at boot is this card's */
                store_mark_present(&S.st);
            S.attempts = 0;
            S.next_read_ms = now;
            S.pipe = P_READING;
        } else {
            probe(now);
        }
        return;
    case P_READING: {
        pn532_tag tag;
        bool got = false, with_data = false;
        if (S.reading) {
            pn532_status r = pn532_result(&tag);
            if (r == PN532_BUSY)
                return;
            S.reading = false;
            S.next_read_ms = now + READ_RETRY_MS;
            if (r == PN532_TAG_OK) {
                got = with_data = true;
            } else if (r == PN532_UID_ONLY && (++S.attempts >= UID_ONLY_RETRIES || S.left_latch)) {
                got = true;
            }
        }
        if (got || S.left_latch) {
            if (plat_nvm_space() < 2 * SLOT_SIZE + 2)
                return; /* wait for the EEPROM queue to drain */
            bool left = S.left_latch;
            S.left_latch = false;
            card_event e;
            make_event(&e, got ? &tag : 0, with_data);
            if (S.st.presence_found) { /* the card that was in the exit slot at boot */
                bool staged = S.st.staged_found;
                S.st.presence_found = S.st.staged_found = false;
                if (staged && (!got || same_tag(&e, &S.st.staged))) {
                    S.cur = S.st.staged; /* read before the restart: the same card */
                    S.stage_ticket = plat_nvm_done();
                    S.pipe = left ? P_LEFT : P_STAGED;
                    return;
                }
                if (staged) { /* that one left during the restart; this is the next card */
                    commit(&S.st.staged);
                    store_mark_present(&S.st);
                    make_event(&e, got ? &tag : 0, with_data);
                }
            }
            S.cur = e;
            S.stage_ticket = store_stage(&S.st, &S.cur);
            S.pipe = left ? P_LEFT : P_STAGED;
            return;
        }
        if (pn532_idle() && (int32_t)(now - S.next_read_ms) >= 0) {
            pn532_read(now);
            S.reading = true;
        }
        return;
    }
    case P_STAGED:
        if (S.left_latch) {
            S.left_latch = false;
            S.pipe = P_LEFT;
        }
        return;
    default: /* P_LEFT */
        if (!plat_nvm_reached(S.stage_ticket) || plat_nvm_space() < 1)
            return;
        commit(&S.cur);
        S.pipe = P_IDLE;
        return;
    }
}

static void delivery(uint32_t now) {
    if (!S.tail_durable && plat_nvm_reached(S.commit_ticket))
        S.tail_durable = true;
    if (!S.st.q_count || (S.st.q_count == 1 && !S.tail_durable))
        return; /* an event goes out only once it is in EEPROM */
    if (!S.head_sent || now - S.head_sent_ms >= CARD_RESEND_MS)
        S.pending |= OUT_CARD;
}

/* ------------------------------------------------------------------------------ main */

void shoe_init(void) {
    uint32_t now = plat_millis();
    memset(&S, 0, sizeof S);
    store_load(&S.st);
    uint8_t zero[KEY_SIZE] = {0};
    hmac_prepare(&S.k_pair, zero);
    S.mode = SHOE_BOOTING;
    S.boot_ms = now;
    S.reason = plat_reset_cause();
    S.tail_durable = true;
    S.exit_raw = (plat_inputs() & IN_CARD_AT_EXIT) ? 1 : 0;
    S.exit_change_ms = now;
    frame_rx_reset(&S.rx);
    pn532_start(now);
    if (S.st.corrupt) {
        push_fault(SENSOR_EEPROM, FAULT_CHECKSUM, S.st.corrupt);
        S.eeprom_fault = true;
    }
}

static void boot_decide(uint32_t now) {
    bool pairing = S.btn[1].stable;
    S.btn[1].ignore_release = pairing;
    if (S.st.paired) {
        start_epoch(S.reason, 0);
    } else {
        S.epoch = 1; /* an unpaired shoe stores nothing: its frames carry no authority */
        S.tx_seq = 1;
        S.epoch_ready = true;
        S.pending = OUT_HELLO;
    }
    if (pairing) {
        S.mode = SHOE_PAIRING;
        S.pairing_start = now;
    } else if (S.st.paired) {
        enter_normal(now);
    } else {
        S.mode = SHOE_UNPAIRED;
    }
    S.last_hello_ms = now;
}

bool shoe_poll(void) {
    uint32_t now = plat_millis();
    sample_exit(now);
    sample_buttons(now);
    pn532_poll(now);
    if (S.mode == SHOE_BOOTING) {
        if (now - S.boot_ms >= BOOT_SETTLE_MS)
            boot_decide(now);
        drive_outputs(now);
        return false;
    }
    if (!card_urgent(now))
        receive(now); /* host frames wait in the UART buffer meanwhile (a few ms) */
    if (S.mode == SHOE_PAIRING && S.pair_pending && plat_nvm_reached(S.pair_ticket)) {
        S.pair_pending = false;
        S.pending = 0;
        memcpy(S.nonce, S.pair_nonce, NONCE_SIZE);
        enter_normal(now); /* HELLO under the new key, echoing the PAIR nonce */
    } else if (S.mode == SHOE_PAIRING && !S.pair_pending &&
               now - S.pairing_start >= PAIRING_WINDOW_MS) {
        if (S.st.paired) {
            S.pending = 0;
            enter_normal(now); /* an unsolicited HELLO under the shoe's key */
        } else {
            S.mode = SHOE_UNPAIRED;
        }
    }
    if (S.mode == SHOE_NORMAL) {
        bool faulty = pn532_faulty();
        if (faulty != S.reader_fault) {
            S.reader_fault = faulty;
            push_fault(SENSOR_CARD_READER, faulty ? FAULT_NO_RESPONSE : FAULT_CLEARED,
                       faulty ? pn532_error_detail() : 0);
            S.pending |= OUT_STATUS;
        }
        if (!S.link_lost && now - S.last_host_ms >= LINK_LOSS_MS) {
            S.link_lost = true;
            S.indicator = IND_STOP;
            S.locked = true;
            S.pending |= OUT_STATUS;
        }
        if (S.test.running)
            self_test_poll(now); /* the exit is locked meanwhile: no card is drawn */
        else
            pipeline(now);
        delivery(now);
        if (now - S.last_status_ms >= HEARTBEAT_DUE_MS)
            S.pending |= OUT_STATUS;
    } else if (now - S.last_hello_ms >= PAIRING_HELLO_MS) {
        S.last_hello_ms = now;
        S.pending |= OUT_HELLO;
    }
    transmit(now);
    if (!(S.pending & (OUT_HELLO | OUT_CARD)))
        precompute(); /* ~5 ms of HMAC, done while the card is still in the exit slot */
    drive_outputs(now);
    return (S.pending & may_send(now)) != 0 && S.epoch_ready &&
           plat_host_tx_space() >= MAX_WIRE_FRAME; /* (bytes received: the HAL knows) */
}

shoe_mode shoe_get_mode(void) { return S.mode; }
uint32_t shoe_epoch(void) { return S.epoch; }
uint32_t shoe_host_seq_last(void) { return S.host_seq_last; }
uint8_t shoe_queue_depth(void) { return S.st.q_count; }
uint8_t shoe_indicator(void) { return indicator_lit(); }
const rx_counters *shoe_counters(void) { return &S.cnt; }
store_t *shoe_store(void) { return &S.st; }
