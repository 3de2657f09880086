import type { ToolCall } from '../core/types.js';
import { probesFor } from '../lint/logic.js';
import { normalizePath } from '../paths/index.js';
import { samplesOf, type SampleEnv } from '../lint/samples.js';
import type { Rule } from '../rules/types.js';
import type { Policy } from '../settings/types.js';

/** The file tools a path rule's path is also tried with: a rule on one may shadow or open another. */
const PATH_TOOLS = ['Read', 'Edit', 'Write'] as const;

/** A path as one shell word. */
function shellQuote(path: string): string {
  return /^[\w@%+=:,./~-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** The file a path call names, if it names one. */
function filePath(call: ToolCall): string | undefined {
  const p = call.input['file_path'];
  return typeof p === 'string' ? p : undefined;
}

/**
 * Calls at and just past a rule's edge: its own samples (each `*` filled with nothing, a word,
 * two words), for a command rule the prefix plus one word and the risky commands a broad rule
 * might let through, for a path rule the path plus one segment and secret-looking files beside
 * it, each under every file tool, for a domain rule a sub-domain.
 */
export function callsOfRule(rule: Rule, env: SampleEnv): ToolCall[] {
  const out: ToolCall[] = [...(samplesOf(rule, env) ?? [])];
  if (rule.tool === 'Bash' || rule.tool === 'Monitor') {
    const spec = rule.family === 'bare' ? undefined : rule.specifier;
    for (const command of probesFor(spec)) out.push({ tool: rule.tool, input: { command } });
    if (spec !== undefined) {
      const literal = spec
        .replace(/:\*$/, '')
        .replace(/\s*\*.*$/, '')
        .trim();
      if (literal !== '')
        out.push(
          { tool: rule.tool, input: { command: `${literal} extra` } },
          { tool: rule.tool, input: { command: `${literal} && rm -rf src` } },
        );
    }
  } else if (rule.family === 'path') {
    const paths = new Set<string>();
    for (const s of samplesOf(rule, env) ?? []) {
      const p = filePath(s);
      if (p === undefined) continue;
      paths.add(p);
      paths.add(`${p}/x`);
      const dir = p.replace(/\/[^/]*$/, '');
      for (const name of ['.env', 'secrets.json', 'id_rsa']) paths.add(`${dir}/${name}`);
    }
    for (const file_path of paths) for (const tool of PATH_TOOLS) out.push({ tool, input: { file_path } });
    // A path rule also bears on shell commands that read or write the path (`cat`, `touch`): an
    // ask on Read(src/**) widened to a bare Read no longer holds `cat src/a.ts`.
    for (const file_path of paths)
      for (const verb of ['cat', 'touch']) out.push({ tool: 'Bash', input: { command: `${verb} ${shellQuote(file_path)}` } });
  } else if (rule.family === 'domain' && rule.domain !== undefined) {
    const host = rule.domain.replace(/^\*\./, '');
    out.push({ tool: 'WebFetch', input: { url: `https://${host}/` } }, { tool: 'WebFetch', input: { url: `https://sub.${host}/` } });
  } else if (rule.family === 'bare' && (rule.tool === 'Read' || rule.tool === 'Edit' || rule.tool === 'Write')) {
    // A bare rule covers an ordinary file outside the working directories too, which a mode asks for.
    for (const file_path of [`${env.cwd}/.env`, `${env.home}/.ssh/id_rsa`, '/etc/passwd', `${env.home}/notes.md`])
      out.push({ tool: rule.tool, input: { file_path } });
  }
  return out;
}

/**
 * Calls a mode or a setting decides when no rule does: a file read, edit and write inside and
 * outside the project, commands that read, create, move and remove files, a network command and
 * a fetch. A changed `defaultMode` (to `acceptEdits`, `bypassPermissions`) or working
 * directories widen these even when no rule changed.
 */
export function callsOfModes(env: SampleEnv): ToolCall[] {
  const files = [`${env.cwd}/src/a.ts`, `${env.cwd}/.env`, `${env.cwd}/README.md`, `${env.home}/.ssh/id_rsa`, '/etc/hosts'];
  const commands = [
    'ls',
    'cat README.md',
    'mkdir x',
    'touch x',
    'cp README.md x',
    'mv x y',
    'rm x',
    'rm -rf src',
    'sed -i s/a/b/ README.md',
    'git status',
    'npm test',
    'curl https://example.com/',
  ];
  return [
    ...files.flatMap((file_path) => PATH_TOOLS.map((tool): ToolCall => ({ tool, input: { file_path } }))),
    ...commands.map((command): ToolCall => ({ tool: 'Bash', input: { command } })),
    { tool: 'WebFetch', input: { url: 'https://example.com/' } },
  ];
}

/**
 * Calls a policy's settings other than its rules decide: inside each of its
 * `additionalDirectories` (a file read, edit and write, a listing, a read and a removal by shell),
 * and for each `sandbox.credentials` variable it denies, a command that expands or prints it.
 * Adding a directory or dropping a credential widens these even when no rule changed.
 */
export function callsOfSettings(policy: Policy, env: SampleEnv): ToolCall[] {
  const out: ToolCall[] = [];
  for (const { value } of policy.additionalDirectories) {
    const dir = normalizePath(value, { cwd: env.cwd, home: env.home, platform: 'linux' }).replace(/\/+$/, '');
    for (const tool of PATH_TOOLS) out.push({ tool, input: { file_path: `${dir}/x.txt` } });
    for (const command of [`ls ${dir}`, `cat ${dir}/x.txt`, `rm ${dir}/x.txt`]) out.push({ tool: 'Bash', input: { command } });
  }
  for (const name of policy.sandbox?.credentialVariables ?? []) {
    for (const command of [`echo $${name}`, `printenv ${name}`]) out.push({ tool: 'Bash', input: { command } });
  }
  return out;
}

/**
 * Every rule a policy decides with: its permission rules, each sub-agent type's rules
 * (`$toolgate.agents`) and the Read deny rules `sandbox.credentials` files give.
 */
function rulesOf(policy: Policy): Rule[] {
  return [
    ...policy.rules.map((c) => c.rule),
    ...Object.values(policy.agents ?? {}).flatMap((a) => a.rules.map((c) => c.rule)),
    ...(policy.sandbox?.credentialRules ?? []).map((c) => c.rule),
  ];
}

/**
 * The calls generated from the given policies: those a mode decides ({@link callsOfModes}),
 * those of every rule ({@link callsOfRule}) — permission rules, sub-agent rules and credential
 * rules alike — and those of their other settings ({@link callsOfSettings}), without repeats: a
 * widening by a changed rule or setting is found even when no shipped call touches it.
 */
export function callsOfPolicies(policies: readonly Policy[], env: SampleEnv): ToolCall[] {
  const seen = new Set<string>();
  const out: ToolCall[] = [];
  const add = (call: ToolCall) => {
    const key = JSON.stringify(call);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(call);
  };
  for (const call of callsOfModes(env)) add(call);
  for (const policy of policies) {
    for (const rule of rulesOf(policy)) for (const call of callsOfRule(rule, env)) add(call);
    for (const call of callsOfSettings(policy, env)) add(call);
  }
  return out;
}
