/* `tessera script FILE.tape`: the whole tape is read and checked first (a
 * mistake is FILE:LINE:COLUMN and exit 2, nothing launched), then run,
 * written to --cast and --journal as `tessera record` writes them. */
#include "commands.h"
#include "diag.h"
#include "exit_codes.h"
#include "recorder.h"
#include "run_args.h"
#include "tape.h"
#include "tape_run.h"

int cmd_script(int argc, char **argv)
{
    run_args a;
    int code;
    if (!run_args_start(RUN_CMD_SCRIPT, &SCRIPT_COMMAND, argc, argv, &a, &code))
        return code;
    tape t;
    code = tape_load(a.file, &t);
    if (code == TSR_EXIT_OK) {
        recorder rec;
        int recording = a.cast_out || a.journal;
        code = recording ? recorder_open(&rec, a.cast_out, a.cast_format, a.journal) : TSR_EXIT_OK;
        if (code == TSR_EXIT_OK)
            code = tape_run(a.file, &t, &a.live, recording ? &rec : NULL);
        if (recording && recorder_close(&rec) != 0 && code == TSR_EXIT_OK)
            code = diag_internal("the recording could not be written");
        tape_free(&t);
    }
    run_args_free(&a);
    return code;
}
