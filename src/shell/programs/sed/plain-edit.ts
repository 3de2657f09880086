/**
 * Is a `sed` command one acceptEdits may run on its own: only substitutions (`s/a/b/g`), with
 * none of the commands or flags that run programs (`e`), write other files (`w`, `W`) or read
 * them (`r`, `R`, `-f`)? Anything else needs a person, whatever the target path.
 */
export function isPlainSedEdit(argv: readonly string[]): boolean {
  const scripts: string[] = [];
  let sawScriptOption = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-e' || a === '--expression') {
      const next = argv[++i];
      if (next === undefined) return false;
      scripts.push(next);
      sawScriptOption = true;
    } else if (a.startsWith('--expression=')) {
      scripts.push(a.slice('--expression='.length));
      sawScriptOption = true;
    } else if (a.startsWith('-e') && a.length > 2) {
      scripts.push(a.slice(2));
      sawScriptOption = true;
    } else if (a === '-f' || a.startsWith('--file') || /^-[a-zA-Z]*f/.test(a)) {
      return false;
    } else if (
      /^(-i|--in-place)(=?\S*)?$/.test(a) ||
      /^-[nEersuz]+$/.test(a) ||
      a === '--regexp-extended' ||
      a === '--quiet' ||
      a === '--silent' ||
      a === '--separate' ||
      a === '--null-data' ||
      a === '--posix' ||
      a === '--'
    ) {
      continue;
    } else if (a.startsWith('-')) {
      return false;
    } else if (!sawScriptOption && scripts.length === 0) {
      scripts.push(a);
    }
  }
  return scripts.length > 0 && scripts.every(isPlainSubstitution);
}

function isPlainSubstitution(script: string): boolean {
  const s = script.trim();
  if (s[0] !== 's' || s.length < 4) return false;
  const d = s[1] ?? '';
  if (d === '\\' || d === '\n' || /\s/.test(d)) return false;
  let i = 2;
  for (let part = 0; part < 2; part++) {
    while (i < s.length && s[i] !== d) i += s[i] === '\\' ? 2 : 1;
    if (i >= s.length) return false;
    i++;
  }
  return /^[gpIiMm0-9]*$/.test(s.slice(i));
}
