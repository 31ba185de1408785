// Run by install_test.sh inside a folder where the two npm tarballs were installed: the
// package, imported by its name, finds the binary of its platform package by itself (no
// TESSERA_BIN, no build dir, PATH=/usr/bin:/bin), runs a real program through it and
// replays a recording with its packed wasm engine. Prints what it saw as JSON.
import { launch, expectTerminal, openReplay } from 'tessera-terminal';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const terminal = await launch('sh', ['-c', 'echo "EXE=$(readlink /proc/$PPID/exe)"; read x'],
  { cols: 400, timeoutMs: 20000 });
await expectTerminal(terminal.getByText('EXE=')).toBePresent();
const exeLine = terminal.screen.text().split('\n').find((l) => l.startsWith('EXE='));
await terminal.close();

const replay = await openReplay('less.cast');
replay.seek({ event: replay.recording.events });
console.log(JSON.stringify({
  host: terminal.hostPath,
  exe: exeLine.trim().slice(4),
  final: replay.screen.text(),
  versions: {
    'tessera-terminal': require('tessera-terminal/package.json').version,
    'tessera-terminal-linux-x64': require('tessera-terminal-linux-x64/package.json').version,
    optional: JSON.parse(readFileSync(require.resolve('tessera-terminal/package.json'), 'utf8'))
      .optionalDependencies['tessera-terminal-linux-x64'],
  },
}));
