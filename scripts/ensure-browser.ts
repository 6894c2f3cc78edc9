/**
 * Makes sure a Chromium exists for the browser tests: CHROME_PATH, else Debian's /usr/bin/chromium, installed with
 * apt-get when missing and we are root. Never downloads a browser build of its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from '../tests/e2e/chromium-path';

const found = chromiumPath();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(
    'The browser tests need Chromium. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH ' +
      'to a Chromium or Chrome executable, then run npm test again.',
  );
  process.exit(1);
}
console.log('Chromium is missing: installing Debian’s chromium package…');
const apt = { stdio: 'inherit' as const, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
execFileSync('apt-get', ['update', '-qq'], apt);
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], apt);
if (!existsSync('/usr/bin/chromium')) {
  console.error('apt-get finished but /usr/bin/chromium is still missing.');
  process.exit(1);
}
console.log('Chromium: /usr/bin/chromium');
