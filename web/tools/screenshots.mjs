// Screenshots of the board mid-game in Empire and in Orda: Kaiser plays both sides from the
// start (play level 6, so that games differ) for a number of plies, then the board analyses the
// position with three lines for a few seconds. Usage (after web/build.sh):
// node web/tools/screenshots.mjs [--out DIR] [--plies N]  (default web/test-results, 24 plies)

import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPage } from '../test/browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const out = option('--out', path.join(here, '..', 'test-results'));
const plies = Number(option('--plies', 24));
fs.mkdirSync(out, { recursive: true });

const { page, url, problems, close } = await openPage();
try {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  for (const variant of ['empire', 'orda']) {
    await page.uncheck('#analyse');
    await page.selectOption('#variant', variant);
    await page.evaluate(
      async ([v, n]) => {
        const engine = await window.Stockfish();
        const best = (lines) =>
          new Promise((resolve) => {
            const listen = (line) => {
              if (!line.startsWith('bestmove')) return;
              engine.removeMessageListener(listen);
              resolve(line.split(' ')[1]);
            };
            engine.addMessageListener(listen);
            lines.forEach((l) => engine.postMessage(l));
          });
        engine.postMessage(`setoption name UCI_Variant value ${v}`);
        engine.postMessage('setoption name Skill Level value 16');
        for (let i = 0; i < n; i++) {
          const game = window.kaiserPage.game;
          if (game.current.outcome) break;
          const moves = game.playedMoves();
          const move = await best([`position fen ${game.start}${moves.length ? ` moves ${moves.join(' ')}` : ''}`, 'go depth 8']);
          if (!move || move === '(none)') break;
          window.kaiserPage.play(move);
        }
        engine.terminate();
      },
      [variant, plies],
    );
    await page.check('#analyse');
    await page.waitForFunction(() => document.querySelectorAll('#lines .pv').length === 3, null, { timeout: 30000 });
    await page.waitForTimeout(4000);
    const file = path.join(out, `${variant}-midgame.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await close();
}
