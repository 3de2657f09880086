import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callAndContext,
  ENVIRONMENT_FACT_NAMES,
  environmentFromAssignments,
  environmentHeaderTemplate,
  evaluate,
  findProject,
  parseEnvironmentHeader,
  PROJECT_UNKNOWN,
  projectFromTranscript,
  readToolEvent,
  sanitizedPath,
  shellFromPath,
  workingDirectoriesFor,
} from '../../../src/evaluate/index.js';
import { policyFromObjects } from '../../../src/settings/index.js';

const policy = (settings: unknown) => policyFromObjects([{ kind: 'projectSettings', file: '/p/.claude/settings.json', settings }]);

describe('readToolEvent', () => {
  it('reads a PreToolUse event with every field it knows, and leaves out what is missing or of the wrong type', () => {
    const r = readToolEvent({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
      cwd: '/p/src',
      session_id: 's1',
      transcript_path: '/h/.claude/projects/-p/s1.jsonl',
      permission_mode: 'acceptEdits',
      agent_id: 'a1',
      agent_type: 'explorer',
      prompt_id: 7,
    });
    expect(r).toEqual({
      ok: true,
      event: {
        kind: 'PreToolUse',
        call: { tool: 'Bash', input: { command: 'ls' }, id: 'toolu_1' },
        cwd: '/p/src',
        sessionId: 's1',
        transcriptPath: '/h/.claude/projects/-p/s1.jsonl',
        mode: 'acceptEdits',
        agent: { id: 'a1', type: 'explorer' },
      },
    });
  });

  it('reads a PermissionRequest, and an event with no name as PreToolUse', () => {
    expect(readToolEvent({ hook_event_name: 'PermissionRequest', tool_name: 'Read', tool_input: {} })).toMatchObject({
      ok: true,
      event: { kind: 'PermissionRequest' },
    });
    expect(readToolEvent({ tool_name: 'Read', tool_input: {} })).toMatchObject({ ok: true, event: { kind: 'PreToolUse' } });
  });

  it.each([
    [null],
    [[1]],
    [{ tool_name: 'Bash' }],
    [{ tool_name: 'Bash', tool_input: 'ls' }],
    [{ tool_name: '', tool_input: {} }],
    [{ hook_event_name: 'Stop', tool_name: 'Bash', tool_input: {} }],
  ])('cannot read %j', (body) => expect(readToolEvent(body).ok).toBe(false));
});

describe('the session project', () => {
  it("names a project's folder as Claude Code does", () => {
    expect(sanitizedPath('/tmp/cc-http-Yizrlk/proj')).toBe('-tmp-cc-http-Yizrlk-proj');
    expect(sanitizedPath('C:\\Users\\me\\my.proj')).toBe('C--Users-me-my-proj');
  });

  it("finds the ancestor of the cwd the transcript's folder names, from a main or a sub-agent transcript", () => {
    expect(projectFromTranscript('/w/proj/src/lib', '/h/.claude/projects/-w-proj/abc.jsonl')).toBe('/w/proj');
    expect(projectFromTranscript('/w/proj', '/h/.claude/projects/-w-proj/abc/subagents/agent-1.jsonl')).toBe('/w/proj');
    expect(projectFromTranscript('/elsewhere', '/h/.claude/projects/-w-proj/abc.jsonl')).toBeUndefined();
    expect(projectFromTranscript('C:\\w\\proj\\src', 'C:\\h\\.claude\\projects\\C--w-proj\\abc.jsonl')).toBe('C:\\w\\proj');
  });

  it('matches a shortened folder name by its first 200 characters, and gives up when two ancestors match', () => {
    const deep = `/${'a'.repeat(230)}`;
    const folder = `${sanitizedPath(deep).slice(0, 200)}-1x9z`;
    expect(projectFromTranscript(deep, `/h/.claude/projects/${folder}/s.jsonl`)).toBe(deep);
    // Below it, the cwd's own name shares those 200 characters: two readings, so no project.
    expect(projectFromTranscript(`${deep}/${'b'.repeat(10)}`, `/h/.claude/projects/${folder}/s.jsonl`)).toBeUndefined();
  });

  it('prefers a declared project, then the transcript, then the deepest trusted project holding the cwd; never the cwd alone', () => {
    const transcriptPath = '/h/.claude/projects/-w-proj/s.jsonl';
    expect(findProject({ cwd: '/w/proj/src', declared: '/w/proj', transcriptPath })).toEqual({
      known: true,
      dir: '/w/proj',
      via: 'declared',
    });
    expect(findProject({ cwd: '/tmp/away', declared: '/w/proj', transcriptPath })).toEqual({
      known: true,
      dir: '/w/proj',
      via: 'declared',
    });
    // The transcript names another ancestor of the cwd: one of the two is stale.
    expect(findProject({ cwd: '/w/proj/src', declared: '/w/other', transcriptPath })).toEqual({ known: false });
    expect(findProject({ cwd: '/w/proj/src', declared: '', transcriptPath })).toEqual({ known: true, dir: '/w/proj', via: 'transcript' });
    expect(findProject({ cwd: '/w/proj/src', trusted: ['/w', '/w/proj/'] })).toEqual({ known: true, dir: '/w/proj', via: 'trusted' });
    expect(findProject({ cwd: '/w/projects', trusted: ['/w/proj'] })).toEqual({ known: false });
    // In an additional directory, a trusted project the transcript names; one it does not name is not the project.
    expect(findProject({ cwd: '/w/shared', transcriptPath, trusted: ['/w/proj'] })).toEqual({
      known: true,
      dir: '/w/proj',
      via: 'trusted',
    });
    expect(findProject({ cwd: '/w/proj/src', transcriptPath: '/h/.claude/projects/-w-other/s.jsonl', trusted: ['/w/proj'] })).toEqual({
      known: false,
    });
    expect(findProject({ cwd: '/tmp/away', transcriptPath: '/tmp/t.jsonl', trusted: ['/w/proj'] })).toEqual({ known: false });
    expect(findProject({ cwd: 'relative', trusted: ['relative'] })).toEqual({ known: false });
  });

  it('property: the transcript names exactly the project for every cwd inside it, and nothing outside it', () => {
    const seg = fc.stringMatching(/^[a-zA-Z0-9._ -]{1,12}$/).filter((s) => s !== '.' && s !== '..');
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 4 }), fc.array(seg, { maxLength: 3 }), (projectParts, below) => {
        const project = `/${projectParts.join('/')}`;
        const transcript = `/h/.claude/projects/${sanitizedPath(project)}/s.jsonl`;
        const cwd = below.length === 0 ? project : `${project}/${below.join('/')}`;
        expect(projectFromTranscript(cwd, transcript)).toBe(project);
      }),
    );
  });
});

describe('environment facts', () => {
  it('round-trips the header Claude Code sends (an empty value is known unset)', () => {
    const sent = environmentHeaderTemplate().replace(/\$\{([A-Za-z_0-9]+)\}/g, (_m, n: string) => (n === 'CDPATH' ? '/home/u:/srv' : ''));
    const facts = parseEnvironmentHeader(sent);
    expect(facts?.values['CDPATH']).toBe('/home/u:/srv');
    expect(facts?.values['RIPGREP_CONFIG_PATH']).toBeNull();
    expect(Object.keys(facts?.values ?? {})).toEqual([...ENVIRONMENT_FACT_NAMES]);
    expect(facts?.complete).toBeUndefined();
  });

  it('property: any values either read back exactly or leave everything unknown', () => {
    const names = ['CDPATH', 'PAGER', 'GIT_DIR'];
    const value = fc.oneof(fc.string(), fc.constantFrom('; PAGER=', '; GIT_DIR=x', 'a; PAGER=b'));
    fc.assert(
      fc.property(fc.tuple(value, value, value), (vals) => {
        const header = names.map((n, i) => `${n}=${vals[i]}`).join('; ');
        const facts = parseEnvironmentHeader(header, names);
        if (facts === undefined) return;
        expect(names.map((n) => facts.values[n])).toEqual(vals.map((v) => (v === '' ? null : v)));
      }),
    );
  });

  it('reads a header sent as the template, uninterpolated, as unknown (rt10s F5)', () => {
    expect(parseEnvironmentHeader(environmentHeaderTemplate())).toBeUndefined();
    // One value left as written is enough: the client did not fill the header in.
    for (const literal of ['${CDPATH}', '$CDPATH']) {
      const sent = environmentHeaderTemplate().replace(/\$\{([A-Za-z_0-9]+)\}/g, (_m, n: string) => (n === 'CDPATH' ? literal : ''));
      expect(parseEnvironmentHeader(sent), literal).toBeUndefined();
    }
    // Another name's text is a value like any other.
    expect(parseEnvironmentHeader('CDPATH=${PAGER}; PAGER=', ['CDPATH', 'PAGER'])?.values['CDPATH']).toBe('${PAGER}');
  });

  it('reads NAME=VALUE assignments and names a malformed one', () => {
    expect(environmentFromAssignments(['CDPATH=/h', 'PAGER='])).toEqual({ values: { CDPATH: '/h', PAGER: null } });
    expect(environmentFromAssignments(['1X=2'])).toBeInstanceOf(Error);
  });
});

describe('the shell', () => {
  it.each([
    ['/bin/zsh', 'zsh'],
    ['/usr/local/bin/bash', 'bash'],
    ['/bin/sh', 'sh'],
    ['zsh-5.9', 'zsh'],
    ['/usr/bin/fish', 'unknown'],
    [undefined, 'unknown'],
    ['/bin/dash', 'unknown'],
  ])('%s is %s', (path, shell) => {
    expect(shellFromPath(path)).toBe(shell);
  });
});

describe('callAndContext', () => {
  const facts = {
    policy: policy({ permissions: { additionalDirectories: ['../shared', '/abs', '~/notes'] } }),
    home: '/h',
    project: { known: true as const, dir: '/w/proj', via: 'declared' as const },
  };

  it('anchors relative paths at the cwd, and keeps the project and its additional directories as the working directories', () => {
    const r = readToolEvent({ tool_name: 'Read', tool_input: { file_path: 'x' }, cwd: '/tmp/away', permission_mode: 'plan' });
    if (!r.ok) throw new Error(r.message);
    const { context } = callAndContext(r.event, facts);
    expect(context).toMatchObject({
      cwd: '/tmp/away',
      projectDir: '/w/proj',
      mode: 'plan',
      shell: 'unknown',
      workingDirectories: ['/w/proj', '/w/proj/../shared', '/abs', '~/notes'],
    });
    expect(context.projectUnknown).toBeUndefined();
  });

  it('a mode override wins over the event; with neither, the policy default', () => {
    const event = { kind: 'call' as const, call: { tool: 'Read', input: {} }, mode: 'plan' };
    expect(callAndContext(event, { ...facts, mode: 'acceptEdits' }).context.mode).toBe('acceptEdits');
    expect(
      callAndContext({ ...event, mode: undefined } as never, { ...facts, policy: policy({ permissions: { defaultMode: 'acceptEdits' } }) })
        .context.mode,
    ).toBe('acceptEdits');
    expect(callAndContext({ ...event, mode: 'nonsense' }, facts).context.mode).toBe('default');
  });

  it('an unknown project has no working directories, and every would-be allow is a plain ask saying how to fix it', () => {
    const unknown = {
      policy: policy({ permissions: { allow: ['Bash(ls *)'], deny: ['Read(./.env)'] } }),
      home: '/h',
      project: { known: false as const },
    };
    expect(workingDirectoriesFor(unknown)).toEqual([]);
    for (const mode of ['default', 'bypassPermissions', 'acceptEdits']) {
      const { call, context } = callAndContext(
        { kind: 'PreToolUse', call: { tool: 'Bash', input: { command: 'ls -la' } }, cwd: '/w/proj', mode },
        unknown,
      );
      const d = evaluate(call, context);
      expect(d).toMatchObject({ behavior: 'ask', askKind: 'plain', reason: { kind: 'projectUnknown' } });
      expect(d.reason.message).toContain(PROJECT_UNKNOWN);
    }
    const dontAsk = callAndContext(
      { kind: 'PreToolUse', call: { tool: 'Bash', input: { command: 'ls' } }, cwd: '/w/proj', mode: 'dontAsk' },
      unknown,
    );
    expect(evaluate(dontAsk.call, dontAsk.context)).toMatchObject({ behavior: 'deny', reason: { kind: 'projectUnknown' } });
    const denied = callAndContext(
      { kind: 'PreToolUse', call: { tool: 'Read', input: { file_path: '/w/proj/.env' } }, cwd: '/w/proj' },
      unknown,
    );
    expect(evaluate(denied.call, denied.context).behavior).toBe('deny');
  });
});
