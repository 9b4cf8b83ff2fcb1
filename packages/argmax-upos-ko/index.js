// The Korean UPOS tagger of argmax and its tokenizer (UD Korean GSD; code MIT, models: see NOTICE).
//   import ko from 'argmax-upos-ko';  const tagger = await am.pretrained.upos(ko);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'ko',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
