#!/usr/bin/env node
// `npm test`: makes sure Chromium, redis-server and nginx are there, builds server and client, lints, runs every jest
// project (engine, server, browser…) and ends with one summary line: "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
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
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), failures, results: r.testResults ?? [] };
}

// Files that measure the clock or the frames they see: races judged to the millisecond, animations sampled frame by
// frame, a table at rest, the load harness's CPU. They run one at a time, beside nothing but the files that mostly
// wait (below). Run beside other files on 2 cores, fair-races, fair-race and duel-reveal failed (a far player won 82%
// instead of ≥ 95%, GO! shown 93 ms apart instead of ≤ 60, a card tween seen in one frame); the others measure the
// same kind of thing.
const TIMED = [
  'packages/server/src/fair-races.test.ts',
  'packages/server/src/loadtest/loadtest.test.ts',
  'tests/browser/fair-race.test.ts',
  'tests/browser/duel-reveal.test.ts',
  'tests/browser/saloon-race.test.ts',
  'tests/browser/rattlesnake-screens.test.ts',
  'tests/browser/at-rest.test.ts',
];
// Files that mostly wait on real clocks and processes (servers killed with SIGKILL and started again, leases running
// out, network bots that take 600–1,200 ms a move): alone, each kept a fifth of a core busy or less (wall and CPU
// time, their servers included, by /usr/bin/time: kill9 64 s and 13.7 s, redis-takeover 101 s and 13.3 s,
// bot-cli-interrupts 43 s and 3.1 s, saloon 31 s and 3.3 s). They run two at a time beside the timed files, which
// leave a core idle (read from /proc/stat: 0.4–0.8 of the 2 cores busy with the first three of these beside them one
// at a time, 0.6–1.0 with all four two at a time), instead of taking places among the others.
const WAITING = [
  'tests/durable/kill9.test.ts',
  'tests/durable/redis-takeover.test.ts',
  'packages/server/src/bot-cli-interrupts.test.ts',
  'packages/server/src/saloon.test.ts',
];
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (files) => `^${escape(root)}/(${files.map(escape).join('|')})$`;
const timedPattern = pattern(TIMED);
const waitingPattern = pattern(WAITING);
// Everything else runs several files at once: a browser file alone keeps about 1.3 cores busy (Chromium); two at a
// time keep both cores of a 2-core machine busy (1.5–1.9 of them, read from /proc/stat). As many as the cores
// (TEST_WORKERS overrides it): on 2 cores, 3 at a time took 619–669 s of jest instead of 708 s, but each of two runs
// failed one test whose window ran out on the loaded machine.
const workers = Number(process.env.TEST_WORKERS) || os.availableParallelism();

/**
 * One jest run over the selected files (arguments of `npm test -- …` included): its exit status and report once it
 * ends. `args` go last: jest's array options (--testPathIgnorePatterns) take every plain word after them, a path
 * filter too. Its output is passed on a whole line at a time, so two runs at once do not cut each other's lines.
 */
function jest(name, args) {
  const file = path.join(root, 'test-artifacts', `jest-results-${name}.json`);
  fs.rmSync(file, { force: true });
  const jestBin = path.join(root, 'node_modules/jest/bin/jest.js');
  const child = spawn(process.execPath, [jestBin, '--ci', '--json', `--outputFile=${file}`, '--passWithNoTests', ...process.argv.slice(2), ...args], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${line}\n`));
  return new Promise((resolve) => child.on('close', (code) => resolve({ name, status: code ?? 1, report: readReport(file) })));
}

const started = Date.now();
const phases = [
  // The timed files first, alone among themselves, one at a time, and beside them the waiting files; then the rest,
  // several at once.
  ...(await Promise.all([
    jest('timed', ['--runInBand', `--testPathIgnorePatterns=^(?!${timedPattern})`]),
    jest('waiting', ['--maxWorkers=2', `--testPathIgnorePatterns=^(?!${waitingPattern})`]),
  ])),
  await jest('rest', [`--maxWorkers=${workers}`, `--testPathIgnorePatterns=/node_modules/|${timedPattern}|${waitingPattern}`]),
];
const seconds = Math.round((Date.now() - started) / 1000);

let passed = 0;
let failed = 0;
const failures = [];
for (const p of phases) {
  passed += p.report?.passed ?? 0;
  failed += p.report?.failed ?? 0;
  failures.push(...(p.report?.failures ?? []));
  if (p.status !== 0 && !p.report?.failed) {
    failed += 1;
    failures.push(`jest (${p.name} files) exited with ${p.status}${p.report ? '' : ' and wrote no report'}`);
  }
}
// One report of every file, as before (test-artifacts/jest-results.json: per-file times and results).
fs.writeFileSync(report, JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults: phases.flatMap((p) => p.report?.results ?? []) }));
if (lint !== 0) {
  console.error('The linter or the formatter check found problems (above): npm run lint (npm run format rewrites the layout).');
  failures.push('lint: npm run lint');
  failed += 1;
}
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✕ ${f}`).join('\n')}\n`);
console.log(
  `jest took ${seconds} s (${TIMED.length} timed files one at a time beside ${WAITING.length} waiting files two at a time, then the others ${workers} at a time)`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(phases.every((p) => p.status === 0) && lint === 0 && failed === 0 && passed > 0 ? 0 : 1);
