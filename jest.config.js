/** One jest run, three projects: pure engine tests, server tests (real Colyseus on loopback), browser tests. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }];
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': tsJest },
  moduleNameMapper: { '^@tumbleweed/engine$': '<rootDir>/packages/engine/src/index.ts' },
};
module.exports = {
  testTimeout: 30_000,
  projects: [
    { ...common, displayName: 'engine', testMatch: ['<rootDir>/packages/engine/src/**/*.test.ts'] },
    { ...common, displayName: 'server', testMatch: ['<rootDir>/packages/server/src/**/*.test.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/tests/browser/**/*.test.ts'] },
    { ...common, displayName: 'scale', testMatch: ['<rootDir>/tests/scale/**/*.test.ts'] },
  ],
};
