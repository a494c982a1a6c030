// Jest 30 on Node 20 cannot require() ESM (only on Node >= 24.9), so the ESM-only workflow
// libraries and their ESM dependencies are transpiled to CommonJS by babel-jest.
const esmOnly = [
  'feelin',
  'lezer-feel',
  '@lezer',
  'min-dash',
  'temporal-polyfill',
  'temporal-spec',
  'temporal-utils',
  'dmn-moddle',
  'bpmn-moddle',
  'moddle',
  'moddle-xml',
  'saxen',
  '@bpmn-io',
  'camunda-external-task-client-js',
  'chalk',
  'got',
  '@sindresorhus',
  'byte-counter',
  'cacheable-lookup',
  'cacheable-request',
  'get-stream',
  '@sec-ant',
  'is-stream',
  'mimic-response',
  'normalize-url',
  'responselike',
  'lowercase-keys',
  'decompress-response',
  'p-cancelable',
  'keyv',
  '@keyv',
  'form-data-encoder',
];
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testRegex: 'test/.*\\.(spec|e2e-spec)\\.ts$',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    '^.+\\.m?js$': [
      'babel-jest',
      { babelrc: false, configFile: false, plugins: ['@babel/plugin-transform-modules-commonjs'] },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  // examples/nest-host imports the engine by its package name; the tests link it to the source.
  moduleNameMapper: { '^camunda7-engine-nest$': '<rootDir>/src/index.ts' },
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/examples/nest-host/node_modules/'],
  // A test file boots an app (every migration) in its beforeAll: on a loaded machine that has taken over 30 s.
  testTimeout: 60000,
  // Every test file loads all modules afresh, and some of each file's copies stay reachable (jest-circus's own
  // AsyncLocalStorage, for one): in one process for the whole suite the heap passed 2 GB and Node's async hooks
  // slowed down until late files stalled past their timeouts. A worker past this heap size is replaced.
  workerIdleMemoryLimit: '1GB',
};
