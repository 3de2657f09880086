import { describe, expect, it } from 'vitest';
import { loaderLocations, loaderLocationWrite } from '../../src/evaluate/loader-locations.js';

const world = { cwd: '/p', home: '/h', platform: 'linux' as const, workingDirectories: ['/p'] };
const hit = (env: Record<string, string | null>, written: string, unseenNames = false) =>
  loaderLocationWrite(written, loaderLocations({ values: env }, world), world, { unseenNames });

describe('loaderLocationWrite', () => {
  it('holds a top-level module of an exported PYTHONPATH entry, not a module inside a package', () => {
    expect(hit({ PYTHONPATH: '/x:src' }, '/p/src/re.py')).toMatch(/exported PYTHONPATH names \/p\/src/);
    expect(hit({ PYTHONPATH: 'src' }, '/p/src/json/__init__.py')).toBeDefined();
    expect(hit({ PYTHONPATH: 'src' }, '/p/src/app/x.py')).toBeUndefined();
    expect(hit({ PYTHONPATH: null }, '/p/src/re.py')).toBeUndefined();
    expect(hit({}, '/p/src/re.py')).toBeUndefined();
  });
  it("leaves the project's own sources in a PYTHONPATH folder to the rules (replay of red team 20, precision)", () => {
    const env = { PYTHONPATH: '/p/src' };
    expect(hit(env, '/p/src/util.py')).toBeUndefined();
    expect(hit(env, '/p/src/index.js')).toBeUndefined();
    expect(hit(env, '/p/src/README.md')).toBeUndefined();
    expect(hit(env, '/p/src/pkg')).toBeUndefined();
    expect(hit(env, '/p/src/__pycache__/index.cpython-311.pyc')).toBeUndefined();
    // The folder itself: asked only when names toolgate cannot see go into it (`tar -C src -x`).
    expect(hit(env, '/p/src')).toBeUndefined();
    expect(hit(env, '/p/src', true)).toBeDefined();
    expect(hit(env, '/p/src/sitecustomize.py')).toMatch(/sitecustomize is a module name/);
  });
  it('holds the files AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE and the askpass variables name, and the GNUPGHOME folder', () => {
    expect(hit({ AWS_CONFIG_FILE: '/p/awscfg' }, '/p/awscfg')).toMatch(/AWS_CONFIG_FILE.*credential_process/);
    expect(hit({ AWS_SHARED_CREDENTIALS_FILE: '/p/creds' }, '/p/creds')).toBeDefined();
    expect(hit({ GNUPGHOME: '/p/gh' }, '/p/gh/gpg.conf')).toMatch(/GNUPGHOME/);
    expect(hit({ GIT_ASKPASS: '/p/askp' }, '/p/askp')).toMatch(/GIT_ASKPASS/);
    // A bare name is found along PATH (protected apart), not in the working directory.
    expect(hit({ SSH_ASKPASS: 'ssh-askpass' }, '/p/ssh-askpass')).toBeUndefined();
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
