import { render, screen, waitFor } from '@testing-library/react';
import { useId, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { Button } from './components/ui/button/button';

// Run by the `web:login` project, with `react` resolved as login.html resolves it.
describe('React as login.html runs it (Preact underneath)', () => {
  it('hands a function component the ref it is given, as a prop', () => {
    let held: RefObject<HTMLButtonElement | null> = { current: null };
    function Form() {
      const ref = useRef<HTMLButtonElement>(null);
      held = ref;
      return <Button ref={ref}>Send</Button>;
    }
    render(<Form />);
    expect(held.current).toBe(screen.getByRole('button', { name: 'Send' }));
  });

  it('gives ids unique in the document, inside a portal too', () => {
    function Field({ label }: { label: string }) {
      const id = useId();
      return (
        <>
          <label htmlFor={id}>{label}</label>
          <input id={id} />
        </>
      );
    }
    // The dialog is drawn before the page's first id is asked for.
    render(
      <>
        {createPortal(<Field label="In the dialog" />, document.body)}
        <Field label="On the page" />
      </>,
    );
    const ids = [...document.querySelectorAll('input')].map((input) => input.id);
    expect(new Set(ids).size).toBe(2);
    expect(screen.getByLabelText('In the dialog')).not.toBe(screen.getByLabelText('On the page'));
  });

  it('focuses an autoFocus field when it appears, not only at the page load', async () => {
    function Steps() {
      const [step, setStep] = useState(1);
      return step === 1 ? (
        <button onClick={() => setStep(2)}>Next</button>
      ) : (
        <input aria-label="Code" autoFocus />
      );
    }
    render(<Steps />);
    screen.getByRole('button', { name: 'Next' }).click();
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(document.activeElement).toBe(code));
  });
});
