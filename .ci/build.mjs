// Builds the native core, its tests and benchmark drivers (build/native) and the wasm module (dist/).
//   node .ci/build.mjs [--native] [--wasm]   (both by default)
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2);
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
  run('emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DARGMAX_TESTS=OFF');
  run(`cmake --build build/wasm -j${jobs} --target argmax_wasm`);
}
