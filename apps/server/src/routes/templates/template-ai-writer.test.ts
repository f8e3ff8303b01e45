import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { aiWriterFor } from './template-ai-writer';

const env = (extra: Record<string, string>) => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'prospector-ai-config-')),
  APP_SECRET: 'x'.repeat(32),
  ...extra,
});

describe('AI writer configuration', () => {
  it('uses no model by default: the sandbox writer with SANDBOX on, none with it off', () => {
    const config = loadConfig(env({}));
    expect(config.ai).toBeUndefined();
    expect(aiWriterFor(config)).toMatchObject({ mode: 'sandbox', model: null });
    expect(aiWriterFor(loadConfig(env({ SANDBOX: 'off' })))).toBeNull();
  });

  it('reads AI_BASE_URL, AI_API_KEY and AI_MODEL, with OpenAI and gpt-4o-mini as defaults', () => {
    expect(loadConfig(env({ AI_BASE_URL: 'http://localhost:11434/v1', AI_MODEL: 'llama3.1' })).ai).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.1',
    });
    const openAi = loadConfig(env({ AI_API_KEY: 'sk-1', SANDBOX: 'off' }));
    expect(openAi.ai).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-1', model: 'gpt-4o-mini' });
    expect(aiWriterFor(openAi)).toMatchObject({ mode: 'model', model: 'gpt-4o-mini' });
    expect(loadConfig(env({ AI_BASE_URL: '', AI_API_KEY: '' })).ai).toBeUndefined();
  });

  it('refuses an AI_BASE_URL that is not an http(s) URL', () => {
    expect(() => loadConfig(env({ AI_BASE_URL: 'ftp://models' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ AI_BASE_URL: 'ftp://models' }))).toThrow(
      'AI_BASE_URL must be an http(s) URL',
    );
  });
});
