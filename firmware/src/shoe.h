/* The shoe: link protocol endpoint, card pipeline, delivery queue, lights and buzzer.
 * No baccarat rules: the host decides, the shoe reports and shows what it is told. */
#ifndef SHOE_H
#define SHOE_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"
#include "store.h"

#define FW_MAJOR 1u
#define FW_MINOR 0u
#define FW_PATCH 0u
#define SHOE_CAPABILITIES \
    (CAP_RFID_READER | CAP_EXIT_LOCK | CAP_BUZZER | CAP_INDICATOR | CAP_PERSISTENT_QUEUE)

#define EXIT_DEBOUNCE_MS 2u
#define BUTTON_DEBOUNCE_MS 20u
#define LONG_PRESS_MS 2000u
#define BOOT_SETTLE_MS 50u     /* inputs sampled before the mode is chosen */
#define READ_RETRY_MS 10u
#define UID_ONLY_RETRIES 3u
#define JAM_MS 10000u          /* a card in the exit slot this long: SENSOR_FAULT JAM */
#define PROBE_MS 250u          /* reader probed this often while the exit slot looks empty */
#define PROBE_HITS 2u          /* tags seen in a row with no card detected: sensor STUCK */

typedef enum { SHOE_BOOTING, SHOE_NORMAL, SHOE_PAIRING, SHOE_UNPAIRED } shoe_mode;

void shoe_init(void);
/* One pass of the main loop. Returns true if there is more to do right away (do not sleep). */
bool shoe_poll(void);

/* Introspection for tests and the simulator. */
shoe_mode shoe_get_mode(void);
uint32_t shoe_epoch(void);
uint32_t shoe_host_seq_last(void);
uint8_t shoe_queue_depth(void);
uint16_t shoe_sensors(void);
uint8_t shoe_indicator(void);
const rx_counters *shoe_counters(void);
store_t *shoe_store(void);

#endif
