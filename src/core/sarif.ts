/**
 * The SARIF 2.1.0 envelope toolgate's reports share (lint, policy diff): one run whose driver is
 * toolgate, with the rules and results each report builds.
 */

/**
 * A SARIF log of one run by toolgate: `rules` are the driver's rule descriptors, `results` refer to
 * them by `ruleId` and `ruleIndex`.
 * @internal
 */
export function sarifLog(
  rules: readonly Record<string, unknown>[],
  results: readonly Record<string, unknown>[],
  toolVersion?: string,
): Record<string, unknown> {
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'toolgate',
            informationUri: 'https://github.com/toolgate/toolgate',
            ...(toolVersion !== undefined ? { version: toolVersion } : {}),
            rules,
          },
        },
        results,
      },
    ],
  };
}

/**
 * A file's URI for a SARIF location: relative to `baseUri` when it lies under it, else as given.
 * @internal
 */
export function sarifUri(file: string, baseUri: string | undefined): string {
  const base = baseUri?.replace(/\/?$/, '/');
  return base !== undefined && file.startsWith(base) ? file.slice(base.length) : file;
}
