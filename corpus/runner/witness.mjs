// The witnesses of our own suite: each expectation unit of a `tessera` case is witnessed
// when a backend other than ours reported it (passed or mismatched). Counted per witness
// and combined; kinds only tessera reports are left out and listed. This is what says
// the suite's expectations are not just our core's opinion.
import { phasesOf } from './plan.mjs';
import { unitsOf, TESSERA_ONLY_KINDS } from './expect.mjs';
import { ledgerKey } from './ledger.mjs';

/** The share of unwitnessed expectations at which a full run fails. */
export const MAX_UNWITNESSED = 0.05;

const zero = () => ({ agreeing: 0, differingLedgered: 0, differingUnledgered: 0, unwitnessed: 0 });

/**
 * cases: the own suite's cases that ran; results: every case result of the run;
 * witnesses: the names of the backends that are not ours; ledger: its entries.
 * Returns {total, per: {name: counts}, combined: counts, unwitnessedByKind, excluded}.
 */
export function witnessCounts({ cases, results, witnesses, ledger, modes }) {
  const byKey = new Map(results.map((r) => [`${r.backend}\n${r.suite}\n${r.case}`, r]));
  const per = Object.fromEntries(witnesses.map((w) => [w, zero()]));
  const combined = zero();
  const unwitnessedByKind = {};
  const excluded = {};
  let total = 0;
  for (const c of cases) {
    const seen = witnesses.map((w) => {
      const r = byKey.get(`${w}\n${c.suite}\n${c.name}`);
      return { w, checks: new Map((r?.checks ?? []).map((k) => [k.field, k.status])), ledgered: ledger[ledgerKey(w, c.suite, c.name)] !== undefined };
    });
    for (const phase of phasesOf(c)) {
      for (const u of unitsOf(phase.holder, phase.base, modes)) {
        if (TESSERA_ONLY_KINDS[u.kind]) { excluded[u.kind] = (excluded[u.kind] ?? 0) + 1; continue; }
        total++;
        let reported = 0, differing = 0, differingUnledgered = 0;
        for (const s of seen) {
          const status = s.checks.get(u.field);
          const counts = per[s.w];
          if (status === 'pass') { reported++; counts.agreeing++; }
          else if (status === 'mismatch') {
            reported++; differing++;
            if (s.ledgered) counts.differingLedgered++;
            else { counts.differingUnledgered++; differingUnledgered++; }
          } else counts.unwitnessed++;
        }
        if (!reported) {
          combined.unwitnessed++;
          unwitnessedByKind[u.kind] = (unwitnessedByKind[u.kind] ?? 0) + 1;
        } else if (!differing) combined.agreeing++;
        else if (differingUnledgered) combined.differingUnledgered++;
        else combined.differingLedgered++;
      }
    }
  }
  return { total, per, combined, unwitnessedByKind, excluded };
}

const pct = (n, total) => (total ? ((100 * n) / total).toFixed(1) : '0.0');

/** The counts as Markdown: a table per witness and combined, then the kinds. */
// labels: a witness's name where it is not the backend's own (a sampled backend says so).
export function witnessMarkdown(w, suite, labels = new Map()) {
  const rows = [...Object.entries(w.per), ['combined', w.combined]].map(([name, n]) =>
    `| ${labels.get(name) ?? name} | ${n.agreeing} | ${n.differingLedgered} | ${n.differingUnledgered} | ${n.unwitnessed} (${pct(n.unwitnessed, w.total)}%) |`);
  const kinds = Object.entries(w.unwitnessedByKind).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ');
  const excluded = Object.entries(w.excluded).map(([k, n]) => `${k} ${n} (${TESSERA_ONLY_KINDS[k]})`).join(', ');
  return [
    `Witnesses of the \`${suite}\` suite: ${w.total} expectations, each witnessed when a backend other than ours reports it.`,
    '',
    '| witness | agreeing | differing (ledgered) | differing (not ledgered) | unwitnessed |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Unwitnessed by kind: ${kinds || 'none'}.`,
    `Not counted (only tessera reports them): ${excluded || 'none'}.`,
  ].join('\n');
}

/** True when the combined unwitnessed share reaches MAX_UNWITNESSED. */
export const tooFewWitnessed = (w) => w.total > 0 && w.combined.unwitnessed >= MAX_UNWITNESSED * w.total;
