import { fullName } from '../people/display-name.js';
import { functionCategory } from '../position/function-category.js';
import { type WarmthGraph, type WarmthGraphEdge, type WarmthPerson } from './warmth-graph.js';

/**
 * One hop of a warm path in words, read in the direction of travel: "You know Ana Silva
 * (6 years)", "Ana Silva and Ben Ode both work at Acme, same function", "Ben Ode is your teammate".
 */
export function explainHop(graph: WarmthGraph, edge: WarmthGraphEdge, fromIndex: number): string {
  const toIndex = edge.from === fromIndex ? edge.to : edge.from;
  const name = (index: number): string => nameOf(graph, index);
  switch (edge.kind) {
    case 'knows': {
      const known = graph.people[edge.to] as WarmthPerson;
      const knowerIsYou = edge.from === graph.selfIndex;
      if (known.hasWorkedWith) return `${name(edge.from)} and ${name(edge.to)} worked together`;
      const verb = knowerIsYou ? 'know' : 'knows';
      return `${name(edge.from)} ${verb} ${name(edge.to)}${yearsPhrase(known.yearsConnected)}`;
    }
    case 'teammate': {
      if (edge.from === graph.selfIndex) return `${name(edge.to)} is your teammate`;
      if (edge.to === graph.selfIndex) return `${name(edge.from)} is your teammate`;
      return `${name(fromIndex)} and ${name(toIndex)} are teammates`;
    }
    case 'company':
      return explainCompanyHop(graph, edge, fromIndex, toIndex);
  }
}

function explainCompanyHop(
  graph: WarmthGraph,
  edge: WarmthGraphEdge,
  fromIndex: number,
  toIndex: number,
): string {
  const from = graph.people[fromIndex] as WarmthPerson;
  const to = graph.people[toIndex] as WarmthPerson;
  const company = edge.link?.company?.trim() || from.company?.trim() || to.company?.trim();
  const where = company ? `at ${company}` : 'at the same company';
  const sentence = `${nameOf(graph, fromIndex)} and ${nameOf(graph, toIndex)} both work ${where}`;
  // Only a known function can be the same: two titles we cannot read say nothing.
  const category = categoryOf(from);
  return category !== 'other' && category === categoryOf(to) ? `${sentence}, same function` : sentence;
}

const categoryOf = (person: WarmthPerson) =>
  person.positionInfo?.category ?? functionCategory(person.position);

function nameOf(graph: WarmthGraph, index: number): string {
  if (index === graph.selfIndex) return 'You';
  return fullName(graph.people[index] as WarmthPerson) || 'Someone';
}

function yearsPhrase(years: number | null): string {
  if (years === null) return '';
  if (years < 1) return ' (less than a year)';
  return years === 1 ? ' (1 year)' : ` (${years} years)`;
}
