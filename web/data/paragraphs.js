// A sample paragraph per language of am.pretrained.upos, written for the demo (no treebank text): abbreviations,
// numbers, quotes and contractions, so that the tokenizer has something to decide.
export const PARAGRAPHS = {
  en: 'Dr. Smith can’t come today. She wrote to us at 3 p.m. from the U.S. office!\n\nA new paragraph: the café opens at 9 — don’t be late.',
  pt: 'O Dr. Silva não pode vir hoje. Ele escreveu-nos às 15h do escritório do Porto!\n\nNovo parágrafo: o café abre às 9 horas, e no domingo fica fechado.',
  fr: 'Le Dr Martin ne peut pas venir aujourd’hui. Il nous a écrit à 15 h depuis le bureau de Lyon !\n\nNouveau paragraphe : le café ouvre à 9 heures, mais il est fermé au mois d’août.',
  ru: 'Доктор Иванов сегодня не придёт. Он написал нам в 15:00 из московского офиса!\n\nНовый абзац: кафе открывается в 9 часов, а в воскресенье оно закрыто.',
  it: "Il dottor Rossi oggi non può venire. Ci ha scritto alle 15 dall'ufficio di Milano!\n\nNuovo paragrafo: il caffè apre alle 9, ma la domenica è chiuso.",
  ko: '김 박사는 오늘 올 수 없습니다. 그는 오후 3시에 서울 사무실에서 편지를 보냈어요!\n\n새 문단: 카페는 9시에 문을 열고, 일요일에는 닫습니다.',
  vi: 'Bác sĩ Nam hôm nay không thể đến. Ông ấy đã viết thư cho chúng tôi lúc 3 giờ chiều từ văn phòng ở Hà Nội!\n\nĐoạn mới: quán cà phê mở cửa lúc 9 giờ, nhưng chủ nhật thì đóng cửa.',
  th: 'คุณหมอสมชายมาวันนี้ไม่ได้ เขาเขียนจดหมายถึงเราตอนบ่ายสามโมงจากสำนักงานที่กรุงเทพฯ\n\nย่อหน้าใหม่: ร้านกาแฟเปิดตอนเก้าโมงเช้า แต่วันอาทิตย์ปิด',
  cy: "Ni all Dr. Jones ddod heddiw. Ysgrifennodd aton ni am 3 o'r gloch o'r swyddfa yng Nghaerdydd!\n\nParagraff newydd: mae'r caffi'n agor am 9, ond mae ar gau ar ddydd Sul.",
};
