import { describe, expect, it } from 'vitest';
import { variableSyntaxProblems } from './template-variables';

describe('variableSyntaxProblems', () => {
  it('accepts well-formed variables, fallbacks and spintax', () => {
    expect(variableSyntaxProblems('Hi {{ first_name | there }}, {{random|a|b}} at {{company}}')).toEqual([]);
  });

  it('names a fallback that holds another variable, and reads on after it', () => {
    expect(variableSyntaxProblems('Hi {{first_name|{{company}}}}, {{title}} {{city|{{state}}}}')).toEqual([
      '{{first_name|{{company}}}}: a fallback is plain text and cannot hold another variable',
      '{{city|{{state}}}}: a fallback is plain text and cannot hold another variable',
    ]);
  });

  it('names a variable never closed, up to the end of its line', () => {
    expect(variableSyntaxProblems('{{company}} and {{first_name|Hi\nthere')).toEqual([
      '{{first_name|Hi is never closed with }}',
    ]);
  });
});
