import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';
import { createTranslator } from './translator.ts';
import { TranslationContext } from './use-translation.ts';

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

  it('writes numbers in the page’s locale, and takes a plural form chosen by t', () => {
    const t = createTranslator('nl', {
      figure_one: '<value>{{count}}</value> melding tot {{day}}',
      figure_other: '<value>{{count}}</value> meldingen tot {{day}}',
    });
    render(
      <TranslationContext.Provider value={{ language: 'nl', t }}>
        <p data-testid="one">
          <RichText
            template={t('figure', { count: 1 })}
            values={{ day: 'vandaag' }}
            components={{ value: (text) => <b>{text}</b> }}
          />
        </p>
        <p data-testid="many">
          <RichText
            template={t('figure', { count: 12345 })}
            values={{ day: 12000 }}
            components={{ value: (text) => <b>{text}</b> }}
          />
        </p>
      </TranslationContext.Provider>,
    );
    expect(screen.getByTestId('one').textContent).toBe('1 melding tot vandaag');
    expect(screen.getByTestId('many').textContent).toBe('12.345 meldingen tot 12.000');
    expect(screen.getByTestId('many').querySelector('b')?.textContent).toBe('12.345');
  });
});
