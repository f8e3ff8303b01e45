import Papa from 'papaparse';

/** The delimiters the browser's import guesses among (apps/web csv-import), so a file reads the same. */
const DELIMITERS = [',', ';', '\t', '|'];
/** How much of the file's start the delimiter and line ending are guessed from. */
const GUESS_CHARS = 64 * 1024;

interface RawParser {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): Papa.ParseResult<string[]>;
}

/**
 * The records of a CSV byte stream, one array of cells each, parsed as the bytes arrive: memory holds a
 * chunk and its unfinished last record, never the file. Papa Parse guesses the delimiter and line ending
 * from the file's start (Excel's leading "sep=;" line names the delimiter and is not a record); its
 * parser then reads each chunk, leaving the last record, perhaps cut mid-quote, for the next.
 */
export async function* csvRecords(
  source: AsyncIterable<Uint8Array | string>,
  cleanText: (text: string) => string = (text) => text,
): AsyncGenerator<string[]> {
  let pending = '';
  let parser: RawParser | null = null;
  for await (const text of decodeUtf8(source, cleanText)) {
    pending += text;
    if (!parser) {
      if (pending.length < GUESS_CHARS) continue;
      ({ parser, pending } = startParser(pending));
    }
    const results = parser.parse(pending, 0, true);
    pending = pending.slice(results.meta.cursor);
    yield* records(results.data);
  }
  if (!parser) ({ parser, pending } = startParser(pending));
  if (pending) yield* records(parser.parse(pending, 0, false).data);
}

function startParser(head: string): { parser: RawParser; pending: string } {
  const hint = /^\uFEFF?sep=(.)\r?\n/i.exec(head);
  const text = hint ? head.slice(hint[0].length) : head;
  const guessed = Papa.parse<string[]>(text.slice(0, GUESS_CHARS), {
    preview: 50,
    delimitersToGuess: DELIMITERS,
    ...(hint && { delimiter: hint[1] }),
  }).meta;
  const RawParserClass = (Papa as unknown as { Parser: new (config: object) => RawParser }).Parser;
  return {
    parser: new RawParserClass({ delimiter: guessed.delimiter, newline: guessed.linebreak }),
    pending: text,
  };
}

/** Lines of empty cells are no records (Papa Parse's skipEmptyLines: 'greedy', as in the browser). */
function* records(rows: string[][]): Generator<string[]> {
  for (const cells of rows) if (cells.some((cell) => cell.trim() !== '')) yield cells;
}

/** Text from UTF-8 bytes (a character split across chunks is joined; broken bytes read as U+FFFD). */
async function* decodeUtf8(
  source: AsyncIterable<Uint8Array | string>,
  clean: (text: string) => string,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of source) {
    const text = clean(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    if (text) yield text;
  }
  const tail = clean(decoder.decode());
  if (tail) yield tail;
}
