// The same seed gives the same model bytes in Chromium as in Node (SHA-256 of the saved bytes), also when
// training on several workers, by parameter mixing or exact parallel gradients (Web Workers there, worker_threads
// here).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, missing, openDemo, runInPage } from './browser.mjs';
import { init } from '../../bindings/js/index.js';
import { savedDigests } from '../js/determinism-cases.mjs';
import { mixedDigests } from '../js/parallel-cases.mjs';

const skip = missing() ?? false;
let b;
before(async () => {
  if (!skip) b = await launch();
});
after(async () => {
  await b?.close();
});

// Runs cases[name](am) in the page, cases being the module tests/js/<file>.
async function inChromium(file, name) {
  await openDemo(b);
  return runInPage(b.page, readFileSync(new URL(`../js/${file}`, import.meta.url), 'utf8'), name);
}

test('seeded multiclass, sequence and ranking models save identical bytes in Chromium and Node', { skip }, async () => {
  const inNode = await savedDigests(await init());
  const inPage = await inChromium('determinism-cases.mjs', 'savedDigests');
  assert.equal(Object.keys(inNode).length, 5);
  assert.deepEqual(inPage, inNode);
  assert.deepEqual(b.problems, []);
});

test('taggers (by mixing and by exact gradients), a multiclass model and a ranker trained on 2 and 3 workers save identical bytes in Chromium and Node', { skip }, async () => {
  const inNode = await mixedDigests(await init());
  const inPage = await inChromium('parallel-cases.mjs', 'mixedDigests');
  assert.equal(Object.keys(inNode).length, 6);
  assert.deepEqual(inPage, inNode);
  assert.deepEqual(b.problems, []);
});
