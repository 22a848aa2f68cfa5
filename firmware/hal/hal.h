/* Board-specific extras of the AVR platform layer (the rest is src/platform.h). */
#ifndef HAL_H
#define HAL_H

#include <stdbool.h>
#include <stdint.h>

void hal_init(void);
bool hal_rx_pending(void); /* bytes received and not yet read */
extern uint8_t hal_rx_overruns;

#endif
