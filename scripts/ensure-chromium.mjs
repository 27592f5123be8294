// Makes sure Debian's Chromium is installed for the end-to-end tests: /usr/bin/chromium, and its
// headless shell (/usr/bin/chromium-headless-shell, package chromium-headless-shell), which runs
// the suite for a quarter less CPU (decision 058). Without the shell the suite runs on Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PACKAGES = { [CHROMIUM]: 'chromium', [HEADLESS_SHELL]: 'chromium-headless-shell' };

const missing = Object.keys(PACKAGES).filter((file) => !existsSync(file));
if (missing.length === 0) process.exit(0);
const packages = missing.map((file) => PACKAGES[file]);
const command = `apt-get install -y ${packages.join(' ')}`;

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot) {
  console.log(`${missing.join(' and ')} not found: installing with ${command}`);
  const result = spawnSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit' });
  if (existsSync(CHROMIUM)) {
    if (!existsSync(HEADLESS_SHELL))
      console.warn(`${HEADLESS_SHELL} could not be installed: the end-to-end tests run on ${CHROMIUM}.`);
    process.exit(0);
  }
  console.error(
    `apt-get could not install Chromium (exit ${String(result.status)}); try: apt-get update && ${command}`,
  );
  process.exit(1);
}

if (existsSync(CHROMIUM)) {
  console.warn(
    `${HEADLESS_SHELL} is not installed: the end-to-end tests run on ${CHROMIUM} (slower). To add it: sudo ${command}`,
  );
  process.exit(0);
}
console.error(
  [
    `Chromium is required for the end-to-end tests but ${CHROMIUM} does not exist.`,
    'Install it as root, then run the tests again:',
    `  sudo apt-get update && sudo ${command}`,
  ].join('\n'),
);
process.exit(1);
