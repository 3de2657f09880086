/**
 * The secret shapes the approval page masks: values whose form says what they are (a fixed
 * prefix, a PEM private key block that parses as one), never a value judged by its length, its
 * alphabet or a name beside it. A long path, branch name or commit hash is shown as written; the
 * audit log keeps its own, broader redaction (`redactString`).
 * @packageDocumentation
 */

/** One kind of secret the page masks. @public */
export interface SecretShape {
  /** Stable id (`github-token`). */
  id: string;
  /** What a person is told was masked (`a GitHub token`). */
  label: string;
  /**
   * Matches the whole secret (global, sticky-free). Group `keep` (when present) is shown; the
   * rest of the match is masked.
   */
  pattern: RegExp;
  /** Values of this shape, as the property tests and the docs use them. */
  examples: readonly string[];
}

// No letter or digit just before or after: the secret is a whole run, not part of a longer word.
const B = '(?<![A-Za-z0-9])';
const E = '(?![A-Za-z0-9])';

const shape = (id: string, label: string, source: string, examples: readonly string[]): SecretShape => ({
  id,
  label,
  pattern: new RegExp(source, 'g'),
  examples,
});

/**
 * A PEM private key (RFC 7468): a `BEGIN … PRIVATE KEY` line, base64 lines of 40 to 76
 * characters (the last may be shorter), padding only at the very end, and the `END` line with the
 * same label. The BEGIN and END lines stay visible; the body is masked. A "PEM" whose
 * body is not base64 (`-----BEGIN NOTE-----` before a command) is no PEM and is shown.
 */
const PEM = `(?<keep>-----BEGIN (?<label>(?:[A-Z0-9]+ )*PRIVATE KEY)-----\\n)(?:[A-Za-z0-9+/]{40,76}\\n)*[A-Za-z0-9+/]{1,76}={0,2}(?=\\n-----END \\k<label>-----)`;

/** Every shape the page masks, in the order they are tried. @public */
export const SECRET_SHAPES: readonly SecretShape[] = [
  shape('pem-private-key', 'a PEM private key', PEM, [
    '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\nVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n-----END RSA PRIVATE KEY-----',
  ]),
  shape('jwt', 'a JSON Web Token', `${B}(?<keep>eyJ)[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{16,}${E}`, [
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ]),
  shape('aws-access-key-id', 'an AWS access key id', `${B}(?<keep>AKIA|ASIA)[0-9A-Z]{16}${E}`, ['AKIAIOSFODNN7EXAMPLE']),
  shape('github-token', 'a GitHub token', `${B}(?<keep>gh[pousr]_)[A-Za-z0-9]{36,251}${E}`, ['ghp_0123456789abcdefghijklmnopqrstuvwxyzAB']),
  shape('github-fine-grained-token', 'a GitHub fine-grained token', `${B}(?<keep>github_pat_)[A-Za-z0-9_]{22,255}${E}`, [
    'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcd',
  ]),
  shape('gitlab-token', 'a GitLab token', `${B}(?<keep>glpat-)[A-Za-z0-9_-]{20,}${E}`, ['glpat-xYz0123456789abcdEFGH']),
  shape('anthropic-key', 'an Anthropic API key', `${B}(?<keep>sk-ant-[a-z]{3,6}\\d{2}-)[A-Za-z0-9_-]{40,}${E}`, [
    'sk-ant-api03-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-0123456789abcdefghij-AAAA',
  ]),
  shape('openai-project-key', 'an OpenAI API key', `${B}(?<keep>sk-(?:proj|svcacct|admin)-)[A-Za-z0-9_-]{40,}${E}`, [
    'sk-proj-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRST_uvwxyz-0123',
  ]),
  shape('openai-key', 'an OpenAI API key', `${B}(?<keep>sk-)[A-Za-z0-9]{48}(?![A-Za-z0-9_-])`, [
    'sk-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL',
  ]),
  shape('slack-token', 'a Slack token', `${B}(?<keep>xox[abposr]-)\\d+-[0-9A-Za-z-]{8,}${E}`, [
    'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  ]),
  shape('stripe-key', 'a Stripe secret key', `${B}(?<keep>(?:sk|rk)_(?:live|test)_)[0-9A-Za-z]{16,}${E}`, [
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  ]),
  shape('google-api-key', 'a Google API key', `${B}(?<keep>AIza)[0-9A-Za-z_-]{35}${E}`, ['AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe']),
  shape('npm-token', 'an npm token', `${B}(?<keep>npm_)[A-Za-z0-9]{36}${E}`, ['npm_0123456789abcdefghijklmnopqrstuvwxyz']),
  shape('huggingface-token', 'a Hugging Face token', `${B}(?<keep>hf_)[A-Za-z0-9]{34,}${E}`, ['hf_0123456789abcdefghijklmnopqrstuvwx']),
  shape('pypi-token', 'a PyPI token', `${B}(?<keep>pypi-)AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}${E}`, [
    'pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMAACKlsz',
  ]),
  shape('sendgrid-key', 'a SendGrid API key', `${B}(?<keep>SG\\.)[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${E}`, [
    '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',
  ]),
  shape('age-secret-key', 'an age secret key', `${B}(?<keep>AGE-SECRET-KEY-1)[0-9A-Z]{58}${E}`, [
    'AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ',
  ]),
  // The password of `scheme://user:password@host`: only characters no shell gives a meaning to.
  shape(
    'url-password',
    'a password in a URL',
    `(?<keep>${B}[a-z][a-z0-9+.-]*://[A-Za-z0-9._~%-]+:)[A-Za-z0-9._~%!+=-]+(?=@[A-Za-z0-9.-])`,
    ['https://deploy:s3cr3t-Pa55@example.com'],
  ),
  // The credentials of an `Authorization` header (`Bearer …`, `Basic …`, `token …`). Unlike the
  // prefixed shapes the credential is free-form, so it is the one shape whose value could be
  // anything the agent wants hidden: it never begins with `-` or `.` (an option, `-T/path`,
  // `--post-file=…`, a relative path) and never holds a `/` (a path a program reads or runs) — the
  // whole run of such characters is then shown, never a part of it. A base64 credential that holds
  // a `/` is shown as written: showing a secret costs less than hiding what runs (red team rt10s
  // F1). Where the header must stand is checked by the masking (`headerInOneWord`, `quotedAlone`).
  shape(
    'authorization-header',
    'the credentials of an Authorization header',
    `(?<keep>\\b(?:[Aa]uthorization|AUTHORIZATION|[Pp]roxy-[Aa]uthorization): ?(?:Bearer|Basic|Token|token|bearer|basic) )[A-Za-z0-9_~+=][A-Za-z0-9._~+=-]{7,}(?![A-Za-z0-9._~+/=-])`,
    ['Authorization: Bearer abcdefgh12345678', 'Authorization: Basic ZGVwbG95OnMzY3IzdA=='],
  ),
];
