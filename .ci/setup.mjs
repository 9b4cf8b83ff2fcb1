// Installs what the build needs when it is missing: Debian packages (as root) and npm packages.
// When not root, prints the exact command to run instead.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

//   node .ci/setup.mjs [--native] [--tests] [--browser] [--fuzz]   (the wasm module's needs by default)
const needs = [
  { pkg: 'emscripten', present: () => has('emcc') && has('em++') },
  { pkg: 'cmake', present: () => has('cmake') },
  { pkg: 'libeigen3-dev', present: () => existsSync('/usr/include/eigen3/Eigen/Core') },
];
if (process.argv.includes('--native')) needs.push({ pkg: 'g++', present: () => has('g++') });
if (process.argv.includes('--tests')) {
  needs.push({ pkg: 'catch2', present: () => existsSync('/usr/include/catch2/catch.hpp') });
}
if (process.argv.includes('--browser')) {
  needs.push({ pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') });
}
if (process.argv.includes('--fuzz')) {  // clang with libFuzzer and the sanitizers' runtimes (tests/fuzz)
  needs.push({ pkg: 'clang', present: () => has('clang++') });
  needs.push({ pkg: 'libclang-rt-dev', present: () => has('clang++') && existsSync(`${runtimeDir()}/libclang_rt.fuzzer-x86_64.a`) });
}

function has(command) {
  try { execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' }); return true; } catch { return false; }
}
function runtimeDir() {
  try { return execSync('clang++ --print-runtime-dir', { encoding: 'utf8' }).trim(); } catch { return ''; }
}
function run(command) {
  console.log(`$ ${command}`);
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const missing = needs.filter((n) => !n.present()).map((n) => n.pkg);
if (missing.length) {
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() === 0) {
    run('apt-get update');
    run(`apt-get install -y --no-install-recommends ${missing.join(' ')}`);
  } else {
    console.error(`argmax needs these Debian packages: ${missing.join(' ')}\nRun as root:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
}
if (!existsSync(new URL('../node_modules/.package-lock.json', import.meta.url))) {
  run('npm install --no-audit --no-fund');
}
