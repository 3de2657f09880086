import { escapeBidi } from '../core/text.js';
import type { Diagnostic } from '../core/types.js';
import type { PolicyTestReport } from './types.js';

/** `FILE:LINE:COLUMN` (where an editor can jump to) when the line is known, else `FILE: json.path`. */
function where(d: Diagnostic & { line?: number; column?: number }): string {
  if (d.file !== undefined && d.line !== undefined) return `${d.file}:${d.line}:${d.column ?? 1}`;
  const path =
    d.path && d.path.length > 0
      ? d.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
          .join('')
          .replace(/^\./, '')
      : '';
  return [d.file, path].filter((x) => x !== undefined && x !== '').join(': ');
}

function indent(text: string, pad: string): string {
  return text
    .split('\n')
    .map((l) => (l === '' ? l : pad + l))
    .join('\n');
}

/**
 * A readable report of policy test runs: one line per case (`✓` / `✗`), and for each failure
 * what differed and the full trace of the decision. Ends with a `N passed, N failed` line.
 * @public
 */
export function formatPolicyTestReport(reports: readonly PolicyTestReport[], options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const r of reports) {
    passed += r.passed;
    failed += r.failed;
    lines.push(`${r.failed === 0 ? 'PASS' : 'FAIL'} ${r.name}${r.file !== undefined && r.name !== r.file ? `  (${r.file})` : ''}`);
    for (const e of r.errors) lines.push(`  ✗ ${e.message} [${e.code}]${where(e) ? `\n      at ${where(e)}` : ''}`);
    for (const c of r.cases) {
      if (c.status === 'pass') {
        if (options.verbose !== false) lines.push(`  ✓ ${c.name} → ${c.expected.behavior}`);
        continue;
      }
      lines.push(`  ✗ ${c.name} → expected ${c.expected.behavior}`);
      if (c.message !== undefined) lines.push(indent(c.message, '      '));
    }
    for (const e of r.examples) {
      if (e.status === 'pass') {
        if (options.verbose !== false) lines.push(`  ✓ example: ${e.message}`);
        continue;
      }
      lines.push(`  ✗ example: ${e.message}${e.file !== undefined ? `\n      at ${e.file}: ${e.path.join('.')}` : ''}`);
    }
    lines.push('');
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return escapeBidi(lines.join('\n'));
}

function xml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // XML 1.0 forbids most control characters even escaped.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
  );
}

/**
 * The runs as JUnit XML (one `<testsuite>` per test file, one `<testcase>` per case and per
 * inline example; file errors are `<testcase>`s with an `<error>`). Times in seconds.
 * @public
 */
export function policyTestJUnit(reports: readonly PolicyTestReport[]): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = reports.reduce((n, r) => n + r.cases.length + r.examples.length + r.errors.length, 0);
  const failures = reports.reduce((n, r) => n + r.failed, 0);
  out.push(`<testsuites name="toolgate policy tests" tests="${total}" failures="${failures}">`);
  for (const r of reports) {
    const tests = r.cases.length + r.examples.length + r.errors.length;
    out.push(
      `  <testsuite name="${xml(r.name)}" tests="${tests}" failures="${r.failed}" time="${(r.durationMs / 1000).toFixed(3)}"${r.file !== undefined ? ` file="${xml(r.file)}"` : ''}>`,
    );
    const classname = xml(r.name);
    for (const e of r.errors) {
      out.push(
        `    <testcase classname="${classname}" name="${xml(e.code)}"><error message="${xml(e.message)}">${xml(`${e.message}${where(e) ? ` at ${where(e)}` : ''}`)}</error></testcase>`,
      );
    }
    for (const c of r.cases) {
      const name = xml(`${c.name} → ${c.expected.behavior}`);
      if (c.status === 'pass') out.push(`    <testcase classname="${classname}" name="${name}"/>`);
      else {
        const first = (c.message ?? '').split('\n')[0] ?? '';
        const tag = c.status === 'error' ? 'error' : 'failure';
        out.push(
          `    <testcase classname="${classname}" name="${name}"><${tag} message="${xml(first)}">${xml(c.message ?? '')}</${tag}></testcase>`,
        );
      }
    }
    for (const e of r.examples) {
      const name = xml(`example ${e.kind} ${e.rule} ${e.call !== undefined ? JSON.stringify(e.call.input) : e.path.join('.')}`);
      if (e.status === 'pass') out.push(`    <testcase classname="${classname}" name="${name}"/>`);
      else
        out.push(
          `    <testcase classname="${classname}" name="${name}"><failure message="${xml(e.message)}">${xml(e.message)}</failure></testcase>`,
        );
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}
