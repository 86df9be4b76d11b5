import { describe, expect, it } from '@jest/globals';
import { CompanySuggester, suggestCompanies, trigrams } from './company-suggestions.js';
import { targetCompanyKey } from './target-company-key.js';

const NETWORK = [
  { name: 'Acme Labs' },
  { name: 'Acme Capital' },
  { name: 'ACME LABS, Inc.' },
  { name: 'JPMorgan Chase & Co.' },
  { name: 'Boston Consulting Group' },
  { name: 'Boston Scientific' },
  { name: 'Stripe' },
];

describe('trigrams', () => {
  it('counts trigrams as pg_trgm does, word by word', () => {
    expect(trigrams('acme')).toEqual(['  a', ' ac', 'acm', 'cme', 'me ']);
    expect(trigrams('ab ab')).toEqual(['  a', ' ab', 'ab ']);
  });
});

describe('suggestCompanies', () => {
  it('puts the nearest folded name first, one entry per folded key', () => {
    const hits = suggestCompanies('Acme Lab', NETWORK, 5);
    expect(hits[0]).toMatchObject({ key: 'acme labs', name: 'Acme Labs' });
    expect(hits.filter((hit) => hit.key === 'acme labs')).toHaveLength(1);
  });

  it('finds a spelling the folding cannot join', () => {
    expect(suggestCompanies('J.P. Morgan Chase', NETWORK, 1)[0]?.name).toBe('JPMorgan Chase & Co.');
    expect(suggestCompanies('Boston Consulting', NETWORK, 1)[0]?.name).toBe('Boston Consulting Group');
  });

  it('gives 1 for an equal key and nothing below the threshold', () => {
    expect(suggestCompanies('The Acme Labs Inc', NETWORK, 1)[0]?.similarity).toBe(1);
    expect(suggestCompanies('Zyxwv', NETWORK, 5)).toEqual([]);
    expect(suggestCompanies('', NETWORK, 5)).toEqual([]);
  });

  it('honours the limit', () => {
    expect(suggestCompanies('Acme', NETWORK, 1)).toHaveLength(1);
    expect(suggestCompanies('Acme', NETWORK, 0)).toEqual([]);
  });

  it('answers many questions from one index over 20,000 companies', () => {
    const companies = Array.from({ length: 20_000 }, (_, i) => ({
      name: `Company ${i.toString(36)} Holdings`,
    }));
    companies.push({ name: 'Northwind Traders' });
    const suggester = new CompanySuggester(companies);
    expect(suggester.size).toBe(20_001);
    for (let i = 0; i < 200; i++)
      expect(suggester.suggest('Northwind Trader', 3)[0]?.name).toBe('Northwind Traders');
    expect(suggester.suggest(`Company ${(12_345).toString(36)} Holdings`, 1)[0]?.similarity).toBe(1);
  });
});

describe('CompanySuggester prefix filtering', () => {
  it('gives the same answers as comparing every company', () => {
    const words = [
      'Group',
      'Capital',
      'Labs',
      'Acme',
      'Globex',
      'Initech',
      'Northwind',
      'Partners',
      'Bank',
      'Health',
    ];
    const companies = Array.from({ length: 600 }, (_, i) => ({
      name: `${words[i % 10]} ${words[(i * 7) % 10]} ${i % 13 === 0 ? '' : words[(i * 3) % 10]}`,
    }));
    const suggester = new CompanySuggester(companies);
    const everyCompany = (name: string) => {
      const query = new Set(trigrams(targetCompanyKey(name) ?? ''));
      const seen = new Set<string>();
      return companies
        .map((company) => targetCompanyKey(company.name) as string)
        .filter((key) => !seen.has(key) && seen.add(key))
        .map((key) => {
          const grams = trigrams(key);
          const shared = grams.filter((gram) => query.has(gram)).length;
          return { key, similarity: shared / (query.size + grams.length - shared) };
        })
        .filter((hit) => hit.similarity >= 0.3)
        .sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : 1))
        .slice(0, 8);
    };
    for (const name of [
      'Acme Group',
      'Globex Health Bank',
      'Capitol Labs',
      'Northwind',
      'Initech Partners Ltd',
    ]) {
      expect(suggester.suggest(name, 8).map(({ key, similarity }) => ({ key, similarity }))).toEqual(
        everyCompany(name),
      );
    }
  });
});
