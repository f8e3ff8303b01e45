import { createHash } from 'node:crypto';

export interface WeightedVariant {
  id: string;
  label: string;
  /** Percent share; null on any variant means an even split. */
  weight: number | null;
}

/** A number in [0, 1) drawn from the enrolment and step: the same pair always draws the same number. */
export function drawFor(enrolmentId: string, stepId: string): number {
  const digest = createHash('sha256').update(`${enrolmentId}:${stepId}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** Each variant's share of new enrolments, in [0, 1], summing to 1 (even when a weight is missing or all are 0). */
export function sharesOf(variants: readonly WeightedVariant[]): number[] {
  const total = variants.reduce((sum, v) => sum + (v.weight ?? 0), 0);
  const even = variants.some((v) => v.weight === null) || total <= 0;
  return variants.map((v) => (even ? 1 / variants.length : (v.weight ?? 0) / total));
}

/** The variant a draw in [0, 1) falls on, by the variants' shares in label order. */
export function pickVariant<T extends WeightedVariant>(variants: readonly T[], draw: number): T {
  const ordered = [...variants].sort((a, b) => a.label.localeCompare(b.label));
  const shares = sharesOf(ordered);
  let edge = 0;
  for (const [index, variant] of ordered.entries()) {
    edge += shares[index] ?? 0;
    if (draw < edge) return variant;
  }
  return ordered.at(-1)!;
}
