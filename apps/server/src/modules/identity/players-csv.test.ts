import { describe, expect, it } from 'vitest';
import { parseCsv } from './players-csv.js';

describe('parseCsv', () => {
  it.each([
    [
      'plain rows',
      'a,b,c\nd,e,f',
      [
        ['a', 'b', 'c'],
        ['d', 'e', 'f'],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\nc,d\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['a byte order mark', '\uFEFFa,b\n', [['a', 'b']]],
    ['quoted commas', '"Doe, Jane",x', [['Doe, Jane', 'x']]],
    ['doubled quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    [
      'a line break in quotes',
      '"a\nb",c\nd,e',
      [
        ['a\nb', 'c'],
        ['d', 'e'],
      ],
    ],
    ['blank lines', 'a\n\n\nb\n', [['a'], ['b']]],
    ['empty fields', 'a,,\n', [['a', '', '']]],
    ['a lone comma line', ',\n', [['', '']]],
  ])('reads %s', (_name, input, expected) => {
    expect(parseCsv(input)?.map((record) => record.fields)).toEqual(expected);
  });

  it('numbers records by the line they start on, counting blank and multi-line ones', () => {
    const records = parseCsv('h\r\n\r\n"x\ny"\r\nz')!;
    expect(records.map((record) => [record.line, record.raw])).toEqual([
      [1, 'h'],
      [3, '"x\ny"'],
      [5, 'z'],
    ]);
  });

  it('numbers records past accented text and a quoted CRLF', () => {
    const records = parseCsv('é,ü\r\n"à\r\nb",c\r\nz')!;
    expect(records.map((record) => [record.line, record.raw, record.fields])).toEqual([
      [1, 'é,ü', ['é', 'ü']],
      [2, '"à\r\nb",c', ['à\r\nb', 'c']],
      [4, 'z', ['z']],
    ]);
  });

  it.each([
    ['a quote that is never closed', 'a,"b\nc,d'],
    ['a quote inside a bare field', 'a,b"c\nd'],
    ['text after a closing quote', '"a"b,c\nd'],
  ])('gives up on %s', (_name, input) => {
    expect(parseCsv(input)).toBeNull();
  });
});
