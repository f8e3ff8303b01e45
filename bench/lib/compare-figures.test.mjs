import { describe, expect, it } from 'vitest';
import {
  compareFigures,
  flattenFigures,
  jsonDocuments,
  median,
  parseCompareArgs,
  ratio,
  runFigures,
} from './compare-figures.mjs';

describe('parseCompareArgs', () => {
  it('defaults to three runs of the import bench', () => {
    expect(parseCompareArgs(['main~3'])).toEqual({ ref: 'main~3', bench: 'import', runs: 3, env: {} });
  });

  it('reads the bench, the runs and several env pairs in any order', () => {
    expect(
      parseCompareArgs([
        '--runs',
        '2',
        'HEAD~5',
        '--env',
        'BENCH_ROWS=5000',
        'A=b=c',
        '--bench',
        'bench:pixel',
      ]),
    ).toEqual({ ref: 'HEAD~5', bench: 'pixel', runs: 2, env: { BENCH_ROWS: '5000', A: 'b=c' } });
  });

  it('refuses a missing ref, a bad run count, a bad env pair, unknown options and comparing itself', () => {
    expect(() => parseCompareArgs([])).toThrow('A git ref to compare against is needed');
    expect(() => parseCompareArgs(['main', '--runs', '0'])).toThrow('--runs must be a whole number from 1');
    expect(() => parseCompareArgs(['main', '--runs'])).toThrow('--runs needs a value');
    expect(() => parseCompareArgs(['main', '--env', 'NOEQUALS'])).toThrow('--env takes KEY=VALUE');
    expect(() => parseCompareArgs(['main', '--env'])).toThrow('--env needs KEY=VALUE');
    expect(() => parseCompareArgs(['main', '--fast'])).toThrow('Unknown option --fast');
    expect(() => parseCompareArgs(['main', 'other'])).toThrow('One git ref only');
    expect(() => parseCompareArgs(['main', '--bench', 'compare'])).toThrow('cannot compare itself');
  });
});

describe('figures in a bench output', () => {
  it('reads one pretty-printed document', () => {
    const stdout = JSON.stringify({ rows: 5000, pglite: { rowsPerSecond: 812.5 } }, null, 2);
    expect(runFigures(stdout)).toEqual({ rows: 5000, 'pglite.rowsPerSecond': 812.5 });
  });

  it('reads one document per line among progress lines, each under its index', () => {
    const stdout = 'warming up\n{"p50":3}\nrun 1 done\n{"p50":4,"ok":true}\n';
    expect(jsonDocuments(stdout)).toEqual([{ p50: 3 }, { p50: 4, ok: true }]);
    expect(runFigures(stdout)).toEqual({ '0.p50': 3, '1.p50': 4 });
  });

  it('keeps finite numbers by dotted path, array items by index, and leaves out the rest', () => {
    expect(
      flattenFigures({ name: 'x', ok: true, none: null, a: { b: [1, { c: 2 }] }, nan: Number.NaN, n: -1.5 }),
    ).toEqual({ 'a.b.0': 1, 'a.b.1.c': 2, n: -1.5 });
  });

  it('finds nothing in output without JSON', () => {
    expect(runFigures('Error: connect ECONNREFUSED\n')).toEqual({});
  });
});

describe('medians and ratios', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0.63, 0.71])).toBe(0.67);
    expect(median([])).toBeUndefined();
  });

  it('divides current by base, with no ratio over a zero or missing base', () => {
    expect(ratio(150, 100)).toBe(1.5);
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(5, undefined)).toBeNull();
  });

  it('compares each figure of both trees, also one only a tree has', () => {
    const current = [
      { rps: 90, ms: 10 },
      { rps: 110, ms: 12 },
      { rps: 100, ms: 11 },
    ];
    const base = [{ rps: 200 }, { rps: 180 }, { rps: 220 }];
    expect(compareFigures(current, base)).toEqual({
      rps: {
        current: { median: 100, values: [90, 110, 100] },
        base: { median: 200, values: [200, 180, 220] },
        ratio: 0.5,
      },
      ms: { current: { median: 11, values: [10, 12, 11] }, base: { median: null, values: [] }, ratio: null },
    });
  });
});
