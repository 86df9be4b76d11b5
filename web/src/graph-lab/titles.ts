/** A job's function, as the lab's people are coloured and linked by it. */
export type FunctionCategory =
  | 'executive'
  | 'director'
  | 'engineering'
  | 'sales'
  | 'product'
  | 'marketing'
  | 'hr'
  | 'finance'
  | 'research'
  | 'operations'
  | 'support'
  | 'consulting'
  | 'legal';

export interface Title {
  name: string;
  category: FunctionCategory;
  seniority: number;
}

// Repeats weight the draw towards individual contributors, as in a real export.
// Seniority follows docs/product.md#seniority (default 3, manager 6, director 7, vp 8, cto 9, ceo
// 10, senior +2).
export const TITLES: readonly Title[] = [
  { name: 'Founder & CEO', category: 'executive', seniority: 10 },
  { name: 'CTO', category: 'executive', seniority: 9 },
  { name: 'VP Engineering', category: 'executive', seniority: 8 },
  { name: 'VP Sales', category: 'executive', seniority: 8 },
  { name: 'Director of Product', category: 'director', seniority: 7 },
  { name: 'Director of Marketing', category: 'director', seniority: 7 },
  { name: 'Engineering Manager', category: 'engineering', seniority: 6 },
  { name: 'Sales Manager', category: 'sales', seniority: 6 },
  ...repeat(5, { name: 'Software Engineer', category: 'engineering', seniority: 3 }),
  ...repeat(3, { name: 'Senior Software Engineer', category: 'engineering', seniority: 5 }),
  { name: 'Staff Engineer', category: 'engineering', seniority: 6 },
  ...repeat(2, { name: 'Account Executive', category: 'sales', seniority: 3 }),
  ...repeat(2, { name: 'Product Manager', category: 'product', seniority: 6 }),
  { name: 'Product Designer', category: 'product', seniority: 3 },
  ...repeat(2, { name: 'Marketing Specialist', category: 'marketing', seniority: 3 }),
  { name: 'Recruiter', category: 'hr', seniority: 3 },
  { name: 'Financial Analyst', category: 'finance', seniority: 3 },
  { name: 'Data Scientist', category: 'research', seniority: 3 },
  { name: 'Operations Coordinator', category: 'operations', seniority: 3 },
  { name: 'Customer Success Manager', category: 'support', seniority: 6 },
  { name: 'Consultant', category: 'consulting', seniority: 3 },
  { name: 'Legal Counsel', category: 'legal', seniority: 3 },
  { name: 'Software Engineering Intern', category: 'engineering', seniority: 1 },
];

function repeat(times: number, title: Title): Title[] {
  return Array.from({ length: times }, () => title);
}
