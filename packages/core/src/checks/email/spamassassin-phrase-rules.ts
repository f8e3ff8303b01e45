// Source: Apache SpamAssassin 4.0.1 rules, Debian package spamassassin 4.0.1-1~deb12u1:
// /usr/share/spamassassin/20_phrases.cf (body rules: name, pattern, description) and 50_scores.cf
// (score set 0, local tests only; a rule without a score line takes SpamAssassin's default of 1.0).
// Apache License 2.0. Only the rules whose Perl pattern is also a JavaScript pattern are kept.
// SpamAssassin ships phrase rules in English only.

export interface PhraseRule {
  rule: string;
  pattern: string;
  flags: string;
  score: number;
  description: string;
}

export const SPAMASSASSIN_PHRASE_RULES: readonly PhraseRule[] = [
  {
    rule: 'REMOVE_BEFORE_LINK',
    pattern: '(?:no thanks|not interested|unsubscribe here).{0,5}http://',
    flags: 'i',
    score: 0.1,
    description: 'Removal phrase right before a link',
  },
  {
    rule: 'GUARANTEED_100_PERCENT',
    pattern: '100% GUARANTEED',
    flags: 'i',
    score: 2.699,
    description: 'One hundred percent guaranteed',
  },
  {
    rule: 'DEAR_FRIEND',
    pattern: '^\\s*Dear Friend\\b',
    flags: 'i',
    score: 2.683,
    description: "Dear Friend? That's not very dear!",
  },
  {
    rule: 'DEAR_SOMETHING',
    pattern: '\\bDear (?:IT\\W|Internet|candidate|sirs?|madam|investor|travell?er|car shopper|web)\\b',
    flags: 'i',
    score: 1.999,
    description: "Contains 'Dear (something)'",
  },
  {
    rule: 'BILLION_DOLLARS',
    pattern: '[BM]ILLION DOLLAR',
    flags: '',
    score: 0.001,
    description: 'Talks about lots of money',
  },
  {
    rule: 'EXCUSE_4',
    pattern: 'To Be Removed,? Please',
    flags: 'i',
    score: 2.399,
    description: 'Claims you can be removed from the list',
  },
  {
    rule: 'EXCUSE_REMOVE',
    pattern: 'to be removed from.{0,20}(?:mailings|offers)',
    flags: 'i',
    score: 2.907,
    description: 'Talks about how to be removed from mailings',
  },
  {
    rule: 'STRONG_BUY',
    pattern: 'strong buy',
    flags: 'i',
    score: 0,
    description: 'Tells you about a strong buy',
  },
  {
    rule: 'STOCK_ALERT',
    pattern: '\\bstock alert',
    flags: 'i',
    score: 0,
    description: 'Offers a alert about a stock',
  },
  {
    rule: 'NOT_ADVISOR',
    pattern: 'not a registered investment advisor',
    flags: 'i',
    score: 0,
    description: 'Not registered investment advisor',
  },
  {
    rule: 'PREST_NON_ACCREDITED',
    pattern: 'prestigi?ous\\b.{0,20}\\bnon-accredited\\b.{0,20}\\buniversities',
    flags: 'i',
    score: 0,
    description: "'Prestigious Non-Accredited Universities'",
  },
  {
    rule: 'BODY_ENHANCEMENT',
    pattern:
      '\\b(?:enlarge|increase|grow|lengthen|larger\\b|bigger\\b|longer\\b|thicker\\b|\\binches\\b).{0,50}\\b(?:penis|male organ|pee[ -]?pee|dick|sc?hlong|wh?anger|breast(?!\\s+cancer))',
    flags: 'i',
    score: 0.927,
    description: 'Information on growing body parts',
  },
  {
    rule: 'BODY_ENHANCEMENT2',
    pattern:
      '\\b(?:penis|male organ|pee[ -]?pee|dick|sc?hlong|wh?anger|breast(?!\\s+cancer)).{0,50}\\b(?:enlarge|increase|grow|lengthen|larger\\b|bigger\\b|longer\\b|thicker\\b|\\binches\\b|size)',
    flags: 'i',
    score: 0.1,
    description: 'Information on getting larger body parts',
  },
  {
    rule: 'IMPOTENCE',
    pattern: '\\b(?:impotence (?:problem|cure|solution)|Premature Ejaculation|erectile dysfunction)',
    flags: 'i',
    score: 1.539,
    description: 'Impotence cure',
  },
  {
    rule: 'MONEY_BACK',
    pattern: 'money back guarantee',
    flags: 'i',
    score: 2.91,
    description: 'Money back guarantee',
  },
  {
    rule: 'FREE_QUOTE_INSTANT',
    pattern: 'free.{0,12}(?:(?:instant|express|online|no.?obligation).{0,4})+.{0,32}\\bquote',
    flags: 'i',
    score: 2.7,
    description: 'Free express or no-obligation quote',
  },
  {
    rule: 'BAD_CREDIT',
    pattern:
      '\\b(?:(?:bad|poor|eliminate|repair|(?:re)?establish|damag).{0,10} (?:credit|debt)|no credit (?:check|histor|need))',
    flags: 'i',
    score: 0.1,
    description: 'Eliminate Bad Credit',
  },
  {
    rule: 'REFINANCE_YOUR_HOME',
    pattern: '\\brefinance your(?: current)? (?:home|house)\\b',
    flags: 'i',
    score: 0,
    description: 'Home refinancing',
  },
  {
    rule: 'REFINANCE_NOW',
    pattern: 'time to refinance|refinanc\\w{1,3}\\b.{0,16}\\bnow\\b',
    flags: 'i',
    score: 0,
    description: 'Home refinancing',
  },
  {
    rule: 'NO_MEDICAL',
    pattern: '\\bno medical exam',
    flags: 'i',
    score: 2.199,
    description: 'No Medical Exams',
  },
  {
    rule: 'DIET_1',
    pattern:
      '\\b(?:(?:without|no) (?:exercis(?:e(?! price)|ing)|dieting)|weight.?loss|(?:extra|lose|lost|losing).{0,10}(?:pounds|weight|inches|lbs)|burn.{1,10}fat)\\b',
    flags: 'i',
    score: 0.714,
    description: 'Lose Weight Spam',
  },
  {
    rule: 'FIN_FREE',
    pattern: '\\bfinancial(?:ly)? (?:free|independen)',
    flags: 'i',
    score: 0.1,
    description: 'Freedom of a financial nature',
  },
  {
    rule: 'FORWARD_LOOKING',
    pattern: '\\bcontains forward-looking statements\\b',
    flags: 'i',
    score: 0,
    description: 'Stock Disclaimer Statement',
  },
  {
    rule: 'ONE_TIME',
    pattern: '\\bone\\W+time (?:charge|investment|offer|promotion)',
    flags: 'i',
    score: 1.84,
    description: 'One Time Rip Off',
  },
  {
    rule: 'JOIN_MILLIONS',
    pattern: '\\bjoin (?:millions|thousands)\\b',
    flags: 'i',
    score: 0.1,
    description: 'Join Millions of Americans',
  },
  {
    rule: 'MARKETING_PARTNERS',
    pattern: '\\b(?:marketing|network) partner|\\bpartner (?:web)?site',
    flags: 'i',
    score: 0.553,
    description: 'Claims you registered with a partner',
  },
  {
    rule: 'UNCLAIMED_MONEY',
    pattern:
      '\\bunclaimed\\s(?:assets?|accounts?|mon(?:ey|ies)|balance|funds?|prizes?|rewards?|payments?|deposits?)\\b',
    flags: 'i',
    score: 2.699,
    description: 'People just leave money laying around',
  },
  {
    rule: 'OBSCURED_EMAIL',
    pattern: '\\w+\\^\\S+\\(\\w{2,4}\\b',
    flags: '',
    score: 0,
    description: 'Message seems to contain rot13ed address',
  },
  {
    rule: 'BANG_OPRAH',
    pattern: '\\boprah!',
    flags: 'i',
    score: 0,
    description: 'Talks about Oprah with an exclamation!',
  },
  {
    rule: 'MORE_SEX',
    pattern: 'increased?.{0,9}(?:sex|stamina)',
    flags: 'i',
    score: 2.799,
    description: 'Talks about a bigger drive for sex',
  },
  {
    rule: 'BANG_GUAR',
    pattern: '\\bguaranteed?\\!',
    flags: 'i',
    score: 1,
    description: 'Something is emphatically guaranteed',
  },
  {
    rule: 'INVESTMENT_ADVICE',
    pattern: '\\binvestment advice',
    flags: 'i',
    score: 0.1,
    description: 'Message mentions investment advice',
  },
  {
    rule: 'MALE_ENHANCE',
    pattern: 'male enhancement',
    flags: 'i',
    score: 3.1,
    description: 'Message talks about enhancing men',
  },
  {
    rule: 'PRICES_ARE_AFFORDABLE',
    pattern: '\\baffordable .{0,10}prices\\b',
    flags: 'i',
    score: 0.794,
    description: "Message says that prices aren't too expensive",
  },
  {
    rule: 'REPLICA_WATCH',
    pattern: '\\breplica.{1,20}rolex',
    flags: 'i',
    score: 3.487,
    description: 'Message talks about a replica watch',
  },
  {
    rule: 'EM_ROLEX',
    pattern: '[^\\s\\w.]rolex',
    flags: 'i',
    score: 0.595,
    description: 'Message puts emphasis on the watch manufacturer',
  },
];
