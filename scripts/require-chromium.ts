// The browser tests need a Chromium on this machine; they stop here, with the way to get one,
// rather than skip.
import fs from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(path)) {
  console.error(
    `\nThe browser tests need Chromium, which was not found at ${path}.\n` +
      'Install it with:  sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.\n',
  );
  process.exit(1);
}
