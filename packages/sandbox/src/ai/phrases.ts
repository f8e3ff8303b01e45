import type { AiLanguage, AiTone } from '@prospector/contracts';

/** What the sandbox writer says around the user's outline, in one language. {subject} is filled in. */
export interface Phrases {
  /** The greeting line, with the contact's first name and a fallback that reads well in the language. */
  greeting: (tone: AiTone) => string;
  opener: Record<AiTone, string>;
  /** Introduces the outline when it is a list of three or more points. */
  leadIn: string;
  /** Neutral sentences added, in order and at most once each, while the email is short of its length. */
  bridges: string[];
  closer: Record<AiTone, string>;
  signOff: (tone: AiTone) => string;
  /** Sentence end added to an outline point that has none. */
  stop: string;
  /** Whether words are separated by spaces (not Japanese or Chinese). */
  spaced: boolean;
  /** The language's quotation marks, around the subject in the opener. */
  quotes: [string, string];
}

const formalTone = (tone: AiTone) => tone === 'formal' || tone === 'professional';

const english: Phrases = {
  greeting: (tone) => `${formalTone(tone) ? 'Hello' : 'Hi'} {{first_name|there}},`,
  opener: {
    friendly: 'I hope your week is going well! I wanted to reach out about {subject}.',
    professional: "I'm reaching out regarding {subject}.",
    playful: 'Quick question that might just make your day: have you thought about {subject}?',
    urgent: "I'll keep this short, as time matters here: {subject}.",
    casual: 'Just a quick note about {subject}.',
    formal: 'I am writing to you with regard to {subject}.',
  },
  leadIn: 'Here is what I have in mind:',
  bridges: [
    'I would be happy to share more details and answer any questions you may have.',
    'Every team works a little differently, so I would love to hear how you handle this today.',
    'If the timing is not right, just let me know and I will follow up later.',
    'A short call is usually the quickest way to see whether this is a fit.',
  ],
  closer: {
    friendly: "Would you be up for a quick chat this week? I'd love to hear your thoughts.",
    professional: 'Would you be open to a 15-minute call this week to discuss this further?',
    playful: "Fancy a quick chat? I promise it'll be the best 15 minutes of your week.",
    urgent: "Could you let me know by the end of the week? I'd like to make sure you don't miss out.",
    casual: 'Let me know if you want to chat about it.',
    formal: 'I would welcome the opportunity to discuss this with you at your convenience.',
  },
  signOff: (tone) =>
    tone === 'formal' ? 'Kind regards,' : tone === 'professional' ? 'Best regards,' : 'Cheers,',
  stop: '.',
  spaced: true,
  quotes: ['“', '”'],
};

const vietnamese: Phrases = {
  greeting: (tone) => (tone === 'formal' ? 'Kính gửi {{first_name|Quý khách}},' : 'Chào {{first_name|bạn}},'),
  opener: {
    friendly: 'Hy vọng tuần này của bạn đang diễn ra tốt đẹp! Mình muốn liên hệ với bạn về {subject}.',
    professional: 'Tôi liên hệ với bạn về {subject}.',
    playful: 'Một câu hỏi nhỏ có thể làm ngày của bạn vui hơn: bạn đã nghĩ đến {subject} chưa?',
    urgent: 'Tôi xin nói ngắn gọn vì thời gian rất quan trọng: {subject}.',
    casual: 'Chỉ là một lời nhắn nhanh về {subject}.',
    formal: 'Tôi viết thư này để trao đổi với Quý vị về {subject}.',
  },
  leadIn: 'Dưới đây là những điểm chính:',
  bridges: [
    'Tôi rất sẵn lòng chia sẻ thêm chi tiết và trả lời mọi câu hỏi của bạn.',
    'Mỗi đội ngũ làm việc theo một cách riêng, vì vậy tôi rất muốn biết bạn đang xử lý việc này như thế nào.',
    'Nếu thời điểm này chưa phù hợp, bạn cứ cho tôi biết và tôi sẽ liên hệ lại sau.',
    'Một cuộc gọi ngắn thường là cách nhanh nhất để xem điều này có phù hợp hay không.',
  ],
  closer: {
    friendly: 'Bạn có muốn trò chuyện nhanh trong tuần này không? Mình rất muốn nghe ý kiến của bạn.',
    professional: 'Bạn có sẵn sàng cho một cuộc gọi 15 phút trong tuần này để trao đổi thêm không?',
    playful: 'Một cuộc trò chuyện nhanh nhé? Hứa sẽ là 15 phút thú vị nhất trong tuần của bạn.',
    urgent: 'Bạn có thể phản hồi trước cuối tuần này không? Tôi không muốn bạn bỏ lỡ cơ hội này.',
    casual: 'Nếu bạn muốn trao đổi thêm thì cứ nhắn mình nhé.',
    formal: 'Tôi rất mong có cơ hội được trao đổi với Quý vị vào thời điểm thuận tiện.',
  },
  signOff: (tone) => (formalTone(tone) ? 'Trân trọng,' : 'Thân mến,'),
  stop: '.',
  spaced: true,
  quotes: ['"', '"'],
};

const japanese: Phrases = {
  greeting: () => '{{first_name|ご担当者}}様',
  opener: {
    friendly: '突然のご連絡失礼します。{subject}について、ぜひお話ししたくご連絡しました。',
    professional: '突然のご連絡失礼いたします。{subject}の件でご連絡いたしました。',
    playful: 'ちょっとワクワクするご提案です。{subject}について考えたことはありますか？',
    urgent: 'お急ぎの件のため、手短にお伝えします。{subject}についてです。',
    casual: '{subject}について、ちょっとご連絡しました。',
    formal: '突然のご連絡を差し上げる失礼をお許しください。{subject}の件につきまして、ご連絡申し上げます。',
  },
  leadIn: '主なポイントは以下のとおりです。',
  bridges: [
    '詳しい内容のご説明や、ご質問へのご回答も喜んでいたします。',
    'チームごとに進め方は異なりますので、現在どのように対応されているかお聞かせいただけますと幸いです。',
    '今はタイミングが合わない場合は、お気軽にお知らせください。改めてご連絡いたします。',
    '短いお打ち合わせで、お役に立てるかどうかをすぐに確認できます。',
  ],
  closer: {
    friendly: '今週、少しお話しできる時間はありますか？ご意見をぜひお聞かせください。',
    professional: '今週、15分ほどお時間をいただけますでしょうか。',
    playful: '15分だけお時間をください。今週いちばん楽しい15分にしてみせます！',
    urgent: '今週中にご返信いただけますと幸いです。',
    casual: '興味があれば、気軽に返信してください。',
    formal: 'ご都合のよろしい時にお話しする機会をいただけましたら幸いに存じます。',
  },
  signOff: (tone) => (formalTone(tone) ? 'よろしくお願いいたします。' : 'よろしくお願いします。'),
  stop: '。',
  spaced: false,
  quotes: ['「', '」'],
};

const spanish: Phrases = {
  greeting: (tone) =>
    tone === 'formal' ? 'Estimado/a {{first_name|cliente}}:' : 'Hola {{first_name|equipo}},',
  opener: {
    friendly: '¡Espero que estés teniendo una gran semana! Te escribo sobre {subject}.',
    professional: 'Me pongo en contacto contigo en relación con {subject}.',
    playful: 'Una pregunta rápida que quizá te alegre el día: ¿has pensado en {subject}?',
    urgent: 'Seré breve, porque el tiempo apremia: {subject}.',
    casual: 'Solo una nota rápida sobre {subject}.',
    formal: 'Me dirijo a usted en relación con {subject}.',
  },
  leadIn: 'Esto es lo que tengo en mente:',
  bridges: [
    'Con gusto puedo compartir más detalles y responder cualquier pregunta.',
    'Cada equipo trabaja de forma distinta, así que me encantaría saber cómo lo gestionan hoy.',
    'Si no es buen momento, basta con decírmelo y retomaré el contacto más adelante.',
    'Una llamada breve suele ser la forma más rápida de ver si encaja.',
  ],
  closer: {
    friendly: '¿Te apetece una charla rápida esta semana? Me encantaría conocer tu opinión.',
    professional: '¿Tendrías 15 minutos esta semana para una llamada y comentarlo?',
    playful: '¿Una charla rápida? Prometo que serán los 15 minutos más entretenidos de tu semana.',
    urgent: '¿Podrías responderme antes de que termine la semana? No quiero que pierdas esta oportunidad.',
    casual: 'Si te interesa, escríbeme y lo hablamos.',
    formal: 'Quedo a su disposición para conversar cuando le resulte conveniente.',
  },
  signOff: (tone) =>
    tone === 'formal' ? 'Atentamente,' : tone === 'professional' ? 'Saludos cordiales,' : 'Un saludo,',
  stop: '.',
  spaced: true,
  quotes: ['«', '»'],
};

const french: Phrases = {
  greeting: () => 'Bonjour {{first_name|à vous}},',
  opener: {
    friendly:
      "J'espère que votre semaine se passe bien ! Je me permets de vous écrire au sujet de {subject}.",
    professional: 'Je vous contacte au sujet de {subject}.',
    playful: 'Une petite question qui pourrait bien égayer votre journée : avez-vous pensé à {subject} ?',
    urgent: 'Je serai bref, car le temps presse : {subject}.',
    casual: 'Juste un petit mot à propos de {subject}.',
    formal: 'Je me permets de vous adresser ce message concernant {subject}.',
  },
  leadIn: "Voici ce que j'ai en tête :",
  bridges: [
    'Je serais ravi de vous donner plus de détails et de répondre à vos questions.',
    "Chaque équipe fonctionne différemment, j'aimerais donc savoir comment vous gérez cela aujourd'hui.",
    "Si le moment n'est pas idéal, dites-le-moi simplement et je reviendrai vers vous plus tard.",
    'Un court appel est souvent le moyen le plus rapide de voir si cela vous correspond.',
  ],
  closer: {
    friendly:
      "Seriez-vous partant pour un petit échange cette semaine ? J'aimerais beaucoup avoir votre avis.",
    professional: "Seriez-vous disponible pour un appel de 15 minutes cette semaine afin d'en discuter ?",
    playful: 'Un petit appel ? Promis, ce seront les 15 minutes les plus agréables de votre semaine.',
    urgent:
      "Pourriez-vous me répondre d'ici la fin de la semaine ? Je ne voudrais pas que vous passiez à côté.",
    casual: 'Dites-moi si vous voulez en parler.',
    formal: 'Je me tiens à votre disposition pour en discuter à votre convenance.',
  },
  signOff: (tone) => (formalTone(tone) ? 'Cordialement,' : 'À bientôt,'),
  stop: '.',
  spaced: true,
  quotes: ['« ', ' »'],
};

const german: Phrases = {
  greeting: () => 'Hallo {{first_name|zusammen}},',
  opener: {
    friendly: 'Ich hoffe, Ihre Woche läuft gut! Ich melde mich wegen {subject}.',
    professional: 'Ich melde mich bei Ihnen bezüglich {subject}.',
    playful:
      'Eine kurze Frage, die Ihnen den Tag versüßen könnte: Haben Sie schon über {subject} nachgedacht?',
    urgent: 'Ich fasse mich kurz, denn die Zeit drängt: {subject}.',
    casual: 'Nur eine kurze Nachricht zu {subject}.',
    formal: 'Ich wende mich mit einem Anliegen zu {subject} an Sie.',
  },
  leadIn: 'Das habe ich im Sinn:',
  bridges: [
    'Gerne teile ich weitere Details und beantworte Ihre Fragen.',
    'Jedes Team arbeitet etwas anders, daher würde mich interessieren, wie Sie das heute handhaben.',
    'Falls der Zeitpunkt gerade nicht passt, sagen Sie einfach Bescheid, dann melde ich mich später wieder.',
    'Ein kurzes Gespräch ist meist der schnellste Weg, um zu sehen, ob es passt.',
  ],
  closer: {
    friendly: 'Hätten Sie diese Woche Zeit für ein kurzes Gespräch? Ich würde mich über Ihre Meinung freuen.',
    professional: 'Hätten Sie diese Woche 15 Minuten für ein kurzes Telefonat?',
    playful:
      'Wie wäre es mit einem kurzen Gespräch? Versprochen: die unterhaltsamsten 15 Minuten Ihrer Woche.',
    urgent:
      'Könnten Sie mir bis Ende der Woche antworten? Ich möchte nicht, dass Sie diese Gelegenheit verpassen.',
    casual: 'Melden Sie sich einfach, wenn Sie darüber sprechen möchten.',
    formal:
      'Über die Gelegenheit zu einem Gespräch zu einem für Sie passenden Zeitpunkt würde ich mich sehr freuen.',
  },
  signOff: (tone) => (formalTone(tone) ? 'Mit freundlichen Grüßen' : 'Viele Grüße'),
  stop: '.',
  spaced: true,
  quotes: ['„', '“'],
};

const chinese: Phrases = {
  greeting: () => '{{first_name|朋友}}，您好！',
  opener: {
    friendly: '希望您这周一切顺利！我想和您聊聊{subject}。',
    professional: '冒昧联系您，是关于{subject}的事宜。',
    playful: '有个小问题，也许能让您今天心情更好：您考虑过{subject}吗？',
    urgent: '时间紧迫，我长话短说：关于{subject}。',
    casual: '简单跟您说一下{subject}的事。',
    formal: '特此致函，就{subject}一事与您联系。',
  },
  leadIn: '以下是我的主要想法：',
  bridges: [
    '我很乐意为您提供更多细节，并解答您的任何问题。',
    '每个团队的做法都不尽相同，很想了解您目前是如何处理这方面工作的。',
    '如果现在时机不合适，请告诉我，我稍后再与您联系。',
    '一次简短的通话通常是判断是否合适的最快方式。',
  ],
  closer: {
    friendly: '这周方便简单聊聊吗？很想听听您的想法。',
    professional: '请问您这周是否方便安排15分钟的电话沟通？',
    playful: '来个简短的交流吧？保证是您这周最有趣的15分钟。',
    urgent: '能否请您在本周内回复？不希望您错过这个机会。',
    casual: '有兴趣的话，随时回复我就好。',
    formal: '期待在您方便之时与您进一步交流。',
  },
  signOff: (tone) => (formalTone(tone) ? '顺颂商祺' : '祝好'),
  stop: '。',
  spaced: false,
  quotes: ['“', '”'],
};

export const PHRASES: Record<AiLanguage, Phrases> = {
  English: english,
  Vietnamese: vietnamese,
  Japanese: japanese,
  Spanish: spanish,
  French: french,
  German: german,
  Chinese: chinese,
};
