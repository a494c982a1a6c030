// Jest 30 on Node 20 cannot require() ESM (only on Node >= 24.9), so the ESM-only workflow
// libraries and their ESM dependencies are transpiled to CommonJS by babel-jest.
const esmOnly = [
  'feelin', 'lezer-feel', '@lezer', 'min-dash', 'temporal-polyfill', 'temporal-spec', 'temporal-utils',
  'dmn-moddle', 'bpmn-moddle', 'moddle', 'moddle-xml', 'saxen', '@bpmn-io',
  'camunda-external-task-client-js', 'chalk', 'got', '@sindresorhus', 'byte-counter', 'cacheable-lookup',
  'cacheable-request', 'get-stream', '@sec-ant', 'is-stream', 'mimic-response', 'normalize-url',
  'responselike', 'lowercase-keys', 'decompress-response', 'p-cancelable', 'keyv', '@keyv', 'form-data-encoder',
];
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testRegex: 'test/.*\\.(spec|e2e-spec)\\.ts$',
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    '^.+\\.m?js$': ['babel-jest', { babelrc: false, configFile: false, plugins: ['@babel/plugin-transform-modules-commonjs'] }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testTimeout: 30000,
};
