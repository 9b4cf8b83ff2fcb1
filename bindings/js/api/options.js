// Model options: checked in JS against the table the core declares (names, types, ranges), then sent to the
// core as "key=value" lines, where they are checked again by the same table. The vocabulary (the trainers, and
// the names and values of 0.1 that 0.2 replaced) comes from the core once, when the module loads.
import { optionsObject } from './inputs.js';

const vocabulary = { trainers: [], renamed: [], renamedValues: [] };
export function learnVocabulary(M) {
  vocabulary.trainers = M.trainerCatalogue();
  vocabulary.renamed = M.renamedOptions();
  vocabulary.renamedValues = M.renamedValues();
}
// Whether a trainer takes one example per step (sgd, pegasos, perceptron): parameter mixing applies to it.
export const isOnline = (trainer) => vocabulary.trainers.some((t) => t.name === trainer && t.online);
export const trainerCatalogue = () => vocabulary.trainers.map((t) => ({ ...t }));

// A model's option tables, one per trainer, read from the core once each (fetch(trainer) gives the JSON;
// fetch('') the default trainer's): table(trainer), checked(trainer), which names the known trainers when given
// another, and defaultTrainer, read from the tables' `trainer` option (the one place it is written).
export function trainerTables(fetch, owner) {
  const tables = new Map();
  const trainerSpec = JSON.parse(fetch('')).find((s) => s.name === 'trainer');
  const defaultTrainer = trainerSpec.default;
  const table = (trainer = defaultTrainer) => {
    if (!tables.has(trainer)) tables.set(trainer, JSON.parse(fetch(trainer)));
    return tables.get(trainer);
  };
  const checked = (trainer) => {
    if (!trainerSpec.choices.includes(trainer)) throw new TypeError(`unknown trainer '${trainer}' for ${owner} (known: ${trainerSpec.choices.join(', ')})`);
    return trainer;
  };
  return { table, checked, defaultTrainer, owner };
}

// An unknown option: a name that 0.2 replaced says what replaces it; any other lists the known names.
export function unknownOption(key, schema, owner) {
  const renamed = vocabulary.renamed.find((r) => r.old === key);
  if (renamed) return new TypeError(`option '${key}' was renamed in 0.2.0: use ${renamed.instead}`);
  return new TypeError(`unknown option '${key}' for ${owner} (known: ${schema.map((s) => s.name).join(', ')})`);
}

// A value of 0.1 that 0.2 replaced (learner 'svm-dcd'): an error that names the replacement.
export function refuseRenamedValue(option, value) {
  const renamed = vocabulary.renamedValues.find((r) => r.option === option && r.old === value);
  if (renamed) throw new TypeError(`${option} '${value}' was renamed in 0.2.0: use ${renamed.instead}`);
}

export function encodeOptions(schema, options, owner) {
  const byName = new Map(schema.map((s) => [s.name, s]));
  const lines = [];
  for (const [key, value] of Object.entries(optionsObject(options, `${owner} options`))) {
    if (value === undefined) continue;
    const spec = byName.get(key);
    if (!spec) throw unknownOption(key, schema, owner);
    lines.push(`${key}=${checkValue(spec, value)}`);
  }
  return lines.join('\n');
}

// The value an option takes: the one given, or its default (typed as decodeOptions types it).
export function optionValue(schema, options, name) {
  if (options[name] !== undefined) return options[name];
  const spec = schema.find((s) => s.name === name);
  return spec && decodeOptions(schema, `${name}=${spec.default}`)[name];
}

function checkValue(spec, value) {
  const name = spec.name;
  switch (spec.type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw new TypeError(`option '${name}' must be a boolean, got ${typeof value}`);
      return String(value);
    case 'choice':
      if (typeof value === 'string' && !spec.choices.includes(value)) refuseRenamedValue(name, value);
      if (typeof value !== 'string' || !spec.choices.includes(value)) throw new TypeError(`option '${name}' must be one of ${spec.choices.join(', ')}; got ${JSON.stringify(value)}`);
      return value;
    case 'text':
      if (typeof value !== 'string') throw new TypeError(`option '${name}' must be a string, got ${typeof value}`);
      if (/[\n\r]/.test(value)) throw new RangeError(`option '${name}' must be one line of text`);
      return value;
    case 'integers': {
      if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw new TypeError(`option '${name}' must be an array of integers, got ${typeof value}`);
      const list = Array.from(value);
      for (const v of list) {
        if (!Number.isInteger(v)) throw new TypeError(`option '${name}' must hold integers; got ${v}`);
        if (v < spec.min || v > spec.max) throw new RangeError(`option '${name}' must hold integers in [${spec.min}, ${spec.max}]; got ${v}`);
      }
      return list.join(',');
    }
    case 'numbers': {
      if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw new TypeError(`option '${name}' must be an array of numbers, got ${typeof value}`);
      const list = Array.from(value);
      for (const v of list) {
        if (typeof v !== 'number' || !Number.isFinite(v)) throw new TypeError(`option '${name}' must hold finite numbers; got ${v}`);
        if (v < spec.min || v > spec.max) throw new RangeError(`option '${name}' must hold numbers in [${spec.min}, ${spec.max}]; got ${v}`);
      }
      return list.join(',');
    }
    default: {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`option '${name}' must be a finite number, got ${typeof value === 'number' ? value : typeof value}`);
      if (spec.type === 'integer' && !Number.isInteger(value)) throw new TypeError(`option '${name}' must be an integer, got ${value}`);
      if (spec.min !== undefined && (value > spec.max || (spec.minOpen ? value <= spec.min : value < spec.min))) {
        const range = spec.max >= 1e300 ? `${spec.minOpen ? '>' : '≥'} ${spec.min}` : `in ${spec.minOpen ? '(' : '['}${spec.min}, ${spec.max}]`;
        throw new RangeError(`option '${name}' must be ${range}; got ${value}`);
      }
      return String(value);
    }
  }
}

// Parses the core's saved "key=value" lines back into an object with typed values.
export function decodeOptions(schema, text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (!line) continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq), value = line.slice(eq + 1);
    const type = schema.find((s) => s.name === key)?.type;
    out[key] = type === 'boolean' ? value === 'true' || value === '1'
      : type === 'integers' || type === 'numbers' ? (value ? value.split(',').map(Number) : [])
        : type === 'choice' || type === 'text' || type === undefined ? value : Number(value);
  }
  return out;
}

// Command-line "--set key=value" strings → typed option values (errors name the option).
export function parseOptionStrings(schema, strings, owner) {
  const out = {};
  for (const [key, text] of Object.entries(strings)) {
    const spec = schema.find((s) => s.name === key);
    if (!spec) throw unknownOption(key, schema, owner);
    if (spec.type === 'boolean') {
      if (!['true', 'false', '1', '0'].includes(text)) throw new TypeError(`option '${key}' must be true or false; got '${text}'`);
      out[key] = text === 'true' || text === '1';
    } else if (spec.type === 'choice' || spec.type === 'text') {
      out[key] = text;
    } else if (spec.type === 'integers') {
      const items = text === '' ? [] : text.split(',');
      if (!items.every((t) => /^\s*[+-]?\d+\s*$/.test(t))) throw new TypeError(`option '${key}' must be a comma-separated list of integers (e.g. 1,4,7); got '${text}'`);
      out[key] = items.map(Number);
    } else if (spec.type === 'numbers') {
      const items = text === '' ? [] : text.split(',');
      if (!items.every((t) => t.trim() !== '' && Number.isFinite(Number(t)))) throw new TypeError(`option '${key}' must be a comma-separated list of numbers (e.g. 2,0.5); got '${text}'`);
      out[key] = items.map(Number);
    } else {
      const v = Number(text);
      if (text.trim() === '' || !Number.isFinite(v)) throw new TypeError(`option '${key}' must be a number; got '${text}'`);
      out[key] = v;
    }
  }
  return out;
}
