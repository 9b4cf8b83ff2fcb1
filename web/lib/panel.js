// The training strip every section shares: a progress bar, a Stop button and a status line.
// Training runs in the section's worker; this only shows it and asks it to stop.
import { gracefulStop } from './runtime.js';

export class TrainingPanel {
  constructor(root, worker) {
    this.worker = worker;
    this.bar = root.querySelector('progress');
    this.stopButton = root.querySelector('button.stop');
    this.status = root.querySelector('.status');
    this.job = null;
    this.stopButton.disabled = true;
    this.stopButton.addEventListener('click', () => this.stop());
  }

  get busy() { return this.job !== null; }

  say(text, kind = '') {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  stop() {
    if (!this.job) return;
    this.say(gracefulStop ? 'stopping after this epoch…' : 'cancelling…');
    this.job.stop();
  }

  // Trains spec in the worker; resolves with the result ({ bytes, stopped, progress, epochs, milliseconds }),
  // or null when cancelled or failed (the status line says why). epochs: the expected count, for the bar.
  async run(spec, { epochs, label = 'training', onProgress } = {}) {
    if (this.job) this.job.cancel();
    this.bar.value = 0;
    this.bar.max = epochs ?? 1;
    this.bar.removeAttribute('value');   // indeterminate until the first epoch reports
    this.stopButton.disabled = false;
    this.say(`${label}…`);
    const job = this.worker.train(spec, {
      onProgress: (p) => {
        if (this.job !== job) return;
        this.bar.value = Math.min(p.epoch, this.bar.max);
        const err = Number.isFinite(p.trainingError) ? `, training error ${(100 * p.trainingError).toFixed(1)}%` : '';
        this.say(`${label}: epoch ${p.epoch}${epochs ? ` of ${epochs}` : ''}${err}`);
        onProgress?.(p);
      },
    });
    this.job = job;
    try {
      const result = await job;
      this.bar.value = this.bar.max;
      return result;
    } catch (e) {
      if (this.job === job) {   // (a job replaced by a newer one says nothing)
        if (e.name === 'AbortError') this.say('training cancelled: the model so far was discarded', 'warn');
        else this.say(`error: ${e.message}`, 'error');
        this.bar.value = 0;
      }
      return null;
    } finally {
      if (this.job === job) {
        this.job = null;
        this.stopButton.disabled = true;
      }
    }
  }
}

// The strip's markup, for sections built in JS.
export function panelMarkup() {
  return `<div class="training"><progress max="1" value="0"></progress><button class="stop" type="button">Stop</button><span class="status" role="status"></span></div>`;
}
