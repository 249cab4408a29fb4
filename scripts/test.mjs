#!/usr/bin/env node
// `npm test`: makes sure Chromium, redis-server and nginx are there, builds server and client, lints, runs every jest
// project (engine, server, browser…) and ends with one summary line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

function ensureDebianPackage(binary, pkg) {
  if (fs.existsSync(binary)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`${binary} is missing: installing Debian's ${pkg} package…`);
    if (run('apt-get', ['update', '-qq']) === 0 && run('apt-get', ['install', '-y', '-qq', pkg]) === 0 && fs.existsSync(binary)) return;
  }
  const hint = pkg === 'chromium' ? '\n(or point CHROMIUM_PATH at another Chromium)' : '';
  console.error(`\n${binary} is missing. Install it with:\n  sudo apt-get install -y ${pkg}${hint}, then run npm test again.\n`);
  process.exit(1);
}

ensureDebianPackage(chromium, 'chromium');
// The scale tests run redis-server and nginx on loopback ports.
ensureDebianPackage('/usr/bin/redis-server', 'redis-server');
ensureDebianPackage('/usr/sbin/nginx', 'nginx');

console.log('Building engine, server and client, and type-checking the client…');
if (run('npm', ['run', 'build', '--silent']) !== 0 || run('npm', ['run', 'typecheck', '--silent']) !== 0) {
  console.error('The build or the type check failed; no test was run.');
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

// The linter (eslint.config.mjs: typescript-eslint, type-aware): a finding fails the run like a failing test.
console.log('Linting…');
const lint = run('npm', ['run', 'lint', '--silent']);

fs.mkdirSync(path.join(root, 'test-artifacts'), { recursive: true });
const report = path.join(root, 'test-artifacts', 'jest-results.json');
fs.rmSync(report, { force: true });

/** A jest report's counts, and the names of what failed ("file › test", or "file: why it could not run"). */
function readReport(file) {
  if (!fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const failures = [];
  for (const suite of r.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    failedTests.forEach((a) => failures.push(`${where} › ${a.fullName}`));
    if (failedTests.length === 0 && suite.status === 'failed')
      failures.push(`${where}: ${(suite.message ?? '').split('\n').find((l) => l.trim()) ?? 'failed to run'}`);
  }
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), failures };
}

// One jest process runs every project, one file at a time. (Three at once, one per part of the GitHub workflow, were
// tried on a 2-core machine: 1,158 s instead of 1,351 s, and 8 timing tests failed — fair races, leases, the load
// harness: the suite keeps both cores busy already with Chromium, the servers and the engine.)
const started = Date.now();
const status = run(process.execPath, [path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--json', `--outputFile=${report}`, ...process.argv.slice(2)]);
const seconds = Math.round((Date.now() - started) / 1000);

const r = readReport(report);
let { passed, failed } = r ?? { passed: 0, failed: 0 };
const failures = [...(r?.failures ?? [])];
if (status !== 0 && failed === 0) {
  failed = 1;
  failures.push(`jest exited with ${status}${r ? '' : ' and wrote no report'}`);
}
if (lint !== 0) {
  console.error('The linter or the formatter check found problems (above): npm run lint (npm run format rewrites the layout).');
  failures.push('lint: npm run lint');
  failed += 1;
}
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✕ ${f}`).join('\n')}\n`);
console.log(`jest took ${seconds} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(status === 0 && lint === 0 && failed === 0 && passed > 0 ? 0 : 1);
