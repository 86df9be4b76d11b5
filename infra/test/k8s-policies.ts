/** Pure checks over parsed manifests: PodDisruptionBudgets, NetworkPolicies and KEDA scaling. */

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
}

type Labels = Record<string, string>;

interface Selector {
  matchLabels?: Labels;
}

interface Peer {
  namespaceSelector?: Selector;
  podSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}

interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { protocol?: string; port: number }[];
}

interface PolicySpec {
  podSelector: Selector;
  policyTypes: ('Ingress' | 'Egress')[];
  ingress?: Rule[];
  egress?: Rule[];
}

/** A label selector matches when every label it names is on the object (an empty one matches all). */
export function selects(selector: Selector | undefined, labels: Labels): boolean {
  return Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
}

export function podLabels(deployment: Manifest): Labels {
  const spec = deployment.spec as { template: { metadata: { labels: Labels } } };
  return spec.template.metadata.labels;
}

function ofKind(manifests: readonly Manifest[], kind: string): Manifest[] {
  return manifests.filter((m) => m.kind === kind);
}

/** Deployments no PodDisruptionBudget selects (or only one that would block every eviction). */
export function deploymentsWithoutPdb(manifests: readonly Manifest[]): string[] {
  const budgets = ofKind(manifests, 'PodDisruptionBudget').map(
    (m) => m.spec as { selector: Selector; maxUnavailable?: number; minAvailable?: number },
  );
  return ofKind(manifests, 'Deployment')
    .filter((deployment) => {
      const replicas = (deployment.spec as { replicas?: number }).replicas ?? 1;
      return !budgets.some(
        (budget) =>
          Object.keys(budget.selector.matchLabels ?? {}).length > 0 &&
          selects(budget.selector, podLabels(deployment)) &&
          ((budget.maxUnavailable ?? 0) >= 1 || (budget.minAvailable ?? replicas) < replicas),
      );
    })
    .map((deployment) => deployment.metadata.name);
}

function policiesFor(manifests: readonly Manifest[], labels: Labels): PolicySpec[] {
  return ofKind(manifests, 'NetworkPolicy')
    .map((m) => m.spec as unknown as PolicySpec)
    .filter((policy) => selects(policy.podSelector, labels));
}

/** Deployments whose pods are not under a policy for `type` (traffic of that direction is then open). */
export function deploymentsNotCovered(manifests: readonly Manifest[], type: 'Ingress' | 'Egress'): string[] {
  return ofKind(manifests, 'Deployment')
    .filter((d) => !policiesFor(manifests, podLabels(d)).some((p) => p.policyTypes.includes(type)))
    .map((d) => d.metadata.name);
}

export interface Allowed {
  port: number;
  protocol: string;
  /** 'namespace:<name>', 'pod:<app.kubernetes.io/name>', 'pod:<name>@<namespace>', 'ip:<cidr>' or 'any'. */
  peer: string;
}

function describePeer(peer: Peer): string {
  if (peer.ipBlock) return `ip:${peer.ipBlock.cidr}`;
  const namespace = peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
  const pod =
    peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ?? peer.podSelector?.matchLabels?.['k8s-app'];
  if (namespace && pod) return `pod:${pod}@${namespace}`;
  if (namespace) return `namespace:${namespace}`;
  if (pod) return `pod:${pod}`;
  return peer.namespaceSelector ? 'namespace:any' : 'any';
}

/** Every (port, peer) a Deployment's pods may receive from or send to, by the policies over them. */
export function allowedTraffic(
  manifests: readonly Manifest[],
  deployment: string,
  direction: 'ingress' | 'egress',
): Allowed[] {
  const target = ofKind(manifests, 'Deployment').find((d) => d.metadata.name === deployment);
  if (!target) throw new Error(`no Deployment ${deployment}`);
  const allowed: Allowed[] = [];
  for (const policy of policiesFor(manifests, podLabels(target)))
    for (const rule of policy[direction] ?? []) {
      const peers = (direction === 'ingress' ? rule.from : rule.to) ?? [];
      for (const port of rule.ports ?? [{ port: 0 }])
        for (const peer of peers.length > 0 ? peers : [{}])
          allowed.push({ port: port.port, protocol: port.protocol ?? 'TCP', peer: describePeer(peer) });
    }
  return allowed;
}

export interface ScaledObjectSpec {
  scaleTargetRef: { apiVersion?: string; kind?: string; name: string };
  minReplicaCount?: number;
  maxReplicaCount?: number;
  triggers: { type: string; metadata: Record<string, string> }[];
}

/** What is wrong with a KEDA ScaledObject on a BullMQ list (empty when nothing is). */
export function scaledObjectProblems(
  manifests: readonly Manifest[],
  scaledObject: Manifest,
  expected: { deployment: string; listName: string },
): string[] {
  const problems: string[] = [];
  const spec = scaledObject.spec as unknown as ScaledObjectSpec;
  if (scaledObject.apiVersion !== 'keda.sh/v1alpha1') problems.push(`apiVersion ${scaledObject.apiVersion}`);
  if (scaledObject.kind !== 'ScaledObject') problems.push(`kind ${scaledObject.kind}`);
  const target = spec.scaleTargetRef;
  if ((target.kind ?? 'Deployment') !== 'Deployment' || target.name !== expected.deployment)
    problems.push(`targets ${target.kind ?? 'Deployment'}/${target.name}`);
  if (!manifests.some((m) => m.kind === 'Deployment' && m.metadata.name === target.name))
    problems.push(`no Deployment ${target.name}`);
  const min = spec.minReplicaCount ?? 0;
  const max = spec.maxReplicaCount ?? 100;
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max > min))
    problems.push(`replicas ${min}..${max}`);
  const redis = spec.triggers.filter((t) => t.type === 'redis');
  if (redis.length !== 1 || spec.triggers.length !== 1) problems.push('not exactly one redis trigger');
  const metadata = redis[0]?.metadata ?? {};
  if (metadata.listName !== expected.listName) problems.push(`listName ${metadata.listName}`);
  if (!/^\d+$/.test(metadata.listLength ?? '') || Number(metadata.listLength) < 1)
    problems.push(`listLength ${metadata.listLength}`);
  if (!metadata.address && !metadata.addressFromEnv && !metadata.host) problems.push('no Redis address');
  return problems;
}
