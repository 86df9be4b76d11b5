import { parseSync, type Plugin } from 'vite';

/** The contracts' source modules, as the web app imports them (the "source" export condition). */
const CONTRACTS_SOURCE = /[\\/]libs[\\/]contracts[\\/]src[\\/].+\.ts$/;

interface Span {
  type: string;
  start: number;
  end: number;
}
interface Declaration extends Span {
  kind?: string;
  declarations?: Array<{ init: Span | null }>;
}
interface Statement extends Span {
  declaration?: Declaration | null;
}

/** The initializers of a module's top-level `const`s, exported or not. */
function topLevelConstInitializers(program: { body: Statement[] }): Span[] {
  const initializers: Span[] = [];
  for (const statement of program.body) {
    const declaration: Declaration | null | undefined =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) if (init) initializers.push(init);
  }
  return initializers;
}

/**
 * Marks each top-level const of a contracts module pure, so the bundler leaves out every schema,
 * contract and table the web app does not use instead of keeping (and evaluating at startup) all
 * of them: zod builds a schema when its module is evaluated, and a bundler keeps a call unless it
 * is known to be pure (docs/performance.md "The workspace screen's startup"). Each value is
 * wrapped in an arrow called at once and annotated `/*#__PURE__*\/` (annotating the call alone
 * would still keep its arguments, the schemas inside it). Only the web app's bundle changes; the contracts'
 * source, and so what the services see, stay as they are.
 */
export function markContractsPure(code: string, filename = 'contracts.ts'): string {
  const { program, errors } = parseSync(filename, code, { lang: 'ts', sourceType: 'module' });
  if (errors.length > 0) return code;
  const edits: Array<{ at: number; text: string }> = [];
  for (const init of topLevelConstInitializers(program as unknown as { body: Statement[] })) {
    if (init.type === 'Literal' || init.type === 'Identifier' || init.type === 'ArrowFunctionExpression')
      continue;
    edits.push({ at: init.start, text: '/*#__PURE__*/ (() => (' });
    edits.push({ at: init.end, text: '))()' });
  }
  let marked = code;
  for (const { at, text } of edits.sort((a, b) => b.at - a.at))
    marked = marked.slice(0, at) + text + marked.slice(at);
  return marked;
}

export function pureContractSchemas(): Plugin {
  return {
    name: 'warmpath:pure-contract-schemas',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!CONTRACTS_SOURCE.test(file)) return null;
      return { code: markContractsPure(code, file), map: null };
    },
  };
}
