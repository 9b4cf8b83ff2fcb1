// Runs every test suite: the Catch2 suite (native and wasm), then the JS API and CLI tests (node:test on the wasm build).
import { execSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command) => {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit', cwd: root });
};

run('ctest --test-dir build/native --output-on-failure');
run('ctest --test-dir build/wasm --output-on-failure');  // the same Catch2 suite, compiled to wasm, under Node
const jsTests = readdirSync(new URL('../tests/js', import.meta.url)).filter((f) => f.endsWith('.test.mjs')).map((f) => `tests/js/${f}`);
run(`node --test --test-concurrency=2 ${jsTests.join(' ')}`);  // two files at a time: the leak loops run beside the rest
// Browser tests: the demo in headless Chromium (node .ci/setup.mjs --browser installs it).
const e2eTests = readdirSync(new URL('../tests/e2e', import.meta.url)).filter((f) => f.endsWith('.test.mjs')).map((f) => `tests/e2e/${f}`);
if (e2eTests.length) run(`node --test --test-concurrency=1 ${e2eTests.join(' ')}`);
// The libFuzzer targets, briefly, over their corpora (tests/fuzz/run.mjs; longer runs are in docs/reliability.md).
run(`node tests/fuzz/run.mjs --seconds ${process.env.ARGMAX_FUZZ_SECONDS ?? 15}`);
