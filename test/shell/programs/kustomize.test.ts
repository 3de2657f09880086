import { describe, expect, it } from 'vitest';
import { kubectlKustomizeReads, kustomize } from '../../../src/shell/programs/kustomize.js';

/** The directory each read names (its word, or the value), and whether a reason says what cannot be listed. */
function reads(command: string, of = kubectlKustomizeReads): { dirs: string[]; unlisted: boolean } {
  const argv = command.split(' ');
  const r = of(argv);
  return {
    dirs: r.files.map((f) => (f.value ?? argv[f.index]!) + (f.tree === 'some' && f.op === 'read' ? '' : ' ?')),
    unlisted: r.unresolved.some((u) => u.includes('toolgate cannot list')),
  };
}

describe('kubectl kustomize [DIR]', () => {
  it.each([
    ['kubectl kustomize', ['.']],
    ['kubectl kustomize k', ['k']],
    ['kubectl kustomize k --load-restrictor=LoadRestrictionsNone', ['k']],
    ['kubectl kustomize --load-restrictor LoadRestrictionsNone k', ['k']],
    ['kubectl kustomize -o out.yaml', ['.']],
    ['kubectl kustomize --output out.yaml k', ['k']],
    ['kubectl kustomize -e A=1 --helm-command helm', ['.']],
    ['kubectl --context prod -n ns kustomize', ['.']],
    ['kubectl -v 4 kustomize overlays/prod', ['overlays/prod']],
    ['kubectl kustomize -- k', ['k']],
  ])('%s reads %j', (command, dirs) => {
    expect(reads(command)).toEqual({ dirs, unlisted: true });
  });

  it('a kustomize word that is a global flag value is not the subcommand', () => {
    expect(reads('kubectl --context kustomize get pods')).toEqual({ dirs: [], unlisted: false });
  });
});

describe("kubectl's -k DIR", () => {
  it.each([
    ['kubectl apply -k overlays/prod', 'overlays/prod'],
    ['kubectl apply -koverlays/prod', 'overlays/prod'],
    ['kubectl apply -k=overlays/prod', 'overlays/prod'],
    ['kubectl delete --kustomize overlays/prod', 'overlays/prod'],
    ['kubectl diff --kustomize=overlays/prod', 'overlays/prod'],
    ['kubectl get -Rk overlays/prod', 'overlays/prod'],
  ])('%s reads %s', (command, dir) => {
    expect(reads(command)).toEqual({ dirs: [dir], unlisted: true });
  });

  it.each(['kubectl get pods', 'kubectl apply -f k.yaml', 'kubectl get -lkey=v pods', 'kubectl exec -it p -- ls -k'])(
    '%s builds nothing',
    (command) => {
      expect(reads(command)).toEqual({ dirs: [], unlisted: false });
    },
  );
});

describe('kustomize build [DIR]', () => {
  const build = (argv: readonly string[]) => kustomize.files!('kustomize', argv);
  it.each([
    ['kustomize build', ['.']],
    ['kustomize build k', ['k']],
    ['kustomize build --load-restrictor LoadRestrictionsNone k', ['k']],
    ['kustomize build -o out.yaml', ['.']],
  ])('%s reads %j', (command, dirs) => {
    expect(reads(command, build)).toEqual({ dirs, unlisted: true });
  });

  it('its other commands are not modelled', () => {
    expect(build(['kustomize', 'edit', 'add', 'resource', 'x.yaml'])).toMatchObject({ files: [], modelled: 'partly' });
  });
});

describe('programs a build runs', () => {
  const why = (command: string) => (kubectlKustomizeReads(command.split(' ')).unseen ?? []).map((u) => u.why);
  it.each([
    ['kubectl kustomize --enable-helm --helm-command ./evil', './evil'],
    ['kubectl kustomize k --helm-command=./evil', './evil'],
    ['kubectl kustomize --enable-alpha-plugins', 'plugin programs'],
    ['kubectl kustomize --enable-alpha-plugins=true k', 'plugin programs'],
  ])('%s runs what toolgate cannot see', (command, what) => {
    expect(why(command).join()).toContain(what);
  });

  it.each(['kubectl kustomize', 'kubectl kustomize --enable-helm', 'kubectl kustomize --enable-alpha-plugins=false'])(
    '%s runs nothing unseen',
    (command) => {
      expect(why(command)).toEqual([]);
    },
  );
});
