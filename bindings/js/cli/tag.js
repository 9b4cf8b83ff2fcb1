// `argmax tag`: tags text from stdin with a saved or shipped sequence tagger.
//   argmax tag --pretrained english-upos < text.txt      raw text → one sentence a line, "word/TAG word/TAG …"
//   argmax tag --pretrained english-upos --format conllu < text.txt   → CoNLL-U (# sent_id, # text, multiword
//                                                        tokens, SpaceAfter=No), which UD's eval.py scores
//   argmax tag --model pos.bin --tokenizer tok.bin < t   a tagger with a tokenizer of its own (argmax train tokenizer)
//   argmax tag --model pos.bin --input tokens < t.txt    one token per line, blank line between sentences
//                                                        → "token<TAB>TAG" lines, as read
//   argmax tag --pretrained upos-pt < text.txt            the UPOS tagger of a language: upos-en is english-upos,
//                                                        upos-pt that of the installed package argmax-upos-pt
//   argmax tag --pretrained upos-auto < text.txt          each paragraph tagged by the tagger of its language
// Raw text is read as paragraphs: blank lines separate them, or, in a text without blank lines, line breaks.
import { UPOS_LANGUAGES } from '../api/pretrained.js';

const PRETRAINED = {
  'english-upos': (am) => am.pretrained.englishUpos(),
  ...Object.fromEntries(Object.keys(UPOS_LANGUAGES).map((code) => [`upos-${code}`, (am) => am.pretrained.upos(code)])),
  'upos-auto': (am) => am.pretrained.upos('auto'),
};

export const pretrainedNames = Object.keys(PRETRAINED);
export const formats = ['text', 'conllu'];

export async function taggerFor(am, { pretrained, model }, loadModel) {
  if (model !== undefined) {
    const tagger = loadModel(model);
    if (!tagger.tag || typeof tagger.lexiconWords !== 'number') throw new Error(`--model ${model} is not a token tagger`);
    return tagger;
  }
  const make = Object.hasOwn(PRETRAINED, pretrained) ? PRETRAINED[pretrained] : undefined;
  if (!make) throw new Error(`unknown pretrained model '${pretrained}' (known: ${pretrainedNames.join(', ')})`);
  return make(am);
}

// A sentence of tagText as CoNLL-U lines (the text's line breaks inside `# text` read as spaces). The tagger
// parses nothing: HEAD and DEPREL hold a placeholder tree (the first word the root, the others its 'dep'), which
// tools that require a tree, such as UD's eval.py, read.
function conlluSentence(text, words, id) {
  const first = words[0].multiword ?? words[0], last = words[words.length - 1].multiword ?? words[words.length - 1];
  const lines = [`# sent_id = ${id}`, `# text = ${text.slice(first.start, last.end).replace(/\s+/g, ' ')}`];
  const spaceAfter = (end) => (end < text.length && /\s/.test(text[end]) ? '_' : 'SpaceAfter=No');
  for (let j = 0; j < words.length; ++j) {
    const w = words[j], n = j + 1;
    if (w.multiword && (j === 0 || words[j - 1].multiword !== w.multiword)) {
      let k = j;
      while (k + 1 < words.length && words[k + 1].multiword === w.multiword) ++k;
      lines.push(`${n}-${k + 1}\t${w.multiword.text}\t_\t_\t_\t_\t_\t_\t_\t${spaceAfter(w.multiword.end)}`);
    }
    lines.push(`${n}\t${w.token}\t_\t${w.tag}\t_\t_\t${n === 1 ? '0\troot' : '1\tdep'}\t_\t${w.multiword ? '_' : spaceAfter(w.end)}`);
  }
  return lines.join('\n') + '\n';
}

// Sentences of the input, tagged, as output lines. tokenizer: an am.Tokenizer, or undefined for the tagger's own.
export function tagText(am, tagger, text, { input = 'text', format = 'text', tokenizer } = {}) {
  if (input === 'tokens') {
    const sentences = text.split(/\r?\n[ \t]*\r?\n/).map((block) => block.split(/\r?\n/).map((t) => t.trim()).filter(Boolean))
      .filter((s) => s.length);
    return tagger.tag(sentences).map((tags, i) => sentences[i].map((t, j) => `${t}\t${tags[j]}`).join('\n') + '\n');
  }
  const sentences = tagger.tagText(text, tokenizer ? { tokenizer } : undefined);
  if (format === 'conllu') return sentences.map((s, i) => conlluSentence(text, s, i + 1));
  return sentences.map((s) => s.map((w) => `${w.token}/${w.tag}`).join(' '));
}
