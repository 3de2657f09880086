/** Matcher throughput (tinybench). Run: npx tsx bench/rules-matching.bench.ts */
import { Bench } from 'tinybench';
import { matchBashPattern, matchDomainRule, matchPathRule, parseRule } from '../src/rules/index.js';
import type { Rule } from '../src/rules/index.js';

const rule = (t: string): Rule => {
  const r = parseRule(t);
  if (!r.ok) throw new Error(t);
  return r.rule;
};
const ctx = {
  cwd: '/home/user/project',
  home: '/home/user',
  slashAnchor: '/home/user/project',
  platform: 'linux' as const,
  list: 'deny' as const,
};
const dotenv = rule('Read(**/.env*)');
const src = rule('Edit(src/**)');
const dom = rule('WebFetch(domain:*.example.com)');

const bench = new Bench({ time: 500 });
bench
  .add('parseRule Bash(git push *)', () => parseRule('Bash(git push *)'))
  .add('matchBashPattern ssh * uptime *', () => matchBashPattern('ssh * uptime *', 'ssh web1 uptime -p'))
  .add('matchBashPattern exact miss', () => matchBashPattern('npm run build', 'npm run test -- --watch'))
  .add('matchPathRule **/.env* (deny)', () => matchPathRule(dotenv, '/home/user/project/server/config/.env.local', ctx))
  .add('matchPathRule src/** (deny, any depth)', () => matchPathRule(src, '/home/user/project/vendor/pkg/src/lib.js', ctx))
  .add('matchDomainRule *.example.com', () => matchDomainRule(dom, 'https://api.example.com/v1/x', 'allow'));
await bench.run();
console.table(bench.table());
