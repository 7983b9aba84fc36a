// The lines the page sends to the engine, in a SharedArrayBuffer: the page writes (`push`), the
// worker reads (`pop`), even while it is busy in a synchronous search, which polls it. A ring of
// bytes, each line stored as its length (4 bytes, little-endian) and its UTF-8 bytes; the
// counters only grow (wrapping at 2^32), so used space is `write - read`.

const WRITE = 0; // bytes written so far
const READ = 1; // bytes read so far
const SEQ = 2; // bumped on every push; the reader waits on it
const HEADER_BYTES = 16;

/** The buffer to share between the page and the worker, holding `capacity` bytes of lines. */
export function createQueueBuffer(capacity = 1 << 16) {
  return new SharedArrayBuffer(HEADER_BYTES + capacity);
}

export class LineQueue {
  constructor(buffer) {
    this.ctrl = new Int32Array(buffer, 0, HEADER_BYTES / 4);
    this.data = new Uint8Array(buffer, HEADER_BYTES);
    this.encoder = new TextEncoder();
    this.decoder = new TextDecoder();
  }

  used() {
    return (Atomics.load(this.ctrl, WRITE) - Atomics.load(this.ctrl, READ)) >>> 0;
  }

  /** Queues `line`; false if there is no room for it now. */
  push(line) {
    const bytes = this.encoder.encode(line);
    const need = 4 + bytes.length;
    if (need > this.data.length - this.used()) return false;
    const write = Atomics.load(this.ctrl, WRITE) >>> 0;
    const length = new Uint8Array(new Uint32Array([bytes.length]).buffer);
    this.copyIn(write, length);
    this.copyIn(write + 4, bytes);
    Atomics.store(this.ctrl, WRITE, (write + need) | 0);
    Atomics.add(this.ctrl, SEQ, 1);
    Atomics.notify(this.ctrl, SEQ);
    return true;
  }

  /** The length in bytes of the next line, waiting up to `waitMs` for one; -1 if none came. */
  peekLength(waitMs = 0) {
    const seq = Atomics.load(this.ctrl, SEQ);
    if (this.used() === 0) {
      if (waitMs <= 0) return -1;
      Atomics.wait(this.ctrl, SEQ, seq, waitMs);
      if (this.used() === 0) return -1;
    }
    const read = Atomics.load(this.ctrl, READ) >>> 0;
    return new Uint32Array(this.copyOut(read, 4).buffer)[0];
  }

  /** Takes the next line's bytes (call after `peekLength` said there is one). */
  takeBytes() {
    const read = Atomics.load(this.ctrl, READ) >>> 0;
    const length = new Uint32Array(this.copyOut(read, 4).buffer)[0];
    const bytes = this.copyOut(read + 4, length);
    Atomics.store(this.ctrl, READ, (read + 4 + length) | 0);
    return bytes;
  }

  /** The next line, or null if none is queued. */
  pop() {
    return this.peekLength(0) < 0 ? null : this.decoder.decode(this.takeBytes());
  }

  copyIn(at, bytes) {
    const n = this.data.length;
    for (let i = 0; i < bytes.length; i++) this.data[(at + i) % n] = bytes[i];
  }

  copyOut(at, length) {
    const n = this.data.length;
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.data[(at + i) % n];
    return out;
  }
}
