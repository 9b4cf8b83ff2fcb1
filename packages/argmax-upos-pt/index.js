// The Portuguese UPOS tagger of argmax and its tokenizer (UD Portuguese Bosque; code MIT, models: see NOTICE).
//   import pt from 'argmax-upos-pt';  const tagger = await am.pretrained.upos(pt);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'pt',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
