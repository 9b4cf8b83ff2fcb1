// The Welsh UPOS tagger of argmax and its tokenizer (UD Welsh CCG; code MIT, models: see NOTICE).
//   import cy from 'argmax-upos-cy';  const tagger = await am.pretrained.upos(cy);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'cy',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
