/* `tessera feed`: raw bytes in, the screen out. The input is streamed in
 * 64 KiB reads, never held whole. */
#include <errno.h>
#include <stdlib.h>

#include "feed_commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "feed_args.h"
#include "input_file.h"
#include "term_feed.h"

#define FEED_CHUNK (64 * 1024)

/* Feeds everything from in; returns an exit code. */
static int feed_stream(tsr_term *term, input_file *in)
{
    char *chunk = malloc(FEED_CHUNK);
    if (!chunk)
        return diag_internal("out of memory");
    tsr_buf scratch = {0};
    int code = TSR_EXIT_OK;
    for (;;) {
        size_t n = fread(chunk, 1, FEED_CHUNK, in->fp);
        if (n > 0) {
            int rc = term_feed_unattended(term, chunk, n, &scratch);
            if (rc != TSR_OK) {
                code = diag_core("feeding the input", rc);
                break;
            }
        }
        if (n < FEED_CHUNK) {
            if (ferror(in->fp))
                code = diag_file_errno(in->name, "cannot read", errno ? errno : EIO);
            break;
        }
    }
    tsr_buf_free(&scratch);
    free(chunk);
    return code;
}

int cmd_feed(int argc, char **argv)
{
    feed_args args;
    int code = feed_args_parse(argc, argv, &args);
    if (code != TSR_EXIT_OK)
        return code;
    if (args.help) {
        cli_print_command_help(&FEED_COMMAND);
        return TSR_EXIT_OK;
    }
    input_file in;
    code = input_open(&in, args.file);
    if (code != TSR_EXIT_OK)
        return code;
    tsr_term *term = NULL;
    int rc = tsr_term_new(&args.term, &term);
    if (rc != TSR_OK) {
        input_close(&in);
        return diag_core("creating the terminal", rc);
    }
    code = feed_stream(term, &in);
    input_close(&in);
    if (code == TSR_EXIT_OK)
        code = output_screen(term, args.format);
    tsr_term_free(term);
    return code;
}
