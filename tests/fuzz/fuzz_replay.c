/* Runs the fuzz target once on each file named on the command line, for
 * builds without libFuzzer (gcc, the ASan+UBSan test build): the seed
 * corpus and every saved crash then run as an ordinary test. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_check.h"

static int run_file(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        perror(path);
        return 1;
    }
    uint8_t *data = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            cap = cap ? cap * 2 : 4096;
            uint8_t *grown = realloc(data, cap);
            if (!grown) {
                fprintf(stderr, "%s: out of memory\n", path);
                free(data);
                fclose(fp);
                return 1;
            }
            data = grown;
        }
        size_t n = fread(data + len, 1, cap - len, fp);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        fprintf(stderr, "%s: read error\n", path);
        free(data);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    printf("ran %s (%zu bytes)\n", path, len);
    return 0;
}

int main(int argc, char **argv)
{
    int failed = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: fuzz_replay FILE...\n");
        return 2;
    }
    for (int i = 1; i < argc; i++)
        failed |= run_file(argv[i]);
    return failed;
}
