// The first build of a search index in a fresh process, what a page that indexes once pays, for argmax
// (argmax/search), MiniSearch 7 and Lunr 2, each at its defaults with title and text as the fields, on Cranfield
// and CACM. Every build is in a process of its own (the libraries alternated, --rounds times): the medians of the
// clock and of the process's CPU time (every thread: V8 compiles on background threads, which take the page's
// core when the machine has few), and the median of 5 later builds in the same process. bench/search.mjs times
// one first build per library in one process, beside the quality figures.
//   node bench/search-first-build.mjs [--data DIR] [--rounds 9] [--collections cranfield,cacm]
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCollection } from './ir-collections.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const dataDir = arg('data', join(root, '../shared/data'));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };

// Each: () → build(docs) → dispose.
const LIBRARIES = {
  argmax: async () => {
    const { init } = await import('../bindings/js/search.js');
    const am = await init();
    return (docs) => {
      const index = new am.SearchIndex({ fields: ['title', 'text'] });
      index.add(docs);
      return () => index.dispose();
    };
  },
  'MiniSearch 7': async () => {
    const { default: MiniSearch } = await import('minisearch');
    return (docs) => {
      new MiniSearch({ fields: ['title', 'text'] }).addAll(docs);
      return () => {};
    };
  },
  'Lunr 2': async () => {
    const { default: lunr } = await import('lunr');
    return (docs) => {
      lunr(function () {
        this.ref('id');
        this.field('title');
        this.field('text');
        for (const d of docs) this.add(d);
      });
      return () => {};
    };
  },
};

const child = process.argv.indexOf('--child');
if (child > 0) {
  // The library loads first and the collection is read after it, as a page fetches its documents.
  const [library, name] = process.argv.slice(child + 1);
  const build = await LIBRARIES[library]();
  const { docs } = readCollection(dataDir, name);
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
  const started = performance.now(), cpuStarted = cpu();
  const dispose = build(docs);
  const first = { ms: performance.now() - started, cpu: cpu() - cpuStarted };
  dispose();
  const later = Array.from({ length: 5 }, () => {
    const t = performance.now();
    const again = build(docs);
    const ms = performance.now() - t;
    again();
    return ms;
  });
  console.log(JSON.stringify({ ...first, later: median(later) }));
} else {
  const rounds = Number(arg('rounds', 9));
  console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}, Node ${process.versions.node}, ${rounds} processes per library and collection`);
  for (const name of arg('collections', 'cranfield,cacm').split(',')) {
    if (!readCollection(dataDir, name)) { console.log(`${name}: skipped, it is not in ${dataDir}`); continue; }
    const runs = Object.fromEntries(Object.keys(LIBRARIES).map((library) => [library, []]));
    for (let r = 0; r < rounds; ++r) {
      for (const library of Object.keys(LIBRARIES)) {
        const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--data', dataDir, '--child', library, name], { encoding: 'utf8' });
        if (out.status !== 0) throw new Error(`${library} on ${name}: ${out.stderr}`);
        runs[library].push(JSON.parse(out.stdout));
      }
    }
    const m = (library, key) => median(runs[library].map((run) => run[key]));
    console.log(`\n${name}: medians\n`);
    console.log('| library | first build ms | its process CPU ms | later builds ms | first build: time / argmax\'s | later builds: time / argmax\'s |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const library of Object.keys(LIBRARIES)) {
      console.log(`| ${library} | ${m(library, 'ms').toFixed(1)} | ${m(library, 'cpu').toFixed(1)} | ${m(library, 'later').toFixed(1)} | `
        + `${(m(library, 'ms') / m('argmax', 'ms')).toFixed(2)} | ${(m(library, 'later') / m('argmax', 'later')).toFixed(2)} |`);
    }
  }
  console.log(`\nload average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
}
