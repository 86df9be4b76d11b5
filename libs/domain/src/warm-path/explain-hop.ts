import { fullName } from '../people/display-name.js';
import { functionCategory } from '../position/function-category.js';
import {
  type WarmthEdgeKind,
  type WarmthGraph,
  type WarmthGraphEdge,
  type WarmthPerson,
} from './warmth-graph.js';

/** The facts behind a hop, for consumers that need more than the sentence (the intro writer). */
export interface HopFacts {
  kind: WarmthEdgeKind;
  /** How long the knower has known the other person (knows hops). */
  yearsConnected: number | null;
  workedTogether: boolean;
  /** The employer both work at (company hops). */
  sharedCompany: string | null;
  /** Both have the same known function category (company hops). */
  sameFunction: boolean;
}

/** Facts of one hop travelled from `fromIndex`. */
export function hopFacts(graph: WarmthGraph, edge: WarmthGraphEdge, fromIndex: number): HopFacts {
  const facts: HopFacts = {
    kind: edge.kind,
    yearsConnected: null,
    workedTogether: false,
    sharedCompany: null,
    sameFunction: false,
  };
  if (edge.kind === 'knows') {
    const tie = edge.tie ?? (graph.people[edge.to] as WarmthPerson);
    return { ...facts, yearsConnected: tie.yearsConnected, workedTogether: tie.hasWorkedWith };
  }
  if (edge.kind === 'company') {
    const from = graph.people[fromIndex] as WarmthPerson;
    const to = graph.people[edge.from === fromIndex ? edge.to : edge.from] as WarmthPerson;
    const sharedCompany = edge.link?.company?.trim() || from.company?.trim() || to.company?.trim() || null;
    // Only a known function can be the same: two titles we cannot read say nothing.
    const category = categoryOf(from);
    return { ...facts, sharedCompany, sameFunction: category !== 'other' && category === categoryOf(to) };
  }
  return facts;
}

/**
 * One hop of a warm path in words, read in the direction of travel: "You know Ana Silva
 * (6 years)", "Ana Silva and Ben Ode both work at Acme, same function", "Ben Ode is your teammate".
 */
export function explainHop(graph: WarmthGraph, edge: WarmthGraphEdge, fromIndex: number): string {
  const toIndex = edge.from === fromIndex ? edge.to : edge.from;
  const name = (index: number): string => nameOf(graph, index);
  const facts = hopFacts(graph, edge, fromIndex);
  switch (facts.kind) {
    case 'knows': {
      // A "knows" edge reads from the knower, whichever way the path travels it. A past colleague
      // works now where the knower worked (the archive's Positions.csv).
      if (facts.workedTogether) {
        const company = (graph.people[edge.to] as WarmthPerson).company?.trim();
        const where = company ? `both worked at ${company}` : 'worked together';
        return `${name(edge.from)} and ${name(edge.to)} ${where}`;
      }
      const verb = edge.from === graph.selfIndex ? 'know' : 'knows';
      return `${name(edge.from)} ${verb} ${name(edge.to)}${yearsPhrase(facts.yearsConnected)}`;
    }
    case 'teammate': {
      if (edge.from === graph.selfIndex) return `${name(edge.to)} is your teammate`;
      if (edge.to === graph.selfIndex) return `${name(edge.from)} is your teammate`;
      return `${name(fromIndex)} and ${name(toIndex)} are teammates`;
    }
    case 'company': {
      const where = facts.sharedCompany ? `at ${facts.sharedCompany}` : 'at the same company';
      const sentence = `${name(fromIndex)} and ${name(toIndex)} both work ${where}`;
      return facts.sameFunction ? `${sentence}, same function` : sentence;
    }
  }
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
