// `node bench/lib/profile-summary.mjs <file.cpuprofile> [top]`: where a V8 CPU profile's time went, as
// markdown: the top frames by self time (function, file:line, %), and self time summed by module (a
// workspace package's folder, or the npm package under node_modules, or node's own internals).
import { readFileSync } from 'node:fs';

export function summariseProfile(profile, top = 15) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    if (!byId.has(id)) continue;
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((sum, us) => sum + us, 0) || 1;
  const frames = new Map();
  const modules = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    const where = callFrame.url ? `${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}` : '';
    const key = `${name} ${where}`.trim();
    frames.set(key, (frames.get(key) ?? 0) + us);
    const module = moduleOf(callFrame.url, name);
    modules.set(module, (modules.get(module) ?? 0) + us);
  }
  // Inclusive time of the app's own functions (synchronous stretches only: an await ends a stack).
  const inclusive = new Map();
  const visit = (node, seen) => {
    let us = self.get(node.id) ?? 0;
    const { callFrame } = node;
    const own = /\/(packages|apps)\//.test(callFrame.url) && callFrame.functionName;
    const key = own ? `${callFrame.functionName} ${shortUrl(callFrame.url)}` : null;
    const first = key && !seen.has(key);
    if (first) seen.add(key);
    for (const child of node.children ?? []) us += visit(byId.get(child), seen);
    if (first) {
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
      seen.delete(key);
    }
    return us;
  };
  visit(profile.nodes[0], new Set());
  const pct = (us) => `${((100 * us) / total).toFixed(1)}%`;
  const rows = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `| ${pct(us)} | ${(us / 1000).toFixed(0)} ms | \`${key}\` |`);
  return [
    `Sampled ${(total / 1e6).toFixed(2)} s.`,
    '',
    '| self | time | frame |',
    '| ---: | ---: | --- |',
    ...rows(frames, top),
    '',
    '| self | time | module |',
    '| ---: | ---: | --- |',
    ...rows(modules, top),
    '',
    '| total | time | own function (with what it calls) |',
    '| ---: | ---: | --- |',
    ...rows(inclusive, top),
  ].join('\n');
}

function shortUrl(url) {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const packages = url.search(/\/(packages|apps|bench)\//);
  return packages >= 0 ? url.slice(packages + 1) : url.replace(/^file:\/\//, '');
}

function moduleOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const source = url.match(/\/((?:packages|apps)\/[^/]+\/src\/[^/]+)/);
  return source ? source[1] : shortUrl(url);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top] = process.argv.slice(2);
  process.stdout.write(`${summariseProfile(JSON.parse(readFileSync(file, 'utf8')), Number(top ?? 15))}\n`);
}
