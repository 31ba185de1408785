/* `tessera script FILE.tape`: the whole tape is read and checked first (a
 * mistake is FILE:LINE:COLUMN and exit 2, nothing launched), then run. */
#include "commands.h"
#include "exit_codes.h"
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
        code = tape_run(a.file, &t, &a.live);
        tape_free(&t);
    }
    run_args_free(&a);
    return code;
}
