import { describe, expect, it } from 'vitest';
import { assertCleanText, findForbiddenText, stripForbiddenText } from './text-guard';

describe('the one rule for text at the edge', () => {
  it('finds NUL, other C0 controls and lone surrogates, and says where', () => {
    expect(findForbiddenText({ name: 'a\u0000b' })).toEqual(['name']);
    expect(findForbiddenText({ rows: [{ firstName: 'ok' }, { firstName: 'x\u0007' }] })).toEqual([
      'rows',
      1,
      'firstName',
    ]);
    expect(findForbiddenText({ subject: 'broken \uD800 text' })).toEqual(['subject']);
    expect(findForbiddenText({ subject: 'lone \uDC00' })).toEqual(['subject']);
    expect(findForbiddenText({ metadata: { 'k\u001f': 1 } })).toEqual(['metadata', 'k\u001f']);
  });

  it('lets tab, newline, carriage return, emoji and any other Unicode through', () => {
    expect(findForbiddenText({ body: 'a\tb\nc\r\nd 😀 é 中文 \u007f \u200b' })).toBeUndefined();
    expect(findForbiddenText([1, null, true, { a: [2.5] }])).toBeUndefined();
  });

  it('walks a body nested 100,000 deep quickly and without a stack overflow', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    const started = performance.now();
    expect(findForbiddenText(deep)).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('names the field in the 400', () => {
    expect(() => assertCleanText({ htmlBody: '\u0000' }, 'The body')).toThrow(
      'Html body contains a character that is not allowed',
    );
    expect(() => assertCleanText({ '*': 'a\u0000' }, 'The path')).toThrow(
      'The path contains a character that is not allowed',
    );
    expect(() => assertCleanText(['\u0001'], 'The request body')).toThrow('The request body contains');
  });

  it('strips, for bodies that are cleaned rather than refused, and refuses absurd nesting there', () => {
    expect(stripForbiddenText({ rows: [{ 'first\u0000Name': 'Ro\u0000w\uD800', n: 1 }] })).toEqual({
      rows: [{ firstName: 'Row', n: 1 }],
    });
    const deep = JSON.parse(`${'['.repeat(100)}1${']'.repeat(100)}`);
    expect(() => stripForbiddenText(deep)).toThrow('nested too deeply');
  });
});
