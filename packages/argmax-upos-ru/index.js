// The Russian UPOS tagger of argmax and its tokenizer (UD Russian Taiga; code MIT, models: see NOTICE).
//   import ru from 'argmax-upos-ru';  const tagger = await am.pretrained.upos(ru);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'ru',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
