/* The card tag format of docs/card-tags.md, as far as the shoe needs it: the card byte can
 * be read without the casino key; the host checks the MAC (the shoe holds no key for it). */
#ifndef TAGFMT_H
#define TAGFMT_H

#include <stdint.h>

#define TAG_PAGES_BYTES 16u  /* pages 4-7 */
#define TAG_FORMAT_VERSION 0x01u

/* Rank (1..13) and suit (0..3) from the 16 bytes of pages 4-7, or RANK_UNKNOWN/SUIT_UNKNOWN
 * when the data is not a card tag of format 1 or names no card. */
void tagfmt_card(const uint8_t data[TAG_PAGES_BYTES], uint8_t *rank, uint8_t *suit);

#endif
