/* The shoe's board: ATmega1284P, 18.432 MHz crystal (exact UART rates), 5 V, BOD 4.3 V.
 * Pin map (also in docs/firmware.md and hardware/pinmap.md):
 *
 *   PD0 RXD0 / PD1 TXD0   host link, 115200 8N1, through the USB-serial bridge
 *   PD2 RXD1 / PD3 TXD1   PN532 in HSU mode, 115200 8N1
 *   PD4                   exit-slot sensor, active low (open collector, pull-up): card in slot
 *   PD5                   exit-lock solenoid driver, high = locked
 *   PD6                   buzzer (active buzzer through a transistor), high = sounding
 *   PB0 / PB1 / PB2       draw indicator LEDs PLAYER (blue), BANKER (red), STOP (amber), high = lit
 *   PC0 / PC1             buttons RESULT_CHECK and NEW_SHOE, active low (pull-ups)
 *   PC2                   PN532 RSTPDN, low = reader held in reset
 *   PB5 MOSI, PB6 MISO, PB7 SCK, RESET   ISP header (avrdude)
 */
#ifndef BOARD_H
#define BOARD_H

#ifndef F_CPU
#define F_CPU 18432000UL
#endif

#define HOST_BAUD 115200UL
#define READER_BAUD 115200UL

#define EXIT_PORT PORTD
#define EXIT_PIN PIND
#define EXIT_BIT 4
#define LOCK_PORT PORTD
#define LOCK_PIN PIND
#define LOCK_DDR DDRD
#define LOCK_BIT 5
#define BUZZER_PORT PORTD
#define BUZZER_PIN PIND
#define BUZZER_DDR DDRD
#define BUZZER_BIT 6
#define LED_PORT PORTB
#define LED_PIN PINB
#define LED_DDR DDRB
#define LED_PLAYER_BIT 0
#define LED_BANKER_BIT 1
#define LED_STOP_BIT 2
#define BTN_PORT PORTC
#define BTN_PIN PINC
#define BTN_RESULT_BIT 0
#define BTN_NEW_SHOE_BIT 1
#define RSTPDN_PORT PORTC
#define RSTPDN_DDR DDRC
#define RSTPDN_BIT 2

#endif
