import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod, type DynamicModule, type ForwardReference, type Type } from '@nestjs/common';
import { API_ROUTES } from '@warmpath/contracts';
import pino from 'pino';
import { gatewayConfigSchema } from '../config/gateway.config.js';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRED_SCOPE } from './requires-scope.decorator.js';

// The web app's static files (an ES module jest cannot load) play no part in the routes.
jest.unstable_mockModule('./web-app.js', () => ({ sendAppShell: () => false, serveWebApp: async () => {} }));
const { AppModule } = await import('../app.module.js');

interface Registered {
  route: string;
  access: string;
}

type ModuleLike = Type | DynamicModule | ForwardReference | Promise<DynamicModule>;

/** Every controller the gateway's module tree declares (static and dynamic modules alike). */
function controllersOf(entry: ModuleLike, seen = new Set<unknown>()): Type[] {
  if (!entry || entry instanceof Promise || 'forwardRef' in entry || seen.has(entry)) return [];
  seen.add(entry);
  const dynamic = 'module' in entry ? (entry as DynamicModule) : undefined;
  const module = dynamic?.module ?? (entry as Type);
  const controllers: Type[] = [
    ...((Reflect.getMetadata('controllers', module) as Type[] | undefined) ?? []),
    ...(dynamic?.controllers ?? []),
  ];
  const imports: ModuleLike[] = [
    ...((Reflect.getMetadata('imports', module) as ModuleLike[] | undefined) ?? []),
    ...(dynamic?.imports ?? []),
  ];
  return [...controllers, ...imports.flatMap((child) => controllersOf(child, seen))];
}

const join = (...parts: string[]): string =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .map((segment) => segment.replace(/^:(\w+)$/, '{$1}'))
    .join('/');

/** The routes Nest registers for the gateway, as `METHOD /path`, with who may call them. */
function registeredRoutes(): Registered[] {
  const config = gatewayConfigSchema.parse({ NODE_ENV: 'test' });
  const root = AppModule.forRoot(config, pino({ level: 'silent' }));
  const routes: Registered[] = [];
  for (const controller of new Set(controllersOf(root))) {
    const base = (Reflect.getMetadata(PATH_METADATA, controller) as string) ?? '';
    for (const name of Object.getOwnPropertyNames(controller.prototype)) {
      const handler = controller.prototype[name] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined || name === 'constructor') continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
      if (method === undefined) throw new Error(`${name} has a route path but no HTTP method`);
      const isPublic = Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller);
      const scope = Reflect.getMetadata(REQUIRED_SCOPE, handler) as string | undefined;
      routes.push({
        route: `${method.toLowerCase()} ${join(base, path)}`,
        access: isPublic ? 'public' : (scope ?? 'session'),
      });
    }
  }
  return routes.filter((r) => r.route.split(' ')[1]?.startsWith('/api'));
}

describe('the OpenAPI route registry (libs/contracts API_ROUTES)', () => {
  const registered = registeredRoutes();
  const declared = API_ROUTES.map((r) => ({ route: `${r.method} ${r.path}`, access: r.access }));

  it('finds the routes of the gateway', () => {
    expect(registered.length).toBeGreaterThan(40);
  });

  it('declares every /api route the gateway registers, with the same access (public, session, token scope)', () => {
    const sort = (list: Registered[]) => [...list].sort((a, b) => a.route.localeCompare(b.route));
    expect(sort(declared)).toEqual(sort(registered));
  });
});
