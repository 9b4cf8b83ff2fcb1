// The Italian UPOS tagger of argmax and its tokenizer (UD Italian MarkIT; code MIT, models: see NOTICE).
//   import it from 'argmax-upos-it';  const tagger = await am.pretrained.upos(it);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'it',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
