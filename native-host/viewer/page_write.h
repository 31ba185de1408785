/* Writing the viewer page with a file inside it: `tessera view` and a
 * failure's report.html. The data element's format is web/README.md's. */
#ifndef TSR_CLI_PAGE_WRITE_H
#define TSR_CLI_PAGE_WRITE_H

#include <stddef.h>
#include <stdio.h>

/* What a report adds: the failure (kind "report"). */
typedef struct page_report {
    const char *title;       /* what failed */
    const char *reason;      /* why, one line */
    const char *expectation; /* what the failed step expected, or NULL */
    long step;               /* the failed step, -1: none */
    long event;              /* the failing moment, in events */
} page_report;

typedef struct page_data {
    const char *file_name;   /* the shown file's name */
    const unsigned char *file; /* its bytes ... */
    size_t file_len;
    FILE *file_stream;       /* ... or, when not NULL, read from here to its end */
    const char *expected_name; /* an expected screen (text), or NULL */
    const char *expected;
    size_t expected_len;
    const page_report *report; /* NULL: kind "view" */
} page_data;

typedef enum page_status {
    PAGE_OK = 0,
    PAGE_NO_TEMPLATE = -1, /* this build has no viewer page */
    PAGE_WRITE = -2,       /* a write failed (errno) */
    PAGE_READ = -3,        /* reading file_stream failed (errno) */
    PAGE_NOMEM = -4,
} page_status;

/* Whether this build carries the viewer page. */
int page_available(void);

/* Writes the page to fp. Returns a page_status. */
int page_write(FILE *fp, const page_data *d);

/* The message of a page_status that is not PAGE_OK. */
const char *page_status_text(int status);

#endif
