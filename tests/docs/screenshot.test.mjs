// The README's screenshot (docs/screenshot.svg) is what tessera itself renders of a bundled
// recording of Midnight Commander, so it is regenerated here and must not differ:
//
//   tessera replay --event 14 --svg corpus/sessions/fixtures/mc_quit.cast > docs/screenshot.svg
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const buildDir = path.resolve(process.env.TESSERA_BUILD_DIR ?? path.join(repoRoot, 'build'));

test('docs/screenshot.svg is the replayed recording, as the current core renders it', () => {
  const svg = execFileSync(path.join(buildDir, 'bin', 'tessera'),
    ['replay', '--event', '14', '--svg', 'corpus/sessions/fixtures/mc_quit.cast'],
    { cwd: repoRoot, encoding: 'utf8', timeout: 30_000 });
  assert.ok(svg === readFileSync(path.join(repoRoot, 'docs', 'screenshot.svg'), 'utf8'),
    'docs/screenshot.svg is out of date: regenerate it with the command at the top of this file');
});
