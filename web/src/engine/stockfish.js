// Kaiser with the JavaScript API of Fairy-Stockfish's WebAssembly build (npm
// `fairy-stockfish-nnue.wasm`), as pychess uses it: `Stockfish()` gives a promise of the engine,
// which has `postMessage(line)`, `addMessageListener(fn)`, `removeMessageListener(fn)` and
// `terminate()`. The engine runs in a Web Worker (worker.js); lines go to it through a
// SharedArrayBuffer queue, so `stop` and `isready` reach a running search. That needs a
// cross-origin isolated page (COOP same-origin, COEP require-corp), as Fairy-Stockfish's threads
// do. The worker and the module are looked for beside this script, or where `options` says.

import { LineQueue, createQueueBuffer } from './queue.js';

const scriptUrl = typeof document !== 'undefined' && document.currentScript ? document.currentScript.src : self.location.href;

function Stockfish(options = {}) {
  const workerUrl = options.workerUrl ?? new URL('kaiser.worker.js', scriptUrl).href;
  const wasmUrl = options.wasmUrl ?? new URL('kaiser.wasm', scriptUrl).href;
  return new Promise((resolve, reject) => {
    if (typeof SharedArrayBuffer !== 'function' || !globalThis.crossOriginIsolated) {
      reject(new Error('Kaiser needs a cross-origin isolated page (COOP same-origin, COEP require-corp)'));
      return;
    }
    const buffer = createQueueBuffer();
    const queue = new LineQueue(buffer);
    const worker = new Worker(workerUrl);
    const listeners = [];
    const pending = []; // lines waiting for room in the queue
    const flush = () => {
      while (pending.length > 0 && queue.push(pending[0])) pending.shift();
      worker.postMessage({ type: 'wake' });
      if (pending.length > 0) setTimeout(flush, 5);
    };
    const print = (line) => {
      if (listeners.length === 0) console.log(line);
      for (const listener of [...listeners]) listener(line);
    };
    const engine = {
      postMessage(message) {
        pending.push(...String(message).split(/\r?\n/));
        flush();
      },
      addMessageListener(listener) {
        listeners.push(listener);
      },
      removeMessageListener(listener) {
        const i = listeners.indexOf(listener);
        if (i >= 0) listeners.splice(i, 1);
      },
      terminate() {
        worker.terminate();
      },
    };
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === 'line') print(message.line);
      else if (message.type === 'ready') resolve(engine);
      else if (message.type === 'error') reject(new Error(message.message));
    };
    worker.onerror = (event) => reject(new Error(event.message || 'the engine worker failed'));
    worker.postMessage({ type: 'init', buffer, wasmUrl });
  });
}

globalThis.Stockfish = Stockfish;
