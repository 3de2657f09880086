import { sarifLog, sarifUri } from '../core/sarif.js';
import { escapeBidi } from '../core/text.js';
import { LINT_CODES } from './codes.js';
import type { LintReport } from './types.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/**
 * A lint report as SARIF 2.1.0 (for code-scanning UIs): one run, one rule per `TG_LINT_*` code
 * used, one result per finding with its file, line and column. `baseUri`, when given, makes
 * file locations relative to it.
 * @public
 */
export function lintReportToSarif(report: LintReport, options: { toolVersion?: string; baseUri?: string } = {}): Record<string, unknown> {
  const codes = [...new Set(report.diagnostics.map((d) => d.code))].sort();
  const rules = codes.map((code) => ({
    id: code,
    shortDescription: { text: LINT_CODES[code].meaning },
    defaultConfiguration: { level: LEVEL[LINT_CODES[code].severity] },
  }));
  return sarifLog(
    rules,
    report.diagnostics.map((d) => ({
      ruleId: d.code,
      ruleIndex: codes.indexOf(d.code),
      level: LEVEL[d.severity],
      message: { text: d.message },
      ...(d.file !== undefined
        ? {
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: sarifUri(d.file, options.baseUri) },
                  ...(d.line !== undefined
                    ? { region: { startLine: d.line, ...(d.column !== undefined ? { startColumn: d.column } : {}) } }
                    : {}),
                },
                ...(d.path !== undefined ? { logicalLocations: [{ fullyQualifiedName: d.path.map(String).join('.') }] } : {}),
              },
            ],
          }
        : {}),
      ...(d.related !== undefined ? { properties: { related: d.related } } : {}),
    })),
    options.toolVersion,
  );
}

/** The report as `file:line:col: severity: message [code]` lines, and a summary line. @public */
export function formatLintReport(report: LintReport): string {
  const lines = report.diagnostics.map((d) => {
    const where = d.file !== undefined ? `${d.file}${d.line !== undefined ? `:${d.line}:${d.column ?? 1}` : ''}: ` : '';
    const path =
      d.path !== undefined && d.path.length > 0
        ? ` (at ${d.path
            .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
            .join('')
            .replace(/^\./, '')})`
        : '';
    return `${where}${d.severity}: ${d.message}${path} [${d.code}]`;
  });
  lines.push(
    `${report.files.length} file${report.files.length === 1 ? '' : 's'}: ${report.errors} error${report.errors === 1 ? '' : 's'}, ${report.warnings} warning${report.warnings === 1 ? '' : 's'}, ${report.infos} info`,
  );
  return escapeBidi(lines.join('\n'));
}
