/* A minimal unit-test harness: CHECK macros count failures; RUN runs one test function. */
#ifndef CHECK_H
#define CHECK_H

#include <stdio.h>
#include <string.h>

extern int check_failures, check_count;
extern const char *check_test;

#define CHECK(cond)                                                                          \
    do {                                                                                     \
        check_count++;                                                                       \
        if (!(cond)) {                                                                       \
            check_failures++;                                                                \
            fprintf(stderr, "FAIL %s (%s:%d): %s\n", check_test, __FILE__, __LINE__, #cond); \
        }                                                                                    \
    } while (0)

#define CHECK_EQ(a, b)                                                                       \
    do {                                                                                     \
        long long va_ = (long long)(a), vb_ = (long long)(b);                                \
        check_count++;                                                                       \
        if (va_ != vb_) {                                                                    \
            check_failures++;                                                                \
            fprintf(stderr, "FAIL %s (%s:%d): %s == %s: %lld != %lld\n", check_test,        \
                    __FILE__, __LINE__, #a, #b, va_, vb_);                                   \
        }                                                                                    \
    } while (0)

#define CHECK_MEM(a, b, n)                                                                   \
    do {                                                                                     \
        check_count++;                                                                       \
        if (memcmp((a), (b), (n)) != 0) {                                                    \
            check_failures++;                                                                \
            fprintf(stderr, "FAIL %s (%s:%d): %s and %s differ\n", check_test, __FILE__,    \
                    __LINE__, #a, #b);                                                       \
        }                                                                                    \
    } while (0)

typedef void (*test_fn)(void);
void run_test(const char *name, test_fn fn);
#define RUN(fn) run_test(#fn, fn)

/* hex string ("00 01 ab" or "0001ab") to bytes; returns the count */
size_t unhex(const char *s, unsigned char *out, size_t max);

#endif
