// A script that paints idle, then "Saving...", then the final state faster
// than a person can see. toHaveShownText finds the fleeting state in the
// revision history; toBeStable and toBeAbsent check where it settled.
//
// Run: node --test js/examples/   (TESSERA_BUILD_DIR names a build other than ./build)
import { test } from 'node:test';
import '../test/support.mjs'; // finds the build (TESSERA_BUILD_DIR) for the host and the wasm engine
import { launch, expectTerminal } from '../src/index.js';

// The program asks for the cursor position right after painting "Saving..."
// and waits for the answer, so the two paints can never arrive in one PTY
// read (which would merge them into one revision; see the seed's
// "PTY read-boundary limitation").
const SCRIPT = `
stty -icanon -echo min 1
printf 'Status: idle\\n'
read_reply() { while c=$(dd bs=1 count=1 2>/dev/null); [ "$c" != R ]; do :; done; }
while :; do
  c=$(dd bs=1 count=1 2>/dev/null)
  [ "$c" = s ] || continue
  printf '\\033[1;1H\\033[KStatus: Saving...\\033[6n'; read_reply
  printf '\\033[1;1H\\033[KStatus: complete\\nItems: 12\\n'
done`;

test('save: the fleeting "Saving..." state was shown, then the screen settled on "complete"', async () => {
  const terminal = await launch('sh', ['-c', SCRIPT], { rows: 6, cols: 40, timeoutMs: 20_000 });
  try {
    await expectTerminal(terminal.getByText('Status: idle')).toBePresent();

    const action = await terminal.keyboard.press('s');

    // Transient: it is gone from the screen by now, but a revision showed it.
    await expectTerminal(terminal).toHaveShownText('Status: Saving...', { since: action });
    await expectTerminal(terminal).toHaveShown(
      (snapshot) => snapshot.lines[0].text.startsWith('Status: Saving'), { since: action });

    // Final state: present and unchanged for 100 ms.
    await expectTerminal(terminal.getByText('Status: complete')).toBeStable({ settleMs: 100 });
    // Gone, and staying gone.
    await expectTerminal(terminal.getByText('Saving')).toBeAbsent({ settleMs: 100 });
    // Two conditions that must hold together on one settled screen.
    await expectTerminal(terminal).toSatisfy((snapshot) => {
      const text = snapshot.lines.map((line) => line.text).join('\n');
      return text.includes('Status: complete') && text.includes('Items: 12');
    }, { settleMs: 100 });
  } finally {
    await terminal.close();
  }
});
