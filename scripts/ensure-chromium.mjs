// Makes sure Debian's Chromium is installed at /usr/bin/chromium for the end-to-end tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot) {
  console.log(`${CHROMIUM} not found: installing it with apt-get`);
  const result = spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
  if (result.status === 0 && existsSync(CHROMIUM)) process.exit(0);
  console.error(
    `apt-get could not install Chromium (exit ${String(result.status)}); try: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}

console.error(
  [
    `Chromium is required for the end-to-end tests but ${CHROMIUM} does not exist.`,
    'Install it as root, then run the tests again:',
    '  sudo apt-get update && sudo apt-get install -y chromium',
  ].join('\n'),
);
process.exit(1);
