import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the overlay's value must be one the gateway accepts
import { trustProxySchema } from '../../services/gateway/src/config/trust-proxy.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVICES = ['gateway', 'auth', 'network', 'teams', 'ai', 'import-worker'];

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: Record<string, unknown>;
}

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

  it('runs the images as a non-root user', () => {
    const dockerfile = readFileSync(join(root, 'infra/docker/service.Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
  });
});
