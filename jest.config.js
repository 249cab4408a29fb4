/** The suite's projects: pure engine tests, client logic (translations), server tests (real Colyseus on loopback), browser and scale tests. `npm test` (scripts/test.mjs) runs them in two parts: the files that measure clocks and frames alone, then the rest several at once. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }];
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleNameMapper: {
    '^@tumbleweed/engine$': '<rootDir>/packages/engine/src/index.ts',
    '^@tumbleweed/engine/(.*)$': '<rootDir>/packages/engine/src/$1',
  },
};
/** Tests whose own colyseus.js clients decode the server's state: a patch they cannot read fails the test. */
const NO_DESYNC = ['<rootDir>/tests/support/no-desync.ts'];
module.exports = {
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'engine', testMatch: ['<rootDir>/packages/engine/src/**/*.test.ts'] },
    {
      ...common,
      displayName: 'client',
      testMatch: ['<rootDir>/packages/client/src/**/*.test.ts'],
      // The client package is "type": "module"; its tests run as CommonJS like the others.
      transform: {
        '^.+\\.ts$': ['ts-jest', { tsconfig: { ...require('./tsconfig.test.json').compilerOptions, module: 'commonjs', moduleResolution: 'node' } }],
      },
    },
    { ...common, displayName: 'server', setupFilesAfterEnv: NO_DESYNC, testMatch: ['<rootDir>/packages/server/src/**/*.test.ts'] },
    // Hostile clients against a real server in this process (issue 11): malformed, out-of-turn and foreign-seat messages.
    { ...common, displayName: 'adversarial', setupFilesAfterEnv: NO_DESYNC, testMatch: ['<rootDir>/tests/adversarial/**/*.test.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/tests/browser/**/*.test.ts'] },
    { ...common, displayName: 'scale', setupFilesAfterEnv: NO_DESYNC, testMatch: ['<rootDir>/tests/scale/**/*.test.ts'] },
    // Tables that survive their process (issue 14): the built server killed with SIGKILL and started again.
    { ...common, displayName: 'durable', setupFilesAfterEnv: NO_DESYNC, testMatch: ['<rootDir>/tests/durable/**/*.test.ts'] },
  ],
};
