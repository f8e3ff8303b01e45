import { expect } from 'vitest';
import type { EngineUser } from '../../testing/engine-test-kit';

/** A sequence of one send step over a linked list filled by a CSV import of `rows`. */
export async function importedSequence(u: EngineUser, subject: string, body: string, rows: object[]) {
  const template = await u.template(subject, body);
  const sequence = await u.sequence();
  const step = await u.step(sequence.id, 1, { templateId: template.id, sendHour: 10 });
  const list = await u.list(sequence.id, []);
  const imported = await u.browser.post(`/api/personas/${list.id}/import-contacts`, { rows });
  expect(imported.json()).toMatchObject({ inserted: rows.length, failed: 0 });
  return { sequence, step, list };
}
