import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the overlay's value must be one the gateway accepts
import { trustProxySchema } from '../../services/gateway/src/config/trust-proxy.js';

import {
  allowedTraffic,
  deploymentsNotCovered,
  deploymentsWithoutPdb,
  scaledObjectProblems,
  type Manifest,
} from './k8s-policies.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVICES = ['gateway', 'auth', 'network', 'teams', 'ai', 'import-worker'];
/** Custom resources kubernetes-models has no schema for: checked field by field below. */
const CUSTOM_API_GROUPS = ['keda.sh/'];

/** Loads the kubernetes-models class for apiVersion/kind; its validate() checks the official schema. */
async function modelFor(apiVersion: string, kind: string) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : [undefined, apiVersion];
  const path = group
    ? `kubernetes-models/${group}/${version}/${kind}`
    : `kubernetes-models/${version}/${kind}`;
  const module = (await import(path)) as Record<string, new (data: unknown) => { validate(): void }>;
  return module[kind];
}

function manifestsIn(dir: string): { file: string; doc: Manifest }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((d) => ({
        file,
        doc: d.toJS() as Manifest,
      })),
    );
}

describe('Kubernetes manifests', () => {
  const dirs = ['infra/k8s/base', 'infra/k8s/overlays/production'];

  for (const dir of dirs) {
    it(`every manifest in ${dir} is valid against the Kubernetes schemas`, async () => {
      const manifests = manifestsIn(join(root, dir));
      expect(manifests.length).toBeGreaterThan(0);
      for (const { file, doc } of manifests) {
        if (CUSTOM_API_GROUPS.some((group) => doc.apiVersion.startsWith(group))) continue;
        const Model = await modelFor(doc.apiVersion, doc.kind);
        expect(() => new Model(doc).validate()).not.toThrow();
        expect(`${file}:${doc.metadata.name}`).toMatch(/.+/);
      }
    });

    it(`every resource the ${dir} kustomization lists exists`, () => {
      const kustomization = parse(readFileSync(join(root, dir, 'kustomization.yaml'), 'utf8')) as {
        resources: string[];
      };
      for (const resource of kustomization.resources)
        expect(existsSync(join(root, dir, resource))).toBe(true);
    });
  }

  it('has a Deployment and a Service per service, with readiness and liveness probes on the health endpoints', () => {
    const manifests = manifestsIn(join(root, 'infra/k8s/base')).map((m) => m.doc);
    for (const name of SERVICES) {
      const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name);
      const service = manifests.find((m) => m.kind === 'Service' && m.metadata.name === name);
      expect(deployment).toBeDefined();
      expect(service).toBeDefined();
      const container = (
        deployment!.spec as {
          template: { spec: { containers: Record<string, { httpGet: { path: string } }>[] } };
        }
      ).template.spec.containers[0];
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
    }
  });

  it('the production overlay trusts forwarded client addresses from its ingress only', () => {
    const kustomization = parse(
      readFileSync(join(root, 'infra/k8s/overlays/production/kustomization.yaml'), 'utf8'),
    ) as { patches: { target: { kind: string; name: string }; patch: string }[] };
    const configPatch = kustomization.patches.find((p) => p.target.kind === 'ConfigMap');
    const operations = parse(configPatch!.patch) as { op: string; path: string; value: string }[];
    const trustProxy = operations.find((o) => o.path === '/data/TRUST_PROXY')?.value;
    expect(configPatch!.target.name).toBe('warmpath-config');
    expect(trustProxySchema.parse(trustProxy)).toEqual([expect.stringMatching(/\/\d+$/)]);
    const base = manifestsIn(join(root, 'infra/k8s/base')).find((m) => m.doc.kind === 'ConfigMap')!.doc as {
      data: Record<string, string>;
    };
    expect(base.data.TRUST_PROXY).toBeUndefined();
  });

  it('rejects a broken manifest (the check can fail)', async () => {
    const Model = await modelFor('apps/v1', 'Deployment');
    expect(() =>
      new Model({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'x' },
        spec: { replicas: 'two' },
      }).validate(),
    ).toThrow();
  });
});

/** The BullMQ list of waiting import jobs, from the sources: "<prefix>:<queue>:wait". */
function importWaitList(): string {
  const queueSource = readFileSync(
    join(root, 'services/import-worker/src/modules/imports/import-queue.ts'),
    'utf8',
  );
  const envSource = readFileSync(join(root, 'libs/server-kit/src/config/env-schemas.ts'), 'utf8');
  const queue = /export const IMPORT_QUEUE = '([^']+)'/.exec(queueSource)?.[1];
  const redisPrefix = /REDIS_PREFIX: z\.string\(\)\.default\('([^']*)'\)/.exec(envSource)?.[1];
  expect(queue).toBeDefined();
  expect(redisPrefix).toBeDefined();
  // bullPrefix(): REDIS_PREFIX without its trailing colons.
  return `${redisPrefix!.replace(/:+$/, '')}:${queue}:wait`;
}

describe('production scaling, disruption budgets and network policies', () => {
  const base = manifestsIn(join(root, 'infra/k8s/base')).map((m) => m.doc);
  const production = [...base, ...manifestsIn(join(root, 'infra/k8s/overlays/production')).map((m) => m.doc)];
  const ports = (deployment: string, direction: 'ingress' | 'egress') =>
    [...new Set(allowedTraffic(base, deployment, direction).map((a) => a.port))].sort((a, b) => a - b);

  it('scales the import worker with a KEDA ScaledObject on the BullMQ list of waiting jobs', () => {
    const scaledObjects = production.filter((m) => m.kind === 'ScaledObject');
    expect(scaledObjects).toHaveLength(1);
    expect(importWaitList()).toBe('warmpath:imports:wait');
    expect(
      scaledObjectProblems(production, scaledObjects[0], {
        deployment: 'import-worker',
        listName: importWaitList(),
      }),
    ).toEqual([]);
    // KEDA owns the worker's HPA now; a second autoscaler on it would fight KEDA's.
    const hpas = production.filter((m) => m.kind === 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name)).toEqual([
      'gateway',
    ]);
  });

  it('reports a ScaledObject on the wrong Deployment or list', () => {
    const wrong: Manifest = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'x' },
      spec: {
        scaleTargetRef: { name: 'gateway' },
        minReplicaCount: 1,
        maxReplicaCount: 4,
        triggers: [
          {
            type: 'redis',
            metadata: { address: 'redis:6379', listName: 'bull:imports:wait', listLength: '5' },
          },
        ],
      },
    };
    expect(
      scaledObjectProblems(production, wrong, {
        deployment: 'import-worker',
        listName: 'warmpath:imports:wait',
      }),
    ).toEqual(['targets Deployment/gateway', 'listName bull:imports:wait']);
  });

  it('gives every Deployment a PodDisruptionBudget that selects its pods and allows a drain', () => {
    expect(
      base
        .filter((m) => m.kind === 'Deployment')
        .map((m) => m.metadata.name)
        .sort(),
    ).toEqual([...SERVICES].sort());
    expect(deploymentsWithoutPdb(production)).toEqual([]);
    const unguarded: Manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'extra' },
      spec: { template: { metadata: { labels: { 'app.kubernetes.io/name': 'extra' } } } },
    };
    expect(deploymentsWithoutPdb([...production, unguarded])).toEqual(['extra']);
  });

  it("puts every Deployment's pods under policies for both directions (default deny)", () => {
    expect(deploymentsNotCovered(base, 'Ingress')).toEqual([]);
    expect(deploymentsNotCovered(base, 'Egress')).toEqual([]);
    const uncovered: Manifest = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'stray' },
      spec: { template: { metadata: { labels: { 'app.kubernetes.io/name': 'stray' } } } },
    };
    expect(deploymentsNotCovered([...base, uncovered], 'Ingress')).toEqual(['stray']);
  });

  it('lets only the gateway be reached from outside, by the ingress controller on its HTTP port', () => {
    for (const name of SERVICES) {
      const peers = allowedTraffic(base, name, 'ingress');
      const outside = peers.filter((a) => a.peer !== 'namespace:monitoring');
      if (name === 'gateway')
        expect(outside).toEqual([{ port: 3000, protocol: 'TCP', peer: 'namespace:ingress-nginx' }]);
      else expect(outside).toEqual([]);
      // Prometheus reaches the metrics ports only, from the monitoring namespace.
      expect(
        peers
          .filter((a) => a.peer === 'namespace:monitoring')
          .map((a) => a.port)
          .sort(),
      ).toEqual([8080, 9464]);
    }
  });

  it('lets each service reach only what it needs, and resolve names', () => {
    const common = [53, 4222];
    const needs: Record<string, number[]> = {
      gateway: [443, 6379],
      auth: [5432],
      network: [5432, 6379],
      teams: [25, 465, 587, 5432, 6379],
      ai: [443],
      'import-worker': [5432, 6379],
    };
    for (const name of SERVICES)
      expect({ name, ports: ports(name, 'egress') }).toEqual({
        name,
        ports: [...common, ...needs[name]].sort((a, b) => a - b),
      });
    const dns = allowedTraffic(base, 'ai', 'egress').filter((a) => a.port === 53);
    expect(dns.map((a) => `${a.protocol} ${a.peer}`).sort()).toEqual([
      'TCP pod:kube-dns@kube-system',
      'UDP pod:kube-dns@kube-system',
    ]);
    const postgres = allowedTraffic(base, 'network', 'egress').find((a) => a.port === 5432);
    expect(postgres?.peer).toBe('pod:postgres');
    // Outside the cluster only over HTTPS, and never to the private ranges.
    for (const name of ['gateway', 'ai'])
      expect(allowedTraffic(base, name, 'egress').filter((a) => a.peer.startsWith('ip:'))).toEqual([
        { port: 443, protocol: 'TCP', peer: 'ip:0.0.0.0/0' },
      ]);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      { build?: { args?: { SERVICE?: string } }; environment?: Record<string, string>; image?: string }
    >;
  };

  it('runs postgres, redis, nats and every service', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...SERVICES, 'nats', 'postgres', 'redis'].sort());
  });

  it('builds each service from the shared Dockerfile with its own SERVICE argument and points it at the infrastructure', () => {
    expect(existsSync(join(root, 'infra/docker/service.Dockerfile'))).toBe(true);
    for (const name of SERVICES) {
      expect(compose.services[name].build?.args?.SERVICE).toBe(name);
      expect(compose.services[name].environment?.NATS_URL).toBe('nats://nats:4222');
      expect(compose.services[name].environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    }
  });

  it('runs the network service with the V8 flags the launcher gives it, as Kubernetes does', () => {
    const launcher = readFileSync(join(root, 'scripts/lib/stack.mjs'), 'utf8');
    const flags = /network: \[([^\]]*)\]/
      .exec(launcher)?.[1]
      ?.match(/--[\w-]+=\w+/g)
      ?.join(' ');
    expect(flags).toMatch(/--max-semi-space-size=\d+/);
    expect(compose.services.network.environment?.NODE_OPTIONS).toBe(flags);
    const deployment = manifestsIn(join(root, 'infra/k8s/base')).find(
      ({ doc }) => doc.kind === 'Deployment' && doc.metadata.name === 'network',
    )?.doc as unknown as {
      spec: { template: { spec: { containers: { env: { name: string; value: string }[] }[] } } };
    };
    const env = deployment.spec.template.spec.containers[0]?.env ?? [];
    expect(env.find((variable) => variable.name === 'NODE_OPTIONS')?.value).toBe(flags);
  });

  it('runs the images as a non-root user', () => {
    const dockerfile = readFileSync(join(root, 'infra/docker/service.Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
  });
});
