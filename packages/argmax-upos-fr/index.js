// The French UPOS tagger of argmax and its tokenizer (UD French Sequoia; code MIT, models: see NOTICE).
//   import fr from 'argmax-upos-fr';  const tagger = await am.pretrained.upos(fr);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'fr',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
