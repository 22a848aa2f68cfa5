/* What the portable core needs from the board. hal/ implements it for the ATmega1284P;
 * test/fake_platform.c implements it on the host for the unit tests. Nothing here blocks. */
#ifndef PLATFORM_H
#define PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

uint32_t plat_millis(void); /* milliseconds since boot, wraps after 49 days */

/* UART0: the host link (through the USB-serial bridge). */
uint16_t plat_host_tx_space(void);
void plat_host_tx(const uint8_t *p, uint8_t n); /* caller checked the space */
int16_t plat_host_rx(void);                     /* next byte received, or -1 */

/* UART1: the PN532 in HSU mode. */
uint16_t plat_reader_tx_space(void);
void plat_reader_tx(const uint8_t *p, uint8_t n);
int16_t plat_reader_rx(void);
void plat_reader_power(bool on); /* PN532 RSTPDN: false holds the reader in reset */

/* EEPROM. Reads are synchronous and only used at boot, before any write is queued.
 * Writes are queued and done in the background (3.4 ms a byte on the part); each call
 * returns a ticket, and the bytes are durable once plat_nvm_done() has reached it. */
void plat_nvm_read(uint16_t addr, uint8_t *p, uint16_t n);
uint16_t plat_nvm_space(void);
uint16_t plat_nvm_write(uint16_t addr, const uint8_t *p, uint8_t n);
uint16_t plat_nvm_done(void);
static inline bool plat_nvm_reached(uint16_t ticket) {
    return (int16_t)(uint16_t)(plat_nvm_done() - ticket) >= 0;
}

/* Inputs, debounced by the core; 1 = active. */
#define IN_CARD_AT_EXIT 0x01u /* exit-slot sensor: a card is in the exit slot */
#define IN_BTN_RESULT 0x02u   /* RESULT_CHECK button held */
#define IN_BTN_NEW_SHOE 0x04u /* NEW_SHOE button held */
uint8_t plat_inputs(void);
/* When the exit-slot sensor last changed (a pin-change interrupt's timestamp), so that the
 * debounce counts from the edge even if the loop was busy when it happened. */
uint32_t plat_exit_changed_ms(void);

/* Outputs. */
#define LED_PLAYER 0x01u
#define LED_BANKER 0x02u
#define LED_STOP 0x04u
void plat_outputs(uint8_t leds, bool buzzer, bool exit_lock);
/* The output pins' levels as read back from the pins (a pin shorted to GND or VCC reads
 * otherwise than it is driven): the LED_* bits, and these. */
#define LEVEL_BUZZER 0x08u
#define LEVEL_LOCK 0x10u
uint8_t plat_output_levels(void);

uint8_t plat_reset_cause(void); /* an enum epoch_reason value (POWER_ON .. WATCHDOG) */
void plat_restart(void);        /* reset the microcontroller (watchdog) */

#endif
