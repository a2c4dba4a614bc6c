// The production views under the scene: one panel per feature the scenario uses (failover,
// clocks, shards, leases, shadow mode) and the signals panel for every run.
import { useLab } from '../useLab';
import { ClocksPanel } from './ClocksPanel';
import { featuresOfRun } from './derived';
import { FailoverPanel } from './FailoverPanel';
import { LeasesPanel } from './LeasesPanel';
import { RealClusterPanel } from './RealClusterPanel';
import { ShadowPanel } from './ShadowPanel';
import { ShardsPanel } from './ShardsPanel';
import { SignalsPanel } from './SignalsPanel';

export function ProductionPanels() {
  const run = useLab((s) => s.run);
  const f = featuresOfRun(run);
  return (
    <div className="prod-panels" data-testid="production-panels">
      {(f.includes('replica') || f.includes('failover')) && <FailoverPanel run={run} />}
      {f.includes('clocks') && <ClocksPanel run={run} />}
      {f.includes('sharded') && <ShardsPanel run={run} />}
      {f.includes('sharded') && <RealClusterPanel run={run} />}
      {f.includes('leased') && <LeasesPanel run={run} />}
      {f.includes('shadow') && <ShadowPanel run={run} />}
      <SignalsPanel run={run} />
    </div>
  );
}
