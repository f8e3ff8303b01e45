import type { AiLanguage } from '@prospector/contracts';

/** What the sandbox answer writer says, in one language; {name}, {topics} and {link} are filled in. */
export interface DraftPhrases {
  locale: string;
  greeting: (name: string | null, formal: boolean) => string;
  /** Two openings: the first draft uses the first, "regenerate" the other. */
  thanks: [string, string];
  topics: string;
  info: string;
  noInfo: string;
  meeting: string;
  closer: string;
  signOff: (formal: boolean) => string;
  /** Words that ask for a call or a time, in this language. */
  meetingWords: RegExp;
}

export const DRAFT_PHRASES: Record<AiLanguage, DraftPhrases> = {
  English: {
    locale: 'en',
    greeting: (name, formal) => `${formal ? 'Dear' : 'Hi'} ${name ?? 'there'},`,
    thanks: ['Thank you for your reply.', 'Thanks a lot for getting back to me.'],
    topics: 'You asked about {topics}.',
    info: 'Here is what I can share:',
    noInfo: 'I will check the details and come back to you shortly.',
    meeting: 'You can pick a time that suits you here: {link}',
    closer: 'Happy to answer any other question.',
    signOff: (formal) => (formal ? 'Kind regards,' : 'Best,'),
    meetingWords: /\b(call|meeting|meet|demo|time|schedule|calendar)\b/i,
  },
  French: {
    locale: 'fr',
    greeting: (name, formal) =>
      formal ? `${name ? `Cher ${name}` : 'Madame, Monsieur'},` : `Bonjour ${name ?? ''},`.replace(' ,', ','),
    thanks: ['Merci pour votre réponse.', 'Merci beaucoup de votre retour.'],
    topics: 'Vous posez une question sur {topics}.',
    info: 'Voici ce que je peux vous dire :',
    noInfo: 'Je vérifie les détails et je reviens vers vous très vite.',
    meeting: 'Vous pouvez choisir un créneau qui vous convient ici : {link}',
    closer: 'Je reste à votre disposition pour toute autre question.',
    signOff: (formal) => (formal ? 'Veuillez agréer mes salutations distinguées,' : 'Cordialement,'),
    meetingWords: /\b(appel|rendez-vous|réunion|démo|créneau|disponible|échanger)\b/i,
  },
  Spanish: {
    locale: 'es',
    greeting: (name, formal) =>
      `${formal ? 'Estimado/a' : 'Hola'} ${name ?? ''}${formal ? ':' : ','}`.replace(' ,', ','),
    thanks: ['Gracias por tu respuesta.', 'Muchas gracias por escribirme.'],
    topics: 'Me preguntas por {topics}.',
    info: 'Esto es lo que puedo contarte:',
    noInfo: 'Voy a revisar los detalles y te respondo muy pronto.',
    meeting: 'Puedes elegir el horario que mejor te venga aquí: {link}',
    closer: 'Quedo a tu disposición para cualquier otra pregunta.',
    signOff: (formal) => (formal ? 'Atentamente,' : 'Un saludo,'),
    meetingWords: /\b(llamada|reunión|demo|hora|agenda|calendario)\b/i,
  },
  German: {
    locale: 'de',
    greeting: (name, formal) =>
      formal ? `Sehr geehrte/r ${name ?? 'Damen und Herren'},` : `Hallo ${name ?? ''},`.replace(' ,', ','),
    thanks: ['Vielen Dank für Ihre Antwort.', 'Danke, dass Sie sich zurückmelden.'],
    topics: 'Sie fragen nach {topics}.',
    info: 'Dazu kann ich Ihnen Folgendes sagen:',
    noInfo: 'Ich prüfe die Details und melde mich in Kürze bei Ihnen.',
    meeting: 'Hier können Sie einen passenden Termin wählen: {link}',
    closer: 'Für weitere Fragen stehe ich gern zur Verfügung.',
    signOff: (formal) => (formal ? 'Mit freundlichen Grüßen' : 'Viele Grüße'),
    meetingWords: /\b(anruf|termin|gespräch|demo|zeit|kalender)\b/i,
  },
  Vietnamese: {
    locale: 'vi',
    greeting: (name, formal) => `${formal ? 'Kính gửi' : 'Chào'} ${name ?? 'bạn'},`,
    thanks: ['Cảm ơn bạn đã phản hồi.', 'Rất cảm ơn bạn đã trả lời.'],
    topics: 'Bạn hỏi về {topics}.',
    info: 'Đây là những gì tôi có thể chia sẻ:',
    noInfo: 'Tôi sẽ kiểm tra chi tiết và phản hồi bạn sớm.',
    meeting: 'Bạn có thể chọn thời gian phù hợp tại đây: {link}',
    closer: 'Tôi luôn sẵn lòng trả lời thêm câu hỏi.',
    signOff: (formal) => (formal ? 'Trân trọng,' : 'Thân mến,'),
    meetingWords: /(cuộc gọi|cuộc họp|gặp|lịch|thời gian|demo)/i,
  },
  Japanese: {
    locale: 'ja',
    greeting: (name) => `${name ?? 'ご担当者'}様`,
    thanks: ['ご返信ありがとうございます。', 'ご連絡いただきありがとうございます。'],
    topics: '{topics}についてのご質問ですね。',
    info: 'お伝えできる内容は以下のとおりです。',
    noInfo: '詳細を確認のうえ、改めてご連絡いたします。',
    meeting: 'ご都合のよい日時はこちらからお選びいただけます：{link}',
    closer: 'ほかにご不明な点がございましたら、お気軽にお知らせください。',
    signOff: (formal) => (formal ? 'よろしくお願い申し上げます。' : 'よろしくお願いいたします。'),
    meetingWords: /(打ち合わせ|ミーティング|電話|日程|デモ|時間)/,
  },
  Chinese: {
    locale: 'zh',
    greeting: (name, formal) => `${formal ? '尊敬的' : ''}${name ?? '您'}，您好：`,
    thanks: ['感谢您的回复。', '非常感谢您的来信。'],
    topics: '您问到了{topics}。',
    info: '以下是我可以分享的信息：',
    noInfo: '我会核实细节，并尽快回复您。',
    meeting: '您可以在这里选择方便的时间：{link}',
    closer: '如有其他问题，欢迎随时联系我。',
    signOff: (formal) => (formal ? '此致敬礼' : '祝好'),
    meetingWords: /(电话|会议|见面|时间|演示|日程)/,
  },
};
