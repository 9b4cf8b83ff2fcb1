/** The Welsh UPOS tagger of argmax and its tokenizer, as URLs: pass it to `am.pretrained.upos`. */
declare const model: { readonly language: 'cy'; readonly tagger: URL; readonly tokenizer: URL };
export default model;
