/**
 * pip: the Python package installer. Only what Python reads before pip starts is modelled
 * (`runtime: 'python'`: `PYTHONPATH=. pip --version` ran the project's sitecustomize.py, verified
 * with pip 23 on Debian 12, #37 replay of red team 18 NEW-4); what pip does with its words (`pip
 * install .` builds the project: project-runners.ts) is not, so it stays a program whose writes
 * toolgate does not know (`otherwiseUnknown`) — and the configuration files it reads its options
 * from (`log = FILE` in pip.conf: pip-config.ts).
 */
import { defineProgram } from './model.js';
import { pipConfigFiles } from './pip-config.js';

/** @internal */
export const pip = defineProgram({
  names: ['pip', 'pip2', 'pip3'],
  summary: 'pip: install Python packages (only the variables the Python interpreter reads are modelled)',
  sources: [
    'pip 23 (Debian 12 python3-pip, /usr/bin/pip: a Python script); CPython 3.11 python(1) ENVIRONMENT',
    'pip 23 pip/_internal/configuration.py (configuration files, PIP_CONFIG_FILE); pip user guide, Configuration',
  ],
  runtime: 'python',
  otherwiseUnknown: true,
  runs: 'unseen',
  configFiles: pipConfigFiles,
  configFilesWithoutView: 'absent',
  examples: [
    { command: 'pip install -r requirements.txt', effects: ['write ./install (word)', 'write ./requirements.txt (word)'] },
    {
      command: 'PYTHONPATH=. pip --version',
      effects: ['write .', 'write . [some]'],
      why: 'Python imports sitecustomize from . before pip starts',
    },
  ],
});
