// The Vietnamese UPOS tagger of argmax and its tokenizer (UD Vietnamese VTB; code MIT, models: see NOTICE).
//   import vi from 'argmax-upos-vi';  const tagger = await am.pretrained.upos(vi);
// The files are URLs beside this module: Node reads them; bundlers that follow new URL(…, import.meta.url), such as
// Vite, emit them as assets.
export default {
  language: 'vi',
  tagger: new URL('./tagger.bin', import.meta.url),
  tokenizer: new URL('./tokenizer.bin', import.meta.url),
};
