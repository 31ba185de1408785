/* The data-driven screen test harness: runs the case files of schema v1
 * named on the command line (the files of corpus/tessera/cases, format in
 * corpus/README.md) against the core ABI. Each case starts from a fresh
 * terminal. A failing expectation prints FILE:LINE:COL: FAIL case NAME:
 * FIELD with the expected and actual values; a malformed file or case
 * prints FILE:LINE:COL: case NAME: FIELD: reason and fails, running
 * nothing of that case. Exit status 1 if any case failed, 2 for bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_dump.h"
#include "case_file.h"
#include "case_modes.h"
#include "case_report.h"
#include "case_json.h"
#include "case_run.h"
#include "tessera/json.h"

#ifndef TSR_MODES_JSON
#error "TSR_MODES_JSON (the path of corpus/modes.json) must be defined by the build"
#endif

/* The file's own shape: {"version": 1, "cases": [...]}. */
static const tsr_json_value *file_cases(case_ctx *c, const tsr_json_value *root)
{
    static const char *const keys[] = {"version", "cases", NULL};
    if (root->type != TSR_JSON_OBJECT) {
        case_bad(c, root->offset, NULL,
                 "a case file is an object {\"version\": 1, \"cases\": [...]}");
        return NULL;
    }
    if (json_object(c, "", root, keys, keys))
        return NULL;
    const tsr_json_value *version = tsr_json_object_get(root, "version", NULL),
                         *cases = tsr_json_object_get(root, "cases", NULL);
    if (version->type != TSR_JSON_NUMBER || !version->u.number.integer ||
        version->u.number.value != 1) {
        case_bad(c, version->offset, "version", "must be 1 (this harness reads schema v1)");
        return NULL;
    }
    if (json_array(c, "cases", cases))
        return NULL;
    if (cases->u.array.count == 0) {
        case_bad(c, cases->offset, "cases", "needs at least one case");
        return NULL;
    }
    return cases;
}

static void run_file(case_ctx *c, const char *path)
{
    size_t len = 0;
    char *text = case_file_read(path, &len);
    c->file = path;
    c->name[0] = '\0';
    if (!text) {
        fprintf(stderr, "%s: cannot read file\n", path);
        c->nfailed++;
        return;
    }
    c->text = text;
    c->len = len;
    tsr_json_limits limits = {0, 1};
    tsr_json_value root;
    tsr_json_error err;
    int rc = tsr_json_parse_limited(text, len, &limits, &root, &err);
    if (rc != TSR_OK) {
        case_bad(c, err.offset, NULL, "%s",
                 rc == TSR_ERR_NOMEM ? "out of memory reading the file" : err.reason);
        c->nfailed++;
    } else {
        const tsr_json_value *cases = file_cases(c, &root);
        if (!cases)
            c->nfailed++;
        for (size_t i = 0; cases && i < cases->u.array.count; i++)
            case_run(c, &cases->u.array.items[i], i);
        tsr_json_free(&root);
    }
    free(text);
    c->text = NULL;
    c->len = 0;
}

int main(int argc, char **argv)
{
    case_ctx c;
    memset(&c, 0, sizeof c);
    int first = 1;
    /* --dump: also write the actions and final renderings of every case
     * to stdout (case_dump.h); the summary then goes to stderr. */
    if (argc > 1 && strcmp(argv[1], "--dump") == 0) {
        c.dump = stdout;
        first = 2;
    }
    if (argc <= first) {
        fprintf(stderr, "usage: %s [--dump] CASE_FILE.json...\n", argv[0]);
        return 2;
    }
    case_modes modes;
    if (case_modes_load(TSR_MODES_JSON, &modes) != 0)
        return 2;
    c.modes = &modes;
    for (int i = first; i < argc; i++)
        run_file(&c, argv[i]);
    fprintf(c.dump ? stderr : stdout, "%d passed, %d failed\n", c.npassed, c.nfailed);
    for (size_t i = 0; i < c.nseen; i++)
        free(c.seen[i]);
    free(c.seen);
    case_modes_free(&modes);
    return c.nfailed ? 1 : 0;
}
