import { describe, expect, it } from 'vitest';
import type { AiWriter } from '../ai-writer/ai-writer';
import { parseClassification } from '../ai-writer/openai-writer';
import type { EngineDeps } from '../engine/engine-deps';
import { parseInbound } from '../tracking/inbound-message';
import { decideLeadStatus } from './classify-arrival';

const reply = (text: string) =>
  parseInbound(`From: a@prospect.example\r\nSubject: Re: Hi\r\n\r\n${text}`, {
    gmailMessageId: 'm',
    threadId: 't',
  });

const depsWith = (answer: AiWriter['classifyReply']) =>
  ({
    aiWriter: { mode: 'model', model: 'm', write: async () => '', classifyReply: answer },
  }) as unknown as EngineDeps;

describe('the lead status on arrival', () => {
  it('takes the rules first and asks the AI writer only when no rule applies', async () => {
    const asked: string[] = [];
    const deps = depsWith(async (text) => {
      asked.push(text);
      return { status: 'interested', reason: 'AI: wants pricing' };
    });
    const byRule = await decideLeadStatus(deps, { type: 'reply' }, await reply('Please remove me.'), null);
    expect(byRule?.status).toBe('unsubscribe_request');
    expect(asked).toEqual([]);
    const byAi = await decideLeadStatus(
      deps,
      { type: 'reply' },
      await reply('What would it cost for 40 seats?'),
      null,
    );
    expect(byAi).toEqual({ status: 'interested', reason: 'AI: wants pricing' });
    expect(asked).toEqual(['What would it cost for 40 seats?']);
  });

  it('a failing writer leaves the status unset', async () => {
    const deps = depsWith(async () => {
      throw new Error('down');
    });
    expect(await decideLeadStatus(deps, { type: 'reply' }, await reply('Hmm.'), null)).toBeNull();
  });

  it("reads the model's JSON answer, and nothing else", () => {
    expect(parseClassification('{"status": "not_interested", "reason": "no budget"}')).toEqual({
      status: 'not_interested',
      reason: 'AI: no budget',
    });
    expect(parseClassification('{"status": "maybe"}')).toBeNull();
    expect(parseClassification('no idea')).toBeNull();
  });
});
