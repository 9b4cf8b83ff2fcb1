// The same seed gives the same model bytes in Chromium as in Node (SHA-256 of the saved bytes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, missing } from './browser.mjs';
import { init } from '../../bindings/js/index.js';
import { savedDigests } from '../js/determinism-cases.mjs';

const skip = missing() ?? false;
let b;
before(async () => {
  if (!skip) b = await launch();
});
after(async () => {
  await b?.close();
});

test('seeded multiclass, sequence and ranking models save identical bytes in Chromium and Node', { skip }, async () => {
  const inNode = await savedDigests(await init());
  await b.page.goto(`${b.url}web/?manual`);
  const source = readFileSync(new URL('../js/determinism-cases.mjs', import.meta.url), 'utf8');
  const inChromium = await b.page.evaluate(async (text) => {
    const cases = await import(URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
    return cases.savedDigests(await (await import('/bindings/js/index.js')).init());
  }, source);
  assert.equal(Object.keys(inNode).length, 5);
  assert.deepEqual(inChromium, inNode);
  assert.deepEqual(b.problems, []);
});
