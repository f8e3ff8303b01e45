import { describe, expect, it } from 'vitest';
import { parseSpamAssassinReport } from './spamassassin';

/** The tail of `spamassassin -L -t` (SpamAssassin 4.0.1) on a test message. */
const OUTPUT = `Subject: FREE MONEY NOW

Content preview:  Hello, 100% GUARANTEED money back guarantee.

Content analysis details:   (6.1 points, 5.0 required)

 pts rule name              description
---- ---------------------- --------------------------------------------------
-0.0 NO_RECEIVED            Informational: message has no Received headers
 2.7 GUARANTEED_100_PERCENT BODY: One hundred percent guaranteed
 2.9 MONEY_BACK             BODY: Money back guarantee
 0.0 HTML_MESSAGE           BODY: HTML included in message
 0.5 SUBJ_ALL_CAPS          Subject is all capitals
 0.1 MISSING_MID            Missing Message-Id: header with a description long enough
                            to wrap onto a second line

`;

describe("SpamAssassin's report", () => {
  it('reads the total and every rule with its points and description', () => {
    const report = parseSpamAssassinReport(OUTPUT);
    expect(report?.score).toBe(6.1);
    expect(report?.reasons).toHaveLength(6);
    expect(report?.reasons[1]).toEqual({
      rule: 'GUARANTEED_100_PERCENT',
      score: 2.7,
      description: 'BODY: One hundred percent guaranteed',
    });
    expect(report?.reasons[0]?.score).toBe(-0);
    expect(report?.reasons[5]?.description).toBe(
      'Missing Message-Id: header with a description long enough to wrap onto a second line',
    );
  });

  it('reads the report with CRLF line ends, as SpamAssassin writes it for a CRLF message', () => {
    const report = parseSpamAssassinReport(OUTPUT.replaceAll('\n', '\r\n'));
    expect(report?.reasons.map((reason) => reason.rule)).toHaveLength(6);
    expect(report?.reasons[2]).toEqual({
      rule: 'MONEY_BACK',
      score: 2.9,
      description: 'BODY: Money back guarantee',
    });
  });

  it('answers null when the output holds no report (a crash or a timeout)', () => {
    expect(parseSpamAssassinReport('')).toBeNull();
  });
});
