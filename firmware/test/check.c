#include "check.h"

#include <ctype.h>

int check_failures, check_count;
const char *check_test = "";

void run_test(const char *name, test_fn fn) {
    int before = check_failures;
    check_test = name;
    fn();
    fprintf(stderr, "%s %s\n", check_failures == before ? "ok  " : "FAIL", name);
}

size_t unhex(const char *s, unsigned char *out, size_t max) {
    size_t n = 0;
    int hi = -1;
    for (; *s && n < max; s++) {
        if (!isxdigit((unsigned char)*s))
            continue;
        int v = isdigit((unsigned char)*s) ? *s - '0' : (tolower((unsigned char)*s) - 'a' + 10);
        if (hi < 0) {
            hi = v;
        } else {
            out[n++] = (unsigned char)(hi << 4 | v);
            hi = -1;
        }
    }
    return n;
}
