// Writes the npm platform package tessera-terminal-linux-x64 around a static tessera binary:
//
//   node packaging/npm_platform.mjs VERSION BINARY OUT_DIR
//
// npm installs it only on linux/x64 (its os and cpu fields), as an optional dependency of
// tessera-terminal; js/src/host.js then finds OUT_DIR/bin/tessera through it.
import { chmodSync, copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [version, binary, out] = process.argv.slice(2);
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
if (!version || !binary || !out) {
  process.stderr.write('usage: npm_platform.mjs VERSION BINARY OUT_DIR\n');
  process.exit(2);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(path.join(out, 'bin'), { recursive: true });
copyFileSync(binary, path.join(out, 'bin', 'tessera'));
chmodSync(path.join(out, 'bin', 'tessera'), 0o755);
copyFileSync(path.join(repo, 'LICENSE'), path.join(out, 'LICENSE'));
const pkg = {
  name: 'tessera-terminal-linux-x64',
  version,
  description: 'The tessera command-line tool for Linux x86-64 (static, musl), for tessera-terminal.',
  os: ['linux'],
  cpu: ['x64'],
  files: ['bin/tessera'],
  license: 'MIT',
};
writeFileSync(path.join(out, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
writeFileSync(path.join(out, 'README.md'),
  `# tessera-terminal-linux-x64\n\nThe static \`tessera\` binary (${version}) that ` +
  '`tessera-terminal` runs on Linux x86-64. Installed by npm as an optional dependency of ' +
  '`tessera-terminal`; not meant to be installed alone.\n');
