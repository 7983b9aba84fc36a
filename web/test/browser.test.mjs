// The browser test: web/dist served on loopback, opened in Debian's headless Chromium. It replays
// the UCI session pychess's analysis board holds with Fairy-Stockfish's module (client/
// fairyStockfish.ts, client/analysis/analysisCtrl.ts) against Kaiser's, checks the lines
// pychess reads and that `stop` ends `go infinite` within 200 ms, gives the module bad input and
// compares its answers with the native engine's, then plays on the board with the mouse and
// takes a screenshot. Run by `npm test` in web/ (after ./build.sh).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './browser.mjs';
import { browserEngine, nativeEngine, waitFor, answerTo } from './session.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shots = process.env.SCREENSHOT_DIR ?? path.join(here, '..', 'test-results');
const EMPIRE = 'rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1';

/** The fields of an `info` line that pychess's analysis board reads, or null if it would not. */
const PYCHESS_INFO =
  /^info depth (\d+) seldepth \d+ multipv (\d+) score (cp|mate) (-?\d+) (?:(?:upper|lower)bound )?nodes (\d+) nps \d+ (?:hashfull \d+ )?time (\d+) pv (.+)$/;

let browser;
let page;

before(async () => {
  browser = await openPage();
  page = browser.page;
  await page.goto(browser.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await page.uncheck('#analyse'); // the board's own analysis would share the CPU with the tests
  fs.mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  assert.deepEqual(browser?.problems ?? [], [], 'the page reported no errors');
});

/** pychess's `engineGo`: the options it sets, the position, and its `go`. */
function engineGo({ start, moves = [], nnueFile = null, multipv = 1, go = 'go movetime 90000 depth 18' }) {
  const nnue = nnueFile
    ? ['setoption name Use NNUE value true', `setoption name EvalFile value ${nnueFile}`]
    : ['setoption name Use NNUE value false'];
  const position = moves.length ? `position fen ${start} moves ${moves.join(' ')}` : `position fen ${start}`;
  return [
    'setoption name UCI_Variant value empire',
    ...nnue,
    'setoption name Hash value 16',
    'setoption name Threads value 1',
    `setoption name MultiPV value ${multipv}`,
    position,
    go,
  ];
}

async function sendAll(engine, lines) {
  for (const line of lines) await engine.send(line);
}

/** pychess's `engineStop` (`stop`, `isready`): waits for `bestmove` and `readyok`. */
async function engineStop(engine) {
  const from = (await engine.lines()).length;
  await engine.send('stop');
  await engine.send('isready');
  const [, , best] = await waitFor(engine, (l) => l.startsWith('bestmove'), { from });
  await waitFor(engine, (l) => l === 'readyok', { from });
  return best;
}

/** Whether `uci` is legal after `moves` from `start` in Empire, by the page's rules. */
function legal(start, moves, uci) {
  return page.evaluate(
    ([fen, ms, m]) => window.kaiserPage.game.rules.rules({ op: 'position', variant: 'empire', fen, moves: [...ms, m] }).ok,
    [start, moves, uci],
  );
}

test("pychess's analysis session, verbatim", { timeout: 90000 }, async () => {
  const engine = await browserEngine(page);
  // loadVariantsIntoFsfEngine: `load` with a here-document that pychess feeds through
  // window.prompt; Kaiser has no `load` and answers as to any unknown command.
  const load = await answerTo(engine, 'load <<PYCHESS_VARIANTS_INI_EOF_1764547200000');
  assert.deepEqual(load, ["info string Unknown command: 'load <<PYCHESS_VARIANTS_INI_EOF_1764547200000'"]);
  await engine.send('uci');
  const [, , uciok] = await waitFor(engine, (l) => l === 'uciok');
  assert.equal(uciok, 'uciok');
  const options = (await engine.lines()).map((l) => l[1]);
  assert.ok(options.some((l) => /^option name UCI_Variant type combo default chess( var \w+)*/.test(l) && l.includes('var empire')));
  await waitFor(engine, (l) => l === 'readyok', { from: (await engine.send('isready'), 0) });

  // The first engineGo, before any NNUE file is stored in the browser.
  let from = (await engine.lines()).length;
  await sendAll(engine, engineGo({ start: EMPIRE }));
  await waitFor(engine, (l) => PYCHESS_INFO.test(l) && Number(l.match(PYCHESS_INFO)[1]) >= 6, { from });
  let best = await engineStop(engine);
  assert.match(best, /^bestmove [a-h][1-8][a-h][1-8]/);
  assert.ok(await legal(EMPIRE, [], best.split(' ')[1]));

  // The user plays e1f2; pychess stops, then goes again with an NNUE file named in EvalFile.
  from = (await engine.lines()).length;
  await sendAll(engine, engineGo({ start: EMPIRE, moves: ['e1f2'], nnueFile: 'empire-313cc226a173.nnue' }));
  const [, , refused] = await waitFor(engine, (l) => l.startsWith('info string EvalFile'), { from });
  assert.match(refused, /refused: .*the evaluation stays as it was/);
  const [, , info] = await waitFor(engine, (l) => PYCHESS_INFO.test(l) && Number(l.match(PYCHESS_INFO)[1]) >= 5, { from });
  const pvFirst = info.match(PYCHESS_INFO)[7].split(' ')[0];
  assert.ok(await legal(EMPIRE, ['e1f2'], pvFirst), `${pvFirst} is legal after e1f2`);
  best = await engineStop(engine);
  assert.ok(await legal(EMPIRE, ['e1f2'], best.split(' ')[1]));

  // "More depth": `go depth 99`, three lines.
  from = (await engine.lines()).length;
  await sendAll(engine, engineGo({ start: EMPIRE, moves: ['e1f2'], multipv: 3, go: 'go depth 99' }));
  const [at] = await waitFor(engine, (l) => PYCHESS_INFO.test(l) && l.match(PYCHESS_INFO)[2] === '3', { from });
  const lines = (await engine.lines()).slice(from, at + 1).map((l) => l[1]).filter((l) => PYCHESS_INFO.test(l));
  const depth = lines.at(-1).match(PYCHESS_INFO)[1];
  const atDepth = lines.filter((l) => l.match(PYCHESS_INFO)[1] === depth).map((l) => l.match(PYCHESS_INFO)[2]);
  assert.deepEqual([...new Set(atDepth)].sort(), ['1', '2', '3']);
  await engineStop(engine);
  await engine.close();
});

test('go depth and go movetime end with an info line and bestmove', { timeout: 60000 }, async () => {
  const engine = await browserEngine(page);
  await sendAll(engine, ['uci', 'setoption name UCI_Variant value empire', 'position startpos']);
  let from = (await engine.lines()).length;
  await engine.send('go depth 10');
  let [end, , best] = await waitFor(engine, (l) => l.startsWith('bestmove'), { from });
  const lines = (await engine.lines()).slice(from, end).map((l) => l[1]);
  assert.match(lines.at(-1), /^info depth 10 /);
  assert.ok(await legal(EMPIRE, [], best.split(' ')[1]));

  // Out of the opening book, which answers a plain `go movetime` at once in the start position.
  await engine.send('position startpos moves f3f4 e7e5 e1f2 d7d5');
  from = (await engine.lines()).length;
  const sent = await engine.sendTimed('go movetime 500');
  let at;
  [end, at, best] = await waitFor(engine, (l) => l.startsWith('bestmove'), { from });
  assert.ok(at - sent >= 480 && at - sent < 1500, `movetime 500 took ${at - sent} ms`);
  await engine.close();
});

test('stop ends go infinite within 200 ms', { timeout: 60000 }, async (t) => {
  const engine = await browserEngine(page);
  await sendAll(engine, ['uci', 'setoption name UCI_Variant value empire', 'position startpos moves f3f4 e7e5']);
  for (const after of [150, 800, 2500]) {
    const from = (await engine.lines()).length;
    await engine.send('go infinite');
    await page.waitForTimeout(after);
    const sent = await engine.sendTimed('stop');
    const [, at, best] = await waitFor(engine, (l) => l.startsWith('bestmove'), { from });
    assert.ok(at - sent < 200, `bestmove came ${(at - sent).toFixed(1)} ms after stop`);
    t.diagnostic(`stop after ${after} ms of go infinite: bestmove ${(at - sent).toFixed(1)} ms later`);
    assert.match(best, /^bestmove \S+/);
  }
  await engine.close();
});

test("bench in the browser searches the native bench's node count", { timeout: 120000 }, async () => {
  const signature = async (engine) => {
    const last = (await answerTo(engine, 'bench')).at(-1);
    await engine.close();
    return last.match(/^Bench: (\d+) nodes/)[1];
  };
  const inBrowser = await signature(await browserEngine(page));
  assert.equal(inBrowser, await signature(nativeEngine()));
});

/** Bad input, as `postMessage` may bring it, each followed by `isready`. */
const BAD_INPUT = [
  'position fen garbage',
  'position fen rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1 moves e1f2 zz99',
  'position startpos moves e2e5',
  'position fen 8/8/8/8/8/8/8/8 w - - 0 1',
  'foo bar',
  'load <<PYCHESS_VARIANTS_INI_EOF_1764547200000',
  'setoption name Hash value -5',
  'setoption name MultiPV value abc',
  'setoption name Skill Level value 99',
  'setoption name Nope value 3',
  'setoption name UCI_Variant value shogi',
  'setoption name Use NNUE value maybe',
  'go wtime abc',
  'position startpos moves e1e1',
  '\u0000\u00ff garbage ☃',
];

test('bad input is answered as the native engine answers it, and the worker lives on', { timeout: 60000 }, async () => {
  const browserSide = await browserEngine(page);
  const native = nativeEngine();
  try {
    await compareBadInput(browserSide, native);
  } finally {
    await native.close();
  }
});

async function compareBadInput(browserSide, native) {
  for (const engine of [browserSide, native]) await answerTo(engine, 'setoption name UCI_Variant value empire');
  for (const line of BAD_INPUT) {
    const [inBrowser, inNative] = [await answerTo(browserSide, line), await answerTo(native, line)];
    assert.deepEqual(inBrowser, inNative, `answers to ${JSON.stringify(line)}`);
    for (const answer of inBrowser) assert.match(answer, /^info string /, `answer to ${JSON.stringify(line)}`);
  }
  // An answer that names the file system: an info string on both sides.
  const line = 'setoption name EvalFile value /no/such.nnue';
  const [inBrowser, inNative] = [await answerTo(browserSide, line), await answerTo(native, line)];
  assert.ok(inBrowser.length > 0 && inBrowser.every((l) => l.startsWith('info string ')), inBrowser.join('\n'));
  assert.equal(inBrowser[0].split(':')[0], inNative[0].split(':')[0]);
  // An absurd Hash: clamped with the native engine's warning, then the machine's limit named (not
  // sent to the native engine, which would back half of this machine's memory first).
  const hash = await answerTo(browserSide, 'setoption name Hash value 99999999999');
  assert.ok(hash.length > 0 && hash.every((l) => l.startsWith('info string ')), hash.join('\n'));
  assert.match(hash[0], /^info string option 'Hash': 99999999999 is outside 1\.\.65536/);
  await answerTo(browserSide, 'setoption name Hash value 16');
  // Still searching after all that.
  const from = (await browserSide.lines()).length;
  await browserSide.send('position startpos');
  await browserSide.send('go depth 6');
  await waitFor(browserSide, (l) => l.startsWith('bestmove'), { from });
  await browserSide.close();
}

/** The centre of `square` on the board, in page pixels (White at the bottom). */
async function squareCentre(square) {
  const box = await page.locator('#board').boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const size = box.width / 8;
  return [box.x + (file + 0.5) * size, box.y + (7 - rank + 0.5) * size];
}

async function mouseMove(from, to, { drag = false } = {}) {
  await page.waitForTimeout(300); // the last move's animation
  const [x1, y1] = await squareCentre(from);
  const [x2, y2] = await squareCentre(to);
  if (drag) {
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move(x2, y2, { steps: 8 });
    await page.mouse.up();
  } else {
    await page.mouse.click(x1, y1);
    await page.mouse.click(x2, y2);
  }
}

/** The page's game, once chessgroundx has handed it the last move (it does so on a timer). */
async function pageGame() {
  await page.waitForTimeout(100);
  return page.evaluate(() => ({ moves: window.kaiserPage.game.moves.map((m) => m.san), ply: window.kaiserPage.game.ply }));
}

test('moves on the board by mouse, checked by Kaiser, and a game against Kaiser', { timeout: 90000 }, async () => {
  await page.check('#analyse');
  await page.waitForFunction(() => document.querySelectorAll('#lines .pv').length === 3, null, { timeout: 20000 });
  await mouseMove('h3', 'h6'); // three squares for a pawn: refused
  assert.deepEqual((await pageGame()).moves, []);
  await mouseMove('f3', 'f4');
  assert.deepEqual((await pageGame()).moves, ['f4']);
  await mouseMove('e7', 'e5', { drag: true });
  assert.deepEqual((await pageGame()).moves, ['f4', 'e5']);
  assert.equal(await page.locator('#moves .move.active').textContent(), 'e5');
  // The engine's lines for the position after 1. f4 e5 appear, in SAN.
  await page.waitForFunction(() => document.querySelectorAll('#lines .pv').length === 3, null, { timeout: 20000 });
  const pgn = await page.inputValue('#pgn');
  assert.match(pgn, /\[Variant "Empire"\]/i);
  assert.match(pgn, /1\. f4 e5/);
  await page.screenshot({ path: path.join(shots, 'board-analysis.png') });

  // Play White against Kaiser at level 3: Kaiser answers our move.
  await page.selectOption('#level', '3');
  await page.selectOption('#mode', 'white');
  await mouseMove('e1', 'f2');
  await page.waitForFunction(() => window.kaiserPage.game.moves.length === 4, null, { timeout: 20000 });
  const { moves } = await pageGame();
  assert.equal(moves[2], 'Kf2');
  await page.screenshot({ path: path.join(shots, 'board-play.png') });
  await page.selectOption('#mode', 'analysis');
});

test('FEN and PGN in and out, and a promotion chosen on the board', { timeout: 60000 }, async () => {
  await page.fill('#fen', 'not a position');
  await page.click('#load-fen');
  assert.match(await page.textContent('#message'), /invalid FEN 'not a position'/);

  // Orda: a pawn promotes to a queen or a Kheshig; the board asks which.
  await page.selectOption('#variant', 'orda');
  await page.fill('#fen', 'k7/4P3/8/8/8/8/8/4K3 w - - 0 1');
  await page.click('#load-fen');
  assert.equal(await page.isHidden('#message'), true);
  await mouseMove('e7', 'e8');
  await page.waitForSelector('#promotion:not([hidden])');
  assert.deepEqual(await page.$$eval('.promotion-choice', (buttons) => buttons.map((b) => b.title)), ['e8=Q+', 'e8=H']);
  await page.click('.promotion-choice[title="e8=H"]');
  assert.deepEqual((await pageGame()).moves, ['e8=H']);
  assert.match(await page.inputValue('#fen'), /^k3H3\/8\/8\/8\/8\/8\/8\/4K3 b - - 0 1$/);
  assert.match(await page.inputValue('#pgn'), /\[FEN "k7\/4P3\/8\/8\/8\/8\/8\/4K3 w - - 0 1"\][\s\S]*1\. e8=H/);

  // A PGN game read back: its variant, its moves in SAN.
  await page.fill('#pgn', '[Variant "Empire"]\n\n1. f4 e5 2. Kf2 Nc6 *\n');
  await page.click('#load-pgn');
  assert.equal(await page.inputValue('#variant'), 'empire');
  assert.deepEqual((await pageGame()).moves, ['f4', 'e5', 'Kf2', 'Nc6']);
  await page.fill('#pgn', '1. e4 Zz9 *');
  await page.click('#load-pgn');
  assert.match(await page.textContent('#message'), /^PGN: /);
  assert.deepEqual((await pageGame()).moves, ['f4', 'e5', 'Kf2', 'Nc6']);
});
