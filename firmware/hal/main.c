/* The shoe's firmware: initialise, then run the core's non-blocking loop for ever, sleeping
 * (idle mode) whenever there is nothing to do; every interrupt wakes it (at least the 1 ms
 * tick). The watchdog (250 ms, WDTON fuse) resets the part if the loop ever stalls. */
#include <avr/io.h> /* before avr/fuse.h and avr/lock.h */

#include <avr/fuse.h>
#include <avr/interrupt.h>
#include <avr/lock.h>
#include <avr/sleep.h>
#include <avr/wdt.h>

#include "../src/shoe.h"
#include "hal.h"

/* Fuses (docs/firmware.md): full-swing crystal 18.432 MHz with BOD start-up; SPI programming
 * on, JTAG off, watchdog always on, EEPROM erased by a chip erase (so the pairing key goes
 * with the lock bits); brown-out detection at 4.3 V. */
FUSES = {
    .low = FUSE_CKSEL3 & FUSE_SUT1,     /* 0xD7 */
    .high = FUSE_SPIEN & FUSE_WDTON,    /* 0xCF */
    .extended = FUSE_BODLEVEL1 & FUSE_BODLEVEL0, /* 0xFC */
};

/* Production boards: no reading or writing of flash and EEPROM through the programming
 * interface (the pairing key is never read back). */
LOCKBITS = LB_MODE_3; /* 0xFC */

int main(void) {
    hal_init();
    sei();
    shoe_init();
    set_sleep_mode(SLEEP_MODE_IDLE);
    for (;;) {
        wdt_reset();
        bool busy = shoe_poll();
        cli();
        if (!busy && !hal_rx_pending()) {
            sleep_enable();
            sei(); /* the instruction after sei runs before any interrupt: no lost wake-up */
            sleep_cpu();
            sleep_disable();
        }
        sei();
    }
}
