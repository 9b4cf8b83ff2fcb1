// The error-leak loops of tests/js/leaks.test.mjs in headless Chromium: every kind of rejected call,
// 2,000 times in one page, leaves the wasm heap and stack exactly where they were, and the module still works.
// A leak of even one byte a call shows as unequal heap or stack counts; ARGMAX_LEAK_COUNT raises the count.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, missing, openDemo } from './browser.mjs';

const skip = missing() ?? false;
const COUNT = Number(process.env.ARGMAX_LEAK_COUNT ?? 2_000);
const kindsSource = readFileSync(new URL('../js/error-kinds.mjs', import.meta.url), 'utf8');
let b, names = [];

before(async () => {
  if (skip) return;
  b = await launch();
  await openDemo(b);
  names = await b.page.evaluate(async (source) => {
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const kinds = await import(url);
    const am = await (await import('/bindings/js/index.js')).init();
    window.leakTest = { am, kinds, list: kinds.errorKinds(am) };
    return window.leakTest.list.map((k) => k.name);
  }, kindsSource);
});
after(async () => {
  await b?.close();
});

test(`every kind of rejected call, ${COUNT} times each in Chromium, leaks no heap or stack`, { skip }, async () => {
  assert.ok(names.length >= 20, `only ${names.length} error kinds`);
  for (const [i, name] of names.entries()) {
    const r = await b.page.evaluate(([k, count]) => {
      const { am, kinds, list } = window.leakTest;
      const result = kinds.repeatError(am, list[k], count);
      return { ...result, health: kinds.healthCheck(am) };
    }, [i, COUNT]);
    assert.equal(r.mismatches, 0, `${name}: errors that did not say what was wrong`);
    assert.equal(r.after.heapInUse, r.before.heapInUse, `${name}: heap bytes in use`);
    assert.equal(r.after.stackInUse, r.before.stackInUse, `${name}: stack depth`);
    assert.equal(r.health, 1, `${name}: the module trains and predicts afterwards`);
  }
  assert.deepEqual(b.problems, []);
});
