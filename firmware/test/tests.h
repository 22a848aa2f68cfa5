#ifndef TESTS_H
#define TESTS_H
void tests_crypto(void);
void tests_golden(const char *dir);
void tests_store(void);
void tests_pn532(void);
void tests_shoe(void);
#endif
