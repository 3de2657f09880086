import type { FileSystem } from '../core/ports.js';
import type { SettingsSource } from '../core/types.js';
import { SETTINGS_CODES as C } from './codes.js';
import { decodeUtf8 } from './json.js';
import { BROKEN_CONSEQUENCE, parseSettingsFile } from './parse.js';
import type { ParsedSettingsFile, SettingsDiagnostic } from './types.js';

/** Result of {@link readSettingsText}. @public */
export type SettingsText =
  | { kind: 'missing' }
  | { kind: 'text'; text: string }
  | { kind: 'unreadable'; code: 'TG_SETTINGS_READ' | 'TG_SETTINGS_ENCODING'; message: string; line?: number; column?: number };

/**
 * Read a settings file's text through the {@link FileSystem} port. A path that does not exist is
 * `missing`; one that exists but is a directory, cannot be opened, is a symbolic link to nothing,
 * or is not UTF-8 (UTF-16 included) is `unreadable`, with a message that says why. Never throws.
 * @public
 */
export async function readSettingsText(fs: FileSystem, file: string): Promise<SettingsText> {
  let bytes: Uint8Array;
  try {
    const stat = await fs.stat(file);
    if (stat === undefined) return { kind: 'missing' };
    if (stat.kind === 'directory') return { kind: 'unreadable', code: C.read, message: 'it is a directory, not a file' };
    bytes = await fs.readFile(file);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why =
      code === 'ENOENT'
        ? 'it is a symbolic link to a file that does not exist'
        : code === 'EISDIR'
          ? 'it is (a link to) a directory, not a file'
          : code === 'EACCES' || code === 'EPERM'
            ? `permission denied (${code})`
            : typeof code === 'string'
              ? `${code}: ${(error as Error).message}`
              : String(error);
    return { kind: 'unreadable', code: C.read, message: why };
  }
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) return { kind: 'text', text: decoded.text };
  const { line, column } = byteLineColumn(bytes, decoded.offset);
  return { kind: 'unreadable', code: C.encoding, message: decoded.message, line, column };
}

function byteLineColumn(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    if (bytes[i] === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/**
 * The settings of a file that exists but cannot be read: nothing, marked broken, with one error
 * diagnostic naming the file and why.
 * @public
 */
export function unreadableSettings(source: SettingsSource, problem: Extract<SettingsText, { kind: 'unreadable' }>): ParsedSettingsFile {
  const where = problem.line !== undefined ? ` at line ${problem.line}, column ${problem.column}` : '';
  const why = `cannot read the file${where}: ${problem.message}`;
  const message = `${why}; ${BROKEN_CONSEQUENCE}`;
  const diagnostic: SettingsDiagnostic = { code: problem.code, severity: 'error', message, path: [] };
  if (source.file !== undefined) diagnostic.file = source.file;
  if (problem.line !== undefined) diagnostic.line = problem.line;
  if (problem.column !== undefined) diagnostic.column = problem.column;
  return {
    settings: {
      source,
      json: {},
      rules: [],
      additionalDirectories: [],
      hooks: [],
      broken: {
        source,
        code: problem.code,
        message: why,
        ...(problem.line !== undefined ? { line: problem.line } : {}),
        ...(problem.column !== undefined ? { column: problem.column } : {}),
      },
    },
    diagnostics: [diagnostic],
  };
}

/**
 * Read and check one settings file: `undefined` when it does not exist; otherwise its settings and
 * diagnostics — a file that cannot be read or is not a JSON object comes back marked broken (see
 * {@link parseSettingsFile}). Never throws.
 * @public
 */
export async function readSettingsFile(fs: FileSystem, source: SettingsSource & { file: string }): Promise<ParsedSettingsFile | undefined> {
  const read = await readSettingsText(fs, source.file);
  if (read.kind === 'missing') return undefined;
  if (read.kind === 'unreadable') return unreadableSettings(source, read);
  return parseSettingsFile(read.text, source);
}
