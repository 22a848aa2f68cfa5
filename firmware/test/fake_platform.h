/* The board, faked on the host: a millisecond clock that tests advance, captured UART
 * traffic, an EEPROM whose background writes take time and can be cut by a "power loss",
 * the PN532 emulator on the reader UART, and input/output pins. */
#ifndef FAKE_PLATFORM_H
#define FAKE_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../sim/pn532_emu.h"

#define FAKE_TX_MAX 65536u

extern uint32_t fake_now;
extern uint8_t fake_eeprom[4096];
extern uint32_t fake_nvm_us_per_byte; /* 3400 like the part, or 0 */
extern uint32_t fake_nvm_writes;      /* bytes actually programmed (changed) */
extern uint8_t fake_inputs;
extern uint8_t fake_leds;
extern uint8_t fake_shorted_low; /* plat_output_levels() bits held low (a short) */
extern bool fake_buzzer, fake_lock, fake_restart_requested;
extern uint8_t fake_reset_cause;
extern uint8_t fake_tx[FAKE_TX_MAX];
extern size_t fake_tx_len;
extern uint16_t fake_tx_space; /* what plat_host_tx_space() reports */
extern pn532_emu fake_reader;

/* Power-up (or reset) of the board: RAM state and pending EEPROM writes are lost, the EEPROM
 * keeps what was programmed; then shoe_init(). */
void fake_boot(uint8_t cause);
/* Advance the clock by `ms`, polling the shoe and moving bytes each millisecond. */
void fake_run(uint32_t ms);
/* One millisecond of the board without polling the shoe (for driver tests). */
void fake_tick(void);
uint16_t fake_nvm_pending(void); /* EEPROM bytes queued, not yet programmed */
/* Bytes from the host to the shoe. */
void fake_host_send(const uint8_t *p, size_t n);
/* Write an EEPROM image: paired with `key` at `epoch` (NULL key: unpaired), serial. */
void fake_provision(const uint8_t *key, uint32_t epoch, uint32_t serial);

#endif
