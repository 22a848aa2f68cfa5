/* The EEPROM layout: records, the boot scan, and what survives a torn write. */
#include "../src/crc16.h"
#include "../src/store.h"
#include "check.h"
#include "fake_platform.h"
#include "tests.h"

static const uint8_t KEY[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

static card_event event(uint32_t epoch, uint32_t seq) {
    card_event e = {0};
    e.epoch = epoch;
    e.seq = seq;
    e.rank = (uint8_t)(seq % 13 + 1);
    e.suit = (uint8_t)(seq % 4);
    e.tag_len = 23;
    for (uint8_t i = 0; i < 23; i++)
        e.tag[i] = (uint8_t)(seq * 31 + i);
    return e;
}

static void put_slot(uint8_t slot, uint8_t state, const card_event *e) {
    uint8_t b[SLOT_SIZE];
    store_format_slot(b, state, e);
    memcpy(fake_eeprom + EE_QUEUE + slot * SLOT_SIZE, b, SLOT_SIZE);
}

static void test_layout_fits(void) {
    CHECK(EE_QUEUE + SLOT_COUNT * SLOT_SIZE <= EE_SIZE);
    CHECK(EE_CFG_A + CFG_SIZE <= EE_CFG_B && EE_CFG_B + CFG_SIZE <= EE_IDENT);
    CHECK(EE_IDENT + IDENT_SIZE <= EE_QUEUE);
    CHECK(QUEUE_MAX >= 16); /* section 10 */
    CHECK(SLOT_COUNT > QUEUE_MAX);
}

static void test_blank_eeprom_is_unpaired(void) {
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    store_t s;
    store_load(&s);
    CHECK(!s.paired);
    CHECK(!s.ident_ok);
    CHECK_EQ(s.serial, 0);
    CHECK_EQ(s.q_count, 0);
    CHECK(!s.staged_found);
    CHECK_EQ(s.corrupt, 0);
}

static void test_config_copies(void) {
    store_t s;
    fake_provision(KEY, 41, 1234567);
    store_load(&s);
    CHECK(s.paired);
    CHECK_EQ(s.epoch, 41);
    CHECK_MEM(s.key, KEY, 32);
    CHECK(s.ident_ok);
    CHECK_EQ(s.serial, 1234567);
    /* copy A torn (power lost while writing it): B is used */
    fake_eeprom[EE_CFG_A + 3] ^= 0x55;
    store_load(&s);
    CHECK(s.paired);
    CHECK_EQ(s.epoch, 41);
    /* both valid, A newer: A wins */
    uint8_t b[CFG_SIZE];
    store_format_config(b, KEY, 42);
    memcpy(fake_eeprom + EE_CFG_A, b, CFG_SIZE);
    store_load(&s);
    CHECK_EQ(s.epoch, 42);
    /* neither valid: the key is lost too */
    fake_eeprom[EE_CFG_A + 10] ^= 1;
    fake_eeprom[EE_CFG_B + 10] ^= 1;
    store_load(&s);
    CHECK(!s.paired);
    /* an erased-looking key is never a key */
    uint8_t ff[32];
    memset(ff, 0xFF, 32);
    store_format_config(b, ff, 5);
    memcpy(fake_eeprom + EE_CFG_A, b, CFG_SIZE);
    memcpy(fake_eeprom + EE_CFG_B, b, CFG_SIZE);
    store_load(&s);
    CHECK(!s.paired);
}

static void test_queue_order_and_ring(void) {
    store_t s;
    fake_provision(KEY, 9, 1);
    /* the ring wrapped: events 9:1..9:3 at the end, 9:4..9:5 at the start, 9:0.. acked */
    card_event a = event(8, 90), b = event(9, 1), c = event(9, 2), d = event(9, 3), e = event(9, 4),
               f = event(9, 5);
    put_slot(90, SLOT_ACKED, &a);
    put_slot(93, SLOT_COMMITTED, &b);
    put_slot(94, SLOT_COMMITTED, &c);
    put_slot(95, SLOT_COMMITTED, &d);
    put_slot(0, SLOT_COMMITTED, &e);
    put_slot(1, SLOT_COMMITTED, &f);
    store_load(&s);
    CHECK_EQ(s.q_count, 5);
    for (uint8_t i = 0; i < 5; i++)
        CHECK_EQ(s.q[i].seq, i + 1);
    CHECK_EQ(s.q[0].slot, 93);
    CHECK_EQ(s.q[4].slot, 1);
    CHECK_EQ(s.next_slot, 2);
    CHECK_MEM(s.q[2].tag, d.tag, 23);
    CHECK_EQ(s.q[2].rank, d.rank);
}

static void test_presence_mark(void) {
    store_t s;
    fake_provision(KEY, 9, 1);
    card_event a = event(9, 1), b = event(9, 2), stale = event(3, 7);
    put_slot(10, SLOT_ACKED, &a);
    put_slot(11, SLOT_PRESENT, &b); /* marked and staged: the card in the exit slot */
    store_load(&s);
    CHECK(s.presence_found);
    CHECK(s.staged_found);
    CHECK_EQ(s.staged.seq, 2);
    CHECK_EQ(s.present_slot, 11);
    CHECK_EQ(s.next_slot, 11);
    CHECK_EQ(s.q_count, 0);
    /* marked over an old event (power lost before the new record was written): a card was
     * there, but the record is not its */
    fake_provision(KEY, 9, 1);
    put_slot(10, SLOT_ACKED, &b);
    put_slot(11, SLOT_PRESENT, &stale);
    store_load(&s);
    CHECK(s.presence_found);
    CHECK(!s.staged_found);
    CHECK_EQ(s.next_slot, 11);
    /* a torn staging (CRC fails) is not a record either */
    fake_provision(KEY, 9, 1);
    put_slot(10, SLOT_ACKED, &a);
    put_slot(11, SLOT_PRESENT, &b);
    fake_eeprom[EE_QUEUE + 11 * SLOT_SIZE + 20] ^= 0xFF;
    store_load(&s);
    CHECK(s.presence_found);
    CHECK(!s.staged_found);
    /* no mark: the ring continues after the newest record */
    fake_provision(KEY, 9, 1);
    put_slot(10, SLOT_ACKED, &a);
    put_slot(11, SLOT_FREE, &b);
    store_load(&s);
    CHECK(!s.presence_found);
    CHECK_EQ(s.next_slot, 11);
}

static void test_corrupt_committed_counted(void) {
    store_t s;
    fake_provision(KEY, 9, 1);
    card_event a = event(9, 1), b = event(9, 2);
    put_slot(0, SLOT_COMMITTED, &a);
    put_slot(1, SLOT_COMMITTED, &b);
    fake_eeprom[EE_QUEUE + 1 * SLOT_SIZE + 15] ^= 0x01;
    store_load(&s);
    CHECK_EQ(s.q_count, 1);
    CHECK_EQ(s.corrupt, 1);
}

static void test_stage_commit_ack_roundtrip(void) {
    store_t s;
    fake_provision(KEY, 9, 1);
    fake_nvm_us_per_byte = 0;
    fake_boot(1); /* resets the fake EEPROM queue; the shoe state is not used here */
    store_load(&s);
    card_event e = event(10, 1);
    store_mark_present(&s);
    store_stage(&s, &e);
    fake_tick();
    store_t t;
    store_load(&t);
    CHECK(t.presence_found);
    CHECK(t.staged_found);
    CHECK_EQ(t.q_count, 0);
    store_commit(&s, &e);
    fake_tick();
    store_load(&t);
    CHECK(!t.presence_found);
    CHECK_EQ(t.q_count, 1);
    CHECK_EQ(t.q[0].seq, 1);
    store_ack_head(&s);
    fake_tick();
    store_load(&t);
    CHECK_EQ(t.q_count, 0);
    CHECK_EQ(t.next_slot, e.slot + 1);
    fake_nvm_us_per_byte = 3400;
}

void tests_store(void) {
    RUN(test_layout_fits);
    RUN(test_blank_eeprom_is_unpaired);
    RUN(test_config_copies);
    RUN(test_queue_order_and_ring);
    RUN(test_presence_mark);
    RUN(test_corrupt_committed_counted);
    RUN(test_stage_commit_ack_roundtrip);
}
