// `npm run bench:ab`: the A/B winner rule of decision 020 on simulated tests, printed as JSON. A/A tests
// (identical variants) give the false-winner rate under a look after every send; A/B tests with a real
// lift give how often and after how many sends per variant the better variant is found.
import { simulateTests } from '@prospector/core';

const rule = { confidence: 95, minSendsPerVariant: 200 };
const started = performance.now();
const aa = [
  { rates: [0.05, 0.05], maxSendsPerVariant: 5000 },
  { rates: [0.2, 0.2], maxSendsPerVariant: 5000 },
  { rates: [0.05, 0.05, 0.05], maxSendsPerVariant: 5000 },
  { rates: [0.05, 0.05, 0.05, 0.05, 0.05], maxSendsPerVariant: 3000 },
].map(({ rates, maxSendsPerVariant }, index) => ({
  rates,
  maxSendsPerVariant,
  lookEvery: 1,
  ...simulateTests({ runs: 1000, rates, lookEvery: 1, maxSendsPerVariant, seed: 100 + index, ...rule }),
}));
const ab = [{ rates: [0.05, 0.06] }, { rates: [0.05, 0.075] }, { rates: [0.042, 0.061, 0.042] }].map(
  ({ rates }, index) => ({
    rates,
    maxSendsPerVariant: 10_000,
    lookEvery: 25,
    ...simulateTests({
      runs: 200,
      rates,
      lookEvery: 25,
      maxSendsPerVariant: 10_000,
      seed: 200 + index,
      ...rule,
    }),
  }),
);
const worstFalseWinnerRate = Math.max(...aa.map((run) => run.significantWinnerRate));
console.log(
  JSON.stringify(
    {
      rule,
      aa,
      ab,
      worstFalseWinnerRate,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
    null,
    2,
  ),
);
