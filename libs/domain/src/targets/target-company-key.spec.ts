import { describe, expect, it } from '@jest/globals';
import { companyKey } from '../company/company-key.js';
import { targetCompanyKey } from './target-company-key.js';

// Real-world spellings a target list and a network use for the same company, and names that
// must stay apart however alike they look (docs/targets.md#folding).
const SAME: readonly (readonly [string, string])[] = [
  ['Alphabet Inc.', 'alphabet'],
  ['The Boston Consulting Group', 'Boston Consulting Group'],
  ['Siemens AG', 'SIEMENS'],
  ['Société Générale', 'Societe Generale'],
  ['Société Générale S.A.', 'SOCIETE GENERALE'],
  ["L'Oréal", 'LOreal'],
  ["L'Oréal S.A.", "L'Oreal"],
  ['Johnson & Johnson', 'Johnson and Johnson'],
  ['Ernst & Young', 'Ernst and Young'],
  ['Marks & Spencer plc', 'Marks and Spencer'],
  ['Acme Labs, Inc.', 'ACME LABS'],
  ['Acme Labs Inc', 'acme labs'],
  ['The Walt Disney Company', 'Walt Disney'],
  ['The Home Depot', 'Home Depot'],
  ['The Coca-Cola Company', 'Coca-Cola'],
  ['The Goldman Sachs Group, Inc.', 'Goldman Sachs Group'],
  ['McKinsey & Company', 'McKinsey'],
  ['McKinsey & Co.', 'Mckinsey'],
  ['Wells Fargo & Company', 'Wells Fargo'],
  ['JPMorgan Chase & Co.', 'JPMorgan Chase'],
  ['Deutsche Bank AG', 'Deutsche Bank'],
  ['Nestlé S.A.', 'Nestle'],
  ['BASF SE', 'BASF'],
  ['SAP SE', 'sap'],
  ['Allianz SE', 'Allianz'],
  ['Volkswagen AG', 'Volkswagen'],
  ['Mercedes-Benz Group AG', 'Mercedes Benz Group'],
  ['Robert Bosch GmbH', 'Robert Bosch'],
  ['Acme GmbH & Co. KG', 'Acme'],
  ['Enel S.p.A.', 'ENEL'],
  ['Eni SpA', 'Eni'],
  ['Telefónica, S.A.', 'Telefonica'],
  ['Banco Santander, S.A.', 'Banco Santander'],
  ['Inditex S.L.', 'Inditex'],
  ['Grupo Bimbo, S.A.B. de C.V.', 'Grupo Bimbo'],
  ['Cemex S.A. de C.V.', 'CEMEX'],
  ['Petrobras Ltda', 'Petrobras'],
  ['Nokia Oyj', 'Nokia'],
  ['Kone Oy', 'KONE'],
  ['Ørsted A/S', 'Orsted'],
  ['Novo Nordisk A/S', 'Novo Nordisk'],
  ['Equinor ASA', 'Equinor'],
  ['Spotify AB', 'Spotify'],
  ['ING Groep N.V.', 'ING Groep'],
  ['Heineken N.V.', 'Heineken'],
  ['Booking.com', 'Booking'],
  ['Salesforce.com, Inc.', 'Salesforce'],
  ['Amazon.com, Inc.', 'Amazon'],
  ['Atlassian Pty Ltd', 'Atlassian'],
  ['BHP Group Limited', 'BHP Group'],
  ['Unilever PLC', 'Unilever'],
  ['HSBC Holdings plc', 'HSBC Holdings'],
  ['Accenture plc', 'Accenture'],
  ['Toyota Motor Corporation', 'Toyota Motor Corp.'],
  ['Mitsubishi Corporation', 'Mitsubishi K.K.'],
  ['Rakuten Group, Inc.', 'Rakuten Group'],
  ['Samsung Electronics Co., Ltd.', 'Samsung Electronics'],
  ['Infosys Limited', 'Infosys'],
  ['Acme Widgets Limited Liability Company', 'Acme Widgets'],
  ['Wipro Ltd.', 'Wipro'],
  ['Tata Consultancy Services Private Limited', 'Tata Consultancy Services'],
  ['Petronas Sdn. Bhd.', 'Petronas'],
  ['Škoda Auto a.s.', 'Skoda Auto'],
  ['Zürich Insurance', 'Zurich Insurance'],
  ['Straße GmbH', 'Strasse'],
  ['A.P. Møller - Mærsk', 'AP Moller Maersk'],
  ['Hewlett-Packard', 'Hewlett Packard'],
  ['Saint-Gobain', 'Saint Gobain'],
  ['3M Company', '3M'],
  ['AT&T Inc.', 'AT and T'],
  ['  Stripe,  Inc. ', 'stripe'],
];

const DIFFERENT: readonly (readonly [string, string])[] = [
  ['Meta', 'Metabase'],
  ['Acme Capital', 'Acme Labs'],
  ['Acme Labs', 'Acme'],
  ['Apple', 'Apple Bank'],
  ['Stripe', 'Stripe Partners'],
  ['Notion', 'Notion Capital'],
  ['Uber', 'Uber Eats'],
  ['Amazon', 'Amazon Web Services'],
  ['Google', 'Alphabet'],
  ['Meta Platforms, Inc.', 'Meta'],
  ['HSBC Holdings plc', 'HSBC'],
  ['Sony Group Corporation', 'Sony'],
  ['Volkswagen Group', 'Volkswagen'],
  ['Commonwealth Bank of Australia', 'Commonwealth Bank'],
  ['Accenture Federal Services', 'Accenture'],
  ['Hewlett Packard Enterprise', 'Hewlett-Packard'],
  ['J.P. Morgan', 'JPMorgan'],
  ['PwC', 'PricewaterhouseCoopers'],
  ['Koninklijke Philips N.V.', 'Philips'],
  ['H&M Hennes & Mauritz AB', 'H&M'],
  ['Boston Scientific', 'Boston Consulting Group'],
  ['General Electric', 'General Motors'],
  ['Bank of America', 'Bank of America Merrill Lynch'],
  ['Oracle', 'Oracle Health'],
  ['Salesforce', 'Salesforce Ventures'],
  ['Deutsche Bank', 'Deutsche Börse'],
  ['Banco de Chile', 'Banco Chile'],
  ['The Agency Group', 'Agency'],
];

describe('targetCompanyKey', () => {
  it('has at least 60 pairs to hold it to', () => {
    expect(SAME.length + DIFFERENT.length).toBeGreaterThanOrEqual(60);
  });

  it.each(SAME)('folds "%s" and "%s" together', (a, b) => {
    expect(targetCompanyKey(a)).not.toBeNull();
    expect(targetCompanyKey(a)).toBe(targetCompanyKey(b));
  });

  it.each(DIFFERENT)('keeps "%s" and "%s" apart', (a, b) => {
    expect(targetCompanyKey(a)).not.toBe(targetCompanyKey(b));
  });

  it('drops "The" only in front, and never the only word', () => {
    expect(targetCompanyKey('The Boston Consulting Group')).toBe('boston consulting group');
    expect(targetCompanyKey('Theory Ventures')).toBe('theory ventures');
    expect(targetCompanyKey('The')).toBe('the');
    expect(targetCompanyKey('Made by The Studio')).toBe('made by the studio');
  });

  it('keeps a name that is only a legal form', () => {
    expect(targetCompanyKey('SE')).toBe('se');
    expect(targetCompanyKey('Oy')).toBe('oy');
  });

  it('drops legal forms only at the end', () => {
    expect(targetCompanyKey('SE Ventures')).toBe('se ventures');
    expect(targetCompanyKey('AG Barr plc')).toBe('ag barr');
  });

  it('gives null for an empty or placeholder name', () => {
    expect(targetCompanyKey(null)).toBeNull();
    expect(targetCompanyKey('')).toBeNull();
    expect(targetCompanyKey(' N/A ')).toBeNull();
  });

  it('agrees with companyKey wherever companyKey already folds, so network keys stay meaningful', () => {
    for (const name of ['Acme, Inc.', 'Hewlett-Packard', "McDonald's", 'Johnson & Johnson', 'AG Barr'])
      expect(targetCompanyKey(name)).toBe(companyKey(name));
  });
});
