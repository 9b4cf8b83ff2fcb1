// `argmax tag`: tags text from stdin with a saved or shipped sequence tagger.
//   argmax tag --pretrained english-upos < text.txt      one sentence per line → "word/TAG word/TAG …"
//   argmax tag --model pos.bin --input tokens < t.txt    one token per line, blank line between sentences
//                                                        → "token<TAB>TAG" lines, as read
const PRETRAINED = { 'english-upos': (am) => am.pretrained.englishUpos() };

export const pretrainedNames = Object.keys(PRETRAINED);

export async function taggerFor(am, { pretrained, model }, loadModel) {
  if (model !== undefined) {
    const tagger = loadModel(model);
    if (!tagger.tag || typeof tagger.lexiconWords !== 'number') throw new Error(`--model ${model} is not a token tagger`);
    return tagger;
  }
  const make = PRETRAINED[pretrained];
  if (!make) throw new Error(`unknown pretrained model '${pretrained}' (known: ${pretrainedNames.join(', ')})`);
  return make(am);
}

// Sentences of the input, tagged, as output lines.
export function tagText(am, tagger, text, input) {
  if (input === 'tokens') {
    const sentences = text.split(/\r?\n[ \t]*\r?\n/).map((block) => block.split(/\r?\n/).map((t) => t.trim()).filter(Boolean))
      .filter((s) => s.length);
    return tagger.tag(sentences).map((tags, i) => sentences[i].map((t, j) => `${t}\t${tags[j]}`).join('\n') + '\n');
  }
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();  // the text's last newline ends a line, it starts none
  const sentences = lines.map((line) => am.io.tokenize(line));
  return tagger.tag(sentences).map((tags, i) => sentences[i].map((t, j) => `${t}/${tags[j]}`).join(' '));
}
