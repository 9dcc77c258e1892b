import { CsvError, parse } from 'csv-parse/sync';

/** One record of a CSV file, with where it starts and its text as written (for reports). */
export interface CsvRecord {
  line: number;
  raw: string;
  fields: string[];
}

/**
 * Reads CSV text as RFC 4180 records (csv-parse does the reading): quoted fields may hold commas,
 * line breaks and doubled quotes; CRLF, LF and a leading byte order mark are accepted; blank lines
 * are skipped. Returns null when the quoting is broken (a quote never closed, or text glued to a
 * quoted field), since the record boundaries after it cannot be trusted.
 */
export const parseCsv = (input: string): CsvRecord[] | null => {
  // Read as bytes: the reader tells how far it got in bytes, which is what locates a record.
  const bytes = Buffer.from(input.startsWith('\uFEFF') ? input.slice(1) : input);
  const records: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  try {
    parse(bytes, {
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n'],
      on_record: (fields, info) => {
        const text = bytes.toString('utf8', start, info.bytes);
        const raw = text.replace(/\r?\n$/, '');
        if (raw !== '') records.push({ line, raw, fields });
        line += text.split('\n').length - 1;
        start = info.bytes;
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) return null;
    throw error;
  }
  return records;
};
