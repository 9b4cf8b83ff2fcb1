// Builds the native core with its benchmark drivers and Catch2 suite (build/native), and the wasm module
// (dist/) with the same Catch2 suite compiled to wasm (build/wasm, run under Node by ctest).
//   node .ci/build.mjs [--native] [--wasm] [--no-tests] [--demo]   (both, with tests, by default)
// The npm package needs only `--wasm --no-tests` (every module: dist/argmax, argmax-sequence, argmax-tagger, argmax-ranking);
// the demo only `--wasm --no-tests --demo` (dist/argmax, and dist/argmax-search-train for its search section).
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tests = !process.argv.includes('--no-tests');
const demo = process.argv.includes('--demo');
const only = process.argv.slice(2).filter((a) => a !== '--no-tests' && a !== '--demo');
const want = (what) => only.length === 0 || only.includes(`--${what}`);
for (const flag of only) {
  if (!['--native', '--wasm'].includes(flag)) throw new Error(`build.mjs: unknown flag ${flag} (--native, --wasm, --no-tests, --demo)`);
}
const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
const jobs = process.env.ARGMAX_JOBS ?? '2';
const testFlag = `-DARGMAX_TESTS=${tests ? 'ON' : 'OFF'}`;

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit', cwd: root, env });
}

if (want('native')) {
  run(`cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release ${testFlag}`);
  run(`cmake --build build/native -j${jobs}`);
}
if (want('wasm')) {
  run(`emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release ${testFlag}`);
  run(`cmake --build build/wasm -j${jobs} --target ${demo ? 'argmax_wasm argmax_search_train_wasm' : 'argmax_modules'}${tests ? ' argmax_tests' : ''}`);
}
