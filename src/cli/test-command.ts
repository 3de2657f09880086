import { Command } from 'commander';
import { readdir, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { nodeFileSystem } from '../node/index.js';
import type { PolicyTestReport } from '../policy-test/index.js';

interface TestFlags {
  json?: boolean;
  junit?: string;
  quiet?: boolean;
  home?: string;
}

const SUFFIX = '.policy-test.json';
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist']);

/** Every `*.policy-test.json` under a path (the path itself when it is a file), sorted. */
export async function findPolicyTests(path: string): Promise<string[]> {
  const s = await stat(path);
  if (!s.isDirectory()) return [path];
  const out: string[] = [];
  for (const name of (await readdir(path)).sort()) {
    const full = join(path, name);
    const st = await stat(full);
    if (st.isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...(await findPolicyTests(full)));
    } else if (name.endsWith(SUFFIX)) out.push(full);
  }
  return out;
}

/**
 * `toolgate test [paths…]`: run policy test files (`*.policy-test.json`, found under directories;
 * default the current directory). Prints a readable report (or `--json`), writes JUnit XML with
 * `--junit FILE`; exits 1 when a case fails, 2 when no test file is found or a path is missing.
 */
export function registerTestCommand(program: Command): Command {
  return program
    .command('test')
    .description('run policy test files (*.policy-test.json): calls and the decisions the policy must give them')
    .argument('[paths...]', 'test files or directories to search (default: .)')
    .option('--json', 'print the reports as JSON')
    .option('--junit <file>', 'also write JUnit XML to this file')
    .option('-q, --quiet', 'print only failures and the summary')
    .option('--home <dir>', 'home directory for test files that name none (default /home/user)')
    .action(async (paths: string[], flags: TestFlags) => {
      const files: string[] = [];
      for (const p of paths.length > 0 ? paths : ['.']) {
        try {
          files.push(...(await findPolicyTests(resolve(p))));
        } catch (e) {
          process.stderr.write(`toolgate: ${p}: ${(e as Error).message}\n`);
          process.exitCode = 2;
          return;
        }
      }
      if (files.length === 0) {
        process.stderr.write(`toolgate: no ${SUFFIX} files found\n`);
        process.exitCode = 2;
        return;
      }
      // Loaded when `test` runs: its schema validator (ajv) is a sizeable part of every other command's start otherwise.
      const { formatPolicyTestReport, policyTestJUnit, runPolicyTests } = await import('../policy-test/index.js');
      const fs = nodeFileSystem();
      const reports: PolicyTestReport[] = [];
      for (const file of files)
        reports.push(await runPolicyTests(file, { fs, ...(flags.home !== undefined ? { home: resolve(flags.home) } : {}) }));
      if (flags.junit !== undefined) await writeFile(flags.junit, policyTestJUnit(reports));
      if (flags.json) process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
      else process.stdout.write(`${formatPolicyTestReport(reports, { verbose: flags.quiet !== true })}\n`);
      process.exitCode = reports.some((r) => r.failed > 0) ? 1 : 0;
    });
}
