import type { Platform, SettingsSource } from '../core/types.js';

/** Join path segments with the separator `base` already uses (`\` for Windows-style bases). */
export function joinPath(base: string, ...parts: string[]): string {
  const sep = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  let out = base;
  for (const part of parts) out = out.endsWith(sep) ? out + part : out + sep + part;
  return out;
}

/** The directory part of a path (`/` and `\` both separate). */
export function dirnameOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return '.';
  if (cut === 0) return path.slice(0, 1);
  if (cut === 2 && /^[A-Za-z]:/.test(path)) return path.slice(0, 3);
  return path.slice(0, cut);
}

/** The last segment of a path. */
export function basenameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** Where Claude Code reads managed settings, per platform (Claude Code docs, "Settings files"). @public */
export const MANAGED_SETTINGS_PATHS: Readonly<Record<Platform, string>> = {
  linux: '/etc/claude-code/managed-settings.json',
  macos: '/Library/Application Support/ClaudeCode/managed-settings.json',
  windows: 'C:\\Program Files\\ClaudeCode\\managed-settings.json',
};

/** What {@link settingsRootOf} needs to know. All paths absolute. @public */
export interface SettingsRootContext {
  /** Project root (where the project's settings directory is). */
  projectDir: string;
  /** Original working directory. */
  cwd: string;
  home: string;
  /** Settings directory name, default `.claude` (`.noeta` for noeta). */
  configDirName?: string;
}

/**
 * The directory a `/p` path rule is anchored at under Claude Code's documented anchoring (Claude
 * Code docs, "Configure permissions › Read and Edit"): shared project settings → the project
 * root; local project settings → the original cwd; user settings → `~/.claude` (the settings
 * directory; `$CLAUDE_CONFIG_DIR` when the file was read from there); a `--settings` or managed file → that file's directory; command-line flags,
 * session rules and inline objects → the original cwd. (toolgate's default anchors `/p` at the
 * project root for every source; this is the option.)
 * @public
 */
export function settingsRootOf(source: SettingsSource, ctx: SettingsRootContext): string {
  switch (source.kind) {
    case 'projectSettings':
      return ctx.projectDir;
    case 'localSettings':
      return ctx.cwd;
    case 'userSettings':
      // The folder the file was read from (`$CLAUDE_CONFIG_DIR` when set), else `~/.claude`.
      return source.file !== undefined ? dirnameOf(source.file) : joinPath(ctx.home, ctx.configDirName ?? '.claude');
    case 'managed':
    case 'cli':
    case 'inline':
      return source.file !== undefined ? dirnameOf(source.file) : ctx.cwd;
    case 'session':
      return ctx.cwd;
  }
}
