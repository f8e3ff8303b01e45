import { describe, expect, it } from 'vitest';
import { chatWidgetSrc } from './chat-widget-url';

describe('chatWidgetSrc', () => {
  it('adds lang=en and the encoded email as a new query', () => {
    expect(chatWidgetSrc('https://chat.example.com/widget', 'a+b@x.io')).toBe(
      'https://chat.example.com/widget?lang=en&email=a%2Bb%40x.io',
    );
  });

  it("joins with '&' when the URL already has a query", () => {
    expect(chatWidgetSrc('https://chat.example.com/w?team=7', 'a@x.io')).toBe(
      'https://chat.example.com/w?team=7&lang=en&email=a%40x.io',
    );
    expect(chatWidgetSrc('https://chat.example.com/w?', 'a@x.io')).toBe(
      'https://chat.example.com/w?lang=en&email=a%40x.io',
    );
  });

  it('keeps a fragment at the end', () => {
    expect(chatWidgetSrc('https://chat.example.com/w#top', 'a@x.io')).toBe(
      'https://chat.example.com/w?lang=en&email=a%40x.io#top',
    );
  });
});
