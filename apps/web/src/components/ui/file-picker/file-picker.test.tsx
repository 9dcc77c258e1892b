import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import { FilePicker } from './file-picker';

function Picker({ error }: { error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <FilePicker
        label="CSV file"
        accept=".csv"
        hint="UTF-8 text."
        error={error}
        file={file}
        onChange={setFile}
      />
      <button type="button" onClick={() => setFile(null)}>
        reset
      </button>
    </>
  );
}

/** What a screen reader reads after the name: the texts the input's aria-describedby points to. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const choose = (input: HTMLElement, file: File) =>
  fireEvent.change(input, { target: { files: [file] } });

describe('FilePicker', () => {
  it('is named by its label, says what is chosen and tells it to the screen reader', () => {
    render(<Picker />);
    const input = screen.getByLabelText('CSV file');
    expect(input).toHaveProperty('type', 'file');
    expect(description(input)).toBe('No file chosen UTF-8 text.');

    choose(input, new File(['a,b'], 'players.csv', { type: 'text/csv' }));
    expect(description(input)).toBe('players.csv UTF-8 text.');
  });

  it('forgets the chosen file when the owner clears it', () => {
    render(<Picker />);
    const input = screen.getByLabelText<HTMLInputElement>('CSV file');
    choose(input, new File(['a,b'], 'players.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByText('No file chosen')).toBeTruthy();
    expect(input.value).toBe('');
  });

  it('marks the input invalid and announces the error in place of the hint', () => {
    render(<Picker error="The file is too large." />);
    const input = screen.getByLabelText('CSV file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('The file is too large.');
    expect(screen.queryByText('UTF-8 text.')).toBeNull();
  });

  it('speaks the interface language, not the browser’s', async () => {
    await i18n.changeLanguage('fr');
    render(<Picker />);
    expect(screen.getByText('Choisir un fichier')).toBeTruthy();
    expect(screen.getByText('Aucun fichier choisi')).toBeTruthy();
  });
});
