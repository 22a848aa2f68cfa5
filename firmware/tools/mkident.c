/* Writes the EEPROM identity record of one shoe (its serial number, docs/firmware.md) as an
 * Intel HEX file for avrdude: mkident SERIAL OUT.hex */
#include <stdio.h>
#include <stdlib.h>

#include "store.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: mkident SERIAL OUT.hex\n");
        return 2;
    }
    uint8_t rec[IDENT_SIZE];
    store_format_ident(rec, (uint32_t)strtoul(argv[1], NULL, 0));
    FILE *f = fopen(argv[2], "w");
    if (!f) {
        perror(argv[2]);
        return 1;
    }
    unsigned sum = IDENT_SIZE + (EE_IDENT >> 8) + (EE_IDENT & 0xFF);
    fprintf(f, ":%02X%04X00", IDENT_SIZE, EE_IDENT);
    for (unsigned i = 0; i < IDENT_SIZE; i++) {
        fprintf(f, "%02X", rec[i]);
        sum += rec[i];
    }
    fprintf(f, "%02X\n:00000001FF\n", (unsigned)(-sum & 0xFF));
    return fclose(f) ? 1 : 0;
}
