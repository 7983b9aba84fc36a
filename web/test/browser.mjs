// Starting the served page in Debian's headless Chromium through playwright-core, for the tests
// and the measurements: the server of serve.mjs on a free loopback port, and a browser with the
// flags this machine needs (no sandbox as root, no background networking).

import { chromium } from 'playwright-core';
import { createServer } from '../serve.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Serves web/dist and opens a page of it; `close()` ends both. */
export async function openPage({ width = 1400, height = 900 } = {}) {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage({ viewport: { width, height } });
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  const close = async () => {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  };
  return { page, url, problems, close };
}
