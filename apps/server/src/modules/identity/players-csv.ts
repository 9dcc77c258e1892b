/** One record of a CSV file, with where it starts and its text as written (for reports). */
export interface CsvRecord {
  line: number;
  raw: string;
  fields: string[];
}

/**
 * Reads CSV text as RFC 4180 records: comma-separated, double-quoted fields may hold commas,
 * line breaks and doubled quotes; CRLF, LF and a leading byte order mark are accepted; blank lines
 * are skipped. Returns null when a quoted field is never closed, since nothing after it can be
 * trusted. Small enough to own rather than add a dependency for one import screen.
 */
export const parseCsv = (input: string): CsvRecord[] | null => {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;

  const endRecord = (end: number) => {
    fields.push(field);
    const raw = text.slice(recordStart, end);
    if (!(fields.length === 1 && fields[0] === '' && !fieldStarted)) {
      records.push({ line: recordLine, raw, fields });
    }
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\r' && text[index + 1] === '\n') {
      // The CR of a CRLF ends the record; the LF is consumed with it.
      endRecord(index);
      index += 1;
      line += 1;
      recordLine = line;
      recordStart = index + 1;
    } else if (char === '\n') {
      endRecord(index);
      line += 1;
      recordLine = line;
      recordStart = index + 1;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) return null;
  if (recordStart < text.length) endRecord(text.length);
  return records;
};
