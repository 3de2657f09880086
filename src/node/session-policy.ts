import type { ProjectFinding } from '../evaluate/door/index.js';
import { loadSettings, type Policy } from '../settings/index.js';
import { nodeFileSystem } from './fs.js';
import { managedOf, type SessionPolicyOptions } from './session-files.js';

export type { SessionPolicyOptions } from './session-files.js';

/**
 * The policy of a session (toolgate docs, "The session's project"): for a known project its user,
 * project, local and managed settings; for an unknown one the user and managed settings only —
 * no project's files are read, since no one can say which project's apply. Explicit settings
 * files and inline objects load in both cases.
 * @public
 */
export async function loadSessionPolicy(project: ProjectFinding, o: SessionPolicyOptions): Promise<Policy> {
  const dir = project.known ? project.dir : o.home;
  return loadSettings({
    fs: o.fs ?? nodeFileSystem(),
    cwd: dir,
    home: o.home,
    ...(o.userSettingsDir !== undefined ? { userSettingsDir: o.userSettingsDir } : {}),
    projectDir: dir,
    managedPaths: managedOf(o),
    ...(project.known ? {} : { settingSources: ['user', 'managed'] as const }),
    ...(o.settingsFiles !== undefined ? { settingsFiles: o.settingsFiles } : {}),
    ...(o.inline !== undefined ? { inline: o.inline } : {}),
    ...(o.builtIn !== undefined ? { builtIn: o.builtIn } : {}),
    ...(o.isProjectTrusted !== undefined ? { isProjectTrusted: o.isProjectTrusted } : {}),
  });
}
