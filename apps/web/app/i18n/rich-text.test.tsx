import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

describe('RichText', () => {
  it('renders each tag with its own element and fills placeholders', () => {
    render(
      <p data-testid="text">
        <RichText
          template="Call <emergency>{{number}}</emergency> now, {{name}}."
          values={{ number: '112', name: 'Sara' }}
          components={{ emergency: (text) => <a href={`tel:${text}`}>{text}</a> }}
        />
      </p>,
    );
    expect(screen.getByTestId('text').textContent).toBe('Call 112 now, Sara.');
    expect(screen.getByRole('link', { name: '112' }).getAttribute('href')).toBe('tel:112');
  });

  it('never reads a value as markup', () => {
    render(
      <p data-testid="text">
        <RichText
          template="The page <path>{{path}}</path> does not exist."
          values={{ path: '/<b>x</b>' }}
          components={{ path: (text) => <code>{text}</code> }}
        />
      </p>,
    );
    expect(screen.getByTestId('text').querySelector('b')).toBeNull();
    expect(screen.getByTestId('text').querySelector('code')?.textContent).toBe('/<b>x</b>');
  });
});
