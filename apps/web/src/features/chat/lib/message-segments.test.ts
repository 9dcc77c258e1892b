import { describe, expect, it } from 'vitest';
import { messageSegments } from './message-segments';

describe('message segments', () => {
  it.each([
    ['plain text', 'hello team', [{ kind: 'text', text: 'hello team' }]],
    [
      'an https link inside text',
      'see https://example.org/a?b=1 now',
      [
        { kind: 'text', text: 'see ' },
        { kind: 'link', text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
        { kind: 'text', text: ' now' },
      ],
    ],
    [
      'an http link ending a sentence',
      'read http://example.org.',
      [
        { kind: 'text', text: 'read ' },
        { kind: 'link', text: 'http://example.org', href: 'http://example.org/' },
        { kind: 'text', text: '.' },
      ],
    ],
    ['a javascript: URL', 'javascript:alert(1)', [{ kind: 'text', text: 'javascript:alert(1)' }]],
    ['a data: URL', 'data:text/html,<b>x</b>', [{ kind: 'text', text: 'data:text/html,<b>x</b>' }]],
    [
      'HTML',
      '<a href="https://evil.test">x</a>',
      [
        { kind: 'text', text: '<a href="' },
        { kind: 'link', text: 'https://evil.test', href: 'https://evil.test/' },
        { kind: 'text', text: '">x</a>' },
      ],
    ],
    [
      'a link with credentials',
      'https://user:pass@example.org',
      [{ kind: 'text', text: 'https://user:pass@example.org' }],
    ],
    ['a scheme alone', 'https://', [{ kind: 'text', text: 'https://' }]],
  ])('%s', (_case, text, expected) => {
    expect(messageSegments(text)).toEqual(expected);
  });
});
