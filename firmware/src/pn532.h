/* PN532 NFC reader on a UART in HSU mode (NXP PN532 user manual UM0701-02): just what the
 * shoe needs, as a non-blocking state machine. Reads the UID of one ISO 14443-A tag and its
 * pages 4-7 (docs/card-tags.md). */
#ifndef PN532_H
#define PN532_H

#include <stdbool.h>
#include <stdint.h>

#define PN532_UID_MAX 10u
#define PN532_DATA_SIZE 16u

typedef enum {
    PN532_BUSY = 0,   /* a read is running */
    PN532_TAG_OK,     /* UID and pages 4-7 read */
    PN532_UID_ONLY,   /* a tag answered, its pages could not be read */
    PN532_NO_TAG,     /* no tag in the field */
    PN532_ERROR,      /* the reader did not answer properly */
} pn532_status;

typedef struct {
    uint8_t uid[PN532_UID_MAX];
    uint8_t uid_len;
    uint8_t data[PN532_DATA_SIZE];
} pn532_tag;

void pn532_start(uint32_t now); /* power up and initialise the reader */
void pn532_poll(uint32_t now);  /* run the state machine; call it every loop */
bool pn532_idle(void);          /* initialised and not busy: a read may start */
bool pn532_faulty(void);        /* the reader stopped answering (re-initialised in the background) */
uint16_t pn532_error_detail(void); /* last error: (stage << 8) | code, for SENSOR_FAULT */
void pn532_read(uint32_t now);   /* start a read; pn532_idle() must be true */
pn532_status pn532_result(pn532_tag *tag); /* the last read's outcome */
void pn532_check(uint32_t now);  /* ask for the firmware version now; pn532_idle() must be true */
/* IC, version, revision of the last GetFirmwareVersion answer; returns how many came so far */
uint16_t pn532_version(uint8_t out[3]);

#endif
