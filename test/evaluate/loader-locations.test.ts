import { describe, expect, it } from 'vitest';
import { loaderLocations, loaderLocationWrite } from '../../src/evaluate/loader-locations.js';

const world = { cwd: '/p', home: '/h', platform: 'linux' as const, workingDirectories: ['/p'] };
const hit = (env: Record<string, string | null>, written: string) =>
  loaderLocationWrite(written, loaderLocations({ values: env }, world), world);

describe('loaderLocationWrite', () => {
  it('holds a top-level module of an exported PYTHONPATH entry, not a module inside a package', () => {
    expect(hit({ PYTHONPATH: '/x:src' }, '/p/src/re.py')).toMatch(/exported PYTHONPATH names \/p\/src/);
    expect(hit({ PYTHONPATH: 'src' }, '/p/src/json/__init__.py')).toBeDefined();
    expect(hit({ PYTHONPATH: 'src' }, '/p/src/app/x.py')).toBeUndefined();
    expect(hit({ PYTHONPATH: null }, '/p/src/re.py')).toBeUndefined();
    expect(hit({}, '/p/src/re.py')).toBeUndefined();
  });
  it('holds anything under a configuration folder, a named file and a home folder holding it', () => {
    expect(hit({ DOCKER_CONFIG: './dockercfg' }, '/p/dockercfg/cli-plugins/docker-zz')).toMatch(/DOCKER_CONFIG/);
    expect(hit({ GIT_CONFIG_GLOBAL: '/h/dotfiles/gitconfig' }, '/h/dotfiles/gitconfig')).toMatch(/GIT_CONFIG_GLOBAL/);
    expect(hit({ GIT_CONFIG_GLOBAL: '/h/dotfiles/gitconfig' }, '/h/dotfiles')).toBeDefined();
    expect(hit({ GIT_CONFIG_GLOBAL: '/h/dotfiles/gitconfig' }, '/h')).toBeUndefined();
    expect(hit({ KUBECONFIG: '/h/.kube/config:/p/kube.yaml' }, '/p/kube.yaml')).toMatch(/KUBECONFIG/);
    expect(hit({ DOCKER_CONFIG: '/p/dockercfg' }, '/p/src/app.py')).toBeUndefined();
  });
});
