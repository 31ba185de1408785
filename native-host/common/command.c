/* Looking commands up in a program's table and printing their help. */
#include "command.h"

#include <stdio.h>
#include <string.h>

#include "program_name.h"

const cli_command *cli_find_command(const cli_command *const *table, const char *name)
{
    for (; *table; table++)
        if (strcmp((*table)->name, name) == 0)
            return *table;
    return NULL;
}

void cli_print_command_list(const cli_command *const *table)
{
    for (; *table; table++)
        printf("  %-10s %s\n", (*table)->name, (*table)->summary);
}

void cli_print_command_help(const cli_command *c)
{
    printf("usage: %s %s %s\n\n%s.\n", program_name(), c->name, c->synopsis, c->summary);
    if (c->details)
        printf("\n%s", c->details);
}
