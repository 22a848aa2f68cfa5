/* The EEPROM: the pairing key and boot epoch (two copies, spec 7.1), the shoe's identity,
 * and the queue of card events not yet acknowledged (spec section 10), with wear spread
 * over a ring of slots. The layout is documented in docs/firmware.md. */
#ifndef STORE_H
#define STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "proto.h"

#define EE_SIZE 4096u
#define EE_CFG_A 0x000u
#define EE_CFG_B 0x040u
#define EE_IDENT 0x080u
#define EE_QUEUE 0x100u
#define CFG_SIZE 40u
#define IDENT_SIZE 8u
#define SLOT_SIZE 40u
#define SLOT_COUNT 96
#define QUEUE_MAX 32      /* unacknowledged events held (the spec asks at least 16) */
#define TAG_STORE_MAX 26u  /* UID (up to 10 bytes) + tag pages 4-7 (16 bytes) */

#define CFG_MAGIC 0x5Au
#define IDENT_MAGIC 0x1Du
#define LAYOUT_VERSION 1u

/* Slot state byte. A card entering the exit slot marks the next slot PRESENT (one byte,
 * erase + write), its record is staged behind that mark while the card is drawn, and the
 * commit (the card left) and the acknowledgement only clear bits. */
#define SLOT_FREE 0xFFu      /* erased */
#define SLOT_PRESENT 0xF0u   /* a card is in the exit slot; the record, once valid, is its */
#define SLOT_COMMITTED 0x30u /* queued: the card left the shoe */
#define SLOT_ACKED 0x00u     /* the host has it: free */

typedef struct {
    uint32_t epoch; /* event_epoch */
    uint32_t seq;   /* event_seq */
    uint8_t rank, suit, tag_len;
    uint8_t tag[TAG_STORE_MAX];
    uint8_t slot;
} card_event;

typedef struct {
    bool paired;
    uint8_t key[KEY_SIZE];
    uint32_t epoch;  /* as stored (0 when unpaired) */
    bool ident_ok;
    uint32_t serial; /* 0 when the identity block is missing */
    card_event q[QUEUE_MAX];
    uint8_t q_head, q_count;
    uint8_t next_slot;
    uint8_t present_slot; /* the slot marked PRESENT for the card in the exit slot */
    bool presence_found;  /* at boot: a slot marked PRESENT (a card was in the exit slot) */
    bool staged_found;    /* ... and its record was complete */
    card_event staged;
    uint8_t corrupt; /* committed records whose CRC failed at boot (dropped) */
} store_t;

/* Read the whole EEPROM state (boot only). */
void store_load(store_t *s);

/* Queue both config copies (A, then B) with this key and epoch; returns the ticket.
 * Needs 2 * CFG_SIZE bytes of write space. */
uint16_t store_write_config(store_t *s, const uint8_t key[KEY_SIZE], uint32_t epoch);

/* A card entered the exit slot: mark the next free slot PRESENT; returns the ticket. */
uint16_t store_mark_present(store_t *s);
/* Write `ev`'s record behind the PRESENT mark (sets ev->slot); returns the ticket.
 * Needs SLOT_SIZE bytes of write space. */
uint16_t store_stage(store_t *s, card_event *ev);
/* Commit a staged event (its staging must be durable): queue it; returns the ticket. */
uint16_t store_commit(store_t *s, const card_event *ev);
/* The host acknowledged the head: free its slot; returns the ticket. */
uint16_t store_ack_head(store_t *s);

static inline card_event *store_head(store_t *s) { return s->q_count ? &s->q[s->q_head] : 0; }

/* Serialise records (also used by the simulator to provision an EEPROM image). */
void store_format_config(uint8_t out[CFG_SIZE], const uint8_t key[KEY_SIZE], uint32_t epoch);
void store_format_ident(uint8_t out[IDENT_SIZE], uint32_t serial);
void store_format_slot(uint8_t out[SLOT_SIZE], uint8_t state, const card_event *ev);

#endif
