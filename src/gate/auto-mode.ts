import type { AutoModeConfig } from '../settings/index.js';
import type { AutoModeGuidance } from './types.js';

/**
 * toolgate's built-in auto-mode guidance: what the classifier blocks (`soft_deny`) and what it lets
 * run (`allow`). Written for toolgate after the classes of action Claude Code's docs ("Configure
 * auto mode") and the toolgate spec name; hosts replace a list in settings (`autoMode.allow`,
 * `autoMode.soft_deny`) and put `"$defaults"` where these entries belong.
 * @public
 */
export const DEFAULT_AUTO_MODE_GUIDANCE: Readonly<AutoModeGuidance> = Object.freeze({
  allow: [
    'Reading, searching and listing files inside the working directories.',
    'Creating, editing and deleting ordinary project files inside the working directories (not protected configuration).',
    "Running the project's own build, lint, format and test commands.",
    'Installing dependencies the project already declares (npm ci, pip install -r requirements.txt, cargo fetch).',
    'Read-only HTTP requests that send no project data (fetching documentation, checking a URL).',
    'Local git operations that keep history: status, diff, add, commit, branch, switch, stash; pushing to the branches of the repository being worked on.',
  ],
  soft_deny: [
    'Downloading code and running it (curl … | sh, running a fetched script or binary, installing packages the project does not declare).',
    'Sending data outside the working directories and their git remotes (uploads, pastes, posting files or secrets to any service).',
    'Deploys, releases, publishing packages and database migrations.',
    'Mass or irreversible deletion (rm -rf of large trees, dropping tables, deleting cloud resources, emptying buckets).',
    'Force pushes and other destructive git operations (git push --force, git reset --hard, git clean -fd, rewriting published history, deleting remote branches).',
    'Touching credentials: reading, printing, copying or changing keys, tokens, passwords, .env files, ~/.ssh, cloud credential files.',
    'Destroying or reconfiguring infrastructure (terraform destroy, kubectl delete, changing IAM grants or firewall rules).',
    'Weakening tests, hooks or permission settings (skipping or deleting tests to make them pass, editing .claude/ settings or hooks, disabling CI checks).',
  ],
  hard_deny: [],
  environment: [],
});

const SECTIONS = ['allow', 'soft_deny', 'hard_deny', 'environment'] as const;

/**
 * The classifier's guidance from settings' `autoMode` (Claude Code docs, "Configure auto mode"): each
 * list that is set replaces the built-in text of its section, and `"$defaults"` in it stands for the
 * built-in entries at that place. A section that is not set keeps the built-in text.
 * @public
 */
export function autoModeGuidance(
  config: Partial<AutoModeConfig> | undefined,
  defaults: AutoModeGuidance = DEFAULT_AUTO_MODE_GUIDANCE,
): AutoModeGuidance {
  const out: AutoModeGuidance = { allow: [], soft_deny: [], hard_deny: [], environment: [] };
  for (const section of SECTIONS) {
    const list = config?.[section];
    out[section] = list === undefined ? [...defaults[section]] : list.flatMap((e) => (e === '$defaults' ? defaults[section] : [e]));
  }
  return out;
}

/** Refusals in a row after which auto mode pauses (Claude Code docs, "Auto mode"). @public */
export const AUTO_MODE_MAX_CONSECUTIVE_REFUSALS = 3;
/** Refusals in a session after which auto mode pauses. @public */
export const AUTO_MODE_MAX_TOTAL_REFUSALS = 20;

/**
 * The auto-mode circuit breaker: 3 refusals in a row or 20 in the session pause the classifier and
 * asks go to a person until one approves. An allow from the classifier resets the count in a row;
 * the total resets only when the breaker trips. A verdict that cannot be used counts as a refusal.
 * @public
 */
export interface CircuitBreaker {
  readonly paused: boolean;
  readonly consecutive: number;
  readonly total: number;
  /** Record a refusal; returns true when this one trips the breaker. */
  refusal(): boolean;
  /** The classifier allowed a call. */
  allowed(): void;
  /** A person approved a call; returns true when this resumes auto mode. */
  personApproved(): boolean;
}

/** Create a {@link CircuitBreaker}. @public */
export function createCircuitBreaker(): CircuitBreaker {
  let paused = false;
  let consecutive = 0;
  let total = 0;
  return {
    get paused() {
      return paused;
    },
    get consecutive() {
      return consecutive;
    },
    get total() {
      return total;
    },
    refusal() {
      consecutive++;
      total++;
      if (consecutive >= AUTO_MODE_MAX_CONSECUTIVE_REFUSALS || total >= AUTO_MODE_MAX_TOTAL_REFUSALS) {
        paused = true;
        consecutive = 0;
        total = 0;
        return true;
      }
      return false;
    },
    allowed() {
      consecutive = 0;
    },
    personApproved() {
      const was = paused;
      paused = false;
      consecutive = 0;
      return was;
    },
  };
}
