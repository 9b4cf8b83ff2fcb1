// Where the bytes of a wasm module go, by component: each src/<dir> of the core, the bindings, code shared by
// several of them (templates instantiated in more than one object), libc++ (its iostream/locale part apart),
// libc, the Embind and Emscripten runtime, and the data section. Prints one table per module.
//   node bench/module-size.mjs [--build build/wasm] [--modules argmax,argmax-multiclass,argmax-sequence,argmax-tagger,argmax-ranking] [--top 15] [--files]
// --files: one row per source file instead of per folder.
// How: each module is linked again as the build links it, with --profiling-funcs (a name section of mangled
// names; the code is the same, which the table checks against dist/), and each function is given to the object
// files of the build that define its symbol (llvm-nm); wasm-opt's copies ("f.1") count with their original. A
// function no object defines comes from the system libraries, told apart by its demangled name.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const build = join(root, arg('build', 'build/wasm'));
const modules = arg('modules', 'argmax,argmax-multiclass,argmax-sequence,argmax-tagger,argmax-ranking').split(',');
const top = Number(arg('top', '15'));
const byFile = process.argv.includes('--files');
const targets = { argmax: 'argmax_wasm', 'argmax-multiclass': 'argmax_multiclass_wasm', 'argmax-sequence': 'argmax_sequence_wasm', 'argmax-tagger': 'argmax_tagger_wasm', 'argmax-ranking': 'argmax_ranking_wasm', 'argmax-search': 'argmax_search_wasm', 'argmax-search-train': 'argmax_search_train_wasm' };
const env = { ...process.env, NODE_PATH: '/usr/share/nodejs' };
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

// ---- the wasm binary: section sizes and function bodies with their names
function readWasm(bytes) {
  let p = 8;
  const leb = () => {
    let r = 0, s = 0, x;
    do { x = bytes[p++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80);
    return r;
  };
  const name = () => { const n = leb(); const s = bytes.toString('utf8', p, p + n); p += n; return s; };
  const sections = new Map(), bodies = [], names = new Map();
  const SECTION = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count', 'tag'];
  let imports = 0;
  while (p < bytes.length) {
    const id = bytes[p++];
    const size = leb();
    const end = p + size;
    let label = SECTION[id] ?? `section ${id}`;
    if (id === 0) {
      label = `custom:${name()}`;
      if (label === 'custom:name') {
        while (p < end) {
          const sub = bytes[p++], subEnd = leb() + p;
          if (sub === 1) for (let i = leb(); i > 0; --i) { const index = leb(); names.set(index, name()); }
          p = subEnd;
        }
      }
    } else if (id === 2) {
      for (let i = leb(); i > 0; --i) {
        name(), name();
        const kind = bytes[p++];
        if (kind === 0) leb(), imports++;
        else if (kind === 1) { p++; if (bytes[p++] & 1) leb(); leb(); }
        else if (kind === 2) { if (bytes[p++] & 1) leb(); leb(); }
        else if (kind === 3) p += 2;
        else if (kind === 4) p++, leb();
      }
    } else if (id === 10) {
      for (let i = leb(); i > 0; --i) { const n = leb(); bodies.push(n); p += n; }
    }
    sections.set(label, (sections.get(label) ?? 0) + size);
    p = end;
  }
  return { sections, functions: bodies.map((size, i) => ({ size, name: names.get(imports + i) ?? `function ${i}` })) };
}

// ---- which objects define which names
function objectsOf(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/\.c(pp)?\.o$/.test(e.name)) out.push(join(d, e.name));  // the C++ and the C (Snowball's) objects
    }
  };
  walk(dir);
  return out;
}
// 'src/sequence' for …/argmax_core.dir/src/sequence/viterbi.cpp.o, 'bindings' for a binding object.
const componentOfObject = (path) => {
  const rel = relative(build, path).replace(/^CMakeFiles\/[^/]+\.dir\//, '');
  if (byFile) return rel.replace(/\.c(pp)?\.o$/, '');
  return rel.startsWith('src/') ? rel.split('/').slice(0, 2).join('/') : rel.split('/')[0];
};
function definitions() {
  const defs = new Map();
  const objects = [...objectsOf(join(build, 'CMakeFiles/argmax_core.dir')), ...objectsOf(join(build, 'CMakeFiles/argmax_bindings.dir'))];
  for (const object of objects) {
    const component = componentOfObject(object);
    const text = execFileSync('llvm-nm', ['--defined-only', object], { encoding: 'utf8', maxBuffer: 1 << 28 });
    for (const line of text.split('\n')) {
      const m = /^\S*\s+[TtWw]\s+(.*)$/.exec(line);
      if (!m) continue;
      if (!defs.has(m[1])) defs.set(m[1], new Set());
      defs.get(m[1]).add(component);
    }
  }
  return defs;
}

// ---- functions no object of the build defines: the system libraries
const IOSTREAM = /\b(basic_(i|o|io)?stream|basic_(string|stream)buf|basic_ios|ios_base|locale|num_get|num_put|money_(get|put)|moneypunct|time_(get|put)|__time_|codecvt|ctype|numpunct|collate|messages|__num_(get|put)|__stdinbuf|__stdoutbuf|use_facet|has_facet|__money_|__codecvt|wcout|wcin|wcerr|wclog|cout|cerr|clog|cin)\b/;
function systemComponent(name) {
  if (/^(emscripten::|_embind|__embind|embind_|\w*emval)/.test(name) || name.includes('emscripten::internal')) return 'runtime: Embind';
  if (/^(std::|__cxxabiv1|__cxa_|__gxx_|__dynamic_cast|operator new|operator delete|typeinfo|vtable)/.test(name)) {
    return IOSTREAM.test(name) ? 'libc++: iostream and locale' : 'libc++ and libc++abi';
  }
  if (/^(emscripten_|_emscripten|__wasm|stack|__set_stack|__get_stack|dynCall|__funcs_on_exit|__errno)/.test(name)) return 'runtime: Emscripten';
  return 'libc (musl, dlmalloc)';
}

const bare = (name) => name.replace(/(\.\d+)+$/, '');
function demangle(functions) {
  const text = execFileSync('llvm-cxxfilt', { input: functions.map((f) => bare(f.name)).join('\n'), encoding: 'utf8', maxBuffer: 1 << 28 });
  text.split('\n').forEach((line, i) => { if (i < functions.length) functions[i].demangled = line; });
}

function attribute(functions, defs) {
  const bySize = new Map(), unmatched = [];
  const add = (key, n) => bySize.set(key, (bySize.get(key) ?? 0) + n);
  for (const { size, name, demangled } of functions) {
    const where = defs.get(bare(name));
    if (!where) {
      add(systemComponent(demangled), size);
      if (/argmax::/.test(demangled)) unmatched.push({ size, name });
      continue;
    }
    const dirs = [...where].sort();
    add(dirs.length === 1 ? dirs[0] : `shared: ${dirs.join(' + ')}`, size);
  }
  return { bySize, unmatched };
}

function relink(module, out) {
  const dir = join(build, 'CMakeFiles', `${targets[module]}.dir`);
  const link = readFileSync(join(dir, 'link.txt'), 'utf8').trim();
  const command = link.replace(/ -o \S+/, ` -o ${join(out, `${module}.mjs`)}`) + ' --profiling-funcs -Wl,--no-demangle';
  execFileSync('sh', ['-c', command], { cwd: build, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return readFileSync(join(out, `${module}.wasm`));
}

const kb = (n) => (n / 1000).toFixed(1);
const shared = (key) => key.startsWith('shared: ');

function report(module, defs) {
  const shipped = readFileSync(join(root, 'dist', `${module}.wasm`));
  const glue = readFileSync(join(root, 'dist', `${module}.mjs`));
  const out = mkdtempSync(join(tmpdir(), 'argmax-size-'));
  try {
    const profiled = readWasm(relink(module, out));
    demangle(profiled.functions);
    const { sections } = readWasm(shipped);
    const code = sections.get('code'), data = sections.get('data') ?? 0;
    if (profiled.sections.get('code') !== code) {
      console.log(`(the profiled link's code section is ${profiled.sections.get('code')} B, dist's ${code} B: the figures are approximate)`);
    }
    const { bySize, unmatched } = attribute(profiled.functions, defs);
    // several objects of one component: that component; of several: one row for all such code
    const rows = new Map();
    for (const [key, n] of bySize) {
      const dirs = shared(key) ? new Set(key.slice(8).split(' + ')) : null;
      const row = !dirs ? key : dirs.size === 1 ? [...dirs][0] : 'shared: templates in several components';
      rows.set(row, (rows.get(row) ?? 0) + n);
    }
    const other = shipped.length - code - data;
    rows.set('data section (constants, tables, strings)', data);
    rows.set('other sections (types, imports, exports, tables)', other);
    console.log(`\n### ${module}.wasm: ${shipped.length.toLocaleString('en')} B, ${gzip(shipped).toLocaleString('en')} B gzip -9; ` +
      `glue ${module}.mjs ${glue.length.toLocaleString('en')} B, ${gzip(glue).toLocaleString('en')} B gzip -9\n`);
    console.log('| component | KB | share |\n|---|---:|---:|');
    for (const [key, n] of [...rows].sort((a, b) => b[1] - a[1])) {
      console.log(`| ${key} | ${kb(n)} | ${(100 * n / shipped.length).toFixed(1)}% |`);
    }
    if (top > 0) {
      console.log(`\nLargest functions (of ${profiled.functions.length}):\n`);
      console.log('| B | function | component |\n|---:|---|---|');
      for (const f of [...profiled.functions].sort((a, b) => b.size - a.size).slice(0, top)) {
        const where = defs.get(bare(f.name));
        const name = f.demangled.length > 110 ? `${f.demangled.slice(0, 107)}…` : f.demangled;
        console.log(`| ${f.size} | \`${name.replace(/\|/g, '\\|')}\` | ${where ? [...where].sort().join(' + ') : systemComponent(f.demangled)} |`);
      }
    }
    if (unmatched.length) {
      const total = unmatched.reduce((s, f) => s + f.size, 0);
      console.log(`\n(${unmatched.length} functions of argmax, ${kb(total)} KB, have names no object defines; counted with the system libraries)`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

for (const module of modules) {
  if (!targets[module]) throw new Error(`module-size: unknown module '${module}' (${Object.keys(targets).join(', ')})`);
  if (!existsSync(join(root, 'dist', `${module}.wasm`))) throw new Error(`dist/${module}.wasm is not built (node .ci/build.mjs --wasm --no-tests)`);
}
const defs = definitions();
for (const module of modules) report(module, defs);
