/** The sandbox's layout: where each area of a run directory is seen inside the sandbox. */

/** Where each run directory is seen inside the sandbox. */
export const AREAS = {
  top: '/home',
  home: '/home/user',
  work: '/home/user/project',
  opt: '/opt',
  outside: '/opt/outside',
  tmp: '/tmp',
} as const;

/** One area of a run: `work` is the project, `home` is HOME, the rest are outside both. */
export type Area = keyof typeof AREAS;

/** The project directory inside the sandbox (the default cwd). */
export const PROJECT = AREAS.work;
/** HOME inside the sandbox. */
export const HOME = AREAS.home;
