// Messages between the workers of one job over MessagePorts (pool.js peerPorts): each worker sends one message
// to every other and takes one from each, oldest first (a fast peer may send its next before this worker has
// taken the last one). Large arrays travel in buffers that the reader gives back to be sent in again: a fresh
// ArrayBuffer the size of a slice of the weights at every message costs more than copying into an old one.
export class Peers {
  #ports;
  #index;
  #inbox;
  #waiting = null;
  #spare = [];   // ArrayBuffers the others gave back

  // ports: this worker's port to every other (null at its own index).
  constructor(ports, index) {
    this.#ports = ports;
    this.#index = index;
    this.#inbox = ports.map(() => []);
    ports.forEach((port, k) => {
      if (!port) return;
      const receive = (message) => {
        if (message?.givenBack) return void this.#spare.push(message.givenBack);
        this.#inbox[k].push(message);
        if (this.#waiting && this.#ready()) this.#waiting();
      };
      if (typeof port.on === 'function') port.on('message', receive);   // Node's MessagePort
      else port.onmessage = (e) => receive(e.data);
    });
  }

  get count() { return this.#ports.length; }
  get index() { return this.#index; }

  #ready() { return this.#inbox.every((queue, k) => k === this.#index || queue.length > 0); }

  // message to every other worker: its buffers (transfer) moved to the last one, copied to the rest.
  send(message, transfer) {
    const last = this.#ports.findLastIndex((p) => p);
    this.#ports.forEach((port, k) => port?.postMessage(message, k === last ? transfer : []));
  }

  // f(k) for every other worker k, by worker (undefined at this one's index).
  others(f) {
    return this.#ports.map((port, k) => (port ? f(k) : undefined));
  }

  // A copy of view (a Uint8Array) to send with its buffer transferred: in the smallest spare buffer it fits, else
  // in a new one with 1/16 to spare, for the next message's size (a spare one too small for it is dropped).
  copy(view) {
    let fit = -1;
    this.#spare.forEach((b, i) => { if (b.byteLength >= view.length && (fit < 0 || b.byteLength < this.#spare[fit].byteLength)) fit = i; });
    if (fit < 0) this.#spare.sort((a, b) => a.byteLength - b.byteLength).pop();
    const buffer = fit >= 0 ? this.#spare.splice(fit, 1)[0] : new ArrayBuffer(view.length + (view.length >> 4));
    const out = new Uint8Array(buffer, 0, view.length);
    out.set(view);
    return out;
  }

  // Gives worker k back the buffer of the copy it sent, once read.
  giveBack(k, copy) {
    this.#ports[k].postMessage({ givenBack: copy.buffer }, [copy.buffer]);
  }

  // message to worker k alone (its buffers transferred).
  sendTo(k, message, transfer) {
    this.#ports[k].postMessage(message, transfer);
  }

  // The next message of every other worker, by worker (null at this one's index).
  async receive() {
    if (!this.#ready()) await new Promise((resolve) => { this.#waiting = resolve; });
    this.#waiting = null;
    return this.#inbox.map((queue, k) => (k === this.#index ? null : queue.shift()));
  }
}
