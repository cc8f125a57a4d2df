import { render, screen } from '@testing-library/react';
import { ProgressBar } from '../progress-bar';
import { Spinner } from '../spinner';
import { TextField } from '../field';
import { useDocumentTitle } from '../use-document-title';

describe('TextField', () => {
  it('is labelled and described by its hint and error', () => {
    render(<TextField label="Email" hint="We never share it" error="Please enter your email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We never share it Please enter your email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('ProgressBar', () => {
  it('reports its value, clamped, and is named by its label', () => {
    const { rerender } = render(<ProgressBar label="Uploading" value={42} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute('aria-valuenow', '42');
    rerender(<ProgressBar label="Uploading" value={140} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});

describe('Spinner', () => {
  it('is a status named by its label', () => {
    render(<Spinner label="Loading your books" />);
    expect(screen.getByRole('status', { name: 'Loading your books' })).toBeInTheDocument();
  });
});

describe('useDocumentTitle', () => {
  function Screen({ title }: { title: string }) {
    useDocumentTitle(title);
    return null;
  }

  it('prefixes the title with "Print on Demand |"', () => {
    render(<Screen title="Login" />);
    expect(document.title).toBe('Print on Demand | Login');
  });
});
