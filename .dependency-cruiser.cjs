/**
 * Import rules for the whole repository's TypeScript (docs/developer-guide.md, "Import rules").
 *
 * The web app has three layers that only point down: web/src/app (the shell: routes, providers,
 * the style warm-up; nothing imports it but main.tsx) → web/src/features/* → web/src/lib (the API
 * slice, store, typed hooks, toast, form helpers, the session, the shared test app), with
 * web/src/graph (the graph engine) beside lib. The engine knows nothing of the product: it takes
 * its own input model and imports no library of the repository (the network feature adapts people
 * onto it). A feature reaches another only through that feature's index.ts. And no module anywhere
 * takes part in an import cycle.
 *
 * `npx nx run workspace:lint` (part of `nx run-many -t lint`) runs this config;
 * tools/dependency-rules/ proves each rule fails on a bad import.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: split the shared part out into a module both sides import. A cycle made of ' +
        'type-only imports is allowed (it is erased at compile time; TypeORM relations need one).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'web-app-is-the-shell',
      severity: 'error',
      comment: 'web/src/app is the shell: it imports features, nothing imports it (but main.tsx).',
      from: { path: '^web/src/', pathNot: ['^web/src/app/', '^web/src/main\\.tsx$'] },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'web-lib-stays-below-features',
      severity: 'error',
      comment: 'web/src/lib is the base: it imports neither features nor the shell.',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-graph-stays-below-features',
      severity: 'error',
      comment: 'The graph engine sits beside lib: it imports neither lib, features nor the shell.',
      from: { path: '^web/src/graph/' },
      to: { path: '^web/src/(features|app|lib)/' },
    },
    {
      name: 'web-graph-knows-no-product',
      severity: 'error',
      comment:
        'The graph engine takes its own input model (web/src/graph/model/graph-input.ts): it imports ' +
        "none of the product's libraries (@warmpath/contracts, @warmpath/domain, …); " +
        'web/src/features/network/graph/graph-adapter.ts maps people and links onto it.',
      from: { path: '^web/src/graph/' },
      to: { path: '^(libs/|@warmpath/)' },
    },
    {
      name: 'web-graph-lab-uses-the-engine-only',
      severity: 'error',
      comment: 'graph-lab is the engine on generated data: it imports the engine, not the product.',
      from: { path: '^web/src/graph-lab/' },
      to: { path: '^(web/src/(features|app|lib)/|libs/|@warmpath/)' },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment:
        "A feature imports another feature only through that feature's index.ts (its public entry); " +
        'what two features share otherwise belongs in web/src/lib or libs/domain.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.nx|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    // The libraries are imported by package name; their "source" export is their TypeScript.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
    },
    tsConfig: { fileName: 'web/tsconfig.json' },
  },
};
