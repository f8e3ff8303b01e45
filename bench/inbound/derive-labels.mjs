// Builds labels.json (sample file name -> the reason Sisimai's own tests expect) from the test files of a
// Sisimai checkout: node bench/inbound/derive-labels.mjs <rb-sisimai>/test/public
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const testDir = process.argv[2];
if (!testDir) {
  console.error('Usage: node bench/inbound/derive-labels.mjs <path to rb-sisimai/test/public>');
  process.exit(1);
}
const labels = {};
for (const file of readdirSync(testDir).filter((name) =>
  /^(lhost-|rhost-|arf|rfc3464|rfc3834).*\.rb$/.test(name),
)) {
  if (/-(engine-)?test\.rb$|lhost-code/.test(file)) continue;
  const prefix = file.replace(/\.rb$/, '');
  const source = readFileSync(join(testDir, file), 'utf8');
  // '01' => [['5.1.1', '550', 'userunknown', true], ...]
  for (const entry of source.matchAll(
    /'(\d{2,5})'\s*=>\s*\[\s*\[\s*'([^']*)',\s*'([^']*)',\s*'(\w+)',\s*(true|false)/g,
  )) {
    const [, index, status, replyCode, reason, hard] = entry;
    labels[`${prefix}-${index}.eml`] = { reason, status, replyCode, hard: hard === 'true' };
  }
}
writeFileSync(new URL('./labels.json', import.meta.url), `${JSON.stringify(labels, null, 1)}\n`);
console.log(`${Object.keys(labels).length} labels written to bench/inbound/labels.json`);
