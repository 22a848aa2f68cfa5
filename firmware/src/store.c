#include "store.h"

#include <string.h>

#include "crc16.h"
#include "frame.h"
#include "platform.h"

static bool parse_slot(const uint8_t *b, card_event *ev) {
    if (crc16_ccitt_false(b + 1, 37) != get_u16(b + 38))
        return false;
    ev->epoch = get_u32(b + 1);
    ev->seq = get_u32(b + 5);
    ev->rank = b[9];
    ev->suit = b[10];
    ev->tag_len = b[11];
    if (ev->tag_len > TAG_STORE_MAX || ev->epoch == 0 || ev->seq == 0)
        return false;
    memcpy(ev->tag, b + 12, TAG_STORE_MAX);
    return true;
}

static bool newer(const card_event *a, uint32_t epoch, uint32_t seq) {
    return a->epoch > epoch || (a->epoch == epoch && a->seq > seq);
}

static bool load_config(uint16_t addr, uint8_t key[KEY_SIZE], uint32_t *epoch) {
    uint8_t b[CFG_SIZE];
    plat_nvm_read(addr, b, CFG_SIZE);
    if (b[0] != CFG_MAGIC || b[1] != LAYOUT_VERSION || crc16_ccitt_false(b, 38) != get_u16(b + 38))
        return false;
    if (!key_is_valid(b + 6))
        return false;
    memcpy(key, b + 6, KEY_SIZE);
    *epoch = get_u32(b + 2);
    return true;
}

void store_load(store_t *s) {
    memset(s, 0, sizeof *s);
    uint8_t key_b[KEY_SIZE];
    uint32_t ep_a = 0, ep_b = 0;
    bool ok_a = load_config(EE_CFG_A, s->key, &ep_a);
    bool ok_b = load_config(EE_CFG_B, key_b, &ep_b);
    if (ok_b && (!ok_a || ep_b > ep_a)) {
        memcpy(s->key, key_b, KEY_SIZE);
        ep_a = ep_b;
        ok_a = true;
    }
    memset(key_b, 0, sizeof key_b);
    s->paired = ok_a;
    s->epoch = ok_a ? ep_a : 0;
    if (!ok_a)
        memset(s->key, 0, KEY_SIZE);

    uint8_t id[IDENT_SIZE];
    plat_nvm_read(EE_IDENT, id, IDENT_SIZE);
    s->ident_ok = id[0] == IDENT_MAGIC && id[1] == LAYOUT_VERSION &&
                  crc16_ccitt_false(id, 6) == get_u16(id + 6);
    s->serial = s->ident_ok ? get_u32(id + 2) : 0;

    /* Queue: committed records in (epoch, seq) order; the ring continues after the newest
     * record seen (committed or acknowledged). A PRESENT slot is the card that was in the
     * exit slot; its record is the card's only if valid and newer than every other. */
    uint32_t top_epoch = 0, top_seq = 0;
    int16_t top_slot = -1;
    int16_t present_slot = -1;
    bool present_valid = false;
    card_event ev;
    uint8_t b[SLOT_SIZE];
    for (uint8_t i = 0; i < SLOT_COUNT; i++) {
        plat_nvm_read((uint16_t)(EE_QUEUE + (uint16_t)i * SLOT_SIZE), b, SLOT_SIZE);
        bool valid = parse_slot(b, &ev);
        ev.slot = i;
        if (b[0] == SLOT_COMMITTED) {
            if (!valid) {
                s->corrupt++;
                continue;
            }
            if (s->q_count == QUEUE_MAX) { /* cannot happen unless the EEPROM lies */
                s->corrupt++;
                continue;
            }
            uint8_t pos = s->q_count++; /* insertion sort by (epoch, seq) */
            while (pos > 0 && newer(&s->q[pos - 1], ev.epoch, ev.seq)) {
                s->q[pos] = s->q[pos - 1];
                pos--;
            }
            s->q[pos] = ev;
        } else if (b[0] == SLOT_PRESENT) {
            present_slot = i; /* there is at most one */
            present_valid = valid;
            if (valid)
                s->staged = ev;
            continue;
        } else if (b[0] != SLOT_ACKED || !valid) {
            continue;
        }
        if (top_slot < 0 || newer(&ev, top_epoch, top_seq)) {
            top_epoch = ev.epoch;
            top_seq = ev.seq;
            top_slot = i;
        }
    }
    if (present_slot >= 0) {
        s->presence_found = true;
        s->present_slot = (uint8_t)present_slot;
        s->next_slot = (uint8_t)present_slot;
        s->staged_found =
            present_valid && (top_slot < 0 || newer(&s->staged, top_epoch, top_seq));
    } else {
        s->next_slot = (uint8_t)((uint16_t)(top_slot + 1) % SLOT_COUNT);
    }
}

uint16_t store_write_config(store_t *s, const uint8_t key[KEY_SIZE], uint32_t epoch) {
    uint8_t b[CFG_SIZE];
    store_format_config(b, key, epoch);
    plat_nvm_write(EE_CFG_A, b, CFG_SIZE);
    uint16_t t = plat_nvm_write(EE_CFG_B, b, CFG_SIZE);
    memset(b, 0, sizeof b);
    memmove(s->key, key, KEY_SIZE);
    s->epoch = epoch;
    s->paired = true;
    return t;
}

static bool slot_queued(const store_t *s, uint8_t slot) {
    for (uint8_t i = 0; i < s->q_count; i++)
        if (s->q[(uint8_t)((s->q_head + i) % QUEUE_MAX)].slot == slot)
            return true;
    return false;
}

static uint16_t slot_addr(uint8_t slot) { return (uint16_t)(EE_QUEUE + (uint16_t)slot * SLOT_SIZE); }

uint16_t store_mark_present(store_t *s) {
    uint8_t slot = s->next_slot;
    while (slot_queued(s, slot))
        slot = (uint8_t)((slot + 1) % SLOT_COUNT);
    s->next_slot = slot;
    s->present_slot = slot;
    uint8_t state = SLOT_PRESENT;
    return plat_nvm_write(slot_addr(slot), &state, 1);
}

uint16_t store_stage(store_t *s, card_event *ev) {
    ev->slot = s->present_slot;
    uint8_t b[SLOT_SIZE];
    store_format_slot(b, SLOT_PRESENT, ev);
    /* the record behind the mark; a torn staging fails its CRC and is never committed */
    return plat_nvm_write((uint16_t)(slot_addr(ev->slot) + 1), b + 1, SLOT_SIZE - 1);
}

uint16_t store_commit(store_t *s, const card_event *ev) {
    uint8_t state = SLOT_COMMITTED;
    uint16_t t = plat_nvm_write(slot_addr(ev->slot), &state, 1);
    s->q[(uint8_t)((s->q_head + s->q_count) % QUEUE_MAX)] = *ev;
    s->q_count++;
    s->next_slot = (uint8_t)((ev->slot + 1) % SLOT_COUNT);
    return t;
}

uint16_t store_ack_head(store_t *s) {
    uint8_t state = SLOT_ACKED;
    uint16_t t = plat_nvm_write(slot_addr(s->q[s->q_head].slot), &state, 1);
    s->q_head = (uint8_t)((s->q_head + 1) % QUEUE_MAX);
    s->q_count--;
    return t;
}
