import type { AiLanguage, BuiltInLeadStatus } from '@prospector/contracts';

/** The statuses a person's own words can give (out of office comes from automatic replies). */
export type WrittenLeadStatus = Exclude<BuiltInLeadStatus, 'out_of_office'>;

/**
 * What a person writes for each status, in the product's seven languages, matched in the lower-cased words
 * they wrote. Statuses are tried in this order, so a reply saying both wins the earlier: a request to stop
 * ("kein Interesse, bitte entfernen Sie mich aus Ihrer Liste") is an unsubscribe request, a refusal
 * ("not interested") beats the words of interest it contains ("intéressé" in "pas intéressé").
 */
export const LEAD_STATUS_PHRASES: [WrittenLeadStatus, Record<AiLanguage, RegExp[]>][] = [
  [
    'unsubscribe_request',
    {
      // "stop" alone counts only as the whole reply: a sentence with "stop" in it is not a request.
      English: [
        /^\s*(stop|unsubscribe|remove)\s*[.!]*\s*$/,
        /\bunsubscribe\b|\bopt(-| )?out\b/,
        /\bremove (me|my (email|address|details|data))\b/,
        /\btake me off\b/,
        /\bstop (emailing|e-mailing|sending|contacting|writing)\b/,
        /\b(do not|don't|dont|never) (email|e-mail|contact|write to) (me|us)\b/,
        /\bno (more|further) emails\b/,
        /\bdelete my (email|address|details|data)\b/,
      ],
      Vietnamese: [
        /h[ủu]y đăng ký|x[óo]a tôi|đừng gửi|ngừng gửi|dừng gửi|đừng liên (hệ|lạc)/,
        /(gỡ|x[óo]a|loại) (tôi|email của tôi|địa chỉ của tôi) khỏi/,
        /không (muốn )?nhận (thêm )?(email|thư)/,
      ],
      Japanese: [
        /配信停止|配信を停止|配信不要|登録解除|購読解除|送らないで|送信しないで|メールは不要/,
        /(リスト|名簿)から(削除|外して)/,
        /今後(の)?(ご連絡|連絡|メール|ご案内)は(不要|結構|控え|ご遠慮)/,
      ],
      Spanish: [
        /dar(me)? de baja|deme de baja|denme de baja/,
        /elimíname|elimínenme|eliminarme de|quít(ame|enme)|quitarme de|sác(ame|enme) de/,
        /no (me )?(envíe|envíen|escriba|escriban|contacte|contacten)( más)?\b|deje(n)? de (enviar|escribir)/,
        /no quiero recibir (más )?(correos|mensajes|emails)/,
      ],
      French: [
        /désabonn|désinscri|retirez-moi|supprimez-moi|enlevez-moi|rayez-moi/,
        /ne plus recevoir|arrêtez de m'envoyer|cessez de m'envoyer|ne m'écrivez plus|ne me contactez plus/,
        /(retirer|supprimer|enlever) (mon adresse|mon e-?mail|moi) de/,
      ],
      German: [
        /abmelden|austragen|entfernen sie mich|entferne mich|streichen sie mich|löschen sie mich/,
        /(entfern|lösch|streich|nehmen sie mich)[^.!?\n]{0,40}(liste|verteiler)/,
        /(liste|verteiler)[^.!?\n]{0,40}(entfern|lösch|streich|nehmen)/,
        /keine (weiteren )?(e-mails|mails|nachrichten|werbung)( mehr)?\b|nicht mehr (kontaktieren|anschreiben)/,
        /schreiben sie mir nicht mehr|löschen sie meine (daten|adresse|e-mail)/,
      ],
      Chinese: [
        /退订|退訂|取消订阅|取消訂閱|不要再发|不要再發|请勿再发|請勿再發|别再发|別再發|移除我/,
        /(从|從)[^。！\n]{0,10}(列表|名单|名單)[^。！\n]{0,4}(删除|刪除|移除)/,
        /不要再(联系|聯繫|联络|聯絡)/,
      ],
    },
  ],
  [
    'not_interested',
    {
      English: [
        /\bnot interested\b|\bno interest\b/,
        /\bno,? thanks?( you)?\b/,
        /\bnot a (good )?fit\b|\bnot for us\b|\bnot relevant (for|to) us\b/,
        /\bwe('re| are) (all set|good|covered)\b/,
        /\b(i'll|we'll|i will|we will) pass\b|\bpass on this\b/,
        /\b(we )?already have (a|an|one|someone|a solution)\b/,
      ],
      Vietnamese: [/không quan tâm|không có nhu cầu|không cần (dịch vụ|sản phẩm) này|chúng tôi đã có/],
      Japanese: [
        /興味(は|が)?(ありません|ない)|関心(は|が)?ありません/,
        /(今回は|今は)?(結構です|必要ありません|不要です|間に合っています)|検討(して)?(おりません|いません)/,
      ],
      Spanish: [
        /no (me|nos) interesa|no (estoy|estamos) interesad/,
        /no,? gracias|no necesitamos|ya tenemos (un|una|proveedor)/,
      ],
      French: [
        /pas intéressée?s?|(ça|cela) ne (m|nous)'intéresse pas|ne nous intéresse pas/,
        /non,? merci|pas (de )?besoin|pas pour nous|nous avons déjà (un|une)/,
      ],
      German: [
        /kein interesse|nicht interessiert|interessiert (mich|uns) nicht/,
        /kein bedarf|brauchen wir nicht|nein,? danke|haben wir (bereits|schon) (einen|eine|ein)/,
      ],
      Chinese: [
        /不感兴趣|不感興趣|没有兴趣|沒有興趣|不需要|暂时不考虑|暫時不考慮|不用了|我们已经有|我們已經有/,
      ],
    },
  ],
  [
    'wrong_person',
    {
      English: [
        /\bwrong (person|contact)\b|\bnot the right (person|contact)\b/,
        /\bno longer (with|work|at)\b|\b(has )?left the company\b/,
        /\b(please )?(reach out to|contact|talk to|email) [^\s@]+@[^\s@]+\.\w+ instead\b/,
        /\bnot (my|in my) (area|department|responsibility)\b|\bi (don't|do not) handle\b/,
      ],
      Vietnamese: [
        /nhầm người|không phải (là )?người phụ trách|không phụ trách|đã nghỉ việc|không còn làm việc/,
      ],
      Japanese: [/担当(者)?ではありません|担当外|退職(しました|いたしました)|別の(者|担当者)が担当/],
      Spanish: [
        /persona equivocada|no soy la persona (adecuada|indicada|correcta)/,
        /ya no trabaj|dejó la empresa|no es mi (área|departamento)/,
      ],
      French: [
        /mauvaise personne|pas la bonne personne|pas le bon interlocuteur/,
        /ne travaille plus|a quitté (l'entreprise|la société)|contactez plutôt/,
      ],
      German: [
        /falsche(n|r)? ansprechpartner|nicht (der|die) richtige (ansprechpartner|person)|nicht zuständig/,
        /nicht mehr (bei|im unternehmen|in der firma)|hat das unternehmen verlassen|wenden sie sich (bitte )?an/,
      ],
      Chinese: [/不是负责人|不是負責人|不负责|不負責|已经离职|已經離職|找错人|找錯人/],
    },
  ],
  [
    'meeting_booked',
    {
      English: [
        /\b(i('ve| have)|we('ve| have)) (just )?(booked|scheduled)\b/,
        /\bbooked (a|the) (time|slot|call|meeting)\b/,
        /\baccepted (your|the) (invite|invitation)\b|\b(calendar )?invite (sent|accepted)\b/,
        /\bsee you (on|then|next|tomorrow)\b/,
      ],
      Vietnamese: [/đã đặt lịch|đã xác nhận (lịch|cuộc hẹn)|đã chấp nhận lời mời|hẹn gặp (bạn|anh|chị) vào/],
      Japanese: [/予約しました|予約いたしました|日程(を)?確定|招待を承諾|当日(は)?よろしくお願い/],
      Spanish: [/he reservado|hemos reservado|(reunión|cita) confirmada|acepté la invitación|nos vemos el/],
      French: [/j'ai réservé|nous avons réservé|rendez-vous (est )?confirmé|(j'ai )?accepté l'invitation/],
      German: [/termin (ist )?(gebucht|bestätigt)|(habe|haben) (einen termin )?gebucht|einladung angenommen/],
      Chinese: [/已预约|已預約|已确认会议|已確認會議|接受了邀请|接受了邀請|到时见|到時見/],
    },
  ],
  [
    'interested',
    {
      English: [
        /\b(i'?m|i am|we'?re|we are|very|quite) interested\b/,
        /\bsounds (good|great|interesting)\b|\btell me more\b/,
        /\blet'?s (talk|chat|connect|set up|schedule|meet)\b|\bhappy to (chat|talk|learn)\b/,
        /\b(set up|schedule|book) a (call|meeting|demo)\b|\bcan we (talk|meet|chat|schedule)\b/,
        /\bsend (me )?(more )?(info|information|details|pricing|a quote)\b|\bhow much (is|does)\b/,
      ],
      Vietnamese: [
        /quan tâm|muốn tìm hiểu thêm|gọi cho tôi|gửi (cho tôi )?(thêm )?thông tin|báo giá|giá bao nhiêu/,
      ],
      Japanese: [
        /興味があります|詳しく(聞きたい|知りたい|教えて)|お話を(伺いたい|聞きたい)|資料を(送って|お送り)|見積|おいくら/,
      ],
      Spanish: [
        /me interesa|nos interesa|interesad[oa]/,
        /podemos hablar|hablemos|llámeme|llámame|(envíe|envíame|envíeme)[^.!?\n]{0,20}(información|precios|propuesta|presupuesto)|cuánto cuesta/,
      ],
      French: [
        /intéressée?s?|(ça|cela) m'intéresse/,
        /pouvons-nous (en )?(parler|discuter|échanger)|appelez-moi|envoyez-moi[^.!?\n]{0,20}(informations|offre|devis|tarifs)|combien (ça|cela) coûte/,
      ],
      German: [
        /interessiert|klingt (gut|interessant)|gerne mehr erfahren/,
        /lassen sie uns (sprechen|telefonieren)|können wir (telefonieren|sprechen)|rufen sie mich an|(was|wie viel) kostet/,
      ],
      Chinese: [/感兴趣|感興趣|想了解更多|可以聊聊|可以談談|报价|報價|多少钱|多少錢/],
    },
  ],
];
