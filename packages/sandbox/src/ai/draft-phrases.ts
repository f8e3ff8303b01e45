import type { AiLanguage } from '@prospector/contracts';

/** What the sandbox answer writer says, in one language; {name} and {link} are filled in. */
export interface DraftPhrases {
  locale: string;
  greeting: (name: string | null, formal: boolean) => string;
  /** Two openings: the first draft uses the first, "regenerate" the other. */
  thanks: [string, string];
  info: string;
  noInfo: string;
  meeting: string;
  /** Asked to talk when "about us" gives no meeting link. */
  meetingNoLink: string;
  /** Asked the price when "about us" gives none. */
  priceFollows: string;
  closer: string;
  signOff: (formal: boolean) => string;
  /** Words that ask for a call or a time, in this language. */
  meetingWords: RegExp;
}

/** Whole words of a list, letters of any script counted as word characters ('échanger', 'réunion'). */
const wholeWords = (words: string) => new RegExp(`(?<!\\p{L})(${words})(?!\\p{L})`, 'iu');

export const DRAFT_PHRASES: Record<AiLanguage, DraftPhrases> = {
  English: {
    locale: 'en',
    greeting: (name, formal) => `${formal ? 'Dear' : 'Hi'} ${name ?? 'there'},`,
    thanks: ['Thank you for your reply.', 'Thanks a lot for getting back to me.'],
    info: 'Here is what I can share:',
    noInfo: 'I will check the details and come back to you shortly.',
    meeting: 'You can pick a time that suits you here: {link}',
    meetingNoLink: 'Happy to talk: tell me which times suit you and I will send an invitation.',
    priceFollows: 'I will send you our pricing shortly.',
    closer: 'Happy to answer any other question.',
    signOff: (formal) => (formal ? 'Kind regards,' : 'Best,'),
    meetingWords: wholeWords(
      'call|meeting|meet|demo|time|schedule|calendar|talk|chat|speak|phone|available|availability|slot|monday|tuesday|wednesday|thursday|friday|tomorrow|next week',
    ),
  },
  French: {
    locale: 'fr',
    greeting: (name, formal) =>
      formal ? `${name ? `Cher ${name}` : 'Madame, Monsieur'},` : `Bonjour ${name ?? ''},`.replace(' ,', ','),
    thanks: ['Merci pour votre réponse.', 'Merci beaucoup de votre retour.'],
    info: 'Voici ce que je peux vous dire :',
    noInfo: 'Je vérifie les détails et je reviens vers vous très vite.',
    meeting: 'Vous pouvez choisir un créneau qui vous convient ici : {link}',
    meetingNoLink:
      'Avec plaisir : dites-moi quels créneaux vous conviennent et je vous envoie une invitation.',
    priceFollows: 'Je vous envoie nos tarifs très vite.',
    closer: 'Je reste à votre disposition pour toute autre question.',
    signOff: (formal) => (formal ? 'Veuillez agréer mes salutations distinguées,' : 'Cordialement,'),
    meetingWords: wholeWords(
      'appel|appeler|rendez-vous|réunion|démo|créneau|disponible|disponibilités|échanger|parler|discuter|lundi|mardi|mercredi|jeudi|vendredi|demain',
    ),
  },
  Spanish: {
    locale: 'es',
    greeting: (name, formal) =>
      `${formal ? 'Estimado/a' : 'Hola'} ${name ?? ''}${formal ? ':' : ','}`.replace(' ,', ','),
    thanks: ['Gracias por tu respuesta.', 'Muchas gracias por escribirme.'],
    info: 'Esto es lo que puedo contarte:',
    noInfo: 'Voy a revisar los detalles y te respondo muy pronto.',
    meeting: 'Puedes elegir el horario que mejor te venga aquí: {link}',
    meetingNoLink: 'Con gusto: dime qué horarios te vienen bien y te envío una invitación.',
    priceFollows: 'Te envío nuestros precios muy pronto.',
    closer: 'Quedo a tu disposición para cualquier otra pregunta.',
    signOff: (formal) => (formal ? 'Atentamente,' : 'Un saludo,'),
    meetingWords: wholeWords(
      'llamada|llamar|reunión|reunirnos|demo|hora|agenda|agendar|calendario|hablar|charlar|lunes|martes|miércoles|jueves|viernes|mañana',
    ),
  },
  German: {
    locale: 'de',
    greeting: (name, formal) =>
      formal ? `Sehr geehrte/r ${name ?? 'Damen und Herren'},` : `Hallo ${name ?? ''},`.replace(' ,', ','),
    thanks: ['Vielen Dank für Ihre Antwort.', 'Danke, dass Sie sich zurückmelden.'],
    info: 'Dazu kann ich Ihnen Folgendes sagen:',
    noInfo: 'Ich prüfe die Details und melde mich in Kürze bei Ihnen.',
    meeting: 'Hier können Sie einen passenden Termin wählen: {link}',
    meetingNoLink: 'Sehr gern: Nennen Sie mir passende Zeiten, dann sende ich Ihnen eine Einladung.',
    priceFollows: 'Unsere Preise sende ich Ihnen in Kürze.',
    closer: 'Für weitere Fragen stehe ich gern zur Verfügung.',
    signOff: (formal) => (formal ? 'Mit freundlichen Grüßen' : 'Viele Grüße'),
    meetingWords: wholeWords(
      'anruf|anrufen|termin|gespräch|demo|zeit|kalender|sprechen|telefonieren|montag|dienstag|mittwoch|donnerstag|freitag|morgen',
    ),
  },
  Vietnamese: {
    locale: 'vi',
    greeting: (name, formal) => `${formal ? 'Kính gửi' : 'Chào'} ${name ?? 'bạn'},`,
    thanks: ['Cảm ơn bạn đã phản hồi.', 'Rất cảm ơn bạn đã trả lời.'],
    info: 'Đây là những gì tôi có thể chia sẻ:',
    noInfo: 'Tôi sẽ kiểm tra chi tiết và phản hồi bạn sớm.',
    meeting: 'Bạn có thể chọn thời gian phù hợp tại đây: {link}',
    meetingNoLink: 'Rất sẵn lòng: bạn cho tôi biết thời gian phù hợp, tôi sẽ gửi lời mời.',
    priceFollows: 'Tôi sẽ gửi bảng giá cho bạn ngay.',
    closer: 'Tôi luôn sẵn lòng trả lời thêm câu hỏi.',
    signOff: (formal) => (formal ? 'Trân trọng,' : 'Thân mến,'),
    meetingWords:
      /(cuộc gọi|gọi|cuộc họp|gặp|lịch|thời gian|demo|nói chuyện|trao đổi|thứ (hai|ba|tư|năm|sáu)|ngày mai)/i,
  },
  Japanese: {
    locale: 'ja',
    greeting: (name) => `${name ?? 'ご担当者'}様`,
    thanks: ['ご返信ありがとうございます。', 'ご連絡いただきありがとうございます。'],
    info: 'お伝えできる内容は以下のとおりです。',
    noInfo: '詳細を確認のうえ、改めてご連絡いたします。',
    meeting: 'ご都合のよい日時はこちらからお選びいただけます：{link}',
    meetingNoLink: 'ぜひお話しさせてください。ご都合のよい日時をお知らせいただければ、招待をお送りします。',
    priceFollows: '料金については追ってご連絡いたします。',
    closer: 'ほかにご不明な点がございましたら、お気軽にお知らせください。',
    signOff: (formal) => (formal ? 'よろしくお願い申し上げます。' : 'よろしくお願いいたします。'),
    meetingWords: /(打ち合わせ|ミーティング|電話|日程|デモ|時間|お話|話せ|面談|曜日|お会い)/,
  },
  Chinese: {
    locale: 'zh',
    greeting: (name, formal) => `${formal ? '尊敬的' : ''}${name ?? '您'}，您好：`,
    thanks: ['感谢您的回复。', '非常感谢您的来信。'],
    info: '以下是我可以分享的信息：',
    noInfo: '我会核实细节，并尽快回复您。',
    meeting: '您可以在这里选择方便的时间：{link}',
    meetingNoLink: '很乐意沟通：请告诉我您方便的时间，我会发送会议邀请。',
    priceFollows: '我会尽快把价格发给您。',
    closer: '如有其他问题，欢迎随时联系我。',
    signOff: (formal) => (formal ? '此致敬礼' : '祝好'),
    meetingWords: /(电话|電話|会议|會議|见面|時間|时间|演示|日程|聊|谈|談|周[一二三四五]|星期|明天)/,
  },
};
