// For the tests that hold wasm against the native build: bench_multiclass trains on 2-D points written as
// LIBSVM text, saves its model and prints its test predictions.
import { existsSync, writeFileSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tempDir } from './temp-dirs.mjs';

const driver = new URL('../../build/native/bench_multiclass', import.meta.url).pathname;

// A function (trainer, options) → { model: Uint8Array, predictions: number[], trainText }, or null after skipping
// the test when the native build is absent.
export function nativeMulticlass(t, train, test) {
  if (!existsSync(driver)) { t.skip('native build absent (run node .ci/build.mjs --native)'); return null; }
  const dir = tempDir('native');
  const text = ({ X, y }) => X.map((r, i) => `${y[i]} 1:${r[0]} 2:${r[1]}`).join('\n') + '\n';
  writeFileSync(join(dir, 'train.svm'), text(train));
  writeFileSync(join(dir, 'test.svm'), text(test));
  return (trainer, options) => {
    execFileSync(driver, [join(dir, 'train.svm'), join(dir, 'test.svm'), trainer, ...Object.entries(options).map(([k, v]) => `${k}=${v}`),
      '--save', join(dir, 'model.bin'), '--predictions', join(dir, 'pred.txt')]);
    return {
      model: new Uint8Array(readFileSync(join(dir, 'model.bin'))),
      predictions: readFileSync(join(dir, 'pred.txt'), 'utf8').trim().split('\n').map(Number),
      trainText: readFileSync(join(dir, 'train.svm'), 'utf8'),
    };
  };
}
