// Bench-only: Gemini CLI's in-process PolicyEngine (@google/gemini-cli-core 0.61.0) on the same
// policy as toolgate, so `npm run bench` can measure both in one run. Install it with
// `npm ci --prefix bench/peer`; toolgate's package does not depend on it.
//
// bench/policy-200.json's 180 Claude Code rules become 200 rules in Gemini's policy format: a
// `Bash(prefix *)` rule is a `run_shell_command` rule with `commandPrefix`; `Read(glob)` is a
// `read_file` rule whose `argsPattern` matches the absolute path; `Edit(glob)` is two rules
// (`replace` and `write_file`). Priorities follow Claude Code's order: deny over ask over allow.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DECISION = { allow: 'allow', ask: 'ask_user', deny: 'deny' };
const PRIORITY = { allow: 100, ask: 200, deny: 300 };

/**
 * A Claude Code path glob (`./src/**`, `**\/*.md`, `./.env.*`) as a regex over the stringified
 * args' `file_path`: `**` any characters, `*` any but `/`; a glob ending in `/**` is an open
 * prefix, any other is matched to the closing quote. (No nested quantifier: the peer refuses them.)
 */
function pathPattern(glob, cwd) {
  const open = glob.endsWith('/**');
  const body = open ? glob.slice(0, -2) : glob;
  const abs = body.startsWith('./') ? `${cwd}/${body.slice(2)}` : body.startsWith('**/') ? body : `${cwd}/${body}`;
  let re = '';
  for (let i = 0; i < abs.length; i++) {
    const c = abs[i];
    if (c === '*' && abs[i + 1] === '*') {
      re += '[^"]*';
      i += 1;
    } else if (c === '*') re += '[^"/]*';
    else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return `"file_path":"${abs.startsWith('**') ? '' : ''}${re}${open ? '' : '"'}`;
}

/** The peer's TOML policy for a Claude Code settings object. */
export function toToml(settings, cwd) {
  const out = [];
  for (const list of ['deny', 'ask', 'allow']) {
    for (const text of settings.permissions[list] ?? []) {
      const m = /^(\w+)\((.*)\)$/.exec(text);
      if (!m) throw new Error(`cannot translate ${text}`);
      const [, tool, spec] = m;
      const head = `[[rule]]\ndecision = "${DECISION[list]}"\npriority = ${PRIORITY[list]}\n`;
      if (tool === 'Bash') out.push(`${head}toolName = "run_shell_command"\ncommandPrefix = ${JSON.stringify(spec.replace(/ \*$/, ''))}\n`);
      else if (tool === 'Read') out.push(`${head}toolName = "read_file"\nargsPattern = ${JSON.stringify(pathPattern(spec, cwd))}\n`);
      else if (tool === 'Edit') for (const t of ['replace', 'write_file']) out.push(`${head}toolName = "${t}"\nargsPattern = ${JSON.stringify(pathPattern(spec, cwd))}\n`);
      else throw new Error(`cannot translate ${text}`);
    }
  }
  return out.join('\n');
}

/**
 * Load the peer and build its engine on the policy. Returns `check(call)` for toolgate-shaped
 * calls (Read, Bash), resolving to `allow` / `ask` / `deny`, and the rule count; `undefined`
 * when the peer is not installed.
 */
export async function loadPeer(policyFile, cwd) {
  let core;
  const started = performance.now();
  try {
    core = await import('@google/gemini-cli-core');
  } catch (e) {
    return { missing: `${e.code ?? ''} ${e.message.split('\n')[0]}` };
  }
  const importMs = performance.now() - started;
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-peer-'));
  const file = join(dir, 'policy.toml');
  writeFileSync(file, toToml(JSON.parse(readFileSync(policyFile, 'utf8')), cwd));
  const loaded = await core.loadPoliciesFromToml([file], () => 2);
  if (loaded.errors.length > 0) throw new Error(`peer policy: ${loaded.errors.map((e) => e.message ?? e.details).join('; ')}`);
  const engine = new core.PolicyEngine({ rules: loaded.rules, defaultDecision: core.PolicyDecision.ASK_USER, approvalMode: core.ApprovalMode.DEFAULT });
  // The peer reports every check through console.debug; Gemini CLI's console patcher drops those
  // lines unless its debug mode is on, so they are dropped here too (the message is still built).
  console.debug = () => {};
  const words = { allow: 'allow', ask_user: 'ask', deny: 'deny' };
  const check = async (call) => {
    const fc = call.tool === 'Bash' ? { name: 'run_shell_command', args: { command: call.input.command } } : { name: 'read_file', args: { file_path: call.input.file_path } };
    const r = await engine.check(fc, undefined);
    return words[r.decision] ?? r.decision;
  };
  return { check, rules: loaded.rules.length, importMs, version: JSON.parse(readFileSync(new URL('./node_modules/@google/gemini-cli-core/package.json', import.meta.url), 'utf8')).version };
}
