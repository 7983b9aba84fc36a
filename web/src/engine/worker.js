// The engine's Web Worker: runs Kaiser's UCI session, one line at a time, on its own thread.
// Lines come through the shared queue (queue.js); a `wake` message says there is something to
// read when the worker is idle, and a running search reads the queue itself (`stop`, `isready`).
// Output lines go to the page as messages. A trap (a panic, which has already said `info string
// ERROR: ...`, or anything else) ends the engine, as a crash ends the native one.

import { LineQueue } from './queue.js';
import { loadKaiser } from './module.js';

let queue = null;
let engine = null;
let alive = true;

function drain() {
  let line;
  while (alive && (line = queue.pop()) !== null) {
    try {
      if (!engine.line(line)) {
        alive = false;
        self.postMessage({ type: 'quit' });
        self.close();
      }
    } catch (error) {
      alive = false;
      self.postMessage({ type: 'line', line: `info string ERROR: ${error}; the engine is terminated` });
    }
  }
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === 'init') {
    try {
      queue = new LineQueue(message.buffer);
      const onLine = (line) => self.postMessage({ type: 'line', line });
      engine = await loadKaiser(message.wasmUrl, { onLine, queue });
      engine.start();
      self.postMessage({ type: 'ready' });
    } catch (error) {
      self.postMessage({ type: 'error', message: String(error) });
    }
  } else if (message.type === 'wake' && engine) {
    drain();
  }
};
