// The Thai UPOS tagger of argmax and its tokenizer (UD Thai TUD; code MIT, models: see NOTICE).
//   import th from 'argmax-upos-th';  const tagger = await am.pretrained.upos(th);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'th',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
