#include "fake_platform.h"

#include <string.h>

#include "../src/platform.h"
#include "../src/shoe.h"
#include "../src/store.h"

uint32_t fake_now;
uint8_t fake_eeprom[4096];
uint32_t fake_nvm_us_per_byte = 3400;
uint32_t fake_nvm_writes;
uint8_t fake_inputs;
uint8_t fake_leds;
bool fake_buzzer, fake_lock, fake_restart_requested;
uint8_t fake_reset_cause = 1;
uint8_t fake_tx[FAKE_TX_MAX];
size_t fake_tx_len;
uint16_t fake_tx_space = 1024;
pn532_emu fake_reader;

#define NVM_FIFO 256u
static struct {
    uint16_t addr[NVM_FIFO];
    uint8_t val[NVM_FIFO];
    uint16_t head, len;
    uint16_t queued, done;
    uint64_t busy_until_us;
} nvm;

static uint8_t host_rx[4096];
static size_t host_rx_head, host_rx_len;
static uint8_t reader_rx[512];
static size_t reader_rx_head, reader_rx_len;

uint32_t plat_millis(void) { return fake_now; }

uint16_t plat_host_tx_space(void) { return fake_tx_space; }
void plat_host_tx(const uint8_t *p, uint8_t n) {
    if (fake_tx_len + n <= FAKE_TX_MAX) {
        memcpy(fake_tx + fake_tx_len, p, n);
        fake_tx_len += n;
    }
}
int16_t plat_host_rx(void) {
    if (!host_rx_len)
        return -1;
    uint8_t b = host_rx[host_rx_head];
    host_rx_head = (host_rx_head + 1) % sizeof host_rx;
    host_rx_len--;
    return b;
}
void fake_host_send(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n && host_rx_len < sizeof host_rx; i++) {
        host_rx[(host_rx_head + host_rx_len) % sizeof host_rx] = p[i];
        host_rx_len++;
    }
}

uint16_t plat_reader_tx_space(void) { return 64; }
void plat_reader_tx(const uint8_t *p, uint8_t n) {
    for (uint8_t i = 0; i < n; i++)
        pn532_emu_input(&fake_reader, p[i], (uint64_t)fake_now * 1000u);
}
int16_t plat_reader_rx(void) {
    if (!reader_rx_len)
        return -1;
    uint8_t b = reader_rx[reader_rx_head];
    reader_rx_head = (reader_rx_head + 1) % sizeof reader_rx;
    reader_rx_len--;
    return b;
}
void plat_reader_power(bool on) { pn532_emu_power(&fake_reader, on); }

void plat_nvm_read(uint16_t addr, uint8_t *p, uint16_t n) { memcpy(p, fake_eeprom + addr, n); }
uint16_t plat_nvm_space(void) { return (uint16_t)(NVM_FIFO - nvm.len); }
uint16_t plat_nvm_write(uint16_t addr, const uint8_t *p, uint8_t n) {
    for (uint8_t i = 0; i < n && nvm.len < NVM_FIFO; i++) {
        uint16_t k = (uint16_t)((nvm.head + nvm.len) % NVM_FIFO);
        nvm.addr[k] = (uint16_t)(addr + i);
        nvm.val[k] = p[i];
        nvm.len++;
        nvm.queued++;
    }
    return nvm.queued;
}
uint16_t plat_nvm_done(void) { return nvm.done; }

static void nvm_progress(uint64_t now_us) {
    while (nvm.len) {
        uint16_t a = nvm.addr[nvm.head];
        uint8_t v = nvm.val[nvm.head];
        if (fake_eeprom[a] != v) { /* like the HAL: unchanged bytes cost nothing */
            if (nvm.busy_until_us == 0) {
                nvm.busy_until_us = now_us + fake_nvm_us_per_byte;
                if (fake_nvm_us_per_byte)
                    return;
            }
            if (now_us < nvm.busy_until_us)
                return;
            fake_eeprom[a] = v;
            fake_nvm_writes++;
            nvm.busy_until_us = 0;
        }
        nvm.head = (uint16_t)((nvm.head + 1) % NVM_FIFO);
        nvm.len--;
        nvm.done++;
    }
}

static uint8_t last_inputs;
static uint32_t exit_changed_ms;
uint8_t plat_inputs(void) { return fake_inputs; }
uint32_t plat_exit_changed_ms(void) { return exit_changed_ms; }
void plat_outputs(uint8_t leds, bool buzzer, bool exit_lock) {
    fake_leds = leds;
    fake_buzzer = buzzer;
    fake_lock = exit_lock;
}
uint8_t fake_shorted_low; /* output levels that read low whatever is driven */
uint8_t plat_output_levels(void) {
    uint8_t v = (uint8_t)(fake_leds | (fake_buzzer ? LEVEL_BUZZER : 0) | (fake_lock ? LEVEL_LOCK : 0));
    return (uint8_t)(v & ~fake_shorted_low);
}
uint8_t plat_reset_cause(void) { return fake_reset_cause; }
void plat_restart(void) { fake_restart_requested = true; }

void fake_boot(uint8_t cause) {
    memset(&nvm, 0, sizeof nvm); /* writes not yet programmed are lost with the power */
    host_rx_len = host_rx_head = 0;
    reader_rx_len = reader_rx_head = 0;
    pn532_emu_power(&fake_reader, false);
    fake_reset_cause = cause;
    fake_restart_requested = false;
    shoe_init();
}

void fake_tick(void) {
    fake_now++;
    if ((fake_inputs ^ last_inputs) & IN_CARD_AT_EXIT)
        exit_changed_ms = fake_now - 1; /* the edge came during the millisecond just gone */
    last_inputs = fake_inputs;
    uint64_t us = (uint64_t)fake_now * 1000u;
    nvm_progress(us);
    int c;
    while ((c = pn532_emu_output(&fake_reader, us)) >= 0 && reader_rx_len < sizeof reader_rx) {
        reader_rx[(reader_rx_head + reader_rx_len) % sizeof reader_rx] = (uint8_t)c;
        reader_rx_len++;
    }
}

void fake_run(uint32_t ms) {
    for (uint32_t i = 0; i < ms; i++) {
        fake_tick();
        /* like main(): no sleep while there is work or received bytes wait */
        for (int k = 0; k < 64 && (shoe_poll() || host_rx_len); k++)
            ;
        nvm_progress((uint64_t)fake_now * 1000u);
    }
}

uint16_t fake_nvm_pending(void) { return nvm.len; }

void fake_provision(const uint8_t *key, uint32_t epoch, uint32_t serial) {
    memset(fake_eeprom, 0xFF, sizeof fake_eeprom);
    uint8_t b[CFG_SIZE];
    if (key) {
        store_format_config(b, key, epoch);
        memcpy(fake_eeprom + EE_CFG_A, b, CFG_SIZE);
        memcpy(fake_eeprom + EE_CFG_B, b, CFG_SIZE);
    }
    store_format_ident(b, serial);
    memcpy(fake_eeprom + EE_IDENT, b, IDENT_SIZE);
}
