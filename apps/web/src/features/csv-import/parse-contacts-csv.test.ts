import { describe, expect, it } from 'vitest';
import { FIRST_ROWS_KEPT, parseContactsCsv } from './parse-contacts-csv';

describe('parseContactsCsv on awkward files', () => {
  it('reads the spec headers in any case and spacing, with a BOM and CRLF line ends', () => {
    const text =
      '\uFEFFemail,FIRST NAME, last  name ,Title,organization,City,State,Country,LinkedIn URL,Headline,Apollo ID\r\n' +
      'ada@example.com,Ada,Lovelace,CTO,Engines Ltd,London,,UK,https://linkedin.com/in/ada,Math,ap-1\r\n';
    const result = parseContactsCsv(text);
    expect(result.firstRows).toEqual([
      {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        title: 'CTO',
        organizationName: 'Engines Ltd',
        city: 'London',
        country: 'UK',
        linkedinUrl: 'https://linkedin.com/in/ada',
        headline: 'Math',
        apolloId: 'ap-1',
      },
    ]);
    expect(result.recognised.map((r) => r.field)).toContain('email');
  });

  it('keeps quoted fields with commas, quotes and newlines whole', () => {
    const text = [
      'Email,Name,Company,Headline',
      '"grace@example.com","Hopper, Grace","Navy, ""Research"" Lab","Line one',
      'line two"',
      'alan@example.com,Alan Turing,Bletchley,',
    ].join('\n');
    const { firstRows } = parseContactsCsv(text);
    expect(firstRows).toEqual([
      {
        email: 'grace@example.com',
        name: 'Hopper, Grace',
        organizationName: 'Navy, "Research" Lab',
        headline: 'Line one\nline two',
      },
      { email: 'alan@example.com', name: 'Alan Turing', organizationName: 'Bletchley' },
    ]);
  });

  it('reads a semicolon-separated spreadsheet export, with the sep= hint line', () => {
    const text =
      'sep=;\r\nE-mail;Vorname;First Name;Company Name;City\r\nkarl@example.de;Karl;Karl;Müller, GmbH;Köln\r\n';
    expect(parseContactsCsv(text).firstRows).toEqual([
      {
        email: 'karl@example.de',
        firstName: 'Karl',
        organizationName: 'Müller, GmbH',
        city: 'Köln',
        // A column no contact field takes is a custom field.
        customFields: { vorname: 'Karl' },
      },
    ]);
  });

  it('understands the names common exports use', () => {
    const text = [
      'Email Address,First Name,Last Name,Job Title,Company,Person Linkedin Url,Apollo Contact Id,Industry',
      'lin@example.com,Lin,Chen,VP Sales,Acme,https://www.linkedin.com/in/lin,5f1,Software',
    ].join('\n');
    expect(parseContactsCsv(text).firstRows).toEqual([
      {
        email: 'lin@example.com',
        firstName: 'Lin',
        lastName: 'Chen',
        title: 'VP Sales',
        organizationName: 'Acme',
        linkedinUrl: 'https://www.linkedin.com/in/lin',
        apolloId: '5f1',
        industry: 'Software',
      },
    ]);
  });

  it('skips rows without an email containing @, and blank lines, and counts them', () => {
    const text = [
      'Email,First Name',
      'ok@example.com,Ok',
      ',No email',
      'not-an-email,Bad',
      '',
      '   ',
      '  spaced@example.com  ,Spaced',
      'short',
    ].join('\n');
    const result = parseContactsCsv(text);
    expect(result.firstRows.map((r) => r.email)).toEqual(['ok@example.com', 'spaced@example.com']);
    expect(result.withoutEmail).toBe(1);
    expect(result.setAside).toBe(3);
    expect(result.headerLine).toBe(1);
    expect(result.rejected.map(({ line, reason }) => [line, reason])).toEqual([
      [3, 'No email address'],
      [4, 'Invalid email address'],
      [6, 'Invalid email address'],
    ]);
  });

  it('names rows whose address the server would refuse, by their line, with their cells', () => {
    const result = parseContactsCsv('Email,Name\r\nok@example.com,Ok\r\nbad@,Bad\r\nx@y.example,Fine\r\n');
    expect(result.firstRows.map((r) => r.email)).toEqual(['ok@example.com', 'bad@', 'x@y.example']);
    expect(result.rejected).toEqual([{ line: 3, reason: 'Invalid email address', cells: ['bad@', 'Bad'] }]);
  });

  it('names rows that repeat an earlier address, and counts only the rows that will be imported', () => {
    const result = parseContactsCsv(
      'Email,Name\nann@example.com,Ann\nbad@,Bad\nANN@example.com,Again\nbob@example.com,Bob\n',
    );
    expect(result.rowCount).toBe(4);
    expect(result.firstRows).toHaveLength(4);
    expect([...result.lines]).toEqual([2, 3, 4, 5]);
    expect(result.importable).toBe(2);
    expect(result.rejected.map(({ line, reason }) => [line, reason])).toEqual([
      [3, 'Invalid email address'],
      [4, 'Repeats the email address of an earlier row'],
    ]);
  });

  it('takes the first non-empty of two columns for the same field, and previews five rows', () => {
    const lines = ['Email,Work Email,Title'];
    for (let i = 0; i < 8; i += 1)
      lines.push(i % 2 ? `,w${i}@example.com,T${i}` : `e${i}@example.com,w${i}@example.com,`);
    const result = parseContactsCsv(lines.join('\n'));
    expect(result.firstRows.slice(0, 2)).toEqual([
      { email: 'e0@example.com' },
      { email: 'w1@example.com', title: 'T1' },
    ]);
    expect(result.preview).toHaveLength(5);
  });

  it('finds nothing to import in a file without an email column', () => {
    const result = parseContactsCsv('Name,Company\nAda,Engines\n');
    expect(result.firstRows).toEqual([]);
    expect(result.withoutEmail).toBe(1);
    expect(result.recognised.map((r) => r.field)).toEqual(['name', 'organizationName']);
  });

  it('parses tab-separated text as well', () => {
    expect(parseContactsCsv('Email\tTitle\nt@example.com\tCEO\n').firstRows).toEqual([
      { email: 't@example.com', title: 'CEO' },
    ]);
  });

  it('imports the other columns as custom fields', () => {
    const result = parseContactsCsv(
      'Email,Pain Point,Icebreaker,Company\na@example.com,Churn,Loved your talk,Acme\nb@example.com,,Hi,\n',
    );
    expect(result.customColumns).toEqual([
      { index: 1, header: 'Pain Point', key: 'pain_point' },
      { index: 2, header: 'Icebreaker', key: 'icebreaker' },
    ]);
    expect(result.firstRows).toEqual([
      {
        email: 'a@example.com',
        organizationName: 'Acme',
        customFields: { pain_point: 'Churn', icebreaker: 'Loved your talk' },
      },
      { email: 'b@example.com', customFields: { icebreaker: 'Hi' } },
    ]);
  });

  it('counts every row of a long file but keeps only the first rows, so millions fit in the tab', () => {
    const count = FIRST_ROWS_KEPT + 2_500;
    const lines = Array.from({ length: count }, (_, i) => `lead${i}@example.com,Lead ${i}`);
    const result = parseContactsCsv(`Email,Name\n${lines.join('\n')}\nlead7@example.com,Again\n`);
    expect(result.rowCount).toBe(count + 1);
    expect(result.importable).toBe(count);
    expect(result.lines).toHaveLength(count + 1);
    expect(result.lines.at(-1)).toBe(count + 2);
    expect(result.firstRows).toHaveLength(FIRST_ROWS_KEPT);
    expect(result.firstRows.at(-1)?.email).toBe(`lead${FIRST_ROWS_KEPT - 1}@example.com`);
    expect(result.rejected).toEqual([
      {
        line: count + 2,
        reason: 'Repeats the email address of an earlier row',
        cells: ['lead7@example.com', 'Again'],
      },
    ]);
  });
});
