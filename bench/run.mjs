// Runs every benchmark (bench/*.mjs) one after another; each prints its own table and skips cleanly when
// its data in ../shared/data is absent. Needs the native build (node .ci/build.mjs) for the native columns.
//   node bench/run.mjs [name...]      e.g. node bench/run.mjs multiclass ranking
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here).filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.mjs', '')));
for (const file of benches) {
  console.log(`\n## ${file.replace('.mjs', '')}\n`);
  spawnSync(process.execPath, [here + file], { stdio: 'inherit' });
}
