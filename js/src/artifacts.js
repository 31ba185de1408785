// Failure artifacts of a live Terminal (Node only), written by the native code itself: the
// Terminal's trace goes to a temporary journal and the WASI command `tessera artifacts`
// (native-host/artifacts/) makes the folder from it, as a failed tape's: trace.journal,
// screen.txt and screen.styled.txt (the trace replayed to the failed step's end),
// expected.txt for a golden comparison, and report.html (the viewer at that moment).
// Passing tests leave nothing.

const firstLine = (text) => String(text ?? '').split('\n')[0];

/**
 * Writes the artifact folder of terminal for a failed step and resolves its path. Where:
 * $TESSERA_ARTIFACTS, else tessera-artifacts/ beside testFile (else the working folder).
 * Named after name (a node:test test's name), else after testFile. The command says the
 * folder on stderr itself.
 * The failing moment: step's end mark, else the moment after event events (trace.js
 * failureAt; -1: not given), else the end.
 * journal: the trace's bytes taken at the failure (default: as the trace stands now).
 */
export async function writeArtifacts(terminal, { step = -1, event = -1, name, testFile, reason, expectation,
  expectedFile, journal = terminal._trace.encode(terminal._screen.abi) } = {}) {
  const { runCliCaptured, withTempFiles } = await import('./cli/cli.js');
  return withTempFiles({ 'trace.journal': journal }, async (files) => {
    const args = ['artifacts', '--trace', files['trace.journal']];
    if (step >= 0) args.push('--step', String(step));
    else if (event >= 0) args.push('--event', String(event));
    if (name) args.push('--name', name);
    if (testFile) args.push('--beside', testFile);
    if (reason) args.push('--reason', firstLine(reason));
    if (expectation) args.push('--expectation', expectation);
    if (expectedFile) args.push('--expected', expectedFile);
    const opts = terminal.options ?? {};
    if (opts.reflow) args.push('--reflow');
    if (opts.scrollback !== undefined) args.push('--scrollback', String(opts.scrollback));
    const r = await runCliCaptured(args, { stderr: 'inherit' });
    const folder = r.stdout.split('\n')[0];
    if (r.code !== 0 || !folder) {
      throw new Error(`tessera artifacts exited with ${r.code}${folder ? ` (${folder} is incomplete)` : ''}`);
    }
    return folder;
  });
}
