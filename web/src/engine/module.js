// Loading Kaiser's WebAssembly module and talking to its exports (see crates/wasm/src/host.rs
// for the interface): the imports it needs (clock, random bytes, output lines, lines that came
// during a search), and strings in and out of its memory. Used by the engine's worker and, for
// the board's rules, on the page itself.

/**
 * Instantiates the module at `url`. `onLine(text)` receives each output line; `queue` (a
 * LineQueue, in the engine's worker) gives the lines that arrive during a search, which the
 * module reads through its `next_line` import (see `host.rs`); without it none arrive.
 */
export async function loadKaiser(url, { onLine = () => {}, queue = null } = {}) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  const module = await WebAssembly.compileStreaming(response);
  let memory = null;
  const bytes = (ptr, len) => new Uint8Array(memory.buffer, ptr, len);
  const decoder = new TextDecoder();
  const kaiser = {
    now_ms: () => performance.now(),
    random: (ptr, len) => crypto.getRandomValues(bytes(ptr, len)),
    output: (ptr, len) => onLine(decoder.decode(bytes(ptr, len).slice())),
    next_line: (ptr, cap, waitMs) => {
      if (!queue) return -1;
      const length = queue.peekLength(waitMs);
      if (length < 0 || length > cap) return length;
      bytes(ptr, length).set(queue.takeBytes());
      return length;
    },
  };
  // chrono (through vampirc-uci) links a few of wasm-bindgen's placeholders that the build's
  // clean-up (web/build.mjs) cannot drop; nothing calls them, so each only reports the call.
  const imports = { kaiser };
  for (const { module: name, name: field } of WebAssembly.Module.imports(module)) {
    if (name === 'kaiser') continue;
    imports[name] ??= {};
    imports[name][field] = () => {
      throw new Error(`Kaiser's module called the missing import ${name}.${field}`);
    };
  }
  const instance = await WebAssembly.instantiate(module, imports);
  memory = instance.exports.memory;
  return new KaiserModule(instance.exports);
}

export class KaiserModule {
  constructor(exports) {
    this.exports = exports;
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  /** Writes `text` to the module's I/O buffer; returns its length in bytes. */
  put(text) {
    const bytes = this.encoder.encode(text);
    const ptr = this.exports.kaiser_io(bytes.length);
    new Uint8Array(this.exports.memory.buffer, ptr, bytes.length).set(bytes);
    return bytes.length;
  }

  /** Starts the engine: output goes to `onLine` from now on. */
  start() {
    this.exports.kaiser_start();
  }

  /** Handles one UCI line (a `go` returns after its `bestmove`); false once `quit` came. */
  line(text) {
    return this.exports.kaiser_line(this.put(text)) !== 0;
  }

  /** The rules' answer to `request` (an object; see crates/wasm/src/rules.rs). */
  rules(request) {
    const length = this.exports.kaiser_rules(this.put(JSON.stringify(request)));
    const ptr = this.exports.kaiser_io(0);
    const text = this.decoder.decode(new Uint8Array(this.exports.memory.buffer, ptr, length).slice());
    return JSON.parse(text);
  }
}
