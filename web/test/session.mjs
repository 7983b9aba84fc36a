// Talking UCI to engines in the tests: a fresh Kaiser module in the page, through the
// Fairy-Stockfish-like API exactly as pychess calls it (`Stockfish()`, `postMessage`,
// `addMessageListener`), and the native binary, through its standard input and output. Both
// record every line with the time it arrived, so tests can wait for a line and time answers.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A Kaiser engine in `page`, started through `window.Stockfish()`. */
export async function browserEngine(page) {
  const id = await page.evaluate(async () => {
    window.engines ??= [];
    const started = performance.now();
    const engine = await window.Stockfish();
    const record = { engine, lines: [], started };
    engine.addMessageListener((line) => record.lines.push([performance.now(), line]));
    window.engines.push(record);
    return window.engines.length - 1;
  });
  return {
    kind: 'browser',
    send: (line) => page.evaluate(([i, l]) => window.engines[i].engine.postMessage(l), [id, line]),
    /** Sends `line` and returns the page's clock at that moment (ms). */
    sendTimed: (line) =>
      page.evaluate(([i, l]) => {
        const now = performance.now();
        window.engines[i].engine.postMessage(l);
        return now;
      }, [id, line]),
    lines: () => page.evaluate((i) => window.engines[i].lines, id),
    started: () => page.evaluate((i) => window.engines[i].started, id),
    close: () => page.evaluate((i) => window.engines[i].engine.terminate(), id),
  };
}

/** The native binary: KAISER_NATIVE, else the release build, else the debug one. */
export function nativeBinary() {
  const candidates = [process.env.KAISER_NATIVE, path.join(root, 'target/release/kaiser'), path.join(root, 'target/debug/kaiser')];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (!found) throw new Error('no native kaiser binary: build it first (cargo build --release)');
  return found;
}

/** The native engine, with the same interface as `browserEngine`. */
export function nativeEngine(binary = nativeBinary()) {
  const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = [];
  let partial = '';
  const clock = () => performance.now();
  child.stdout.on('data', (chunk) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop();
    for (const line of parts) lines.push([clock(), line]);
  });
  const send = async (line) => {
    child.stdin.write(`${line}\n`);
  };
  return {
    kind: 'native',
    send,
    sendTimed: async (line) => {
      const now = clock();
      await send(line);
      return now;
    },
    lines: async () => lines.slice(),
    close: async () => {
      child.stdin.end('quit\n');
      await new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** Waits until a line after index `from` matches `test`; returns [index, time, line]. */
export async function waitFor(engine, test, { from = 0, timeoutMs = 20000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = await engine.lines();
    for (let i = from; i < lines.length; i++) {
      if (test(lines[i][1])) return [i, lines[i][0], lines[i][1]];
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting; last lines:\n${lines.slice(-8).map((l) => l[1]).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sends `line` then `isready`; returns the lines answered before `readyok`. */
export async function answerTo(engine, line) {
  const from = (await engine.lines()).length;
  await engine.send(line);
  await engine.send('isready');
  const [end] = await waitFor(engine, (l) => l === 'readyok', { from });
  return (await engine.lines()).slice(from, end).map((l) => l[1]);
}
