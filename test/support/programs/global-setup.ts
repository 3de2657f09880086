/**
 * globalSetup of the `unit` test project: builds the programs test files run as processes
 * (test/support/programs/build.ts) and the examples run built once per run into a temporary directory,
 * and removes it after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildExamples, buildPrograms, type ProgramsProvided } from './build.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-test-programs-'));
  const programs: ProgramsProvided = await buildPrograms(project.config.root, dir);
  project.provide('programs', programs);
  project.provide('examples', await buildExamples(project.config.root, dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
