// Builds the native core, its tests and benchmark drivers (build/native), and the wasm module (dist/)
// with the same Catch2 suite compiled to wasm (build/wasm, run under Node by ctest).
//   node .ci/build.mjs [--native] [--wasm] [--no-wasm-tests]   (native and wasm with tests by default)
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2).filter((a) => a !== '--no-wasm-tests');
const want = (what) => only.length === 0 || only.includes(`--${what}`);
const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
const jobs = process.env.ARGMAX_JOBS ?? '2';

function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit', cwd: root, env });
}

if (want('native')) {
  run('cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release');
  run(`cmake --build build/native -j${jobs}`);
}
if (want('wasm')) {
  const tests = !process.argv.includes('--no-wasm-tests');
  run(`emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DARGMAX_TESTS=${tests ? 'ON' : 'OFF'}`);
  run(`cmake --build build/wasm -j${jobs} --target argmax_wasm${tests ? ' argmax_tests' : ''}`);
}
