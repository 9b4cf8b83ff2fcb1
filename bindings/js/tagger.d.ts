// Types of argmax/tagger: the sequence task's inference on a module without trainers. Its taggers and tokenizers
// come from load() or am.pretrained, and have no fit (calling it anyway throws an Error naming argmax/sequence).
import type { SequenceApi, SequenceTagger, DenseSequenceTagger, Tokenizer, TaggedWord, UposLanguage, UposFiles } from './types/sequence.js';
import type { Argmax, InitOptions, OptionSpec } from './index.js';

export type * from './index.js';

/** A model of argmax/tagger: the argmax/sequence class's instance without fit. */
export type TaggingOnly<T> = Omit<T, 'fit'>;
/** The class of such models: for instanceof and the option tables; models come from load() or am.pretrained. */
export type TaggingOnlyClass<T> = (abstract new (...args: never[]) => TaggingOnly<T>) & { options(trainer?: string): OptionSpec[] };

/** A SequenceTagger of argmax/tagger, whose tokenizers are argmax/tagger's too. */
export type TaggingSequenceTagger = Omit<TaggingOnly<SequenceTagger>, 'tokenizer' | 'tagText'> & {
  tokenizer: TaggingOnly<Tokenizer> | null;
  tagText(text: string, options?: { tokenizer?: TaggingOnly<Tokenizer> }): TaggedWord[][];
};

/** What init() of argmax/tagger returns: tagging, tokenizing, the readers and metrics, load() of sequence models. */
export interface ArgmaxTagger extends Omit<SequenceApi, 'SequenceTagger' | 'DenseSequenceTagger' | 'Tokenizer' | 'pretrained' | 'io'>,
  Pick<Argmax, 'modelKind' | 'memoryUsage'> {
  SequenceTagger: (abstract new (...args: never[]) => TaggingSequenceTagger) & { options(trainer?: string): OptionSpec[] };
  DenseSequenceTagger: TaggingOnlyClass<DenseSequenceTagger>;
  Tokenizer: TaggingOnlyClass<Tokenizer> & { readonly templates: string };
  pretrained: {
    /** The shipped UPOS tagger, carrying its tokenizer as `tokenizer` (from `tokenizerUrl`, default beside the tagger). */
    englishUpos(options?: { url?: string | URL; tokenizerUrl?: string | URL }): Promise<TaggingSequenceTagger>;
    /** The UPOS tagger of a language: a code ('en', or an installed argmax-upos-<code>), the package's default export, or its files. */
    upos(source: UposLanguage | UposFiles): Promise<TaggingSequenceTagger>;
    /** The languages upos() knows, code → English name. */
    readonly languages: SequenceApi['pretrained']['languages'];
    /** The tokenizer learned from UD English EWT train (the one am.io.tokenize uses), loaded once, on first use. */
    englishTokenizer(options?: { url?: string | URL }): Promise<TaggingOnly<Tokenizer>>;
  };
  io: Omit<SequenceApi['io'], 'tokenize'> & {
    tokenize(text: string, options?: { tokenizer?: TaggingOnly<Tokenizer> }): ReturnType<SequenceApi['io']['tokenize']>;
  };
  load: Argmax['load'];
}

/** Loads the tagging module (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxTagger>;
