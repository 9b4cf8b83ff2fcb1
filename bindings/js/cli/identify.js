// `argmax identify`: the language of each paragraph of a text from stdin, by the shipped language identifier or a
// saved one (a text classifier of one label per text, such as make-languages.mjs makes).
//   argmax identify --pretrained languages < text.txt     one line a paragraph: "code<TAB>probability"
//   argmax identify --pretrained languages --top 3 < t    the 3 most probable: "code<TAB>p<TAB>code<TAB>p…"
//   argmax identify --model languages.bin --json < t     one JSON line a paragraph: { start, end, top: [{ language, probability }] }
// Paragraphs are read as `argmax tag` reads them: blank lines separate them, or, in a text without blank lines,
// line breaks.
import { readFileSync } from 'node:fs';
import { paragraphs } from '../api/auto-upos.js';

export const identifierNames = ['languages'];

export async function identifierFor(am, { pretrained, model }) {
  if (model !== undefined) return am.pretrained.languageIdentifier({ model: readFileSync(model) });
  if (!identifierNames.includes(pretrained)) throw new Error(`unknown pretrained identifier '${pretrained}' (known: ${identifierNames.join(', ')})`);
  return am.pretrained.languageIdentifier();
}

// Output lines for the paragraphs of `text`.
export function identifyLines(identifier, text, { top = 1, json = false } = {}) {
  return paragraphs(text).map(([start, end]) => {
    const ranked = identifier.top(text.slice(start, end), top);
    if (json) return JSON.stringify({ start, end, top: ranked });
    return ranked.map(({ language, probability }) => `${language}\t${probability.toFixed(4)}`).join('\t');
  });
}
