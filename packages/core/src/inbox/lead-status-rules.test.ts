import { describe, expect, it } from 'vitest';
import { leadStatusByRules, referralIn } from './lead-status-rules';

describe('the lead status rules', () => {
  it.each([
    ['Please remove me from your list.', 'unsubscribe_request'],
    ['STOP', 'unsubscribe_request'],
    ['Xin hãy hủy đăng ký cho tôi.', 'unsubscribe_request'],
    ['配信停止をお願いします。', 'unsubscribe_request'],
    ['Por favor, darme de baja de esta lista.', 'unsubscribe_request'],
    ['Merci de me désabonner.', 'unsubscribe_request'],
    ['Bitte abmelden.', 'unsubscribe_request'],
    ['请退订。', 'unsubscribe_request'],
    ['Thanks, but we are not interested.', 'not_interested'],
    ['I am no longer with the company, please contact maria@acme.example instead.', 'wrong_person'],
    ["I've booked a slot for Tuesday.", 'meeting_booked'],
    ["Sounds good, let's set up a call.", 'interested'],
  ])('%s → %s', (text, status) => {
    expect(leadStatusByRules(text)?.status).toBe(status);
  });

  it('reads only what the person wrote, not the quoted original', () => {
    const text =
      'Who is this?\n\nOn Mon, 2 Dec 2026 at 10:00, Alex <alex@seller.example> wrote:\n> Reply STOP to unsubscribe';
    expect(leadStatusByRules(text)).toBeNull();
  });

  it('a sentence with "stop" in it is not a request', () => {
    expect(leadStatusByRules('Can we stop by your booth next week?')).toBeNull();
  });

  it('finds the referral address a wrong-person reply gives', () => {
    const text = 'Wrong person, please write to Maria.Lopez@acme.example, she runs it.';
    expect(referralIn(text, ['me@prospect.example'])).toBe('maria.lopez@acme.example');
    expect(referralIn('Wrong person.', [])).toBeNull();
  });
});
