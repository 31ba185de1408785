/* SIGINT, SIGTERM and SIGHUP to tessera itself: noted, never fatal at once,
 * so every command ends its program as a normal close does, finishes what
 * it records, and then exits 128 + the signal. */
#ifndef TSR_CLI_STOP_SIGNALS_H
#define TSR_CLI_STOP_SIGNALS_H

/* Installs the handlers (without SA_RESTART, so a blocked poll returns). */
void stop_signals_install(void);

/* The first stop signal received, or 0. */
int stop_signals_pending(void);

#endif
