import type { GraphLink, GraphNode } from '../graph';
import { GRAPH_COLORS } from '../graph';
import { createRandom, type Random } from './random';
import { TITLES, type FunctionCategory, type Title } from './titles';

/** A generated person: what the lab draws and shows in its tooltip. */
interface LabPerson {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  position: string;
  connectionDegree: number;
  yearsConnected: number | null;
  isUser: boolean;
  isTeammate: boolean;
  hasWorkedWith: boolean;
  positionInfo: { category: FunctionCategory; seniority: number };
}

type LinkType = 'teammate' | 'connection' | 'company-role' | 'company-group' | 'company-general';

/** A node of the lab's graph, with what its tooltip shows. */
export interface LabNode extends GraphNode {
  role?: 'anchor' | 'hub';
  position: string;
  degree: number;
}

export interface GeneratedNetwork {
  nodes: LabNode[];
  links: GraphLink[];
}

/** The lab's colours: as the product's legend, so its pictures look like the app's. */
const COLORS = {
  teammate: 0xec4899,
  degrees: [0x3b82f6, 0x3b82f6, 0x14b8a6, 0x8b5cf6],
  pastColleague: 0xf97316,
  executive: 0xef4444,
};

function toNode(person: LabPerson): LabNode {
  const { seniority, category } = person.positionInfo;
  const color = person.isUser
    ? GRAPH_COLORS.anchor
    : person.isTeammate
      ? COLORS.teammate
      : person.hasWorkedWith
        ? COLORS.pastColleague
        : category === 'executive'
          ? COLORS.executive
          : COLORS.degrees[Math.min(person.connectionDegree, 3)];
  return {
    id: person.id,
    label: `${person.firstName} ${person.lastName}`,
    size: person.isUser || person.isTeammate ? 8 : 2 + Math.pow(seniority, 1.3),
    color,
    group: person.company,
    rank: seniority,
    role: person.isUser ? 'anchor' : person.isTeammate ? 'hub' : undefined,
    isFeatured: person.hasWorkedWith,
    position: person.position,
    degree: person.connectionDegree,
  };
}

// prettier-ignore
const FIRST = ['Ana', 'Ben', 'Chloé', 'Dev', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena', 'Mo', 'Nia', 'Omar', 'Pia', 'Raj', 'Sara', 'Tom', 'Uma', 'Vik', 'Wen', 'Yara', 'Zoe'];
// prettier-ignore
const LAST = ['Abe', 'Berg', 'Costa', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hill', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Meyer', 'Nowak', 'Okafor', 'Park', 'Quinn', 'Rossi', 'Singh', 'Tanaka', 'Ueda', 'Vidal', 'Wong', 'Young'];
// prettier-ignore
const STEMS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Hooli', 'Vandelay', 'Cyberdyne', 'Soylent', 'Tyrell', 'Wonka', 'Aperture', 'Massive', 'Pied Piper', 'Oscorp'];
// prettier-ignore
const SUFFIXES = ['', ' Labs', ' Systems', ' Group', ' Capital', ' Health', ' Cloud', ' Partners', ' AI', ' Bank'];

/** Under 1 % of LinkedIn rows have no company; they stay unlinked except to their owner. */
const NO_COMPANY_SHARE = 0.01;
/** Pareto exponent of company sizes: a few employers hold a large share of anyone's network. */
const SIZE_EXPONENT = 1.25;
const TEAMMATES = 3;

/**
 * A LinkedIn-like network of `size` people including YOU (node 0): heavy-tailed company sizes,
 * mostly 1st-degree people plus some 2nd/3rd-degree ones, and links by a simple version of the
 * the company rules of docs/product.md#company-links. Deterministic for a given seed.
 */
export function generateNetwork(size: number, seed = 1): GeneratedNetwork {
  const random = createRandom(seed);
  const connections: LabPerson[] = [buildPerson(0, 'You', 'Me', 'Acme', TITLES[0], 0, random)];
  connections[0].isUser = true;
  connections[0].id = 'u1';
  const teammateCount = size > 20 ? TEAMMATES : 0;
  for (let t = 0; t < teammateCount; t++) {
    const mate = buildPerson(
      connections.length,
      pick(random, FIRST),
      pick(random, LAST),
      'Acme',
      pick(random, TITLES),
      1,
      random,
    );
    mate.isTeammate = true;
    mate.id = `u${t + 2}`;
    connections.push(mate);
  }
  for (const [company, count] of companySizes(size - connections.length, random)) {
    for (let i = 0; i < count; i++) {
      const degree = random() < 0.8 ? 1 : random() < 0.75 ? 2 : 3;
      connections.push(
        buildPerson(
          connections.length,
          pick(random, FIRST),
          pick(random, LAST),
          company,
          pick(random, TITLES),
          degree,
          random,
        ),
      );
    }
  }
  const links = buildRelationships(connections, teammateCount, random);
  return { nodes: connections.map(toNode), links };
}

export function personName(network: GeneratedNetwork, id: string): string | null {
  return network.nodes.find((candidate) => candidate.id === id)?.label ?? null;
}

function companySizes(people: number, random: Random): Map<string | null, number> {
  const sizes = new Map<string | null, number>();
  const cap = Math.max(8, Math.round(people * 0.04));
  let left = people;
  const unemployed = Math.round(people * NO_COMPANY_SHARE);
  sizes.set(null, unemployed);
  left -= unemployed;
  for (let c = 0; left > 0; c++) {
    const drawn = Math.floor(Math.pow(1 - random(), -1 / SIZE_EXPONENT));
    const count = Math.min(left, cap, Math.max(1, drawn));
    sizes.set(companyName(c), count);
    left -= count;
  }
  return sizes;
}

function companyName(index: number): string {
  const stem = STEMS[index % STEMS.length];
  const suffix = SUFFIXES[Math.floor(index / STEMS.length) % SUFFIXES.length];
  const round = Math.floor(index / (STEMS.length * SUFFIXES.length));
  return round === 0 ? `${stem}${suffix}` : `${stem}${suffix} ${round + 1}`;
}

function buildPerson(
  index: number,
  first: string,
  last: string,
  company: string | null,
  title: Title,
  degree: number,
  random: Random,
): LabPerson {
  const years = degree === 0 ? null : Math.floor(random() * 15);
  return {
    id: String(index),
    firstName: first,
    lastName: last,
    company,
    position: title.name,
    connectionDegree: degree,
    yearsConnected: years,
    isUser: false,
    isTeammate: false,
    hasWorkedWith: degree === 1 && random() < 0.05,
    positionInfo: { category: title.category, seniority: title.seniority },
  };
}

/** Links by the company rules; the strengths of the product's rules are left out (nothing draws them). */
function buildRelationships(people: LabPerson[], teammates: number, random: Random): GraphLink[] {
  const links: GraphLink[] = [];
  const add = (a: LabPerson, b: LabPerson, type: LinkType, _strength: number): void => {
    links.push({
      id: String(-(links.length + 1)),
      source: a.id,
      target: b.id,
      kind: type.startsWith('company') ? 'group' : 'other',
    });
  };
  const you = people[0];
  for (let t = 1; t <= teammates; t++) add(you, people[t], 'teammate', 200);
  for (const person of people.slice(teammates + 1)) {
    if (person.connectionDegree === 1) add(you, person, 'connection', 20 + (person.yearsConnected ?? 0) * 5);
    else if (person.connectionDegree === 2 && teammates > 0)
      add(people[1 + Math.floor(random() * teammates)], person, 'connection', 40);
  }
  for (const staff of groupByCompany(people.slice(teammates + 1)).values()) addCompanyLinks(staff, add);
  return links;
}

type AddLink = (a: LabPerson, b: LabPerson, type: LinkType, strength: number) => void;

/**
 * docs/product.md#company-links, simplified for large companies: stars around each function's lead
 * instead of all pairs.
 */
function addCompanyLinks(staff: LabPerson[], add: AddLink): void {
  if (staff.length < 2) return;
  if (staff.length <= 15) {
    for (let i = 0; i < staff.length; i++) {
      for (let j = i + 1; j < staff.length; j++) {
        const close =
          staff[i].positionInfo.category === staff[j].positionInfo.category ||
          isExecutive(staff[i]) ||
          isExecutive(staff[j]);
        add(staff[i], staff[j], close ? 'company-role' : 'company-general', close ? 150 : 50);
      }
    }
    return;
  }
  const ranked = [...staff].sort((a, b) => b.positionInfo.seniority - a.positionInfo.seniority);
  const top = ranked[0];
  const leads = new Map<FunctionCategory, LabPerson>([[top.positionInfo.category, top]]);
  for (const person of ranked.slice(1)) {
    const category = person.positionInfo.category;
    const isLeader = category === 'executive' || category === 'director';
    if (isLeader) add(top, person, 'company-role', 150);
    const lead = leads.get(category);
    if (!lead) leads.set(category, person);
    else if (!(isLeader && lead === top)) add(lead, person, 'company-role', 130);
  }
  const leadList = [...leads.values()];
  for (let i = 0; i < leadList.length; i++) {
    for (let j = i + 1; j < leadList.length; j++) add(leadList[i], leadList[j], 'company-group', 80);
  }
}

function groupByCompany(people: LabPerson[]): Map<string, LabPerson[]> {
  const groups = new Map<string, LabPerson[]>();
  for (const person of people) {
    if (person.company === null) continue;
    const group = groups.get(person.company);
    if (group) group.push(person);
    else groups.set(person.company, [person]);
  }
  return groups;
}

function isExecutive(person: LabPerson): boolean {
  return person.positionInfo.category === 'executive';
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}
