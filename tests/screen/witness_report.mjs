// Accounting for the witnesses of the screen cases, per expectation facet:
// witnessed and agreeing, witnessed and differing (the case gives the
// witness's `W-differs` reason), unwitnessed. A difference without a reason
// is unexplained and fails the run; so does a file that does not parse.
import { parseFile, facetsOf, WITNESS_DIFFERS } from './case_file.mjs';

// Kinds that are tessera's own API, which no available emulator reports.
export const NO_EMULATOR_KINDS = {
  find: 'search of the screen and scrollback (tsr_term_find_all)',
  'unhandled-count': "tessera's list of the sequences it ignored",
};

const witnessLine = (name) => Object.keys(WITNESS_DIFFERS).find((k) => WITNESS_DIFFERS[k] === name);

// witnesses: [{ name: 'xterm' | 'libvterm', label, run: async (case) => results }]
// Returns the exit status; prints one line per witness and, with more than
// one witness, the combined line (an expectation counts as witnessed when at
// least one witness checked it, as differing when one that checked it differs).
export async function report(files, witnesses, { verbose = false, maxUnwitnessed = null } = {}) {
  const per = witnesses.map(() => ({ agree: 0, differ: 0, unwitnessed: 0 }));
  const all = { agree: 0, differ: 0, unwitnessed: 0 };
  const unwitnessedKinds = new Map();
  let excluded = 0, unexplained = 0;
  for (const f of files) {
    let cases;
    try {
      cases = parseFile(f);
    } catch (e) {
      console.log(`${f}: cannot parse: ${e.message}`);
      unexplained++;
      continue;
    }
    for (const c of cases) {
      const found = [];
      for (const [i, w] of witnesses.entries()) {
        const results = await w.run(c);
        found.push(results);
        const diffs = [...results.values()].filter((r) => !r.ok).map((r) => r.msg);
        const reason = c.differs[w.name];
        if (diffs.length && !reason) {
          unexplained++;
          console.log(`DISAGREE (${w.label}) ${c.file}:${c.line} case ${c.name}\n  ${diffs.join('\n  ')}`);
        } else if (diffs.length && verbose) {
          console.log(`EXPECTED DIFFERENCE (${w.label}) ${c.file}:${c.line} ${c.name}: ${reason}\n  ${diffs.join('\n  ')}`);
        } else if (!diffs.length && reason) {
          console.log(`NOTE ${c.file}:${c.line} ${c.name} says ${witnessLine(w.name)} but ${w.label} agrees`);
        }
      }
      for (const s of c.steps) {
        for (const facet of facetsOf(s)) {
          if (NO_EMULATOR_KINDS[facet]) { excluded++; continue; }
          const key = `${s.line} ${facet}`;
          const seen = found.map((r) => r.get(key));
          seen.forEach((r, i) => { per[i][!r ? 'unwitnessed' : r.ok ? 'agree' : 'differ']++; });
          const checked = seen.filter(Boolean);
          if (!checked.length) {
            all.unwitnessed++;
            unwitnessedKinds.set(facet, (unwitnessedKinds.get(facet) ?? 0) + 1);
          } else {
            all[checked.every((r) => r.ok) ? 'agree' : 'differ']++;
          }
        }
      }
    }
  }
  const line = (label, n) => {
    const total = n.agree + n.differ + n.unwitnessed;
    const pct = total ? ((100 * n.unwitnessed) / total).toFixed(1) : '0.0';
    console.log(`${label}: ${total} expectations: ${n.agree} witnessed and agreeing, ` +
                `${n.differ} witnessed and differing (each with its reason), ${n.unwitnessed} unwitnessed (${pct}%)`);
  };
  witnesses.forEach((w, i) => line(w.label, per[i]));
  if (witnesses.length > 1) line('combined', all);
  const kinds = [...unwitnessedKinds].sort((x, y) => y[1] - x[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`unwitnessed by kind: ${kinds || 'none'}`);
  console.log(`not counted, ${excluded} expectations of kinds no available emulator reports: ` +
              Object.entries(NO_EMULATOR_KINDS).map(([k, why]) => `${k} (${why})`).join(', '));
  console.log(`${unexplained} unexplained disagreements`);
  let status = unexplained ? 1 : 0;
  const total = all.agree + all.differ + all.unwitnessed;
  if (maxUnwitnessed !== null && all.unwitnessed >= maxUnwitnessed * total) {
    console.log(`FAIL: unwitnessed expectations must stay under ${maxUnwitnessed * 100}%`);
    status = 1;
  }
  return status;
}
