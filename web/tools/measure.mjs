// Measures Kaiser in the browser against the native binary on this machine: the module's size
// (raw and gzip), the time from `Stockfish()` to the first `uciok` in headless Chromium (and the
// page's own start: rules and engine ready), `bench` (the same node count on both sides), and
// the search from the Empire start to depth 14,
// and to 18 for a steadier speed (time and nodes per second), browser and native interleaved
// round by round. Usage (after web/build.sh and cargo build --release):
// node web/tools/measure.mjs [--rounds N]

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { openPage } from '../test/browser.mjs';
import { browserEngine, nativeEngine, nativeBinary, waitFor, answerTo } from '../test/session.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--rounds');
const rounds = at > 0 ? Number(process.argv[at + 1]) : 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const wasm = fs.readFileSync(path.join(here, '..', 'dist', 'kaiser.wasm'));
console.log(`module: ${wasm.length} bytes, ${zlib.gzipSync(wasm, { level: 9 }).length} gzip -9`);

/** Time to `depth` from the Empire start and the speed of its last report. */
async function searchTo(engine, depth) {
  await answerTo(engine, 'uci');
  for (const line of ['setoption name UCI_Variant value empire', 'setoption name Hash value 16', 'ucinewgame', 'position startpos']) {
    await answerTo(engine, line);
  }
  const from = (await engine.lines()).length;
  const sent = await engine.sendTimed(`go depth ${depth}`);
  const [end, arrived] = await waitFor(engine, (l) => l.startsWith('bestmove'), { from, timeoutMs: 300000 });
  const lines = (await engine.lines()).slice(from, end).map((l) => l[1]);
  const last = lines.filter((l) => l.startsWith(`info depth ${depth} `)).at(-1);
  const field = (name) => Number(last.match(new RegExp(` ${name} (\\d+)`))[1]);
  return { ms: arrived - sent, nodes: field('nodes'), nps: field('nps') };
}

const { page, url, close } = await openPage();
try {
  const loads = [];
  const starts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
    starts.push(await page.evaluate(() => window.kaiserPage.loadMs));
    await page.uncheck('#analyse');
    const engine = await browserEngine(page);
    await engine.send('uci');
    const [, uciok] = await waitFor(engine, (l) => l === 'uciok');
    loads.push(uciok - (await engine.started()));
    await engine.close();
  }
  console.log(`Stockfish() to uciok: median ${median(loads).toFixed(0)} ms (${loads.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`page start (rules and engine ready): median ${median(starts)} ms (${starts.join(', ')})`);

  const benches = { browser: [], native: [] };
  for (let round = 0; round < rounds; round++) {
    for (const kind of ['browser', 'native']) {
      const engine = kind === 'browser' ? await browserEngine(page) : nativeEngine();
      const last = (await answerTo(engine, 'bench')).at(-1);
      await engine.close();
      benches[kind].push(Number(last.match(/ (\d+) nps/)[1]));
      console.log(`bench, round ${round + 1}, ${kind}: ${last}`);
    }
  }
  for (const kind of ['browser', 'native']) console.log(`${kind}: bench median ${median(benches[kind])} nps`);

  for (const depth of [14, 18]) {
    const results = { browser: [], native: [] };
    for (let round = 0; round < rounds; round++) {
      for (const kind of ['browser', 'native']) {
        const engine = kind === 'browser' ? await browserEngine(page) : nativeEngine();
        const result = await searchTo(engine, depth);
        await engine.close();
        results[kind].push(result);
        console.log(`depth ${depth}, round ${round + 1}, ${kind}: ${result.ms.toFixed(0)} ms, ${result.nodes} nodes, ${result.nps} nps`);
      }
    }
    for (const kind of ['browser', 'native']) {
      const r = results[kind];
      console.log(`${kind}: median ${median(r.map((x) => x.ms)).toFixed(0)} ms to depth ${depth}, ${median(r.map((x) => x.nps))} nps`);
    }
  }
  console.log(`native binary: ${nativeBinary()}`);
} finally {
  await close();
}
