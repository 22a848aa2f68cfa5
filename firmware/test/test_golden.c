/* The golden frames of docs/shoe-protocol.md section 15 (tests/data/protocol/NAME.txt), shared
 * with the Python tests: the firmware must decode every one and rebuild it byte for byte. */
#include <dirent.h>
#include <stdlib.h>

#include "../src/frame.h"
#include "../src/msgs.h"
#include "check.h"
#include "tests.h"

#define MAX_FIELDS 16

typedef struct {
    char name[300];
    int type;
    char direction[32];
    unsigned long epoch, seq;
    int pairing_key;
    int nfields;
    char field_name[MAX_FIELDS][32];
    char field_value[MAX_FIELDS][256];
    uint8_t raw[128], wire[160];
    size_t raw_len, wire_len;
} golden;

static int load(const char *path, golden *g) {
    FILE *f = fopen(path, "r");
    char line[1024];
    if (!f)
        return 0;
    memset(g, 0, sizeof *g);
    while (fgets(line, sizeof line, f)) {
        char name[32], value[256];
        if (sscanf(line, "# type 0x%x %*s %31[^,], epoch %lu, seq %lu", &g->type, g->direction,
                   &g->epoch, &g->seq) == 4) {
            continue;
        }
        if (strncmp(line, "# key: pairing key", 18) == 0)
            g->pairing_key = 1;
        if (sscanf(line, "# field %31s = %255[^\n]", name, value) == 2 && g->nfields < MAX_FIELDS) {
            strcpy(g->field_name[g->nfields], name);
            strcpy(g->field_value[g->nfields], value);
            g->nfields++;
        }
        if (strncmp(line, "raw ", 4) == 0)
            g->raw_len = unhex(line + 4, g->raw, sizeof g->raw);
        if (strncmp(line, "wire ", 5) == 0)
            g->wire_len = unhex(line + 5, g->wire, sizeof g->wire);
    }
    fclose(f);
    return g->type != 0 && g->raw_len && g->wire_len;
}

static const char *field(const golden *g, const char *name) {
    for (int i = 0; i < g->nfields; i++)
        if (strcmp(g->field_name[i], name) == 0)
            return g->field_value[i];
    fprintf(stderr, "FAIL %s: no field %s\n", g->name, name);
    check_failures++;
    return "0";
}

/* "NONE (0)", "... (29)" or a plain number */
static unsigned long field_int(const golden *g, const char *name) {
    const char *v = field(g, name);
    const char *paren = strrchr(v, '(');
    if (paren && paren[1] >= '0' && paren[1] <= '9')
        return strtoul(paren + 1, NULL, 0);
    return strtoul(v, NULL, 0);
}

static size_t field_hex(const golden *g, const char *name, uint8_t *out, size_t max) {
    return unhex(field(g, name), out, max);
}

static void build_and_compare(const golden *g, const uint8_t *payload, uint8_t len) {
    uint8_t built[MAX_PAYLOAD];
    uint8_t n = 0;
    switch (g->type) {
    case MSG_HELLO: {
        hello_msg m = {0};
        unsigned a, b, c;
        m.serial = (uint32_t)field_int(g, "serial_number");
        CHECK_EQ(sscanf(field(g, "firmware_version"), "(%u, %u, %u)", &a, &b, &c), 3);
        m.fw[0] = (uint8_t)a;
        m.fw[1] = (uint8_t)b;
        m.fw[2] = (uint8_t)c;
        m.mode = (uint8_t)field_int(g, "mode");
        m.capabilities = (uint16_t)field_int(g, "capabilities");
        m.boot_epoch = (uint32_t)field_int(g, "boot_epoch");
        m.epoch_reason = (uint8_t)field_int(g, "epoch_reason");
        m.host_seq_last = (uint32_t)field_int(g, "host_seq_last");
        CHECK_EQ(field_hex(g, "nonce", m.nonce, NONCE_SIZE), NONCE_SIZE);
        n = msg_hello(&m, built);
        break;
    }
    case MSG_CARD: {
        unsigned rank = 0, suit = 0;
        uint8_t tag[MAX_TAG_DATA];
        const char *card = strchr(field(g, "card"), '(');
        CHECK(card && sscanf(card, "(rank byte %i, suit byte %i)", &rank, &suit) == 2);
        size_t tl = field_hex(g, "tag_data", tag, sizeof tag);
        n = msg_card((uint32_t)field_int(g, "event_epoch"), (uint32_t)field_int(g, "event_seq"),
                     (uint8_t)rank, (uint8_t)suit, tag, (uint8_t)tl, built);
        break;
    }
    case MSG_STATUS: {
        status_msg m = {(uint8_t)field_int(g, "state"),
                        (uint8_t)field_int(g, "indicator"),
                        (uint16_t)field_int(g, "sensors"),
                        (uint8_t)field_int(g, "queue_depth"),
                        (uint32_t)field_int(g, "last_event_seq"),
                        (uint32_t)field_int(g, "host_seq_last")};
        n = msg_status(&m, built);
        break;
    }
    case MSG_SENSOR_FAULT:
        n = msg_sensor_fault((uint8_t)field_int(g, "sensor"), (uint8_t)field_int(g, "fault"),
                             (uint16_t)field_int(g, "detail"), built);
        break;
    case MSG_BUTTON:
        n = msg_button((uint8_t)field_int(g, "button"), (uint8_t)field_int(g, "press"), built);
        break;
    case MSG_SELF_TEST_RESULT: {
        self_test_msg m = {0};
        m.flags = (uint8_t)field_int(g, "flags");
        m.passed = (uint16_t)field_int(g, "passed");
        m.failed = (uint16_t)field_int(g, "failed");
        CHECK_EQ(field_hex(g, "reader_version", m.reader, sizeof m.reader), sizeof m.reader);
        m.inputs = (uint8_t)field_int(g, "inputs");
        m.elapsed_ms = (uint16_t)field_int(g, "elapsed_ms");
        m.eeprom_dropped = (uint8_t)field_int(g, "eeprom_dropped");
        n = msg_self_test(&m, built);
        break;
    }
    default: /* host commands: the shoe parses them; check the fields it reads */
        if (g->type == MSG_ACK) {
            CHECK_EQ(get_u32(payload), field_int(g, "event_epoch"));
            CHECK_EQ(get_u32(payload + 4), field_int(g, "event_seq"));
        } else if (g->type == MSG_SET_INDICATOR) {
            CHECK_EQ(payload[0], field_int(g, "indicator"));
        } else if (g->type == MSG_BUZZER) {
            CHECK_EQ(payload[0], field_int(g, "pattern"));
            CHECK_EQ(get_u16(payload + 1), field_int(g, "duration_ms"));
        } else if (g->type == MSG_QUERY_STATUS || g->type == MSG_RESET_SEQUENCE) {
            uint8_t nonce[NONCE_SIZE];
            CHECK_EQ(field_hex(g, "nonce", nonce, NONCE_SIZE), NONCE_SIZE);
            CHECK_MEM(payload, nonce, NONCE_SIZE);
        } else if (g->type == MSG_PAIR) {
            uint8_t key[KEY_SIZE], nonce[NONCE_SIZE];
            CHECK_EQ(get_u32(payload), field_int(g, "serial_number"));
            CHECK_EQ(field_hex(g, "key", key, KEY_SIZE), KEY_SIZE);
            CHECK_MEM(payload + 4, key, KEY_SIZE);
            CHECK_EQ(field_hex(g, "nonce", nonce, NONCE_SIZE), NONCE_SIZE);
            CHECK_MEM(payload + 36, nonce, NONCE_SIZE);
        } else {
            CHECK_EQ(len, 0); /* LOCK_EXIT, UNLOCK_EXIT, SELF_TEST */
        }
        return;
    }
    CHECK_EQ(n, len);
    CHECK_MEM(built, payload, len);
}

static void check_golden(golden *g) {
    uint8_t key[KEY_SIZE];
    for (int i = 0; i < (int)KEY_SIZE; i++)
        key[i] = g->pairing_key ? 0 : (uint8_t)i;
    hmac_key k;
    hmac_prepare(&k, key);
    bool from_host = (g->type & DIRECTION_BIT) != 0;
    CHECK_EQ(strcmp(g->direction, from_host ? "host_to_shoe" : "shoe_to_host"), 0);

    /* decode the wire bytes with the receiver of section 3 */
    frame_rx rx;
    rx_counters cnt = {0};
    frame_view v;
    int frames = 0;
    frame_rx_reset(&rx);
    for (size_t i = 0; i < g->wire_len; i++) {
        uint8_t n = frame_rx_byte(&rx, g->wire[i], &cnt);
        if (!n)
            continue;
        frames++;
        CHECK_EQ(frame_decode(rx.buf, n, &k, g->pairing_key, from_host, &v, &cnt), RX_OK);
        CHECK_EQ(v.type, g->type);
        CHECK_EQ(v.epoch, g->epoch);
        CHECK_EQ(v.seq, g->seq);
        CHECK_EQ(v.len, g->raw_len - FRAME_OVERHEAD);
        CHECK_MEM(v.payload, g->raw + HEADER_SIZE, v.len);
        build_and_compare(g, v.payload, v.len);
    }
    CHECK_EQ(frames, 1);
    /* a receiver of the other direction refuses it */
    memcpy(rx.buf, g->wire + 1, g->wire_len - 2);
    CHECK_EQ(frame_decode(rx.buf, (uint8_t)(g->wire_len - 2), &k, g->pairing_key, !from_host, &v,
                          &cnt),
             RX_WRONG_DIRECTION);
    /* and the encoder rebuilds the exact bytes */
    uint8_t wire[MAX_WIRE_FRAME];
    uint8_t n = frame_encode(&k, (uint8_t)g->type, (uint32_t)g->epoch, (uint32_t)g->seq,
                             g->raw + HEADER_SIZE, (uint8_t)(g->raw_len - FRAME_OVERHEAD), wire);
    CHECK_EQ(n, g->wire_len);
    CHECK_MEM(wire, g->wire, g->wire_len);
    /* a flipped bit anywhere is refused */
    for (size_t i = 1; i + 1 < g->wire_len; i++) {
        uint8_t chunk[MAX_ENCODED_FRAME];
        memcpy(chunk, g->wire + 1, g->wire_len - 2);
        chunk[i - 1] ^= 0x10;
        if (chunk[i - 1] == 0)
            continue;
        CHECK(frame_decode(chunk, (uint8_t)(g->wire_len - 2), &k, g->pairing_key, from_host, &v,
                           &cnt) != RX_OK);
    }
}

static const char *golden_dir;
static int golden_files;

static void test_golden_frames(void) {
    DIR *d = opendir(golden_dir);
    CHECK(d != NULL);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        char path[1024];
        static golden g;
        snprintf(path, sizeof path, "%s/%s", golden_dir, e->d_name);
        int loaded = load(path, &g);
        CHECK(loaded);
        if (!loaded)
            continue;
        snprintf(g.name, sizeof g.name, "%s", e->d_name);
        const char *saved = check_test;
        check_test = g.name;
        check_golden(&g);
        check_test = saved;
        golden_files++;
    }
    closedir(d);
    CHECK_EQ(golden_files, 18); /* one per message type and a few more, section 15 */
}

void tests_golden(const char *dir) {
    golden_dir = dir;
    RUN(test_golden_frames);
}
