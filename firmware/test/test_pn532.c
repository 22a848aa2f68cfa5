/* The PN532 driver against the emulator: start-up, reads, no tag, a failing page read, and a
 * reader that stops answering and comes back. */
#include "../src/pn532.h"
#include "check.h"
#include "fake_platform.h"
#include "tests.h"

static const uint8_t UID[7] = {0x04, 0xA2, 0x24, 0x5A, 0x6B, 0x3C, 0x80};
static const uint8_t PAGES[16] = {0x01, 0xC1, 0x00, 0x00, 0x03, 0xE9, 0x00, 0x19,
                                  0x2B, 0xDD, 0x24, 0xE0, 0x7D, 0x5F, 0x5C, 0x9C};

static void run(uint32_t ms) {
    for (uint32_t i = 0; i < ms; i++) {
        fake_tick();
        pn532_poll(fake_now);
    }
}

static pn532_status read_tag(pn532_tag *t) {
    CHECK(pn532_idle());
    pn532_read(fake_now);
    for (int i = 0; i < 500; i++) {
        run(1);
        pn532_status r = pn532_result(t);
        if (r != PN532_BUSY)
            return r;
    }
    return PN532_BUSY;
}

static void start(void) {
    pn532_emu_init(&fake_reader);
    pn532_start(fake_now);
    run(100);
}

static void test_reader_starts(void) {
    start();
    CHECK(fake_reader.powered);
    CHECK(pn532_idle());
    CHECK(!pn532_faulty());
}

static void test_reads_uid_and_pages(void) {
    pn532_tag t;
    start();
    pn532_emu_tag(&fake_reader, UID, 7, PAGES);
    CHECK_EQ(read_tag(&t), PN532_TAG_OK);
    CHECK_EQ(t.uid_len, 7);
    CHECK_MEM(t.uid, UID, 7);
    CHECK_MEM(t.data, PAGES, 16);
    /* 4-byte and 10-byte UIDs too */
    uint8_t uid10[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    pn532_emu_tag(&fake_reader, uid10, 10, PAGES);
    CHECK_EQ(read_tag(&t), PN532_TAG_OK);
    CHECK_EQ(t.uid_len, 10);
    pn532_emu_tag(&fake_reader, uid10, 4, PAGES);
    CHECK_EQ(read_tag(&t), PN532_TAG_OK);
    CHECK_EQ(t.uid_len, 4);
}

static void test_no_tag_and_uid_only(void) {
    pn532_tag t;
    start();
    pn532_emu_no_tag(&fake_reader);
    CHECK_EQ(read_tag(&t), PN532_NO_TAG);
    pn532_emu_tag(&fake_reader, UID, 7, NULL); /* pages unreadable */
    CHECK_EQ(read_tag(&t), PN532_UID_ONLY);
    CHECK_MEM(t.uid, UID, 7);
    CHECK(!pn532_faulty());
}

static void test_dead_reader_is_a_fault_and_recovers(void) {
    pn532_tag t;
    start();
    fake_reader.dead = true;
    pn532_emu_tag(&fake_reader, UID, 7, PAGES);
    CHECK_EQ(read_tag(&t), PN532_ERROR);
    run(3000); /* the health check and the retries give up */
    CHECK(pn532_faulty());
    CHECK(pn532_error_detail() != 0);
    fake_reader.dead = false;
    run(1500); /* re-initialised from reset */
    CHECK(!pn532_faulty());
    CHECK(pn532_idle());
    CHECK_EQ(read_tag(&t), PN532_TAG_OK);
}

static void test_health_check_runs_when_idle(void) {
    start();
    uint32_t frames = fake_reader.frames;
    run(4500);
    CHECK(fake_reader.frames >= frames + 2); /* GetFirmwareVersion every 2 s */
    CHECK(!pn532_faulty());
}

void tests_pn532(void) {
    RUN(test_reader_starts);
    RUN(test_reads_uid_and_pages);
    RUN(test_no_tag_and_uid_only);
    RUN(test_dead_reader_is_a_fault_and_recovers);
    RUN(test_health_check_runs_when_idle);
}
