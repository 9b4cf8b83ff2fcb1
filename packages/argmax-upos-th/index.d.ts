/** The Thai UPOS tagger of argmax and its tokenizer, as URLs: pass it to `am.pretrained.upos`. */
declare const model: { readonly language: 'th'; readonly tagger: URL; readonly tokenizer: URL };
export default model;
