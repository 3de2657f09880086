import { beforeAll, describe, expect, it } from 'vitest';
import { bodySubstitutions, dataHeredocs } from '../../../src/shell/syntax/data-heredocs.js';
import { copiesInputAsData } from '../../../src/shell/programs/data-readers.js';
import { prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const found = (text: string) => dataHeredocs(text, copiesInputAsData);

// Each run with a fake HOME as ~/.bashrc under bash 5.2 -i (decision 0166): the data ones ran
// nothing of their body; the others ran the sourced file.
describe('dataHeredocs', () => {
  it.each([
    ["cat >/dev/null <<'EOF'\n. ~/x\nEOF\n", [{ first: 1, last: 1, quoted: true, program: 'cat' }]],
    ['cat <<EOF\n. ~/x\n. ~/y\nEOF\n', [{ first: 1, last: 2, quoted: false, program: 'cat' }]],
    [": <<'EOF'\n. ~/x\nEOF\n", [{ first: 1, last: 1, quoted: true, program: ':' }]],
    ['cat >&2 <<-EOF\n\t. ~/x\n\tEOF\n', [{ first: 1, last: 1, quoted: false, program: 'cat' }]],
    // The operator's line is no body line.
    [". ~/x; cat <<'EOF'\na\nEOF\n", [{ first: 1, last: 1, quoted: true, program: 'cat' }]],
    ["if true; then\ncat <<'EOF'\na\nEOF\nfi\n", [{ first: 2, last: 2, quoted: true, program: 'cat' }]],
  ])('%j is data', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    ["cat <<'EOF' | bash\n. ~/x\nEOF\n"],
    ["cat <<'EOF' && x\n. ~/x\nEOF\n"],
    ['eval "$(\ncat <<\'EOF\'\n. ~/x\nEOF\n)"\n'],
    ["{\necho hi\ncat <<'EOF'\n. ~/x\nEOF\n} | bash\n"],
    ["if true; then\ncat <<'EOF'\n. ~/x\nEOF\nfi | bash\n"],
    ["f() {\ncat <<'EOF'\n. ~/x\nEOF\n}\n"],
    ["cat > ~/y <<'EOF'\n. ~/x\nEOF\n"],
    ["bash <<'EOF'\n. ~/x\nEOF\n"],
    ["X=1 cat <<'EOF'\n. ~/x\nEOF\n"],
    ['cat <<E"O"F\n. ~/x\nEOF\n'],
    ['cat <<A <<B\na\nA\n. ~/x\nB\n'],
  ])('%j may be code', (text) => {
    expect(found(text)).toEqual([]);
  });
});

describe('bodySubstitutions', () => {
  it('finds $(…) and `…` with quotes taken as text, and skips an escaped one', () => {
    expect(bodySubstitutions("a '$(~/x.sh)' `~/y.sh` \\$(no)")).toEqual(['~/x.sh', '~/y.sh']);
    expect(bodySubstitutions('$((1 + $(~/z.sh)))')).toEqual(['~/z.sh']);
  });
});
