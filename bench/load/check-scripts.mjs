// node bench/load/check-scripts.mjs: runs every k6 script of this folder under Node with k6's
// modules stubbed (k6 itself is not needed), so a broken script shows without a deployment. For
// each: it evaluates, every scenario is a constant-arrival-rate one whose `exec` the script
// exports, every threshold has k6's form, and setup() and each exec function run once against a
// stub that answers 200 (an import: 202, then completed). Prints the scenarios; exits 1 on a fault.
import { readdirSync } from 'node:fs';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const stubs = {
  k6: `export const check = (value, checks) => Object.values(checks).every((f) => f(value));
    export const fail = (message) => { throw new Error(message); };
    export const sleep = () => undefined;`,
  'k6/http': `const answer = (status) => ({ status, cookies: { warmpath_session: [{ value: 's' }] },
      json: (key) => (key === 'statusUrl' ? '/api/imports/1' : 'completed') });
    export default { get: () => answer(200), post: (url) => answer(url.includes('/import') ? 202 : 200),
      file: (data, name, type) => ({ data, name, type }) };`,
  'k6/metrics': 'export class Trend { add() {} }',
  'k6/execution': 'export default { scenario: { iterationInTest: 0 } };',
};
const hooks = `const stubs = ${JSON.stringify(stubs)};
export async function resolve(specifier, context, next) {
  if (specifier in stubs)
    return { url: 'data:text/javascript,' + encodeURIComponent(stubs[specifier]), shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);

globalThis.__ENV = {
  BASE_URL: 'http://127.0.0.1:1',
  WARMPATH_USERNAME: 'reader',
  WARMPATH_PASSWORD: 'pw',
  SIGN_IN_USERS: 'a:pw1,b:pw2',
  IMPORTER_USERNAME: 'importer',
  IMPORTER_PASSWORD: 'pw',
  IMPORT_FILE: 'Connections.csv',
};
globalThis.open = () => 'csv';

const THRESHOLD_METRIC = /^[a-z_]+(\{[a-z]+:[\w-]+\})?$/;
const THRESHOLD_EXPRESSION = /^(p\(\d+(\.\d+)?\)|rate|avg|min|max|med|count)\s*(<|<=|>|>=|==)\s*[\d.]+$/;

const folder = fileURLToPath(new URL('.', import.meta.url));
let faults = 0;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.js'))) {
  const problems = [];
  try {
    const script = await import(new URL(file, import.meta.url).href);
    const { scenarios = {}, thresholds = {} } = script.options ?? {};
    if (!Object.keys(scenarios).length) problems.push('no scenarios');
    const data = script.setup?.();
    for (const [name, scenario] of Object.entries(scenarios)) {
      if (scenario.executor !== 'constant-arrival-rate') problems.push(`${name}: ${scenario.executor}`);
      if (!(scenario.rate > 0) || !scenario.duration || !scenario.timeUnit) problems.push(`${name}: rate`);
      if (typeof script[scenario.exec] !== 'function') problems.push(`${name}: no export ${scenario.exec}`);
      else script[scenario.exec](data);
    }
    for (const [metric, expressions] of Object.entries(thresholds)) {
      if (!THRESHOLD_METRIC.test(metric)) problems.push(`threshold metric ${metric}`);
      const scenario = /\{scenario:([\w-]+)\}/.exec(metric)?.[1];
      if (scenario && !(scenario in scenarios)) problems.push(`threshold on unknown scenario ${scenario}`);
      for (const expression of expressions)
        if (!THRESHOLD_EXPRESSION.test(expression)) problems.push(`threshold ${metric}: ${expression}`);
    }
    const summary = Object.entries(scenarios)
      .map(
        ([name, s]) =>
          `${name} ${s.rate}/${s.timeUnit} for ${s.duration}${s.startTime ? ` from ${s.startTime}` : ''}`,
      )
      .join('; ');
    console.log(`${problems.length ? 'FAULT' : 'ok'}  ${file}: ${summary}`);
  } catch (error) {
    problems.push(error.message);
  }
  for (const problem of problems) console.log(`      ${problem}`);
  faults += problems.length;
}
process.exit(faults ? 1 : 0);
