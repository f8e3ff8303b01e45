// The pure side of `npm run bench:compare`: its arguments, the figures in a bench's printed JSON, and the
// medians and ratios of two trees' runs.

export const DEFAULT_BENCH = 'import';
export const DEFAULT_RUNS = 3;

const USAGE = 'Usage: npm run bench:compare -- <git-ref> [--bench import] [--runs 3] [--env KEY=VALUE ...]';

/** `<git-ref> [--bench name] [--runs n] [--env KEY=VALUE ...]` as `{ ref, bench, runs, env }`; throws with the usage. */
export function parseCompareArgs(argv) {
  const options = { ref: undefined, bench: DEFAULT_BENCH, runs: DEFAULT_RUNS, env: {} };
  const flagValue = (flag, index) => {
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value. ${USAGE}`);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--bench') {
      options.bench = flagValue(arg, i++).replace(/^bench:/, '');
      if (options.bench === 'compare') throw new Error(`bench:compare cannot compare itself. ${USAGE}`);
    } else if (arg === '--runs') {
      const runs = Number(flagValue(arg, i++));
      if (!Number.isInteger(runs) || runs < 1)
        throw new Error(`--runs must be a whole number from 1. ${USAGE}`);
      options.runs = runs;
    } else if (arg === '--env') {
      // One or more KEY=VALUE pairs follow, up to the next flag.
      let pairs = 0;
      while (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) {
        const pair = argv[++i];
        const equals = pair.indexOf('=');
        if (equals < 1) throw new Error(`--env takes KEY=VALUE, not "${pair}". ${USAGE}`);
        options.env[pair.slice(0, equals)] = pair.slice(equals + 1);
        pairs++;
      }
      if (pairs === 0) throw new Error(`--env needs KEY=VALUE. ${USAGE}`);
    } else if (arg.startsWith('--')) {
      throw new Error(`Unknown option ${arg}. ${USAGE}`);
    } else if (options.ref === undefined) {
      options.ref = arg;
    } else {
      throw new Error(`One git ref only, got "${options.ref}" and "${arg}". ${USAGE}`);
    }
  }
  if (options.ref === undefined) throw new Error(`A git ref to compare against is needed. ${USAGE}`);
  return options;
}

/**
 * The JSON values a bench printed: the whole output when it is one JSON document (pretty-printed or not),
 * else every line that is one (benches printing one object per line, among progress lines).
 */
export function jsonDocuments(stdout) {
  const whole = tryParse(stdout.trim());
  if (whole !== undefined) return [whole];
  return stdout
    .split('\n')
    .map((line) => tryParse(line.trim()))
    .filter((value) => value !== undefined && typeof value === 'object' && value !== null);
}

function tryParse(text) {
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every finite number in `value` by its dotted path (array items by index); other values are left out. */
export function flattenFigures(value, path = '', into = {}) {
  if (typeof value === 'number' && Number.isFinite(value)) {
    into[path] = value;
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      flattenFigures(child, path ? `${path}.${key}` : key, into);
  }
  return into;
}

/** The figures of one run's output; with several JSON documents, each path starts with its document's index. */
export function runFigures(stdout) {
  const documents = jsonDocuments(stdout);
  if (documents.length === 1) return flattenFigures(documents[0]);
  return flattenFigures(documents);
}

export function median(values) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[middle];
  // Twelve significant digits drop the binary noise of the mean (0.67, not 0.6699999999999999).
  return Number(((sorted[middle - 1] + sorted[middle]) / 2).toPrecision(12));
}

/** current / base, or null when the base median is 0 or missing (no ratio to speak of). */
export function ratio(current, base) {
  if (current === undefined || base === undefined || base === 0) return null;
  return Number((current / base).toFixed(4));
}

/**
 * `{ path: { current: { median, values }, base: { median, values }, ratio } }` from each tree's list of run
 * figures, for every path seen in either tree (a figure one tree lacks shows an empty list and no ratio).
 */
export function compareFigures(currentRuns, baseRuns) {
  const paths = new Set([...currentRuns, ...baseRuns].flatMap((figures) => Object.keys(figures)));
  const side = (runs, path) => {
    const values = runs.map((figures) => figures[path]).filter((value) => value !== undefined);
    return { median: median(values) ?? null, values };
  };
  const figures = {};
  for (const path of paths) {
    const current = side(currentRuns, path);
    const base = side(baseRuns, path);
    figures[path] = { current, base, ratio: ratio(current.median ?? undefined, base.median ?? undefined) };
  }
  return figures;
}
