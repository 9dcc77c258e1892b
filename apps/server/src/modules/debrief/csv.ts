/**
 * CSV for spreadsheets (RFC 4180, CRLF, a byte order mark so accents survive). Text from players
 * (team names, pseudos, answers) is data, never a formula: a cell a spreadsheet would evaluate
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with `'`. Numbers
 * and booleans the server produced are written as they are.
 */
type Cell = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;

const cellOf = (value: Cell) => {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const toCsv = (header: readonly string[], rows: readonly (readonly Cell[])[]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(cellOf).join(',')).join('\r\n')}\r\n`;
