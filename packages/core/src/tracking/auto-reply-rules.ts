/**
 * Automatic replies as data. Subjects are matched at the start, so a person's 'Re: ...' that mentions being
 * away stays a reply. Each rule names a sample it was written for (Sisimai set-of-emails, maildir/bsd).
 */

/** Out-of-office and automatic-reply subjects in the product's seven languages and a few neighbours. */
export const AUTO_REPLY_SUBJECTS: RegExp[] = [
  // English: rfc3834-02 'Automatic reply:', rfc3834-03 'Auto reply:', rfc3834-01 'Away until May 5',
  // rfc3834-06 'AutoRespons' (Outlook clients write it without the final e), Lotus Notes' 'AUTO: <name> is
  // out of the office' (BounceParser warning-6)
  /^(auto:|automatic reply|auto[- ]?reply|autoreply|auto[- ]?respon(s|se|der)|automatic response|automated (reply|response)|out of (the )?office|ooo\b|on vacation|on holiday|on leave|vacation (reply|response|message|notice)|holiday (reply|notice)|away (until|from|on)|i am (currently )?(out of|away)|i'm (currently )?(out of|away)|absence (notice|notification|message))/i,
  // Vietnamese
  /^(trả lời tự động|tự động trả lời|phản hồi tự động|vắng mặt|không có mặt tại văn phòng|nghỉ phép)/i,
  // Japanese
  /^(自動応答|自動返信|自動送信|不在|外出中|休暇中|不在通知|不在のお知らせ)/,
  // Spanish
  /^(respuesta automática|respuesta automatica|fuera de la oficina|fuera de oficina|ausente|ausencia|de vacaciones)/i,
  // French
  /^(réponse automatique|reponse automatique|absent(e)? du bureau|absence du bureau|en congés?|message d'absence|absent(e)?\b|répondeur)/i,
  // German
  /^(automatische antwort|abwesenheitsnotiz|abwesend|außer haus|ausser haus|nicht im büro|im urlaub|abwesenheit|automatische rückantwort)/i,
  // Chinese (simplified and traditional)
  /^(自动回复|自動回覆|自動回復|不在办公室|不在辦公室|外出|休假|度假)/,
  // Portuguese, Italian, Dutch
  /^(resposta automática|fora do escritório|ausente do escritório|risposta automatica|fuori ufficio|automatisch antwoord|afwezig|niet aanwezig)/i,
];

/** Precedence values autoresponders set (RFC 3834 section 3.1.8 and common practice). */
export const AUTO_PRECEDENCE = /^(auto_reply|bulk|junk|list)$/i;

/** Exchange's markers on messages its mailbox rules and out-of-office assistant generate. */
export const EXCHANGE_AUTO_HEADERS = [
  'x-ms-exchange-inbox-rules-loop',
  'x-ms-exchange-organization-autoreply',
  'x-ms-exchange-generated-message-source',
];

/** Helpdesk acknowledgements: a ticket number in the subject together with automated wording. */
export const TICKET_SUBJECT =
  /\[?(ticket|case|request|incident|support)\s*(#|id|no\.?|number)?\s*:?\s*[#\d][\w-]*\]?|\[#\d+\]|(ticket|request|case) (received|created|opened)|we('ve| have) received your (e-?mail|message|request)/i;
export const AUTOMATED_WORDING =
  /automated (response|reply|message)|automatic(ally generated)? (response|reply|message)|do not reply to this|this is an auto|auto-?generated|you will receive a response|our (support )?team will (get back|respond|reply)|a (support )?ticket has been (created|opened)|has been (received|logged)/i;

/**
 * Challenge-response filters asking the sender to prove it is a person (BounceParser's bluebottle and
 * boxbe-cr samples: 'have your address added to the recipient's allowed list', 'Boxbe Guest List').
 */
export const CHALLENGE_WORDING =
  /(added|add (you|your (e-?mail )?address)|listed) (to|on) (the recipient's|my|the|his|her) (allowed|approved|safe|guest|white) ?list|(account|mailbox|inbox) is protected by|please confirm (that )?(you are (a )?human|your (e-?mail|message|identity)|that you sent)|verify (that )?you are (a )?(human|real person)|sender verification|click (the|this) link (below )?to (confirm|verify|deliver)|my (spam|anti-spam) (filter|protection) (requires|asks)|boxbe|spam ?arrest|mailbox is protected by|challenge[- ]response|request to be added to (my|the) (approved|allowed) senders/i;

/**
 * An out-of-office notice in its opening words, whatever its subject or headers: the first person away
 * with a span or a return ('I am out of the office until ...', 'I will be away from ... to ...', 'and will
 * be back on ...'), or a message calling itself an automatic reply. A person's 'I am out tomorrow, call me
 * Friday' names no span and no return. English, French, German, Spanish, Vietnamese, Japanese, Chinese.
 */
export const AWAY_NOTICE: RegExp[] = [
  /\b(i am|i'm|i will be|i'll be)( currently| now)? (out of (the )?office|away( from (the |my )?(office|desk|e-?mail))?|on (vacation|holiday|leave|annual leave|parental leave|maternity leave|paternity leave|sick leave|a business trip)|travell?ing|off work)\b[^.\n]{0,60}\b(until|till|through|returning|back on|back in the office|will (be back|return|respond|reply|answer)|from \S+ (to|until))/i,
  /\bthis is an? (automatic|automated|auto-generated) (reply|response)\b/i,
  /\bje (suis|serai) (actuellement )?(absent|absente|en congés?|en vacances|hors du bureau)[^.\n]{0,60}\b(jusqu'|du |à partir|de retour|retour le)|ceci est une réponse automatique|message automatique/i,
  /\bich bin (derzeit |zurzeit |bis )?[^.\n]{0,40}(nicht im büro|abwesend|im urlaub|außer haus|nicht erreichbar)|dies ist eine automatische (antwort|nachricht)|automatische abwesenheitsnotiz/i,
  /\b(estoy|estaré|me encuentro) (actualmente )?(fuera de la oficina|de vacaciones|ausente|fuera)[^.\n]{0,60}\b(hasta|desde|del |regreso|volveré)|esta es una respuesta automática/i,
  /tôi (hiện )?(đang|sẽ) (vắng mặt|nghỉ phép|đi công tác|không có mặt)|đây là thư trả lời tự động/i,
  /(不在にしております|休暇を(いただいて|取って)おります|外出しております|出張中のため|これは自動(返信|応答)(メール)?です)/,
  /(我(目前|现在|正在)?(不在办公室|休假|出差)|我(目前|現在|正在)?(不在辦公室|休假|出差)|这是(一封)?自动回复|這是(一封)?自動回覆)/,
];

/** Body openings of out-of-office notices when neither headers nor subject say so. */
export const OUT_OF_OFFICE_BODY =
  /^\s*(hello,?|hi,?|dear [^\n]*,?|thank you for your (e-?mail|message)[.!,]?)?\s*(i am|i'm|i will be) (currently )?(out of (the )?office|away|on (vacation|holiday|leave|annual leave|parental leave)|travell?ing)( from| until| till| and| with)/i;
