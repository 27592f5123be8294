// Every boundary the README states is a lint rule (decisions 012, 013 and 032): each file in
// scripts/lint-probes/ breaks one, and must fail lint with the rule it names. A probe is linted as
// if it were at the path on its first line (`// probe: <path>`), so the rules see it where it
// would do harm; imports resolve against the real files around that path.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(import.meta.dirname, 'lint-probes');
const probes = readdirSync(dir).sort();

// Type information is not needed by the boundary rules, and a probe's path is not in any project.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

describe('lint probes: each file breaks one rule and fails lint', () => {
  it('has probes', () => expect(probes.length).toBeGreaterThanOrEqual(17));

  it.each(probes)('%s', async (name) => {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const at = /^\/\/ probe: (\S+)$/m.exec(text)?.[1];
    const rule = /^\/\/ expect: (\S+)$/m.exec(text)?.[1];
    expect(at, 'a probe names its path').toBeDefined();
    expect(rule, 'a probe names the rule it breaks').toBeDefined();
    const [result] = await eslint.lintText(text, { filePath: path.join(root, at ?? '') });
    const found = (result?.messages ?? []).map(
      (m) =>
        m.ruleId ?? (m.message.includes('Unused eslint-disable') ? 'unused-disable-directive' : m.message),
    );
    expect(found).toContain(rule);
  });
});
