// The page's use of the engine, through the Fairy-Stockfish-like API (`Stockfish()`): one
// request at a time (analyse a position, or find Kaiser's move at a play level), each starting
// only once the search before it has stopped and said `bestmove`, so that no line of an old
// search is taken for the new one.

import { parseBestMove, parseInfo } from './uci.js';
import { LEVELS } from './config.js';

export class EngineClient {
  /** Starts the engine; `onAnyLine` sees every line (the page's log). */
  static async start(onAnyLine = () => {}) {
    const engine = await globalThis.Stockfish();
    const client = new EngineClient(engine, onAnyLine);
    await client.handshake();
    return client;
  }

  constructor(engine, onAnyLine) {
    this.engine = engine;
    this.onAnyLine = onAnyLine;
    this.waiting = []; // [test, resolve] pairs for lines awaited
    this.searching = false;
    this.onInfo = null; // the current search's report handler
    this.chain = Promise.resolve();
    engine.addMessageListener((line) => this.receive(line));
  }

  receive(line) {
    this.onAnyLine(line);
    const info = parseInfo(line);
    if (info && this.onInfo) this.onInfo(info);
    if (parseBestMove(line) !== undefined) {
      this.searching = false;
      this.onInfo = null;
    }
    const still = [];
    for (const [test, resolve] of this.waiting) {
      if (test(line)) resolve(line);
      else still.push([test, resolve]);
    }
    this.waiting = still;
  }

  send(line) {
    this.engine.postMessage(line);
  }

  expect(test) {
    return new Promise((resolve) => this.waiting.push([test, resolve]));
  }

  async handshake() {
    const ok = this.expect((line) => line === 'uciok');
    this.send('uci');
    await ok;
  }

  /** Runs `task` after every request before it. */
  queue(task) {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => {});
    return run;
  }

  async stopSearch() {
    if (!this.searching) return;
    const done = this.expect((line) => parseBestMove(line) !== undefined);
    this.send('stop');
    await done;
  }

  setup(variant, { fen, moves }, options) {
    this.send(`setoption name UCI_Variant value ${variant}`);
    for (const [name, value] of Object.entries(options)) this.send(`setoption name ${name} value ${value}`);
    this.send(`position fen ${fen}${moves.length ? ` moves ${moves.join(' ')}` : ''}`);
  }

  /** A new game: the engine forgets what it learnt. */
  newGame() {
    return this.queue(async () => {
      await this.stopSearch();
      this.send('ucinewgame');
    });
  }

  /** Analyses the position until the next request; `onInfo` gets each report. */
  analyse(variant, position, multipv, onInfo) {
    return this.queue(async () => {
      await this.stopSearch();
      this.setup(variant, position, { 'Skill Level': 20, MultiPV: multipv });
      this.onInfo = onInfo;
      this.searching = true;
      this.send('go infinite');
    });
  }

  /** Kaiser's move at play level `level` (null when it has none); `onInfo` gets the reports. */
  play(variant, position, level, onInfo = null) {
    return this.queue(async () => {
      await this.stopSearch();
      const { skill, movetime, depth } = LEVELS[level];
      this.setup(variant, position, { 'Skill Level': skill, MultiPV: 1 });
      this.onInfo = onInfo;
      this.searching = true;
      const best = this.expect((line) => parseBestMove(line) !== undefined);
      this.send(`go movetime ${movetime} depth ${depth}`);
      return parseBestMove(await best);
    });
  }

  /** Stops whatever the engine is doing. */
  halt() {
    return this.queue(() => this.stopSearch());
  }
}
