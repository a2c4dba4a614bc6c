// The number of servers, for either form of `servers`: a number field for `servers: n`, a
// picker once the servers are a list (each with its own clock).
import { MAX_SERVERS, withServerCount } from '../../../store/productionEdits';
import { NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';
import { useLab } from '../useLab';

const COUNTS = Array.from({ length: MAX_SERVERS }, (_, k) => k + 1);

export function ServersField({ errors }: { errors: string[] }) {
  const { edit } = useEdit();
  const input = useLab((s) => s.input);
  const list = Array.isArray(input.servers) ? (input.servers as unknown[]) : null;
  if (!list)
    return (
      <NumberField
        label="Servers"
        help="1 to 8"
        path={['servers']}
        value={input.servers ?? 2}
        errors={errors}
      />
    );
  return (
    <div className="field">
      <label htmlFor="ctl-servers" className="field-label">
        Servers <span className="field-help">1 to 8, each with its own clock</span>
      </label>
      <select
        id="ctl-servers"
        data-testid="field-servers"
        value={list.length}
        onChange={(e) => edit((s) => withServerCount(s, Number(e.target.value)))}
      >
        {COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
