/* platform.h on the ATmega1284P: interrupt-driven UARTs, a 1 ms tick, an interrupt-driven
 * EEPROM writer, the pins. Nothing here waits for hardware. */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>
#include <stdbool.h>
#include <stdint.h>
#include <util/atomic.h>

#include "../src/platform.h"
#include "../src/proto.h"
#include "board.h"
#include "hal.h"

/* ------------------------------------------------------------------ reset cause */

uint8_t hal_mcusr __attribute__((section(".noinit")));

/* Before main: keep the reset flags, clear them, and start the watchdog at once (with WDTON
 * programmed it already runs, at its 16 ms reset value). */
void hal_early(void) __attribute__((naked, used, section(".init3")));
void hal_early(void) {
    hal_mcusr = MCUSR;
    MCUSR = 0;
    wdt_enable(WDTO_250MS);
}

/* Paint the free RAM so that the simulator can measure the deepest stack use afterwards
 * (sim/shoe_sim.c --stack-from). Runs before any call: only the top 32 bytes are spared. */
void hal_paint(void) __attribute__((naked, used, section(".init3")));
void hal_paint(void) {
    __asm__ volatile("    ldi r30, lo8(__heap_start)\n"
                     "    ldi r31, hi8(__heap_start)\n"
                     "    ldi r24, 0xC5\n"
                     "    ldi r25, hi8(%[end])\n"
                     "1:  st Z+, r24\n"
                     "    cpi r30, lo8(%[end])\n"
                     "    cpc r31, r25\n"
                     "    brlo 1b\n" ::[end] "i"(RAMEND - 32)
                     : "r24", "r25", "r30", "r31", "memory");
}

uint8_t plat_reset_cause(void) {
    if (hal_mcusr & _BV(PORF))
        return REASON_POWER_ON;
    if (hal_mcusr & _BV(BORF))
        return REASON_BROWN_OUT;
    if (hal_mcusr & _BV(WDRF))
        return REASON_WATCHDOG;
    if (hal_mcusr & _BV(EXTRF))
        return REASON_EXTERNAL_RESET;
    return REASON_POWER_ON;
}

void plat_restart(void) {
    cli();
    wdt_enable(WDTO_15MS);
    for (;;) {
    }
}

/* ------------------------------------------------------------------ 1 ms tick (timer 0) */

static volatile uint32_t ms;

ISR(TIMER0_COMPA_vect) { ms++; }

uint32_t plat_millis(void) {
    uint32_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = ms; }
    return v;
}

/* ------------------------------------------------------------------ UARTs */

typedef struct {
    uint8_t *buf;
    uint16_t size; /* a power of two */
    volatile uint16_t head, tail;
} ring;

static uint8_t host_rx_buf[256], host_tx_buf[256], reader_rx_buf[128], reader_tx_buf[64];
static ring host_rx = {host_rx_buf, sizeof host_rx_buf, 0, 0};
static ring host_tx = {host_tx_buf, sizeof host_tx_buf, 0, 0};
static ring reader_rx = {reader_rx_buf, sizeof reader_rx_buf, 0, 0};
static ring reader_tx = {reader_tx_buf, sizeof reader_tx_buf, 0, 0};

static inline uint16_t ring_used(const ring *r) { return (uint16_t)((r->head - r->tail) & (r->size - 1)); }
static inline uint16_t ring_free(const ring *r) { return (uint16_t)(r->size - 1 - ring_used(r)); }

static inline void ring_put(ring *r, uint8_t b) { /* caller ensures room */
    r->buf[r->head] = b;
    r->head = (uint16_t)((r->head + 1) & (r->size - 1));
}

static inline int16_t ring_get(ring *r) {
    if (r->head == r->tail)
        return -1;
    uint8_t b = r->buf[r->tail];
    r->tail = (uint16_t)((r->tail + 1) & (r->size - 1));
    return b;
}

uint8_t hal_rx_overruns;

ISR(USART0_RX_vect) {
    uint8_t b = UDR0;
    if (ring_free(&host_rx))
        ring_put(&host_rx, b);
    else
        hal_rx_overruns++;
}

ISR(USART0_UDRE_vect) {
    int16_t b = ring_get(&host_tx);
    if (b < 0)
        UCSR0B &= (uint8_t)~_BV(UDRIE0);
    else
        UDR0 = (uint8_t)b;
}

ISR(USART1_RX_vect) {
    uint8_t b = UDR1;
    if (ring_free(&reader_rx))
        ring_put(&reader_rx, b);
    else
        hal_rx_overruns++;
}

ISR(USART1_UDRE_vect) {
    int16_t b = ring_get(&reader_tx);
    if (b < 0)
        UCSR1B &= (uint8_t)~_BV(UDRIE1);
    else
        UDR1 = (uint8_t)b;
}

static uint16_t ring_free_atomic(ring *r) {
    uint16_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = ring_free(r); }
    return v;
}

static int16_t ring_get_atomic(ring *r) {
    int16_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = ring_get(r); }
    return v;
}

uint16_t plat_host_tx_space(void) { return ring_free_atomic(&host_tx); }

void plat_host_tx(const uint8_t *p, uint8_t n) {
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        for (uint8_t i = 0; i < n && ring_free(&host_tx); i++)
            ring_put(&host_tx, p[i]);
        UCSR0B |= _BV(UDRIE0);
    }
}

int16_t plat_host_rx(void) { return ring_get_atomic(&host_rx); }

uint16_t plat_reader_tx_space(void) { return ring_free_atomic(&reader_tx); }

void plat_reader_tx(const uint8_t *p, uint8_t n) {
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        for (uint8_t i = 0; i < n && ring_free(&reader_tx); i++)
            ring_put(&reader_tx, p[i]);
        UCSR1B |= _BV(UDRIE1);
    }
}

int16_t plat_reader_rx(void) { return ring_get_atomic(&reader_rx); }

void plat_reader_power(bool on) {
    if (on)
        RSTPDN_PORT |= _BV(RSTPDN_BIT);
    else
        RSTPDN_PORT &= (uint8_t)~_BV(RSTPDN_BIT);
}

bool hal_rx_pending(void) {
    bool v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = ring_used(&host_rx) || ring_used(&reader_rx); }
    return v;
}

/* ------------------------------------------------------------------ EEPROM writer */

#define NVM_FIFO 128
static uint16_t nvm_addr[NVM_FIFO];
static uint8_t nvm_val[NVM_FIFO];
static volatile uint8_t nvm_head, nvm_len;
static volatile uint16_t nvm_queued, nvm_done;
static volatile bool nvm_running, nvm_writing;

/* Start the next byte that differs from the EEPROM. Interrupts off, EEPROM idle. Bytes that
 * only lose bits are programmed without an erase (1.8 ms instead of 3.4 ms, less wear). */
static void nvm_next(void) {
    while (nvm_len) {
        uint16_t a = nvm_addr[nvm_head];
        uint8_t v = nvm_val[nvm_head];
        nvm_head = (uint8_t)((nvm_head + 1) % NVM_FIFO);
        nvm_len--;
        EEAR = a;
        EECR |= _BV(EERE);
        uint8_t old = EEDR;
        if (old == v) {
            nvm_done++;
            continue;
        }
        uint8_t mode = (old & v) == v ? _BV(EEPM1) : (v == 0xFF ? _BV(EEPM0) : 0);
        EECR = mode;
        EEDR = v;
        EECR |= _BV(EEMPE);
        EECR |= _BV(EEPE);
        EECR |= _BV(EERIE); /* EE_READY when this byte is done */
        nvm_writing = true;
        return;
    }
    EECR &= (uint8_t)~_BV(EERIE);
    nvm_running = false;
}

ISR(EE_READY_vect) {
    if (nvm_writing) {
        nvm_writing = false;
        nvm_done++;
    }
    nvm_next();
}

void plat_nvm_read(uint16_t addr, uint8_t *p, uint16_t n) {
    eeprom_read_block(p, (const void *)(uintptr_t)addr, n);
}

uint16_t plat_nvm_space(void) {
    uint8_t len;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { len = nvm_len; }
    return (uint16_t)(NVM_FIFO - len);
}

uint16_t plat_nvm_write(uint16_t addr, const uint8_t *p, uint8_t n) {
    uint16_t ticket;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        for (uint8_t i = 0; i < n && nvm_len < NVM_FIFO; i++) {
            uint8_t k = (uint8_t)((nvm_head + nvm_len) % NVM_FIFO);
            nvm_addr[k] = (uint16_t)(addr + i);
            nvm_val[k] = p[i];
            nvm_len++;
            nvm_queued++;
        }
        ticket = nvm_queued;
        if (!nvm_running) {
            nvm_running = true;
            nvm_next();
        }
    }
    return ticket;
}

uint16_t plat_nvm_done(void) {
    uint16_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = nvm_done; }
    return v;
}

/* ------------------------------------------------------------------ pins */

static volatile uint32_t exit_edge_ms;

ISR(PCINT3_vect) { exit_edge_ms = ms; } /* PD4 = PCINT28: the exit-slot sensor */

uint32_t plat_exit_changed_ms(void) {
    uint32_t v;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { v = exit_edge_ms; }
    return v;
}

uint8_t plat_inputs(void) {
    uint8_t in = 0;
    if (!(EXIT_PIN & _BV(EXIT_BIT)))
        in |= IN_CARD_AT_EXIT;
    if (!(BTN_PIN & _BV(BTN_RESULT_BIT)))
        in |= IN_BTN_RESULT;
    if (!(BTN_PIN & _BV(BTN_NEW_SHOE_BIT)))
        in |= IN_BTN_NEW_SHOE;
    return in;
}

void plat_outputs(uint8_t leds, bool buzzer, bool exit_lock) {
    uint8_t b = LED_PORT & (uint8_t)~(_BV(LED_PLAYER_BIT) | _BV(LED_BANKER_BIT) | _BV(LED_STOP_BIT));
    if (leds & LED_PLAYER)
        b |= _BV(LED_PLAYER_BIT);
    if (leds & LED_BANKER)
        b |= _BV(LED_BANKER_BIT);
    if (leds & LED_STOP)
        b |= _BV(LED_STOP_BIT);
    LED_PORT = b;
    if (buzzer)
        BUZZER_PORT |= _BV(BUZZER_BIT);
    else
        BUZZER_PORT &= (uint8_t)~_BV(BUZZER_BIT);
    if (exit_lock)
        LOCK_PORT |= _BV(LOCK_BIT);
    else
        LOCK_PORT &= (uint8_t)~_BV(LOCK_BIT);
}

uint8_t plat_output_levels(void) {
    uint8_t v = 0;
    if (LED_PIN & _BV(LED_PLAYER_BIT))
        v |= LED_PLAYER;
    if (LED_PIN & _BV(LED_BANKER_BIT))
        v |= LED_BANKER;
    if (LED_PIN & _BV(LED_STOP_BIT))
        v |= LED_STOP;
    if (BUZZER_PIN & _BV(BUZZER_BIT))
        v |= LEVEL_BUZZER;
    if (LOCK_PIN & _BV(LOCK_BIT))
        v |= LEVEL_LOCK;
    return v;
}

/* ------------------------------------------------------------------ init */

#define UBRR_OF(baud) ((uint16_t)((F_CPU + 8UL * (baud)) / (16UL * (baud)) - 1UL))

void hal_init(void) {
    /* pins: outputs low (LEDs off, buzzer off, lock released, reader in reset) */
    LED_DDR |= _BV(LED_PLAYER_BIT) | _BV(LED_BANKER_BIT) | _BV(LED_STOP_BIT);
    BUZZER_DDR |= _BV(BUZZER_BIT);
    LOCK_DDR |= _BV(LOCK_BIT);
    RSTPDN_DDR |= _BV(RSTPDN_BIT);
    EXIT_PORT |= _BV(EXIT_BIT); /* pull-ups on the inputs */
    BTN_PORT |= _BV(BTN_RESULT_BIT) | _BV(BTN_NEW_SHOE_BIT);
    PCMSK3 = _BV(PCINT28); /* exit sensor edges are timestamped */
    PCICR = _BV(PCIE3);
    /* timer 0: CTC, 18.432 MHz / 256 / 72 = 1 kHz exactly */
#if (F_CPU / 256UL) % 1000UL != 0 || F_CPU / 256UL / 1000UL > 256UL
#error "timer 0 cannot make an exact 1 ms tick from this F_CPU with prescaler 256"
#endif
    TCCR0A = _BV(WGM01);
    OCR0A = (uint8_t)(F_CPU / 256UL / 1000UL - 1UL);
    TIMSK0 = _BV(OCIE0A);
    TCCR0B = _BV(CS02);
    /* UARTs: 8N1, RX interrupt */
    UBRR0 = UBRR_OF(HOST_BAUD);
    UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
    UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
    UBRR1 = UBRR_OF(READER_BAUD);
    UCSR1C = _BV(UCSZ11) | _BV(UCSZ10);
    UCSR1B = _BV(RXEN1) | _BV(TXEN1) | _BV(RXCIE1);
    /* nothing else is used: analog comparator, ADC, TWI, SPI, timers 1-3 off */
    ACSR = _BV(ACD);
    PRR0 = _BV(PRTWI) | _BV(PRTIM2) | _BV(PRTIM1) | _BV(PRSPI) | _BV(PRADC);
    PRR1 = _BV(PRTIM3);
}
