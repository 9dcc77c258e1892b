import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvatarImage } from './avatar-image';

describe('AvatarImage', () => {
  it('is an image named by its label, drawn once its artwork has loaded', async () => {
    const { container } = render(<AvatarImage id="sentinel" size={40} label="Your avatar" />);
    const image = screen.getByRole('img', { name: 'Your avatar' });
    expect(image.style.width).toBe('40px');
    await screen.findByRole('img', { name: 'Your avatar' });
    await expect.poll(() => container.querySelector('svg')).toBeTruthy();
  });

  it('is decorative without a label', () => {
    const { container } = render(<AvatarImage id={null} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it('gives each drawing on the page its own SVG ids', async () => {
    const { container } = render(
      <>
        <AvatarImage id="phantom" />
        <AvatarImage id="phantom" />
      </>,
    );
    await expect.poll(() => container.querySelectorAll('svg').length).toBe(2);
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
