// Nothing leaks. Every kind of error the core raises, 2,000 times in one process, leaves the wasm heap's
// bytes in use and the stack depth exactly where they were, and the module still trains and predicts. The counts
// are exact, so one byte a call shows; ARGMAX_LEAK_COUNT=200000 makes it a soak test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';
import { errorKinds, healthCheck, repeatError, tinyModels } from './error-kinds.mjs';

const COUNT = Number(process.env.ARGMAX_LEAK_COUNT ?? 2_000);
const am = await init();

for (const kind of errorKinds(am)) {
  test(`${kind.name}: ${COUNT} rejected calls leak no heap or stack`, () => {
    const { before, after, mismatches } = repeatError(am, kind, COUNT);
    assert.equal(mismatches, 0, `errors that did not match ${kind.message}`);
    assert.equal(after.heapInUse, before.heapInUse, 'heap bytes in use');
    assert.equal(after.stackInUse, before.stackInUse, 'stack depth');
    assert.equal(healthCheck(am), 1);
  });
}

test('100 create/fit/save/load/dispose cycles of every model class return the heap to where it was', () => {
  for (const [name, train] of Object.entries(tinyModels(am))) {
    const cycle = () => {
      const model = train(), again = am.load(model.save());
      model.dispose();
      again.dispose();
    };
    cycle();
    const before = am.memoryUsage();
    for (let i = 0; i < 100; ++i) cycle();
    assert.equal(am.memoryUsage().heapInUse, before.heapInUse, `${name}: heap bytes in use`);
  }
});
