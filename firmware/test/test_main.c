/* Host unit tests of the firmware's portable core. Usage: host_tests GOLDEN_DIR */
#include <stdio.h>

#include "check.h"
#include "tests.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s tests/data/protocol\n", argv[0]);
        return 2;
    }
    tests_crypto();
    tests_golden(argv[1]);
    tests_store();
    tests_pn532();
    tests_shoe();
    printf("%d checks, %d failures\n", check_count, check_failures);
    return check_failures ? 1 : 0;
}
