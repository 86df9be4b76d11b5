import type { Connection, FunctionCategory, Relationship, RelationshipType } from '@warmpath/contracts';
import { createRandom, type Random } from './random';
import { TITLES, type Title } from './titles';

export interface GeneratedNetwork {
  connections: Connection[];
  relationships: Relationship[];
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
  const connections: Connection[] = [buildPerson(0, 'You', 'Me', 'Acme', TITLES[0], 0, random)];
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
  return { connections, relationships: buildRelationships(connections, teammateCount, random) };
}

export function personName(network: GeneratedNetwork, id: string): string | null {
  const person = network.connections.find((candidate) => candidate.id === id);
  return person ? `${person.firstName} ${person.lastName}` : null;
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
): Connection {
  const years = degree === 0 ? null : Math.floor(random() * 15);
  return {
    id: String(index),
    userId: 1,
    firstName: first,
    lastName: last,
    company,
    position: title.name,
    email: null,
    linkedinUrl: null,
    avatarUrl: null,
    notes: null,
    industry: null,
    location: null,
    connectionDegree: degree,
    yearsConnected: years,
    connectedOn: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    isUser: false,
    isTeammate: false,
    hasWorkedWith: degree === 1 && random() < 0.05,
    type: 'connection',
    positionInfo: { category: title.category, seniority: title.seniority },
    knownBy: [1],
  };
}

function buildRelationships(people: Connection[], teammates: number, random: Random): Relationship[] {
  const links: Relationship[] = [];
  const add = (a: Connection, b: Connection, type: RelationshipType, strength: number): void => {
    links.push({
      id: String(-(links.length + 1)),
      sourceId: a.id,
      targetId: b.id,
      strength,
      createdAt: '2024-01-01T00:00:00.000Z',
      type,
      company: type.startsWith('company') ? a.company : null,
      userId: 1,
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

type AddLink = (a: Connection, b: Connection, type: RelationshipType, strength: number) => void;

/**
 * docs/product.md#company-links, simplified for large companies: stars around each function's lead
 * instead of all pairs.
 */
function addCompanyLinks(staff: Connection[], add: AddLink): void {
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
  const leads = new Map<FunctionCategory, Connection>([[top.positionInfo.category, top]]);
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

function groupByCompany(people: Connection[]): Map<string, Connection[]> {
  const groups = new Map<string, Connection[]>();
  for (const person of people) {
    if (person.company === null) continue;
    const group = groups.get(person.company);
    if (group) group.push(person);
    else groups.set(person.company, [person]);
  }
  return groups;
}

function isExecutive(person: Connection): boolean {
  return person.positionInfo.category === 'executive';
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}
