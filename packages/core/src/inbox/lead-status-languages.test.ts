import type { AiLanguage } from '@prospector/contracts';
import { describe, expect, it } from 'vitest';
import { leadStatusByRules } from './lead-status-rules';

/** Replies as people write them, for every status the words can give, in each of the seven languages. */
const REPLIES: Record<AiLanguage, [string, string][]> = {
  English: [
    ['Please remove me from your list.', 'unsubscribe_request'],
    ['Not interested, and please take me off your mailing list.', 'unsubscribe_request'],
    ["Don't email me again.", 'unsubscribe_request'],
    ['Thanks, but we are not interested.', 'not_interested'],
    ["We already have a provider, we'll pass.", 'not_interested'],
    ["I'm not the right person, it's not my area.", 'wrong_person'],
    ['I am no longer with the company, please contact maria@acme.example instead.', 'wrong_person'],
    ["I've booked a slot for Tuesday.", 'meeting_booked'],
    ['Accepted your invite, see you then.', 'meeting_booked'],
    ["Sounds good, let's set up a call.", 'interested'],
    ['Can we talk on Tuesday? How much does it cost?', 'interested'],
  ],
  French: [
    ['Merci de me désabonner.', 'unsubscribe_request'],
    ['Pas intéressé, merci de retirer mon adresse de votre liste.', 'unsubscribe_request'],
    ['Ne me contactez plus.', 'unsubscribe_request'],
    ['Ça ne nous intéresse pas, merci.', 'not_interested'],
    ['Non merci, nous avons déjà un prestataire.', 'not_interested'],
    ['Je ne suis pas la bonne personne, contactez plutôt notre directeur commercial.', 'wrong_person'],
    ["Il a quitté l'entreprise l'an dernier.", 'wrong_person'],
    ["J'ai réservé un créneau jeudi.", 'meeting_booked'],
    ['Rendez-vous confirmé pour mardi.', 'meeting_booked'],
    ['Ça m’intéresse, pouvons-nous en parler ?', 'interested'],
    ['Combien ça coûte ? Envoyez-moi vos tarifs.', 'interested'],
  ],
  German: [
    ['bitte entfernen Sie mich aus Ihrer Liste', 'unsubscribe_request'],
    ['Kein Interesse. Bitte entfernen Sie mich aus Ihrer Liste.', 'unsubscribe_request'],
    ['Bitte nehmen Sie mich aus Ihrem Verteiler.', 'unsubscribe_request'],
    ['Bitte keine E-Mails mehr.', 'unsubscribe_request'],
    ['Bitte\u00a0entfernen Sie\nmich aus dem Verteiler.', 'unsubscribe_request'],
    ['Danke, aber kein Interesse.', 'not_interested'],
    ['Nein danke, kein Bedarf.', 'not_interested'],
    ['Dafür bin ich nicht zuständig, wenden Sie sich an Frau Weber.', 'wrong_person'],
    ['Herr Maier hat das Unternehmen verlassen.', 'wrong_person'],
    ['Termin ist gebucht.', 'meeting_booked'],
    ['Einladung angenommen.', 'meeting_booked'],
    ['Klingt gut, können wir telefonieren?', 'interested'],
    ['Was kostet das?', 'interested'],
  ],
  Spanish: [
    ['Por favor, darme de baja de esta lista.', 'unsubscribe_request'],
    ['No me envíen más correos.', 'unsubscribe_request'],
    ['Quítenme de su lista, por favor.', 'unsubscribe_request'],
    ['Gracias, pero no nos interesa.', 'not_interested'],
    ['No, gracias. Ya tenemos un proveedor.', 'not_interested'],
    ['No soy la persona adecuada para esto.', 'wrong_person'],
    ['Ya no trabajo en esa empresa.', 'wrong_person'],
    ['He reservado una hora para el jueves.', 'meeting_booked'],
    ['Reunión confirmada, nos vemos el martes.', 'meeting_booked'],
    ['Me interesa, ¿podemos hablar esta semana?', 'interested'],
    ['¿Cuánto cuesta?', 'interested'],
  ],
  Vietnamese: [
    ['Xin hãy hủy đăng ký cho tôi.', 'unsubscribe_request'],
    ['Vui lòng xóa tôi khỏi danh sách.', 'unsubscribe_request'],
    ['Đừng gửi email cho tôi nữa.', 'unsubscribe_request'],
    ['Cảm ơn, nhưng tôi không quan tâm.', 'not_interested'],
    ['Công ty chúng tôi không có nhu cầu.', 'not_interested'],
    ['Tôi không phải người phụ trách mảng này.', 'wrong_person'],
    ['Anh ấy đã nghỉ việc rồi.', 'wrong_person'],
    ['Tôi đã đặt lịch vào thứ Năm.', 'meeting_booked'],
    ['Tôi đã chấp nhận lời mời.', 'meeting_booked'],
    ['Tôi quan tâm, gửi cho tôi thêm thông tin nhé.', 'interested'],
    ['Giá bao nhiêu vậy?', 'interested'],
  ],
  Japanese: [
    ['配信停止をお願いします。', 'unsubscribe_request'],
    ['リストから削除してください。', 'unsubscribe_request'],
    ['今後のご連絡は不要です。', 'unsubscribe_request'],
    ['興味はありません。', 'not_interested'],
    ['今回は結構です。', 'not_interested'],
    ['私は担当者ではありません。', 'wrong_person'],
    ['山田は退職しました。', 'wrong_person'],
    ['木曜日に予約しました。', 'meeting_booked'],
    ['日程を確定しました。', 'meeting_booked'],
    ['興味があります。詳しく教えてください。', 'interested'],
    ['お見積をお願いします。', 'interested'],
  ],
  Chinese: [
    ['请退订。', 'unsubscribe_request'],
    ['请从你们的名单中删除我。', 'unsubscribe_request'],
    ['不要再联系我了。', 'unsubscribe_request'],
    ['谢谢，我们不感兴趣。', 'not_interested'],
    ['暂时不考虑。', 'not_interested'],
    ['我不是负责人。', 'wrong_person'],
    ['他已经离职了。', 'wrong_person'],
    ['已预约周四的会议。', 'meeting_booked'],
    ['我接受了邀请，到时见。', 'meeting_booked'],
    ['我们很感兴趣，想了解更多。', 'interested'],
    ['多少钱？请发报价。', 'interested'],
  ],
};

describe.each(Object.entries(REPLIES))('the lead status rules in %s', (_language, replies) => {
  it.each(replies)('"%s" → %s', (text, status) => {
    expect(leadStatusByRules(text)?.status).toBe(status);
  });
});

describe('what the rules leave to the user', () => {
  it.each([
    ['Ich bin bis Montag nicht erreichbar, nicht der richtige Zeitpunkt.'],
    ['Can we stop by your booth next week?'],
    ['Merci pour votre message.'],
    ['Gracias por escribir.'],
  ])('"%s" is no status', (text) => {
    expect(leadStatusByRules(text)?.status ?? null).toBeNull();
  });
});
