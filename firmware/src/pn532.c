#include "pn532.h"

#include <string.h>

#include "platform.h"

/* Commands (host to PN532, TFI 0xD4); the response code is the command + 1 (TFI 0xD5). */
#define CMD_GET_FIRMWARE_VERSION 0x02u
#define CMD_SAM_CONFIGURATION 0x14u
#define CMD_RF_CONFIGURATION 0x32u
#define CMD_IN_DATA_EXCHANGE 0x40u
#define CMD_IN_LIST_PASSIVE_TARGET 0x4Au
#define NTAG_READ 0x30u
#define TAG_FIRST_PAGE 4u

#define ACK_TIMEOUT_MS 15u
#define REPLY_TIMEOUT_MS 60u
#define LIST_TIMEOUT_MS 120u
#define HEALTH_EVERY_MS 2000u
#define RETRY_INIT_MS 1000u
#define FAULT_AFTER 3u /* consecutive failed exchanges */
#define RX_MAX 48u

typedef enum {
    ST_OFF,       /* held in reset, waiting to power up */
    ST_BOOT,      /* powered, waiting for it to start */
    ST_INIT_SAM,  /* SAMConfiguration sent */
    ST_INIT_RF,   /* RFConfiguration (retries) sent */
    ST_INIT_VER,  /* GetFirmwareVersion sent */
    ST_IDLE,
    ST_LIST,      /* InListPassiveTarget sent */
    ST_READ,      /* InDataExchange READ sent */
    ST_HEALTH,    /* GetFirmwareVersion sent as a health check */
} state_t;

static struct {
    state_t st;
    uint32_t t0;        /* when the current step began */
    uint32_t last_ok;   /* last good exchange */
    uint8_t cmd;        /* command awaiting its answer */
    bool acked;         /* its ACK frame arrived */
    uint16_t timeout;
    uint8_t failures;
    bool faulty;
    uint16_t detail;
    pn532_status result;
    pn532_tag tag;
    uint8_t version[3];
    uint16_t versions; /* GetFirmwareVersion answers received */
    /* receiver */
    uint8_t rx[RX_MAX];
    uint8_t rx_len;
    uint8_t rx_state;
    uint8_t rx_need;
} R;

static void send_frame(const uint8_t *data, uint8_t n, bool wakeup) {
    static const uint8_t wake[] = {0x55, 0x55, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t f[8 + 16];
    uint8_t len = (uint8_t)(n + 1), sum = 0xD4;
    if (wakeup)
        plat_reader_tx(wake, sizeof wake);
    f[0] = 0x00;
    f[1] = 0x00;
    f[2] = 0xFF;
    f[3] = len;
    f[4] = (uint8_t)(0x100 - len);
    f[5] = 0xD4;
    for (uint8_t i = 0; i < n; i++) {
        f[6 + i] = data[i];
        sum = (uint8_t)(sum + data[i]);
    }
    f[6 + n] = (uint8_t)(0x100 - sum);
    f[7 + n] = 0x00;
    plat_reader_tx(f, (uint8_t)(8 + n));
}

static void command(const uint8_t *data, uint8_t n, uint16_t timeout, uint32_t now, bool wakeup) {
    while (plat_reader_rx() >= 0) /* drop anything stale */
        ;
    R.rx_state = 0;
    R.cmd = data[0];
    R.acked = false;
    R.timeout = timeout;
    R.t0 = now;
    send_frame(data, n, wakeup);
}

static void abort_command(void) {
    static const uint8_t ack[] = {0x00, 0x00, 0xFF, 0x00, 0xFF, 0x00};
    plat_reader_tx(ack, sizeof ack); /* an ACK frame from the host aborts the command */
}

/* Receiver: 00 FF LEN LCS TFI PD.. DCS (preamble and postamble skipped).
 * Returns 1 for an ACK frame, 2 for a complete checked information frame (R.rx holds TFI
 * and data, R.rx_len bytes), -1 for a broken frame, 0 otherwise. */
static int8_t rx_byte(uint8_t b) {
    switch (R.rx_state) {
    case 0: /* looking for 00 FF */
        if (b == 0x00)
            R.rx_state = 1;
        return 0;
    case 1:
        R.rx_state = b == 0xFF ? 2 : (b == 0x00 ? 1 : 0);
        return 0;
    case 2: /* LEN */
        R.rx_need = b;
        R.rx_state = 3;
        return 0;
    case 3: /* LCS */
        R.rx_state = 0;
        if (R.rx_need == 0 && b == 0xFF)
            return 1;
        if ((uint8_t)(R.rx_need + b) != 0 || R.rx_need > RX_MAX || R.rx_need < 2)
            return -1;
        R.rx_len = 0;
        R.rx_state = 4;
        return 0;
    case 4: /* TFI + data */
        R.rx[R.rx_len++] = b;
        if (R.rx_len == R.rx_need)
            R.rx_state = 5;
        return 0;
    default: { /* DCS */
        R.rx_state = 0;
        uint8_t sum = b;
        for (uint8_t i = 0; i < R.rx_len; i++)
            sum = (uint8_t)(sum + R.rx[i]);
        return sum == 0 ? 2 : -1;
    }
    }
}

static void fail(uint32_t now, uint8_t code) {
    R.detail = (uint16_t)(((uint16_t)R.st << 8) | code);
    if (R.st != ST_IDLE)
        abort_command();
    if (R.st == ST_LIST || R.st == ST_READ)
        R.result = PN532_ERROR;
    if (++R.failures >= FAULT_AFTER && !R.faulty) {
        R.faulty = true;
    }
    if (R.faulty || R.st < ST_IDLE) { /* re-initialise from reset */
        plat_reader_power(false);
        R.st = ST_OFF;
        R.t0 = now;
        return;
    }
    R.st = ST_IDLE;
    R.t0 = now;
}

static void ok(uint32_t now) {
    R.failures = 0;
    R.faulty = false;
    R.last_ok = now;
}

void pn532_start(uint32_t now) {
    memset(&R, 0, sizeof R);
    plat_reader_power(false);
    R.st = ST_OFF;
    R.t0 = now;
    R.result = PN532_NO_TAG;
}

static void start_list(uint32_t now) {
    static const uint8_t list[] = {CMD_IN_LIST_PASSIVE_TARGET, 0x01, 0x00}; /* 1 target, 106 kbps A */
    R.st = ST_LIST;
    command(list, sizeof list, LIST_TIMEOUT_MS, now, false);
}

static void got_version(const uint8_t *d) {
    memcpy(R.version, d, sizeof R.version);
    R.versions++;
}

/* A checked information frame arrived for the command in flight. */
static void answer(uint32_t now) {
    const uint8_t *d = R.rx + 2; /* after TFI and response code */
    uint8_t n = (uint8_t)(R.rx_len - 2);
    if (R.rx[0] != 0xD5 || R.rx[1] != (uint8_t)(R.cmd + 1)) {
        fail(now, 0xE1);
        return;
    }
    switch (R.st) {
    case ST_INIT_SAM: {
        static const uint8_t rf[] = {CMD_RF_CONFIGURATION, 0x05, 0xFF, 0x01, 0x02};
        R.st = ST_INIT_RF; /* MaxRetries: ATR 0xFF, PSL 1, passive activation 2: no endless wait */
        command(rf, sizeof rf, REPLY_TIMEOUT_MS, now, false);
        return;
    }
    case ST_INIT_RF:
    case ST_HEALTH: {
        if (R.st == ST_HEALTH) {
            if (n < 4 || d[0] != 0x32) {
                fail(now, 0xE2);
                return;
            }
            got_version(d);
            ok(now);
            R.st = ST_IDLE;
            return;
        }
        static const uint8_t ver[] = {CMD_GET_FIRMWARE_VERSION};
        R.st = ST_INIT_VER;
        command(ver, sizeof ver, REPLY_TIMEOUT_MS, now, false);
        return;
    }
    case ST_INIT_VER:
        if (n < 4 || d[0] != 0x32) { /* IC: PN532 */
            fail(now, 0xE2);
            return;
        }
        got_version(d);
        ok(now);
        R.st = ST_IDLE;
        return;
    case ST_LIST: {
        ok(now);
        /* NbTg, Tg, SENS_RES[2], SEL_RES, NFCIDLength, NFCID1[...] */
        if (n < 1 || d[0] == 0) {
            R.result = PN532_NO_TAG;
            R.st = ST_IDLE;
            return;
        }
        if (n < 6 || d[5] == 0 || d[5] > PN532_UID_MAX || n < (uint8_t)(6 + d[5])) {
            fail(now, 0xE3);
            return;
        }
        R.tag.uid_len = d[5];
        memcpy(R.tag.uid, d + 6, d[5]);
        uint8_t rd[] = {CMD_IN_DATA_EXCHANGE, d[1], NTAG_READ, TAG_FIRST_PAGE};
        R.st = ST_READ;
        command(rd, sizeof rd, REPLY_TIMEOUT_MS, now, false);
        return;
    }
    case ST_READ:
        ok(now);
        /* Status, then the 16 bytes of pages 4..7 */
        if (n >= 1 + PN532_DATA_SIZE && (d[0] & 0x3F) == 0) {
            memcpy(R.tag.data, d + 1, PN532_DATA_SIZE);
            R.result = PN532_TAG_OK;
        } else {
            R.result = PN532_UID_ONLY;
        }
        R.st = ST_IDLE;
        return;
    default:
        return;
    }
}

void pn532_poll(uint32_t now) {
    uint32_t age = now - R.t0;
    switch (R.st) {
    case ST_OFF:
        if (age >= (R.faulty ? RETRY_INIT_MS : 2u)) {
            plat_reader_power(true);
            R.st = ST_BOOT;
            R.t0 = now;
        }
        return;
    case ST_BOOT:
        if (age >= 10u) { /* the PN532 needs a few ms after RSTPDN goes high */
            static const uint8_t sam[] = {CMD_SAM_CONFIGURATION, 0x01, 0x14, 0x01};
            R.st = ST_INIT_SAM;
            command(sam, sizeof sam, REPLY_TIMEOUT_MS, now, true);
        }
        return;
    case ST_IDLE:
        if (now - R.last_ok >= HEALTH_EVERY_MS) {
            static const uint8_t ver[] = {CMD_GET_FIRMWARE_VERSION};
            R.st = ST_HEALTH;
            command(ver, sizeof ver, REPLY_TIMEOUT_MS, now, false);
        }
        return;
    default:
        break;
    }
    int16_t c;
    while ((c = plat_reader_rx()) >= 0) {
        int8_t r = rx_byte((uint8_t)c);
        if (r == 1) {
            R.acked = true;
        } else if (r == 2 && R.acked) {
            answer(now);
            return;
        } else if (r < 0) {
            fail(now, 0xE0);
            return;
        }
    }
    if (age >= (R.acked ? R.timeout : ACK_TIMEOUT_MS))
        fail(now, R.acked ? 0xE5 : 0xE4);
}

bool pn532_idle(void) { return R.st == ST_IDLE; }
bool pn532_faulty(void) { return R.faulty; }
uint16_t pn532_error_detail(void) { return R.detail; }

void pn532_read(uint32_t now) {
    R.result = PN532_BUSY;
    start_list(now);
}

void pn532_check(uint32_t now) {
    static const uint8_t ver[] = {CMD_GET_FIRMWARE_VERSION};
    R.st = ST_HEALTH;
    command(ver, sizeof ver, REPLY_TIMEOUT_MS, now, false);
}

uint16_t pn532_version(uint8_t out[3]) {
    memcpy(out, R.version, sizeof R.version);
    return R.versions;
}

pn532_status pn532_result(pn532_tag *tag) {
    if (R.result == PN532_TAG_OK || R.result == PN532_UID_ONLY)
        *tag = R.tag;
    return R.result;
}
