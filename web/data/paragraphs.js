// A sample paragraph per language of am.pretrained.upos, written for the demo (no treebank text): abbreviations,
// numbers, quotes and contractions, so that the tokenizer has something to decide.
export const PARAGRAPHS = {
  en: 'Dr. Smith can’t come today. She wrote to us at 3 p.m. from the U.S. office!\n\nA new paragraph: the café opens at 9 — don’t be late.',
  pt: 'O Dr. Silva não pode vir hoje. Ele escreveu-nos às 15h do escritório do Porto!\n\nNovo parágrafo: o café abre às 9 horas, e no domingo fica fechado.',
  fr: 'Le Dr Martin ne peut pas venir aujourd’hui. Il nous a écrit à 15 h depuis le bureau de Lyon !\n\nNouveau paragraphe : le café ouvre à 9 heures, mais il est fermé au mois d’août.',
};
