// Messages between the workers of one job over MessagePorts (pool.js peerPorts): each worker sends one message
// to every other and takes one from each, oldest first (a fast peer may send its next before this worker has
// taken the last one).
export class Peers {
  #ports;
  #index;
  #inbox;
  #waiting = null;

  // ports: this worker's port to every other (null at its own index).
  constructor(ports, index) {
    this.#ports = ports;
    this.#index = index;
    this.#inbox = ports.map(() => []);
    ports.forEach((port, k) => {
      if (!port) return;
      const receive = (message) => {
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
